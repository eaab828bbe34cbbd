import { MINUTE_MS } from '../../contract/time';
import type { Database } from '../db/client';
import { ApiError } from '../domain/errors';
import type { PlanOrder } from '../planner/types';
import { loadInputs } from './inputs';
import type { SimulationOptions } from './options';
import { viewNetwork } from './view';
import { RunHost } from './worker/host';

/** Id of the unsaved operacion view shown when no operacion run exists. */
export const REALTIME_ID = 'tiempo-real';

interface Deps {
  db: Database;
  sedes: string[];
  options: SimulationOptions;
  wallMs: () => number;
  log?: { error: (obj: object, msg: string) => void };
}

/**
 * The daily operation in real time when no operacion run exists: the loaded plan and orders, planned up to
 * the wall clock and moving with it. Not stored; rebuilt (in its own worker) when the network changes.
 */
export class RealtimeView {
  private host: RunHost | null = null;
  private building: Promise<RunHost | null> | null = null;
  private generation = 0;
  /** Orders registered while the view was being built: planned as soon as its worker exists. */
  private early: PlanOrder[] = [];

  constructor(private readonly deps: Deps) {}

  /** The view if built, else starts building it and answers null (the stream's tick must not wait). */
  now(): RunHost | null {
    if (this.host?.isReady) return this.host;
    if (!this.building) void this.get();
    return null;
  }

  /** The view, built on demand; null while there is no network to show. */
  async get(): Promise<RunHost | null> {
    if (this.host && this.host.failure === null) {
      await this.host.ready;
      return this.host.failure === null ? this.host : null;
    }
    this.building ??= this.build();
    return this.building;
  }

  private async build(): Promise<RunHost | null> {
    const generation = this.generation;
    const wall = this.deps.wallMs();
    const inicioMin = Math.floor(wall / MINUTE_MS);
    try {
      const run = { modo: 'operacion' as const, inicioMin, finMin: null, semilla: 0, crecimiento: null };
      const inputs = await loadInputs(this.deps.db, run, this.deps.sedes, this.deps.options);
      if (generation !== this.generation) return null;
      const host = new RunHost(
        viewNetwork(inputs.airports, inputs.flights),
        {
          type: 'init',
          spec: { id: REALTIME_ID, modo: 'operacion', inicioMin, finMin: null, speed: 1 },
          inputs,
          // Planned up to the wall clock before it shows anything.
          restore: { events: [], ahoraMs: wall, estado: 'en_curso', reporte: null },
          wallMs: wall,
          recordEvents: false,
        },
        {
          onSnapshot: () => {},
          onEvents: () => {},
          onFailure: (message) => this.deps.log?.error({}, message),
        },
      );
      this.host = host;
      if (this.early.length > 0) host.addOrders(this.early.splice(0));
      await host.ready;
      return host.failure === null ? host : null;
    } catch (error) {
      if (!(error instanceof ApiError)) this.deps.log?.error({ err: error }, 'vista en tiempo real');
      // No network yet: try again on the next request or tick.
      return null;
    } finally {
      if (generation === this.generation) this.building = null;
    }
  }

  /** Orders registered live (the order form, order files) while no operacion run exists. */
  addOrders(orders: PlanOrder[]): void {
    if (this.host) this.host.addOrders(orders);
    else if (this.building) this.early.push(...orders);
  }

  /** The network changed: the next question builds a new view. */
  reset(): void {
    this.generation++;
    this.building = null;
    this.early = [];
    const old = this.host;
    this.host = null;
    void old?.close();
  }

  async close(): Promise<void> {
    this.generation++;
    await this.host?.close();
    this.host = null;
  }
}
