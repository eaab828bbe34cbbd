import type { RunDto, RunMode, RunState, StartRunPayload } from '../../contract';
import { MINUTE_MS } from '../../contract/time';
import { pgErrorCode } from '../db/tx';
import { ApiError } from '../domain/errors';
import type { PlanOrder } from '../planner/types';
import { loadInputs, planStart } from './inputs';
import { type LaunchDeps, launchRun, type Resume } from './launch';
import type { SimulationOptions } from './options';
import type { RunInputs } from './run/runtime';
import { conflictError, newRunRow } from './starts';
import { type RunRow, RunStore } from './store';
import { isActive, TrackedRun } from './tracked';
import { runDto } from './wire';

/** A start with the same Idempotency-Key within this long answers with the run it started. */
const IDEMPOTENCY_MS = 10 * MINUTE_MS;

export type RegistryDeps = LaunchDeps;

/**
 * The runs: one current run per mode (start, pause, resume, speed, stop, replace), each planned in its
 * own worker; their rows (state, clock, KPIs, report) are persisted on every change of state and every
 * few seconds; restored after a restart by replaying the stored orders and events.
 */
export class RunRegistry {
  readonly store: RunStore;
  private readonly current = new Map<RunMode, TrackedRun>();
  private lock: Promise<unknown> = Promise.resolve();
  private closed = false;
  /** Called when a mode's run changes state (start, pause, resume, speed, finish, collapse, stop, failure). */
  onChange: (modo: RunMode, run: RunDto) => void = () => {};
  /** Several instances: the current runs of the modes other instances lead, as they last published them. */
  remote: (() => RunDto[]) | null = null;
  /** Live orders that arrived while the operacion run was being built: planned once its worker exists. */
  private early: PlanOrder[] | null = null;
  /** Where live orders go when no operacion run takes them (the real-time view). */
  orphans: (orders: PlanOrder[]) => void = () => {};

  constructor(private readonly deps: RegistryDeps) {
    this.store = new RunStore(deps.db);
  }

  private get opts(): SimulationOptions {
    return this.deps.options;
  }

  private restoring: Promise<void> = Promise.resolve();

  /** Rebuilds every current run in the background (`settled()` waits for them). */
  restore(): void {
    this.restored = false;
    this.restoring = this.restoreAll()
      .then(async () => {
        for (const c of this.all()) await c.host?.ready.catch(() => {});
      })
      .catch((error) => this.deps.log?.error({ err: error }, 'no se pudieron reanudar las simulaciones'))
      .finally(() => {
        this.restored = true;
      });
  }

  private restored = true;

  /** Runs stored before a restart still being rebuilt (health says 'restaurando' meanwhile). */
  get isRestoring(): boolean {
    return !this.restored;
  }

  private async restoreAll(): Promise<void> {
    for (const row of await this.store.current()) await this.restoreRow(row, row.ahoraMs);
  }

  private async restoreRow(row: RunRow, storedMs: number): Promise<void> {
    const c = this.track(row);
    // The daily operation runs on the wall clock: it continues from now, not from its last stored
    // instant (minutes old after a crash, and the downtime behind).
    const ahoraMs =
      row.modo === 'operacion' && row.estado === 'en_curso'
        ? Math.max(storedMs, this.deps.wallMs())
        : storedMs;
    try {
      await this.launch(c, { ahoraMs, estado: row.estado, reporte: row.reporte });
      await c.host?.ready;
    } catch (error) {
      c.fail(error instanceof Error ? error.message : String(error));
    }
  }

  /**
   * This instance now leads a mode (another one died or left): its current run continues here from the
   * stored state. `ahoraMs` picks the simulated instant to continue from (the last one the leader
   * published is fresher than the stored row's).
   */
  restoreMode(modo: RunMode, ahoraMs: (row: RunRow) => number = (row) => row.ahoraMs): Promise<void> {
    if (modo === 'operacion') this.early ??= [];
    const next = this.lock.then(async () => {
      try {
        if (this.closed || this.current.has(modo)) return;
        const row = (await this.store.current()).find((r) => r.modo === modo);
        if (!row) return;
        await this.restoreRow(row, ahoraMs(row));
        this.deps.log?.info({ run: row.id, modo }, 'simulación tomada por este servidor');
      } finally {
        if (modo === 'operacion') this.flushEarly();
      }
    });
    this.lock = next.catch(() => {});
    return next;
  }

  /** Another instance may lead the mode now: its run leaves this process without writing anything more. */
  dropMode(modo: RunMode): void {
    const c = this.current.get(modo);
    if (!c) return;
    c.retire();
    this.current.delete(modo);
    void c.host?.close();
  }

  private track(row: RunRow): TrackedRun {
    const c = new TrackedRun(row, {
      store: this.store,
      options: this.opts,
      wallMs: this.deps.wallMs,
      log: this.deps.log,
      changed: (run) => this.onChange(run.row.modo, run.dto()),
    });
    this.current.set(row.modo, c);
    return c;
  }

  private launch(c: TrackedRun, restore: Resume | null, inputs?: RunInputs): Promise<void> {
    return launchRun(this.deps, c, restore, () => this.closed, inputs);
  }

  // ---------------------------------------------------------------- starting

  /** Starts a run (201), or answers the run an earlier request with the same key started (200). */
  start(
    payload: StartRunPayload & { semilla?: number },
    clave?: string,
  ): Promise<{ status: 200 | 201; run: RunDto }> {
    // One start at a time: simultaneous starts of a mode give one run, the others see it and get 409.
    const next = this.lock.then(() => this.startNow(payload, clave));
    this.lock = next.catch(() => {});
    return next;
  }

  private async startNow(
    payload: StartRunPayload & { semilla?: number },
    clave?: string,
  ): Promise<{ status: 200 | 201; run: RunDto }> {
    const wall = this.deps.wallMs();
    if (clave) {
      const prior = await this.store.byKey(clave, new Date(wall - IDEMPOTENCY_MS).toISOString());
      if (prior) return { status: 200, run: await this.get(prior.id) };
    }
    const prev = this.current.get(payload.modo);
    if (prev && isActive(prev.row.estado) && !payload.reemplazar) throw conflictError(prev.row);
    const plan = await planStart(this.deps.db, payload, wall, this.opts);
    const row = newRunRow(plan, payload.semilla ?? this.opts.growth.seed, clave ?? null, wall);
    // Orders acknowledged from the moment its inputs are read reach the new daily operation once it runs.
    if (row.modo === 'operacion') this.early ??= [];
    try {
      // Read (and validated) before the previous run of this mode retires.
      const inputs = await loadInputs(
        this.deps.db,
        { ...row, entradas: undefined },
        this.deps.sedes,
        this.opts,
      );
      row.entradas = inputs.versions;
      if (prev) await this.retire(prev);
      try {
        row.creadoEn = await this.store.insertCurrent(row);
      } catch (error) {
        // Another server process started a run of this mode at the same time.
        if (pgErrorCode(error) === '23505')
          throw new ApiError(409, 'SIMULACION_EN_CURSO', 'Otra simulación de este modo acaba de empezar');
        throw error;
      }
      const c = this.track(row);
      await this.launch(c, null, inputs);
      await c.host?.ready;
      const dto = c.dto();
      this.onChange(row.modo, dto);
      return { status: 201, run: dto };
    } finally {
      if (row.modo === 'operacion') this.flushEarly();
    }
  }

  /** Live orders held while the daily operation was being built go to it (or to the real-time view). */
  private flushEarly(): void {
    const early = this.early ?? [];
    this.early = null;
    if (early.length > 0 && !this.addOrders(early)) this.orphans(early);
  }

  /** A replaced run stops (if it was going), keeps its last state in the history and leaves its worker. */
  private async retire(c: TrackedRun): Promise<void> {
    if (c.host?.isReady && isActive(c.row.estado)) {
      try {
        c.apply(await c.host.request({ kind: 'stop', wallMs: this.deps.wallMs() }));
      } catch {
        // A dead worker: the stored row is what remains.
      }
    }
    c.persist(true, { actual: false });
    c.retire();
    await c.writes;
    if (this.current.get(c.row.modo) === c) this.current.delete(c.row.modo);
    await c.host?.close();
  }

  // ---------------------------------------------------------------- controls

  async pause(id: string): Promise<RunDto> {
    const c = this.controllable(id, 'en_curso', 'pausar');
    c.apply(await c.host!.request({ kind: 'pause', wallMs: this.deps.wallMs() }));
    return c.dto();
  }

  async resume(id: string): Promise<RunDto> {
    const c = this.controllable(id, 'pausada', 'reanudar');
    c.apply(await c.host!.request({ kind: 'resume', wallMs: this.deps.wallMs() }));
    return c.dto();
  }

  async setSpeed(id: string, velocidad: number | 'max'): Promise<RunDto> {
    const c = this.controllable(id, null, 'cambiar la velocidad de');
    if (c.row.modo === 'operacion')
      throw new ApiError(409, 'CONFLICTO', 'La operación diaria va siempre en tiempo real (×1)');
    const speed = velocidad === 'max' ? null : velocidad;
    const snap = await c.host!.request({ kind: 'speed', speed, wallMs: this.deps.wallMs() });
    c.row.velocidad = speed;
    c.persist(true);
    c.apply(snap);
    this.onChange(c.row.modo, c.dto());
    return c.dto();
  }

  async stop(id: string): Promise<RunDto> {
    const c = this.byId(id);
    if (!c) {
      const row = await this.store.get(id);
      if (!row) throw notFound(id);
      return runDto(row, null, row.segundosReales);
    }
    if (c.host?.isReady && isActive(c.row.estado))
      c.apply(await c.host.request({ kind: 'stop', wallMs: this.deps.wallMs() }));
    else if (isActive(c.row.estado)) c.setState('detenida');
    const dto = c.dto();
    // The daily operation goes back to real time; a stopped week or collapse search stays on screen.
    if (c.row.modo === 'operacion') await this.retire(c);
    else {
      c.persist(true);
      await c.writes;
    }
    return dto;
  }

  private controllable(id: string, need: RunState | null, verb: string): TrackedRun {
    const c = this.byId(id);
    if (!c) throw new ApiError(404, 'NO_ENCONTRADO', `La simulación ${id} no está activa`);
    const ok = need === null ? isActive(c.row.estado) : c.row.estado === need;
    if (!ok || !c.host?.isReady)
      throw new ApiError(
        409,
        'CONFLICTO',
        `No se puede ${verb} la simulación: está ${c.row.estado.replace('_', ' ')}`,
      );
    return c;
  }

  // ---------------------------------------------------------------- reading

  byId(id: string): TrackedRun | undefined {
    for (const c of this.current.values()) if (c.row.id === id) return c;
    return undefined;
  }

  of(modo: RunMode): TrackedRun | undefined {
    return this.current.get(modo);
  }

  all(): TrackedRun[] {
    return [...this.current.values()];
  }

  list(): RunDto[] {
    const local = this.all().map((c) => c.dto());
    const remote = (this.remote?.() ?? []).filter((r) => !this.current.has(r.modo));
    return [...local, ...remote];
  }

  /** The current run with this id, here or (several instances) as its leader last published it. */
  currentDto(id: string): RunDto | undefined {
    return this.byId(id)?.dto() ?? this.remote?.().find((r) => r.id === id);
  }

  async get(id: string): Promise<RunDto> {
    const c = this.currentDto(id);
    if (c) return c;
    const row = await this.store.get(id);
    if (!row) throw notFound(id);
    return runDto(row, null, row.segundosReales);
  }

  async history(modo: RunMode | undefined, limit: number): Promise<RunDto[]> {
    return (await this.store.history(modo, limit)).map(
      (row) => this.currentDto(row.id) ?? runDto(row, null, row.segundosReales),
    );
  }

  /** Live orders go to the operacion run; false when there is none to take them. */
  addOrders(orders: PlanOrder[]): boolean {
    if (this.early) {
      this.early.push(...orders);
      return true;
    }
    const c = this.current.get('operacion');
    if (!c?.host || c.host.failure !== null) return false;
    c.host.addOrders(orders);
    return true;
  }

  /** Waits until a run is built and, at max speed, finished (benchmarks and tests). */
  async whenDone(id: string): Promise<RunDto> {
    const c = this.byId(id);
    if (!c) return this.get(id);
    await c.host?.ready;
    await c.done;
    await c.writes;
    return c.dto();
  }

  async settled(): Promise<void> {
    await this.restoring;
    await this.lock;
    for (const c of this.all()) await c.host?.ready;
  }

  /** Saves every run's clock (paced runs brought up to this instant) and ends the workers. */
  async close(): Promise<void> {
    this.closed = true;
    const wall = this.deps.wallMs();
    for (const c of this.all()) {
      try {
        if (c.host?.isReady && c.row.estado === 'en_curso') await c.host.tick(wall);
      } catch {
        // A dead worker: keep what was stored.
      }
      c.persist(true);
      await c.writes;
      await c.host?.close();
    }
    this.current.clear();
  }
}

const notFound = (id: string) => new ApiError(404, 'NO_ENCONTRADO', `La simulación ${id} no existe`);
