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

/** The selected flight's route alone (its own source, drawn over the others). */
export function selectedRouteCollection(
  flights: readonly LiveFlightDto[],
  selectedId: string | null,
): GeoJSON.FeatureCollection {
  const f = selectedId ? flights.find((x) => x.id === selectedId || x.codigo === selectedId) : undefined;
  return {
    type: 'FeatureCollection',
    features: f ? [routeFeature(f, f.originLon, f.originLat, f.destLon, f.destLat)] : [],
  };
}
