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
  /**
   * Destination warehouse headroom: among on-time direct routes, prefer windows whose occupancy stays
   * below this fraction of capacity (spreads pickup dwell instead of packing the earliest arrival).
   */
  spreadFraction: number;
}

export const DEFAULT_ENGINE_OPTIONS: EngineOptions = {
  lateSlackMin: 3 * DAY_MIN,
  keepDays: 3,
  spreadFraction: 0.75,
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
}

/** Where a search starts: fresh products at sedes, or products already under way at an airport. */
interface Start {
  airport: number;
  time: number;
  /** Leaving a sede from stock: no connection time, no warehouse use at the start. */
  fromStock: boolean;
}

const NONE = -1;

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
  footprint(): { hotOrders: number; timelinePages: number; flightPages: number; instances: number };
} {
  const opt: EngineOptions = { ...DEFAULT_ENGINE_OPTIONS, ...options };
  const net: CompiledNetwork = compileNetwork(network, params);
  const n = net.airportCount;
  const F = net.flightCount;
  const conn = params.minConnectionMin;
  const pickup = params.pickupMin;
  const wh: Timeline[] = Array.from({ length: n }, () => new Timeline());
  const loads = new FlightLoads(F);
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
   * Best direct flight from one of the sources, ready by the deadline. Among on-time instances it prefers
   * one whose pickup window stays under the headroom fraction (spreading dwell), then the earliest.
   */
  function bestDirect(sources: number[], d: number, t0: number, deadline: number): Route | null {
    let best: Route | null = null;
    let bestScore = Number.POSITIVE_INFINITY;
    const cap = net.capacity[d];
    const soft = cap * opt.spreadFraction;
    for (const s of sources) {
      const flights = net.direct[s * n + d];
      for (let j = 0; j < flights.length; j++) {
        const f = flights[j];
        const dur = net.fDur[f];
        for (let dep = firstDep(f, t0); dep + dur + pickup <= deadline; dep += DAY_MIN) {
          const seats = flightResidual(f, dep);
          if (seats <= 0) continue;
          const arr = dep + dur;
          const used = wh[d].max(arr, arr + pickup);
          const room = cap - used;
          if (room <= 0) continue;
          // Crowded windows cost a day: they are used only when nothing calmer is on time.
          const score = arr + (used >= soft ? DAY_MIN * 4 : 0);
          if (score < bestScore) {
            bestScore = score;
            best = { source: s, legs: [{ f, dep }], cap: Math.min(seats, room) };
          }
        }
      }
    }
    return best;
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

  const newShip = (o: OrderRec, qty: number, source: number, legs: LegRec[]): ShipRec => {
    const s: ShipRec = { order: o, qty, source, legs };
    book(s, 0, 1);
    o.ships.push(s);
    return s;
  };

  /** Routes up to qty fresh products of an order from the given sedes; returns how many were placed. */
  function routeFromStock(o: OrderRec, qty: number, sources: number[], t0: number, deadline: number): number {
    let left = qty;
    if (sources.length === 0) return 0;
    while (left > 0) {
      let r = bestDirect(sources, o.dest, t0, deadline);
      if (!r)
        r = search(
          sources.map((s) => ({ airport: s, time: t0, fromStock: true })),
          o.dest,
          deadline,
        );
      if (!r) break;
      const q = Math.min(left, r.cap);
      newShip(o, q, r.source, r.legs);
      left -= q;
    }
    return qty - left;
  }

  function sameContinentSedes(d: number): number[] {
    return net.sedes.filter((s) => net.continent[s] === net.continent[d]);
  }

  function otherContinentSedes(d: number): number[] {
    return net.sedes.filter((s) => net.continent[s] !== net.continent[d]);
  }

  const deadlineOf = (o: OrderRec): number => {
    const same =
      o.ships.length > 0
        ? o.ships.every((s) => net.continent[s.source] === net.continent[o.dest])
        : sameContinentSedes(o.dest).length > 0;
    return o.order.releaseMin + (same ? params.deadlineSameContinentMin : params.deadlineOtherContinentMin);
  };

  /** Places qty fresh products: same-continent sede within 48 h, else other continents within 72 h, else late. */
  function placeFresh(o: OrderRec, qty: number, t0: number): number {
    const r = o.order.releaseMin;
    let left = qty;
    const same = sameContinentSedes(o.dest);
    const other = otherContinentSedes(o.dest);
    const hasOther = () => o.ships.some((s) => net.continent[s.source] !== net.continent[o.dest]);
    if (!hasOther()) left -= routeFromStock(o, left, same, t0, r + params.deadlineSameContinentMin);
    if (left > 0) {
      const long = r + params.deadlineOtherContinentMin;
      left -= routeFromStock(o, left, other, t0, long);
      // With one product from another continent the whole order has 72 h: the home sede may serve the rest.
      if (left > 0 && hasOther()) left -= routeFromStock(o, left, same, t0, long);
    }
    if (left > 0) {
      o.cause ??= diagnose(o, t0);
      left -= routeFromStock(o, left, net.sedes, t0, r + params.deadlineOtherContinentMin + opt.lateSlackMin);
    }
    return qty - left;
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
    const prev = o.outcome.status;
    const deadline = deadlineOf(o);
    const shipments: Shipment[] = o.ships.map((s) => {
      const last = s.legs[s.legs.length - 1];
      const arrivalMin = arrOf(last);
      return {
        orderKey: o.order.key,
        quantity: s.qty,
        source: net.codes[s.source],
        legs: s.legs.map(toLeg),
        arrivalMin,
        readyMin: arrivalMin + pickup,
        deadlineMin: deadline,
      };
    });
    let status: OrderStatus = 'onTime';
    if (o.missing > 0) status = 'unrouted';
    else if (shipments.some((s) => s.readyMin > deadline)) status = 'late';
    const outcome: OrderOutcome = {
      key: o.order.key,
      destination: o.order.destination,
      releaseMin: o.order.releaseMin,
      quantity: o.order.quantity,
      deadlineMin: deadline,
      status,
      shipments,
    };
    if (status !== 'onTime') outcome.cause = o.cause ?? diagnose(o, o.order.releaseMin);
    else o.cause = undefined;
    if (prev !== status) {
      countStatus(prev, -1);
      countStatus(status, 1);
    }
    o.outcome = outcome;
    return outcome;
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
   * Why an order cannot be on time: looks at every direct instance that would be on time and at the
   * destination's pickup windows. A full destination warehouse while seats remain is the warehouse's fault;
   * otherwise the flights are full.
   */
  function diagnose(o: OrderRec, t0: number): FailureCause {
    const d = o.dest;
    const deadline = o.order.releaseMin + params.deadlineOtherContinentMin;
    const full: string[] = [];
    let whAt = Number.POSITIVE_INFINITY;
    let any = false;
    for (const s of net.sedes) {
      const flights = net.direct[s * n + d];
      for (const f of flights) {
        for (let dep = firstDep(f, t0); dep + net.fDur[f] + pickup <= deadline; dep += DAY_MIN) {
          any = true;
          const arr = dep + net.fDur[f];
          if (flightResidual(f, dep) <= 0) full.push(`${net.flightIds[f]}@${dep}`);
          else if (whResidual(d, arr, arr + pickup) <= 0) {
            const at = wh[d].firstAtLeast(arr, arr + pickup, net.capacity[d]);
            if (at >= 0 && at < whAt) whAt = at;
          }
        }
      }
    }
    const code = net.codes[d];
    if (Number.isFinite(whAt)) {
      return {
        kind: 'warehouse',
        airport: code,
        atMin: whAt,
        flights: full,
        message: `El almacén de ${code} está lleno (${net.capacity[d]} productos) el ${stamp(whAt)} UTC: no puede recibir más productos a tiempo.`,
      };
    }
    if (full.length > 0) {
      const first = Number(full[0].split('@')[1]);
      return {
        kind: 'flights',
        atMin: first,
        flights: full,
        message: `Todos los vuelos que llegan a ${code} a tiempo están llenos (${full.length} vuelos).`,
      };
    }
    return {
      kind: any ? 'flights' : 'no-route',
      message: any
        ? `No hay capacidad libre en las rutas con escala hacia ${code}.`
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
          const ns: ShipRec = { order: o, qty: q, source: s.source, legs: [...prefix, ...r.legs] };
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
    }),
  };
}
