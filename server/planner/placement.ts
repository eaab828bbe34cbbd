import { bestShort, search } from './search';
import { arrOf, type EngineState, LATE_SLACK_MIN, newShip, type OrderRec, type Start } from './state';
import type { PlannerParams } from './types';

// ---------------------------------------------------------------- the deadline rule

/**
 * DOMAIN.md: an order is due 48 h after its release when every product leaves a sede on its destination's
 * continent (home), else 72 h. Every deadline of the engine comes from here.
 */
export const deadlineFor = (params: PlannerParams, releaseMin: number, home: boolean): number =>
  releaseMin + (home ? params.deadlineSameContinentMin : params.deadlineOtherContinentMin);

/** Whether some product of the order already leaves a sede on another continent (the order then has 72 h). */
export function hasOtherSource(st: EngineState, o: OrderRec): boolean {
  const continent = st.net.continent;
  for (const s of o.ships) if (continent[s.source] !== continent[o.dest]) return true;
  return false;
}

/** The deadline of more products from a home sede: 48 h while nothing of the order comes from away. */
export const homeDeadline = (st: EngineState, o: OrderRec): number =>
  deadlineFor(st.params, o.order.releaseMin, !hasOtherSource(st, o));

/** The deadline of products from another continent's sede (and the longest an order can have). */
export const awayDeadline = (st: EngineState, o: OrderRec): number =>
  deadlineFor(st.params, o.order.releaseMin, false);

/** Until when a product that cannot be on time is still delivered (late) rather than left unrouted. */
export const lateLimit = (st: EngineState, o: OrderRec): number => awayDeadline(st, o) + LATE_SLACK_MIN;

/** The order's deadline from its actual sources (before any is booked: 48 h when it has a home sede). */
export function deadlineOf(st: EngineState, o: OrderRec): number {
  const home = o.ships.length > 0 ? !hasOtherSource(st, o) : st.sameSedes[o.dest].length > 0;
  return deadlineFor(st.params, o.order.releaseMin, home);
}

/** Whether every product of the order is placed and ready by its deadline. */
export function onTime(st: EngineState, o: OrderRec): boolean {
  const deadline = deadlineOf(st, o);
  for (const s of o.ships) if (arrOf(st, s.legs[s.legs.length - 1]) + st.pickup > deadline) return false;
  return o.missing === 0;
}

// ---------------------------------------------------------------- placement

/** Stages tried in turn: 1 direct flights, 2 two legs protecting direct flights' room, 3 two legs, 4 any route. */
const LEG_STAGES = [1, 2, 3, 4];
/** Start delays (min) tried in turn by the any-route search. */
const START_DELAYS = [0, 360, 720, 1440, 2160];

/** Routes up to qty fresh products of an order from the given sedes; returns how many were placed. */
export function routeFromStock(
  st: EngineState,
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
    let r = bestShort(st, sources, o.dest, t0, deadline, maxLegs);
    // Earliest-arrival labels can strand a product before a full warehouse: later starts arrive later
    // at the transit airports and may pass where the earliest one could not wait.
    for (let k = 0; !r && maxLegs > 3 && k < START_DELAYS.length; k++) {
      const starts: Start[] = [];
      for (const s of sources) starts.push({ airport: s, time: t0 + START_DELAYS[k], fromStock: true });
      r = search(st, starts, o.dest, deadline);
    }
    if (!r) break;
    const q = Math.min(left, r.cap);
    newShip(st, o, q, r.source, r.legs);
    left -= q;
  }
  return qty - left;
}

/** Earliest arrival over every sede at once, each with its own deadline (home 48 h while possible, away 72 h). */
function routeJoint(st: EngineState, o: OrderRec, qty: number, t0: number, maxLegs: number): number {
  let left = qty;
  const away = awayDeadline(st, o);
  // A finite direct bonus makes the first stage weigh two-leg routes too.
  const bonus = st.opt.directBonusMin;
  const legs = maxLegs === 1 && bonus !== Number.POSITIVE_INFINITY ? 3 : maxLegs;
  while (left > 0) {
    const r = bestShort(st, st.net.sedes, o.dest, t0, away, legs, homeDeadline(st, o), bonus);
    if (!r) break;
    const q = Math.min(left, r.cap);
    newShip(st, o, q, r.source, r.legs);
    left -= q;
  }
  return qty - left;
}

/**
 * Places up to qty fresh products on time, cheapest routes first across all sedes: direct flights (one seat,
 * no transit dwell), then two legs, then any route (home sede first there). Once one product comes from
 * another continent the whole order has 72 h and the home sede may serve the rest with 72 h too.
 * Returns how many were placed.
 */
export function placeOnTime(st: EngineState, o: OrderRec, qty: number, t0: number, maxStage = 4): number {
  const d = o.dest;
  let left = qty;
  for (const maxLegs of LEG_STAGES) {
    if (maxLegs > maxStage || left === 0) break;
    if (maxLegs < 4) {
      left -= routeJoint(st, o, left, t0, maxLegs);
      continue;
    }
    const away = awayDeadline(st, o);
    if (!hasOtherSource(st, o))
      left -= routeFromStock(st, o, left, st.sameSedes[d], t0, homeDeadline(st, o), 4);
    if (left > 0) left -= routeFromStock(st, o, left, st.otherSedes[d], t0, away, 4);
    if (left > 0 && hasOtherSource(st, o)) left -= routeFromStock(st, o, left, st.sameSedes[d], t0, away, 4);
  }
  return qty - left;
}
