import { MINUTE_MS } from '../../../contract/time';
/** A run's simulated clock: where it is, how fast it moves, and where it must stop. */
export interface ClockState {
  /** Simulated now, epoch ms (where the planner has got to). */
  ahoraMs: number;
  /** Simulated seconds per real second; null = as fast as the planner goes. */
  speed: number | null;
  /** Paced clock: sim = anchorSim + (wall - anchorWall) × speed. */
  anchorWall: number;
  anchorSim: number;
  /** semanal: the window's end; the clock never passes it. */
  finMs: number | null;
  /** False when paused, finished, collapsed, stopped or failed. */
  moving: boolean;
}

/** Simulated time at a wall instant, between ticks too: what every clock on screen shows. */
export function clockAt(c: ClockState, wallMs: number): number {
  if (!c.moving || c.speed === null) return c.ahoraMs;
  let t = c.anchorSim + (wallMs - c.anchorWall) * c.speed;
  if (c.finMs !== null) t = Math.min(t, c.finMs);
  return Math.max(t, c.ahoraMs);
}

/** The paced clock of one run (lives beside its planner). */
export class RunClock {
  ahoraMs: number;
  speed: number | null;
  readonly finMs: number | null;
  private anchorWall = 0;
  private anchorSim = 0;

  constructor(startMs: number, speed: number | null, finMs: number | null) {
    this.ahoraMs = startMs;
    this.speed = speed;
    this.finMs = finMs;
  }

  get nowMin(): number {
    return Math.floor(this.ahoraMs / MINUTE_MS);
  }

  /** Starts (or resumes) the paced clock at the current simulated time. */
  anchor(wallMs: number): void {
    this.anchorWall = wallMs;
    this.anchorSim = this.ahoraMs;
  }

  /** A new speed from this wall instant on (the simulated time does not jump). */
  setSpeed(speed: number | null, wallMs: number): void {
    this.speed = speed;
    this.anchor(wallMs);
  }

  /** Where the paced clock wants to be at a wall instant (never before now, never past fin). */
  target(wallMs: number): number {
    let t = this.anchorSim + (wallMs - this.anchorWall) * (this.speed ?? 0);
    if (this.finMs !== null) t = Math.min(t, this.finMs);
    return Math.max(t, this.ahoraMs);
  }

  state(moving: boolean): ClockState {
    return {
      ahoraMs: this.ahoraMs,
      speed: this.speed,
      anchorWall: this.anchorWall,
      anchorSim: this.anchorSim,
      finMs: this.finMs,
      moving,
    };
  }
}
