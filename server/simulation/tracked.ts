import type { RunDto, RunState } from '../../contract';
import type { SimulationOptions } from './options';
import type { RunEvent } from './run/events';
import type { RunSample } from './run/history';
import type { RunRow, RunStore, RunUpdate } from './store';
import { runDto } from './wire';
import type { RunHost } from './worker/host';
import type { RunSnapshot } from './worker/messages';

export const isActive = (estado: RunState) => estado === 'en_curso' || estado === 'pausada';

export interface TrackedDeps {
  store: RunStore;
  options: SimulationOptions;
  wallMs: () => number;
  log?: { error: (obj: object, msg: string) => void };
  /** The run changed state (start, pause, resume, finish, collapse, stop, failure). */
  changed: (run: TrackedRun) => void;
}

/**
 * A current run as the main thread keeps it: its stored row, brought up to date by its worker's snapshots
 * (a new state is stored at once, the clock every persistEveryMs), its wall time moving, and the writes
 * in flight (serialised per run).
 */
export class TrackedRun {
  host: RunHost | null = null;
  writes: Promise<void> = Promise.resolve();
  eventSeq = 0;
  retired = false;
  /** Wall ms: reading its inputs, its worker building the run, and database writes (the benchmark's split). */
  readonly timings = { inputsMs: 0, bootMs: 0, persistMs: 0 };
  /** Resolves when the run stops moving for good (or is replaced). */
  readonly done: Promise<void>;
  private finish!: () => void;
  private lastPersistWall: number;
  /** Wall ms when it last started moving (null while not moving). */
  private movingSince: number | null;

  constructor(
    readonly row: RunRow,
    private readonly deps: TrackedDeps,
  ) {
    this.done = new Promise<void>((resolve) => {
      this.finish = resolve;
    });
    const wall = deps.wallMs();
    this.lastPersistWall = wall;
    this.movingSince = row.estado === 'en_curso' ? wall : null;
    if (!isActive(row.estado)) this.finish();
  }

  get id(): string {
    return this.row.id;
  }

  get active(): boolean {
    return isActive(this.row.estado);
  }

  /** Wall seconds spent moving (pauses excluded). */
  seconds(): number {
    const moving = this.movingSince === null ? 0 : (this.deps.wallMs() - this.movingSince) / 1000;
    return this.row.segundosReales + moving;
  }

  dto(): RunDto {
    return runDto(this.row, this.host?.snapshot ?? null, this.seconds());
  }

  /** A snapshot from the run's worker. */
  apply(s: RunSnapshot): void {
    if (this.retired) return;
    const r = this.row;
    r.ahoraMs = s.clock.ahoraMs;
    r.kpis = s.kpis;
    r.progreso = s.progreso;
    r.reporte = s.reporte;
    if (s.estado !== r.estado) this.setState(s.estado, s);
    else this.persist(false);
  }

  setState(estado: RunState, s?: RunSnapshot, mensaje?: string): void {
    const wall = this.deps.wallMs();
    const r = this.row;
    if (this.movingSince !== null) r.segundosReales += (wall - this.movingSince) / 1000;
    this.movingSince = estado === 'en_curso' ? wall : null;
    r.estado = estado;
    if (mensaje !== undefined) r.mensaje = mensaje;
    if (!isActive(estado)) {
      r.terminadaEn ??= new Date(wall).toISOString();
      if (s?.resultado)
        r.resumen = { ...s.resultado, segundosReales: Math.round(r.segundosReales * 10) / 10 };
      this.finish();
    }
    this.persist(true);
    this.deps.changed(this);
  }

  fail(message: string): void {
    this.deps.log?.error({ run: this.row.id, message }, 'simulación fallida');
    if (this.retired) return;
    const mensaje = message.startsWith('La simulación')
      ? message
      : `La simulación no se pudo preparar: ${message}`;
    this.setState('fallida', undefined, mensaje);
  }

  /** Live orders and cancellations, stored in the order they happened. */
  record(events: RunEvent[]): void {
    const rows = events.map((e) => ({ seq: ++this.eventSeq, e }));
    this.writes = this.writes
      .then(() => this.deps.store.appendEvents(this.row.id, rows))
      .catch((error) => this.deps.log?.error({ err: error }, 'no se pudo guardar un evento'));
  }

  /** Hourly samples and final order plans, stored in the order they came (after the events before them). */
  recordHistory(samples: RunSample[], orders: string | null): void {
    const id = this.row.id;
    this.writes = this.writes
      .then(async () => {
        const t0 = performance.now();
        await this.deps.store.appendSamples(id, samples);
        if (orders !== null) await this.deps.store.appendOrders(id, orders);
        this.timings.persistMs += performance.now() - t0;
      })
      .catch((error) => this.deps.log?.error({ err: error }, 'no se pudo guardar la historia'));
  }

  persist(force: boolean, extra: RunUpdate = {}): void {
    const wall = this.deps.wallMs();
    if (!force && wall - this.lastPersistWall < this.deps.options.persistEveryMs) return;
    this.lastPersistWall = wall;
    const r = this.row;
    const fields: RunUpdate = {
      estado: r.estado,
      ahoraMs: r.ahoraMs,
      kpis: r.kpis,
      reporte: r.reporte,
      progreso: r.progreso,
      resumen: r.resumen,
      terminadaEn: r.terminadaEn,
      segundosReales: this.seconds(),
      mensaje: r.mensaje,
      velocidad: r.velocidad,
      ...extra,
    };
    this.writes = this.writes
      .then(async () => {
        const t0 = performance.now();
        await this.deps.store.update(r.id, fields);
        this.timings.persistMs += performance.now() - t0;
      })
      .catch((error) => this.deps.log?.error({ err: error }, 'no se pudo guardar la simulación'));
  }

  /** Leaves the registry: no more snapshots are applied; whoever waits on `done` is released. */
  retire(): void {
    this.retired = true;
    this.finish();
  }
}
