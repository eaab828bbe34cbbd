import { DAY_MIN as DAY, MINUTE_MS } from '../../contract/time';
import type { Airport, DailyFlight, OrderRecord } from '../domain/types';
import { writeAirports } from '../formats/airports';
import { flightId, writeFlights } from '../formats/flights';
import { writeOrders } from '../formats/orders';
import { DEMO_AIRPORTS } from './airports';
import { cumulate, mulberry32, pick, pickWeighted, type Random, randInt } from './random';

/**
 * Seeded demo data in the official file formats, so a fresh install shows a living network without the
 * course's files. Pure and deterministic: the same options always give byte-identical texts.
 */

export interface DemoOptions {
  seed: number;
  /** First local day of orders, YYYY-MM-DD. */
  startDate: string;
  weeks: number;
  /** Average orders per day over the whole network (each day varies ±15 %). */
  ordersPerDay?: number;
}

export interface DemoFiles {
  /** Airports in the official fixed-width layout (UTF-8 text; encode with encodeUtf16be for the real encoding). */
  airportsText: string;
  flightsText: string;
  /** All destinations mixed in one file, sorted by UTC time like the real weekly extract. */
  ordersText: string;
}

export const DEFAULT_DEMO_OPTIONS: Required<DemoOptions> = {
  seed: 20260105,
  startDate: '2026-01-05',
  weeks: 3,
  ordersPerDay: 1500,
};

const FLIGHT_CAPACITIES = [300, 320, 340, 360] as const;
const EARTH_KM = 6371;
const mod = (a: number, m: number) => ((a % m) + m) % m;

function greatCircleKm(a: { lat: number; lon: number }, b: { lat: number; lon: number }): number {
  const r = Math.PI / 180;
  const dLat = (b.lat - a.lat) * r;
  const dLon = (b.lon - a.lon) * r;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.lat * r) * Math.cos(b.lat * r) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}

export function demoAirports(rnd: Random): Airport[] {
  return DEMO_AIRPORTS.map((a, i) => ({
    number: i + 1,
    code: a.code,
    city: a.city,
    country: a.country,
    shortName: a.shortName,
    gmt: a.gmt,
    capacity: randInt(rnd, 40, 48) * 10,
    lat: a.lat,
    lon: a.lon,
    continent: a.continent,
  }));
}

/** Every ordered pair gets 1–4 daily flights; duration from distance at 600–900 km/h plus 30 min on the ground. */
export function demoFlights(rnd: Random, airports: Airport[]): DailyFlight[] {
  const flights: DailyFlight[] = [];
  for (const o of airports) {
    for (const d of airports) {
      if (o === d) continue;
      const km = greatCircleKm(o, d);
      const n = randInt(rnd, 1, 4);
      const used = new Set<number>();
      for (let k = 0; k < n; k++) {
        let dep = randInt(rnd, 0, DAY - 1);
        while (used.has(dep)) dep = randInt(rnd, 0, DAY - 1);
        used.add(dep);
        // Long hauls fly faster (jets at cruise) so that no flight reaches 24 h, which the format cannot express.
        const speed = km > 6000 ? 780 + rnd() * 120 : 600 + rnd() * 300;
        const duration = Math.min(DAY - 60, Math.round((km / speed) * 60 + 30));
        const arr = mod(dep - o.gmt * 60 + duration + d.gmt * 60, DAY);
        flights.push({
          id: flightId(o.code, d.code, dep),
          origin: o.code,
          destination: d.code,
          depLocal: dep,
          arrLocal: arr,
          capacity: pick(rnd, FLIGHT_CAPACITIES),
        });
      }
    }
  }
  flights.sort((a, b) =>
    a.origin === b.origin
      ? a.destination === b.destination
        ? a.depLocal - b.depLocal
        : a.destination < b.destination
          ? -1
          : 1
      : a.origin < b.origin
        ? -1
        : 1,
  );
  return flights;
}

/** Relative order intake by local hour: quiet at night, busy during office hours. */
const HOUR_WEIGHTS = [
  0.25, 0.15, 0.1, 0.1, 0.1, 0.2, 0.4, 0.7, 1.0, 1.2, 1.3, 1.3, 1.2, 1.2, 1.3, 1.3, 1.2, 1.1, 1.0, 0.9, 0.8,
  0.7, 0.5, 0.35,
];

function parseStartDate(s: string): number {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(s);
  const ms = m ? Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])) : Number.NaN;
  if (!m || Number.isNaN(ms) || new Date(ms).toISOString().slice(0, 10) !== s) {
    throw new RangeError(`Fecha de inicio '${s}' no es una fecha válida AAAA-MM-DD`);
  }
  return ms / MINUTE_MS;
}

export function demoOrders(
  rnd: Random,
  airports: Airport[],
  startDate: string,
  weeks: number,
  ordersPerDay: number,
): OrderRecord[] {
  const startMin = parseStartDate(startDate);
  if (!Number.isInteger(weeks) || weeks < 1)
    throw new RangeError(`Semanas '${weeks}' debe ser un entero ≥ 1`);
  // Some destinations are busier than others, as in the real files (≈ 95k to 176k orders per airport).
  const destWeights = cumulate(airports.map(() => 0.55 + rnd() * 0.9));
  const hourWeights = cumulate(HOUR_WEIGHTS);
  const clients = Array.from({ length: 4000 }, () => String(randInt(rnd, 1, 9_999_999)).padStart(7, '0'));
  const clientWeights = cumulate(clients.map((_, i) => 1 / (1 + i / 200)));

  const drafts: { utc: number; order: OrderRecord }[] = [];
  for (let day = 0; day < weeks * 7; day++) {
    const n = Math.round(ordersPerDay * (0.85 + rnd() * 0.3));
    const dayStart = new Date((startMin + day * DAY) * MINUTE_MS);
    const y = dayStart.getUTCFullYear();
    const mo = dayStart.getUTCMonth() + 1;
    const d = dayStart.getUTCDate();
    for (let i = 0; i < n; i++) {
      const a = airports[pickWeighted(rnd, destWeights)];
      const hour = pickWeighted(rnd, hourWeights);
      const minute = randInt(rnd, 0, 59);
      // Quantity 1..12, geometric (mean ≈ 2 like the real week).
      let quantity = 1;
      while (quantity < 12 && rnd() < 0.5) quantity++;
      drafts.push({
        utc: startMin + day * DAY + hour * 60 + minute - a.gmt * 60,
        order: {
          seq: 0,
          destination: a.code,
          year: y,
          month: mo,
          day: d,
          hour,
          minute,
          quantity,
          clientId: clients[pickWeighted(rnd, clientWeights)],
        },
      });
    }
  }
  drafts.sort((p, q) => p.utc - q.utc);
  return drafts.map((p, i) => {
    p.order.seq = i + 1;
    return p.order;
  });
}

export function generateDemo(options: Partial<DemoOptions> = {}): DemoFiles {
  const o = { ...DEFAULT_DEMO_OPTIONS, ...options };
  // Independent streams, so changing the order volume does not reshuffle the network.
  const airports = demoAirports(mulberry32(o.seed));
  const flights = demoFlights(mulberry32(o.seed ^ 0x5f1a), airports);
  const orders = demoOrders(mulberry32(o.seed ^ 0x0a7d3), airports, o.startDate, o.weeks, o.ordersPerDay);
  return {
    airportsText: writeAirports(airports, {
      title: 'MoraPack demo: aeropuertos y husos horarios (datos generados)',
    }),
    flightsText: writeFlights(flights),
    ordersText: writeOrders(orders),
  };
}

let cached: DemoFiles | undefined;

/** The default demo data set, generated in memory (no disk), for seeding an empty database at start. */
export function loadDemoFiles(): DemoFiles {
  cached ??= generateDemo();
  return cached;
}
