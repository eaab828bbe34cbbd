import type { Network, PlanOrder } from './types';

/**
 * The times of the input files as written (local clocks and GMT offsets), for the validator to convert on its
 * own: a time-zone error in the conversion the planner is fed (server/domain/convert.ts) would otherwise pass
 * both, since the plan's legs and the network share it. Nothing here is imported from that conversion.
 */
export interface FileTimes {
  /** GMT offsets in whole hours, as written in the airports file. */
  airports: { code: string; gmt: number }[];
  /** Flight lines: departure local to the origin, arrival local to the destination (minutes after midnight). */
  flights: { id: string; origin: string; destination: string; depLocal: number; arrLocal: number }[];
  /** Order lines: local date and time at the destination, under the key the plan uses. */
  orders?: {
    key: string;
    destination: string;
    year: number;
    month: number;
    day: number;
    hour: number;
    minute: number;
  }[];
}

/** A flight's UTC schedule as the validator derives it from the file. */
export interface FileFlightTime {
  /** Minute of the UTC day the flight leaves (0..1439). */
  depUtc: number;
  /** Minutes in the air: the local clocks' difference corrected by the offsets' difference, within a day. */
  minutes: number;
}

const DAY = 24 * 60;
const wrap = (x: number) => ((x % DAY) + DAY) % DAY;

/** UTC schedule of every flight of the files whose airports are known. */
export function fileFlightTimes(files: FileTimes): Map<string, FileFlightTime> {
  const offset = new Map(files.airports.map((a) => [a.code, a.gmt]));
  const out = new Map<string, FileFlightTime>();
  for (const f of files.flights) {
    const go = offset.get(f.origin);
    const gd = offset.get(f.destination);
    if (go === undefined || gd === undefined) continue;
    // Local arrival − local departure is the flight time plus the clock shift between the two airports.
    out.set(f.id, {
      depUtc: wrap(f.depLocal - 60 * go),
      minutes: wrap(f.arrLocal - f.depLocal - 60 * (gd - go)),
    });
  }
  return out;
}

/** Days since 1970-01-01 of a proleptic Gregorian date (the civil-from-days inverse, by hand). */
function daysFromCivil(year: number, month: number, day: number): number {
  const y = month <= 2 ? year - 1 : year;
  const era = Math.floor(y / 400);
  const yoe = y - era * 400;
  const mp = (month + 9) % 12;
  const doy = Math.floor((153 * mp + 2) / 5) + day - 1;
  const doe = yoe * 365 + Math.floor(yoe / 4) - Math.floor(yoe / 100) + doy;
  return era * 146097 + doe - 719468;
}

/** UTC epoch minutes of each order line of the files (its local time at the destination), by key. */
export function fileReleaseTimes(files: FileTimes): Map<string, number> {
  const offset = new Map(files.airports.map((a) => [a.code, a.gmt]));
  const out = new Map<string, number>();
  for (const o of files.orders ?? []) {
    const gmt = offset.get(o.destination);
    if (gmt === undefined) continue;
    const local = daysFromCivil(o.year, o.month, o.day) * DAY + o.hour * 60 + o.minute;
    out.set(o.key, local - 60 * gmt);
  }
  return out;
}

export interface TimeMismatch {
  flight?: string;
  order?: string;
  message: string;
}

/** Where the network and orders the planner was given disagree with the files' own times. */
export function timeMismatches(
  network: Network,
  orders: PlanOrder[],
  flights: Map<string, FileFlightTime>,
  releases: Map<string, number>,
): TimeMismatch[] {
  const out: TimeMismatch[] = [];
  const hhmm = (m: number) =>
    `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
  for (const f of network.flights) {
    const t = flights.get(f.id);
    if (!t) {
      out.push({ flight: f.id, message: `El vuelo ${f.id} no está en el archivo de vuelos.` });
      continue;
    }
    if (wrap(f.depUtcMin) !== t.depUtc || f.durationMin !== t.minutes)
      out.push({
        flight: f.id,
        message:
          `El vuelo ${f.id} figura a las ${hhmm(wrap(f.depUtcMin))} UTC con ${f.durationMin} min de vuelo; ` +
          `según las horas locales y los husos de los archivos sale a las ${hhmm(t.depUtc)} UTC y vuela ${t.minutes} min.`,
      });
  }
  if (releases.size > 0)
    for (const o of orders) {
      const t = releases.get(o.key);
      if (t !== undefined && t !== o.releaseMin)
        out.push({
          order: o.key,
          message: `El pedido ${o.key} figura registrado ${o.releaseMin - t} min después de lo que dice su hora local.`,
        });
    }
  return out;
}
