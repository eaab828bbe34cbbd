import { type CompiledNetwork, DAY_MIN } from './network';

/** No route (about a thousand years of minutes): far above any deadline, and two of them fit an Int32. */
const NEVER = 1 << 29;

/** Minute of the UTC day of t, rounded down (an earlier start never arrives later). */
export const minuteOfDay = (t: number): number => ((Math.floor(t) % DAY_MIN) + DAY_MIN) % DAY_MIN;

/**
 * Earliest arrivals over the timetable alone (no capacities, no connection time), per minute of the UTC day,
 * built lazily per origin or airport pair: lower bounds that let the two-leg scan skip intermediates and
 * sources that cannot beat its best route so far without looking at their flight instances.
 */
export class Reach {
  private readonly n: number;
  private readonly froms: (Int32Array | undefined)[];
  private readonly vias: (Int32Array | undefined)[];
  private readonly hubLists: (Int32Array | undefined)[];
  /** Per minute of the day, the least cost of a departure at it (sweep scratch). */
  private readonly at = new Int32Array(DAY_MIN);
  private readonly swept = new Int32Array(DAY_MIN);

  constructor(private readonly net: CompiledNetwork) {
    this.n = net.airportCount;
    this.froms = new Array(this.n);
    this.vias = new Array(this.n * this.n);
    this.hubLists = new Array(this.n * this.n);
  }

  /**
   * At m * airportCount + x: the least wait plus flight time from o to x over one direct flight leaving at
   * minute m of the day or later (a row per minute: the scan reads every intermediate at one minute).
   */
  from(o: number): Int32Array {
    const table = this.froms[o];
    return table !== undefined ? table : this.buildFrom(o);
  }

  /**
   * At minute m: the least time from o to d over two flights through any intermediate, leaving o at m or
   * later, without the connection: the first flight's wait and duration plus the shortest second flight.
   */
  via(o: number, d: number): Int32Array {
    const table = this.vias[o * this.n + d];
    return table !== undefined ? table : this.buildVia(o, d);
  }

  /** Intermediates x of two-leg routes o → x → d (flights on both legs), ascending. */
  hubs(o: number, d: number): Int32Array {
    const list = this.hubLists[o * this.n + d];
    return list !== undefined ? list : this.buildHubs(o, d);
  }

  // The builds run once per airport or pair: kept out of the lookups, which the scan's compiled code inlines.
  private buildFrom(o: number): Int32Array {
    const { n } = this;
    const { direct, fDep, fDur } = this.net;
    const table = new Int32Array(DAY_MIN * n).fill(NEVER);
    for (let x = 0; x < n; x++) {
      if (direct[o * n + x].length === 0) continue;
      this.at.fill(NEVER);
      for (const f of direct[o * n + x]) this.depart(fDep[f], fDur[f]);
      this.sweep();
      for (let m = 0; m < DAY_MIN; m++) table[m * n + x] = this.swept[m];
    }
    this.froms[o] = table;
    return table;
  }

  private buildVia(o: number, d: number): Int32Array {
    const { n } = this;
    const { direct, fDep, fDur, minDur } = this.net;
    this.at.fill(NEVER);
    for (const x of this.hubs(o, d))
      for (const f of direct[o * n + x]) this.depart(fDep[f], fDur[f] + minDur[x * n + d]);
    this.sweep();
    const table = this.swept.slice();
    this.vias[o * n + d] = table;
    return table;
  }

  private buildHubs(o: number, d: number): Int32Array {
    const { n } = this;
    const { direct } = this.net;
    const list: number[] = [];
    for (let x = 0; x < n; x++)
      if (x !== o && x !== d && direct[o * n + x].length > 0 && direct[x * n + d].length > 0) list.push(x);
    const hubs = Int32Array.from(list);
    this.hubLists[o * n + d] = hubs;
    return hubs;
  }

  private depart(minute: number, cost: number): void {
    if (cost < this.at[minute]) this.at[minute] = cost;
  }

  /** swept[m] = least over departures at minute m' of (m' - m mod a day) + their cost (two passes back). */
  private sweep(): void {
    let best = NEVER;
    for (let i = 2 * DAY_MIN - 1; i >= 0; i--) {
      const m = i % DAY_MIN;
      best = Math.min(best + 1, this.at[m], NEVER);
      if (i < DAY_MIN) this.swept[m] = best;
    }
  }
}
