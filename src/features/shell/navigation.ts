/**
 * The four sections, matched exactly. `short` is what a phone shows, a word of the label, so the four
 * fit a 375 px row and the spoken name still contains what is seen.
 */
export const NAV_LINKS = [
  { href: '/registrar', label: 'Registrar envío', short: 'Registrar' },
  { href: '/operacion', label: 'Operación Diaria', short: 'Diaria' },
  { href: '/simulacion', label: 'Simulación Semanal', short: 'Semanal' },
  { href: '/colapso', label: 'Colapso', short: 'Colapso' },
] as const;

export type SectionPath = (typeof NAV_LINKS)[number]['href'];

/** Screens whose section panel can be shown or hidden ('Ver más' / 'Ocultar'). */
export const PANEL_PATHS: readonly string[] = ['/simulacion', '/operacion', '/colapso'];

export const REGISTRAR_PLACEHOLDER = 'Registrar Envío: Ingresa los datos de los envíos.';
export const DEFAULT_PANEL_TEXT = 'Selecciona una opción del menú';

export const hasClock = (path: string) => path !== '/registrar';
export const hasPanel = (path: string) => PANEL_PATHS.includes(path);
