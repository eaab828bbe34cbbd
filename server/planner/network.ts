import { DAY_MIN } from '../../contract/time';
import type { Network, PlannerParams } from './types';

export { DAY_MIN };

/**
 * The network compiled into flat arrays for the search: airports and flights by index,
 * flights grouped by origin and by (origin, destination), each sorted by UTC departure minute.
 */
export interface CompiledNetwork {
  readonly airportCount: number;
  readonly codes: string[];
  readonly index: Map<string, number>;
  readonly capacity: Int32Array;
  readonly continent: string[];
  readonly isSede: Uint8Array;
  /** Indices of the sedes, in the order of params.sedes. */
  readonly sedes: number[];
  readonly flightCount: number;
  readonly flightIds: string[];
  readonly flightIndex: Map<string, number>;
  readonly fOrigin: Int32Array;
  readonly fDest: Int32Array;
  readonly fDep: Int32Array;
  readonly fDur: Int32Array;
  readonly fCap: Int32Array;
  /** Outgoing flights of each airport, sorted by departure minute. */
  readonly outgoing: Int32Array[];
  /** Direct flights for the pair (o, d) at o * airportCount + d, sorted by departure minute. */
  readonly direct: Int32Array[];
  /** Shortest direct flight duration for the pair (o, d) (a large number when there is none). */
  readonly minDur: Int32Array;
}

export function compileNetwork(network: Network, params: PlannerParams): CompiledNetwork {
  const codes = network.airports.map((a) => a.code);
  const index = new Map(codes.map((c, i) => [c, i]));
  const n = codes.length;
  const capacity = Int32Array.from(network.airports.map((a) => a.capacity));
  const continent = network.airports.map((a) => a.continent as string);
  const isSede = new Uint8Array(n);
  const sedes: number[] = [];
  for (const code of params.sedes) {
    const i = index.get(code);
    if (i !== undefined && !isSede[i]) {
      isSede[i] = 1;
      sedes.push(i);
    }
  }
  // Flights touching unknown airports cannot be flown: leave them out of the search.
  const flights = network.flights.filter((f) => index.has(f.origin) && index.has(f.destination));
  const m = flights.length;
  const fOrigin = new Int32Array(m);
  const fDest = new Int32Array(m);
  const fDep = new Int32Array(m);
  const fDur = new Int32Array(m);
  const fCap = new Int32Array(m);
  const flightIds: string[] = [];
  const flightIndex = new Map<string, number>();
  flights.forEach((f, i) => {
    fOrigin[i] = index.get(f.origin)!;
    fDest[i] = index.get(f.destination)!;
    fDep[i] = ((f.depUtcMin % DAY_MIN) + DAY_MIN) % DAY_MIN;
    fDur[i] = f.durationMin;
    fCap[i] = f.capacity;
    flightIds.push(f.id);
    flightIndex.set(f.id, i);
  });
  const byDep = (a: number, b: number) => fDep[a] - fDep[b] || a - b;
  const outLists: number[][] = Array.from({ length: n }, () => []);
  const directLists: number[][] = Array.from({ length: n * n }, () => []);
  for (let i = 0; i < m; i++) {
    outLists[fOrigin[i]].push(i);
    directLists[fOrigin[i] * n + fDest[i]].push(i);
  }
  const minDur = new Int32Array(n * n).fill(1 << 29);
  for (let i = 0; i < m; i++) {
    const k = fOrigin[i] * n + fDest[i];
    if (fDur[i] < minDur[k]) minDur[k] = fDur[i];
  }
  return {
    minDur,
    airportCount: n,
    codes,
    index,
    capacity,
    continent,
    isSede,
    sedes,
    flightCount: m,
    flightIds,
    flightIndex,
    fOrigin,
    fDest,
    fDep,
    fDur,
    fCap,
    outgoing: outLists.map((l) => Int32Array.from(l.sort(byDep))),
    direct: directLists.map((l) => Int32Array.from(l.sort(byDep))),
  };
}
