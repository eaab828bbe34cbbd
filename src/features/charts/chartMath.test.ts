import { describe, expect, it } from 'vitest';
import { nearestIndex, niceMax, thin, timeTicks, yTicks } from './chartMath';

const HOUR = 3_600_000;

describe('thin', () => {
  it('keeps first, lowest, highest and last of each pixel column, in time order', () => {
    const xs = [0, 1, 2, 3, 4, 5, 6, 7];
    const ys = [5, 9, 1, 7, 4, 6, 3, 8];
    // Everything falls in one column: four points survive.
    const [run] = thin(xs, ys, () => 0.5);
    expect(run?.map((p) => p.y)).toEqual([5, 9, 1, 8]);
  });

  it('draws every point when each has its own column', () => {
    const xs = [0, 1, 2];
    expect(thin(xs, [1, 2, 3], (x) => x * 10)).toEqual([
      [
        { x: 0, y: 1 },
        { x: 10, y: 2 },
        { x: 20, y: 3 },
      ],
    ]);
  });

  it('breaks the line where a value is missing', () => {
    const runs = thin([0, 1, 2, 3], [1, null, 3, 4], (x) => x * 10);
    expect(runs.map((r) => r.map((p) => p.y))).toEqual([[1], [3, 4]]);
  });

  it('a week sampled every minute comes down to a few points per pixel', () => {
    const n = 7 * 24 * 60;
    const xs = Array.from({ length: n }, (_, i) => i);
    const ys = xs.map((i) => Math.sin(i / 50));
    const runs = thin(xs, ys, (x) => (x / n) * 600);
    const kept = runs.flat().length;
    expect(kept).toBeLessThanOrEqual(600 * 4);
    expect(Math.max(...runs.flat().map((p) => p.y))).toBe(Math.max(...ys));
    expect(Math.min(...runs.flat().map((p) => p.y))).toBe(Math.min(...ys));
  });
});

describe('axes', () => {
  it('rounds the top of the y axis up to 1, 2, 2.5 or 5 times a power of ten', () => {
    expect(niceMax(0)).toBe(1);
    expect(niceMax(7)).toBe(10);
    expect(niceMax(180)).toBe(200);
    expect(niceMax(2_100)).toBe(2_500);
    expect(niceMax(4_300)).toBe(5_000);
  });

  it('cuts the y axis on round values', () => {
    expect(yTicks(100)).toEqual([0, 25, 50, 75, 100]);
    expect(yTicks(2_500)).toEqual([0, 500, 1_000, 1_500, 2_000, 2_500]);
    expect(yTicks(5_000)).toEqual([0, 1_000, 2_000, 3_000, 4_000, 5_000]);
    expect(yTicks(2_000)).toEqual([0, 500, 1_000, 1_500, 2_000]);
  });

  it('ticks a week by days and a day by hours, on whole UTC hours', () => {
    const monday = Date.UTC(2026, 0, 5);
    const week = timeTicks(monday, monday + 7 * 24 * HOUR, 8);
    expect(week.days).toBe(true);
    expect(week.ticks[0]).toBe(monday);
    expect(week.ticks).toHaveLength(8);
    const day = timeTicks(monday + 30 * 60_000, monday + 24 * HOUR, 6);
    expect(day.days).toBe(false);
    expect(day.ticks[0]).toBe(monday + 6 * HOUR);
    expect(day.ticks.every((t) => t % HOUR === 0)).toBe(true);
  });

  it('finds the sample nearest to an instant', () => {
    expect(nearestIndex([], 5)).toBe(-1);
    expect(nearestIndex([0, 10, 20], 4)).toBe(0);
    expect(nearestIndex([0, 10, 20], 6)).toBe(1);
    expect(nearestIndex([0, 10, 20], 99)).toBe(2);
  });
});
