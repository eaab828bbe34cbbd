import { describe, expect, it } from 'vitest';
import { toNetwork, toPlanOrder } from '../../../server/domain/convert';
import type { Airport, DailyFlight, OrderRecord } from '../../../server/domain/types';
import { orderKey } from '../../../server/domain/types';
import { parseAirports } from '../../../server/formats/airports';
import { parseFlights } from '../../../server/formats/flights';
import { parseOrders } from '../../../server/formats/orders';
import { decodeText } from '../../../server/formats/text';
import {
  createPlanner,
  DEFAULT_PLANNER_PARAMS,
  type FileTimes,
  type Network,
  validatePlan,
} from '../../../server/planner';
import { AIRPORTS_FILE, FLIGHTS_FILE, hasRealData, ORDERS_FILE, readBytes } from '../formats/realData';

const airport = (code: string, continent: Airport['continent'], gmt: number): Airport => ({
  number: 1,
  code,
  city: code,
  country: code,
  shortName: code,
  gmt,
  capacity: 400,
  lat: 0,
  lon: 0,
  continent,
});
const hm = (s: string) => Number(s.slice(0, 2)) * 60 + Number(s.slice(3));

// Lima (GMT-5) and Baku (GMT+4 here, on purpose not the file's +2) are 9 hours apart; Brussels GMT+2.
const airports = [
  airport('SPIM', 'America', -5),
  airport('SKBO', 'America', -5),
  airport('EBCI', 'Europa', 2),
  airport('LOWW', 'Europa', 2),
  airport('UBBB', 'Asia', 4),
  airport('VIDP', 'Asia', 5),
];
const line = (origin: string, destination: string, dep: string, arr: string): DailyFlight => ({
  id: `${origin}-${destination}-${dep}`,
  origin,
  destination,
  depLocal: hm(dep),
  arrLocal: hm(arr),
  capacity: 300,
});
// SPIM 22:30 local = 03:30 UTC the next day; EBCI 16:10 local = 14:10 UTC: 640 min in the air, landing on
// the next local day of the departure. UBBB 01:00 local = 21:00 UTC the day before; VIDP 02:30 = 21:30 UTC.
const flights = [line('SPIM', 'EBCI', '22:30', '16:10'), line('UBBB', 'VIDP', '01:00', '02:30')];
const record = (destination: string, seq: number, hour: number): OrderRecord => ({
  seq,
  destination,
  year: 2026,
  month: 1,
  day: 1,
  hour,
  minute: 15,
  quantity: 5,
  clientId: '0000001',
});
const records = [record('EBCI', 1, 0), record('VIDP', 2, 3)];
const files: FileTimes = {
  airports,
  flights,
  orders: records.map((r) => ({ key: orderKey(r.destination, r.seq), ...r })),
};

function plan(network: Network, gmt: (code: string) => number) {
  const orders = records.map((r) => toPlanOrder(r, gmt(r.destination)));
  const planner = createPlanner(network, { sedes: ['SPIM', 'UBBB'] });
  return { orders, outcomes: planner.addOrders(orders, orders[0].releaseMin) };
}
const offsetOf = (code: string) => airports.find((a) => a.code === code)!.gmt;
const params = { ...DEFAULT_PLANNER_PARAMS, sedes: ['SPIM', 'UBBB'] };

describe('the validator converts the files’ local times on its own', () => {
  it('agrees with a correct conversion across the date line of the offsets', () => {
    const network = toNetwork(airports, flights);
    expect(network.flights.map((f) => [f.depUtcMin, f.durationMin])).toEqual([
      [3 * 60 + 30, 640],
      [21 * 60, 30],
    ]);
    const { orders, outcomes } = plan(network, offsetOf);
    expect(outcomes.map((o) => o.status)).toEqual(['onTime', 'onTime']);
    const r = validatePlan(network, orders, outcomes, params, { files });
    expect(r.violations).toEqual([]);
  });

  it('finds a network whose offsets were applied with the wrong sign, and every leg planned on it', () => {
    // The error both sides would share if the validator used the planner's conversion.
    const flipped = toNetwork(
      airports.map((a) => ({ ...a, gmt: -a.gmt })),
      flights,
    );
    const { orders, outcomes } = plan(flipped, offsetOf);
    const without = validatePlan(flipped, orders, outcomes, params);
    expect(without.hard).toBe(0);
    const r = validatePlan(flipped, orders, outcomes, params, { files });
    expect(r.byKind['time-zone']).toBe(2);
    expect(r.byKind.schedule).toBe(2);
    expect(r.violations.find((v) => v.kind === 'time-zone')?.message).toBe(
      'El vuelo SPIM-EBCI-22:30 figura a las 17:30 UTC con 40 min de vuelo; según las horas locales y los husos de los archivos sale a las 03:30 UTC y vuela 640 min.',
    );
  });

  it('finds an order whose release was converted without its destination’s offset', () => {
    const network = toNetwork(airports, flights);
    const { orders, outcomes } = plan(network, () => 0);
    const r = validatePlan(network, orders, outcomes, params, { files });
    expect(r.violations.filter((v) => v.kind === 'time-zone').map((v) => v.message)).toEqual([
      `El pedido ${orders[0].key} figura registrado 120 min después de lo que dice su hora local.`,
      `El pedido ${orders[1].key} figura registrado 300 min después de lo que dice su hora local.`,
    ]);
  });
});

describe.skipIf(!hasRealData)('the real files', () => {
  it('convert to the same flight times and release instants on both sides', () => {
    const text = (file: string) => decodeText(readBytes(file)).text;
    const real = parseAirports(text(AIRPORTS_FILE)).records;
    const codes = new Set(real.map((a) => a.code));
    const lines = parseFlights(text(FLIGHTS_FILE), codes).records;
    const recs = parseOrders(text(ORDERS_FILE), codes).records;
    const network = toNetwork(real, lines);
    const gmt = new Map(real.map((a) => [a.code, a.gmt]));
    const orders = recs.map((r) => toPlanOrder(r, gmt.get(r.destination)!));
    const r = validatePlan(network, orders, [], DEFAULT_PLANNER_PARAMS, {
      files: {
        airports: real,
        flights: lines,
        orders: recs.map((o) => ({ ...o, key: orderKey(o.destination, o.seq) })),
      },
    });
    expect(network.flights.length).toBe(2866);
    expect(r.byKind['time-zone'] ?? 0).toBe(0);
    expect(r.byKind.schedule ?? 0).toBe(0);
  });
});
