import type { RelojDto, RunMode } from '../../contract';
import { MINUTE_MS } from '../../contract/time';
import type { Database } from '../db/client';
import type { AppBus, StoredOrderEvent } from '../domain/bus';
import { ApiError } from '../domain/errors';
import type { PlanOrder } from '../planner/types';
import { Cancellations } from './cancellations';
import type { SimulationOptions } from './options';
import { RunQueries } from './queries';
import { RealtimeView } from './realtime';
import { RunRegistry } from './registry';
import { clockAt } from './run/clock';
import { LiveStream } from './stream';

export interface SimulationDeps {
  db: Database;
  bus: AppBus;
  sedes: string[];
  options: SimulationOptions;
  /** Wall clock in epoch ms (tests pin it). */
  wallMs: () => number;
  log?: { info: (obj: object, msg: string) => void; error: (obj: object, msg: string) => void };
}

const toPlanOrder = (o: StoredOrderEvent): PlanOrder => ({
  key: o.key,
  destination: o.destination,
  releaseMin: o.releaseMin,
  quantity: o.quantity,
});

/**
 * The simulation as the routes see it: the runs (registry), the live stream, what screens read (queries)
 * and cancellations, wired together once. Orders registered live reach the operacion run (or the
 * real-time view); a new network rebuilds the real-time view.
 */
export class SimulationService {
  readonly runs: RunRegistry;
  readonly realtime: RealtimeView;
  readonly stream: LiveStream;
  readonly queries: RunQueries;
  readonly cancellations: Cancellations;

  constructor(private readonly deps: SimulationDeps) {
    this.runs = new RunRegistry(deps);
    this.realtime = new RealtimeView(deps);
    this.stream = new LiveStream(this.runs, this.realtime, deps.options, deps.wallMs, deps.log);
    this.queries = new RunQueries(deps.db, this.runs, this.realtime, deps.options);
    this.cancellations = new Cancellations(this.queries, async () => {
      if (this.runs.of('operacion')) return;
      try {
        await this.runs.start({ modo: 'operacion' });
      } catch (error) {
        // Started meanwhile by another request: that run takes the cancellation.
        if (!(error instanceof ApiError && error.statusCode === 409 && this.runs.of('operacion')))
          throw error;
      }
    });
    deps.bus.on('orders:added', (orders) => {
      const plan = orders.map(toPlanOrder);
      if (!this.runs.addOrders(plan)) this.realtime.addOrders(plan);
    });
    // The real-time view follows the loaded network; saved runs keep the one they started with.
    deps.bus.on('network:changed', () => this.realtime.reset());
  }

  /** Live knobs (tests shorten them; the timers read them when they fire). */
  get options(): SimulationOptions {
    return this.deps.options;
  }

  /** Restores the current runs (in the background), then starts the tick and heartbeat timers. */
  start(): void {
    this.runs.restore();
    this.stream.start();
  }

  async close(): Promise<void> {
    this.stream.close();
    await this.runs.close();
    await this.realtime.close();
  }

  /** One tick of every run and the stream (the timer calls it; tests call it with a pinned clock). */
  tick(wallMs?: number): Promise<void> {
    return this.stream.tick(wallMs);
  }

  /** True until every run stored before a restart is running again. */
  get restoring(): boolean {
    return this.runs.isRestoring;
  }

  /** Resolves when every current run is built (tests, benchmarks). */
  settled(): Promise<void> {
    return this.runs.settled();
  }

  /** The daily-operation clock (epoch minutes): the operacion run's simulated now, else wall time. */
  operationNowMin(): number {
    const snap = this.runs.of('operacion')?.host?.snapshot;
    const wall = this.deps.wallMs();
    return Math.floor((snap ? clockAt(snap.clock, wall) : wall) / MINUTE_MS);
  }

  /** GET /reloj: the mode's simulated now and speed; real time when the mode has no run. */
  clock(modo: RunMode): RelojDto {
    const c = this.runs.of(modo);
    const snap = c?.host?.snapshot;
    const wall = this.deps.wallMs();
    if (!c || (!snap && c.row.estado === 'en_curso'))
      return { ahora: new Date(wall).toISOString(), velocidad: 1, modo, estado: 'tiempo_real' };
    const ahora = snap ? clockAt(snap.clock, wall) : c.row.ahoraMs;
    const moving = snap?.clock.moving ?? false;
    return {
      ahora: new Date(ahora).toISOString(),
      velocidad: moving ? (snap?.clock.speed ?? 0) : 0,
      modo,
      estado: c.row.estado,
    };
  }
}
