import { describe, expect, it } from 'vitest';
import {
  createPlanner,
  DEFAULT_PLANNER_PARAMS,
  type Decision,
  type Network,
  type NetworkFlight,
  type OrderOutcome,
  type PlanOrder,
  validateDecisions,
  validatePlan,
} from '../../../server/planner';
import { airport, flight, order, rng, smallNetwork, T0 } from './fixtures';

const H = 60;

/** A random network on the six airports of smallNetwork: sparse daily flights, small capacities. */
function randomNetwork(rand: () => number): Network {
  const base = smallNetwork([]);
  const airports = base.airports.map((a) => airport(a.code, a.continent, 40 + Math.floor(rand() * 200)));
  const codes = airports.map((a) => a.code);
  const flights: NetworkFlight[] = [];
  for (const a of codes)
    for (const b of codes) {
      if (a === b || rand() < 0.4) continue;
      for (let i = 1 + Math.floor(rand() * 3); i > 0; i--) {
        const hh = String(Math.floor(rand() * 24)).padStart(2, '0');
        const mm = String(Math.floor(rand() * 60)).padStart(2, '0');
        const f = flight(a, b, `${hh}:${mm}`, 60 + Math.floor(rand() * 600), 10 + Math.floor(rand() * 50));
        if (!flights.some((g) => g.id === f.id)) flights.push(f);
      }
    }
  return { airports, flights };
}

describe('decisions never reach into the past', () => {
  // Forty random networks: seconds on a busy 2-core machine.
  it('keeps every re-plan after its decision when flights are cancelled at random instants', () => {
    let replannedMidway = 0;
    for (let seed = 1; seed <= 40; seed++) {
      const rand = rng(seed);
      const net = randomNetwork(rand);
      const codes = net.airports.map((a) => a.code);
      const orders: PlanOrder[] = [];
      for (let i = 0; i < 50; i++) {
        const dest = codes[Math.floor(rand() * codes.length)];
        orders.push(order(dest, i, T0 + Math.floor(rand() * 2 * 24 * H), 1 + Math.floor(rand() * 30)));
      }
      orders.sort((a, b) => a.releaseMin - b.releaseMin);
      const log: Decision[] = [];
      const planner = createPlanner(net, {}, { onDecision: (d) => log.push(d) });
      const cancelled: { flightId: string; depMin: number }[] = [];
      let now = T0;
      const planned = new Map<string, OrderOutcome>();
      const cancelSome = (until: number) => {
        // Cancellations at random instants before the next order, of instances that carry products.
        while (rand() < 0.6) {
          now += Math.floor(rand() * Math.max(1, until - now));
          const loaded = planner.flightInstances().filter((f) => f.depMin > now && f.load > 0);
          if (loaded.length === 0) return;
          const pick = loaded[Math.floor(rand() * loaded.length)];
          const res = planner.cancelFlight(pick.flightId, pick.depMin, now);
          expect(res.ok).toBe(true);
          cancelled.push(pick);
          if (res.ok) replannedMidway += res.affected.length;
        }
      };
      for (const o of orders) {
        cancelSome(o.releaseMin);
        now = Math.max(now, o.releaseMin);
        for (const out of planner.addOrders([o], now)) planned.set(out.key, out);
        // The same key submitted again later keeps what is already under way.
        if (rand() < 0.1) {
          now += Math.floor(rand() * 12 * H);
          for (const out of planner.addOrders([{ ...o }], now)) planned.set(out.key, out);
        }
      }
      cancelSome(now + 3 * 24 * H);
      // A flight that took off cannot be cancelled.
      const flown = planner.flightInstances().find((f) => f.depMin <= now);
      if (flown) expect(planner.cancelFlight(flown.flightId, flown.depMin, now).ok).toBe(false);

      const audit = validateDecisions(log);
      expect(audit.violations, `seed ${seed}`).toEqual([]);
      const outcomes = orders.map((o) => planner.outcome(o.key) ?? planned.get(o.key)!);
      const report = validatePlan(net, orders, outcomes, DEFAULT_PLANNER_PARAMS, { cancelled });
      expect(
        report.violations.filter((v) => v.kind !== 'deadline' && v.kind !== 'unshipped'),
        `seed ${seed}`,
      ).toEqual([]);
      for (const o of outcomes)
        for (const s of o.shipments) expect(s.decidedMin, `seed ${seed}`).toBeLessThanOrEqual(now);
    }
    // The property is only worth something if cancellations did move products.
    expect(replannedMidway).toBeGreaterThan(50);
  }, 60_000);

  it('re-routes a product waiting at a transit airport from now, not from its arrival there', () => {
    const net = smallNetwork([
      flight('SPIM', 'SKBO', '00:00', 60, 100),
      flight('SKBO', 'LOWW', '02:30', 480, 100),
      flight('SKBO', 'LOWW', '03:00', 300, 100),
      flight('SKBO', 'LOWW', '05:00', 300, 100),
      flight('SKBO', 'LOWW', '07:00', 300, 100),
    ]);
    const log: Decision[] = [];
    const planner = createPlanner(net, {}, { onDecision: (d) => log.push(d) });
    const o = order('LOWW', 1, T0 - 30, 10);
    const via = () => planner.outcome(o.key)!.shipments.map((s) => s.legs.map((l) => l.flightId).join(' '));
    planner.addOrders([o], o.releaseMin);
    expect(via()).toEqual(['SPIM-SKBO-00:00 SKBO-LOWW-03:00']);
    expect(planner.cancelFlight('SKBO-LOWW-03:00', T0 + 3 * H, T0 + 2 * H).ok).toBe(true);
    expect(via()).toEqual(['SPIM-SKBO-00:00 SKBO-LOWW-05:00']);
    // At 03:10 the product waits at SKBO since 01:00: the 02:30 flight left 40 minutes ago.
    expect(planner.cancelFlight('SKBO-LOWW-05:00', T0 + 5 * H, T0 + 3 * H + 10).ok).toBe(true);
    expect(via()).toEqual(['SPIM-SKBO-00:00 SKBO-LOWW-07:00']);
    expect(planner.outcome(o.key)!.shipments[0].decidedMin).toBe(T0 + 3 * H + 10);
    expect(validateDecisions(log).violations).toEqual([]);
  });

  it('keeps the flown legs of an order whose key is submitted again', () => {
    const net = smallNetwork([
      flight('SPIM', 'SKBO', '00:00', 60, 100),
      flight('SKBO', 'LOWW', '03:00', 300, 100),
    ]);
    const log: Decision[] = [];
    const planner = createPlanner(net, {}, { onDecision: (d) => log.push(d) });
    const o = order('LOWW', 1, T0 - 30, 10);
    planner.addOrders([o], o.releaseMin);
    const [again] = planner.addOrders([o], T0 + 2 * H);
    expect(again.shipments.map((s) => [s.quantity, s.legs[0].depMin])).toEqual([[10, T0]]);
    expect(planner.flightLoad('SPIM-SKBO-00:00', T0)).toBe(10);
    expect(planner.stats().orders).toBe(1);
    expect(validateDecisions(log).violations).toEqual([]);
  });
});
