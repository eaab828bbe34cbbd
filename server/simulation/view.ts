import type { LiveFlightDto, WarehouseOccupancyDto } from '../../src/api/contract';
import { epochMinToIso, flightUtc } from '../domain/convert';
import type { Airport, DailyFlight } from '../domain/types';
import { levelOf, type SimulationOptions } from './options';

const DAY = 1440;

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

export function toLiveFlight(
  v: ViewNetwork,
  a: Airborne,
  tMin: number,
  opts: Pick<SimulationOptions, 'levels' | 'colors'>,
): LiveFlightDto {
  const i = a.i;
  const cap = v.capacity[i];
  const nivel = levelOf(a.load, cap, opts.levels);
  const color = opts.colors[nivel];
  const id = v.flightIds[i];
  return {
    id: instanceId(id, a.dep),
    originLat: v.oLat[i],
    originLon: v.oLon[i],
    destLat: v.dLat[i],
    destLon: v.dLon[i],
    progress: round4(Math.min(1, Math.max(0, (tMin - a.dep) / v.dur[i]))),
    pathColor: color,
    planeColor: color,
    codigo: id,
    origen: v.origin[i],
    destino: v.destination[i],
    salida: epochMinToIso(a.dep),
    llegada: epochMinToIso(a.dep + v.dur[i]),
    carga: a.load,
    capacidad: cap,
    nivel,
  };
}

export function warehouseOccupancy(
  v: ViewNetwork,
  loadAt: (code: string) => number,
  levels: SimulationOptions['levels'],
): WarehouseOccupancyDto[] {
  return v.airports.map((a) => {
    const ocupacion = loadAt(a.code);
    return {
      codigo: a.code,
      ciudad: a.city || null,
      ocupacion,
      capacidad: a.capacity,
      porcentaje: a.capacity > 0 ? Math.round((ocupacion / a.capacity) * 1000) / 10 : 0,
      nivel: levelOf(ocupacion, a.capacity, levels),
    };
  });
}
