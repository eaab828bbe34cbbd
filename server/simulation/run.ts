import type {
  CollapseReportDto,
  FlightDetailDto,
  LiveEntryDto,
  LiveFlightDto,
  LiveNetworkDto,
  OrderDetailDto,
  RunKpisDto,
  RunMode,
  RunState,
  WarehouseOccupancyDto,
} from '../../src/api/contract';
import { epochMinToIso, toNetwork } from '../domain/convert';
import type { Airport, DailyFlight } from '../domain/types';
import { createPlanner, type PlannerEngine } from '../planner';
import type { OrderOutcome, PlannerParams, PlanOrder } from '../planner/types';
import { entriesOf, networkDto, type SimClock } from './compactLive';
import { type DemandProfile, growthLaw, syntheticDay } from './growth';
import { FinishHeap } from './heap';
import { levelOf, type SimulationOptions } from './options';
import {
  type Airborne,
  airborneAt,
  instanceId,
  lastDepartureAtOrBefore,
  toLiveFlight,
  type ViewNetwork,
  viewNetwork,
  warehouseOccupancy,
} from './view';

const DAY = 1440;
/** Archived outcomes kept for GET /api/pedidos/{id}; beyond this the oldest are forgotten. */
const ARCHIVE_LIMIT = 50_000;

/** What cannot be recomputed from the stored orders: live orders and cancellations, in order. */
export type RunEvent =
  | { kind: 'pedido'; atMin: number; order: PlanOrder }
  | { kind: 'cancelacion'; atMin: number; flightId: string; depMin: number };

export interface RunSpec {
  id: string;
  modo: RunMode;
  inicioMin: number;
  /** semanal: end of the window; others null. */
  finMin: number | null;
  /** Simulated seconds per real second; null = as fast as possible. */
  speed: number | null;
  seed: number;
  creadoEn: string;
}

export interface RunInputs {
  airports: Airport[];
  flights: DailyFlight[];
  plannerParams: Partial<PlannerParams>;
  /** Stored orders of the run's window, sorted by release (then key). */
  orders: PlanOrder[];
  /** colapso: the demand mix to extend past the stored orders, and the first synthetic UTC day. */
  growth?: { profile: DemandProfile; startDay: number };
  options: SimulationOptions;
}

export interface CancelResult {
  ok: boolean;
  reason?: string;
  affected: OrderOutcome[];
}

const byRelease = (a: PlanOrder, b: PlanOrder) =>
  a.releaseMin - b.releaseMin || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0);

/**
 * One run: a planner fed with orders as its simulated clock moves. Synchronous and free of I/O; the
 * service drives it (timer, persistence, stream). Every order is planned at its release minute (live
 * orders at the minute they arrived), so the plan depends only on the inputs, never on tick timing:
 * a paced run, a max-speed run and a resumed run give the same plan.
 */
export class RunRuntime {
  readonly spec: RunSpec;
  readonly view: ViewNetwork;
  private networkDtoCache: LiveNetworkDto | null = null;
  readonly planner: PlannerEngine;
  estado: RunState = 'en_curso';
  /** Simulated now, epoch milliseconds. */
  ahoraMs: number;
  report: CollapseReportDto | null = null;
  /** Events to record (the service persists them); replayed events are not re-announced. */
  onEvent?: (e: RunEvent) => void;

  private readonly opts: SimulationOptions;
  private pending: PlanOrder[];
  private cursor = 0;
  private replay: RunEvent[] = [];
  private replayCursor = 0;
  private readonly seen = new Set<string>();
  private readonly cancelled = new Set<string>();
  private readonly finish = new Map<string, number>();
  private readonly heap = new FinishHeap();
  private delivered = 0;
  private readonly archived = new Map<string, OrderOutcome>();
  /** Keys of `archived` in the order they came in; `archiveHead` is the oldest still there. */
  private readonly archiveOrder: string[] = [];
  private archiveHead = 0;
  private readonly growth?: {
    profile: DemandProfile;
    startDay: number;
    nextDay: number;
    law: (d: number) => number;
  };
  /** Departures before this minute are counted in the flight utilisation. */
  private accountedMin: number;
  private booked = 0;
  private offered = 0;
  /** Minute up to which every feed order is planned. */
  private plannedThrough: number;
  /** Paced clock anchor: sim = anchorSim + (wall - anchorWall) * speed. */
  private anchorWall = 0;
  private anchorSim = 0;
  private airborneCache: { tMin: number; version: number; list: Airborne[] } | null = null;
  /** Bumped whenever loads may have changed (orders planned, cancellations). */
  private version = 0;

  constructor(spec: RunSpec, inputs: RunInputs) {
    this.spec = spec;
    this.opts = inputs.options;
    this.view = viewNetwork(inputs.airports, inputs.flights);
    this.planner = createPlanner(toNetwork(inputs.airports, inputs.flights), inputs.plannerParams, {
      onArchive: (outcomes) => {
        for (const o of outcomes) this.archive(o);
      },
    });
    this.pending = inputs.orders;
    for (const o of inputs.orders) this.seen.add(o.key);
    const start =
      inputs.orders.length > 0 ? Math.min(spec.inicioMin, inputs.orders[0].releaseMin) : spec.inicioMin;
    this.plannedThrough = start - 1;
    this.accountedMin = spec.inicioMin;
    this.ahoraMs = spec.inicioMin * 60_000;
    if (inputs.growth) {
      const p0 = inputs.growth.profile.productsPerDay;
      this.growth = {
        ...inputs.growth,
        nextDay: inputs.growth.startDay,
        law: growthLaw(p0, this.opts.growth),
      };
    }
  }

  get nowMin(): number {
    return Math.floor(this.ahoraMs / 60_000);
  }

  get running(): boolean {
    return this.estado === 'en_curso';
  }

  // ---------------------------------------------------------------- feeding the planner

  /** Events from the database of a resumed run, applied at their minutes among the feed orders. */
  setReplay(events: RunEvent[]): void {
    this.replay = events;
    this.replayCursor = 0;
    const live = new Set(
      events.filter((e) => e.kind === 'pedido').map((e) => (e as { order: PlanOrder }).order.key),
    );
    if (live.size > 0) this.pending = this.pending.filter((o) => !live.has(o.key));
    for (const k of live) this.seen.add(k);
  }

  private nextFeed(limitMin: number): PlanOrder | undefined {
    if (this.cursor >= this.pending.length && this.growth) {
      const g = this.growth;
      if (g.nextDay * DAY <= limitMin && g.nextDay - g.startDay < this.opts.growth.maxDays) {
        this.pending = syntheticDay(g.profile, g.law, g.startDay, g.nextDay, this.spec.seed);
        this.cursor = 0;
        g.nextDay++;
      }
    }
    return this.cursor < this.pending.length ? this.pending[this.cursor] : undefined;
  }

  /** True once the colapso feed has nothing more to give (growth horizon reached). */
  private feedExhausted(): boolean {
    if (this.cursor < this.pending.length) return false;
    const g = this.growth;
    return !g || g.nextDay - g.startDay >= this.opts.growth.maxDays;
  }

  /**
   * Plans every feed order and replayed event up to targetMin (feed orders first at equal minutes),
   * at most `budget` orders. Returns true when targetMin was reached, false when the budget ran out
   * or the run collapsed.
   */
  step(targetMin: number, budget = Number.POSITIVE_INFINITY): boolean {
    let done = 0;
    while (this.running) {
      const o = this.nextFeed(targetMin);
      const e = this.replayCursor < this.replay.length ? this.replay[this.replayCursor] : undefined;
      const oAt = o && o.releaseMin <= targetMin ? o.releaseMin : Number.POSITIVE_INFINITY;
      const eAt = e && e.atMin <= targetMin ? e.atMin : Number.POSITIVE_INFINITY;
      if (oAt === Number.POSITIVE_INFINITY && eAt === Number.POSITIVE_INFINITY) break;
      if (done >= budget) {
        this.settleDeliveries(this.plannedThrough);
        return false;
      }
      if (oAt <= eAt) {
        this.cursor++;
        this.plannedThrough = Math.max(this.plannedThrough, oAt - 1);
        this.planAt(o!, oAt, false);
        done++;
      } else {
        this.replayCursor++;
        this.applyEvent(e!, false);
      }
    }
    if (!this.running) return false;
    this.plannedThrough = Math.max(this.plannedThrough, targetMin);
    this.accountDepartures(targetMin, 0);
    this.settleDeliveries(Math.min(targetMin, this.plannedThrough));
    return true;
  }

  private planAt(o: PlanOrder, atMin: number, live: boolean): void {
    this.accountDepartures(atMin, 60);
    this.planner.advance(atMin);
    const out = this.planner.addOrders([o], atMin)[0];
    this.version++;
    this.track(out);
    if (live) this.onEvent?.({ kind: 'pedido', atMin, order: o });
    this.checkCollapse(out, atMin);
  }

  private applyEvent(e: RunEvent, live: boolean): CancelResult {
    if (e.kind === 'pedido') {
      this.planAt(e.order, e.atMin, live);
      return { ok: true, affected: [] };
    }
    const r = this.planner.cancelFlight(e.flightId, e.depMin, e.atMin);
    if (!r.ok) return { ok: false, reason: r.reason, affected: [] };
    this.cancelled.add(instanceId(e.flightId, e.depMin));
    this.version++;
    for (const out of r.affected) this.track(out);
    if (live) this.onEvent?.(e);
    for (const out of r.affected) this.checkCollapse(out, e.atMin);
    return { ok: true, affected: r.affected };
  }

  /** Orders registered while the run is live (operacion): planned now, or queued until their time. */
  addLiveOrders(orders: PlanOrder[]): number {
    let added = 0;
    const now = this.nowMin;
    for (const o of [...orders].sort(byRelease)) {
      if (this.seen.has(o.key) || !this.running) continue;
      this.seen.add(o.key);
      added++;
      if (o.releaseMin > Math.max(now, this.plannedThrough)) {
        let i = this.pending.length;
        while (i > this.cursor && byRelease(this.pending[i - 1], o) > 0) i--;
        this.pending.splice(i, 0, o);
      } else {
        this.step(now);
        this.planAt(o, Math.max(now, this.plannedThrough), true);
      }
    }
    return added;
  }

  /** Cancels a flight instance at the current simulated minute (only before take-off). */
  cancel(flightId: string, depMin: number): CancelResult {
    const now = this.nowMin;
    this.step(now);
    if (!this.view.flightIndex.has(flightId))
      return { ok: false, reason: `El vuelo ${flightId} no existe.`, affected: [] };
    if (this.cancelled.has(instanceId(flightId, depMin)))
      return { ok: false, reason: `El vuelo ${flightId} ya está cancelado.`, affected: [] };
    return this.applyEvent({ kind: 'cancelacion', atMin: now, flightId, depMin }, true);
  }

  isCancelled(flightId: string, depMin: number): boolean {
    return this.cancelled.size > 0 && this.cancelled.has(instanceId(flightId, depMin));
  }

  // ---------------------------------------------------------------- clock

  /** Starts (or resumes) the paced clock at the current simulated time. */
  anchor(wallMs: number): void {
    this.anchorWall = wallMs;
    this.anchorSim = this.ahoraMs;
  }

  /** Simulated time at a wall instant (between ticks too): what the clock widget shows. */
  clockAt(wallMs: number): number {
    if (!this.running || this.spec.speed === null) return this.ahoraMs;
    let t = this.anchorSim + (wallMs - this.anchorWall) * this.spec.speed;
    if (this.spec.finMin !== null) t = Math.min(t, this.spec.finMin * 60_000);
    return Math.max(t, this.ahoraMs);
  }

  /** Paced tick: moves the clock to the wall-derived time, planning what is due. */
  tickPaced(wallMs: number, budget: number): void {
    if (!this.running || this.spec.speed === null) return;
    let target = this.anchorSim + (wallMs - this.anchorWall) * this.spec.speed;
    const fin = this.spec.finMin;
    if (fin !== null) target = Math.min(target, fin * 60_000);
    target = Math.max(target, this.ahoraMs);
    const reached = this.step(Math.floor(target / 60_000), budget);
    if (this.estado !== 'en_curso') return;
    if (reached) this.ahoraMs = target;
    else {
      // Too much work for one tick: the clock waits for the planner (and re-anchors there).
      this.ahoraMs = Math.max(this.ahoraMs, (this.plannedThrough + 1) * 60_000);
      this.anchor(wallMs);
    }
    this.finishIfDone();
  }

  /** Max-speed slice: plans up to `budget` orders; the clock follows the last planned order. */
  runSlice(budget: number): void {
    if (!this.running) return;
    const fin = this.spec.finMin;
    const target = fin ?? Number.MAX_SAFE_INTEGER;
    const reached = this.step(target, budget);
    if (this.estado !== 'en_curso') return;
    if (reached || (fin === null && this.feedExhausted())) {
      this.ahoraMs = Math.max(this.ahoraMs, (fin ?? this.plannedThrough) * 60_000);
      if (fin === null) this.estado = 'terminada';
    } else {
      const last = this.cursor > 0 ? this.pending[this.cursor - 1]?.releaseMin : undefined;
      if (last !== undefined) this.ahoraMs = Math.max(this.ahoraMs, last * 60_000);
    }
    this.finishIfDone();
  }

  /** Resume: replays to the stored simulated time in slices (true when there). */
  replayTo(ahoraMs: number, budget: number): boolean {
    const reached = this.step(Math.floor(ahoraMs / 60_000), budget);
    if (reached && this.estado === 'en_curso') this.ahoraMs = Math.max(this.ahoraMs, ahoraMs);
    return reached || this.estado !== 'en_curso';
  }

  private finishIfDone(): void {
    const fin = this.spec.finMin;
    if (this.running && fin !== null && this.ahoraMs >= fin * 60_000) {
      this.ahoraMs = fin * 60_000;
      this.estado = 'terminada';
    }
    if (this.running && this.growth && this.feedExhausted() && this.cursor >= this.pending.length) {
      this.estado = 'terminada';
    }
  }

  stop(): void {
    if (this.running) this.estado = 'detenida';
  }

  /** Freezes a run at a stored state (finished runs restored after a restart). */
  restoreFinished(estado: RunState, ahoraMs: number, report: CollapseReportDto | null): void {
    this.estado = estado;
    this.ahoraMs = ahoraMs;
    this.report = report;
  }

  // ---------------------------------------------------------------- bookkeeping

  private archive(o: OrderOutcome): void {
    if (!this.archived.has(o.key)) this.archiveOrder.push(o.key);
    this.archived.set(o.key, o);
    // Oldest first, from a queue of keys: asking the Map for its first key walks past every entry
    // deleted before it, which made a collapse search's bookkeeping grow with the square of its orders.
    while (this.archived.size > ARCHIVE_LIMIT) this.archived.delete(this.archiveOrder[this.archiveHead++]);
    if (this.archiveHead >= ARCHIVE_LIMIT) {
      this.archiveOrder.splice(0, this.archiveHead);
      this.archiveHead = 0;
    }
  }

  private track(out: OrderOutcome): void {
    if (out.status === 'fromStock' || (out.status === 'unrouted' && out.shipments.length === 0)) {
      this.archive(out);
    }
    let end: number;
    if (out.status === 'fromStock') end = out.releaseMin;
    else if (out.status === 'unrouted') end = Number.POSITIVE_INFINITY;
    else end = out.shipments.reduce((m, s) => Math.max(m, s.readyMin), out.releaseMin);
    const prev = this.finish.get(out.key);
    if (prev === end) return;
    this.finish.set(out.key, end);
    if (Number.isFinite(end)) this.heap.push(end, out.key);
  }

  private settleDeliveries(nowMin: number): void {
    while (this.heap.peekTime() <= nowMin) {
      const { time, key } = this.heap.pop()!;
      if (this.finish.get(key) === time) {
        this.finish.delete(key);
        this.delivered++;
      }
    }
  }

  private checkCollapse(out: OrderOutcome, atMin: number): void {
    if (this.spec.modo !== 'colapso' || !this.running) return;
    if (out.status !== 'late' && out.status !== 'unrouted') return;
    this.ahoraMs = Math.max(atMin, out.releaseMin) * 60_000;
    this.estado = 'colapsada';
    const cause = out.cause;
    const tipo = cause?.kind ?? 'no-route';
    this.report = {
      fecha: epochMinToIso(Math.max(atMin, out.releaseMin)),
      pedido: out.key,
      causa: cause?.message ?? 'El pedido no puede entregarse a tiempo.',
      tipo,
      ...(cause?.airport ? { almacen: cause.airport } : {}),
      ...(cause?.flights && cause.flights.length > 0 ? { vuelos: cause.flights.slice(0, 20) } : {}),
      kpis: this.kpis(),
    };
  }

  /** Flight utilisation: products booked / seats offered on instances departed since the start. */
  private accountDepartures(beforeMin: number, minStep: number): void {
    if (beforeMin - this.accountedMin <= minStep) return;
    const v = this.view;
    const n = v.flightIds.length;
    for (let i = 0; i < n; i++) {
      let dep = lastDepartureAtOrBefore(v, i, this.accountedMin - 1) + DAY;
      for (; dep < beforeMin; dep += DAY) {
        const id = v.flightIds[i];
        if (this.isCancelled(id, dep)) continue;
        this.booked += this.planner.flightLoad(id, dep);
        this.offered += v.capacity[i];
      }
    }
    this.accountedMin = beforeMin;
  }

  // ---------------------------------------------------------------- views

  airborne(): Airborne[] {
    const t = this.ahoraMs / 60_000;
    const c = this.airborneCache;
    if (c && c.tMin === t && c.version === this.version) return c.list;
    const list = airborneAt(this.view, this, t);
    this.airborneCache = { tMin: t, version: this.version, list };
    return list;
  }

  flightLoad(flightId: string, depMin: number): number {
    return this.planner.flightLoad(flightId, depMin);
  }

  /** The compact stream's list: the `limit` busiest flights in the air, by daily-flight index. */
  liveEntries(limit: number): LiveEntryDto[] {
    return entriesOf(this.view, this.airborne(), limit, this.opts);
  }

  /** The instant and speed each live tick carries (speed 0 once the run stops moving). */
  liveClock(): SimClock {
    return { t: this.ahoraMs / 60_000, velocidad: this.running ? this.spec.speed : 0 };
  }

  liveNetwork(): LiveNetworkDto {
    this.networkDtoCache ??= networkDto(this.view, this.opts);
    return this.networkDtoCache;
  }

  liveFlights(limit: number): LiveFlightDto[] {
    const t = this.ahoraMs / 60_000;
    return this.airborne()
      .slice(0, limit)
      .map((a) => toLiveFlight(this.view, a, t, this.opts));
  }

  kpis(): RunKpisDto {
    const s = this.planner.stats();
    this.settleDeliveries(this.nowMin);
    const aTiempo = s.onTime + s.fromStock;
    const decided = aTiempo + s.late + s.unrouted;
    const enVuelo = this.airborne().reduce((sum, a) => sum + a.load, 0);
    return {
      pedidosRecibidos: s.orders,
      productosRecibidos: s.products,
      entregados: this.delivered,
      aTiempo,
      atrasados: s.late,
      sinRuta: s.unrouted,
      enTransito: Math.max(0, s.orders - this.delivered - s.unrouted),
      productosEnVuelo: enVuelo,
      porcentajeATiempo: decided > 0 ? Math.round((aTiempo / decided) * 1000) / 10 : 100,
    };
  }

  warehouses(): WarehouseOccupancyDto[] {
    const now = this.nowMin;
    return warehouseOccupancy(this.view, (code) => this.planner.warehouseLoad(code, now), this.opts.levels);
  }

  utilisation(): number {
    this.accountDepartures(Math.min(this.nowMin, this.plannedThrough + 1), 0);
    return this.offered > 0 ? Math.round((this.booked / this.offered) * 10_000) / 10_000 : 0;
  }

  /** The instance an id names: `FLIGHT@depMin`, `FLIGHT@ISO`, or a bare flight id (airborne now, else next). */
  resolveInstance(id: string): { flightId: string; depMin: number } | null {
    const at = id.lastIndexOf('@');
    const flightId = at >= 0 ? id.slice(0, at) : id;
    const i = this.view.flightIndex.get(flightId);
    if (i === undefined) return null;
    if (at >= 0) {
      const raw = id.slice(at + 1);
      const dep = /^\d+$/.test(raw) ? Number(raw) : Math.floor(Date.parse(raw) / 60_000);
      if (!Number.isFinite(dep)) return null;
      if ((((dep - this.view.depUtc[i]) % DAY) + DAY) % DAY !== 0) return null;
      return { flightId, depMin: dep };
    }
    const t = this.ahoraMs / 60_000;
    const last = lastDepartureAtOrBefore(this.view, i, t);
    return { flightId, depMin: t - last < this.view.dur[i] ? last : last + DAY };
  }

  flightDetail(flightId: string, depMin: number): FlightDetailDto {
    const i = this.view.flightIndex.get(flightId)!;
    const carga = this.planner.flightLoad(flightId, depMin);
    const capacidad = this.view.capacity[i];
    return {
      id: instanceId(flightId, depMin),
      codigo: flightId,
      origen: this.view.origin[i],
      destino: this.view.destination[i],
      salida: epochMinToIso(depMin),
      llegada: epochMinToIso(depMin + this.view.dur[i]),
      carga,
      capacidad,
      nivel: levelOf(carga, capacidad, this.opts.levels),
      cancelado: this.isCancelled(flightId, depMin),
      pedidos: this.planner
        .flightOrders(flightId, depMin)
        .map((p) => ({ pedido: p.orderKey, cantidad: p.quantity }))
        .sort((a, b) => b.cantidad - a.cantidad || (a.pedido < b.pedido ? -1 : 1)),
    };
  }

  outcome(key: string): OrderOutcome | undefined {
    return this.planner.outcome(key) ?? this.archived.get(key);
  }

  orderDetail(out: OrderOutcome, clienteId: string): OrderDetailDto {
    const now = this.nowMin;
    const estado: OrderDetailDto['estado'] =
      out.status === 'onTime'
        ? 'a_tiempo'
        : out.status === 'late'
          ? 'atrasado'
          : out.status === 'fromStock'
            ? 'desde_stock'
            : 'sin_ruta';
    return {
      id: out.key,
      destino: out.destination,
      cantidad: out.quantity,
      clienteId,
      fecha: epochMinToIso(out.releaseMin),
      plazo: epochMinToIso(out.deadlineMin),
      estado,
      envios: out.shipments.map((s) => {
        let ubicacion = 'entregado';
        if (now < s.legs[0].depMin) ubicacion = s.source;
        else if (now < s.readyMin) {
          ubicacion = s.legs[s.legs.length - 1].destination;
          for (const l of s.legs) {
            if (now < l.depMin) {
              ubicacion = l.origin;
              break;
            }
            if (now < l.arrMin) {
              ubicacion = instanceId(l.flightId, l.depMin);
              break;
            }
          }
        }
        return {
          cantidad: s.quantity,
          origen: s.source,
          tramos: s.legs.map((l) => ({
            vuelo: instanceId(l.flightId, l.depMin),
            origen: l.origin,
            destino: l.destination,
            salida: epochMinToIso(l.depMin),
            llegada: epochMinToIso(l.arrMin),
          })),
          llegada: epochMinToIso(s.arrivalMin),
          listo: epochMinToIso(s.readyMin),
          ubicacion,
        };
      }),
    };
  }
}
