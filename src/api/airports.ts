import { atomWithQuery } from 'jotai-tanstack-query';
import type { AirportDto } from '../../contract';
import { http, unwrap } from './client';

/**
 * The loaded airports, read once for every screen: the order form's destinations, the map, the filter
 * pick lists. One key and one parser, so the cache holds the same list whichever screen asks first.
 */
export const AIRPORTS_KEY = ['aereopuertos'] as const;

/** Records need a codigo and finite lon and lat; the others are dropped (the list still draws). */
export function parseAirports(payload: unknown): AirportDto[] {
  if (!Array.isArray(payload)) return [];
  const airports: AirportDto[] = [];
  for (const raw of payload) {
    if (!raw || typeof raw !== 'object') continue;
    const r = raw as Record<string, unknown>;
    if (typeof r.codigo !== 'string' || !r.codigo) continue;
    if (typeof r.lon !== 'number' || !Number.isFinite(r.lon)) continue;
    if (typeof r.lat !== 'number' || !Number.isFinite(r.lat)) continue;
    airports.push({
      ...(r as unknown as AirportDto),
      ciudad: typeof r.ciudad === 'string' ? r.ciudad : null,
      sede: r.sede === true,
    });
  }
  return airports;
}

export const fetchAirports = async (signal?: AbortSignal) =>
  parseAirports(await unwrap(http.get<unknown>('aereopuertos', { signal })));

export const airportsQueryAtom = atomWithQuery(() => ({
  queryKey: AIRPORTS_KEY,
  queryFn: ({ signal }) => fetchAirports(signal),
}));
