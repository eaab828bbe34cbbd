import { atom } from 'jotai';
import type { LiveState, RunMode } from '../../../contract';

/**
 * True while the live stream of the screen's map is down. The map owns the connection; the clocks
 * and the status strip, outside it, read this so none of them keeps looking live.
 */
export const streamOfflineAtom = atom(false);

export const OFFLINE_TEXT = 'sin conexión';

/** The last instant the screen's live stream told (its run's simulated time, speed and state), and when. */
export interface LiveInstant {
  mode: RunMode;
  /** Simulated instant in epoch ms; null without a run. */
  t: number | null;
  /** × real time; null at maximum speed; 0 when the run is not moving. */
  velocidad: number | null;
  estado: LiveState | null;
  simulacion: string | null;
  /** Local Date.now() when the tick arrived. */
  receivedAt: number;
}

/** Set by the map (which owns the stream); every clock on screen reads it, so they all agree. */
export const liveInstantAtom = atom<LiveInstant | null>(null);
