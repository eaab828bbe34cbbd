import { DAY_MIN as DAY, MINUTE_MS } from '../../contract/time';
import type { Network, NetworkFlight, PlanOrder } from '../planner/types';
import { type Airport, type DailyFlight, type OrderRecord, orderKey } from './types';

/**
 * Local (file) times → UTC epoch minutes for the planner. Offsets are the fixed whole hours of the
 * airports file (no DST), even where they differ from reality.
 */

const mod = (a: number, m: number) => ((a % m) + m) % m;

/** Thrown when files are consistent on their own but cannot form a network; Spanish, for operators. */
export class NetworkError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'NetworkError';
  }
}

/** UTC departure minute and duration of a daily flight; duration = UTC arrival − UTC departure, mod 24 h. */
export function flightUtc(
  f: Pick<DailyFlight, 'depLocal' | 'arrLocal'>,
  gmtOrigin: number,
  gmtDestination: number,
): { depUtcMin: number; durationMin: number } {
  const depUtc = f.depLocal - gmtOrigin * 60;
  const arrUtc = f.arrLocal - gmtDestination * 60;
  return { depUtcMin: mod(depUtc, DAY), durationMin: mod(arrUtc - depUtc, DAY) };
}

export function toNetwork(airports: Airport[], flights: DailyFlight[]): Network {
  const gmt = new Map<string, number>();
  for (const a of airports) gmt.set(a.code, a.gmt);
  const out: NetworkFlight[] = new Array(flights.length);
  for (let i = 0; i < flights.length; i++) {
    const f = flights[i];
    const go = gmt.get(f.origin);
    const gd = gmt.get(f.destination);
    if (go === undefined || gd === undefined) {
      const missing = go === undefined ? f.origin : f.destination;
      throw new NetworkError(
        `El vuelo ${f.id} usa el aeropuerto ${missing}, que no está en el archivo de aeropuertos`,
      );
    }
    const { depUtcMin, durationMin } = flightUtc(f, go, gd);
    if (durationMin === 0) {
      throw new NetworkError(
        `El vuelo ${f.id} llega a la misma hora UTC a la que sale (duración 0 min): revise las horas y los husos de ${f.origin} y ${f.destination}`,
      );
    }
    out[i] = {
      id: f.id,
      origin: f.origin,
      destination: f.destination,
      depUtcMin,
      durationMin,
      capacity: f.capacity,
    };
  }
  return {
    airports: airports.map((a) => ({
      code: a.code,
      gmt: a.gmt,
      capacity: a.capacity,
      continent: a.continent,
    })),
    flights: out,
  };
}

/** Local date-time at an airport → UTC epoch minutes. */
export function localToEpochMin(
  year: number,
  month: number,
  day: number,
  hour: number,
  minute: number,
  gmt: number,
): number {
  return Date.UTC(year, month - 1, day, hour, minute) / MINUTE_MS - gmt * 60;
}

export function toPlanOrder(order: OrderRecord, airportGmt: number): PlanOrder {
  return {
    key: orderKey(order.destination, order.seq),
    destination: order.destination,
    releaseMin: localToEpochMin(order.year, order.month, order.day, order.hour, order.minute, airportGmt),
    quantity: order.quantity,
  };
}

/** UTC epoch minutes → ISO 8601 in UTC, e.g. "2025-12-22T19:05:00.000Z". */
export function epochMinToIso(min: number): string {
  return new Date(min * MINUTE_MS).toISOString();
}

/**
 * ISO 8601 → UTC epoch minutes (seconds dropped). A date-time without offset is read as UTC, never as the
 * server's local zone, so results do not depend on the machine.
 */
export function isoToEpochMin(iso: string): number {
  const s = iso.trim();
  const hasZone = /(?:Z|[+-]\d{2}:?\d{2})$/i.test(s) || !s.includes('T');
  const ms = Date.parse(hasZone ? s : `${s}Z`);
  if (Number.isNaN(ms)) throw new RangeError(`Fecha y hora '${iso}' no es ISO 8601 válida`);
  return Math.floor(ms / MINUTE_MS);
}
