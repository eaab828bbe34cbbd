import { FlightLoads } from './flightLoads';
import { type CompiledNetwork, compileNetwork, DAY_MIN } from './network';
import { Timeline } from './timeline';
import type {
  FailureCause,
  FlightInstanceLoad,
  Leg,
  Network,
  OrderOutcome,
  OrderStatus,
  Planner,
  PlannerParams,
  PlanOrder,
  Shipment,
} from './types';
import { DEFAULT_PLANNER_PARAMS } from './types';

/** Knobs of this implementation beyond the business rules (PlannerParams). */
export interface EngineOptions {
  /** How far past its deadline an order may still be delivered (late) before it counts as unrouted. */
  lateSlackMin: number;
  /** Days of timelines kept before the clock; older pages and finished orders are archived. */
  keepDays: number;
  /** Receives orders archived by advance() (e.g. to persist them); the planner forgets them. */
  onArchive?: (outcomes: OrderOutcome[]) => void;
  /** Minutes of arrival a two-leg route may trade for one minute less of transit wait. */
  transitWaitCost: number;
  /**
   * Minutes of arrival a two-leg route may trade to avoid a first leg into a busy airport: its direct seats
   * from the sedes are what its own orders need. Charged per unit of demand / direct seats there.
   */
  pressureCost: number;
  /** Time constant (min) of the per-destination demand rate behind pressureCost. */
  demandTauMin: number;
  /** Minutes of arrival a two-leg route may trade to land in an emptier pickup window (per unit of use). */
  destSpreadCost: number;
  /**
   * What a route minimises: 'arrival' (earliest ready, direct flights strictly first) or 'departure'
   * (the soonest sede departure, direct and two-leg routes together: seats leaving soon are lost if unused).
   */
  objective: 'arrival' | 'departure';
  /** Under 'departure', minutes a two-leg route must gain over a direct one. */
  twoLegPenaltyMin: number;
  /** Blocked routes tried per order that cannot be on time, moving earlier orders' products (0 = off). */
  repairCandidates: number;
  /** Route stage allowed for moved products (3 = at most two legs, 4 = any). */
  repairMaxStage: number;
  /** Also free warehouse room by moving products (after full flights). */
  repairWarehouses: boolean;
  /**
   * Try the other continents' sedes (72 h) before the home sede (48 h). Rule 3 lets the sources set the
   * deadline; off by default because customers prefer the 48 h promise when the network has room.
   */
  homeLast: boolean;
  /**
   * Within each stage, weigh the home sede (48 h) and the other continents' sedes (72 h) together and take the
   * earliest arrival, instead of the home sede first.
   */
  jointSedes: boolean;
  /** Shipments tried per blocked route (largest first). */
  repairVictims: number;
  /** Share of a sede flight's seats kept for products bound to its own destination (first try only). */
  transitSeatReserve: number;
  /** Share of a warehouse kept for its own pickups when products would wait there in transit (first try only). */
  transitWarehouseReserve: number;
  /**
   * First two-leg try: keep the room a later direct sede flight still needs at an airport (its free seats, up
   * to the room of its pickup window). A direct product uses one seat and no transit warehouse; a two-leg
   * product landing in a direct flight's window takes that room and pushes its future products onto two legs too.
   */
  protectDirect: boolean;
}

export const DEFAULT_ENGINE_OPTIONS: EngineOptions = {
  lateSlackMin: 3 * DAY_MIN,
  keepDays: 3,
  transitWaitCost: 1,
  pressureCost: 0,
  demandTauMin: 1440,
  transitSeatReserve: 0,
  repairCandidates: 100,
  repairVictims: 1000,
  repairWarehouses: true,
  homeLast: false,
  jointSedes: true,
  repairMaxStage: 3,
  objective: 'arrival',
  twoLegPenaltyMin: 360,
  destSpreadCost: 0,
  transitWarehouseReserve: 0,
  protectDirect: true,
};

interface LegRec {
  f: number;
  dep: number;
}

interface ShipRec {
  order: OrderRec;
  qty: number;
  source: number;
  legs: LegRec[];
  /** Its public form, built once. */
  out: Shipment;
}

interface OrderRec {
  order: PlanOrder;
  dest: number;
  ships: ShipRec[];
  /** Products with no route at all. */
  missing: number;
  outcome: OrderOutcome;
  cause?: FailureCause;
}

interface Route {
  source: number;
  legs: LegRec[];
  /** Products this route can still take. */
  cap: number;
  /** For repair candidates: the one full resource in the way (a flight instance, or a warehouse span). */
  block?: { f: number; dep: number } | { airport: number; from: number; to: number };
}

/** Where a search starts: fresh products at sedes, or products already under way at an airport. */
interface Start {
  airport: number;
  time: number;
  /** Leaving a sede from stock: no connection time, no warehouse use at the start. */
  fromStock: boolean;
}

const NONE = -1;
/** Stages tried in turn: 1 direct flights, 2 two legs within reserves, 3 two legs, 4 any route. */
const LEG_STAGES = [1, 2, 3, 4];
/** Start delays (min) tried in turn by the any-route search. */
const START_DELAYS = [0, 360, 720, 1440, 2160];
/** Under the 'departure' objective direct and two-leg routes compete in one stage. */
const JOINT_STAGES = [2, 3, 4];
/** Stage 2 keeps reserves for the transit airport's own orders; stage 3 lifts them; stage 4 allows any route. */

export function createEngine(
  network: Network,
  params: PlannerParams = DEFAULT_PLANNER_PARAMS,
  options: Partial<EngineOptions> = {},
): Planner & {
  /** Instances that carry at least one product, with their load. */
  flightInstances(): FlightInstanceLoad[];
  /** Plan of every order still hot (not archived). */
  outcomes(): OrderOutcome[];
  /** Memory footprint indicators (pages, hot orders) to check that a long run stays flat. */
  footprint(): {
    hotOrders: number;
    timelinePages: number;
    flightPages: number;
    instances: number;
    /** Shipments indexed by the airports they sit in (for repairs). */
    present: number;
  };
} {
  const opt: EngineOptions = { ...DEFAULT_ENGINE_OPTIONS, ...options };
  const net: CompiledNetwork = compileNetwork(network, params);
  const n = net.airportCount;
  const F = net.flightCount;
  const conn = params.minConnectionMin;
  const pickup = params.pickupMin;
  const wh: Timeline[] = Array.from({ length: n }, () => new Timeline());
  const loads = new FlightLoads(F);
  /** Shipments that stay in each airport's warehouse (transit or pickup), for repairs. */
  const present: Set<ShipRec>[] = Array.from({ length: n }, () => new Set());
  /** Shipments aboard each instance, keyed day * F + flight. */
  const aboard = new Map<number, Set<ShipRec>>();
  const cancelled = new Set<number>();
  const hot = new Map<string, OrderRec>();
  const totals = { orders: 0, products: 0, onTime: 0, late: 0, unrouted: 0, fromStock: 0 };
  let archivedBeforeDay = Number.NEGATIVE_INFINITY;

  const occupies = (a: number) => !net.isSede[a] || params.sedeTransitOccupiesWarehouse;
  const instKey = (f: number, dep: number) => Math.floor(dep / DAY_MIN) * F + f;
  const arrOf = (l: LegRec) => l.dep + net.fDur[l.f];
  const flightResidual = (f: number, dep: number) =>
    cancelled.size > 0 && cancelled.has(instKey(f, dep)) ? 0 : net.fCap[f] - loads.get(f, dep);
  const whResidual = (a: number, from: number, to: number) => net.capacity[a] - wh[a].max(from, to);
  /** First departure of flight f at or after t. */
  const firstDep = (f: number, t: number) => {
    const day = Math.ceil((t - net.fDep[f]) / DAY_MIN);
    return day * DAY_MIN + net.fDep[f];
  };

  /** Direct sede flights into each airport, for protectDirect. */
  const sedeInbound: number[][] = Array.from({ length: n }, () => []);
  for (let f = 0; f < F; f++) if (net.isSede[net.fOrigin[f]]) sedeInbound[net.fDest[f]].push(f);
  /**
   * Room a two-leg product must leave at airport a over [from, to): for each direct sede flight landing at a
   * whose pickup window overlaps [from, to) and still departs after the clock, its free seats (capped by the
   * room its window has). The largest such need is kept.
   */
  function directNeed(a: number, from: number, to: number): number {
    let need = 0;
    const list = sedeInbound[a];
    for (let i = 0; i < list.length; i++) {
      const f = list[i];
      const dur = net.fDur[f];
      // Instances landing in (from - pickup, to): their window [T, T + pickup) overlaps [from, to).
      for (let dep = firstDep(f, from - pickup - dur + 1); dep + dur < to; dep += DAY_MIN) {
        if (dep <= clock) continue;
        const seats = flightResidual(f, dep);
        if (seats <= need) continue;
        const T = dep + dur;
        const room = whResidual(a, T, T + pickup);
        const v = Math.min(seats, room);
        if (v > need) need = v;
      }
    }
    return need;
  }

  // Demand rate per destination (products per demandTau, decayed) against its direct seats from the sedes.
  const demand = new Float64Array(n);
  const demandAt = new Float64Array(n);
  const directSeats = new Float64Array(n);
  for (let f = 0; f < F; f++) if (net.isSede[net.fOrigin[f]]) directSeats[net.fDest[f]] += net.fCap[f];
  const pressure = new Float64Array(n);
  function noteDemand(d: number, qty: number, t: number): void {
    const decay = Math.exp(-Math.max(0, t - demandAt[d]) / opt.demandTauMin);
    demand[d] = demand[d] * decay + qty;
    demandAt[d] = Math.max(t, demandAt[d]);
    const seatsPerTau = (directSeats[d] * opt.demandTauMin) / DAY_MIN;
    pressure[d] = seatsPerTau > 0 ? demand[d] / seatsPerTau : 1;
  }

  // ---------------------------------------------------------------- booking

  /** Books (sign 1) or releases (sign -1) legs from index k on, their transit dwell and the pickup dwell. */
  function book(s: ShipRec, k: number, sign: 1 | -1): void {
    const q = s.qty * sign;
    const legs = s.legs;
    for (let i = k; i < legs.length; i++) {
      const l = legs[i];
      loads.add(l.f, l.dep, q);
      const key = instKey(l.f, l.dep);
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
      if (occupies(x)) wh[x].add(arrOf(legs[i - 1]), legs[i].dep, q);
    }
    const last = legs[legs.length - 1];
    const arr = arrOf(last);
    wh[net.fDest[last.f]].add(arr, arr + pickup, q);
    for (let i = 1; i <= legs.length; i++) {
      const a = i < legs.length ? net.fOrigin[legs[i].f] : net.fDest[last.f];
      if (sign > 0) present[a].add(s);
      else present[a].delete(s);
    }
  }

  /** Airports where a shipment sits in the warehouse: each transit stop and its destination. */
  function stops(s: ShipRec): number[] {
    const out: number[] = [];
    for (let i = 1; i < s.legs.length; i++) out.push(net.fOrigin[s.legs[i].f]);
    out.push(net.fDest[s.legs[s.legs.length - 1].f]);
    return out;
  }

  /** Capacity left on a route: flights, transit warehouses, destination pickup window. */
  function routeCap(legs: LegRec[], startTime: number, fromStock: boolean): number {
    let cap = Number.POSITIVE_INFINITY;
    let prevArr = startTime;
    for (let i = 0; i < legs.length; i++) {
      const l = legs[i];
      cap = Math.min(cap, flightResidual(l.f, l.dep));
      const x = net.fOrigin[l.f];
      if ((i > 0 || !fromStock) && occupies(x)) cap = Math.min(cap, whResidual(x, prevArr, l.dep));
      prevArr = arrOf(l);
    }
    const d = net.fDest[legs[legs.length - 1].f];
    return Math.min(cap, whResidual(d, prevArr, prevArr + pickup));
  }

  // ---------------------------------------------------------------- search

  /**
   * Best on-time route of one or two legs from the sources (products leaving stock at t0 or later).
   * Direct flights come first: they use one seat per product and no transit warehouse. Two-leg routes are
   * enumerated exactly (every first-leg instance, the first feasible connecting instance of each second leg),
   * ranked by arrival plus a charge per minute of transit wait (warehouse use).
   */
  function bestShort(
    sources: number[],
    d: number,
    t0: number,
    deadline: number,
    maxLegs: number,
    /** When given, the deadline of sources on d's continent (the others keep `deadline`). */
    homeDeadline?: number,
  ): Route | null {
    let bestScore = Number.POSITIVE_INFINITY;
    let bS = NONE;
    let bF1 = NONE;
    let bDep1 = 0;
    let bF2 = NONE;
    let bDep2 = 0;
    let bCap = 0;
    const capD = net.capacity[d];
    const byDep = opt.objective === 'departure';
    const joint = byDep;
    const latestOf = (s: number) =>
      (homeDeadline !== undefined && net.continent[s] === net.continent[d] ? homeDeadline : deadline) -
      pickup;
    for (const s of sources) {
      const latestArr = latestOf(s);
      const flights = net.direct[s * n + d];
      for (let j = 0; j < flights.length; j++) {
        const f = flights[j];
        const dur = net.fDur[f];
        for (let dep = firstDep(f, t0); dep + dur <= latestArr; dep += DAY_MIN) {
          const arr = dep + dur;
          const score = byDep ? dep : arr;
          if (score >= bestScore) break;
          const seats = flightResidual(f, dep);
          if (seats <= 0) continue;
          const room = capD - wh[d].max(arr, arr + pickup);
          if (room <= 0) continue;
          bestScore = score;
          bS = s;
          bF1 = f;
          bDep1 = dep;
          bCap = Math.min(seats, room);
          break;
        }
      }
    }
    if (bF1 !== NONE && (maxLegs < 2 || !joint))
      return { source: bS, legs: [{ f: bF1, dep: bDep1 }], cap: bCap };
    if (maxLegs < 2) return null;
    const penalty = joint ? opt.twoLegPenaltyMin : 0;
    const waitCost = opt.transitWaitCost;
    const reserved = maxLegs === 2;
    const spreadCost = opt.destSpreadCost;
    const seatReserve = reserved ? opt.transitSeatReserve : 0;
    const whReserve = reserved ? opt.transitWarehouseReserve : 0;
    const protect = reserved && opt.protectDirect;
    for (const s of sources) {
      const latestArr = latestOf(s);
      for (let x = 0; x < n; x++) {
        if (x === d || x === s) continue;
        const first = net.direct[s * n + x];
        const second = net.direct[x * n + d];
        if (first.length === 0 || second.length === 0) continue;
        const minSecond = net.minDur[x * n + d];
        const xCost = opt.pressureCost * pressure[x];
        const capX = Math.floor(net.capacity[x] * (1 - whReserve));
        const countsX = occupies(x);
        for (let i = 0; i < first.length; i++) {
          const f1 = first[i];
          const dur1 = net.fDur[f1];
          for (let dep1 = firstDep(f1, t0); ; dep1 += DAY_MIN) {
            const a1 = dep1 + dur1;
            if (a1 + conn + minSecond > latestArr) break;
            if ((byDep ? dep1 : a1 + conn + minSecond) + xCost + penalty >= bestScore) break;
            const seats1 = flightResidual(f1, dep1) - Math.ceil(net.fCap[f1] * seatReserve);
            if (seats1 <= 0) continue;
            for (let j = 0; j < second.length; j++) {
              const f2 = second[j];
              const dur2 = net.fDur[f2];
              for (let dep2 = firstDep(f2, a1 + conn); dep2 + dur2 <= latestArr; dep2 += DAY_MIN) {
                const a2 = dep2 + dur2;
                const base = (byDep ? dep1 : a2) + waitCost * (dep2 - a1) + xCost + penalty;
                if (base >= bestScore) break;
                const seats2 = flightResidual(f2, dep2);
                if (seats2 <= 0) continue;
                // A longer wait needs more room: once the transit warehouse blocks, later instances do too.
                let roomX = countsX ? capX - wh[x].max(a1, dep2) : seats2;
                if (roomX <= 0) break;
                let roomD = capD - wh[d].max(a2, a2 + pickup);
                if (roomD <= 0) continue;
                if (protect) {
                  roomD -= directNeed(d, a2, a2 + pickup);
                  if (roomD <= 0) continue;
                  if (countsX) {
                    roomX -= directNeed(x, a1, dep2);
                    if (roomX <= 0) continue;
                  }
                }
                const score = base + spreadCost * (1 - roomD / capD);
                if (score >= bestScore) continue;
                bestScore = score;
                bS = s;
                bF1 = f1;
                bDep1 = dep1;
                bF2 = f2;
                bDep2 = dep2;
                bCap = Math.min(seats1, seats2, roomX, roomD);
                break;
              }
            }
          }
        }
      }
    }
    if (bF1 === NONE) return null;
    if (bF2 === NONE) return { source: bS, legs: [{ f: bF1, dep: bDep1 }], cap: bCap };
    return {
      source: bS,
      legs: [
        { f: bF1, dep: bDep1 },
        { f: bF2, dep: bDep2 },
      ],
      cap: bCap,
    };
  }

  const label = new Float64Array(n);
  const settled = new Uint8Array(n);
  const predF = new Int32Array(n);
  const predDep = new Float64Array(n);
  const rootOf = new Int32Array(n);

  /**
   * Earliest-arrival label-setting search over the time-expanded network with capacities:
   * a flight instance needs a free seat, the wait before it a free warehouse slot, the arrival
   * at the destination a free pickup slot. Any number of legs.
   */
  function search(starts: Start[], d: number, deadline: number): Route | null {
    label.fill(Number.POSITIVE_INFINITY);
    settled.fill(0);
    predF.fill(NONE);
    rootOf.fill(NONE);
    const stockStart = new Uint8Array(n);
    for (const st of starts) {
      if (st.time < label[st.airport]) {
        label[st.airport] = st.time;
        rootOf[st.airport] = st.airport;
        stockStart[st.airport] = st.fromStock ? 1 : 0;
      }
    }
    const latestArr = deadline - pickup;
    for (;;) {
      let x = NONE;
      let bx = Number.POSITIVE_INFINITY;
      for (let i = 0; i < n; i++) {
        if (!settled[i] && label[i] < bx) {
          bx = label[i];
          x = i;
        }
      }
      if (x === NONE || x === d) break;
      settled[x] = 1;
      const t = label[x];
      const isStock = predF[x] === NONE && stockStart[x] === 1;
      const earliest = isStock ? t : t + conn;
      const waitCounts = !isStock && occupies(x);
      const out = net.outgoing[x];
      for (let j = 0; j < out.length; j++) {
        const f = out[j];
        const y = net.fDest[f];
        if (settled[y]) continue;
        const dur = net.fDur[f];
        for (let dep = firstDep(f, earliest); dep + dur <= latestArr; dep += DAY_MIN) {
          const arr = dep + dur;
          if (arr >= label[y]) break;
          if (flightResidual(f, dep) <= 0) continue;
          // A longer wait only needs more room: the first instance blocked by the warehouse ends the scan.
          if (waitCounts && whResidual(x, t, dep) <= 0) break;
          if (y === d && whResidual(d, arr, arr + pickup) <= 0) continue;
          label[y] = arr;
          predF[y] = f;
          predDep[y] = dep;
          rootOf[y] = rootOf[x];
          break;
        }
      }
    }
    if (!Number.isFinite(label[d]) || predF[d] === NONE) return null;
    const legs: LegRec[] = [];
    for (let y = d; predF[y] !== NONE; y = net.fOrigin[predF[y]]) legs.push({ f: predF[y], dep: predDep[y] });
    legs.reverse();
    const root = rootOf[d];
    const start = starts.find((s) => s.airport === root)!;
    const cap = routeCap(legs, start.time, start.fromStock);
    if (cap <= 0) return null;
    return { source: root, legs, cap };
  }

  // ---------------------------------------------------------------- orders

  /** Shipments created during a repair attempt, to undo it if the attempt fails. */
  let journal: ShipRec[] | null = null;
  /** Orders moved by repairs since the last takeReplanned(). */
  const replanned = new Set<OrderRec>();
  /** The planner's clock: legs departing at or before it have flown. */
  let clock = Number.NEGATIVE_INFINITY;

  const newShip = (o: OrderRec, qty: number, source: number, legs: LegRec[]): ShipRec => {
    const s: ShipRec = { order: o, qty, source, legs, out: publicShipment(o, qty, source, legs) };
    book(s, 0, 1);
    o.ships.push(s);
    journal?.push(s);
    return s;
  };

  function removeShip(s: ShipRec): void {
    book(s, 0, -1);
    const list = s.order.ships;
    list.splice(list.indexOf(s), 1);
  }

  function restoreShip(s: ShipRec): void {
    book(s, 0, 1);
    s.order.ships.push(s);
  }

  /** Routes up to qty fresh products of an order from the given sedes; returns how many were placed. */
  function routeFromStock(
    o: OrderRec,
    qty: number,
    sources: number[],
    t0: number,
    deadline: number,
    maxLegs: number,
  ): number {
    let left = qty;
    if (sources.length === 0) return 0;
    while (left > 0) {
      let r = bestShort(sources, o.dest, t0, deadline, maxLegs);
      // Earliest-arrival labels can strand a product before a full warehouse: later starts arrive later
      // at the transit airports and may pass where the earliest one could not wait.
      for (let k = 0; !r && maxLegs > 3 && k < START_DELAYS.length; k++) {
        const starts: Start[] = [];
        for (const s of sources) starts.push({ airport: s, time: t0 + START_DELAYS[k], fromStock: true });
        r = search(starts, o.dest, deadline);
      }
      if (!r) break;
      const q = Math.min(left, r.cap);
      newShip(o, q, r.source, r.legs);
      left -= q;
    }
    return qty - left;
  }

  const sameSedes = net.codes.map((_, d) => net.sedes.filter((s) => net.continent[s] === net.continent[d]));
  const otherSedes = net.codes.map((_, d) => net.sedes.filter((s) => net.continent[s] !== net.continent[d]));

  function hasOtherSource(o: OrderRec): boolean {
    for (const s of o.ships) if (net.continent[s.source] !== net.continent[o.dest]) return true;
    return false;
  }

  const deadlineOf = (o: OrderRec): number => {
    let same = sameSedes[o.dest].length > 0;
    if (o.ships.length > 0) same = !hasOtherSource(o);
    return o.order.releaseMin + (same ? params.deadlineSameContinentMin : params.deadlineOtherContinentMin);
  };

  /**
   * Places qty fresh products. Cheapest routes first across all sedes: direct flights (one seat, no transit
   * dwell), then two legs, then any route. Within each, the home sede with 48 h, then the other continents with
   * 72 h; once one product comes from another continent the whole order has 72 h and the home sede may serve
   * the rest. What is left is delivered late when possible.
   */
  function placeFresh(o: OrderRec, qty: number, t0: number): number {
    let left = qty - placeOnTime(o, qty, t0);
    if (left === 0) return qty;
    if (opt.repairCandidates > 0) left -= repair(o, left, t0);
    if (left === 0) return qty;
    o.cause ??= diagnose(o, t0);
    const long = o.order.releaseMin + params.deadlineOtherContinentMin;
    left -= routeFromStock(o, left, net.sedes, t0, long + opt.lateSlackMin, 4);
    return qty - left;
  }

  /** Earliest arrival over the home sede (48 h, while the order has no other source) and the others (72 h). */
  function routeJoint(
    o: OrderRec,
    qty: number,
    t0: number,
    short: number,
    long: number,
    maxLegs: number,
  ): number {
    const d = o.dest;
    let left = qty;
    while (left > 0) {
      // One search over every sede, each with its own deadline (48 h at home while no product comes from away).
      const r = bestShort(net.sedes, d, t0, long, maxLegs, hasOtherSource(o) ? long : short);
      if (!r) break;
      const q = Math.min(left, r.cap);
      newShip(o, q, r.source, r.legs);
      left -= q;
    }
    return qty - left;
  }

  /** The on-time stages of placeFresh; returns how many products were placed. */
  function placeOnTime(o: OrderRec, qty: number, t0: number, maxStage = 4): number {
    const r = o.order.releaseMin;
    const d = o.dest;
    const short = r + params.deadlineSameContinentMin;
    const long = r + params.deadlineOtherContinentMin;
    let left = qty;
    for (const maxLegs of opt.objective === 'departure' ? JOINT_STAGES : LEG_STAGES) {
      if (maxLegs > maxStage) break;
      if (opt.homeLast && left > 0) left -= routeFromStock(o, left, otherSedes[d], t0, long, maxLegs);
      if (opt.jointSedes && maxLegs < 4) {
        // One search covers what the three calls below do in turn.
        if (left > 0) left -= routeJoint(o, left, t0, short, long, maxLegs);
        if (left === 0) break;
        continue;
      }
      if (!hasOtherSource(o) && left > 0) left -= routeFromStock(o, left, sameSedes[d], t0, short, maxLegs);
      if (left > 0) left -= routeFromStock(o, left, otherSedes[d], t0, long, maxLegs);
      if (left > 0 && hasOtherSource(o)) left -= routeFromStock(o, left, sameSedes[d], t0, long, maxLegs);
      if (left === 0) break;
    }
    return qty - left;
  }

  const onTime = (o: OrderRec): boolean => {
    const deadline = deadlineOf(o);
    for (const s of o.ships) if (arrOf(s.legs[s.legs.length - 1]) + pickup > deadline) return false;
    return o.missing === 0;
  };

  /**
   * Re-planning of earlier decisions: when an order cannot be on time, take routes of one or two legs that
   * are blocked only by full flights, move products of other on-time orders still at their sede off such a
   * flight onto other on-time routes, and give the freed seats to this order. Every move is undone unless
   * both orders end on time.
   */
  function repair(o: OrderRec, qty: number, t0: number): number {
    let left = qty;
    const d = o.dest;
    const r = o.order.releaseMin;
    const tries: [number[], number][] = [];
    if (!hasOtherSource(o)) tries.push([sameSedes[d], r + params.deadlineSameContinentMin]);
    tries.push([otherSedes[d], r + params.deadlineOtherContinentMin]);
    const candidates: Route[] = [];
    for (const [sources, deadline] of tries) blockedRoutes(sources, d, t0, deadline, candidates);
    // Full flights first (moving products off a flight rarely needs more room elsewhere), then by arrival.
    const rank = (c: Route) => (c.block && 'f' in c.block ? 0 : opt.repairWarehouses ? 1 : 2);
    candidates.sort(
      (a, b) => rank(a) - rank(b) || arrOf(a.legs[a.legs.length - 1]) - arrOf(b.legs[b.legs.length - 1]),
    );
    let attempts = 0;
    for (const cand of candidates) {
      if (left === 0 || attempts >= opt.repairCandidates) break;
      attempts++;
      const block = cand.block;
      if (!block || rank(cand) > 1) continue;
      const movable = (v: ShipRec) =>
        v.order !== o && v.legs[0].dep > clock && v.order.outcome.status === 'onTime';
      let pool: ShipRec[];
      if ('f' in block) {
        const key = instKey(block.f, block.dep);
        if (cancelled.has(key)) continue;
        pool = [...(aboard.get(key) ?? [])].filter(movable);
      } else {
        pool = [];
        for (const v of present[block.airport])
          if (movable(v) && staysDuring(v, block.airport, block.from, block.to)) pool.push(v);
      }
      const victims = pool.sort((a, b) => b.qty - a.qty).slice(0, opt.repairVictims);
      for (const v of victims) {
        if (left === 0) break;
        journal = [];
        removeShip(v);
        const cap = routeCap(cand.legs, t0, true);
        let ok = false;
        if (cap > 0) {
          newShip(o, Math.min(left, cap), cand.source, cand.legs);
          const p = v.order;
          const placed = placeOnTime(p, v.qty, Math.max(clock, p.order.releaseMin), opt.repairMaxStage);
          ok = placed === v.qty && onTime(p);
        }
        if (ok) {
          left -= journal[0].qty;
          journal = null;
          refresh(v.order);
          replanned.add(v.order);
        } else {
          for (const s of journal.reverse()) removeShip(s);
          journal = null;
          restoreShip(v);
        }
      }
    }
    return qty - left;
  }

  /** Whether a shipment sits in airport a's warehouse at some instant of [from, to). */
  function staysDuring(v: ShipRec, a: number, from: number, to: number): boolean {
    const legs = v.legs;
    for (let i = 1; i < legs.length; i++) {
      if (net.fOrigin[legs[i].f] === a && arrOf(legs[i - 1]) < to && legs[i].dep > from) return true;
    }
    const last = legs[legs.length - 1];
    const arr = arrOf(last);
    return net.fDest[last.f] === a && arr < to && arr + pickup > from;
  }

  /** On-time routes of one or two legs whose only obstacle is one full flight instance or one full warehouse. */
  function blockedRoutes(sources: number[], d: number, t0: number, deadline: number, out: Route[]): void {
    const latestArr = deadline - pickup;
    const full = (a: number, from: number, to: number) => whResidual(a, from, to) <= 0;
    for (const s of sources) {
      for (const f of net.direct[s * n + d]) {
        for (let dep = firstDep(f, t0); dep + net.fDur[f] <= latestArr; dep += DAY_MIN) {
          const arr = dep + net.fDur[f];
          const seats = flightResidual(f, dep) <= 0;
          const room = full(d, arr, arr + pickup);
          if (seats === room) continue;
          const block = seats ? { f, dep } : { airport: d, from: arr, to: arr + pickup };
          out.push({ source: s, legs: [{ f, dep }], cap: 0, block });
        }
      }
      for (let x = 0; x < n; x++) {
        if (x === s || x === d) continue;
        for (const f1 of net.direct[s * n + x]) {
          for (let dep1 = firstDep(f1, t0); dep1 + net.fDur[f1] <= latestArr; dep1 += DAY_MIN) {
            const a1 = dep1 + net.fDur[f1];
            const full1 = flightResidual(f1, dep1) <= 0;
            for (const f2 of net.direct[x * n + d]) {
              const dep2 = firstDep(f2, a1 + conn);
              const a2 = dep2 + net.fDur[f2];
              if (a2 > latestArr) continue;
              const full2 = flightResidual(f2, dep2) <= 0;
              const fullX = occupies(x) && full(x, a1, dep2);
              const fullD = full(d, a2, a2 + pickup);
              // Exactly one obstacle: one move can free the route.
              if (+full1 + +full2 + +fullX + +fullD !== 1) continue;
              const block = full1
                ? { f: f1, dep: dep1 }
                : full2
                  ? { f: f2, dep: dep2 }
                  : fullX
                    ? { airport: x, from: a1, to: dep2 }
                    : { airport: d, from: a2, to: a2 + pickup };
              out.push({
                source: s,
                legs: [
                  { f: f1, dep: dep1 },
                  { f: f2, dep: dep2 },
                ],
                cap: 0,
                block,
              });
            }
          }
        }
      }
    }
  }

  function publicShipment(o: OrderRec, qty: number, source: number, legs: LegRec[]): Shipment {
    const out: Leg[] = new Array(legs.length);
    for (let i = 0; i < legs.length; i++) out[i] = toLeg(legs[i]);
    const arrivalMin = out[out.length - 1].arrMin;
    return {
      orderKey: o.order.key,
      quantity: qty,
      source: net.codes[source],
      legs: out,
      arrivalMin,
      readyMin: arrivalMin + pickup,
      deadlineMin: 0,
    };
  }

  function toLeg(l: LegRec): Leg {
    return {
      flightId: net.flightIds[l.f],
      origin: net.codes[net.fOrigin[l.f]],
      destination: net.codes[net.fDest[l.f]],
      depMin: l.dep,
      arrMin: arrOf(l),
    };
  }

  function countStatus(status: OrderStatus, delta: number): void {
    totals[status] += delta;
  }

  /** Rebuilds the public outcome after (re)planning: shipments, deadline from the actual sources, status. */
  function refresh(o: OrderRec): OrderOutcome {
    const out = o.outcome;
    const prev = out.status;
    const deadline = deadlineOf(o);
    const shipments: Shipment[] = new Array(o.ships.length);
    let late = false;
    for (let i = 0; i < o.ships.length; i++) {
      const sh = o.ships[i].out;
      sh.deadlineMin = deadline;
      if (sh.readyMin > deadline) late = true;
      shipments[i] = sh;
    }
    const status: OrderStatus = o.missing > 0 ? 'unrouted' : late ? 'late' : 'onTime';
    // The outcome object is updated in place: holders of it see re-plans.
    out.deadlineMin = deadline;
    out.status = status;
    out.shipments = shipments;
    if (status !== 'onTime') out.cause = o.cause ?? diagnose(o, o.order.releaseMin);
    else {
      o.cause = undefined;
      if (out.cause) delete out.cause;
    }
    if (prev !== status) {
      countStatus(prev, -1);
      countStatus(status, 1);
    }
    return out;
  }

  function planOrder(order: PlanOrder, nowMin: number): OrderOutcome {
    const d = net.index.get(order.destination);
    const base: OrderOutcome = {
      key: order.key,
      destination: order.destination,
      releaseMin: order.releaseMin,
      quantity: order.quantity,
      deadlineMin: order.releaseMin + params.deadlineOtherContinentMin,
      status: 'unrouted',
      shipments: [],
    };
    totals.orders++;
    totals.products += order.quantity;
    if (d === undefined) {
      totals.unrouted++;
      base.cause = {
        kind: 'no-route',
        message: `El aeropuerto de destino ${order.destination} no existe en la red.`,
      };
      return base;
    }
    if (net.isSede[d]) {
      totals.fromStock++;
      const fromStock: OrderOutcome = {
        ...base,
        deadlineMin: order.releaseMin + params.deadlineSameContinentMin,
        status: 'fromStock',
      };
      return fromStock;
    }
    const existing = hot.get(order.key);
    if (existing) releaseOrder(existing);
    const o: OrderRec = { order, dest: d, ships: [], missing: 0, outcome: base };
    totals.unrouted++; // counted as unrouted until refresh() says otherwise
    hot.set(order.key, o);
    const t0 = Math.max(order.releaseMin, nowMin);
    noteDemand(d, order.quantity, order.releaseMin);
    o.missing = order.quantity - placeFresh(o, order.quantity, t0);
    return refresh(o);
  }

  /** Forgets an order's bookings (used when the same key is planned again). */
  function releaseOrder(o: OrderRec): void {
    for (const s of o.ships) book(s, 0, -1);
    o.ships = [];
    countStatus(o.outcome.status, -1);
    totals.orders--;
    totals.products -= o.order.quantity;
    hot.delete(o.order.key);
  }

  // ---------------------------------------------------------------- diagnosis

  const stamp = (t: number) => new Date(t * 60_000).toISOString().slice(0, 16).replace('T', ' ');

  /**
   * Why an order cannot be on time. Walks every route of one or two legs from any sede that would be ready
   * within 72 h and records what blocks each: a full flight instance, or a full warehouse (transit wait or
   * pickup window). The resource blocking most routes is the binding cause; full flights are listed too.
   */
  function diagnose(o: OrderRec, t0: number): FailureCause {
    const d = o.dest;
    const latestArr = o.order.releaseMin + params.deadlineOtherContinentMin - pickup;
    const full = new Set<string>();
    const whBlocks = new Map<number, number>();
    const whAt = new Map<number, number>();
    let seatBlocks = 0;
    let routes = 0;
    const fullFlight = (f: number, dep: number) => {
      if (flightResidual(f, dep) > 0) return false;
      seatBlocks++;
      if (full.size < 50) full.add(`${net.flightIds[f]}@${dep}`);
      return true;
    };
    const fullWarehouse = (a: number, from: number, to: number) => {
      if (whResidual(a, from, to) > 0) return false;
      whBlocks.set(a, (whBlocks.get(a) ?? 0) + 1);
      const at = wh[a].firstAtLeast(from, to, net.capacity[a]);
      if (at >= 0 && at < (whAt.get(a) ?? Number.POSITIVE_INFINITY)) whAt.set(a, at);
      return true;
    };
    for (const s of net.sedes) {
      for (let x = 0; x < n; x++) {
        if (x === s) continue;
        for (const f1 of net.direct[s * n + x]) {
          for (let dep1 = firstDep(f1, t0); dep1 + net.fDur[f1] <= latestArr; dep1 += DAY_MIN) {
            const a1 = dep1 + net.fDur[f1];
            if (x === d) {
              routes++;
              if (!fullFlight(f1, dep1)) fullWarehouse(d, a1, a1 + pickup);
              continue;
            }
            for (const f2 of net.direct[x * n + d]) {
              const dep2 = firstDep(f2, a1 + conn);
              const a2 = dep2 + net.fDur[f2];
              if (a2 > latestArr) continue;
              routes++;
              if (fullFlight(f1, dep1) || fullFlight(f2, dep2)) continue;
              if (occupies(x) && fullWarehouse(x, a1, dep2)) continue;
              fullWarehouse(d, a2, a2 + pickup);
            }
          }
        }
      }
    }
    const code = net.codes[d];
    const flights = [...full];
    let worst = NONE;
    for (const [a, c] of whBlocks) if (worst === NONE || c > whBlocks.get(worst)!) worst = a;
    if (worst !== NONE && whBlocks.get(worst)! >= seatBlocks) {
      const w = net.codes[worst];
      const at = whAt.get(worst)!;
      return {
        kind: 'warehouse',
        airport: w,
        atMin: at,
        flights,
        message:
          `El almacén de ${w} está lleno (${net.capacity[worst]} productos) desde el ${stamp(at)} UTC: ` +
          `bloquea ${whBlocks.get(worst)} de ${routes} rutas a ${code} a tiempo; ${seatBlocks} más tienen vuelos llenos.`,
      };
    }
    if (seatBlocks > 0) {
      const first = Math.min(...flights.map((k) => Number(k.split('@')[1])));
      return {
        kind: 'flights',
        atMin: first,
        flights,
        message:
          `Vuelos llenos: ${seatBlocks} de ${routes} rutas a ${code} a tiempo no tienen asientos libres` +
          (worst !== NONE
            ? `; ${[...whBlocks.values()].reduce((a, b) => a + b, 0)} tienen un almacén lleno (sobre todo ${net.codes[worst]}, desde el ${stamp(whAt.get(worst)!)} UTC).`
            : '.'),
      };
    }
    return {
      kind: 'no-route',
      message:
        routes > 0
          ? `Las rutas a ${code} a tiempo necesitan más de dos vuelos y no tienen capacidad libre.`
          : `No hay vuelos que lleguen a ${code} antes del plazo.`,
    };
  }

  // ---------------------------------------------------------------- re-planning

  function cancelFlight(flightId: string, depMin: number, nowMin: number) {
    const f = net.flightIndex.get(flightId);
    if (f === undefined) return { ok: false as const, reason: `El vuelo ${flightId} no existe.` };
    if ((((depMin - net.fDep[f]) % DAY_MIN) + DAY_MIN) % DAY_MIN !== 0)
      return { ok: false as const, reason: `El vuelo ${flightId} no sale a esa hora.` };
    if (depMin <= nowMin) return { ok: false as const, reason: `El vuelo ${flightId} ya despegó.` };
    clock = Math.max(clock, nowMin);
    const key = instKey(f, depMin);
    cancelled.add(key);
    const ships = [...(aboard.get(key) ?? [])];
    aboard.delete(key);
    const touched = new Set<OrderRec>();
    for (const s of ships) {
      const o = s.order;
      touched.add(o);
      // Legs already flown stay; the product continues from where it is (or will be) when the next leg leaves.
      let k = 0;
      while (k < s.legs.length && s.legs[k].dep <= nowMin) k++;
      book(s, k, -1);
      o.ships.splice(o.ships.indexOf(s), 1);
      if (k === 0) {
        const placed = placeFresh(o, s.qty, Math.max(nowMin, o.order.releaseMin));
        o.missing += s.qty - placed;
        continue;
      }
      const prefix = s.legs.slice(0, k);
      const at = net.fDest[prefix[k - 1].f];
      const since = arrOf(prefix[k - 1]);
      const start: Start = { airport: at, time: since, fromStock: false };
      let left = s.qty;
      for (const limit of [
        deadlineOf(o),
        o.order.releaseMin + params.deadlineOtherContinentMin + opt.lateSlackMin,
      ]) {
        while (left > 0) {
          const r = search([start], o.dest, limit);
          if (!r) break;
          // A search from a transit airport needs the dwell there too: re-check with the prefix's arrival.
          const q = Math.min(left, r.cap);
          const legs = [...prefix, ...r.legs];
          const ns: ShipRec = {
            order: o,
            qty: q,
            source: s.source,
            legs,
            out: publicShipment(o, q, s.source, legs),
          };
          book(ns, k, 1);
          o.ships.push(ns);
          left -= q;
        }
        if (left === 0) break;
        o.cause ??= diagnose(o, nowMin);
      }
      o.missing += left;
    }
    const affected = [...touched].map(refresh);
    return { ok: true as const, affected };
  }

  // ---------------------------------------------------------------- clock and queries

  function advance(nowMin: number): void {
    const cutDay = Math.floor(nowMin / DAY_MIN) - opt.keepDays;
    if (cutDay <= archivedBeforeDay) return;
    archivedBeforeDay = cutDay;
    const cutMin = cutDay * DAY_MIN;
    const done: OrderOutcome[] = [];
    for (const [key, o] of hot) {
      const lastReady = o.ships.reduce((m, s) => Math.max(m, arrOf(s.legs[s.legs.length - 1]) + pickup), 0);
      const end = Math.max(lastReady, o.order.releaseMin + params.deadlineOtherContinentMin);
      if (end < cutMin) {
        hot.delete(key);
        replanned.delete(o);
        // Its shipments leave the repair index too, or it would grow with every shipment ever booked.
        for (const sh of o.ships) for (const a of stops(sh)) present[a].delete(sh);
        done.push(o.outcome);
      }
    }
    for (const t of wh) t.dropBefore(cutDay);
    loads.dropBefore(cutDay);
    for (const key of aboard.keys()) if (Math.floor(key / F) < cutDay) aboard.delete(key);
    for (const key of cancelled) if (Math.floor(key / F) < cutDay) cancelled.delete(key);
    if (done.length > 0) opt.onArchive?.(done);
  }

  function addOrders(orders: PlanOrder[], nowMin: number): OrderOutcome[] {
    clock = Math.max(clock, nowMin);
    const sorted = orders.length > 1 ? [...orders].sort((a, b) => a.releaseMin - b.releaseMin) : orders;
    return sorted.map((o) => planOrder(o, nowMin));
  }

  function flightOrders(flightId: string, depMin: number) {
    const f = net.flightIndex.get(flightId);
    if (f === undefined) return [];
    const by = new Map<string, number>();
    for (const s of aboard.get(instKey(f, depMin)) ?? [])
      by.set(s.order.order.key, (by.get(s.order.order.key) ?? 0) + s.qty);
    return [...by].map(([orderKey, quantity]) => ({ orderKey, quantity }));
  }

  return {
    addOrders,
    cancelFlight,
    advance,
    outcome: (key) => hot.get(key)?.outcome,
    flightLoad: (flightId, depMin) => {
      const f = net.flightIndex.get(flightId);
      return f === undefined ? 0 : loads.get(f, depMin);
    },
    flightOrders,
    warehouseLoad: (airport, atMin) => {
      const a = net.index.get(airport);
      return a === undefined ? 0 : wh[a].at(atMin);
    },
    stats: () => ({ ...totals }),
    takeReplanned: () => {
      const list = [...replanned].map((o) => o.outcome);
      replanned.clear();
      return list;
    },
    flightInstances: () => {
      const out: FlightInstanceLoad[] = [];
      loads.forEach(
        (f, dep, load) => {
          out.push({ flightId: net.flightIds[f], depMin: dep, load, capacity: net.fCap[f] });
        },
        (f, day) => day * DAY_MIN + net.fDep[f],
      );
      return out;
    },
    outcomes: () => [...hot.values()].map((o) => o.outcome),
    footprint: () => ({
      hotOrders: hot.size,
      timelinePages: wh.reduce((s, t) => s + t.pageCount, 0),
      flightPages: loads.pageCount,
      instances: aboard.size,
      present: present.reduce((sum, set) => sum + set.size, 0),
    }),
  };
}
