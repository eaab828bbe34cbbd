import { DAY_MIN } from './network';
import { awayDeadline } from './placement';
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

/**
 * Why an order cannot be on time. Walks every route of one or two legs from any sede that would be ready
 * within 72 h and records what blocks each: a full flight instance, or a full warehouse (transit wait or
 * pickup window). The resource blocking most routes is the binding cause; full flights are listed too.
 */
export function diagnose(st: EngineState, o: OrderRec, t0: number): FailureCause {
  const { net, n, wh, pickup, conn } = st;
  const d = o.dest;
  const latestArr = awayDeadline(st, o) - pickup;
  const full = new Set<string>();
  const whBlocks = new Map<number, number>();
  const whAt = new Map<number, number>();
  let seatBlocks = 0;
  let routes = 0;
  const fullFlight = (f: number, dep: number) => {
    if (flightResidual(st, f, dep) > 0) return false;
    seatBlocks++;
    if (full.size < 50) full.add(`${net.flightIds[f]}@${dep}`);
    return true;
  };
  const fullWarehouse = (a: number, from: number, to: number) => {
    if (whResidual(st, a, from, to) > 0) return false;
    whBlocks.set(a, (whBlocks.get(a) ?? 0) + 1);
    const at = wh[a].firstAtLeast(from, to, net.capacity[a]);
    if (at >= 0 && at < (whAt.get(a) ?? Number.POSITIVE_INFINITY)) whAt.set(a, at);
    return true;
  };
  for (const s of net.sedes) {
    for (let x = 0; x < n; x++) {
      if (x === s) continue;
      for (const f1 of net.direct[s * n + x]) {
        for (let dep1 = firstDep(st, f1, t0); dep1 + net.fDur[f1] <= latestArr; dep1 += DAY_MIN) {
          const a1 = dep1 + net.fDur[f1];
          if (x === d) {
            routes++;
            if (!fullFlight(f1, dep1)) fullWarehouse(d, a1, a1 + pickup);
            continue;
          }
          for (const f2 of net.direct[x * n + d]) {
            const dep2 = firstDep(st, f2, a1 + conn);
            const a2 = dep2 + net.fDur[f2];
            if (a2 > latestArr) continue;
            routes++;
            if (fullFlight(f1, dep1) || fullFlight(f2, dep2)) continue;
            if (occupies(st, x) && fullWarehouse(x, a1, dep2)) continue;
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
