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
