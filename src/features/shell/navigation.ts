import type { RunMode } from '../../../contract';

/** Each run mode's section, by its path segment (the weekly simulation shows on /simulacion). */
export const SEGMENT_OF_MODE = {
  operacion: 'operacion',
  semanal: 'simulacion',
  colapso: 'colapso',
} as const satisfies Record<RunMode, string>;
export type RunSegment = (typeof SEGMENT_OF_MODE)[RunMode];

export const MODE_OF_SEGMENT = Object.fromEntries(
  Object.entries(SEGMENT_OF_MODE).map(([mode, segment]) => [segment, mode]),
) as Record<RunSegment, RunMode>;

export const PATH_OF_MODE = {
  operacion: `/${SEGMENT_OF_MODE.operacion}`,
  semanal: `/${SEGMENT_OF_MODE.semanal}`,
  colapso: `/${SEGMENT_OF_MODE.colapso}`,
} as const satisfies Record<RunMode, string>;

export const REGISTRAR_PATH = '/registrar';
export const HOME_PATH = PATH_OF_MODE.operacion;

/** The run whose clock a path shows: its own on a run screen, the daily operation's elsewhere. */
export function modeForPath(path: string): RunMode {
  return (MODE_OF_SEGMENT as Record<string, RunMode | undefined>)[path.replace(/^\//, '')] ?? 'operacion';
}

/**
 * The four sections, matched exactly. `short` is what a phone shows, a word of the label, so the four
 * fit a 375 px row and the spoken name still contains what is seen.
 */
export const NAV_LINKS = [
  { href: REGISTRAR_PATH, label: 'Registrar envío', short: 'Registrar' },
  { href: PATH_OF_MODE.operacion, label: 'Operación Diaria', short: 'Diaria' },
  { href: PATH_OF_MODE.semanal, label: 'Simulación Semanal', short: 'Semanal' },
  { href: PATH_OF_MODE.colapso, label: 'Colapso', short: 'Colapso' },
] as const;

export type SectionPath = (typeof NAV_LINKS)[number]['href'];

/** Screens whose section panel can be shown or hidden ('Ver más' / 'Ocultar'). */
export const PANEL_PATHS: readonly string[] = Object.values(PATH_OF_MODE);

export const REGISTRAR_PLACEHOLDER = 'Registrar Envío: Ingresa los datos de los envíos.';
export const DEFAULT_PANEL_TEXT = 'Selecciona una opción del menú';

export const hasClock = (path: string) => path !== REGISTRAR_PATH;
export const hasPanel = (path: string) => PANEL_PATHS.includes(path);
