import { DAY_MIN } from './network';

/** Products booked per flight instance, one array per UTC day (old days can be dropped). */
export class FlightLoads {
  private readonly pages = new Map<number, Int32Array>();
  /** The last page read: searches look up many instances of the same day in a row. */
  private lastDay = Number.NaN;
  private lastPage: Int32Array | undefined;
  constructor(private readonly flightCount: number) {}

  /** Load of flight f departing at dep (UTC epoch minute). */
  get(f: number, dep: number): number {
    const day = Math.floor(dep / DAY_MIN);
    if (day === this.lastDay) return this.lastPage![f];
    const page = this.pages.get(day);
    if (!page) return 0;
    this.lastDay = day;
    this.lastPage = page;
    return page[f];
  }

  add(f: number, dep: number, delta: number): void {
    const day = Math.floor(dep / DAY_MIN);
    let page = this.pages.get(day);
    if (!page) {
      page = new Int32Array(this.flightCount);
      this.pages.set(day, page);
    }
    page[f] += delta;
  }

  /** Calls fn for every booked instance (any load), in no particular order. */
  forEach(
    fn: (f: number, dep: number, load: number) => void,
    depOf: (f: number, day: number) => number,
  ): void {
    for (const [day, page] of this.pages) {
      for (let f = 0; f < page.length; f++) if (page[f] !== 0) fn(f, depOf(f, day), page[f]);
    }
  }

  dropBefore(day: number): void {
    this.lastDay = Number.NaN;
    this.lastPage = undefined;
    for (const d of this.pages.keys()) if (d < day) this.pages.delete(d);
  }

  get pageCount(): number {
    return this.pages.size;
  }
}
