import type { AirportDto } from '../../../contract';
import { routeFeature } from './routeLines';

/** Airports and flights the map marks out (a collapse's saturated warehouse and full flights). */
export interface MapHighlight {
  airports: readonly string[];
  flights: readonly { id: string; origen: string; destino: string }[];
}

/** One feature per marked airport (a ring) and per marked flight (its route line). */
export function highlightCollection(
  highlight: MapHighlight | null | undefined,
  airports: readonly AirportDto[],
): GeoJSON.FeatureCollection {
  if (!highlight) return { type: 'FeatureCollection', features: [] };
  const byCode = new Map(airports.map((a) => [a.codigo, a]));
  const features: GeoJSON.Feature[] = [];
  for (const f of highlight.flights) {
    const from = byCode.get(f.origen);
    const to = byCode.get(f.destino);
    if (from && to)
      features.push({
        ...routeFeature({ id: f.id }, from.lon, from.lat, to.lon, to.lat),
        properties: { id: f.id, kind: 'route' },
      });
  }
  for (const code of highlight.airports) {
    const a = byCode.get(code);
    if (a)
      features.push({
        type: 'Feature',
        properties: { id: code, kind: 'airport' },
        geometry: { type: 'Point', coordinates: [a.lon, a.lat] },
      });
  }
  return { type: 'FeatureCollection', features };
}
