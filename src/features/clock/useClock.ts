import { useEffect, useState } from 'react';
import { type ClockSync, clockTime, localSync, syncFrom, type TimeSource } from './clockMath';

export const CLOCK_TICK_MS = 1_000;
export const CLOCK_REFRESH_MS = 60_000;

/**
 * Ticks every second. With a time source, re-syncs on mount and every refreshInterval; a failing
 * source is ignored (the clock keeps its last sync, or local time).
 */
export function useClock(
  timeSource?: TimeSource,
  refreshInterval = CLOCK_REFRESH_MS,
  /** A stopped clock keeps its last time (the stream it follows is down). */
  stopped = false,
): Date {
  const [sync, setSync] = useState<ClockSync>(() => localSync(Date.now()));
  const [now, setNow] = useState(() => new Date());

  useEffect(() => {
    if (!timeSource) {
      setSync(localSync(Date.now()));
      return;
    }
    let cancelled = false;
    const pull = () => {
      timeSource().then(
        (answer) => {
          const next = syncFrom(answer, Date.now());
          if (!cancelled && next) setSync(next);
        },
        () => {
          // Spec: time-source failures are silently ignored.
        },
      );
    };
    pull();
    const id = setInterval(pull, refreshInterval);
    return () => {
      cancelled = true;
      clearInterval(id);
    };
  }, [timeSource, refreshInterval]);

  useEffect(() => {
    if (stopped) return;
    setNow(clockTime(sync, Date.now()));
    const id = setInterval(() => setNow(clockTime(sync, Date.now())), CLOCK_TICK_MS);
    return () => clearInterval(id);
  }, [sync, stopped]);

  return now;
}
