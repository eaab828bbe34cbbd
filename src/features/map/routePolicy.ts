import type { LoadLevel } from '../../../contract';

/** Which planes get a route line besides the hovered and the selected one. */
export type RouteDrawing = 'todas' | 'filtradas' | 'ninguna';

/**
 * Every plane's line buries the map (each is a 512-point great circle), so by default only the plane
 * under the pointer and the selected one show theirs. A narrowing filter (a region or city, or only
 * the loaded levels) picks out planes the operator wants to follow: theirs are drawn too. The operator
 * may still ask for every line.
 */
export function routeDrawing(
  drawAll: boolean,
  niveles: Record<LoadLevel, boolean> | null,
  airports: ReadonlySet<string> | null,
): RouteDrawing {
  if (drawAll) return 'todas';
  if (airports) return 'filtradas';
  if (niveles && !niveles.disponible && (niveles.limitado || niveles.saturado)) return 'filtradas';
  return 'ninguna';
}
