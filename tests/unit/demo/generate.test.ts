import { describe, expect, it } from 'vitest';
import { DEMO_SEDES } from '../../../server/demo/airports';
import { generateDemo, loadDemoFiles } from '../../../server/demo/generate';
import { mulberry32 } from '../../../server/demo/random';
import { toNetwork, toPlanOrder } from '../../../server/domain/convert';
import { parseAirports } from '../../../server/formats/airports';
import { parseFlights } from '../../../server/formats/flights';
import { parseOrders } from '../../../server/formats/orders';
import { decodeText, encodeUtf16be } from '../../../server/formats/text';

describe('demo data generator', () => {
  const files = loadDemoFiles();
  const airports = parseAirports(decodeText(encodeUtf16be(files.airportsText)).text);
  const codes = new Set(airports.records.map((a) => a.code));
  const flights = parseFlights(files.flightsText, codes);
  const orders = parseOrders(files.ordersText, codes);

  it('produces files that the real parsers accept with zero errors', () => {
    expect(airports.errors).toEqual([]);
    expect(flights.errors).toEqual([]);
    expect(orders.errors).toEqual([]);
    expect(orders.errorCount).toBe(0);
  });

  it('has 30 airports, 10 per continent, the three sedes, capacities 400–480', () => {
    expect(airports.records).toHaveLength(30);
    for (const c of ['America', 'Europa', 'Asia']) {
      expect(airports.records.filter((a) => a.continent === c)).toHaveLength(10);
    }
    for (const s of DEMO_SEDES) expect(codes.has(s)).toBe(true);
    const lima = airports.records.find((a) => a.code === 'SPIM')!;
    expect(lima.lat).toBeCloseTo(-12.02, 2);
    expect(lima.lon).toBeCloseTo(-77.11, 2);
    for (const a of airports.records) {
      expect(a.capacity).toBeGreaterThanOrEqual(400);
      expect(a.capacity).toBeLessThanOrEqual(480);
    }
  });

  it('gives every ordered pair of airports 1 to 4 daily flights with capacities 300–360', () => {
    const perPair = new Map<string, number>();
    for (const f of flights.records) {
      const k = `${f.origin}>${f.destination}`;
      perPair.set(k, (perPair.get(k) ?? 0) + 1);
      expect([300, 320, 340, 360]).toContain(f.capacity);
    }
    expect(perPair.size).toBe(30 * 29);
    for (const n of perPair.values()) {
      expect(n).toBeGreaterThanOrEqual(1);
      expect(n).toBeLessThanOrEqual(4);
    }
  });

  it('has plausible durations: positive, under 24 h, same-continent flights shorter on average', () => {
    const net = toNetwork(airports.records, flights.records);
    const continent = new Map(airports.records.map((a) => [a.code, a.continent]));
    const same: number[] = [];
    const other: number[] = [];
    for (const f of net.flights) {
      expect(f.durationMin).toBeGreaterThan(30);
      expect(f.durationMin).toBeLessThan(1440);
      (continent.get(f.origin) === continent.get(f.destination) ? same : other).push(f.durationMin);
    }
    const mean = (xs: number[]) => xs.reduce((s, x) => s + x, 0) / xs.length;
    expect(mean(same)).toBeLessThan(mean(other) / 2);
  });

  it('spreads about 1,500 orders a day over 3 weeks from 2026-01-05, to every airport, quantities 1–12', () => {
    const byDay = new Map<string, number>();
    const dests = new Set<string>();
    for (const o of orders.records) {
      const d = `${o.year}-${String(o.month).padStart(2, '0')}-${String(o.day).padStart(2, '0')}`;
      byDay.set(d, (byDay.get(d) ?? 0) + 1);
      dests.add(o.destination);
      expect(o.quantity).toBeGreaterThanOrEqual(1);
      expect(o.quantity).toBeLessThanOrEqual(12);
    }
    expect([...byDay.keys()].sort()[0]).toBe('2026-01-05');
    expect(byDay.size).toBe(21);
    for (const n of byDay.values()) {
      expect(n).toBeGreaterThan(1200);
      expect(n).toBeLessThan(1800);
    }
    expect(dests.size).toBe(30);
    const ones = orders.records.filter((o) => o.quantity === 1).length;
    expect(ones / orders.records.length).toBeGreaterThan(0.4); // skewed to small orders
  });

  it('lists orders in UTC time order with unique sequence numbers', () => {
    const gmt = new Map(airports.records.map((a) => [a.code, a.gmt]));
    let prev = Number.NEGATIVE_INFINITY;
    for (const o of orders.records) {
      const t = toPlanOrder(o, gmt.get(o.destination)!).releaseMin;
      expect(t).toBeGreaterThanOrEqual(prev);
      prev = t;
    }
    expect(new Set(orders.records.map((o) => o.seq)).size).toBe(orders.records.length);
  });

  it('is deterministic for a seed and different for another seed', () => {
    const opts = { seed: 7, startDate: '2026-03-02', weeks: 1, ordersPerDay: 200 };
    const a = generateDemo(opts);
    const b = generateDemo(opts);
    expect(b).toEqual(a);
    const c = generateDemo({ ...opts, seed: 8 });
    expect(c.flightsText).not.toBe(a.flightsText);
    expect(c.ordersText).not.toBe(a.ordersText);
  });

  it('rejects an impossible start date', () => {
    expect(() => generateDemo({ startDate: '2026-02-30' })).toThrow(/no es una fecha válida/);
  });
});

describe('mulberry32', () => {
  it('repeats its sequence for a seed and stays in [0, 1)', () => {
    const a = mulberry32(42);
    const b = mulberry32(42);
    for (let i = 0; i < 1000; i++) {
      const x = a();
      expect(x).toBe(b());
      expect(x >= 0 && x < 1).toBe(true);
    }
  });
});
