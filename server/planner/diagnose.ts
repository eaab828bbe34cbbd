import { DAY_MIN } from './network';
import { awayDeadline, homeDeadline } from './placement';
import {
  type EngineState,
  firstDep,
  flightResidual,
  NONE,
  type OrderRec,
  occupies,
  whResidual,
} from './state';
import type { FailureCause } from './types';

const stamp = (t: number) => new Date(t * 60_000).toISOString().slice(0, 16).replace('T', ' ');
const pct = (part: number, whole: number) => `${Math.round((100 * part) / Math.max(1, whole))} %`;

/**
 * Why an order cannot be on time, as of its decision instant t0. Walks every route the planner's one- and
 * two-leg stages may take (every instance of each leg, every connecting instance of the second one) from each
 * sede, each sede with the order's own deadline (48 h from a sede on the destination's continent while none of
 * its products comes from elsewhere, else 72 h), and records what blocks each: full flight instances, full
 * warehouses (transit wait or pickup window). The binding resource is the one that blocks the larger share of
 * those routes (a route blocked by both counts for both). Longer routes, which the any-route search also
 * tried, are not counted. A warehouse is said full "desde" an instant only when it has been full without a
 * break from then until the window that blocks (an instant at or before t0); otherwise the message gives the
 * future instant at which what is already planned fills it.
 * Cost: sedes × intermediate airports × instances of the first leg (≤ 4 a day) × instances of the second,
 * each an O(1) seat check and O(16 + span/16) warehouse range maxima.
 */
export function diagnose(st: EngineState, o: OrderRec, t0: number): FailureCause {
  const { net, n, pickup, conn } = st;
  const d = o.dest;
  const full = new Set<string>();
  const whBlocks = new Map<number, number>();
  /** Blocking spans per warehouse, flat [from, to] pairs: the earliest full instant is found for one only. */
  const whSpans = new Map<number, number[]>();
  let seatRoutes = 0;
  let whRoutes = 0;
  let routes = 0;
  const seatFull = (f: number, dep: number) => {
    if (flightResidual(st, f, dep) > 0) return false;
    if (full.size < 50) full.add(`${net.flightIds[f]}@${dep}`);
    return true;
  };
  /** Whether warehouse a is full somewhere in [from, to); counts it once per route. */
  const whFull = (a: number, from: number, to: number, counted: Set<number>) => {
    if (whResidual(st, a, from, to) > 0) return false;
    if (!counted.has(a)) {
      counted.add(a);
      whBlocks.set(a, (whBlocks.get(a) ?? 0) + 1);
    }
    let list = whSpans.get(a);
    if (!list) {
      list = [];
      whSpans.set(a, list);
    }
    list.push(from, to);
    return true;
  };
  const counted = new Set<number>();
  /** One route: its flights and the warehouse spans it waits in. */
  const route = (legs: [number, number][], spans: [number, number, number][]) => {
    routes++;
    let seats = false;
    for (const [f, dep] of legs) if (seatFull(f, dep)) seats = true;
    counted.clear();
    let rooms = false;
    for (const [a, from, to] of spans) if (whFull(a, from, to, counted)) rooms = true;
    if (seats) seatRoutes++;
    if (rooms) whRoutes++;
  };
  const home = homeDeadline(st, o);
  const away = awayDeadline(st, o);
  for (const s of net.sedes) {
    const deadline = net.continent[s] === net.continent[d] ? home : away;
    const latestArr = deadline - pickup;
    for (let x = 0; x < n; x++) {
      if (x === s) continue;
      for (const f1 of net.direct[s * n + x]) {
        for (let dep1 = firstDep(st, f1, t0); dep1 + net.fDur[f1] <= latestArr; dep1 += DAY_MIN) {
          const a1 = dep1 + net.fDur[f1];
          if (x === d) {
            route([[f1, dep1]], [[d, a1, a1 + pickup]]);
            continue;
          }
          for (const f2 of net.direct[x * n + d]) {
            for (let dep2 = firstDep(st, f2, a1 + conn); dep2 + net.fDur[f2] <= latestArr; dep2 += DAY_MIN) {
              const a2 = dep2 + net.fDur[f2];
              const spans: [number, number, number][] = [[d, a2, a2 + pickup]];
              if (occupies(st, x)) spans.unshift([x, a1, dep2]);
              route(
                [
                  [f1, dep1],
                  [f2, dep2],
                ],
                spans,
              );
            }
          }
        }
      }
    }
  }
  const code = net.codes[d];
  const flights = [...full];
  const deadlines =
    st.sameSedes[d].length > 0 && home < away
      ? 'Plazo: 48 h desde una sede de su continente, 72 h desde las demás.'
      : 'Plazo: 72 h.';
  if (routes === 0)
    return {
      kind: 'no-route',
      message: `Ninguna ruta de uno o dos vuelos llega a ${code} a tiempo. ${deadlines}`,
    };
  const blocked = { routes, byFlights: seatRoutes, byWarehouses: whRoutes };
  let worst = NONE;
  for (const [a, c] of whBlocks) if (worst === NONE || c > whBlocks.get(worst)!) worst = a;
  const of = `de las ${routes} rutas a tiempo de uno o dos vuelos a ${code}`;
  const worstAt = worst === NONE ? NONE : firstFull(st, worst, whSpans.get(worst)!);
  const warehousePart = () =>
    `${net.codes[worst]} (${net.capacity[worst]} productos) ${fullSince(st, worst, worstAt, t0)}`;
  if (worst !== NONE && whRoutes >= seatRoutes) {
    const w = net.codes[worst];
    return {
      kind: 'warehouse',
      airport: w,
      atMin: worstAt,
      flights,
      blocked,
      message:
        `Almacenes llenos: bloquean ${whRoutes} ${of} (${pct(whRoutes, routes)}); el de ${warehousePart()}, ` +
        `${whBlocks.get(worst)} de ellas. Vuelos llenos: ${seatRoutes} (${pct(seatRoutes, routes)}). ${deadlines}`,
    };
  }
  if (seatRoutes > 0) {
    const first = Math.min(...flights.map((k) => Number(k.split('@')[1])));
    return {
      kind: 'flights',
      atMin: first,
      flights,
      blocked,
      message:
        `Vuelos llenos: bloquean ${seatRoutes} ${of} (${pct(seatRoutes, routes)}). ` +
        (worst !== NONE
          ? `Almacenes llenos: ${whRoutes} (${pct(whRoutes, routes)}), sobre todo el de ${warehousePart()}. `
          : 'Ningún almacén lleno en ellas. ') +
        deadlines,
    };
  }
  return {
    kind: 'no-route',
    message: `Las ${routes} rutas a tiempo de uno o dos vuelos a ${code} no tienen un vuelo ni un almacén lleno, pero tampoco sitio para el resto del pedido. ${deadlines}`,
  };
}

/** The earliest instant warehouse a is full within any of its blocking spans. */
function firstFull(st: EngineState, a: number, spans: number[]): number {
  const order: number[] = [];
  for (let i = 0; i < spans.length; i += 2) order.push(i);
  order.sort((i, j) => spans[i] - spans[j]);
  let best = Number.POSITIVE_INFINITY;
  for (const i of order) {
    if (spans[i] >= best) break;
    const at = st.wh[a].firstAtLeast(spans[i], Math.min(spans[i + 1], best), st.net.capacity[a]);
    if (at >= 0) best = at;
  }
  return best;
}

/**
 * When warehouse a is full at instant at (≥ t0): "desde" the start of its unbroken full spell when that spell
 * began at or before t0 (what was full at the decision), else the future instant what is planned fills it.
 */
function fullSince(st: EngineState, a: number, at: number, t0: number): string {
  const cap = st.net.capacity[a];
  const t = st.wh[a];
  const oldest =
    st.archivedBeforeDay > Number.NEGATIVE_INFINITY ? st.archivedBeforeDay * DAY_MIN : t0 - 3 * DAY_MIN;
  let start = at;
  while (start > oldest && t.at(start - 1) >= cap) start--;
  if (start > t0) return `se llena a partir del ${stamp(start)} UTC con lo ya planificado`;
  if (start <= oldest) return `está lleno desde antes del ${stamp(oldest)} UTC`;
  return `está lleno desde el ${stamp(start)} UTC`;
}
