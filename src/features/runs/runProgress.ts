import type { RunDto } from '../../../contract';
import { DAY_MS } from '../../../contract/time';

/** A weekly run's progress at the clock's instant: how far through [inicio, fin], and the wall time left. */
export interface WeekProgress {
  /** 0..1 of the simulated window. */
  fraction: number;
  /** Real seconds left at the run's speed; null at maximum speed or when not moving. */
  secondsLeft: number | null;
}

export function weekProgress(run: RunDto, nowMs: number): WeekProgress | null {
  if (!run.fin) return null;
  const from = Date.parse(run.inicio);
  const to = Date.parse(run.fin);
  if (!(to > from)) return null;
  const done = run.estado === 'terminada';
  const at = done ? to : Math.min(to, Math.max(from, nowMs));
  const fraction = (at - from) / (to - from);
  const moving = run.estado === 'en_curso' && typeof run.velocidad === 'number' && run.velocidad > 0;
  return { fraction, secondsLeft: moving ? (to - at) / 1000 / (run.velocidad as number) : null };
}

/** Simulated days since the run began, at the clock's instant. */
export const simulatedDays = (run: RunDto, nowMs: number) =>
  Math.max(0, (nowMs - Date.parse(run.inicio)) / DAY_MS);
