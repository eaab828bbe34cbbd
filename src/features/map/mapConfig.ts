/** Spec 2 "Map" and 9: the map's fixed view and zoom limits. */

export const PROJECTIONS = ['mercator', 'globe'] as const;
export type MapProjection = (typeof PROJECTIONS)[number];

export const INITIAL_VIEW = { longitude: -50, latitude: 0, zoom: 2.1 } as const;

export interface ZoomLimits {
  minZoom: number;
  maxZoom: number;
}

export function zoomLimits(projection: MapProjection, mobile: boolean): ZoomLimits {
  const minZoom = projection === 'globe' ? (mobile ? 1.4 : 2.4) : mobile ? 0.5 : 1.6;
  return { minZoom, maxZoom: mobile ? 18 : 22 };
}

/** Spec 9: the route line is sampled at 512 points. */
export const ROUTE_SAMPLES = 512;

/** Spec 9: marker icon size 16 (diameter in CSS pixels). */
export const MARKER_SIZE_PX = 16;

/**
 * A remote style (e.g. a vector tile service) replaces the embedded offline one when configured at
 * build time. Offline by default.
 */
export const REMOTE_STYLE_URL: string | undefined = import.meta.env.VITE_MAP_STYLE_URL || undefined;
