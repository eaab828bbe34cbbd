import { greatCircle } from '@turf/great-circle';
import type { LiveFlightDto } from '../../api/contract';
import { splitAtDateLine } from './geo';
import { ROUTE_SAMPLES } from './mapConfig';

/**
 * Route lines: the great circle sampled at 512 points (spec 9) and split at the date line, as a
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

export function routesCollection(flights: readonly LiveFlightDto[]): GeoJSON.FeatureCollection {
  return {
    type: 'FeatureCollection',
    features: flights.map((f) => routeFeature(f, f.originLon, f.originLat, f.destLon, f.destLat)),
  };
}

/** Identity of a routes collection: only when it changes does MapLibre need new route data. */
export const routesSignature = (flights: readonly LiveFlightDto[]) =>
  flights
    .map((f) => `${f.id}:${f.originLon},${f.originLat},${f.destLon},${f.destLat},${f.pathColor ?? ''}`)
    .join('|');
