import type { GrowthLawDto, LoadLevel } from '../../contract';
import { DAY_MIN, WEEK_MIN } from '../../contract/time';

/**
 * Knobs of the simulation (DOMAIN.md: every default is a parameter, never a buried literal).
 * The plugin takes a partial override; tests shorten ticks and drive the clock by hand.
 */
export interface SimulationOptions {
  /** Real milliseconds between ticks (stream messages and clock moves). 0 = no timer: call tick() by hand. */
  tickMs: number;
  /** Heartbeat comment period on the live stream, so proxies keep it open. */
  heartbeatMs: number;
  /** A live client with more unsent bytes than this at tick time is dropped (memory stays bounded). */
  maxBufferedBytes: number;
  /** How often the simulated time of running runs is written to the database. */
  persistEveryMs: number;
  /** Simulated seconds per real second for semanal/colapso: a week plays in 60 minutes (168x). */
  defaultSpeed: number;
  /** Semanal window when fin is not given. */
  defaultWeekMin: number;
  /** Operacion: stored orders released this long before the start are planned first (a warm network). */
  operationLookbackMin: number;
  /** Load thresholds (fraction of capacity): below `limited` Disponible, up to `saturated` Limitado, above Saturado. */
  levels: { limited: number; saturated: number };
  colors: Record<LoadLevel, string>;
  /** Orders planned per slice of a max-speed run or a replay (one slice is the longest a question waits). */
  sliceOrders: number;
  /** Slices run back to back for this long, then the run's worker answers its messages. */
  sliceMs: number;
  /** Most orders a paced run plans in one tick; past it the clock waits for the planner. */
  tickOrders: number;
  /**
   * How much less CPU priority a run's worker thread asks for than the API's (Linux nice steps). 0 by
   * default: measured on this 2-core machine, the API's p95 stays near 10 ms during a max-speed collapse
   * search without it, and with 5 a collapse search slows on a busy machine (the API then won: p95 22 ms).
   */
  workerNice: number;
  /** How often a max-speed run reports its progress to the main thread (and the stream's clients). */
  snapshotEveryMs: number;
  /** Default and maximum of `limit` on the live stream. */
  liveDefaultLimit: number;
  liveMaxLimit: number;
  growth: GrowthOptions;
}

/**
 * Demand growth for colapso: products/day = 900 + x^n (the business law, n in [1.119, 1.229]).
 * x advances linearly with simulated days from x0, where 900 + x0^n equals the stored demand, at the
 * pace that multiplies demand by `yearFactor` (the business expects 1.5x-2.5x in a year) every
 * `periodDays` simulated days. periodDays = 365 is the calendar reading; the real network then never
 * collapses within years (the planner serves 6x the real week on time), so the default compresses a
 * year of growth into a simulated week: the collapse search ends in minutes of simulated play.
 */
export interface GrowthOptions {
  exponent: number;
  yearFactor: number;
  periodDays: number;
  seed: number;
  /** Collapse search gives up (run ends as terminada, no report) after this many simulated days. */
  maxDays: number;
}

export const DEFAULT_SIMULATION_OPTIONS: SimulationOptions = {
  tickMs: 1000,
  heartbeatMs: 15_000,
  maxBufferedBytes: 1 << 20,
  persistEveryMs: 5000,
  defaultSpeed: 168,
  defaultWeekMin: WEEK_MIN,
  operationLookbackMin: 3 * DAY_MIN,
  levels: { limited: 0.7, saturated: 0.9 },
  colors: { disponible: '#22c55e', limitado: '#f59e0b', saturado: '#ef4444' },
  sliceOrders: 25,
  sliceMs: 5,
  tickOrders: 2000,
  workerNice: 0,
  snapshotEveryMs: 1000,
  liveDefaultLimit: 50,
  liveMaxLimit: 5000,
  growth: { exponent: 1.174, yearFactor: 2, periodDays: 7, seed: 1, maxDays: 3 * 365 },
};

export function resolveOptions(over: Partial<SimulationOptions> = {}): SimulationOptions {
  return {
    ...DEFAULT_SIMULATION_OPTIONS,
    ...over,
    levels: { ...DEFAULT_SIMULATION_OPTIONS.levels, ...over.levels },
    colors: { ...DEFAULT_SIMULATION_OPTIONS.colors, ...over.colors },
    growth: { ...DEFAULT_SIMULATION_OPTIONS.growth, ...over.growth },
  };
}

export function levelOf(load: number, capacity: number, levels: SimulationOptions['levels']): LoadLevel {
  const f = capacity > 0 ? load / capacity : 1;
  if (f < levels.limited) return 'disponible';
  if (f <= levels.saturated) return 'limitado';
  return 'saturado';
}

/** The growth law a colapso run assumes unless the operator edits it. */
export function defaultGrowthLaw(g: GrowthOptions = DEFAULT_SIMULATION_OPTIONS.growth): GrowthLawDto {
  return { exponente: g.exponent, factorPorPeriodo: g.yearFactor, periodoDias: g.periodDays };
}

/** Speed presets offered to operators: a 7-day week played in 30, 60 or 90 minutes of wall time. */
export const SPEED_PRESETS: { nombre: string; velocidad: number }[] = [30, 60, 90].map((minutes) => ({
  nombre: `Semana en ${minutes} min`,
  velocidad: Math.round((7 * 24 * 60) / minutes),
}));
