/**
 * Literal token values. The theme contract (theme.css.ts) is built from these, and code that cannot
 * read CSS variables uses them directly: MapLibre paint properties need literal colours.
 */
export const MAP_COLORS = {
  light: {
    water: '#dbe7f3',
    land: '#f7f8fa',
    border: '#b8c2d1',
    coastline: '#9aa8bc',
    graticule: 'rgba(82, 96, 119, 0.12)',
    label: '#0f172a',
    labelHalo: '#ffffff',
  },
  dark: {
    water: '#0a1224',
    land: '#1a2540',
    border: '#33456a',
    coastline: '#3d5078',
    graticule: 'rgba(148, 163, 184, 0.08)',
    label: '#e6ebf4',
    labelHalo: '#0b1120',
  },
} as const;

/** Spec: base sky blue, headquarters dark blue, hover red. */
export const MARKER_COLORS = { base: '#38bdf8', sede: '#1e3a8a', hover: '#ef4444', ring: '#1e3a8a' } as const;

export const LOAD_COLORS = {
  light: { disponible: '#16a34a', limitado: '#d97706', saturado: '#dc2626' },
  dark: { disponible: '#22c55e', limitado: '#f59e0b', saturado: '#ef4444' },
} as const;

export const BREAKPOINT_MOBILE_PX = 768;
