import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type {
  FlightDetailDto,
  LiveFormat,
  LiveNetworkDto,
  OrderDetailDto,
  RelojDto,
  RunDto,
  RunMode,
  RunSummaryDto,
  StartRunPayload,
} from '../../src/api/contract';
import type { Database } from '../db/client';
import { orders as ordersTable } from '../db/schema';
import { epochMinToIso, isoToEpochMin, localToEpochMin } from '../domain/convert';
import { parseCancellations } from '../formats/cancellations';
import type { PlanOrder } from '../planner/types';
import type { AppClock } from '../plugins/clock';
import { ApiError } from '../plugins/errors';
import type { AppBus, StoredOrderEvent } from '../plugins/events';
import { getNetwork } from '../services/network';
import { listOrdersBetween, orderTimeRange } from '../services/orders';
import { decodeUpload, emptyFile, fmt, invalidFile } from '../services/upload';
import { CompactFeed } from './compactLive';
import { demandProfile } from './growth';
import { LiveHub } from './live';
import type { SimulationOptions } from './options';
import { type CancelResult, type RunEvent, type RunInputs, RunRuntime, type RunSpec } from './run';
import { type RunRow, RunStore } from './store';

const DAY = 1440;
const MIN_MS = 60_000;
const NO_CLOCK = { t: null, velocidad: null } as const;
/** Id of the unsaved operacion view shown when no operacion run exists. */
export const REALTIME_ID = 'tiempo-real';

export interface SimulationDeps {
  db: Database;
  bus: AppBus;
  clock: AppClock;
  sedes: string[];
  options: SimulationOptions;
  /** Wall clock in epoch ms (tests pin it). */
  wallMs: () => number;
  log?: { info: (obj: object, msg: string) => void; error: (obj: object, msg: string) => void };
}

interface Handle {
  row: RunRow;
  runtime: RunRuntime | null;
  /** Resolves when the runtime is built (and replayed, after a restart). */
  ready: Promise<void>;
  /** Resolves when a max-speed run has finished (or stopped). */
  done: Promise<void>;
  persisted: boolean;
  eventSeq: number;
  writes: Promise<void>;
  savedEstado: RunRow['estado'];
  lastPersistWall: number;
  retired: boolean;
  /** Orders registered while the runtime was being rebuilt; planned as soon as it is ready. */
  early: PlanOrder[];
}

export interface CancellationResultDto {
  message: string;
  vuelo: string;
  pedidosAfectados: number;
  aTiempo: number;
  atrasados: number;
  sinRuta: number;
  pedidos: { pedido: string; estado: OrderDetailDto['estado'] }[];
}

export interface CancellationFileResultDto {
  message: string;
  canceladas: number;
  omitidas: { linea: number; vuelo: string; motivo: string }[];
  pedidosAfectados: number;
}

const STATUS_ES: Record<string, OrderDetailDto['estado']> = {
  onTime: 'a_tiempo',
  late: 'atrasado',
  unrouted: 'sin_ruta',
  fromStock: 'desde_stock',
};

const yieldLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

const toPlanOrder = (o: StoredOrderEvent): PlanOrder => ({
  key: o.key,
  destination: o.destination,
  releaseMin: o.releaseMin,
  quantity: o.quantity,
});

/**
 * Runs, the simulated clocks and the live stream. One current run per mode (plus the unsaved
 * real-time operacion view when no operacion run exists); one timer ticks them all, computes each
 * mode's airborne flights once and broadcasts the frames. Runs are stored; after a restart they
 * are rebuilt by replaying the stored orders (and events) up to their stored simulated time.
 */
export class SimulationService {
  readonly hub: LiveHub;
  readonly store: RunStore;
  private readonly current = new Map<RunMode, Handle>();
  private realtime: Handle | null = null;
  private timer: NodeJS.Timeout | null = null;
  private heartbeatTimer: NodeJS.Timeout | null = null;
  private tickSeq = 0;
  private frames = new Map<string, Buffer>();
  /** The compact stream's lists, per mode and limit. */
  private feeds = new Map<string, CompactFeed>();
  private closed = false;
  private readonly wallNowMin: () => number;

  constructor(private readonly deps: SimulationDeps) {
    this.hub = new LiveHub(() => deps.options.maxBufferedBytes);
    this.store = new RunStore(deps.db);
    this.wallNowMin = deps.clock.nowMin;
    deps.bus.on('orders:added', (orders) => this.onOrders(orders));
    deps.bus.on('network:changed', () => {
      // The real-time view follows the loaded network; saved runs keep the one they started with.
      this.realtime = null;
    });
    // The order form stamps orders with the daily-operation clock (the documented clock hook).
    deps.clock.nowMin = () => this.operationNowMin();
  }

  private get opts(): SimulationOptions {
    return this.deps.options;
  }

  /** Live knobs (tests shorten them; the timers read them when they fire). */
  get options(): SimulationOptions {
    return this.deps.options;
  }

  // ---------------------------------------------------------------- lifecycle

  /** Restores the current runs, then starts the tick and heartbeat timers (unless tickMs is 0). */
  async start(): Promise<void> {
    const rows = await this.store.current();
    for (const row of rows) {
      const handle = this.newHandle(row, true);
      this.current.set(row.modo, handle);
      handle.ready = this.restore(handle).catch((error) => this.fail(handle, error));
    }
    if (this.opts.tickMs > 0) {
      this.timer = setInterval(() => this.tick(), this.opts.tickMs);
      this.timer.unref();
    }
    if (this.opts.heartbeatMs > 0) {
      this.heartbeatTimer = setInterval(() => this.hub.heartbeat(), this.opts.heartbeatMs);
      this.heartbeatTimer.unref();
    }
  }

  /** Stops timers, closes streams and saves every running run's clock. */
  async close(): Promise<void> {
    this.closed = true;
    if (this.timer) clearInterval(this.timer);
    if (this.heartbeatTimer) clearInterval(this.heartbeatTimer);
    this.hub.closeAll();
    const wall = this.deps.wallMs();
    for (const h of this.current.values()) {
      // Bring paced clocks up to this instant so a restart resumes exactly where we stopped.
      if (h.runtime?.running && h.runtime.spec.speed !== null)
        h.runtime.tickPaced(wall, this.opts.sliceOrders * 10);
      if (h.runtime) this.persist(h, true);
      await h.writes;
    }
  }

  /** Resolves when every current run is built (tests, benchmarks). */
  async settled(): Promise<void> {
    for (const h of [...this.current.values()]) await h.ready;
    if (this.realtime) await this.realtime.ready;
  }

  private newHandle(row: RunRow, persisted: boolean): Handle {
    return {
      row,
      runtime: null,
      ready: Promise.resolve(),
      done: Promise.resolve(),
      persisted,
      eventSeq: 0,
      writes: Promise.resolve(),
      savedEstado: row.estado,
      lastPersistWall: this.deps.wallMs(),
      retired: false,
      early: [],
    };
  }

  private fail(h: Handle, error: unknown): void {
    this.deps.log?.error({ err: error, run: h.row.id }, 'no se pudo preparar la simulación');
    h.retired = true;
    if (this.current.get(h.row.modo) === h) this.current.delete(h.row.modo);
  }

  // ---------------------------------------------------------------- runs

  async startRun(payload: StartRunPayload & { semilla?: number }): Promise<RunDto> {
    const modo = payload.modo;
    const wall = this.deps.wallMs();
    const range = await orderTimeRange(this.deps.db);
    const parse = (iso: string, field: string) => {
      try {
        return isoToEpochMin(iso);
      } catch {
        throw new ApiError(400, 'VALIDACION', `${field}: '${iso}' no es una fecha ISO 8601 válida`, [
          { field, message: `${field} no es una fecha ISO 8601 válida` },
        ]);
      }
    };
    let inicioMin: number;
    if (payload.inicio !== undefined) inicioMin = parse(payload.inicio, 'inicio');
    else if (modo === 'operacion') inicioMin = Math.floor(wall / MIN_MS);
    else {
      if (!range)
        throw new ApiError(409, 'SIN_PEDIDOS', 'No hay pedidos cargados: carga un archivo de pedidos');
      inicioMin = Math.floor(range.fromMin / DAY) * DAY;
    }
    let finMin: number | null = null;
    if (modo === 'semanal') {
      finMin = payload.fin !== undefined ? parse(payload.fin, 'fin') : inicioMin + this.opts.defaultWeekMin;
      if (finMin <= inicioMin)
        throw new ApiError(400, 'VALIDACION', 'La fecha de fin debe ser posterior a la de inicio', [
          { field: 'fin', message: 'La fecha de fin debe ser posterior a la de inicio' },
        ]);
    }
    let speed: number | null;
    if (modo === 'operacion') speed = 1;
    else if (payload.velocidad === 'max') speed = null;
    else speed = payload.velocidad ?? this.opts.defaultSpeed;

    const row: RunRow = {
      id: randomUUID(),
      modo,
      estado: 'en_curso',
      actual: true,
      inicioMin,
      finMin,
      velocidad: speed,
      ahoraMs: inicioMin * MIN_MS,
      semilla: payload.semilla ?? this.opts.growth.seed,
      kpis: null,
      reporte: null,
      creadoEn: new Date(wall).toISOString(),
    };
    // Validate the inputs before retiring the previous run of this mode.
    const inputs = await this.loadInputs(row);
    row.creadoEn = await this.store.insertCurrent(row);
    const prev = this.current.get(modo);
    if (prev) prev.retired = true;
    const handle = this.newHandle(row, true);
    handle.runtime = this.buildRuntime(handle, inputs);
    handle.runtime.anchor(this.deps.wallMs());
    this.current.set(modo, handle);
    this.afterBuild(handle);
    return this.runDto(handle);
  }

  private async loadInputs(row: RunRow): Promise<RunInputs> {
    const net = await getNetwork(this.deps.db);
    if (net.airports.length === 0 || net.flights.length === 0)
      throw new ApiError(409, 'SIN_RED', 'Carga primero los archivos de aeropuertos y de vuelos');
    const load = async (from: number, to: number) =>
      (await listOrdersBetween(this.deps.db, from, to)).map(toPlanOrder);
    const base = {
      airports: net.airports,
      flights: net.flights,
      plannerParams: { sedes: this.deps.sedes },
      options: this.opts,
    };
    if (row.modo === 'semanal') return { ...base, orders: await load(row.inicioMin, row.finMin!) };
    if (row.modo === 'operacion')
      return {
        ...base,
        // release_min is an int4 column: the open upper bound must fit it.
        orders: await load(row.inicioMin - this.opts.operationLookbackMin, 2_147_483_647),
      };
    const range = await orderTimeRange(this.deps.db);
    if (!range)
      throw new ApiError(409, 'SIN_PEDIDOS', 'No hay pedidos cargados: carga un archivo de pedidos');
    const sample = await load(range.toMin - 7 * DAY + 1, range.toMin + 1);
    const profile = demandProfile(sample);
    if (!profile)
      throw new ApiError(409, 'SIN_PEDIDOS', 'No hay pedidos cargados: carga un archivo de pedidos');
    const startDay = Math.max(Math.floor(range.toMin / DAY) + 1, Math.floor(row.inicioMin / DAY));
    return {
      ...base,
      orders: await load(row.inicioMin, range.toMin + 1),
      growth: { profile, startDay },
    };
  }

  private buildRuntime(h: Handle, inputs: RunInputs): RunRuntime {
    const spec: RunSpec = {
      id: h.row.id,
      modo: h.row.modo,
      inicioMin: h.row.inicioMin,
      finMin: h.row.finMin,
      speed: h.row.velocidad,
      seed: h.row.semilla,
      creadoEn: h.row.creadoEn,
    };
    const rt = new RunRuntime(spec, inputs);
    if (h.persisted) {
      // Events are batched: an order file arriving during operation may add thousands at once.
      let batch: { seq: number; e: RunEvent }[] = [];
      rt.onEvent = (e) => {
        batch.push({ seq: ++h.eventSeq, e });
        if (batch.length > 1) return;
        h.writes = h.writes
          .then(async () => {
            const rows = batch;
            batch = [];
            await this.store.appendEvents(h.row.id, rows);
          })
          .catch((error) => this.deps.log?.error({ err: error }, 'no se pudo guardar un evento'));
      };
    }
    return rt;
  }

  /** After a restart: rebuild the plan up to the stored simulated time, then carry on. */
  private async restore(h: Handle): Promise<void> {
    const inputs = await this.loadInputs(h.row);
    const events = await this.store.events(h.row.id);
    h.eventSeq = events.reduce((m, _e, i) => Math.max(m, i + 1), 0);
    const rt = this.buildRuntime(h, inputs);
    rt.setReplay(events);
    const onEvent = rt.onEvent;
    rt.onEvent = undefined;
    for (;;) {
      const until = performance.now() + this.opts.sliceMs;
      let done = rt.replayTo(h.row.ahoraMs, this.opts.sliceOrders);
      while (!done && performance.now() < until) done = rt.replayTo(h.row.ahoraMs, this.opts.sliceOrders);
      if (done) break;
      await yieldLoop();
      if (this.closed || h.retired) return;
    }
    rt.onEvent = onEvent;
    if (h.row.estado !== 'en_curso') rt.restoreFinished(h.row.estado, h.row.ahoraMs, h.row.reporte);
    rt.anchor(this.deps.wallMs());
    h.runtime = rt;
    this.deps.log?.info(
      { run: h.row.id, modo: h.row.modo, ahora: epochMinToIso(rt.nowMin) },
      'simulación reanudada',
    );
    this.afterBuild(h);
  }

  private afterBuild(h: Handle): void {
    const rt = h.runtime!;
    if (h.early.length > 0) rt.addLiveOrders(h.early.splice(0));
    if (rt.running && rt.spec.speed === null) h.done = this.driveMax(h);
    else this.persist(h, false);
  }

  /** Max speed: slices of planning, yielding between them so the API and the stream stay live. */
  private async driveMax(h: Handle): Promise<void> {
    const rt = h.runtime!;
    while (rt.running && !h.retired && !this.closed) {
      const until = performance.now() + this.opts.sliceMs;
      do rt.runSlice(this.opts.sliceOrders);
      while (rt.running && performance.now() < until);
      this.persist(h, false);
      await yieldLoop();
    }
    this.persist(h, true);
    await h.writes;
  }

  /** Saves state changes at once and the clock every persistEveryMs (or when forced). */
  private persist(h: Handle, force: boolean): void {
    const rt = h.runtime;
    if (!rt || !h.persisted) return;
    const wall = this.deps.wallMs();
    const changed = rt.estado !== h.savedEstado;
    if (!changed && !force && wall - h.lastPersistWall < this.opts.persistEveryMs) return;
    h.savedEstado = rt.estado;
    h.lastPersistWall = wall;
    h.row.estado = rt.estado;
    h.row.ahoraMs = rt.ahoraMs;
    h.row.reporte = rt.report;
    const fields = { estado: rt.estado, ahoraMs: rt.ahoraMs, kpis: rt.kpis(), reporte: rt.report };
    h.row.kpis = fields.kpis;
    h.writes = h.writes
      .then(() => this.store.update(h.row.id, fields))
      .catch((error) => this.deps.log?.error({ err: error }, 'no se pudo guardar la simulación'));
  }

  list(): RunDto[] {
    return [...this.current.values()].map((h) => this.runDto(h));
  }

  async get(id: string): Promise<RunDto> {
    const h = this.byId(id);
    if (h) return this.runDto(h);
    const row = await this.store.get(id);
    if (!row) throw notFound(id);
    return rowDto(row);
  }

  async stop(id: string): Promise<RunDto> {
    const h = this.byId(id);
    if (!h) {
      const row = await this.store.get(id);
      if (!row) throw notFound(id);
      return rowDto(row);
    }
    // Retiring first ends a max-speed loop or a replay at its next slice.
    h.retired = true;
    this.current.delete(h.row.modo);
    if (h.runtime) {
      h.runtime.stop();
      this.persist(h, true);
      h.writes = h.writes.then(() => this.store.update(h.row.id, { actual: false }));
    } else {
      h.row.estado = 'detenida';
      h.writes = h.writes.then(() => this.store.update(h.row.id, { estado: 'detenida', actual: false }));
    }
    await h.writes;
    return this.runDto(h);
  }

  /** Waits until a run is built and, at max speed, finished (benchmarks and tests). */
  async whenDone(id: string): Promise<RunDto> {
    const h = this.byId(id);
    if (!h) return this.get(id);
    await h.ready;
    await h.done;
    return this.runDto(h);
  }

  private byId(id: string): Handle | undefined {
    for (const h of this.current.values()) if (h.row.id === id) return h;
    return undefined;
  }

  private runDto(h: Handle): RunDto & { semilla: number } {
    const rt = h.runtime;
    if (!rt) return { ...rowDto(h.row), semilla: h.row.semilla };
    return {
      id: h.row.id,
      modo: h.row.modo,
      estado: rt.estado,
      inicio: epochMinToIso(h.row.inicioMin),
      fin: h.row.finMin === null ? null : epochMinToIso(h.row.finMin),
      velocidad: h.row.velocidad ?? 'max',
      ahora: new Date(rt.ahoraMs).toISOString(),
      creadoEn: h.row.creadoEn,
      kpis: rt.kpis(),
      reporte: rt.report,
      semilla: h.row.semilla,
    };
  }

  // ---------------------------------------------------------------- the view a screen asks for

  /** The runtime a mode shows: its run, else the real-time operacion view (built on demand). */
  private async viewFor(modo: RunMode | undefined, runId?: string): Promise<RunRuntime> {
    if (runId) {
      const h = this.byId(runId);
      if (!h) throw new ApiError(404, 'NO_ENCONTRADO', `La simulación ${runId} no está activa`);
      await h.ready;
      if (!h.runtime) throw new ApiError(409, 'NO_DISPONIBLE', `La simulación ${runId} no se pudo preparar`);
      return h.runtime;
    }
    const h = this.current.get(modo ?? 'operacion');
    if (h) {
      await h.ready;
      if (h.runtime) return h.runtime;
    }
    const rt = await this.realtimeView();
    if (!rt) throw new ApiError(409, 'SIN_RED', 'Carga primero los archivos de aeropuertos y de vuelos');
    return rt;
  }

  private viewNow(modo: RunMode): RunRuntime | null {
    const h = this.current.get(modo);
    if (h?.runtime) return h.runtime;
    if (!this.realtime) void this.realtimeView();
    return this.realtime?.runtime ?? null;
  }

  private async realtimeView(): Promise<RunRuntime | null> {
    if (!this.realtime) {
      const wall = this.deps.wallMs();
      const row: RunRow = {
        id: REALTIME_ID,
        modo: 'operacion',
        estado: 'en_curso',
        actual: true,
        inicioMin: Math.floor(wall / MIN_MS),
        finMin: null,
        velocidad: 1,
        ahoraMs: wall,
        semilla: this.opts.growth.seed,
        kpis: null,
        reporte: null,
        creadoEn: new Date(wall).toISOString(),
      };
      const h = this.newHandle(row, false);
      this.realtime = h;
      h.ready = (async () => {
        try {
          const inputs = await this.loadInputs(row);
          if (this.realtime !== h) return;
          const rt = this.buildRuntime(h, inputs);
          rt.step(row.inicioMin);
          rt.ahoraMs = wall;
          rt.anchor(wall);
          h.runtime = rt;
          if (h.early.length > 0) rt.addLiveOrders(h.early.splice(0));
        } catch (error) {
          if (!(error instanceof ApiError)) this.deps.log?.error({ err: error }, 'vista en tiempo real');
          // No network yet: try again on the next request or tick.
          if (this.realtime === h) this.realtime = null;
        }
      })();
    }
    const h = this.realtime;
    await h.ready;
    return h.runtime;
  }

  /** The daily-operation clock (epoch minutes): the operacion run's simulated now, else wall time. */
  operationNowMin(): number {
    const h = this.current.get('operacion');
    const rt = h?.runtime;
    if (rt?.running && rt.spec.speed !== null) return Math.floor(rt.clockAt(this.deps.wallMs()) / MIN_MS);
    if (rt) return rt.nowMin;
    return this.wallNowMin();
  }

  clock(modo: RunMode): RelojDto {
    const h = this.current.get(modo);
    const rt = h?.runtime;
    if (!h || !rt) {
      return { ahora: new Date(this.deps.wallMs()).toISOString(), velocidad: 1, modo, estado: 'tiempo_real' };
    }
    const running = rt.running;
    const ahora = running && rt.spec.speed !== null ? rt.clockAt(this.deps.wallMs()) : rt.ahoraMs;
    return {
      ahora: new Date(ahora).toISOString(),
      velocidad: running ? (rt.spec.speed ?? 0) : 0,
      modo,
      estado: rt.estado,
    };
  }

  // ---------------------------------------------------------------- ticking and streaming

  /** One tick: move every paced clock, then compute and broadcast each mode's frame once. */
  tick(wallMs = this.deps.wallMs()): void {
    try {
      for (const h of [...this.current.values()]) {
        const rt = h.runtime;
        if (!rt) continue;
        if (rt.running && rt.spec.speed !== null) rt.tickPaced(wallMs, this.opts.sliceOrders * 10);
        this.persist(h, false);
      }
      const rt = this.realtime?.runtime;
      if (rt && !this.current.has('operacion')) rt.tickPaced(wallMs, this.opts.sliceOrders * 10);
      this.tickSeq++;
      this.frames.clear();
      if (this.hub.clients.size > 0)
        this.hub.broadcast((modo, limit, formato) => this.frame(modo, limit, formato));
    } catch (error) {
      this.deps.log?.error({ err: error }, 'fallo en el tick de la simulación');
    }
  }

  /** The SSE message of a tick for a mode, limit and format, computed once per tick. */
  frame(modo: RunMode, limit: number, formato: LiveFormat = 'arreglo'): Buffer {
    if (formato === 'compacto') return this.compactFrame(modo, limit);
    const key = `${modo}|${limit}`;
    let f = this.frames.get(key);
    if (!f) {
      const rt = this.viewNow(modo);
      const json = rt ? JSON.stringify(rt.liveFlights(limit)) : '[]';
      f = Buffer.from(`id: ${this.tickSeq}\ndata: ${json}\n\n`);
      this.frames.set(key, f);
    }
    return f;
  }

  private feedOf(modo: RunMode, limit: number): CompactFeed {
    const key = `${modo}|${limit}`;
    let feed = this.feeds.get(key);
    if (!feed) {
      feed = new CompactFeed();
      this.feeds.set(key, feed);
    }
    return feed;
  }

  /** A tick of the compact stream: what changed since the last one (all compact clients share it). */
  private compactFrame(modo: RunMode, limit: number): Buffer {
    const key = `${modo}|${limit}|compacto`;
    let f = this.frames.get(key);
    if (!f) {
      const rt = this.viewNow(modo);
      const clock = rt ? rt.liveClock() : NO_CLOCK;
      const change = this.feedOf(modo, limit).advance(
        rt?.view ?? null,
        rt ? rt.liveEntries(limit) : [],
        this.tickSeq,
        clock,
      );
      f =
        change === 'red'
          ? this.compactStart(modo, limit)
          : Buffer.from(`id: ${this.tickSeq}\nevent: tick\ndata: ${JSON.stringify(change)}\n\n`);
      this.frames.set(key, f);
    }
    return f;
  }

  /**
   * What a compact client needs first: the plan ('red') and the list now ('foto'). The list is the one
   * the next tick's change is measured from, so a joining client and the others stay in step.
   */
  compactStart(modo: RunMode, limit: number): Buffer {
    const rt = this.viewNow(modo);
    const feed = this.feedOf(modo, limit);
    if (feed.tick !== this.tickSeq)
      feed.reset(rt?.view ?? null, rt ? rt.liveEntries(limit) : [], this.tickSeq);
    const red: LiveNetworkDto = rt ? rt.liveNetwork() : { vuelos: [], niveles: [], colores: [] };
    const foto = feed.snapshot(rt ? rt.liveClock() : NO_CLOCK);
    return Buffer.from(
      `id: ${this.tickSeq}\nevent: red\ndata: ${JSON.stringify(red)}\n\n` +
        `id: ${this.tickSeq}\nevent: foto\ndata: ${JSON.stringify(foto)}\n\n`,
    );
  }

  liveLimit(limit: number | undefined): number {
    return Math.min(this.opts.liveMaxLimit, Math.max(1, limit ?? this.opts.liveDefaultLimit));
  }

  // ---------------------------------------------------------------- orders arriving

  private onOrders(orders: StoredOrderEvent[]): void {
    const h = this.current.get('operacion') ?? this.realtime;
    if (!h) return;
    if (h.runtime) h.runtime.addLiveOrders(orders.map(toPlanOrder));
    else h.early.push(...orders.map(toPlanOrder));
  }

  // ---------------------------------------------------------------- operations data

  async summary(id: string): Promise<RunSummaryDto> {
    const h = this.byId(id) ?? (id === REALTIME_ID ? this.realtime : undefined);
    if (!h) {
      const row = await this.store.get(id);
      if (!row) throw notFound(id);
      const dto = rowDto(row);
      return {
        ...dto.kpis,
        ahora: dto.ahora,
        velocidad: dto.velocidad,
        estado: dto.estado,
        almacenes: [],
        almacenMasOcupado: null,
        utilizacionVuelos: 0,
      };
    }
    await h.ready;
    const rt = h.runtime;
    if (!rt) throw new ApiError(409, 'NO_DISPONIBLE', `La simulación ${id} no se pudo preparar`);
    const almacenes = rt.warehouses();
    const top = almacenes.reduce<(typeof almacenes)[number] | null>(
      (m, a) => (m === null || a.porcentaje > m.porcentaje ? a : m),
      null,
    );
    return {
      ...rt.kpis(),
      ahora: new Date(rt.ahoraMs).toISOString(),
      velocidad: h.row.velocidad ?? 'max',
      estado: rt.estado,
      almacenes,
      almacenMasOcupado: top,
      utilizacionVuelos: rt.utilisation(),
    };
  }

  async warehouses(modo?: RunMode) {
    return (await this.viewFor(modo)).warehouses();
  }

  async flight(id: string, modo?: RunMode): Promise<FlightDetailDto> {
    const rt = await this.viewFor(modo);
    const inst = rt.resolveInstance(id);
    if (!inst) throw new ApiError(404, 'NO_ENCONTRADO', `El vuelo ${id} no existe en el plan de vuelos`);
    return rt.flightDetail(inst.flightId, inst.depMin);
  }

  async order(key: string, modo?: RunMode): Promise<OrderDetailDto> {
    const rt = await this.viewFor(modo);
    const stored = await this.storedOrder(key);
    const out = rt.outcome(key);
    if (out) return rt.orderDetail(out, stored?.clientId ?? '');
    if (!stored) throw new ApiError(404, 'NO_ENCONTRADO', `El pedido ${key} no existe`);
    return {
      id: key,
      destino: stored.destination,
      cantidad: stored.quantity,
      clienteId: stored.clientId,
      fecha: epochMinToIso(stored.releaseMin),
      plazo: null,
      estado: 'pendiente',
      envios: [],
    };
  }

  private async storedOrder(key: string) {
    const m = /^([A-Z0-9]{3,4})-(\d{1,9})$/.exec(key);
    if (!m) return undefined;
    const rows = await this.deps.db.orm
      .select()
      .from(ordersTable)
      .where(and(eq(ordersTable.destination, m[1]), eq(ordersTable.seq, Number(m[2]))));
    return rows[0];
  }

  async cancelFlight(id: string, modo?: RunMode): Promise<CancellationResultDto> {
    const rt = await this.viewFor(modo);
    const inst = rt.resolveInstance(id);
    if (!inst) throw new ApiError(404, 'NO_ENCONTRADO', `El vuelo ${id} no existe en el plan de vuelos`);
    if (!rt.running)
      throw new ApiError(
        409,
        'CONFLICTO',
        `La simulación está ${rt.estado.replace('_', ' ')}: no admite cancelaciones`,
      );
    const r = rt.cancel(inst.flightId, inst.depMin);
    const label = `${inst.flightId} del ${epochMinToIso(inst.depMin).slice(0, 16).replace('T', ' ')} UTC`;
    if (!r.ok)
      throw new ApiError(409, 'VUELO_NO_CANCELABLE', `No se puede cancelar el vuelo ${label}: ${r.reason}`);
    return cancellationDto(label, r);
  }

  /** A cancellations file (dd.ORIG-DEST-HH:MM): days of the run's current month, departure local to the origin. */
  async cancelFile(filename: string, bytes: Uint8Array, modo?: RunMode): Promise<CancellationFileResultDto> {
    const rt = await this.viewFor(modo);
    const { text } = decodeUpload(bytes, filename);
    const parsed = parseCancellations(text, new Set(rt.view.flightIds));
    if (parsed.errorCount > 0) throw invalidFile(filename, parsed);
    if (parsed.records.length === 0) throw emptyFile(filename, 'cancelaciones');
    if (!rt.running)
      throw new ApiError(
        409,
        'CONFLICTO',
        `La simulación está ${rt.estado.replace('_', ' ')}: no admite cancelaciones`,
      );
    const now = new Date(rt.ahoraMs);
    const year = now.getUTCFullYear();
    const month = now.getUTCMonth() + 1;
    const omitidas: CancellationFileResultDto['omitidas'] = [];
    const affected = new Set<string>();
    let canceladas = 0;
    const lines = text.split(/\r?\n/);
    parsed.records.forEach((rec) => {
      const i = rt.view.flightIndex.get(rec.flightId)!;
      const origin = rt.view.airports[rt.view.airportIndex.get(rt.view.origin[i])!];
      const [hh, mm] = rec.flightId.slice(-5).split(':').map(Number);
      const dep = localToEpochMin(year, month, rec.day, hh, mm, origin.gmt);
      const r: CancelResult = rt.cancel(rec.flightId, dep);
      if (r.ok) {
        canceladas++;
        for (const o of r.affected) affected.add(o.key);
      } else {
        const linea =
          lines.findIndex((l) => l.includes(`${String(rec.day).padStart(2, '0')}.${rec.flightId}`)) + 1;
        omitidas.push({ linea, vuelo: rec.flightId, motivo: r.reason ?? 'no cancelable' });
      }
    });
    let message = `Archivo de cancelaciones ${filename}: ${fmt(canceladas)} vuelos cancelados, ${fmt(affected.size)} pedidos replanificados`;
    if (omitidas.length > 0)
      message += `; ${fmt(omitidas.length)} omitidos (ya despegaron o ya estaban cancelados)`;
    return { message, canceladas, omitidas: omitidas.slice(0, 100), pedidosAfectados: affected.size };
  }
}

function cancellationDto(label: string, r: CancelResult): CancellationResultDto {
  const pedidos = r.affected.map((o) => ({ pedido: o.key, estado: STATUS_ES[o.status] }));
  const count = (s: string) => pedidos.filter((p) => p.estado === s).length;
  const aTiempo = count('a_tiempo');
  const atrasados = count('atrasado');
  const sinRuta = count('sin_ruta');
  return {
    message: `Vuelo ${label} cancelado: ${fmt(pedidos.length)} pedidos replanificados (${fmt(aTiempo)} a tiempo, ${fmt(atrasados)} atrasados, ${fmt(sinRuta)} sin ruta)`,
    vuelo: label,
    pedidosAfectados: pedidos.length,
    aTiempo,
    atrasados,
    sinRuta,
    pedidos,
  };
}

const notFound = (id: string) => new ApiError(404, 'NO_ENCONTRADO', `La simulación ${id} no existe`);

const EMPTY_KPIS = {
  pedidosRecibidos: 0,
  productosRecibidos: 0,
  entregados: 0,
  aTiempo: 0,
  atrasados: 0,
  sinRuta: 0,
  enTransito: 0,
  productosEnVuelo: 0,
  porcentajeATiempo: 100,
};

function rowDto(row: RunRow): RunDto {
  return {
    id: row.id,
    modo: row.modo,
    estado: row.estado,
    inicio: epochMinToIso(row.inicioMin),
    fin: row.finMin === null ? null : epochMinToIso(row.finMin),
    velocidad: row.velocidad ?? 'max',
    ahora: new Date(row.ahoraMs).toISOString(),
    creadoEn: row.creadoEn,
    kpis: row.kpis ?? EMPTY_KPIS,
    reporte: row.reporte,
  };
}

export type { RunEvent };
