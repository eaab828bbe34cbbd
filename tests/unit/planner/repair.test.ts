import { describe, expect, it } from 'vitest';
import {
  createPlanner,
  DEFAULT_PLANNER_PARAMS,
  scaleUpperBounds,
  validatePlan,
} from '../../../server/planner';
import { flight, order, smallNetwork, T0 } from './fixtures';

const H = 60;
// 12 h deadlines make the example small: A (to SKBO) can also take the 06:00 flight; B (to LOWW) can only
// connect at SKBO with the 02:00 flight.
const params = { deadlineSameContinentMin: 12 * H, deadlineOtherContinentMin: 12 * H };
const net = smallNetwork([
  flight('SPIM', 'SKBO', '02:00', 120, 100),
  flight('SPIM', 'SKBO', '06:00', 120, 100),
  flight('SKBO', 'LOWW', '05:00', 120, 100),
]);

describe('re-planning earlier decisions', () => {
  it('moves an earlier order to its other on-time flight to make room for a later one', () => {
    const planner = createPlanner(net, params);
    const a = order('SKBO', 1, T0, 100);
    const b = order('LOWW', 2, T0 + 1, 100);
    const [outA] = planner.addOrders([a], a.releaseMin);
    expect(outA.shipments[0].legs[0].flightId).toBe('SPIM-SKBO-02:00');
    const [outB] = planner.addOrders([b], b.releaseMin);
    expect(outB.status).toBe('onTime');
    expect(outB.shipments[0].legs.map((l) => l.flightId)).toEqual(['SPIM-SKBO-02:00', 'SKBO-LOWW-05:00']);
    const moved = planner.takeReplanned();
    expect(moved.map((o) => o.key)).toEqual([a.key]);
    expect(planner.outcome(a.key)!.shipments[0].legs[0].flightId).toBe('SPIM-SKBO-06:00');
    expect(planner.outcome(a.key)!.status).toBe('onTime');
    expect(planner.takeReplanned()).toEqual([]);
    const report = validatePlan(net, [a, b], [planner.outcome(a.key)!, outB], {
      ...DEFAULT_PLANNER_PARAMS,
      ...params,
    });
    expect(report.hard).toBe(0);
  });

  it('leaves an earlier order alone when moving it would make it late', () => {
    const tight = { ...params, deadlineSameContinentMin: 8 * H }; // A must take 02:00 (ready 06:00 <= 08:00)
    const planner = createPlanner(net, tight);
    const a = order('SKBO', 1, T0, 100);
    const b = order('LOWW', 2, T0 + 1, 100);
    planner.addOrders([a], a.releaseMin);
    const [outB] = planner.addOrders([b], b.releaseMin);
    expect(outB.status).not.toBe('onTime');
    expect(planner.outcome(a.key)!.status).toBe('onTime');
    expect(planner.outcome(a.key)!.shipments[0].legs[0].flightId).toBe('SPIM-SKBO-02:00');
    expect(planner.takeReplanned()).toEqual([]);
  });
});

describe('scaleUpperBounds', () => {
  it('bounds the demand scale by the seats leaving the sedes within the deadline', () => {
    const one = smallNetwork([flight('SPIM', 'SKBO', '10:00', 120, 100)], { SKBO: 1000 });
    // 50 products released in one day: they may leave on that day or the 3 following (72 h): 400 seats.
    const bounds = scaleUpperBounds(one, [order('SKBO', 1, T0, 50)]);
    const seats = bounds.find((b) => b.resource === 'sede-seats')!;
    expect(seats.k).toBeCloseTo(400 / 50);
    // Warehouse: 1000 places x 4 days of minutes / (50 products x 120 min).
    const wh = bounds.find((b) => b.resource === 'destination-warehouse')!;
    expect(wh.airport).toBe('SKBO');
    expect(wh.k).toBeCloseTo((1000 * 4 * 1440) / (50 * 120));
    expect(bounds[0].k).toBe(Math.min(...bounds.map((b) => b.k)));
  });
});
