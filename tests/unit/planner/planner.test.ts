import { describe, expect, it } from 'vitest';
import {
  createPlanner,
  DEFAULT_PLANNER_PARAMS,
  planToJsonLines,
  validatePlan,
} from '../../../server/planner';
import type { Network, OrderOutcome, PlanOrder } from '../../../server/planner/types';
import { airport, flight, order, rng, smallNetwork, T0 } from './fixtures';

const H = 60;

function planAll(network: Network, orders: PlanOrder[]) {
  const planner = createPlanner(network);
  const outcomes: OrderOutcome[] = [];
  for (const o of [...orders].sort((a, b) => a.releaseMin - b.releaseMin)) {
    outcomes.push(...planner.addOrders([o], o.releaseMin));
  }
  const report = validatePlan(network, orders, outcomes);
  return { planner, outcomes, report };
}

describe('planner', () => {
  it('flies an order from the sede of its continent with a 48 h deadline, ready 2 h after landing', () => {
    const net = smallNetwork([flight('SPIM', 'SKBO', '10:00', 240), flight('EBCI', 'SKBO', '09:00', 600)]);
    const o = order('SKBO', 1, T0 + 8 * H, 5);
    const { outcomes, report } = planAll(net, [o]);
    const out = outcomes[0];
    expect(out.status).toBe('onTime');
    expect(out.deadlineMin).toBe(o.releaseMin + 48 * H);
    expect(out.shipments).toHaveLength(1);
    const s = out.shipments[0];
    expect(s.source).toBe('SPIM');
    expect(s.legs[0]).toMatchObject({
      flightId: 'SPIM-SKBO-10:00',
      depMin: T0 + 10 * H,
      arrMin: T0 + 14 * H,
    });
    expect(s.readyMin).toBe(T0 + 16 * H);
    expect(report.hard).toBe(0);
  });

  it('never leaves before the order exists: the next day instance is used', () => {
    const net = smallNetwork([flight('SPIM', 'SKBO', '10:00', 240)]);
    const { outcomes } = planAll(net, [order('SKBO', 1, T0 + 11 * H, 1)]);
    expect(outcomes[0].shipments[0].legs[0].depMin).toBe(T0 + 24 * H + 10 * H);
  });

  it('serves orders to a sede from stock, without flights', () => {
    const net = smallNetwork([flight('EBCI', 'SPIM', '10:00', 600)]);
    const { outcomes, planner } = planAll(net, [order('SPIM', 1, T0, 10)]);
    expect(outcomes[0].status).toBe('fromStock');
    expect(outcomes[0].shipments).toHaveLength(0);
    expect(planner.stats().fromStock).toBe(1);
  });

  it('splits an order across flights when one flight lacks seats', () => {
    const net = smallNetwork([
      flight('SPIM', 'SKBO', '10:00', 120, 300),
      flight('SPIM', 'SKBO', '14:00', 120, 300),
    ]);
    const { outcomes, report, planner } = planAll(net, [order('SKBO', 1, T0, 350)]);
    expect(outcomes[0].status).toBe('onTime');
    expect(outcomes[0].shipments.map((s) => s.quantity).sort((a, b) => a - b)).toEqual([50, 300]);
    expect(planner.flightLoad('SPIM-SKBO-10:00', T0 + 10 * H)).toBeLessThanOrEqual(300);
    expect(report.hard).toBe(0);
  });

  it('keeps the destination warehouse within capacity over the 2 h pickup dwell', () => {
    // Two flights 1 h apart: their pickup windows overlap, so together they cannot exceed 100.
    const net = smallNetwork(
      [
        flight('SPIM', 'SKBO', '10:00', 120),
        flight('SPIM', 'SKBO', '11:00', 120),
        flight('SPIM', 'SKBO', '20:00', 120),
      ],
      { SKBO: 100 },
    );
    const { outcomes, report, planner } = planAll(net, [
      order('SKBO', 1, T0, 80),
      order('SKBO', 2, T0 + 1, 80),
    ]);
    expect(report.hard).toBe(0);
    expect(report.maxWarehouseUse).toBeLessThanOrEqual(1);
    for (let t = T0; t < T0 + 3 * 24 * H; t += 15)
      expect(planner.warehouseLoad('SKBO', t)).toBeLessThanOrEqual(100);
    expect(outcomes.every((o) => o.status === 'onTime')).toBe(true);
  });

  it('connects in at least 60 minutes at a transit airport and counts the wait in its warehouse', () => {
    // SPIM -> SKBO lands 12:00; SKBO -> LOWW at 12:30 is too tight, 13:00 is fine.
    const net = smallNetwork([
      flight('SPIM', 'SKBO', '10:00', 120),
      flight('SKBO', 'LOWW', '12:30', 600),
      flight('SKBO', 'LOWW', '13:00', 600),
    ]);
    const { outcomes, report, planner } = planAll(net, [order('LOWW', 1, T0, 10)]);
    const legs = outcomes[0].shipments[0].legs;
    expect(legs.map((l) => l.flightId)).toEqual(['SPIM-SKBO-10:00', 'SKBO-LOWW-13:00']);
    expect(planner.warehouseLoad('SKBO', T0 + 12 * H + 30)).toBe(10);
    expect(planner.warehouseLoad('SKBO', T0 + 13 * H)).toBe(0);
    expect(outcomes[0].deadlineMin).toBe(T0 + 72 * H);
    expect(report.hard).toBe(0);
  });

  it('lands first at low load; once demand fills the warehouses, takes the shorter transit wait', () => {
    // EBCI -> LOWW -> VIDP: an 8 h wait landing at 16:00, or a 1.5 h wait landing at 17:00.
    const flights = [
      flight('EBCI', 'LOWW', '01:00', 60),
      flight('EBCI', 'LOWW', '08:30', 60),
      flight('LOWW', 'VIDP', '10:00', 360),
      flight('LOWW', 'VIDP', '11:00', 360),
    ];
    const caps = { SPIM: 100, SKBO: 100, EBCI: 100, LOWW: 400, UBBB: 100, VIDP: 100 };
    const net = smallNetwork(flights, caps);
    const mine = order('VIDP', 1, T0, 10);
    const quiet = planAll(net, [mine]).outcomes[0];
    expect(quiet.shipments[0].legs.map((l) => l.flightId)).toEqual(['EBCI-LOWW-01:00', 'LOWW-VIDP-10:00']);
    // 4,000 products ordered an hour before (SKBO has no flights in): pickups would take a third of the
    // network's 900 warehouse places.
    const { outcomes, report } = planAll(net, [order('SKBO', 1, T0 - H, 4000), mine]);
    const busy = outcomes.find((o) => o.key === mine.key)!;
    expect(busy.status).toBe('onTime');
    expect(busy.shipments[0].legs.map((l) => l.flightId)).toEqual(['EBCI-LOWW-08:30', 'LOWW-VIDP-11:00']);
    expect(report.hard).toBe(0);
  });

  it('gives 72 h when a product comes from another continent', () => {
    const net = smallNetwork([flight('EBCI', 'SKBO', '10:00', 600)]);
    const { outcomes } = planAll(net, [order('SKBO', 1, T0, 3)]);
    expect(outcomes[0].shipments[0].source).toBe('EBCI');
    expect(outcomes[0].deadlineMin).toBe(T0 + 72 * H);
    expect(outcomes[0].status).toBe('onTime');
  });

  it('reports an order it cannot deliver on time with the saturated warehouse', () => {
    const net = smallNetwork([flight('SPIM', 'SKBO', '10:00', 120, 360)], { SKBO: 100 });
    // Three days of 100-product windows: 3 x 100 within 72 h, the order asks 400.
    const { outcomes, report } = planAll(net, [order('SKBO', 1, T0, 400)]);
    const out = outcomes[0];
    expect(out.status === 'late' || out.status === 'unrouted').toBe(true);
    expect(out.cause?.kind).toBe('warehouse');
    expect(out.cause?.airport).toBe('SKBO');
    expect(report.hard).toBe(0);
  });

  it('reports full flights as the cause when seats bind', () => {
    const net = smallNetwork([flight('SPIM', 'SKBO', '10:00', 120, 10)]);
    const { outcomes } = planAll(net, [order('SKBO', 1, T0, 50)]);
    expect(outcomes[0].status).not.toBe('onTime');
    expect(outcomes[0].cause?.kind).toBe('flights');
    expect(outcomes[0].cause?.flights?.length).toBeGreaterThan(0);
  });

  it('re-routes the products of a cancelled flight and refuses to cancel one that took off', () => {
    const net = smallNetwork([flight('SPIM', 'SKBO', '10:00', 120), flight('SPIM', 'SKBO', '18:00', 120)]);
    const planner = createPlanner(net);
    const o = order('SKBO', 1, T0, 40);
    const [first] = planner.addOrders([o], T0);
    const leg = first.shipments[0].legs[0];
    expect(planner.flightOrders(leg.flightId, leg.depMin)).toEqual([{ orderKey: o.key, quantity: 40 }]);
    const res = planner.cancelFlight(leg.flightId, leg.depMin, T0 + 60);
    expect(res.ok).toBe(true);
    expect(planner.flightLoad(leg.flightId, leg.depMin)).toBe(0);
    const after = planner.outcome(o.key)!;
    expect(after.status).toBe('onTime');
    expect(
      after.shipments.every((s) => s.legs[0].depMin !== leg.depMin || s.legs[0].flightId !== leg.flightId),
    ).toBe(true);
    const report = validatePlan(net, [o], [after], DEFAULT_PLANNER_PARAMS, {
      cancelled: [{ flightId: leg.flightId, depMin: leg.depMin }],
    });
    expect(report.hard).toBe(0);
    const flown = after.shipments[0].legs[0];
    expect(planner.cancelFlight(flown.flightId, flown.depMin, flown.depMin + 1).ok).toBe(false);
  });

  it('re-routes products in transit from where they are, keeping the legs already flown', () => {
    const net = smallNetwork([
      flight('SPIM', 'SKBO', '10:00', 120),
      flight('SKBO', 'LOWW', '13:00', 600),
      flight('SKBO', 'LOWW', '20:00', 600),
    ]);
    const planner = createPlanner(net);
    const o = order('LOWW', 1, T0, 10);
    planner.addOrders([o], T0);
    const res = planner.cancelFlight('SKBO-LOWW-13:00', T0 + 13 * H, T0 + 11 * H);
    expect(res.ok).toBe(true);
    const legs = planner.outcome(o.key)!.shipments[0].legs;
    expect(legs.map((l) => l.flightId)).toEqual(['SPIM-SKBO-10:00', 'SKBO-LOWW-20:00']);
    expect(planner.warehouseLoad('SKBO', T0 + 19 * H)).toBe(10);
    const report = validatePlan(net, [o], [planner.outcome(o.key)!], DEFAULT_PLANNER_PARAMS, {
      cancelled: [{ flightId: 'SKBO-LOWW-13:00', depMin: T0 + 13 * H }],
    });
    expect(report.hard).toBe(0);
  });

  it('archives finished orders so a long run keeps a flat footprint', () => {
    const net = smallNetwork([flight('SPIM', 'SKBO', '10:00', 120), flight('EBCI', 'LOWW', '06:00', 120)]);
    const archived: string[] = [];
    const run = createPlanner(net, {}, { onArchive: (os) => archived.push(...os.map((o) => o.key)) });
    const sizes: number[] = [];
    for (let day = 0; day < 60; day++) {
      const now = T0 + day * 24 * H;
      run.advance(now);
      run.addOrders([order('SKBO', day * 2, now, 5), order('LOWW', day * 2 + 1, now, 5)], now);
      const f = run.footprint();
      sizes.push(f.timelinePages + f.hotOrders + f.present);
    }
    expect(archived.length).toBeGreaterThan(100);
    expect(Math.max(...sizes.slice(30))).toBeLessThanOrEqual(Math.max(...sizes.slice(10, 20)));
    expect(run.stats().orders).toBe(120);
    expect(run.stats().onTime).toBe(120);
  });

  it('exports the plan as JSON lines with UTC departures', () => {
    const net = smallNetwork([flight('SPIM', 'SKBO', '14:05', 120)]);
    const { outcomes } = planAll(net, [order('SKBO', 7, T0, 4)]);
    const lines = planToJsonLines(outcomes)
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(lines).toEqual([
      { order: 'SKBO-000000007', qty: 4, legs: [{ flight: 'SPIM-SKBO-14:05', dep: '2025-12-22T14:05Z' }] },
    ]);
  });

  it('produces valid plans on random small networks (property)', () => {
    for (let seed = 1; seed <= 25; seed++) {
      const rand = rng(seed);
      const codes = ['SPIM', 'SKBO', 'SCEL', 'EBCI', 'LOWW', 'EDDI', 'UBBB', 'VIDP', 'OMDB'];
      const conts = [
        'America',
        'America',
        'America',
        'Europa',
        'Europa',
        'Europa',
        'Asia',
        'Asia',
        'Asia',
      ] as const;
      const airports = codes.map((c, i) => airport(c, conts[i], 30 + Math.floor(rand() * 100)));
      const flights = [];
      for (const a of codes)
        for (const b of codes) {
          if (a === b || rand() < 0.5) continue;
          const hh = String(Math.floor(rand() * 24)).padStart(2, '0');
          const mm = String(Math.floor(rand() * 60)).padStart(2, '0');
          flights.push(
            flight(a, b, `${hh}:${mm}`, 60 + Math.floor(rand() * 900), 20 + Math.floor(rand() * 60)),
          );
        }
      const net: Network = { airports, flights };
      const orders: PlanOrder[] = [];
      for (let i = 0; i < 60; i++) {
        const dest = codes[Math.floor(rand() * codes.length)];
        orders.push(order(dest, i, T0 + Math.floor(rand() * 3 * 24 * H), 1 + Math.floor(rand() * 40)));
      }
      const planner = createPlanner(net);
      const outcomes: OrderOutcome[] = [];
      const sorted = [...orders].sort((a, b) => a.releaseMin - b.releaseMin);
      for (const o of sorted) outcomes.push(...planner.addOrders([o], o.releaseMin));
      // Cancel a busy instance mid-way and check the re-planned plan too.
      const cancelled: { flightId: string; depMin: number }[] = [];
      const now = T0 + 24 * H;
      const busy = planner
        .flightInstances()
        .filter((f) => f.depMin > now)
        .sort((a, b) => b.load - a.load)[0];
      if (busy && planner.cancelFlight(busy.flightId, busy.depMin, now).ok) cancelled.push(busy);
      const latest = sorted.map((o) => planner.outcome(o.key) ?? outcomes.find((x) => x.key === o.key)!);
      const report = validatePlan(net, orders, latest, DEFAULT_PLANNER_PARAMS, { cancelled });
      expect(report.violations.filter((v) => v.kind !== 'deadline' && v.kind !== 'unshipped')).toEqual([]);
      const s = planner.stats();
      expect(s.onTime + s.late + s.unrouted + s.fromStock).toBe(orders.length);
    }
  });
});
