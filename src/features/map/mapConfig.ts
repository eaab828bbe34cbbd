/** The map's fixed view and zoom limits. */

export const PROJECTIONS = ['mercator', 'globe'] as const;
export type MapProjection = (typeof PROJECTIONS)[number];

export const INITIAL_VIEW = { longitude: -50, latitude: 0, zoom: 2.1 } as const;

/** Room around the network when a phone fits it in its first view. */
export const NETWORK_FIT_PADDING_PX = 16;

/** The airports' bounding box as [[west, south], [east, north]]. */
export function networkBounds(
  airports: readonly { lon: number; lat: number }[],
): [[number, number], [number, number]] {
  let west = 180;
  let east = -180;
  let south = 90;
  let north = -90;
  for (const a of airports) {
    west = Math.min(west, a.lon);
    east = Math.max(east, a.lon);
    south = Math.min(south, a.lat);
    north = Math.max(north, a.lat);
  }
  return [
    [west, south],
    [east, north],
  ];
}

export interface ZoomLimits {
  minZoom: number;
  maxZoom: number;
}

export function zoomLimits(projection: MapProjection, mobile: boolean): ZoomLimits {
  const minZoom = projection === 'globe' ? (mobile ? 1.4 : 2.4) : mobile ? 0.5 : 1.6;
  return { minZoom, maxZoom: mobile ? 18 : 22 };
}

/** The route line is sampled at 512 points. */
export const ROUTE_SAMPLES = 512;

/** Marker icon size 16 (diameter in CSS pixels). */
export const MARKER_SIZE_PX = 16;

/**
 * A remote style (e.g. a vector tile service) replaces the embedded offline one when configured at
 * build time. Offline by default.
 */
export const REMOTE_STYLE_URL: string | undefined = import.meta.env.VITE_MAP_STYLE_URL || undefined;
