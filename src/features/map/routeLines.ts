import { greatCircle } from '@turf/great-circle';
import type { LiveFlightDto } from '../../../contract';
import { splitAtDateLine } from './geo';
import { ROUTE_SAMPLES } from './mapConfig';

/**
 * Route lines: the great circle sampled at 512 points and split at the date line, as a
 * MultiLineString. Cached by endpoints: many flights share a route and the list is replaced every second.
 */

type Line = [number, number][];
const cache = new Map<string, Line[]>();
const CACHE_LIMIT = 20_000;

export function routeParts(originLon: number, originLat: number, destLon: number, destLat: number): Line[] {
  const key = `${originLon},${originLat},${destLon},${destLat}`;
  const hit = cache.get(key);
  if (hit) return hit;
  let parts: Line[];
  if (originLon === destLon && originLat === destLat) {
    parts = [];
  } else {
    const line = greatCircle([originLon, originLat], [destLon, destLat], { npoints: ROUTE_SAMPLES });
    const raw: Line[] =
      line.geometry.type === 'LineString'
        ? [line.geometry.coordinates as Line]
        : (line.geometry.coordinates as Line[]);
    // Turf splits most date-line crossings itself; re-split so no segment ever spans the map.
    parts = raw.flatMap((part) => splitAtDateLine(part));
  }
  if (cache.size >= CACHE_LIMIT) cache.clear();
  cache.set(key, parts);
  return parts;
}

export function routeFeature(
  properties: { id: string; codigo?: string; pathColor?: string },
  originLon: number,
  originLat: number,
  destLon: number,
  destLat: number,
): GeoJSON.Feature<GeoJSON.MultiLineString> {
  const props: Record<string, string> = { id: properties.id };
  if (properties.codigo) props.codigo = properties.codigo;
  if (properties.pathColor) props.pathColor = properties.pathColor;
  return {
    type: 'Feature',
    properties: props,
    geometry: { type: 'MultiLineString', coordinates: routeParts(originLon, originLat, destLon, destLat) },
  };
}

export const routeKey = (f: LiveFlightDto) =>
  `${f.originLon},${f.originLat},${f.destLon},${f.destLat},${f.pathColor ?? ''}`;

/**
 * One line per distinct route and colour: flights sharing a route (several departures of a busy pair)
 * would otherwise draw the same 512 points again and again.
 */
export function routesCollection(flights: readonly LiveFlightDto[]): GeoJSON.FeatureCollection {
  const seen = new Set<string>();
  const features: GeoJSON.Feature[] = [];
  for (const f of flights) {
    const key = routeKey(f);
    if (seen.has(key)) continue;
    seen.add(key);
    features.push(
      routeFeature({ id: f.id, pathColor: f.pathColor }, f.originLon, f.originLat, f.destLon, f.destLat),
    );
  }
  return { type: 'FeatureCollection', features };
}

/** Identity of a routes collection: only when it changes does MapLibre need new route data. */
export const routesSignature = (flights: readonly LiveFlightDto[]) =>
  [...new Set(flights.map(routeKey))].join('|');

/** A flight whose instance id or daily code is `id`. */
const matches = (f: LiveFlightDto, id: string) => f.id === id || f.codigo === id;

/**
 * The selected and the hovered flight's routes (their own source, drawn over any others). The hovered
 * one carries `hover: true` so it can be drawn lighter than the selection.
 */
export function highlightedRoutesCollection(
  flights: readonly LiveFlightDto[],
  selectedId: string | null,
  hoveredId: string | null = null,
): GeoJSON.FeatureCollection {
  const features: GeoJSON.Feature[] = [];
  const selected = selectedId ? flights.find((f) => matches(f, selectedId)) : undefined;
  if (selected)
    features.push(
      routeFeature(selected, selected.originLon, selected.originLat, selected.destLon, selected.destLat),
    );
  const hovered = hoveredId ? flights.find((f) => matches(f, hoveredId)) : undefined;
  if (hovered && hovered !== selected) {
    const feature = routeFeature(
      hovered,
      hovered.originLon,
      hovered.originLat,
      hovered.destLon,
      hovered.destLat,
    );
    features.push({ ...feature, properties: { ...feature.properties, hover: true } });
  }
  return { type: 'FeatureCollection', features };
}
