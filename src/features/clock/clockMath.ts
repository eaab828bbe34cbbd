/**
 * The clock's arithmetic, free of React and timers. A time source answers "what time is it" (and,
 * for a simulated clock, how fast it runs); between answers the clock extrapolates from the local
 * monotonic-ish wall clock.
 */

export interface ClockReading {
  now: Date;
  /** Simulated minutes per real minute; 1 for real time, 0 when paused. */
  rate?: number;
}

export type TimeSource = () => Promise<Date | ClockReading>;

export interface ClockSync {
  /** The source's time at the moment of sync (ms). */
  sourceMs: number;
  /** Local Date.now() at the moment of sync (ms). */
  localMs: number;
  rate: number;
}

export const localSync = (localMs: number): ClockSync => ({ sourceMs: localMs, localMs, rate: 1 });

export function toReading(answer: Date | ClockReading): ClockReading {
  return answer instanceof Date ? { now: answer, rate: 1 } : answer;
}

export function syncFrom(answer: Date | ClockReading, localMs: number): ClockSync | null {
  const reading = toReading(answer);
  const sourceMs = reading.now.getTime();
  if (!Number.isFinite(sourceMs)) return null;
  const rate = reading.rate ?? 1;
  return { sourceMs, localMs, rate: Number.isFinite(rate) && rate >= 0 ? rate : 1 };
}

export function clockTime(sync: ClockSync, localMs: number): Date {
  return new Date(sync.sourceMs + (localMs - sync.localMs) * sync.rate);
}

/** What a run screen's clocks show: the run's time, or real time when there is no run. */
export interface RunClockReading {
  now: Date;
  /** No run shows: the clock is the wall clock, and says so. */
  realTime: boolean;
  /** The run is not moving (paused, finished, collapsed, stopped, failed): the clock holds its end. */
  stopped: boolean;
  /** The run is paused (it may move again), rather than over. */
  paused?: boolean;
}

/** The words under a run screen's clock. */
export function clockCaption(r: RunClockReading): string {
  if (r.realTime) return 'Tiempo real';
  if (r.paused) return 'Simulada · en pausa';
  return r.stopped ? 'Simulada · final' : 'Simulada';
}

/** Between two ticks (one a second) a moving clock advances at the run's speed, never further than this. */
export const MAX_INTERPOLATION_MS = 2_000;

/**
 * The clock of the run a stream tick describes, at local time `localMs`. A moving run advances from
 * the tick's instant at its speed (for at most MAX_INTERPOLATION_MS: a late tick holds the clock rather
 * than letting it run ahead); at maximum speed it shows each tick's instant as it comes.
 */
export function runClock(
  tick: { t: number | null; velocidad: number | null; estado: string | null; receivedAt: number },
  localMs: number,
): RunClockReading {
  if (
    tick.t === null ||
    tick.estado === null ||
    tick.estado === 'tiempo_real' ||
    tick.estado === 'sin_simulacion'
  )
    return { now: new Date(localMs), realTime: true, stopped: false };
  if (tick.estado !== 'en_curso')
    return { now: new Date(tick.t), realTime: false, stopped: true, paused: tick.estado === 'pausada' };
  const elapsed = Math.min(MAX_INTERPOLATION_MS, Math.max(0, localMs - tick.receivedAt));
  const rate = tick.velocidad ?? 0;
  return { now: new Date(tick.t + elapsed * rate), realTime: false, stopped: false };
}
