import type { LoadLevel } from '../../src/api/contract';

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
  /** Orders planned per slice of a max-speed run or a replay. */
  sliceOrders: number;
  /** Slices run back to back for this long, then yield to the event loop (API and stream stay live). */
  sliceMs: number;
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
  defaultWeekMin: 7 * 1440,
  operationLookbackMin: 3 * 1440,
  levels: { limited: 0.7, saturated: 0.9 },
  colors: { disponible: '#22c55e', limitado: '#f59e0b', saturado: '#ef4444' },
  sliceOrders: 200,
  sliceMs: 20,
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
