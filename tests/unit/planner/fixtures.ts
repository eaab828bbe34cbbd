import { mulberry32 } from '../../../contract/random';
import type { Continent } from '../../../server/domain/types';
import type { Network, NetworkAirport, NetworkFlight, PlanOrder } from '../../../server/planner/types';

/** 2025-12-22T00:00Z in epoch minutes: a Monday, far from 0 so that negative-offset bugs show. */
export const T0 = Date.UTC(2025, 11, 22) / 60000;

export const airport = (code: string, continent: Continent, capacity = 400, gmt = 0): NetworkAirport => ({
  code,
  gmt,
  capacity,
  continent,
});

/** A daily flight leaving at UTC hh:mm. */
export const flight = (
  origin: string,
  destination: string,
  dep: string,
  durationMin: number,
  capacity = 300,
) => {
  const [h, m] = dep.split(':').map(Number);
  const f: NetworkFlight = {
    id: `${origin}-${destination}-${dep}`,
    origin,
    destination,
    depUtcMin: h * 60 + m,
    durationMin,
    capacity,
  };
  return f;
};

export const order = (destination: string, seq: number, releaseMin: number, quantity: number): PlanOrder => ({
  key: `${destination}-${String(seq).padStart(9, '0')}`,
  destination,
  releaseMin,
  quantity,
});

/** Three sedes (one per continent) and one client airport per continent. */
export function smallNetwork(flights: NetworkFlight[], capacities: Record<string, number> = {}): Network {
  const cap = (c: string) => capacities[c] ?? 400;
  return {
    airports: [
      airport('SPIM', 'America', cap('SPIM')),
      airport('SKBO', 'America', cap('SKBO')),
      airport('EBCI', 'Europa', cap('EBCI')),
      airport('LOWW', 'Europa', cap('LOWW')),
      airport('UBBB', 'Asia', cap('UBBB')),
      airport('VIDP', 'Asia', cap('VIDP')),
    ],
    flights,
  };
}

/** Deterministic PRNG for property tests. */
export const rng = mulberry32;
