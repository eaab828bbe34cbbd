import { DAY_MIN } from '../../../contract/time';
import type { SimulationOptions } from '../options';
import { type LoadSource, lastDepartureAtOrBefore, type ViewNetwork } from '../view';

/** Simulated minutes between warehouse samples (peaks and "saturated since"). */
const SAMPLE_EVERY_MIN = 10;

export interface WarehousePeak {
  airport: number;
  load: number;
  atMin: number;
}

export interface FlightPeak {
  flight: number;
  depMin: number;
  load: number;
}

/**
 * How a run used the network: seats booked on departed flights (utilisation and the fullest flight) and
 * warehouse occupancy sampled as the clock moves (the peak, and since when each warehouse is saturated).
 * Departed flights and past minutes never change again, so each is read once.
 */
export class Usage {
  private accountedMin: number;
  private booked = 0;
  private offered = 0;
  flightPeak: FlightPeak | null = null;
  warehousePeak: WarehousePeak | null = null;
  private sampledMin: number;
  /** Per airport: the first sample of its current saturated stretch (NaN when not saturated). */
  private readonly saturatedSince: Float64Array;

  constructor(
    private readonly view: ViewNetwork,
    private readonly plan: LoadSource & { warehouseLoad(code: string, atMin: number): number },
    startMin: number,
    private readonly levels: SimulationOptions['levels'],
  ) {
    this.accountedMin = startMin;
    this.sampledMin = startMin - SAMPLE_EVERY_MIN;
    this.saturatedSince = new Float64Array(view.airports.length).fill(Number.NaN);
  }

  /** Books the flight instances departed before `beforeMin` (skipped while less than `minStep` passed). */
  accountDepartures(beforeMin: number, minStep: number): void {
    if (beforeMin - this.accountedMin <= minStep) return;
    const v = this.view;
    const n = v.flightIds.length;
    for (let i = 0; i < n; i++) {
      let dep = lastDepartureAtOrBefore(v, i, this.accountedMin - 1) + DAY_MIN;
      for (; dep < beforeMin; dep += DAY_MIN) {
        const id = v.flightIds[i];
        if (this.plan.isCancelled(id, dep)) continue;
        const load = this.plan.flightLoad(id, dep);
        this.booked += load;
        this.offered += v.capacity[i];
        const peak = this.flightPeak;
        if (load > 0 && (!peak || load / v.capacity[i] > peak.load / v.capacity[peak.flight]))
          this.flightPeak = { flight: i, depMin: dep, load };
      }
    }
    this.accountedMin = beforeMin;
  }

  /** Products booked / seats offered on the instances departed so far. */
  utilisation(): number {
    return this.offered > 0 ? Math.round((this.booked / this.offered) * 10_000) / 10_000 : 0;
  }

  /** Samples warehouse occupancy every SAMPLE_EVERY_MIN simulated minutes up to nowMin. */
  sample(nowMin: number): void {
    if (nowMin - this.sampledMin < SAMPLE_EVERY_MIN) return;
    const at = nowMin - (nowMin % SAMPLE_EVERY_MIN);
    const v = this.view;
    for (let a = 0; a < v.airports.length; a++) {
      const ap = v.airports[a];
      const load = this.plan.warehouseLoad(ap.code, at);
      const peak = this.warehousePeak;
      if (
        load > 0 &&
        (!peak ||
          load / Math.max(1, ap.capacity) > peak.load / Math.max(1, v.airports[peak.airport].capacity))
      )
        this.warehousePeak = { airport: a, load, atMin: at };
      const saturated = ap.capacity > 0 && load / ap.capacity > this.levels.saturated;
      if (!saturated) this.saturatedSince[a] = Number.NaN;
      else if (Number.isNaN(this.saturatedSince[a])) this.saturatedSince[a] = at;
    }
    this.sampledMin = at;
  }

  /** Since when (a sample at or before now) an airport's warehouse is saturated; null when it is not. */
  saturatedFrom(code: string): number | null {
    const a = this.view.airportIndex.get(code);
    if (a === undefined) return null;
    const t = this.saturatedSince[a];
    return Number.isNaN(t) ? null : t;
  }
}
