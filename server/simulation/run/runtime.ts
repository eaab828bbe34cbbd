import type { CollapseReportDto, LiveNetworkDto, RunKpisDto, RunMode, RunState } from '../../../contract';
import { MINUTE_MS } from '../../../contract/time';
import { toNetwork } from '../../domain/convert';
import type { Airport, DailyFlight } from '../../domain/types';
import { createPlanner, type PlannerEngine } from '../../planner';
import type { OrderOutcome, PlannerParams, PlanOrder } from '../../planner/types';
import { networkDto } from '../compactLive';
import type { SimulationOptions } from '../options';
import { type Airborne, airborneAt, instanceId, type ViewNetwork, viewNetwork } from '../view';
import { kpisDto } from '../wire';
import { RunClock } from './clock';
import { collapseReport } from './collapse';
import type { RunEvent } from './events';
import { byRelease, type GrowthInput, OrderFeed } from './feed';
import { type RunSample, SAMPLE_EVERY_MIN } from './history';
import { Ledger } from './ledger';
import { Usage } from './usage';

export interface RunSpec {
  id: string;
  modo: RunMode;
  inicioMin: number;
  /** semanal: end of the window; others null. */
  finMin: number | null;
  /** Simulated seconds per real second; null = as fast as possible. */
  speed: number | null;
}

export interface RunInputs {
  airports: Airport[];
  flights: DailyFlight[];
  plannerParams: Partial<PlannerParams>;
  /** Stored orders of the run's window, sorted by release (then key). */
  orders: PlanOrder[];
  /** colapso: how demand grows past the stored orders. */
  growth?: GrowthInput;
  options: SimulationOptions;
}

export interface CancelResult {
  ok: boolean;
  reason?: string;
  affected: OrderOutcome[];
}

/**
 * One run: a planner fed with orders as its simulated clock moves. Synchronous and free of I/O; its
 * worker drives it (ticks, max-speed slices, queries). Every order is planned at its release minute (live
 * orders at the minute they arrived), so the plan depends only on the inputs, never on tick timing: a
 * paced run, a max-speed run and a resumed run give the same plan.
 */
export class RunRuntime {
  readonly spec: RunSpec;
  readonly view: ViewNetwork;
  readonly planner: PlannerEngine;
  readonly clock: RunClock;
  readonly feed: OrderFeed;
  readonly ledger = new Ledger();
  readonly usage: Usage;
  readonly opts: SimulationOptions;
  estado: RunState = 'en_curso';
  report: CollapseReportDto | null = null;
  /** Events to record (the host persists them); replayed events are not re-announced. */
  onEvent?: (e: RunEvent) => void;
  /** The run's history: a sample every simulated hour, and every outcome the planner archives (final). */
  onSample?: (s: RunSample) => void;
  onArchived?: (o: OrderOutcome) => void;

  private readonly cancelled = new Set<string>();
  /** Minute up to which every feed order is planned. */
  private plannedThrough: number;
  /** The next instant (epoch minutes) of the hourly history. */
  private nextSampleMin: number;
  private airborneCache: { tMin: number; version: number; list: Airborne[] } | null = null;
  private networkDtoCache: LiveNetworkDto | null = null;
  /** Bumped whenever loads may have changed (orders planned, cancellations). */
  private version = 0;
  /** Wall ms inside the planner, and in whole max-speed slices (the benchmark's time split). */
  plannerMs = 0;
  slicesMs = 0;

  constructor(spec: RunSpec, inputs: RunInputs) {
    this.spec = spec;
    this.opts = inputs.options;
    this.view = viewNetwork(inputs.airports, inputs.flights);
    this.planner = createPlanner(toNetwork(inputs.airports, inputs.flights), inputs.plannerParams, {
      onArchive: (outcomes) => {
        for (const o of outcomes) {
          this.ledger.archive(o);
          this.onArchived?.(o);
        }
      },
    });
    this.feed = new OrderFeed(inputs.orders, inputs.growth);
    const first = this.feed.firstRelease;
    this.plannedThrough = (first !== undefined ? Math.min(spec.inicioMin, first) : spec.inicioMin) - 1;
    this.nextSampleMin = Math.ceil(spec.inicioMin / SAMPLE_EVERY_MIN) * SAMPLE_EVERY_MIN;
    this.clock = new RunClock(
      spec.inicioMin * MINUTE_MS,
      spec.speed,
      spec.finMin === null ? null : spec.finMin * MINUTE_MS,
    );
    this.usage = new Usage(this.view, this, spec.inicioMin, this.opts.levels);
  }

  get nowMin(): number {
    return this.clock.nowMin;
  }

  get ahoraMs(): number {
    return this.clock.ahoraMs;
  }

  get running(): boolean {
    return this.estado === 'en_curso';
  }

  /** Not finished: running or paused (a paused run still takes live orders and cancellations). */
  get active(): boolean {
    return this.estado === 'en_curso' || this.estado === 'pausada';
  }

  // ---------------------------------------------------------------- feeding the planner

  /**
   * Plans every feed order and replayed event up to targetMin (feed orders first at equal minutes),
   * at most `budget` orders. Returns true when targetMin was reached, false when the budget ran out
   * or the run collapsed.
   */
  step(targetMin: number, budget = Number.POSITIVE_INFINITY): boolean {
    let done = 0;
    while (this.active) {
      const o = this.feed.peek(targetMin);
      const e = this.feed.peekEvent();
      const oAt = o && o.releaseMin <= targetMin ? o.releaseMin : Number.POSITIVE_INFINITY;
      const eAt = e && e.atMin <= targetMin ? e.atMin : Number.POSITIVE_INFINITY;
      if (oAt === Number.POSITIVE_INFINITY && eAt === Number.POSITIVE_INFINITY) break;
      if (done >= budget) {
        this.ledger.settle(this.plannedThrough);
        return false;
      }
      if (oAt <= eAt) {
        this.feed.take();
        this.plannedThrough = Math.max(this.plannedThrough, oAt - 1);
        this.planAt(o!, oAt, false);
        done++;
      } else {
        this.feed.takeEvent();
        this.applyEvent(e!, false);
      }
    }
    if (!this.active) return false;
    this.plannedThrough = Math.max(this.plannedThrough, targetMin);
    this.sampleThrough(targetMin);
    this.usage.accountDepartures(targetMin, 0);
    this.usage.sample(targetMin);
    this.ledger.settle(Math.min(targetMin, this.plannedThrough));
    return true;
  }

  private planAt(o: PlanOrder, atMin: number, live: boolean): void {
    // Every order released before atMin is planned: the past up to atMin - 1 no longer changes.
    this.sampleThrough(atMin - 1);
    this.usage.accountDepartures(atMin, 60);
    this.usage.sample(atMin);
    const t0 = performance.now();
    this.planner.advance(atMin);
    const out = this.planner.addOrders([o], atMin)[0];
    this.plannerMs += performance.now() - t0;
    this.version++;
    this.ledger.track(out);
    // Orders served from stock (or to an unknown airport) never enter the planner: final at once.
    if (this.onArchived && !this.planner.outcome(out.key)) this.onArchived(out);
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
    for (const out of r.affected) this.ledger.track(out);
    if (live) this.onEvent?.(e);
    for (const out of r.affected) this.checkCollapse(out, e.atMin);
    return { ok: true, affected: r.affected };
  }

  /** Orders registered while the run is live (operacion): planned now, or queued until their time. */
  addLiveOrders(orders: PlanOrder[]): number {
    let added = 0;
    const now = this.nowMin;
    for (const o of [...orders].sort(byRelease)) {
      if (this.feed.seen.has(o.key) || !this.active) continue;
      this.feed.seen.add(o.key);
      added++;
      if (o.releaseMin > Math.max(now, this.plannedThrough)) this.feed.queue(o);
      else {
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

  // ---------------------------------------------------------------- moving the clock

  /** Paced tick: moves the clock to the wall-derived time, planning what is due. */
  tickPaced(wallMs: number, budget: number): void {
    if (!this.running || this.clock.speed === null) return;
    const target = this.clock.target(wallMs);
    const reached = this.step(Math.floor(target / MINUTE_MS), budget);
    if (this.estado !== 'en_curso') return;
    if (reached) this.clock.ahoraMs = target;
    else {
      // Too much work for one tick: the clock waits for the planner (and re-anchors there).
      this.clock.ahoraMs = Math.max(this.clock.ahoraMs, (this.plannedThrough + 1) * MINUTE_MS);
      this.clock.anchor(wallMs);
    }
    this.finishIfDone();
  }

  /** Max-speed slice: plans up to `budget` orders; the clock follows the last planned order. */
  runSlice(budget: number): void {
    if (!this.running) return;
    const t0 = performance.now();
    try {
      this.slice(budget);
    } finally {
      this.slicesMs += performance.now() - t0;
    }
  }

  private slice(budget: number): void {
    const fin = this.spec.finMin;
    // Never past the feed's horizon: the bookkeeping walks every minute up to the target.
    const reached = this.step(fin ?? Math.max(this.plannedThrough, this.feed.horizonMin()), budget);
    if (this.estado !== 'en_curso') return;
    if (reached || (fin === null && this.feed.exhausted())) {
      this.clock.ahoraMs = Math.max(this.clock.ahoraMs, (fin ?? this.plannedThrough) * MINUTE_MS);
      if (fin === null) this.estado = 'terminada';
    } else {
      const last = this.feed.lastTaken();
      if (last !== undefined) this.clock.ahoraMs = Math.max(this.clock.ahoraMs, last * MINUTE_MS);
    }
    this.finishIfDone();
  }

  /** Resume: replays to the stored simulated time in slices (true when there). */
  replayTo(ahoraMs: number, budget: number): boolean {
    const reached = this.step(Math.floor(ahoraMs / MINUTE_MS), budget);
    if (reached && this.active) this.clock.ahoraMs = Math.max(this.clock.ahoraMs, ahoraMs);
    return reached || !this.active;
  }

  private finishIfDone(): void {
    const fin = this.clock.finMs;
    if (this.running && fin !== null && this.clock.ahoraMs >= fin) {
      this.clock.ahoraMs = fin;
      this.estado = 'terminada';
    }
    if (this.running && this.feed.growing && this.feed.exhausted()) this.estado = 'terminada';
  }

  /** Operator controls. Pausing freezes the clock where it is; resuming re-anchors it at this wall instant. */
  pause(): void {
    if (this.running) this.estado = 'pausada';
  }

  resume(wallMs: number): void {
    if (this.estado !== 'pausada') return;
    this.estado = 'en_curso';
    this.clock.anchor(wallMs);
  }

  stop(): void {
    if (this.active) this.estado = 'detenida';
  }

  /** Freezes a run at a stored state (runs restored after a restart). */
  restoreState(estado: RunState, ahoraMs: number, report: CollapseReportDto | null): void {
    this.estado = estado;
    this.clock.ahoraMs = ahoraMs;
    this.report = report;
  }

  private checkCollapse(out: OrderOutcome, atMin: number): void {
    if (this.spec.modo !== 'colapso' || !this.active) return;
    if (out.status !== 'late' && out.status !== 'unrouted') return;
    const at = Math.max(atMin, out.releaseMin);
    this.clock.ahoraMs = at * MINUTE_MS;
    this.estado = 'colapsada';
    this.report = collapseReport(this, out, at);
  }

  // ---------------------------------------------------------------- history

  /**
   * Records the hourly samples up to minute m (inside the run's window). Called once every order
   * released by m is planned; a decision never books a departure in the past, so those instants are
   * final.
   */
  private sampleThrough(m: number): void {
    if (!this.onSample) return;
    const fin = this.spec.finMin ?? Number.POSITIVE_INFINITY;
    while (this.nextSampleMin <= m && this.nextSampleMin <= fin && this.active) {
      this.onSample(this.sampleAt(this.nextSampleMin));
      this.nextSampleMin += SAMPLE_EVERY_MIN;
    }
  }

  private sampleAt(tMin: number): RunSample {
    this.ledger.settle(tMin);
    const s = this.planner.stats();
    let enVuelo = 0;
    for (const a of airborneAt(this.view, this, tMin)) enVuelo += a.load;
    const k = kpisDto(s, this.ledger.deliveries(s.late), enVuelo);
    const almacenes: Record<string, number> = {};
    for (const a of this.view.airports) almacenes[a.code] = this.planner.warehouseLoad(a.code, tMin);
    return {
      tMs: tMin * MINUTE_MS,
      aTiempoPct: k.porcentajeATiempo,
      enTransito: k.enTransito,
      enVuelo,
      almacenes,
    };
  }

  /** Outcomes still hot in the planner (not archived), released first. */
  hotOutcomes(): OrderOutcome[] {
    return this.planner
      .outcomes()
      .sort((a, b) => a.releaseMin - b.releaseMin || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  }

  // ---------------------------------------------------------------- what the view reads

  flightLoad(flightId: string, depMin: number): number {
    return this.planner.flightLoad(flightId, depMin);
  }

  warehouseLoad(code: string, atMin: number): number {
    return this.planner.warehouseLoad(code, atMin);
  }

  airborne(): Airborne[] {
    const t = this.clock.ahoraMs / MINUTE_MS;
    const c = this.airborneCache;
    if (c && c.tMin === t && c.version === this.version) return c.list;
    const list = airborneAt(this.view, this, t);
    this.airborneCache = { tMin: t, version: this.version, list };
    return list;
  }

  liveNetwork(): LiveNetworkDto {
    this.networkDtoCache ??= networkDto(this.view, this.opts);
    return this.networkDtoCache;
  }

  kpis(): RunKpisDto {
    this.ledger.settle(this.nowMin);
    const s = this.planner.stats();
    const enVuelo = this.airborne().reduce((sum, a) => sum + a.load, 0);
    return kpisDto(s, this.ledger.deliveries(s.late), enVuelo);
  }

  utilisation(): number {
    this.usage.accountDepartures(Math.min(this.nowMin, this.plannedThrough + 1), 0);
    return this.usage.utilisation();
  }

  outcome(key: string): OrderOutcome | undefined {
    return this.planner.outcome(key) ?? this.ledger.archivedOutcome(key);
  }
}
