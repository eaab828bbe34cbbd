import type { Random } from '../../contract/random';

export { mulberry32, type Random } from '../../contract/random';

/** Integer in [min, max], both included. */
export const randInt = (rnd: Random, min: number, max: number): number =>
  min + Math.floor(rnd() * (max - min + 1));

export const pick = <T>(rnd: Random, items: readonly T[]): T => items[Math.floor(rnd() * items.length)];

/** Index drawn with probability proportional to its weight, from precomputed cumulative weights. */
export function pickWeighted(rnd: Random, cumulative: Float64Array): number {
  const x = rnd() * cumulative[cumulative.length - 1];
  let lo = 0;
  let hi = cumulative.length - 1;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (cumulative[mid] > x) hi = mid;
    else lo = mid + 1;
  }
  return lo;
}

export function cumulate(weights: readonly number[]): Float64Array {
  const c = new Float64Array(weights.length);
  let s = 0;
  for (let i = 0; i < weights.length; i++) {
    s += weights[i];
    c[i] = s;
  }
  return c;
}
