import { DAY_MIN as DAY } from '../../contract/time';
import { cumulate, mulberry32, pickWeighted } from '../demo/random';
import type { PlanOrder } from '../planner/types';
import type { GrowthOptions } from './options';

/** What the stored orders look like: the synthetic demand copies their mix. */
export interface DemandProfile {
  /** Average products per day over the sampled days. */
  productsPerDay: number;
  destinations: string[];
  destCumulative: Float64Array;
  /** Quantities of the sampled orders (drawn uniformly: the empirical distribution). */
  quantities: Int32Array;
  /** UTC hour-of-day weights (cumulative). */
  hourCumulative: Float64Array;
}

/** Profile of the given orders (normally the last 7 days of stored demand). Null when there are none. */
export function demandProfile(orders: readonly PlanOrder[]): DemandProfile | null {
  if (orders.length === 0) return null;
  const byDest = new Map<string, number>();
  const hours = new Array<number>(24).fill(0);
  const quantities = new Int32Array(orders.length);
  let products = 0;
  let first = Number.POSITIVE_INFINITY;
  let last = Number.NEGATIVE_INFINITY;
  orders.forEach((o, i) => {
    byDest.set(o.destination, (byDest.get(o.destination) ?? 0) + 1);
    hours[Math.floor((((o.releaseMin % DAY) + DAY) % DAY) / 60)] += 1;
    quantities[i] = o.quantity;
    products += o.quantity;
    first = Math.min(first, o.releaseMin);
    last = Math.max(last, o.releaseMin);
  });
  const destinations = [...byDest.keys()].sort();
  const days = Math.max(1, (last - first + 1) / DAY);
  return {
    productsPerDay: products / days,
    destinations,
    destCumulative: cumulate(destinations.map((d) => byDest.get(d) ?? 0)),
    quantities,
    hourCumulative: cumulate(hours.map((h) => h + 0.01)),
  };
}

/** products/day = 900 + (x0 + k·d)^n with 900 + x0^n = P0 and yearFactor growth every periodDays. */
export function growthLaw(
  p0: number,
  g: Pick<GrowthOptions, 'exponent' | 'yearFactor' | 'periodDays'>,
): (days: number) => number {
  const n = g.exponent;
  const base = Math.max(1, p0 - 900);
  const x0 = base ** (1 / n);
  const x1 = Math.max(1, g.yearFactor * p0 - 900) ** (1 / n);
  const k = (x1 - x0) / Math.max(1e-9, g.periodDays);
  return (days) => 900 + Math.max(0, x0 + k * days) ** n;
}

/**
 * Seeded synthetic orders for one UTC day (random access by day: a resumed run regenerates exactly the
 * same orders). Keys are DEST-G<day>-<i>, never clashing with stored ones.
 */
export function syntheticDay(
  profile: DemandProfile,
  law: (days: number) => number,
  growthStartDay: number,
  day: number,
  seed: number,
): PlanOrder[] {
  const rnd = mulberry32((seed ^ Math.imul(day + 1, 0x9e3779b1)) >>> 0);
  const target = Math.round(law(day - growthStartDay + 0.5));
  const out: PlanOrder[] = [];
  let products = 0;
  for (let i = 0; products < target; i++) {
    const dest = profile.destinations[pickWeighted(rnd, profile.destCumulative)];
    const quantity = profile.quantities[Math.floor(rnd() * profile.quantities.length)];
    const hour = pickWeighted(rnd, profile.hourCumulative);
    const minute = Math.floor(rnd() * 60);
    out.push({
      key: `${dest}-G${day}-${i}`,
      destination: dest,
      releaseMin: day * DAY + hour * 60 + minute,
      quantity,
    });
    products += quantity;
  }
  out.sort((a, b) => a.releaseMin - b.releaseMin || (a.key < b.key ? -1 : 1));
  return out;
}
