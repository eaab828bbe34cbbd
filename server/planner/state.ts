import { FlightLoads } from './flightLoads';
import { type CompiledNetwork, compileNetwork, DAY_MIN } from './network';
import { Reach } from './reach';
import { Timeline } from './timeline';
import type {
  Decision,
  FailureCause,
  Leg,
  Network,
  OrderOutcome,
  OrderStatus,
  PlannerParams,
  PlanOrder,
  Shipment,
} from './types';

/** Knobs of this implementation beyond the business rules (PlannerParams). */
export interface EngineOptions {
  /** Receives orders archived by advance() (e.g. to persist them); the planner forgets them. */
  onArchive?: (outcomes: OrderOutcome[]) => void;
  /** Receives every decision as it is taken (audits and tests: validateDecisions). */
  onDecision?: (decision: Decision) => void;
  /** Blocked routes tried per order that cannot be on time, moving earlier orders' products (0 = off). */
  repairCandidates: number;
  /** Shipments tried per blocked route (largest first). */
  repairVictims: number;
  /**
   * Moves tried in all per order that cannot be on time (each: one shipment off, up to three placement stages
   * for it): with repairCandidates, the bound on a blocked order's repair work.
   */
  repairMoves: number;
  /**
   * First two-leg try: keep the room a later direct sede flight still needs at an airport (its free seats, up
   * to the room of its pickup window). A direct product uses one seat and no transit warehouse; a two-leg
   * product landing in a direct flight's window takes that room and pushes its future products onto two legs too.
   * Only matters with an infinite directBonusMin (otherwise the first stage already weighs every two-leg route).
   */
  protectDirect: boolean;
  /**
   * Minutes of arrival a direct flight is worth over a two-leg route in the first stage (infinite: direct
   * flights first, as long as one is on time; finite: a two-leg route arriving that much earlier wins, which
   * spreads arrivals over a destination's pickup windows).
   */
  directBonusMin: number;
  /** Minutes of arrival a two-leg route may trade for one minute less of transit wait (warehouse use). */
  transitWaitCost: number;
  /**
   * Like transitWaitCost, per unit of the network's pickup load: products of orders released over about the
   * last day, times the pickup dwell, over the warehouses' total capacity. Transit warehouse time is worth
   * saving only when pickups fill much of the warehouses; at low load (or demand bound for one airport) two-leg
   * routes stay ranked by arrival.
   */
  transitPressureCost: number;
  /**
   * Like transitPressureCost, per unit of the transit warehouse's fill during the wait (its peak over capacity):
   * of two waits as long, the one in the emptier warehouse costs less.
   */
  transitLoadCost: number;
  /** Plan with the plain earliest-arrival greedy of baseline.ts instead (the yardstick of the defaults). */
  baseline: boolean;
  /**
   * Routes a fluid plan uses (e.g. the periodic LP's primal support): routes outside it cost penaltyMin more
   * minutes of arrival in the short-route search (infinite: not tried there; the any-route search and repairs
   * still may), while the pickup load is above PRESSURE_FLOOR (a vertex's few routes to one destination would
   * only narrow its arrival times). Null: every route as it comes.
   */
  routeSupport: RouteSupport | null;
}

/** Two-leg routes (first flight * flightCount + second flight) and direct flights of a fluid plan. */
export interface RouteSupport {
  /** Two-leg routes: first flight * flightCount + second flight (the compiled network's flight indices). */
  pairs: Set<number>;
  /** Direct sede flights of the plan; null: every direct flight is in it. */
  directs: Set<number> | null;
  penaltyMin: number;
}

export const DEFAULT_ENGINE_OPTIONS: EngineOptions = {
  repairCandidates: 400,
  repairVictims: 1000,
  repairMoves: 3000,
  protectDirect: true,
  baseline: false,
  routeSupport: null,
  directBonusMin: 0,
  transitWaitCost: 0,
  transitPressureCost: 5,
  transitLoadCost: 5,
};

/** Time constant (min) of the decayed inbound demand behind transitPressureCost. */
export const PRESSURE_TAU_MIN = DAY_MIN;
/**
 * Pickup load below which transit waits cost nothing: while pickups take under a fifth of the warehouses, a
 * transit stop's room is rarely what blocks a later order, and ranking by arrival alone packs destinations'
 * pickup windows best (demand bound for one airport stays far below it).
 */
export const PRESSURE_FLOOR = 0.2;

/** How far past its 72 h deadline an order may still be delivered (late) before it counts as unrouted. */
export const LATE_SLACK_MIN = 3 * DAY_MIN;
/** Days of timelines kept before the clock; older pages and finished orders are archived. */
export const KEEP_DAYS = 3;

export interface LegRec {
  f: number;
  dep: number;
}

export interface ShipRec {
  order: OrderRec;
  qty: number;
  source: number;
  legs: LegRec[];
  /** Its public form, built once. */
  out: Shipment;
}

export interface OrderRec {
  order: PlanOrder;
  dest: number;
  ships: ShipRec[];
  /** Products with no route at all. */
  missing: number;
  outcome: OrderOutcome;
  cause?: FailureCause;
}

export interface Route {
  source: number;
  legs: LegRec[];
  /** Products this route can still take. */
  cap: number;
  /** For repair candidates: the one full resource in the way (a flight instance, or a warehouse span). */
  block?: { f: number; dep: number } | { airport: number; from: number; to: number };
}

/** Where a search starts: fresh products at sedes, or products already under way at an airport. */
export interface Start {
  airport: number;
  time: number;
  /** Leaving a sede from stock: no connection time, no warehouse use at the start. */
  fromStock: boolean;
}

export const NONE = -1;

/** Everything the engine knows: the compiled network, what is booked where, the hot orders, the clock. */
export interface EngineState {
  readonly net: CompiledNetwork;
  readonly params: PlannerParams;
  readonly opt: EngineOptions;
  readonly n: number;
  readonly F: number;
  readonly conn: number;
  readonly pickup: number;
  /** Products in each airport's warehouse over time. */
  readonly wh: Timeline[];
  readonly loads: FlightLoads;
  /** Shipments that stay in each airport's warehouse (transit or pickup), for repairs. */
  readonly present: Set<ShipRec>[];
  /** Shipments aboard each instance, keyed day * F + flight. */
  readonly aboard: Map<number, Set<ShipRec>>;
  readonly cancelled: Set<number>;
  /** Orders not archived yet, by key. */
  readonly hot: Map<string, OrderRec>;
  readonly totals: Record<OrderStatus | 'orders' | 'products', number>;
  /** Orders moved by repairs since the last takeReplanned(). */
  readonly replanned: Set<OrderRec>;
  /** The planner's clock: legs departing at or before it have flown. */
  clock: number;
  /** Shipments created during a repair attempt, to undo it if the attempt fails. */
  journal: ShipRec[] | null;
  archivedBeforeDay: number;
  /** Direct sede flights into each airport (protectDirect). */
  readonly sedeInbound: number[][];
  /** Per destination, the sedes on its continent and the others. */
  readonly sameSedes: number[][];
  readonly otherSedes: number[][];
  /** Products of orders released to be flown, decayed with PRESSURE_TAU_MIN, as of inboundAt. */
  inbound: number;
  inboundAt: number;
  /** The warehouses' total capacity. */
  readonly totalCapacity: number;
  /** Earliest arrivals over the timetable alone: bounds that prune the two-leg scan. */
  readonly reach: Reach;
}

export function createState(
  network: Network,
  params: PlannerParams,
  options: Partial<EngineOptions>,
): EngineState {
  const net = compileNetwork(network, params);
  const n = net.airportCount;
  const F = net.flightCount;
  const sedeInbound: number[][] = Array.from({ length: n }, () => []);
  for (let f = 0; f < F; f++) if (net.isSede[net.fOrigin[f]]) sedeInbound[net.fDest[f]].push(f);
  return {
    net,
    params,
    opt: { ...DEFAULT_ENGINE_OPTIONS, ...options },
    n,
    F,
    conn: params.minConnectionMin,
    pickup: params.pickupMin,
    wh: Array.from({ length: n }, () => new Timeline()),
    loads: new FlightLoads(F),
    present: Array.from({ length: n }, () => new Set()),
    aboard: new Map(),
    cancelled: new Set(),
    hot: new Map(),
    totals: { orders: 0, products: 0, onTime: 0, late: 0, unrouted: 0, fromStock: 0 },
    replanned: new Set(),
    clock: Number.NEGATIVE_INFINITY,
    journal: null,
    archivedBeforeDay: Number.NEGATIVE_INFINITY,
    sedeInbound,
    sameSedes: net.codes.map((_, d) => net.sedes.filter((s) => net.continent[s] === net.continent[d])),
    otherSedes: net.codes.map((_, d) => net.sedes.filter((s) => net.continent[s] !== net.continent[d])),
    inbound: 0,
    inboundAt: 0,
    totalCapacity: net.capacity.reduce((sum, c) => sum + c, 0),
    reach: new Reach(net),
  };
}

// ---------------------------------------------------------------- resources

/** Whether products waiting at airport a use its warehouse (a sede's only when the params say so). */
export function occupies(st: EngineState, a: number): boolean {
  return !st.net.isSede[a] || st.params.sedeTransitOccupiesWarehouse;
}
export function instKey(st: EngineState, f: number, dep: number): number {
  return Math.floor(dep / DAY_MIN) * st.F + f;
}
export function arrOf(st: EngineState, l: LegRec): number {
  return l.dep + st.net.fDur[l.f];
}
/** Free seats of an instance (none once cancelled). */
export function flightResidual(st: EngineState, f: number, dep: number): number {
  if (st.cancelled.size > 0 && st.cancelled.has(instKey(st, f, dep))) return 0;
  return st.net.fCap[f] - st.loads.get(f, dep);
}
/** Free room of airport a's warehouse over [from, to). */
export function whResidual(st: EngineState, a: number, from: number, to: number): number {
  return st.net.capacity[a] - st.wh[a].max(from, to);
}
/** First departure of flight f at or after t. */
export function firstDep(st: EngineState, f: number, t: number): number {
  const dep = st.net.fDep[f];
  return Math.ceil((t - dep) / DAY_MIN) * DAY_MIN + dep;
}

/** Capacity left on a route: flights, transit warehouses, destination pickup window. */
export function routeCap(st: EngineState, legs: LegRec[], startTime: number, fromStock: boolean): number {
  const net = st.net;
  let cap = Number.POSITIVE_INFINITY;
  let prevArr = startTime;
  for (let i = 0; i < legs.length; i++) {
    const l = legs[i];
    cap = Math.min(cap, flightResidual(st, l.f, l.dep));
    const x = net.fOrigin[l.f];
    if ((i > 0 || !fromStock) && occupies(st, x)) cap = Math.min(cap, whResidual(st, x, prevArr, l.dep));
    prevArr = arrOf(st, l);
  }
  const d = net.fDest[legs[legs.length - 1].f];
  return Math.min(cap, whResidual(st, d, prevArr, prevArr + st.pickup));
}

/** Counts an order's products in the decayed inbound demand. */
export function noteDemand(st: EngineState, atMin: number, qty: number): void {
  const dt = atMin - st.inboundAt;
  if (dt > 0) {
    st.inbound *= Math.exp(-dt / PRESSURE_TAU_MIN);
    st.inboundAt = atMin;
  }
  st.inbound += qty;
}

/**
 * Share of the warehouses' total capacity pickups take at the recent demand rate (products per minute times
 * the pickup dwell, over the total capacity), above PRESSURE_FLOOR (0 below it).
 */
export function pickupPressure(st: EngineState): number {
  const dt = Math.max(0, st.clock - st.inboundAt);
  const rate = (st.inbound * Math.exp(-dt / PRESSURE_TAU_MIN)) / PRESSURE_TAU_MIN;
  return Math.max(0, (rate * st.pickup) / st.totalCapacity - PRESSURE_FLOOR);
}

// ---------------------------------------------------------------- booking

/** Books (sign 1) or releases (sign -1) legs from index k on, their transit dwell and the pickup dwell. */
export function book(st: EngineState, s: ShipRec, k: number, sign: 1 | -1): void {
  const { net, wh, present, aboard } = st;
  const q = s.qty * sign;
  const legs = s.legs;
  for (let i = k; i < legs.length; i++) {
    const l = legs[i];
    st.loads.add(l.f, l.dep, q);
    const key = instKey(st, l.f, l.dep);
    let set = aboard.get(key);
    if (sign > 0) {
      if (!set) {
        set = new Set();
        aboard.set(key, set);
      }
      set.add(s);
    } else set?.delete(s);
  }
  for (let i = Math.max(k, 1); i < legs.length; i++) {
    const x = net.fOrigin[legs[i].f];
    if (occupies(st, x)) wh[x].add(arrOf(st, legs[i - 1]), legs[i].dep, q);
  }
  const last = legs[legs.length - 1];
  const arr = arrOf(st, last);
  wh[net.fDest[last.f]].add(arr, arr + st.pickup, q);
  for (let i = 1; i <= legs.length; i++) {
    const a = i < legs.length ? net.fOrigin[legs[i].f] : net.fDest[last.f];
    if (sign > 0) present[a].add(s);
    else present[a].delete(s);
  }
}

/** Airports where a shipment sits in the warehouse: each transit stop and its destination. */
export function stops(st: EngineState, s: ShipRec): number[] {
  const out: number[] = [];
  for (let i = 1; i < s.legs.length; i++) out.push(st.net.fOrigin[s.legs[i].f]);
  out.push(st.net.fDest[s.legs[s.legs.length - 1].f]);
  return out;
}

/** Books a new shipment of an order (recorded in the repair journal when one is open). */
export function newShip(st: EngineState, o: OrderRec, qty: number, source: number, legs: LegRec[]): ShipRec {
  const s: ShipRec = { order: o, qty, source, legs, out: publicShipment(st, o, qty, source, legs) };
  book(st, s, 0, 1);
  o.ships.push(s);
  st.journal?.push(s);
  return s;
}

export function removeShip(st: EngineState, s: ShipRec): void {
  book(st, s, 0, -1);
  const list = s.order.ships;
  list.splice(list.indexOf(s), 1);
}

export function restoreShip(st: EngineState, s: ShipRec): void {
  book(st, s, 0, 1);
  s.order.ships.push(s);
}

export function publicShipment(
  st: EngineState,
  o: OrderRec,
  qty: number,
  source: number,
  legs: LegRec[],
): Shipment {
  const out: Leg[] = new Array(legs.length);
  for (let i = 0; i < legs.length; i++) out[i] = toLeg(st, legs[i]);
  const arrivalMin = out[out.length - 1].arrMin;
  return {
    orderKey: o.order.key,
    quantity: qty,
    source: st.net.codes[source],
    legs: out,
    arrivalMin,
    readyMin: arrivalMin + st.pickup,
    deadlineMin: 0,
    decidedMin: st.clock,
  };
}

function toLeg(st: EngineState, l: LegRec): Leg {
  const net = st.net;
  return {
    flightId: net.flightIds[l.f],
    origin: net.codes[net.fOrigin[l.f]],
    destination: net.codes[net.fDest[l.f]],
    depMin: l.dep,
    arrMin: arrOf(st, l),
  };
}
