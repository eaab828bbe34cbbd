import { Worker } from 'node:worker_threads';
import { ApiError } from '../../domain/errors';
import type { PlanOrder } from '../../planner/types';
import type { RunEvent } from '../run/events';
import type { RunSample } from '../run/history';
import type { Airborne, ViewNetwork } from '../view';
import type {
  FromWorker,
  QueryKind,
  QueryResults,
  RunQuery,
  RunSnapshot,
  TickResult,
  ToWorker,
} from './messages';

const FROM_SOURCE = import.meta.url.endsWith('.ts');

/**
 * The worker's entry module. From TypeScript sources (tsx, vitest) it is started through boot.mjs, which
 * registers tsx first; a compiled build must emit `runWorker.js` beside this module (bundlers: add it as an
 * entry point).
 */
export const RUN_WORKER_ENTRY = new URL(FROM_SOURCE ? './runWorker.ts' : './runWorker.js', import.meta.url);
const BOOT = new URL('./boot.mjs', import.meta.url);

export interface HostCallbacks {
  /** Every snapshot the worker sends (ready, progress, answers to controls and ticks). */
  onSnapshot(snapshot: RunSnapshot): void;
  /** Live orders and cancellations to store. */
  onEvents(events: RunEvent[]): void;
  /** Hourly samples and final order plans (JSON text of an OrderRow[]) to store. */
  onHistory(samples: RunSample[], orders: string | null): void;
  /** The worker died or could not build the run (Spanish message). */
  onFailure(message: string): void;
}

type InitMessage = Extract<ToWorker, { type: 'init' }>;
type Pending = { resolve: (value: never) => void; reject: (error: Error) => void };

/**
 * The main thread's side of one run's worker: requests with ids and their answers, the last snapshot and
 * the last list of flights in the air (what the stream and the clock read without asking).
 */
export class RunHost {
  private readonly worker: Worker;
  private readonly pending = new Map<number, Pending>();
  private nextId = 1;
  private closing = false;
  /** Messages waiting for init to be sent in full (null once it has been). */
  private outbox: ToWorker[] | null = null;
  failure: string | null = null;
  snapshot: RunSnapshot | null = null;
  /** Flights in the air at the last tick. */
  airborne: Airborne[] = [];
  /** Resolves once the run is built (or failed). */
  readonly ready: Promise<void>;
  private markReady!: () => void;

  /**
   * Starts the worker. With `init` null (a restored run), it waits for the stored log's pages
   * (`replay`) and then `start`; messages asked for meanwhile follow init.
   */
  constructor(
    readonly view: ViewNetwork,
    init: InitMessage | null,
    private readonly callbacks: HostCallbacks,
  ) {
    this.ready = new Promise((resolve) => {
      this.markReady = resolve;
    });
    this.worker = FROM_SOURCE
      ? new Worker(BOOT, { workerData: { entry: RUN_WORKER_ENTRY.href } })
      : new Worker(RUN_WORKER_ENTRY);
    this.worker.unref();
    this.worker.on('message', (m: FromWorker) => this.receive(m));
    this.worker.on('error', (error) => this.fail(`error interno (${error.message})`));
    this.worker.on('exit', (code) => {
      if (!this.closing) this.fail(`su proceso terminó inesperadamente (código ${code})`);
    });
    if (init) this.worker.postMessage(init);
    else this.outbox = [];
  }

  /** A page of the restored run's stored log (JSON text), before `start`. */
  replay(json: string): void {
    if (this.outbox && this.failure === null && !this.closing)
      this.worker.postMessage({ type: 'replay', json } satisfies ToWorker);
  }

  /** Sends init after the log's pages, then what was asked for meanwhile. */
  start(init: InitMessage): void {
    const queued = this.outbox ?? [];
    this.outbox = null;
    if (this.failure !== null || this.closing) return;
    this.worker.postMessage(init);
    for (const m of queued) this.worker.postMessage(m);
  }

  /** Every message after init goes through here (held until a restored run's init is sent). */
  private post(m: ToWorker): void {
    if (this.outbox) this.outbox.push(m);
    else this.worker.postMessage(m);
  }

  get isReady(): boolean {
    return this.snapshot !== null && this.failure === null;
  }

  private receive(m: FromWorker): void {
    switch (m.type) {
      case 'ready':
        this.took(m.tick);
        this.markReady();
        return;
      case 'snapshot':
        this.snapshot = m.snapshot;
        this.callbacks.onSnapshot(m.snapshot);
        return;
      case 'events':
        this.callbacks.onEvents(m.events);
        return;
      case 'history':
        this.callbacks.onHistory(m.samples, m.orders);
        return;
      case 'failed':
        this.fail(m.message);
        return;
      case 'reply': {
        const p = this.pending.get(m.id);
        if (!p) return;
        this.pending.delete(m.id);
        if (m.ok) p.resolve(m.value as never);
        else p.reject(new ApiError(m.error.status, m.error.code, m.error.message));
      }
    }
  }

  private fail(reason: string): void {
    if (this.failure !== null || this.closing) return;
    this.failure = `La simulación se detuvo por un fallo: ${reason}`;
    for (const p of this.pending.values()) p.reject(unavailable(this.failure));
    this.pending.clear();
    this.markReady();
    this.callbacks.onFailure(this.failure);
    void this.worker.terminate();
  }

  /** Asks the worker; answers come in the order asked. */
  request<K extends QueryKind>(query: Extract<RunQuery, { kind: K }>): Promise<QueryResults[K]> {
    if (this.failure !== null) return Promise.reject(unavailable(this.failure));
    const id = this.nextId++;
    return new Promise<QueryResults[K]>((resolve, reject) => {
      this.pending.set(id, { resolve: resolve as (v: never) => void, reject });
      this.post({ type: 'request', id, query });
    });
  }

  /** A page of the orders a restored daily operation may be owed (JSON text of OrderTuple rows). */
  owed(json: string, last: boolean): void {
    if (this.failure === null) this.post({ type: 'owed', json, last });
  }

  /** Orders registered live (operacion); planned in the order they arrive, before any later question. */
  addOrders(orders: PlanOrder[]): void {
    if (this.failure === null) this.post({ type: 'orders', orders });
  }

  /** A tick: move the clock (paced runs), then keep the snapshot and the airborne list. */
  async tick(wallMs: number): Promise<void> {
    this.took(await this.request({ kind: 'tick', wallMs }));
  }

  private took(r: TickResult): void {
    const list: Airborne[] = new Array(r.airborne.length / 3);
    for (let k = 0; k < list.length; k++)
      list[k] = { i: r.airborne[3 * k], dep: r.airborne[3 * k + 1], load: r.airborne[3 * k + 2] };
    this.airborne = list;
    this.snapshot = r.snapshot;
    this.callbacks.onSnapshot(r.snapshot);
  }

  async close(): Promise<void> {
    this.closing = true;
    for (const p of this.pending.values()) p.reject(unavailable('La simulación se cerró'));
    this.pending.clear();
    this.markReady();
    await this.worker.terminate();
  }

  /** Ends the worker as a crash would (tests check that a dead run fails cleanly). */
  kill(): Promise<number> {
    return this.worker.terminate();
  }
}

const unavailable = (message: string) => new ApiError(409, 'SIMULACION_FALLIDA', message);
