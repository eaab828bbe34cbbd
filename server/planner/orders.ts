import { placeBaseline } from './baseline';
import { diagnose } from './diagnose';
import { DAY_MIN } from './network';
import { refresh } from './outcome';
import {
  awayDeadline,
  deadlineFor,
  deadlineOf,
  lateLimit,
  onTime,
  placeOnTime,
  routeFromStock,
} from './placement';
import { repair } from './repair';
import { search } from './search';
import {
  arrOf,
  book,
  type EngineState,
  instKey,
  KEEP_DAYS,
  type LegRec,
  noteDemand,
  type OrderRec,
  publicShipment,
  type ShipRec,
  type Start,
  stops,
} from './state';
import type { OrderOutcome, PlanOrder, Shipment } from './types';

/**
 * Places qty fresh products: on time if possible (placeOnTime), else by moving earlier orders out of the way
 * (repair), else late; returns how many were placed.
 */
function placeFresh(st: EngineState, o: OrderRec, qty: number, from: number): number {
  const t0 = Math.max(from, st.clock);
  if (st.opt.baseline) {
    const placed = placeBaseline(st, o, qty, t0);
    if (placed < qty || !onTime(st, o)) o.cause ??= diagnose(st, o, t0);
    return placed;
  }
  let left = qty - placeOnTime(st, o, qty, t0);
  if (left === 0) return qty;
  if (st.opt.repairCandidates > 0) left -= repair(st, o, left, t0);
  if (left === 0) return qty;
  o.cause ??= diagnose(st, o, t0);
  left -= routeFromStock(st, o, left, st.net.sedes, t0, lateLimit(st, o), 4);
  return qty - left;
}

export function planOrder(st: EngineState, order: PlanOrder, nowMin: number): OrderOutcome {
  const { net, params, totals } = st;
  const d = net.index.get(order.destination);
  const base: OrderOutcome = {
    key: order.key,
    destination: order.destination,
    releaseMin: order.releaseMin,
    quantity: order.quantity,
    deadlineMin: deadlineFor(params, order.releaseMin, false),
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
    return { ...base, deadlineMin: deadlineFor(params, order.releaseMin, true), status: 'fromStock' };
  }
  noteDemand(st, order.releaseMin, order.quantity);
  const existing = st.hot.get(order.key);
  const o: OrderRec = { order, dest: d, ships: [], missing: 0, outcome: base };
  // A key planned again keeps the products already under way: a flown leg is never released.
  if (existing) for (const s of releaseOrder(st, existing)) adopt(o, s);
  totals.unrouted++; // counted as unrouted until refresh() says otherwise
  st.hot.set(order.key, o);
  let underWay = 0;
  for (const s of o.ships) underWay += s.qty;
  const fresh = Math.max(0, order.quantity - underWay);
  o.missing = fresh - placeFresh(st, o, fresh, Math.max(order.releaseMin, nowMin));
  return refresh(st, o);
}

function adopt(o: OrderRec, s: ShipRec): void {
  s.order = o;
  o.ships.push(s);
}

/**
 * Forgets an order (its key is planned again): releases the shipments still at their sede and returns
 * those already under way, which stay booked.
 */
function releaseOrder(st: EngineState, o: OrderRec): ShipRec[] {
  const underWay: ShipRec[] = [];
  for (const s of o.ships) {
    if (s.legs[0].dep <= st.clock) underWay.push(s);
    else book(st, s, 0, -1);
  }
  o.ships = [];
  st.totals[o.outcome.status]--;
  st.totals.orders--;
  st.totals.products -= o.order.quantity;
  st.hot.delete(o.order.key);
  st.replanned.delete(o);
  return underWay;
}

export function addOrders(st: EngineState, orders: PlanOrder[], nowMin: number): OrderOutcome[] {
  st.clock = Math.max(st.clock, nowMin);
  const sorted = orders.length > 1 ? [...orders].sort((a, b) => a.releaseMin - b.releaseMin) : orders;
  return sorted.map((o) => planOrder(st, o, nowMin));
}

export function cancelFlight(st: EngineState, flightId: string, depMin: number, nowMin: number) {
  const { net } = st;
  const f = net.flightIndex.get(flightId);
  if (f === undefined) return { ok: false as const, reason: `El vuelo ${flightId} no existe.` };
  if ((((depMin - net.fDep[f]) % DAY_MIN) + DAY_MIN) % DAY_MIN !== 0)
    return { ok: false as const, reason: `El vuelo ${flightId} no sale a esa hora.` };
  if (depMin <= nowMin) return { ok: false as const, reason: `El vuelo ${flightId} ya despegó.` };
  st.clock = Math.max(st.clock, nowMin);
  st.opt.onDecision?.({ kind: 'cancel', atMin: st.clock, flightId, depMin });
  const key = instKey(st, f, depMin);
  st.cancelled.add(key);
  const ships = [...(st.aboard.get(key) ?? [])];
  st.aboard.delete(key);
  const touched = new Set<OrderRec>();
  for (const s of ships) {
    const o = s.order;
    touched.add(o);
    // Legs already flown stay; the product continues from where it is (or will be) when the next leg leaves.
    let k = 0;
    while (k < s.legs.length && s.legs[k].dep <= nowMin) k++;
    book(st, s, k, -1);
    o.ships.splice(o.ships.indexOf(s), 1);
    if (k === 0) {
      const placed = placeFresh(st, o, s.qty, Math.max(nowMin, o.order.releaseMin));
      o.missing += s.qty - placed;
      continue;
    }
    o.missing += continueFrom(st, s, s.legs.slice(0, k), nowMin);
    // The flown legs now carry the continuations instead.
    for (let i = 0; i < k; i++) st.aboard.get(instKey(st, s.legs[i].f, s.legs[i].dep))?.delete(s);
  }
  const affected = [...touched].map((o) => refresh(st, o));
  return { ok: true as const, affected };
}

/** Re-routes a shipment's products from where its flown legs (prefix) leave them; returns how many are left. */
function continueFrom(st: EngineState, s: ShipRec, prefix: LegRec[], nowMin: number): number {
  const o = s.order;
  const k = prefix.length;
  const at = st.net.fDest[prefix[k - 1].f];
  const since = arrOf(st, prefix[k - 1]);
  const start: Start = { airport: at, time: since, fromStock: false };
  let left = s.qty;
  for (const limit of [deadlineOf(st, o), lateLimit(st, o)]) {
    while (left > 0) {
      const r = search(st, [start], o.dest, limit);
      if (!r) break;
      const q = Math.min(left, r.cap);
      const legs = [...prefix, ...r.legs];
      const ns: ShipRec = {
        order: o,
        qty: q,
        source: s.source,
        legs,
        out: publicShipment(st, o, q, s.source, legs),
      };
      book(st, ns, k, 1);
      for (let i = 0; i < k; i++) st.aboard.get(instKey(st, prefix[i].f, prefix[i].dep))?.add(ns);
      o.ships.push(ns);
      left -= q;
    }
    if (left === 0) break;
    o.cause ??= diagnose(st, o, nowMin);
  }
  if (left > 0) {
    // They flew the prefix and wait where it left them: the plan keeps them on those flights.
    const out: Shipment = { ...publicShipment(st, o, left, s.source, prefix), stranded: true };
    const ns: ShipRec = { order: o, qty: left, source: s.source, legs: prefix, out };
    for (const l of prefix) st.aboard.get(instKey(st, l.f, l.dep))?.add(ns);
    o.ships.push(ns);
  }
  return left;
}

/** Moves the clock: orders finished more than KEEP_DAYS ago and older pages are archived. */
export function advance(st: EngineState, nowMin: number): void {
  const cutDay = Math.floor(nowMin / DAY_MIN) - KEEP_DAYS;
  if (cutDay > st.archivedBeforeDay) archive(st, cutDay);
}

/** Once a day: kept apart from advance(), which every order calls, so that each compiles on its own. */
function archive(st: EngineState, cutDay: number): void {
  st.archivedBeforeDay = cutDay;
  const cutMin = cutDay * DAY_MIN;
  const done: OrderOutcome[] = [];
  for (const [key, o] of st.hot) {
    if (finishedBefore(st, o, cutMin)) {
      st.hot.delete(key);
      st.replanned.delete(o);
      // Its shipments leave the repair index too, or it would grow with every shipment ever booked.
      for (const sh of o.ships) for (const a of stops(st, sh)) st.present[a].delete(sh);
      done.push(o.outcome);
    }
  }
  for (const t of st.wh) t.dropBefore(cutDay);
  st.loads.dropBefore(cutDay);
  for (const key of st.aboard.keys()) if (Math.floor(key / st.F) < cutDay) st.aboard.delete(key);
  for (const key of st.cancelled) if (Math.floor(key / st.F) < cutDay) st.cancelled.delete(key);
  if (done.length > 0) st.opt.onArchive?.(done);
}

/** Whether an order's deadline and every product's pickup are over before cutMin. */
function finishedBefore(st: EngineState, o: OrderRec, cutMin: number): boolean {
  const away = awayDeadline(st, o);
  // Most hot orders are recent: their deadline alone keeps them.
  if (away >= cutMin) return false;
  let lastReady = 0;
  for (const s of o.ships) lastReady = Math.max(lastReady, arrOf(st, s.legs[s.legs.length - 1]) + st.pickup);
  return Math.max(lastReady, away) < cutMin;
}
