import { describe, expect, it } from 'vitest';
import { createPlanner, type ViolationKind, validatePlan } from '../../../server/planner';
import type { OrderOutcome, Shipment } from '../../../server/planner/types';
import { flight, order, smallNetwork, T0 } from './fixtures';

const H = 60;
const net = smallNetwork(
  [
    flight('SPIM', 'SKBO', '10:00', 120, 100),
    flight('SPIM', 'SKBO', '16:00', 120, 100),
    flight('SKBO', 'LOWW', '14:00', 600, 100),
    flight('EBCI', 'LOWW', '09:00', 120, 100),
  ],
  { SKBO: 50, LOWW: 200 },
);
const orders = [order('SKBO', 1, T0, 30), order('LOWW', 2, T0, 20), order('SPIM', 3, T0, 5)];

/** A plan written by hand that obeys every rule. */
function goodPlan(): OrderOutcome[] {
  const ship = (
    key: string,
    source: string,
    qty: number,
    legs: Shipment['legs'],
    deadline: number,
  ): Shipment => {
    const arrivalMin = legs[legs.length - 1].arrMin;
    return {
      orderKey: key,
      quantity: qty,
      source,
      legs,
      arrivalMin,
      readyMin: arrivalMin + 120,
      deadlineMin: deadline,
    };
  };
  const leg = (id: string, dep: number, dur: number) => {
    const [origin, destination] = id.split('-');
    return { flightId: id, origin, destination, depMin: dep, arrMin: dep + dur };
  };
  const d1 = T0 + 48 * H;
  const d2 = T0 + 72 * H;
  return [
    {
      key: orders[0].key,
      destination: 'SKBO',
      releaseMin: T0,
      quantity: 30,
      deadlineMin: d1,
      status: 'onTime',
      shipments: [ship(orders[0].key, 'SPIM', 30, [leg('SPIM-SKBO-10:00', T0 + 10 * H, 120)], d1)],
    },
    {
      key: orders[1].key,
      destination: 'LOWW',
      releaseMin: T0,
      quantity: 20,
      deadlineMin: d2,
      status: 'onTime',
      shipments: [
        ship(
          orders[1].key,
          'SPIM',
          20,
          [leg('SPIM-SKBO-10:00', T0 + 10 * H, 120), leg('SKBO-LOWW-14:00', T0 + 14 * H, 600)],
          d2,
        ),
      ],
    },
    {
      key: orders[2].key,
      destination: 'SPIM',
      releaseMin: T0,
      quantity: 5,
      deadlineMin: T0 + 48 * H,
      status: 'fromStock',
      shipments: [],
    },
  ];
}

const check = (plan: OrderOutcome[], cancelled?: { flightId: string; depMin: number }[]) =>
  validatePlan(net, orders, plan, undefined, { cancelled });

/** Each case breaks one rule of a good plan; the validator must name that rule. */
const cases: [ViolationKind, (p: OrderOutcome[]) => void][] = [
  [
    'unknown-flight',
    (p) => {
      p[0].shipments[0].legs[0].flightId = 'SPIM-SKBO-11:11';
    },
  ],
  [
    'schedule',
    (p) => {
      p[0].shipments[0].legs[0].depMin += 30;
    },
  ],
  [
    'chain',
    (p) => {
      p[1].shipments[0].legs[1].origin = 'LOWW';
    },
  ],
  [
    'source',
    (p) => {
      p[0].shipments[0].source = 'SKBO';
    },
  ],
  [
    'destination',
    (p) => {
      p[1].shipments[0].legs.pop();
      const s = p[1].shipments[0];
      s.arrivalMin = s.legs[0].arrMin;
      s.readyMin = s.arrivalMin + 120;
    },
  ],
  [
    'release',
    (p) => {
      const l = p[0].shipments[0].legs[0]; // the same flight a day earlier, before the order existed
      l.depMin -= 24 * H;
      l.arrMin -= 24 * H;
      p[0].shipments[0].arrivalMin -= 24 * H;
      p[0].shipments[0].readyMin -= 24 * H;
    },
  ],
  [
    'connection',
    (p) => {
      const l = p[1].shipments[0].legs[0];
      l.depMin += 5 * H; // 15:00 -> lands 17:00, but the connection leaves at 14:00
      l.arrMin += 5 * H;
    },
  ],
  ['flight-capacity', (p) => void p[0].shipments.push({ ...p[0].shipments[0], quantity: 90 })],
  [
    'warehouse-capacity',
    (p) => {
      p[0].shipments[0].quantity = 31 + 20;
    },
  ],
  [
    'quantity',
    (p) => {
      p[0].shipments[0].quantity = 45;
    },
  ],
  [
    'from-stock',
    (p) => {
      p[2].status = 'onTime';
    },
  ],
  [
    'status',
    (p) => {
      p[0].deadlineMin += 1;
    },
  ],
  ['missing-outcome', (p) => void p.pop()],
  [
    'unknown-order',
    (p) => {
      p[0].key = 'SKBO-999999999';
    },
  ],
];

describe('validatePlan', () => {
  it('accepts a plan that obeys every rule', () => {
    const r = check(goodPlan());
    expect(r.violations).toEqual([]);
    expect(r.hard).toBe(0);
    expect(r.maxWarehouseUse).toBeCloseTo(50 / 50);
    expect(r.maxFlightUse).toBeCloseTo(50 / 100);
  });

  it.each(cases)('catches %s', (kind, breakIt) => {
    const plan = goodPlan();
    breakIt(plan);
    const r = check(plan);
    expect(r.byKind[kind]).toBeGreaterThan(0);
    expect(r.hard).toBeGreaterThan(0);
  });

  it('counts the transit wait in the warehouse (50 at SKBO on the ground with 30 waiting pickup)', () => {
    const plan = goodPlan();
    // Make the transit shipment wait at SKBO until the 14:00 connection while 31 others sit there.
    plan[0].shipments[0].quantity = 31;
    plan[0].quantity = 31;
    const r = validatePlan(net, [{ ...orders[0], quantity: 31 }, orders[1], orders[2]], plan);
    expect(r.byKind['warehouse-capacity']).toBe(1);
    expect(r.violations.find((v) => v.kind === 'warehouse-capacity')?.airport).toBe('SKBO');
  });

  it('rejects products aboard a cancelled flight', () => {
    const r = check(goodPlan(), [{ flightId: 'SPIM-SKBO-10:00', depMin: T0 + 10 * H }]);
    expect(r.byKind['cancelled-flight']).toBe(2);
  });

  it('reports late products as a service failure, and a plan that hides them as a breach', () => {
    const late = order('SKBO', 9, T0 - 47 * H, 5);
    const plan = goodPlan();
    const s = {
      ...plan[0].shipments[0],
      quantity: 5,
      orderKey: late.key,
      deadlineMin: late.releaseMin + 48 * H,
    };
    plan.push({
      ...plan[0],
      key: late.key,
      quantity: 5,
      releaseMin: late.releaseMin,
      deadlineMin: s.deadlineMin,
      shipments: [s],
    });
    plan[0].shipments[0].quantity = 25;
    const all = [{ ...orders[0], quantity: 25 }, orders[1], orders[2], late];
    plan[0].quantity = 25;
    const hidden = validatePlan(net, all, plan);
    expect(hidden.byKind.deadline).toBe(1);
    expect(hidden.byKind.status).toBe(1);
    plan[3].status = 'late';
    const admitted = validatePlan(net, all, plan);
    expect(admitted.byKind.deadline).toBe(1);
    expect(admitted.hard).toBe(0);
  });

  it('finds no breach in the planner output under pressure', () => {
    const planner = createPlanner(net);
    const many = Array.from({ length: 40 }, (_, i) =>
      order(i % 2 ? 'SKBO' : 'LOWW', 100 + i, T0 + i * 30, 40),
    );
    const outcomes = many.flatMap((o) => planner.addOrders([o], o.releaseMin));
    const r = validatePlan(net, many, outcomes);
    expect(r.hard).toBe(0);
    expect(outcomes.some((o) => o.status !== 'onTime')).toBe(true);
  });
});
