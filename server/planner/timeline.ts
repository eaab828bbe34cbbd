import { DAY_MIN } from './network';

/** Bucket width in minutes: a range query scans at most two partial buckets plus whole-bucket maxima. */
const BUCKET = 16;
const BUCKETS = DAY_MIN / BUCKET;

interface Page {
  /** Per-minute count, excluding the bucket's pending add. */
  base: Int32Array;
  /** Pending add applied to a whole bucket. */
  lazy: Int32Array;
  /** Max over the bucket, including its pending add. */
  top: Int32Array;
}

const newPage = (): Page => ({
  base: new Int32Array(DAY_MIN),
  lazy: new Int32Array(BUCKETS),
  top: new Int32Array(BUCKETS),
});

/**
 * A piecewise-constant count over time (products in one warehouse), minute resolution,
 * stored in one page per UTC day so that old days can be dropped (memory stays flat).
 * Range add and range max cost O(BUCKET + length / BUCKET).
 */
export class Timeline {
  private readonly pages = new Map<number, Page>();

  /** Adds delta on [from, to). */
  add(from: number, to: number, delta: number): void {
    let t = from;
    while (t < to) {
      const day = Math.floor(t / DAY_MIN);
      const start = day * DAY_MIN;
      const end = Math.min(to, start + DAY_MIN);
      let page = this.pages.get(day);
      if (!page) {
        page = newPage();
        this.pages.set(day, page);
      }
      addInPage(page, t - start, end - start, delta);
      t = end;
    }
  }

  /** Max count on [from, to); 0 for an empty range. */
  max(from: number, to: number): number {
    let best = 0;
    let t = from;
    while (t < to) {
      const day = Math.floor(t / DAY_MIN);
      const start = day * DAY_MIN;
      const end = Math.min(to, start + DAY_MIN);
      const page = this.pages.get(day);
      if (page) {
        const m = maxInPage(page, t - start, end - start);
        if (m > best) best = m;
      }
      t = end;
    }
    return best;
  }

  at(t: number): number {
    const day = Math.floor(t / DAY_MIN);
    const page = this.pages.get(day);
    if (!page) return 0;
    const i = t - day * DAY_MIN;
    return page.base[i] + page.lazy[(i / BUCKET) | 0];
  }

  /** First minute in [from, to) whose count is at least limit, or -1. */
  firstAtLeast(from: number, to: number, limit: number): number {
    for (let t = from; t < to; t++) if (this.at(t) >= limit) return t;
    return -1;
  }

  /** Forgets days before the given UTC day. */
  dropBefore(day: number): void {
    for (const d of this.pages.keys()) if (d < day) this.pages.delete(d);
  }

  get pageCount(): number {
    return this.pages.size;
  }
}

function refreshTop(p: Page, b: number): void {
  const lo = b * BUCKET;
  let m = p.base[lo];
  for (let i = lo + 1; i < lo + BUCKET; i++) if (p.base[i] > m) m = p.base[i];
  p.top[b] = m + p.lazy[b];
}

function addInPage(p: Page, a: number, b: number, delta: number): void {
  let i = a;
  if (i % BUCKET !== 0) {
    const bucket = (i / BUCKET) | 0;
    const stop = Math.min(b, (bucket + 1) * BUCKET);
    for (; i < stop; i++) p.base[i] += delta;
    refreshTop(p, bucket);
  }
  while (i + BUCKET <= b) {
    const bucket = i / BUCKET;
    p.lazy[bucket] += delta;
    p.top[bucket] += delta;
    i += BUCKET;
  }
  if (i < b) {
    const bucket = (i / BUCKET) | 0;
    for (; i < b; i++) p.base[i] += delta;
    refreshTop(p, bucket);
  }
}

function maxInPage(p: Page, a: number, b: number): number {
  let best = -2147483648;
  let i = a;
  if (i % BUCKET !== 0) {
    const bucket = (i / BUCKET) | 0;
    const stop = Math.min(b, (bucket + 1) * BUCKET);
    const lazy = p.lazy[bucket];
    for (; i < stop; i++) if (p.base[i] + lazy > best) best = p.base[i] + lazy;
  }
  while (i + BUCKET <= b) {
    const v = p.top[i / BUCKET];
    if (v > best) best = v;
    i += BUCKET;
  }
  if (i < b) {
    const bucket = (i / BUCKET) | 0;
    const lazy = p.lazy[bucket];
    for (; i < b; i++) if (p.base[i] + lazy > best) best = p.base[i] + lazy;
  }
  return best;
}
