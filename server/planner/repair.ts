import { DAY_MIN } from './network';
import { refresh } from './outcome';
import { awayDeadline, hasOtherSource, homeDeadline, onTime, placeOnTime } from './placement';
import {
  arrOf,
  type EngineState,
  firstDep,
  flightResidual,
  instKey,
  newShip,
  type OrderRec,
  occupies,
  type Route,
  removeShip,
  restoreShip,
  routeCap,
  type ShipRec,
  whResidual,
} from './state';

/** Route stage allowed for moved products (3 = at most two legs). */
const REPAIR_MAX_STAGE = 3;

/**
 * Re-planning of earlier decisions: when an order cannot be on time, take routes of one or two legs that
 * are blocked only by one full flight or one full warehouse, move products of other on-time orders still at
 * their sede out of the way onto other on-time routes, and give the freed room to this order. Every move is
 * undone unless both orders end on time. Returns how many products were placed.
 */
export function repair(st: EngineState, o: OrderRec, qty: number, t0: number): number {
  const { opt, aboard, present } = st;
  let left = qty;
  const d = o.dest;
  const tries: [number[], number][] = [];
  if (!hasOtherSource(st, o)) tries.push([st.sameSedes[d], homeDeadline(st, o)]);
  tries.push([st.otherSedes[d], awayDeadline(st, o)]);
  const candidates: Route[] = [];
  for (const [sources, deadline] of tries) blockedRoutes(st, sources, d, t0, deadline, candidates);
  // Full flights first (moving products off a flight rarely needs more room elsewhere), then by arrival.
  const rank = (c: Route) => (c.block && 'f' in c.block ? 0 : 1);
  candidates.sort(
    (a, b) =>
      rank(a) - rank(b) || arrOf(st, a.legs[a.legs.length - 1]) - arrOf(st, b.legs[b.legs.length - 1]),
  );
  const movable = (v: ShipRec) =>
    v.order !== o && v.legs[0].dep > st.clock && v.order.outcome.status === 'onTime';
  let attempts = 0;
  let moves = 0;
  for (const cand of candidates) {
    if (left === 0 || attempts >= opt.repairCandidates || moves >= opt.repairMoves) break;
    attempts++;
    const block = cand.block;
    if (!block) continue;
    let pool: ShipRec[];
    if ('f' in block) {
      const key = instKey(st, block.f, block.dep);
      if (st.cancelled.has(key)) continue;
      pool = [...(aboard.get(key) ?? [])].filter(movable);
    } else {
      pool = [];
      for (const v of present[block.airport])
        if (movable(v) && staysDuring(st, v, block.airport, block.from, block.to)) pool.push(v);
    }
    const victims = pool.sort((a, b) => b.qty - a.qty).slice(0, opt.repairVictims);
    for (const v of victims) {
      if (left === 0 || moves >= opt.repairMoves) break;
      moves++;
      st.journal = [];
      removeShip(st, v);
      const cap = routeCap(st, cand.legs, t0, true);
      let ok = false;
      if (cap > 0) {
        newShip(st, o, Math.min(left, cap), cand.source, cand.legs);
        const p = v.order;
        const placed = placeOnTime(st, p, v.qty, Math.max(st.clock, p.order.releaseMin), REPAIR_MAX_STAGE);
        ok = placed === v.qty && onTime(st, p);
      }
      if (ok) {
        left -= st.journal[0].qty;
        st.journal = null;
        refresh(st, v.order);
        st.replanned.add(v.order);
      } else {
        for (const s of st.journal.reverse()) removeShip(st, s);
        st.journal = null;
        restoreShip(st, v);
      }
    }
  }
  return qty - left;
}

/** Whether a shipment sits in airport a's warehouse at some instant of [from, to). */
function staysDuring(st: EngineState, v: ShipRec, a: number, from: number, to: number): boolean {
  const { net } = st;
  const legs = v.legs;
  for (let i = 1; i < legs.length; i++) {
    if (net.fOrigin[legs[i].f] === a && arrOf(st, legs[i - 1]) < to && legs[i].dep > from) return true;
  }
  const last = legs[legs.length - 1];
  const arr = arrOf(st, last);
  return net.fDest[last.f] === a && arr < to && arr + st.pickup > from;
}

/** On-time routes of one or two legs whose only obstacle is one full flight instance or one full warehouse. */
function blockedRoutes(
  st: EngineState,
  sources: number[],
  d: number,
  t0: number,
  deadline: number,
  out: Route[],
): void {
  const { net, n, pickup, conn } = st;
  const latestArr = deadline - pickup;
  const full = (a: number, from: number, to: number) => whResidual(st, a, from, to) <= 0;
  for (const s of sources) {
    for (const f of net.direct[s * n + d]) {
      for (let dep = firstDep(st, f, t0); dep + net.fDur[f] <= latestArr; dep += DAY_MIN) {
        const arr = dep + net.fDur[f];
        const seats = flightResidual(st, f, dep) <= 0;
        const room = full(d, arr, arr + pickup);
        if (seats === room) continue;
        const block = seats ? { f, dep } : { airport: d, from: arr, to: arr + pickup };
        out.push({ source: s, legs: [{ f, dep }], cap: 0, block });
      }
    }
    for (let x = 0; x < n; x++) {
      if (x === s || x === d) continue;
      for (const f1 of net.direct[s * n + x]) {
        for (let dep1 = firstDep(st, f1, t0); dep1 + net.fDur[f1] <= latestArr; dep1 += DAY_MIN) {
          const a1 = dep1 + net.fDur[f1];
          const full1 = flightResidual(st, f1, dep1) <= 0;
          for (const f2 of net.direct[x * n + d]) {
            const dep2 = firstDep(st, f2, a1 + conn);
            const a2 = dep2 + net.fDur[f2];
            if (a2 > latestArr) continue;
            const full2 = flightResidual(st, f2, dep2) <= 0;
            const fullX = occupies(st, x) && full(x, a1, dep2);
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
