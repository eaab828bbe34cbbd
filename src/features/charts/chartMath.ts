import { HOUR_MIN, MINUTE_MS } from '../../../contract/time';

/** Pure helpers of the run charts: scales, ticks, and thinning long series to the pixels they get. */

export interface Point {
  x: number;
  y: number;
}

/**
 * Keeps, per pixel column, the first, lowest, highest and last sample (in time order): the drawn line
 * is the same as with every sample, with at most four points a pixel. Nulls break the line (gaps).
 */
export function thin(
  xs: readonly number[],
  ys: readonly (number | null)[],
  toPixel: (x: number) => number,
): Point[][] {
  const runs: Point[][] = [];
  let run: Point[] = [];
  let column = Number.NaN;
  let bucket: Point[] = [];
  const flush = () => {
    if (bucket.length === 0) return;
    if (bucket.length <= 4) run.push(...bucket);
    else {
      let lo = bucket[0] as Point;
      let hi = bucket[0] as Point;
      for (const p of bucket) {
        if (p.y < lo.y) lo = p;
        if (p.y > hi.y) hi = p;
      }
      const keep = new Set([bucket[0] as Point, lo, hi, bucket[bucket.length - 1] as Point]);
      run.push(...bucket.filter((p) => keep.has(p)));
    }
    bucket = [];
  };
  for (let i = 0; i < xs.length; i++) {
    const y = ys[i];
    if (y === null || y === undefined) {
      flush();
      if (run.length > 0) runs.push(run);
      run = [];
      column = Number.NaN;
      continue;
    }
    const px = toPixel(xs[i] as number);
    const col = Math.floor(px);
    if (col !== column) {
      flush();
      column = col;
    }
    bucket.push({ x: px, y });
  }
  flush();
  if (run.length > 0) runs.push(run);
  return runs;
}

/** A round top for a y axis (1, 2 or 5 times a power of ten) at or above the data's maximum. */
export function niceMax(max: number): number {
  if (!(max > 0)) return 1;
  const power = 10 ** Math.floor(Math.log10(max));
  for (const step of [1, 2, 2.5, 5, 10]) if (step * power >= max) return step * power;
  return 10 * power;
}

/**
 * Evenly spaced y ticks from 0 to `top` (inclusive), on round values: a top of 2.5 or 5 times a power
 * of ten is cut in five (500, 1,000...), any other in four (25 %, 2,500...).
 */
export function yTicks(top: number): number[] {
  const lead = top / 10 ** Math.floor(Math.log10(top));
  const count = lead === 2.5 || lead === 5 ? 5 : 4;
  return Array.from({ length: count + 1 }, (_, i) => (top * i) / count);
}

const HOUR = HOUR_MIN * MINUTE_MS;
const STEPS = [1, 2, 3, 6, 12, 24, 48, 72, 168].map((h) => h * HOUR);

/**
 * Time ticks on whole UTC hours or days, at most `maxTicks` of them across [from, to]. Returns the
 * instants and whether they fall on whole days (labels then omit the hour).
 */
export function timeTicks(from: number, to: number, maxTicks: number): { ticks: number[]; days: boolean } {
  const span = Math.max(1, to - from);
  const step = STEPS.find((s) => span / s <= Math.max(1, maxTicks)) ?? (STEPS[STEPS.length - 1] as number);
  const first = Math.ceil(from / step) * step;
  const ticks: number[] = [];
  for (let t = first; t <= to; t += step) ticks.push(t);
  return { ticks, days: step >= 24 * HOUR };
}

/** Index of the sample nearest to instant `x` (binary search over ascending `xs`); -1 when empty. */
export function nearestIndex(xs: readonly number[], x: number): number {
  if (xs.length === 0) return -1;
  let lo = 0;
  let hi = xs.length - 1;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if ((xs[mid] as number) < x) lo = mid + 1;
    else hi = mid;
  }
  if (lo > 0 && x - (xs[lo - 1] as number) <= (xs[lo] as number) - x) return lo - 1;
  return lo;
}
