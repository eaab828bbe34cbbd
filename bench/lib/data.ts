import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { mulberry32 } from '../../contract/random';
import { toNetwork, toPlanOrder } from '../../server/domain/convert';
import { type Airport, type DailyFlight, type OrderRecord, orderKey } from '../../server/domain/types';
import { parseAirports } from '../../server/formats/airports';
import { parseFlights } from '../../server/formats/flights';
import { parseOrders } from '../../server/formats/orders';
import { decodeText } from '../../server/formats/text';
import type { FileTimes } from '../../server/planner';
import type { Network, PlanOrder } from '../../server/planner/types';
import type { BenchArgs } from './args';

const projectRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
/** The real files live outside the project (never committed). */
export const REAL_DATA_DIR = resolve(projectRoot, '../shared/data/morapack');
const DEMO_DIR = resolve(projectRoot, 'data/demo');

export interface BenchData {
  airports: Airport[];
  flights: DailyFlight[];
  network: Network;
  /** All orders, sorted by UTC release. */
  orders: PlanOrder[];
  source: string;
  /** The files' local times and offsets, for the validator's own conversion. */
  files: FileTimes;
}

const read = (file: string) => decodeText(new Uint8Array(readFileSync(file))).text;

function findIn(dir: string, test: (name: string) => boolean): string | undefined {
  if (!existsSync(dir)) return undefined;
  const hit = readdirSync(dir).find(test);
  return hit ? join(dir, hit) : undefined;
}

function pick(args: BenchArgs, flag: string, test: (name: string) => boolean): string {
  const given = args.get(flag);
  if (given) return resolve(given);
  const found = findIn(REAL_DATA_DIR, test) ?? findIn(DEMO_DIR, test);
  if (!found)
    throw new Error(
      `no --${flag} given and no file found in ${REAL_DATA_DIR} (real data) nor ${DEMO_DIR} (demo set: npm run demo-data)`,
    );
  return found;
}

function check<T>(
  what: string,
  file: string,
  r: { records: T[]; errors: { line: number; message: string }[] },
): T[] {
  if (r.errors.length > 0)
    throw new Error(
      `${what} ${file}: ${r.errors.length} errors, first at line ${r.errors[0].line}: ${r.errors[0].message}`,
    );
  return r.records;
}

/** Loads airports, flights and orders (real files by default) and converts them to planner input. */
export function loadBenchData(args: BenchArgs): BenchData {
  const airportsFile = pick(args, 'airports', (n) => /aeropuerto/i.test(n));
  const flightsFile = pick(args, 'flights', (n) => /vuelo/i.test(n));
  const ordersFile = pick(args, 'orders', (n) => /pedido/i.test(n));
  const airports = check('airports', airportsFile, parseAirports(read(airportsFile)));
  const codes = new Set(airports.map((a) => a.code));
  const flights = check('flights', flightsFile, parseFlights(read(flightsFile), codes));
  const records: OrderRecord[] = check('orders', ordersFile, parseOrders(read(ordersFile), codes));
  return benchDataOf(airports, flights, records, dirname(ordersFile));
}

/** Planner input from parsed records (files, or the demo generator's records). */
export function benchDataOf(
  airports: Airport[],
  flights: DailyFlight[],
  records: OrderRecord[],
  source: string,
): BenchData {
  const gmt = new Map(airports.map((a) => [a.code, a.gmt]));
  const orders = records.map((r) => toPlanOrder(r, gmt.get(r.destination)!));
  orders.sort((a, b) => a.releaseMin - b.releaseMin || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  const files: FileTimes = {
    airports,
    flights,
    orders: records.map((r) => ({ ...r, key: orderKey(r.destination, r.seq) })),
  };
  return { airports, flights, network: toNetwork(airports, flights), orders, source, files };
}

/** Deterministic PRNG. */
export const prng = mulberry32;

/**
 * Demand scaled by K: each order is replicated floor(K) times plus once more with probability frac(K),
 * every copy's time jittered by a uniform integer in [-30, +30] min (K = 1 leaves the file as it is).
 * Copies get distinct keys (`KEY#c`); the result is sorted by release.
 */
export function scaleOrders(orders: PlanOrder[], k: number, seed: number): PlanOrder[] {
  if (k === 1) return orders;
  const rand = prng(seed);
  const whole = Math.floor(k);
  const frac = k - whole;
  const out: PlanOrder[] = [];
  for (const o of orders) {
    const copies = whole + (rand() < frac ? 1 : 0);
    for (let c = 0; c < copies; c++) {
      const jitter = Math.floor(rand() * 61) - 30;
      out.push({ ...o, key: c === 0 ? o.key : `${o.key}#${c}`, releaseMin: o.releaseMin + jitter });
    }
  }
  out.sort((a, b) => a.releaseMin - b.releaseMin);
  return out;
}
