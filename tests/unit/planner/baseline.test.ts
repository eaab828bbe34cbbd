import { describe, expect, it } from 'vitest';
import { createPlanner, DEFAULT_PLANNER_PARAMS, type PlanOrder, validatePlan } from '../../../server/planner';
import { flight, order, rng, smallNetwork, T0 } from './fixtures';

const H = 60;

describe('the earliest-arrival baseline', () => {
  it('takes the route that arrives first, splitting when it fills, then the next', () => {
    const net = smallNetwork([
      flight('SPIM', 'SKBO', '12:00', 120, 10),
      flight('EBCI', 'SKBO', '02:00', 600, 5),
      flight('SPIM', 'LOWW', '00:30', 60, 50),
      flight('LOWW', 'SKBO', '03:00', 300, 50),
    ]);
    const baseline = createPlanner(net, {}, { baseline: true });
    const [out] = baseline.addOrders([order('SKBO', 1, T0, 20)], T0);
    // Two legs via LOWW land at 08:00, EBCI's direct at 12:00, SPIM's direct at 14:00.
    expect(out.shipments.map((s) => [s.source, s.quantity, s.arrivalMin - T0])).toEqual([
      ['SPIM', 20, 8 * H],
    ]);
    const [next] = baseline.addOrders([order('SKBO', 2, T0, 50)], T0);
    expect(next.shipments.map((s) => [s.source, s.quantity, s.arrivalMin - T0])).toEqual([
      ['SPIM', 30, 8 * H],
      ['EBCI', 5, 12 * H],
      ['SPIM', 10, 14 * H],
      ['SPIM', 5, 32 * H],
    ]);
    // A product from Europe gives the whole order 72 h.
    expect(next.deadlineMin).toBe(T0 + 72 * H);
    expect(next.status).toBe('onTime');
  });

  it('keeps every rule on busy random demand', () => {
    const net = smallNetwork(
      [
        flight('SPIM', 'SKBO', '10:00', 120, 40),
        flight('SPIM', 'LOWW', '01:00', 600, 60),
        flight('EBCI', 'LOWW', '05:00', 120, 40),
        flight('EBCI', 'SKBO', '20:00', 600, 40),
        flight('UBBB', 'VIDP', '03:00', 180, 50),
        flight('SKBO', 'VIDP', '09:00', 900, 30),
        flight('LOWW', 'VIDP', '16:00', 400, 30),
      ],
      { SKBO: 80, LOWW: 90, VIDP: 70 },
    );
    const rand = rng(7);
    const codes = ['SKBO', 'LOWW', 'VIDP'];
    const orders: PlanOrder[] = [];
    for (let i = 0; i < 200; i++)
      orders.push(order(codes[i % 3], i, T0 + Math.floor(rand() * 4 * 24 * H), 1 + Math.floor(rand() * 12)));
    orders.sort((a, b) => a.releaseMin - b.releaseMin);
    const baseline = createPlanner(net, {}, { baseline: true });
    const outcomes = orders.map((o) => baseline.addOrders([o], o.releaseMin)[0]);
    const report = validatePlan(net, orders, outcomes, DEFAULT_PLANNER_PARAMS);
    expect(report.hard).toBe(0);
    expect(outcomes.some((o) => o.status !== 'onTime')).toBe(true);
    expect(outcomes.filter((o) => o.status !== 'onTime').every((o) => o.cause !== undefined)).toBe(true);
  });
});
