import type { RelojDto, RunMode, RunState } from '../../contract';
import { RUN_MODES } from '../../contract/enums';
import { MINUTE_MS } from '../../contract/time';
import type { Database } from '../db/client';
import type { AppBus, StoredOrderEvent } from '../domain/bus';
import { ApiError } from '../domain/errors';
import type { PlanOrder } from '../planner/types';
import { Cancellations } from './cancellations';
import { Coordinator, type CoordinatorOptions } from './cluster/coordinator';
import { Relay } from './cluster/relay';
import type { SimulationOptions } from './options';
import { RunQueries } from './queries';
import { RealtimeView } from './realtime';
import { RunRegistry } from './registry';
import { clockAt } from './run/clock';
import type { RunRow } from './store';
import { LiveStream } from './stream';
import type { RunSnapshot } from './worker/messages';

export interface SimulationDeps {
  db: Database;
  bus: AppBus;
  sedes: string[];
  options: SimulationOptions;
  /** Wall clock in epoch ms (tests pin it). */
  wallMs: () => number;
  log?: { info: (obj: object, msg: string) => void; error: (obj: object, msg: string) => void };
  /** PostgreSQL: other instances may share the database and its runs (one leads each mode). */
  cluster?: Omit<CoordinatorOptions, 'log'> & {
    /** Longest wait at start for the runs taken to be restored (then health says 'restaurando'). */
    restoreWaitMs: number;
  };
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
  /** Several instances on one PostgreSQL: leadership of each mode, and the relayed frames. */
  readonly coordinator: Coordinator | null = null;
  private readonly relay: Relay | null = null;

  constructor(private readonly deps: SimulationDeps) {
    this.runs = new RunRegistry(deps);
    this.realtime = new RealtimeView(deps);
    this.runs.orphans = (orders) => this.realtime.addOrders(orders);
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
    if (deps.cluster) {
      const coordinator = new Coordinator(deps.db, { ...deps.cluster, log: deps.log });
      const relay = new Relay(
        deps.db,
        coordinator,
        deps.options,
        (modo, announce) => this.stream.relayed(modo, announce),
        deps.log,
      );
      this.coordinator = coordinator;
      this.relay = relay;
      this.stream.cluster = {
        leads: (m) => coordinator.leads(m),
        ledModes: () => coordinator.ledModes(),
        relay,
      };
      this.runs.remote = () =>
        RUN_MODES.flatMap((m) => {
          const run = coordinator.leads(m) ? null : relay.mode(m)?.run;
          return run ? [run] : [];
        });
    }
    deps.bus.on('orders:added', (orders) => {
      const plan = orders.map(toPlanOrder);
      if (this.coordinator && !this.coordinator.holds('operacion'))
        this.coordinator
          .publishOrders(plan)
          .catch((error) => deps.log?.error({ err: error }, 'no se pudieron avisar los pedidos'));
      else this.plan(plan);
    });
    // The real-time view follows the loaded network; saved runs keep the one they started with.
    deps.bus.on('network:changed', () => {
      this.realtime.reset();
      this.coordinator
        ?.publishNetwork()
        .catch((error) => deps.log?.error({ err: error }, 'no se pudo avisar el cambio de red'));
    });
  }

  /** Live orders reach the operacion run, or the real-time view when there is none. */
  private plan(orders: PlanOrder[]): void {
    if (!this.runs.addOrders(orders)) this.realtime.addOrders(orders);
  }

  /** The mode whose leader answers for a run: a current run's, or null (a stored run is read anywhere). */
  modeOfRun(id: string): RunMode | null {
    return this.runs.currentDto(id)?.modo ?? null;
  }

  /** The mode whose leader answers a screen's question: its run's, else the real-time view's (operacion). */
  modeOfScreen(modo: RunMode = 'operacion'): RunMode {
    return this.runs.list().some((r) => r.modo === modo) ? modo : 'operacion';
  }

  /** True when this process drives the mode's run (always, with one instance). */
  leads(modo: RunMode): boolean {
    return this.coordinator === null || this.coordinator.leads(modo);
  }

  /** The first round of the cluster's locks and the restores it started (resolved without a cluster). */
  private clusterSettled: Promise<void> = Promise.resolve();
  private clusterRestoring = false;

  /** Live knobs (tests shorten them; the timers read them when they fire). */
  get options(): SimulationOptions {
    return this.deps.options;
  }

  /**
   * Restores the current runs (in the background), then starts the tick and heartbeat timers. With
   * several instances, only the runs of the modes whose lock this instance gets (now or later).
   */
  async start(): Promise<void> {
    const { coordinator, relay } = this;
    if (coordinator && relay) {
      coordinator.start({
        acquired: async (modo) => {
          // Until its run is restored, the mode is still shown (and its clock read) from the last frame.
          const seen = relay.mode(modo);
          try {
            await this.runs.restoreMode(modo, (row) =>
              this.resumeAt(row, seen?.snapshot ?? null, seen?.simulacion),
            );
          } finally {
            coordinator.ready(modo);
            relay.lead(modo);
          }
          await this.stream.publish(modo);
        },
        lost: (modo) => {
          this.runs.dropMode(modo);
          if (modo === 'operacion') this.realtime.reset();
        },
        frame: (modo) => relay.fetch(modo),
        orders: (orders) => this.plan(orders),
        network: () => this.realtime.reset(),
      });
      // A lone instance leads every mode as soon as it is ready; a restore longer than restoreWaitMs
      // (a daily operation with a million events takes minutes) goes on while it answers, so that a
      // start never outlasts Fastify's plugin timeout and health can say 'restaurando'.
      this.clusterRestoring = true;
      this.clusterSettled = coordinator.settled().finally(() => {
        this.clusterRestoring = false;
      });
      let waited: NodeJS.Timeout | undefined;
      await Promise.race([
        this.clusterSettled,
        new Promise((resolve) => {
          waited = setTimeout(resolve, this.deps.cluster?.restoreWaitMs ?? 0);
        }),
      ]);
      clearTimeout(waited);
    } else this.runs.restore();
    this.stream.start();
  }

  /**
   * Where a run taken over continues: the stored instant, or later, where its last leader's published
   * clock says it is now (its browsers saw it move on meanwhile).
   */
  private resumeAt(row: RunRow, seen: RunSnapshot | null, seenId: string | null | undefined): number {
    if (!seen || seenId !== row.id || row.estado !== 'en_curso') return row.ahoraMs;
    return Math.max(row.ahoraMs, clockAt(seen.clock, this.deps.wallMs()));
  }

  async close(): Promise<void> {
    this.stream.close();
    await this.runs.close();
    await this.realtime.close();
    // Last: the locks go once the runs are stored, so the next leader continues from there.
    await this.coordinator?.close();
  }

  /** One tick of every run and the stream (the timer calls it; tests call it with a pinned clock). */
  tick(wallMs?: number): Promise<void> {
    return this.stream.tick(wallMs);
  }

  /** True until every run stored before a restart is running again. */
  get restoring(): boolean {
    return this.runs.isRestoring || this.clusterRestoring;
  }

  /** Resolves when every current run is built (tests, benchmarks). */
  async settled(): Promise<void> {
    await this.clusterSettled;
    return this.runs.settled();
  }

  /** The daily-operation clock (epoch minutes): the operacion run's simulated now, else wall time. */
  operationNowMin(): number {
    const snap = this.currentOf('operacion')?.snap;
    const wall = this.deps.wallMs();
    return Math.floor((snap ? clockAt(snap.clock, wall) : wall) / MINUTE_MS);
  }

  /** A mode's current run: here, or as the instance leading it last published it. */
  private currentOf(modo: RunMode): { estado: RunState; ahoraMs: number; snap: RunSnapshot | null } | null {
    if (this.leads(modo)) {
      const c = this.runs.of(modo);
      return c ? { estado: c.row.estado, ahoraMs: c.row.ahoraMs, snap: c.host?.snapshot ?? null } : null;
    }
    const m = this.relay?.mode(modo);
    return m?.run ? { estado: m.run.estado, ahoraMs: Date.parse(m.run.ahora), snap: m.snapshot } : null;
  }

  /** GET /reloj: the mode's simulated now and speed; real time when the mode has no run. */
  clock(modo: RunMode): RelojDto {
    const c = this.currentOf(modo);
    const snap = c?.snap;
    const wall = this.deps.wallMs();
    if (!c || (!snap && c.estado === 'en_curso'))
      return { ahora: new Date(wall).toISOString(), velocidad: 1, modo, estado: 'tiempo_real' };
    const ahora = snap ? clockAt(snap.clock, wall) : c.ahoraMs;
    const moving = snap?.clock.moving ?? false;
    return {
      ahora: new Date(ahora).toISOString(),
      velocidad: moving ? (snap?.clock.speed ?? 0) : 0,
      modo,
      estado: c.estado,
    };
  }
}
