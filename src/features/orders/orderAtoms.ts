import { atomWithQuery } from 'jotai-tanstack-query';
import { unwrap } from '../../api/client';
import type { AirportDto } from '../../api/contract';
import { getAirports } from '../../api/endpoints';

export const AIRPORTS_KEY = ['aereopuertos'] as const;

/** Spec 3/5: records without a string codigo and numeric lon/lat are silently dropped. */
export function parseAirports(raw: unknown): AirportDto[] {
  if (!Array.isArray(raw)) return [];
  return raw.filter(
    (a): a is AirportDto =>
      !!a &&
      typeof a === 'object' &&
      typeof a.codigo === 'string' &&
      typeof a.lon === 'number' &&
      typeof a.lat === 'number',
  );
}

/** The loaded airports, for the destination select. */
export const airportsAtom = atomWithQuery(() => ({
  queryKey: AIRPORTS_KEY,
  queryFn: async ({ signal }) => parseAirports(await unwrap(getAirports(signal))),
}));
