import { DAY_MIN } from './network';
import { minuteOfDay } from './reach';
import {
  type EngineState,
  firstDep,
  flightResidual,
  type LegRec,
  NONE,
  occupies,
  pickupPressure,
  type Route,
  routeCap,
  type Start,
  whResidual,
} from './state';

/**
 * Room a two-leg product must leave at airport a over [from, to): for each direct sede flight landing at a
 * whose pickup window overlaps [from, to) and still departs after the clock, its free seats (capped by the
 * room its window has). The largest such need is kept.
 */
function directNeed(st: EngineState, a: number, from: number, to: number): number {
  const { net, pickup, clock } = st;
  let need = 0;
  const list = st.sedeInbound[a];
  for (let i = 0; i < list.length; i++) {
    const f = list[i];
    const dur = net.fDur[f];
    // Instances landing in (from - pickup, to): their window [T, T + pickup) overlaps [from, to).
    for (let dep = firstDep(st, f, from - pickup - dur + 1); dep + dur < to; dep += DAY_MIN) {
      if (dep <= clock) continue;
      const seats = flightResidual(st, f, dep);
      if (seats <= need) continue;
      const T = dep + dur;
      const room = whResidual(st, a, T, T + pickup);
      const v = Math.min(seats, room);
      if (v > need) need = v;
    }
  }
  return need;
}

/**
 * Best on-time route of one or two legs from the sources (products leaving stock at t0 or later).
 * Direct flights come first: they use one seat per product and no transit warehouse. Two-leg routes are
 * enumerated exactly (every first-leg instance, the first feasible connecting instance of each second leg),
 * ranked by arrival plus a charge per minute of transit wait (warehouse use). maxLegs 2 is the protected
 * two-leg stage (protectDirect), 3 the plain one.
 */
export function bestShort(
  st: EngineState,
  sources: number[],
  d: number,
  t0: number,
  deadline: number,
  maxLegs: number,
  /** When given, the deadline of sources on d's continent (the others keep `deadline`). */
  homeDeadline?: number,
  /**
   * Minutes of arrival a direct flight is worth over two legs: a two-leg route is taken only when it arrives
   * that much earlier (infinite: a direct flight whenever one is on time).
   */
  directBonus = Number.POSITIVE_INFINITY,
): Route | null {
  const { net, n, wh, pickup, conn } = st;
  let bestScore = Number.POSITIVE_INFINITY;
  let bS = NONE;
  let bF1 = NONE;
  let bDep1 = 0;
  let bF2 = NONE;
  let bDep2 = 0;
  let bCap = 0;
  const capD = net.capacity[d];
  // Like the transit costs: while pickups take little of the network, every route serves as it comes.
  const pressure = pickupPressure(st);
  const support = pressure > 0 ? st.opt.routeSupport : null;
  const directs = support?.directs ?? null;
  for (const s of sources) {
    const latestArr =
      (homeDeadline !== undefined && net.continent[s] === net.continent[d] ? homeDeadline : deadline) -
      pickup;
    const flights = net.direct[s * n + d];
    for (let j = 0; j < flights.length; j++) {
      const f = flights[j];
      const dur = net.fDur[f];
      const off = directs === null || directs.has(f) ? 0 : support!.penaltyMin;
      if (off === Number.POSITIVE_INFINITY) continue;
      for (let dep = firstDep(st, f, t0); dep + dur <= latestArr; dep += DAY_MIN) {
        const arr = dep + dur;
        if (arr + off >= bestScore) break;
        const seats = flightResidual(st, f, dep);
        if (seats <= 0) continue;
        const room = capD - wh[d].max(arr, arr + pickup);
        if (room <= 0) continue;
        bestScore = arr + off;
        bS = s;
        bF1 = f;
        bDep1 = dep;
        bCap = Math.min(seats, room);
        break;
      }
    }
  }
  const direct: Route | null =
    bF1 === NONE ? null : { source: bS, legs: [{ f: bF1, dep: bDep1 }], cap: bCap };
  if (maxLegs < 2 || (direct && directBonus === Number.POSITIVE_INFINITY)) return direct;
  if (direct) bestScore -= directBonus;
  const protect = maxLegs === 2 && st.opt.protectDirect;
  const waitCost = st.opt.transitWaitCost + st.opt.transitPressureCost * pressure;
  const loadCost = st.opt.transitLoadCost * pressure;
  const F = st.F;
  // Lower bounds on a1 + conn + minSecond from the timetable alone: where no first-leg instance could pass the
  // scan's own cut-offs below, the intermediate (or the whole source) is skipped unseen.
  const m0 = minuteOfDay(t0);
  const start = Math.floor(t0) + conn;
  for (const s of sources) {
    const latestArr =
      (homeDeadline !== undefined && net.continent[s] === net.continent[d] ? homeDeadline : deadline) -
      pickup;
    const viaBound = start + st.reach.via(s, d)[m0];
    if (viaBound > latestArr || viaBound >= bestScore) continue;
    const hubs = st.reach.hubs(s, d);
    const reachX = st.reach.from(s);
    const row = m0 * n;
    for (let h = 0; h < hubs.length; h++) {
      const x = hubs[h];
      const first = net.direct[s * n + x];
      const second = net.direct[x * n + d];
      const minSecond = net.minDur[x * n + d];
      const bound = start + reachX[row + x] + minSecond;
      if (bound > latestArr || bound >= bestScore) continue;
      const capX = net.capacity[x];
      const countsX = occupies(st, x);
      for (let i = 0; i < first.length; i++) {
        const f1 = first[i];
        const dur1 = net.fDur[f1];
        for (let dep1 = firstDep(st, f1, t0); ; dep1 += DAY_MIN) {
          const a1 = dep1 + dur1;
          if (a1 + conn + minSecond > latestArr) break;
          if (a1 + conn + minSecond >= bestScore) break;
          const seats1 = flightResidual(st, f1, dep1);
          if (seats1 <= 0) continue;
          for (let j = 0; j < second.length; j++) {
            const f2 = second[j];
            const dur2 = net.fDur[f2];
            const off = support === null || support.pairs.has(f1 * F + f2) ? 0 : support.penaltyMin;
            if (off === Number.POSITIVE_INFINITY) continue;
            for (let dep2 = firstDep(st, f2, a1 + conn); dep2 + dur2 <= latestArr; dep2 += DAY_MIN) {
              const a2 = dep2 + dur2;
              const score = a2 + off + waitCost * (dep2 - a1);
              if (score >= bestScore) break;
              const seats2 = flightResidual(st, f2, dep2);
              if (seats2 <= 0) continue;
              // A longer wait needs more room: once the transit warehouse blocks, later instances do too.
              let roomX = countsX ? capX - wh[x].max(a1, dep2) : seats2;
              if (roomX <= 0) break;
              // The wait weighs more where the transit warehouse is fuller (later instances: longer, fuller).
              const charged = countsX ? score + loadCost * (1 - roomX / capX) * (dep2 - a1) : score;
              if (charged >= bestScore) break;
              let roomD = capD - wh[d].max(a2, a2 + pickup);
              if (roomD <= 0) continue;
              if (protect) {
                roomD -= directNeed(st, d, a2, a2 + pickup);
                if (roomD <= 0) continue;
                if (countsX) {
                  roomX -= directNeed(st, x, a1, dep2);
                  if (roomX <= 0) continue;
                }
              }
              bestScore = charged;
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
  if (bF2 === NONE) return direct;
  return {
    source: bS,
    legs: [
      { f: bF1, dep: bDep1 },
      { f: bF2, dep: bDep2 },
    ],
    cap: bCap,
  };
}

/** Scratch arrays of search(), allocated once per network size. */
const scratch = new WeakMap<
  EngineState,
  {
    label: Float64Array;
    settled: Uint8Array;
    predF: Int32Array;
    predDep: Float64Array;
    rootOf: Int32Array;
    stockStart: Uint8Array;
  }
>();

function scratchOf(st: EngineState) {
  let s = scratch.get(st);
  if (!s) {
    const n = st.n;
    s = {
      label: new Float64Array(n),
      settled: new Uint8Array(n),
      predF: new Int32Array(n),
      predDep: new Float64Array(n),
      rootOf: new Int32Array(n),
      stockStart: new Uint8Array(n),
    };
    scratch.set(st, s);
  }
  return s;
}

/**
 * Earliest-arrival label-setting search over the time-expanded network with capacities:
 * a flight instance needs a free seat, the wait before it a free warehouse slot, the arrival
 * at the destination a free pickup slot. Any number of legs.
 */
export function search(st: EngineState, starts: Start[], d: number, deadline: number): Route | null {
  const { net, n, conn, pickup, clock } = st;
  const { label, settled, predF, predDep, rootOf, stockStart } = scratchOf(st);
  label.fill(Number.POSITIVE_INFINITY);
  settled.fill(0);
  predF.fill(NONE);
  rootOf.fill(NONE);
  stockStart.fill(0);
  for (const s of starts) {
    if (s.time < label[s.airport]) {
      label[s.airport] = s.time;
      rootOf[s.airport] = s.airport;
      stockStart[s.airport] = s.fromStock ? 1 : 0;
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
    // Nothing departs before the decision: a product waiting since before now leaves from now on.
    const earliest = Math.max(isStock ? t : t + conn, clock);
    const waitCounts = !isStock && occupies(st, x);
    const out = net.outgoing[x];
    for (let j = 0; j < out.length; j++) {
      const f = out[j];
      const y = net.fDest[f];
      if (settled[y]) continue;
      const dur = net.fDur[f];
      for (let dep = firstDep(st, f, earliest); dep + dur <= latestArr; dep += DAY_MIN) {
        const arr = dep + dur;
        // Nothing reaching y no earlier than d's label can improve d (legs only add time).
        if (arr >= label[y] || arr >= label[d]) break;
        if (flightResidual(st, f, dep) <= 0) continue;
        // A longer wait only needs more room: the first instance blocked by the warehouse ends the scan.
        if (waitCounts && whResidual(st, x, t, dep) <= 0) break;
        if (y === d && whResidual(st, d, arr, arr + pickup) <= 0) continue;
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
  const cap = routeCap(st, legs, start.time, start.fromStock);
  if (cap <= 0) return null;
  return { source: root, legs, cap };
}
