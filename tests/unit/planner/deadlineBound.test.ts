import loadHighs, { type Highs } from 'highs';
import { beforeAll, describe, expect, it } from 'vitest';
import { deadlineBound } from '../../../server/planner/bounds/deadlineBound';
import { steadyStateBound } from '../../../server/planner/bounds/steadyBound';
import { DAY_MIN as DAY } from '../../../server/planner/network';
import type { Network, PlanOrder } from '../../../server/planner/types';
import { flight, order, smallNetwork, T0 } from './fixtures';

let highs: Highs;

beforeAll(async () => {
  highs = await loadHighs();
});

const bound = (net: Network, orders: PlanOrder[]) => deadlineBound(highs, net, orders).k;

/** 100 products to dest released at 00:00 on each of 8 days. */
const week = (dest = 'SKBO') => Array.from({ length: 8 }, (_, i) => order(dest, i + 1, T0 + i * DAY, 100));

describe('deadline-aware bound on the on-time demand scale', () => {
  it('counts only the flights between an order and its deadline, below the periodic bound', () => {
    // One daily flight of 100 seats, 10:00 + 4 h, ready for pickup at 16:00. The last order (day 7) must be
    // served with the others by the flights of days 0..9: 1000 seats for 800 products, K = 1.25; the periodic
    // bound spreads the 11 days of seats over the 8 days of releases (1.375).
    const net = smallNetwork([flight('SPIM', 'SKBO', '10:00', 240, 100)], { SKBO: 1000, SPIM: 1 });
    const r = deadlineBound(highs, net, week());
    expect(r.k).toBeCloseTo(1.25, 6);
    expect(r.binding.seats).toBeCloseTo(1.25, 4);
    expect(steadyStateBound(highs, net, week(), undefined, { lengths: 9 }).k).toBeCloseTo(1.375, 6);
  });

  it('boards no flight before the order is released, and none that lands past the deadline', () => {
    // Released 12:00 on day 0: the 10:00 flights of days 1 and 2 make it (ready 16:00 on day 2, due 12:00 on
    // day 3); day 0's left before the order, day 3's is ready too late. 200 seats for 100 products: K = 2.
    const net = smallNetwork([flight('SPIM', 'SKBO', '10:00', 240, 100)], { SKBO: 1000 });
    expect(bound(net, [order('SKBO', 1, T0 + 12 * 60, 100)])).toBeCloseTo(2, 6);
  });

  it('counts the 2 h pickup dwell against the destination warehouse', () => {
    // 1000 seats but SKBO holds 50 at each landing: 10 landings serve the week, K = 500 / 800.
    const net = smallNetwork([flight('SPIM', 'SKBO', '10:00', 240, 1000)], { SKBO: 50 });
    const r = deadlineBound(highs, net, week());
    expect(r.k).toBeCloseTo(0.625, 6);
    expect(r.binding.warehouses).toEqual([{ airport: 'SKBO', share: expect.closeTo(0.625, 4) }]);
    expect(r.binding.seats).toBeCloseTo(0, 4);
  });

  it('counts products waiting between legs, and the sedes supply only what has been released', () => {
    // SPIM 10:00 -> SKBO 11:00, SKBO 11:30 -> LOWW: the connection (60 min) misses today's flight, so the
    // products wait a day in SKBO (holds 100); at 11:00 yesterday's and today's arrivals are both there: 50
    // a day. One order of 100 at 00:00 on day 0, due day 3 00:00: legs SKBO-LOWW of days 1 and 2 (ready 15:30):
    // 100 products, K = 1.
    const net = smallNetwork(
      [flight('SPIM', 'SKBO', '10:00', 60, 1000), flight('SKBO', 'LOWW', '11:30', 120, 1000)],
      { SKBO: 100, LOWW: 1000 },
    );
    expect(bound(net, [order('LOWW', 1, T0, 100)])).toBeCloseTo(1, 6);
  });
});
