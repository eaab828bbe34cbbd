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

/**
 * The earliest on-time route: one search from every sede with the longest deadline; a home sede's route that
 * would only meet 72 h while the order still has 48 h is replaced by the best route from the other sedes.
 */
function earliestOnTime(st: EngineState, o: OrderRec, t0: number): Route | null {
  const d = o.dest;
  const away = awayDeadline(st, o);
  const r = search(st, stock(st.net.sedes, t0), d, away);
  if (!r || hasOtherSource(st, o) || st.net.continent[r.source] !== st.net.continent[d]) return r;
  if (arrOf(st, r.legs[r.legs.length - 1]) + st.pickup <= homeDeadline(st, o)) return r;
  return st.otherSedes[d].length > 0 ? search(st, stock(st.otherSedes[d], t0), d, away) : null;
}

function lateRoute(st: EngineState, o: OrderRec, t0: number): Route | null {
  return search(st, stock(st.net.sedes, t0), o.dest, lateLimit(st, o));
}
