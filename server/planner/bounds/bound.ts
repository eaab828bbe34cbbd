import { DAY_MIN } from '../network';
import type { Network, PlannerParams, PlanOrder } from '../types';
import { DEFAULT_PLANNER_PARAMS } from '../types';

/**
 * Throughput upper bounds on the demand scale K any plan can serve on time (no planner involved).
 * For every window of release days [a, b], the products released in it must be ready by the end of
 * day b + 3 (72 h, the longest deadline), so:
 * - sede seats: every product leaves a sede on a flight departing in [day a, day b + 3];
 * - destination warehouse: every product sits 2 h in its destination's warehouse within that span;
 * - all warehouses together: the same, summed over the network.
 * K times the demand must fit each; the smallest ratio is the bound and names the capacity that binds.
 */
export interface ScaleBound {
  k: number;
  resource: 'sede-seats' | 'destination-warehouse' | 'all-warehouses';
  airport?: string;
  /** Release window (UTC days since epoch), inclusive. */
  fromDay: number;
  toDay: number;
}

const DAY = DAY_MIN;

export function scaleUpperBounds(
  network: Network,
  orders: PlanOrder[],
  params: PlannerParams = DEFAULT_PLANNER_PARAMS,
): ScaleBound[] {
  const sedes = new Set(params.sedes);
  const slackDays = Math.ceil(params.deadlineOtherContinentMin / DAY);
  const flown = orders.filter((o) => !sedes.has(o.destination));
  if (flown.length === 0) return [];
  const day0 = Math.floor(Math.min(...flown.map((o) => o.releaseMin)) / DAY);
  const days = Math.floor(Math.max(...flown.map((o) => o.releaseMin)) / DAY) - day0 + 1;
  const codes = network.airports.map((a) => a.code);
  const idx = new Map(codes.map((c, i) => [c, i]));
  const demand = codes.map(() => new Float64Array(days));
  const total = new Float64Array(days);
  for (const o of flown) {
    const i = idx.get(o.destination);
    if (i === undefined) continue;
    const d = Math.floor(o.releaseMin / DAY) - day0;
    demand[i][d] += o.quantity;
    total[d] += o.quantity;
  }
  const sedeSeatsPerDay = network.flights
    .filter((f) => sedes.has(f.origin))
    .reduce((s, f) => s + f.capacity, 0);
  const allCapacity = network.airports.reduce((s, a) => s + a.capacity, 0);
  const best = new Map<string, ScaleBound>();
  const keep = (b: ScaleBound) => {
    const key = b.resource;
    const cur = best.get(key);
    if (!cur || b.k < cur.k) best.set(key, b);
  };
  for (let a = 0; a < days; a++) {
    let sum = 0;
    const per = new Float64Array(codes.length);
    for (let b = a; b < days; b++) {
      sum += total[b];
      for (let i = 0; i < codes.length; i++) per[i] += demand[i][b];
      const spanDays = b - a + 1 + slackDays;
      const window = { fromDay: day0 + a, toDay: day0 + b };
      if (sum > 0) {
        keep({ k: (sedeSeatsPerDay * spanDays) / sum, resource: 'sede-seats', ...window });
        const minutes = spanDays * DAY;
        keep({
          k: (allCapacity * minutes) / (sum * params.pickupMin),
          resource: 'all-warehouses',
          ...window,
        });
      }
      for (let i = 0; i < codes.length; i++) {
        if (per[i] === 0) continue;
        const k = (network.airports[i].capacity * spanDays * DAY) / (per[i] * params.pickupMin);
        keep({ k, resource: 'destination-warehouse', airport: codes[i], ...window });
      }
    }
  }
  return [...best.values()].sort((x, y) => x.k - y.k);
}
