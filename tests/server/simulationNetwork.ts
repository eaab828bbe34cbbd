import type { FastifyInstance } from 'fastify';
import type { Airport, DailyFlight, OrderRecord } from '../../server/domain/types';
import type { SimulationService } from '../../server/simulation/service';
import { airport, airportsFile, flight, flightsFile, order, ordersFile } from './fixtures';
import { upload } from './helpers';

/**
 * A small network for simulation tests: three sedes (SPIM, EBCI, UBBB) and four client airports,
 * every ordered pair flown twice a day (06:00 and 18:00 local), plus a few days of hourly orders.
 */
export function simAirports(capacity: Partial<Record<string, number>> = {}): Airport[] {
  const a = (
    code: string,
    n: number,
    gmt: number,
    continent: Airport['continent'],
    lat: number,
    lon: number,
  ) => airport(code, { number: n, gmt, continent, lat, lon, capacity: capacity[code] ?? 400 });
  return [
    a('SPIM', 1, -5, 'America', -12.02, -77.11),
    a('SKBO', 2, -5, 'America', 4.7, -74.15),
    a('SEQM', 3, -5, 'America', -0.13, -78.36),
    a('EBCI', 4, 2, 'Europa', 50.46, 4.45),
    a('LEMD', 5, 2, 'Europa', 40.47, -3.56),
    a('UBBB', 6, 4, 'Asia', 40.47, 50.05),
    a('VIDP', 7, 5, 'Asia', 28.57, 77.1),
  ];
}

export function simFlights(airports: Airport[], capacity = 300): DailyFlight[] {
  const out: DailyFlight[] = [];
  for (const o of airports) {
    for (const d of airports) {
      if (o === d) continue;
      const dur = o.continent === d.continent ? 180 : 600;
      for (const dep of [6 * 60, 18 * 60]) {
        const arr = (((dep - o.gmt * 60 + dur + d.gmt * 60) % 1440) + 1440) % 1440;
        out.push(flight(o.code, d.code, dep, arr, capacity));
      }
    }
  }
  return out;
}

/** Orders every hour from 2025-12-22 00:00 local for `days` days, rotating over the client airports. */
export function simOrders(days: number, quantity = (i: number) => 1 + (i % 7), first = 22): OrderRecord[] {
  const dests = ['SKBO', 'SEQM', 'LEMD', 'VIDP', 'EBCI'];
  const out: OrderRecord[] = [];
  let i = 0;
  for (let d = 0; d < days; d++) {
    for (let h = 0; h < 24; h++) {
      const dest = dests[i % dests.length];
      out.push(order(dest, i + 1, { day: first + d, hour: h, minute: (i * 7) % 60, quantity: quantity(i) }));
      i++;
    }
  }
  return out;
}

export async function loadSimNetwork(
  app: FastifyInstance,
  opts: {
    days?: number;
    capacity?: Partial<Record<string, number>>;
    flightCapacity?: number;
    orders?: OrderRecord[];
  } = {},
): Promise<void> {
  const airports = simAirports(opts.capacity);
  for (const [kind, bytes] of [
    ['aereopuertos', airportsFile(airports)],
    ['vuelos', flightsFile(simFlights(airports, opts.flightCapacity))],
    ['pedidos', ordersFile(opts.orders ?? simOrders(opts.days ?? 3))],
  ] as const) {
    const res = await upload(app, kind, `${kind}.txt`, bytes);
    if (res.statusCode !== 200) throw new Error(`${kind}: ${res.body}`);
  }
}

export const sim = (app: FastifyInstance): SimulationService => app.simulation;

/** Starts a run through the API and returns its body. */
export async function startRun(app: FastifyInstance, payload: Record<string, unknown>) {
  const res = await app.inject({ method: 'POST', url: '/api/simulaciones', payload });
  if (res.statusCode !== 201) throw new Error(`start ${res.statusCode}: ${res.body}`);
  return res.json();
}

export const T0 = Date.UTC(2025, 11, 22, 5, 0); // 2025-12-22 00:00 in Lima
