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

  it('are preferred by the planner while they have room, and other routes still serve the rest', () => {
    const net = smallNetwork(flights);
    const support = new Set([pair(net, 'SPIM-LOWW-00:00', 'LOWW-VIDP-02:00')]);
    const o = order('VIDP', 1, T0 - 2 * H, 100);
    // Without a preference the earliest arrival wins; with it, the supported route though it lands 5 h later.
    expect(via(plan(net, [o], null, 0).outcomes[0])).toEqual(['SKBO:100']);
    const preferred = plan(net, [o], support, 600);
    expect(via(preferred.outcomes[0])).toEqual(['LOWW:100']);
    expect(preferred.report.hard).toBe(0);
    // 1,000 products: the supported route's three on-time instances carry 300 each, the other route the rest.
    const big = plan(net, [order('VIDP', 2, T0 - 2 * H, 1000)], support, Number.POSITIVE_INFINITY);
    const out = big.outcomes[0];
    expect(out.status).toBe('onTime');
    expect(via(out).sort()).toEqual(['LOWW:300', 'LOWW:300', 'LOWW:300', 'SKBO:100']);
    expect(big.report.hard).toBe(0);
  });
});
