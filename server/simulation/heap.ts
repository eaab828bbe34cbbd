/** Binary min-heap of (time, key): orders by the minute their last products are ready. */
export class FinishHeap {
  private times: number[] = [];
  private keys: string[] = [];

  get size(): number {
    return this.times.length;
  }

  push(time: number, key: string): void {
    const t = this.times;
    const k = this.keys;
    let i = t.length;
    t.push(time);
    k.push(key);
    while (i > 0) {
      const p = (i - 1) >> 1;
      if (t[p] <= time) break;
      t[i] = t[p];
      k[i] = k[p];
      i = p;
    }
    t[i] = time;
    k[i] = key;
  }

  peekTime(): number {
    return this.times.length > 0 ? this.times[0] : Number.POSITIVE_INFINITY;
  }

  pop(): { time: number; key: string } | undefined {
    const t = this.times;
    const k = this.keys;
    if (t.length === 0) return undefined;
    const top = { time: t[0], key: k[0] };
    const lastT = t.pop()!;
    const lastK = k.pop()!;
    const n = t.length;
    if (n > 0) {
      let i = 0;
      for (;;) {
        const l = 2 * i + 1;
        if (l >= n) break;
        const r = l + 1;
        const c = r < n && t[r] < t[l] ? r : l;
        if (t[c] >= lastT) break;
        t[i] = t[c];
        k[i] = k[c];
        i = c;
      }
      t[i] = lastT;
      k[i] = lastK;
    }
    return top;
  }
}
