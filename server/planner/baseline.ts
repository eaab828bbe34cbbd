import { awayDeadline, hasOtherSource, homeDeadline, lateLimit } from './placement';
import { search } from './search';
import { arrOf, type EngineState, newShip, type OrderRec, type Route, type Start } from './state';

/**
 * The baseline every default of the planner is judged against: a plain earliest-arrival greedy. Each order,
 * in release order, takes the route that arrives first over the time-expanded network with capacities (any
 * number of legs, from any sede, each sede with the order's own deadline: 48 h from its continent's sedes while
 * nothing comes from elsewhere, else 72 h), splitting when the route fills; no protection of anyone's room, no
 * moving of earlier orders. Products with no on-time route go late (up to the late limit) or stay unrouted.
 * Engine option `baseline: true` plans with it (createPlanner(network, params, { baseline: true })).
 * Cost per order: one or two label-setting searches (airports × their outgoing flights × deadline days) per
 * route it takes.
 */
export function placeBaseline(st: EngineState, o: OrderRec, qty: number, t0: number): number {
  let left = qty;
  let late = false;
  while (left > 0) {
    const r = late ? lateRoute(st, o, t0) : earliestOnTime(st, o, t0);
    if (!r) {
      if (late) break;
      late = true;
      continue;
    }
    const q = Math.min(left, r.cap);
    newShip(st, o, q, r.source, r.legs);
    left -= q;
  }
  return qty - left;
}

const stock = (sedes: number[], t0: number): Start[] =>
  sedes.map((airport) => ({ airport, time: t0, fromStock: true }));

/** The earlier of the best route from the home sedes (their deadline) and from the others (72 h). */
function earliestOnTime(st: EngineState, o: OrderRec, t0: number): Route | null {
  const d = o.dest;
  const away = search(st, stock(st.otherSedes[d], t0), d, awayDeadline(st, o));
  const homeLimit = hasOtherSource(st, o) ? awayDeadline(st, o) : homeDeadline(st, o);
  const home = st.sameSedes[d].length > 0 ? search(st, stock(st.sameSedes[d], t0), d, homeLimit) : null;
  if (!home) return away;
  if (!away) return home;
  const arr = (r: Route) => arrOf(st, r.legs[r.legs.length - 1]);
  return arr(home) <= arr(away) ? home : away;
}

function lateRoute(st: EngineState, o: OrderRec, t0: number): Route | null {
  return search(st, stock(st.net.sedes, t0), o.dest, lateLimit(st, o));
}
