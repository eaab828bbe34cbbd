import { useAtomValue } from 'jotai';
import { useEffect, useState } from 'react';
import type { RunMode } from '../../../contract';
import { liveInstantAtom, streamOfflineAtom } from '../connection/connectionAtoms';
import { type RunClockReading, runClock } from './clockMath';
import { serverTimeSource } from './serverTimeSource';
import { CLOCK_TICK_MS, useClock } from './useClock';

/** Redraws often enough that a fast run's seconds do not stutter, rarely enough to stay cheap. */
const REDRAW_MS = 250;

export interface RunClock extends RunClockReading {
  /** The stream that drives it is down: the clock holds its last time. */
  offline: boolean;
}

/**
 * The one clock of a run screen (header, panel pill and strip all read it): the time of the run the
 * screen's live stream shows, from each tick's instant and speed. Before the stream's first tick (or
 * with the array format, which carries no instant) it reads the server's clock instead.
 */
export function useRunClock(mode: RunMode): RunClock {
  const instant = useAtomValue(liveInstantAtom);
  const offline = useAtomValue(streamOfflineAtom);
  const tick = instant && instant.mode === mode ? instant : null;
  const fallback = useClock(tick ? undefined : serverTimeSource(mode), undefined, offline || tick !== null);
  const [localMs, setLocalMs] = useState(() => Date.now());
  const moving = tick !== null && tick.estado === 'en_curso' && !offline;
  useEffect(() => {
    if (!tick || offline) return;
    setLocalMs(Date.now());
    const id = setInterval(() => setLocalMs(Date.now()), moving ? REDRAW_MS : CLOCK_TICK_MS);
    return () => clearInterval(id);
  }, [tick, offline, moving]);
  if (!tick) return { now: fallback, realTime: false, stopped: false, offline };
  return { ...runClock(tick, offline ? tick.receivedAt : localMs), offline };
}
