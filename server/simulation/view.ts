import { DAY_MIN as DAY, MINUTE_MS } from '../../contract/time';
import { flightUtc } from '../domain/convert';
import type { Airport, DailyFlight } from '../domain/types';

/** The loaded plan in flat arrays for the per-tick airborne scan (positions need airport lat/lon). */
export interface ViewNetwork {
  airports: Airport[];
  airportIndex: Map<string, number>;
  flightIds: string[];
  flightIndex: Map<string, number>;
  origin: string[];
  destination: string[];
  depUtc: Int32Array;
  dur: Int32Array;
  capacity: Int32Array;
  oLat: Float64Array;
  oLon: Float64Array;
  dLat: Float64Array;
  dLon: Float64Array;
}

const round4 = (x: number) => Math.round(x * 1e4) / 1e4;

export function viewNetwork(airports: Airport[], flights: DailyFlight[]): ViewNetwork {
  const airportIndex = new Map(airports.map((a, i) => [a.code, i]));
  const usable = flights.filter((f) => airportIndex.has(f.origin) && airportIndex.has(f.destination));
  const m = usable.length;
  const v: ViewNetwork = {
    airports,
    airportIndex,
    flightIds: usable.map((f) => f.id),
    flightIndex: new Map(usable.map((f, i) => [f.id, i])),
    origin: usable.map((f) => f.origin),
    destination: usable.map((f) => f.destination),
    depUtc: new Int32Array(m),
    dur: new Int32Array(m),
    capacity: new Int32Array(m),
    oLat: new Float64Array(m),
    oLon: new Float64Array(m),
    dLat: new Float64Array(m),
    dLon: new Float64Array(m),
  };
  usable.forEach((f, i) => {
    const o = airports[airportIndex.get(f.origin)!];
    const d = airports[airportIndex.get(f.destination)!];
    const { depUtcMin, durationMin } = flightUtc(f, o.gmt, d.gmt);
    v.depUtc[i] = depUtcMin;
    v.dur[i] = durationMin;
    v.capacity[i] = f.capacity;
    v.oLat[i] = round4(o.lat);
    v.oLon[i] = round4(o.lon);
    v.dLat[i] = round4(d.lat);
    v.dLon[i] = round4(d.lon);
  });
  return v;
}

/** Latest departure of daily flight i at or before t (epoch minutes, may be fractional). */
export function lastDepartureAtOrBefore(v: ViewNetwork, i: number, t: number): number {
  return Math.floor((t - v.depUtc[i]) / DAY) * DAY + v.depUtc[i];
}

/** First departure of daily flight i strictly after t. */
export function nextDepartureAfter(v: ViewNetwork, i: number, t: number): number {
  return lastDepartureAtOrBefore(v, i, t) + DAY;
}

/** Flight instance id on the wire: the daily flight id and its UTC departure in epoch minutes. */
export const instanceId = (flightId: string, depMin: number): string => `${flightId}@${depMin}`;

/** What the view needs from a run's plan. */
export interface LoadSource {
  flightLoad(flightId: string, depMin: number): number;
  isCancelled(flightId: string, depMin: number): boolean;
}

export interface Airborne {
  i: number;
  dep: number;
  load: number;
}

/**
 * Every flight instance in the air at t (dep <= t < arr), empty ones included, cancelled ones not,
 * most loaded first (fraction of capacity), ties by id: `limit` keeps the head.
 */
export function airborneAt(v: ViewNetwork, plan: LoadSource, tMin: number): Airborne[] {
  const out: Airborne[] = [];
  const n = v.flightIds.length;
  for (let i = 0; i < n; i++) {
    const dep = lastDepartureAtOrBefore(v, i, tMin);
    if (tMin - dep >= v.dur[i]) continue;
    const id = v.flightIds[i];
    if (plan.isCancelled(id, dep)) continue;
    out.push({ i, dep, load: plan.flightLoad(id, dep) });
  }
  out.sort((a, b) => b.load / v.capacity[b.i] - a.load / v.capacity[a.i] || a.i - b.i || a.dep - b.dep);
  return out;
}

/** The instance an id names: `FLIGHT@depMin`, `FLIGHT@ISO`, or a bare flight id (airborne at tMin, else next). */
export function resolveInstance(
  v: ViewNetwork,
  id: string,
  tMin: number,
): { flightId: string; depMin: number } | null {
  const at = id.lastIndexOf('@');
  const flightId = at >= 0 ? id.slice(0, at) : id;
  const i = v.flightIndex.get(flightId);
  if (i === undefined) return null;
  if (at >= 0) {
    const raw = id.slice(at + 1);
    const dep = /^\d+$/.test(raw) ? Number(raw) : Math.floor(Date.parse(raw) / MINUTE_MS);
    if (!Number.isFinite(dep)) return null;
    if ((((dep - v.depUtc[i]) % DAY) + DAY) % DAY !== 0) return null;
    return { flightId, depMin: dep };
  }
  const last = lastDepartureAtOrBefore(v, i, tMin);
  return { flightId, depMin: tMin - last < v.dur[i] ? last : last + DAY };
}
