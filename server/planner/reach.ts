import { type CompiledNetwork, DAY_MIN } from './network';

/** Larger than any offset below (about a year of minutes); an offset and a duration still fit an Int32. */
const NEVER = 1 << 29;

/** Minute of the UTC day of t, rounded down (an earlier start never arrives later). */
export const minuteOfDay = (t: number): number => ((Math.floor(t) % DAY_MIN) + DAY_MIN) % DAY_MIN;

/**
 * Earliest arrivals over the timetable alone (no capacities, no connection time), per minute of the UTC day,
 * built lazily per airport pair: lower bounds that let the two-leg scan skip intermediates and sources that
 * cannot beat its best route so far without looking at their flight instances.
 */
export class Reach {
  private readonly legs: (Int32Array | undefined)[];
  private readonly vias: (Int32Array | undefined)[];
  /** Per minute of the day, the least cost of a departure at it (sweep scratch). */
  private readonly at = new Int32Array(DAY_MIN);

  constructor(private readonly net: CompiledNetwork) {
    const pairs = net.airportCount * net.airportCount;
    this.legs = new Array(pairs);
    this.vias = new Array(pairs);
  }

  /** At minute m: the least wait plus flight time from o to x over one direct flight leaving at m or later. */
  leg(o: number, x: number): Int32Array {
    const table = this.legs[o * this.net.airportCount + x];
    return table !== undefined ? table : this.buildLeg(o, x);
  }

  /**
   * At minute m: the least time from o to d over two flights through any intermediate, leaving o at m or later,
   * without the connection: the first flight's wait and duration plus the shortest second flight.
   */
  via(o: number, d: number): Int32Array {
    const table = this.vias[o * this.net.airportCount + d];
    return table !== undefined ? table : this.buildVia(o, d);
  }

  // The builds run once per pair: kept out of leg() and via(), which the scan's compiled code inlines.
  private buildLeg(o: number, x: number): Int32Array {
    const k = o * this.net.airportCount + x;
    const { fDep, fDur } = this.net;
    this.at.fill(NEVER);
    for (const f of this.net.direct[k]) this.depart(fDep[f], fDur[f]);
    const table = this.sweep();
    this.legs[k] = table;
    return table;
  }

  private buildVia(o: number, d: number): Int32Array {
    const n = this.net.airportCount;
    const { direct, fDep, fDur, minDur } = this.net;
    this.at.fill(NEVER);
    for (let x = 0; x < n; x++) {
      if (x === o || x === d || direct[x * n + d].length === 0) continue;
      for (const f of direct[o * n + x]) this.depart(fDep[f], fDur[f] + minDur[x * n + d]);
    }
    const table = this.sweep();
    this.vias[o * n + d] = table;
    return table;
  }

  private depart(minute: number, cost: number): void {
    if (cost < this.at[minute]) this.at[minute] = cost;
  }

  /** table[m] = least over departures at minute m' of (m' - m mod a day) + their cost: two backward passes. */
  private sweep(): Int32Array {
    const table = new Int32Array(DAY_MIN);
    let best = NEVER;
    for (let i = 2 * DAY_MIN - 1; i >= 0; i--) {
      const m = i % DAY_MIN;
      best = Math.min(best + 1, this.at[m], NEVER);
      if (i < DAY_MIN) table[m] = best;
    }
    return table;
  }
}
