import loadHighs from 'highs';
import { describe, expect, it } from 'vitest';
import { createPlanner, DEFAULT_PLANNER_PARAMS, validatePlan } from '../../../server/planner';
import { steadyRouteSupport } from '../../../server/planner/bounds/steadyBound';
import { compileNetwork } from '../../../server/planner/network';
import type { Network, OrderOutcome, PlanOrder } from '../../../server/planner/types';
import { flight, order, smallNetwork, T0 } from './fixtures';

const H = 60;

/** VIDP only by two legs from SPIM: through SKBO (lands 12:00) or through LOWW (lands 17:00). */
const flights = [
  flight('SPIM', 'SKBO', '00:00', 60),
  flight('SKBO', 'VIDP', '02:00', 600),
  flight('SPIM', 'LOWW', '00:00', 60),
  flight('LOWW', 'VIDP', '02:00', 900),
];

/** The support key of a two-leg route, in the compiled network's flight order. */
function pair(net: Network, first: string, second: string): number {
  const c = compileNetwork(net, DEFAULT_PLANNER_PARAMS);
  return c.flightIndex.get(first)! * c.flightCount + c.flightIndex.get(second)!;
}

function plan(net: Network, orders: PlanOrder[], support: Set<number> | null, penaltyMin: number) {
  const planner = createPlanner(
    net,
    {},
    {
      routeSupport: support && { pairs: support, directs: null, penaltyMin },
    },
  );
  const outcomes: OrderOutcome[] = [];
  for (const o of orders) outcomes.push(...planner.addOrders([o], o.releaseMin));
  return { outcomes, report: validatePlan(net, orders, outcomes) };
}

const via = (o: OrderOutcome) => o.shipments.map((s) => `${s.legs[0].destination}:${s.quantity}`);

describe('routes of the periodic LP plan', () => {
  it('are the two-leg routes its optimal plan uses: none through a warehouse with no room', async () => {
    const net = smallNetwork(flights, { LOWW: 0 });
    const orders = [order('VIDP', 1, T0 - 2 * H, 100)];
    const { pairs } = steadyRouteSupport(await loadHighs(), net, orders);
    expect([...pairs]).toEqual([pair(net, 'SPIM-SKBO-00:00', 'SKBO-VIDP-02:00')]);
  });

  it('are preferred by the planner when pickups load the network, and other routes still serve the rest', () => {
    // 300 products of warehouse in all: 1,000 products released at once fill a fifth of it with pickups.
    const small = { SPIM: 0, EBCI: 0, UBBB: 0, SKBO: 100, LOWW: 100, VIDP: 100 };
    const net = smallNetwork(
      flights.map((f) => ({ ...f, capacity: 100 })),
      small,
    );
    const support = new Set([pair(net, 'SPIM-LOWW-00:00', 'LOWW-VIDP-02:00')]);
    const release = T0 - 2 * H;
    // A light load: the earliest arrival, as without the support.
    expect(via(plan(net, [order('VIDP', 1, release, 100)], support, 600).outcomes[0])).toEqual(['SKBO:100']);
    // A heavy one: the supported route first though it lands 5 h later; the other route still carries products
    // on time once the supported one is full (three instances by the 72 h deadline on each).
    const heavy = [order('VIDP', 2, release, 1000)];
    const onTimeVia = (o: OrderOutcome) =>
      o.shipments.filter((s) => s.readyMin <= o.deadlineMin).map((s) => s.legs[0].destination);
    const without = plan(net, heavy, null, 0).outcomes[0];
    const preferred = plan(net, heavy, support, 600);
    const out = preferred.outcomes[0];
    expect(onTimeVia(without)[0]).toBe('SKBO');
    expect(onTimeVia(out)[0]).toBe('LOWW');
    expect(onTimeVia(out).sort()).toEqual(['LOWW', 'LOWW', 'LOWW', 'SKBO', 'SKBO', 'SKBO']);
    expect(preferred.report.hard).toBe(0);
  });
});
