import { DAY_MIN } from './network';
import type { Network, NetworkFlight, OrderOutcome, PlannerParams, PlanOrder } from './types';
import { DEFAULT_PLANNER_PARAMS } from './types';
import { type FileTimes, fileFlightTimes, fileReleaseTimes, timeMismatches } from './validateTimes';

/**
 * Independent plan checker: recomputes every rule of DOMAIN.md from the network, the orders and the
 * plan alone. It shares no code with the planner's search or bookkeeping on purpose.
 */

export const HARD_KINDS = [
  'unknown-order',
  'missing-outcome',
  'unknown-flight',
  'schedule',
  'time-zone',
  'chain',
  'source',
  'destination',
  'release',
  'connection',
  'cancelled-flight',
  'flight-capacity',
  'warehouse-capacity',
  'quantity',
  'from-stock',
  'status',
] as const;
/** Service failures the plan admits (late or unrouted orders): not rule breaches of the plan itself. */
export const SERVICE_KINDS = ['deadline', 'unshipped'] as const;

export type HardKind = (typeof HARD_KINDS)[number];
export type ServiceKind = (typeof SERVICE_KINDS)[number];
export type ViolationKind = HardKind | ServiceKind;

export interface Violation {
  kind: ViolationKind;
  order?: string;
  flight?: string;
  airport?: string;
  atMin?: number;
  message: string;
}

export interface ValidationReport {
  violations: Violation[];
  byKind: Partial<Record<ViolationKind, number>>;
  /** Count of hard rule breaches (every kind but deadline and unshipped). */
  hard: number;
  /** Highest warehouse occupancy / capacity over all airports and instants. */
  maxWarehouseUse: number;
  /** Highest flight instance load / capacity. */
  maxFlightUse: number;
}

export interface ValidateOptions {
  /** Cancelled flight instances: they must carry nothing. */
  cancelled?: { flightId: string; depMin: number }[];
  /** Cap on stored violations (counts stay exact). */
  maxListed?: number;
  /**
   * The files' local times and offsets: flight times and release instants are then derived by the
   * validator itself (validateTimes.ts), and a network or order converted otherwise is a 'time-zone' breach.
   */
  files?: FileTimes;
}

const DAY = DAY_MIN;
const mod = (a: number, m: number) => ((a % m) + m) % m;

export function validatePlan(
  network: Network,
  orders: PlanOrder[],
  outcomes: OrderOutcome[],
  params: PlannerParams = DEFAULT_PLANNER_PARAMS,
  options: ValidateOptions = {},
): ValidationReport {
  const maxListed = options.maxListed ?? 10_000;
  const violations: Violation[] = [];
  const byKind: Partial<Record<ViolationKind, number>> = {};
  const report = (v: Violation) => {
    byKind[v.kind] = (byKind[v.kind] ?? 0) + 1;
    if (violations.length < maxListed) violations.push(v);
  };

  const airports = new Map(network.airports.map((a) => [a.code, a]));
  const flights = new Map(network.flights.map((f) => [f.id, f]));
  const sedes = new Set(params.sedes.filter((s) => airports.has(s)));
  const cancelled = new Set((options.cancelled ?? []).map((c) => `${c.flightId}@${c.depMin}`));
  const orderByKey = new Map(orders.map((o) => [o.key, o]));
  const seen = new Set<string>();
  const fileFlights = options.files ? fileFlightTimes(options.files) : undefined;
  const fileReleases = options.files ? fileReleaseTimes(options.files) : new Map<string, number>();
  if (options.files)
    for (const m of timeMismatches(network, orders, fileFlights!, fileReleases))
      report({ kind: 'time-zone', ...m });
  /** A leg's UTC departure minute of the day and duration: from the files when given, else the network. */
  const schedule = (f: NetworkFlight) => {
    const t = fileFlights?.get(f.id);
    return t ? { dep: t.depUtc, minutes: t.minutes } : { dep: mod(f.depUtcMin, DAY), minutes: f.durationMin };
  };

  const flightLoad = new Map<string, number>();
  /** Warehouse presence intervals per airport: flat [from, to, qty] triples. */
  const presence = new Map<string, number[]>();
  const present = (airport: string, from: number, to: number, qty: number) => {
    if (to <= from) return;
    let list = presence.get(airport);
    if (!list) {
      list = [];
      presence.set(airport, list);
    }
    list.push(from, to, qty);
  };

  for (const out of outcomes) {
    const order = orderByKey.get(out.key);
    if (!order) {
      report({
        kind: 'unknown-order',
        order: out.key,
        message: `El plan incluye el pedido ${out.key}, que no existe.`,
      });
      continue;
    }
    seen.add(out.key);
    const releaseMin = fileReleases.get(order.key) ?? order.releaseMin;
    const dest = airports.get(order.destination);
    if (sedes.has(order.destination)) {
      if (out.status !== 'fromStock' || out.shipments.length > 0)
        report({
          kind: 'from-stock',
          order: out.key,
          message: `El pedido ${out.key} va a una sede: se atiende desde su stock, sin vuelos.`,
        });
      continue;
    }
    if (out.status === 'fromStock')
      report({ kind: 'from-stock', order: out.key, message: `El pedido ${out.key} no va a una sede.` });

    // Rule 3: the deadline follows from the sources actually used.
    const destContinent = dest?.continent;
    const sameContinent =
      out.shipments.length > 0
        ? out.shipments.every((s) => airports.get(s.source)?.continent === destContinent)
        : [...sedes].some((s) => airports.get(s)?.continent === destContinent);
    const deadline =
      releaseMin + (sameContinent ? params.deadlineSameContinentMin : params.deadlineOtherContinentMin);
    if (out.deadlineMin !== deadline)
      report({
        kind: 'status',
        order: out.key,
        message: `El plazo declarado del pedido ${out.key} no corresponde a sus sedes de origen.`,
      });

    let shipped = 0;
    let late = false;
    for (const s of out.shipments) {
      if (!(s.quantity > 0) || !Number.isInteger(s.quantity))
        report({
          kind: 'quantity',
          order: out.key,
          message: `Envío con cantidad no válida (${s.quantity}).`,
        });
      // Stranded products flew their legs but are not delivered.
      if (!s.stranded) shipped += s.quantity;
      if (!sedes.has(s.source))
        report({ kind: 'source', order: out.key, message: `El origen ${s.source} no es una sede.` });
      if (s.legs.length === 0) {
        report({ kind: 'chain', order: out.key, message: `Un envío del pedido ${out.key} no tiene vuelos.` });
        continue;
      }
      if (s.legs[0].origin !== s.source)
        report({
          kind: 'source',
          order: out.key,
          message: `El primer vuelo no sale de la sede ${s.source}.`,
        });
      if (s.legs[0].depMin < releaseMin)
        report({
          kind: 'release',
          order: out.key,
          atMin: s.legs[0].depMin,
          message: `El pedido ${out.key} sale antes de ser registrado.`,
        });
      let prevArr = Number.NaN;
      for (let i = 0; i < s.legs.length; i++) {
        const leg = s.legs[i];
        const f = flights.get(leg.flightId);
        if (!f || f.origin !== leg.origin || f.destination !== leg.destination) {
          report({
            kind: 'unknown-flight',
            order: out.key,
            flight: leg.flightId,
            message: `Vuelo ${leg.flightId} desconocido.`,
          });
        } else {
          const sched = schedule(f);
          if (mod(leg.depMin, DAY) !== sched.dep || leg.arrMin - leg.depMin !== sched.minutes)
            report({
              kind: 'schedule',
              order: out.key,
              flight: leg.flightId,
              atMin: leg.depMin,
              message: `El tramo ${leg.flightId} no coincide con el horario del vuelo.`,
            });
          const key = `${leg.flightId}@${leg.depMin}`;
          flightLoad.set(key, (flightLoad.get(key) ?? 0) + s.quantity);
          if (cancelled.has(key))
            report({
              kind: 'cancelled-flight',
              order: out.key,
              flight: leg.flightId,
              atMin: leg.depMin,
              message: `El vuelo ${leg.flightId} está cancelado y no puede llevar productos.`,
            });
        }
        if (i > 0) {
          const prev = s.legs[i - 1];
          if (prev.destination !== leg.origin)
            report({
              kind: 'chain',
              order: out.key,
              message: `Los tramos ${prev.flightId} y ${leg.flightId} no enlazan.`,
            });
          if (leg.depMin < prevArr + params.minConnectionMin)
            report({
              kind: 'connection',
              order: out.key,
              airport: leg.origin,
              atMin: leg.depMin,
              message: `Conexión de menos de ${params.minConnectionMin} min en ${leg.origin}.`,
            });
          // Rule 6: transit dwell from arrival to departure (a sede too, by default).
          if (!sedes.has(leg.origin) || params.sedeTransitOccupiesWarehouse)
            present(leg.origin, prevArr, leg.depMin, s.quantity);
        }
        prevArr = leg.arrMin;
      }
      const last = s.legs[s.legs.length - 1];
      if (s.stranded) {
        if (last.destination === order.destination)
          report({
            kind: 'destination',
            order: out.key,
            message: `Un envío de ${out.key} figura varado pero llega a ${order.destination}.`,
          });
        continue;
      }
      if (last.destination !== order.destination)
        report({
          kind: 'destination',
          order: out.key,
          message: `Un envío de ${out.key} no llega a ${order.destination}.`,
        });
      if (
        s.arrivalMin !== last.arrMin ||
        s.readyMin !== last.arrMin + params.pickupMin ||
        s.deadlineMin !== deadline
      )
        report({
          kind: 'status',
          order: out.key,
          message: `Las horas declaradas de un envío de ${out.key} no cuadran.`,
        });
      present(last.destination, last.arrMin, last.arrMin + params.pickupMin, s.quantity);
      if (last.arrMin + params.pickupMin > deadline) {
        late = true;
        report({
          kind: 'deadline',
          order: out.key,
          atMin: last.arrMin + params.pickupMin,
          message: `Productos de ${out.key} listos después del plazo.`,
        });
      }
    }
    if (shipped > order.quantity)
      report({
        kind: 'quantity',
        order: out.key,
        message: `Se envían ${shipped} productos de ${order.quantity}.`,
      });
    if (shipped < order.quantity)
      report({
        kind: 'unshipped',
        order: out.key,
        message: `${order.quantity - shipped} productos de ${out.key} no tienen ruta.`,
      });
    const expected = shipped < order.quantity ? 'unrouted' : late ? 'late' : 'onTime';
    if (out.status !== expected)
      report({
        kind: 'status',
        order: out.key,
        message: `El pedido ${out.key} figura como ${out.status} pero es ${expected}.`,
      });
  }
  for (const o of orders)
    if (!seen.has(o.key))
      report({ kind: 'missing-outcome', order: o.key, message: `El pedido ${o.key} no tiene plan.` });

  // Rule 5: flight capacity per instance.
  let maxFlightUse = 0;
  for (const [key, load] of flightLoad) {
    const [id, dep] = key.split('@');
    const cap = flights.get(id)!.capacity;
    maxFlightUse = Math.max(maxFlightUse, load / cap);
    if (load > cap)
      report({
        kind: 'flight-capacity',
        flight: id,
        atMin: Number(dep),
        message: `El vuelo ${id} lleva ${load} productos (capacidad ${cap}).`,
      });
  }

  // Rule 6: warehouse capacity at every instant (sweep over arrivals and departures).
  let maxWarehouseUse = 0;
  for (const [code, list] of presence) {
    const cap = airports.get(code)?.capacity ?? 0;
    const events: [number, number][] = [];
    for (let i = 0; i < list.length; i += 3) events.push([list[i], list[i + 2]], [list[i + 1], -list[i + 2]]);
    // Half-open intervals: at equal times departures leave before arrivals come in.
    events.sort((a, b) => a[0] - b[0] || a[1] - b[1]);
    let level = 0;
    let over = false;
    for (const [t, delta] of events) {
      level += delta;
      if (cap > 0) maxWarehouseUse = Math.max(maxWarehouseUse, level / cap);
      if (level > cap && !over) {
        report({
          kind: 'warehouse-capacity',
          airport: code,
          atMin: t,
          message: `El almacén de ${code} tiene ${level} productos (capacidad ${cap}).`,
        });
      }
      over = level > cap;
    }
  }

  const hard = HARD_KINDS.reduce((sum, k) => sum + (byKind[k] ?? 0), 0);
  return { violations, byKind, hard, maxWarehouseUse, maxFlightUse };
}

export {
  DECISION_KINDS,
  type DecisionReport,
  type DecisionViolation,
  type DecisionViolationKind,
  validateDecisions,
} from './validateDecisions';
