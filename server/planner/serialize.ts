import type { Network, OrderOutcome, PlannerParams, PlanOrder, Shipment } from './types';
import { DEFAULT_PLANNER_PARAMS } from './types';

const iso = (min: number) => `${new Date(min * 60_000).toISOString().slice(0, 16)}Z`;

/** One shipment as a JSON line (no newline). */
export function shipmentJsonLine(orderKey: string, s: Shipment): string {
  return JSON.stringify({
    order: orderKey,
    qty: s.quantity,
    legs: s.legs.map((l) => ({ flight: l.flightId, dep: iso(l.depMin) })),
    // Products a cancellation left at an intermediate airport: they flew these legs and stop there.
    ...(s.stranded ? { stranded: true } : {}),
  });
}

/** An order's shipments as JSON lines, each ending in a newline ('' when it has none). */
export function outcomeJsonLines(o: OrderOutcome): string {
  let out = '';
  for (const s of o.shipments) out += `${shipmentJsonLine(o.key, s)}\n`;
  return out;
}

/**
 * The plan as JSON lines, one per shipment:
 * {"order":"DEST-seq","qty":N,"legs":[{"flight":"ORIG-DEST-HH:MM","dep":"2025-12-23T14:05Z"}, ...]}
 * Serves the operators' plan download and any outside audit of a plan.
 */
export function planToJsonLines(outcomes: Iterable<OrderOutcome>): string {
  let out = '';
  for (const o of outcomes) out += outcomeJsonLines(o);
  return out;
}

interface ShipmentLine {
  order: string;
  qty: number;
  legs: { flight: string; dep: string }[];
  stranded?: boolean;
}

/**
 * Reads a plan's JSON lines back into outcomes the validator checks (validatePlan): legs take their
 * origin, destination and arrival from the flight plan, each order's deadline and status follow from its
 * shipments. An order without lines is unrouted (or served from stock when it goes to a sede). A line
 * naming an unknown flight keeps the flight id, so the validator reports it.
 */
export function planFromJsonLines(
  text: string,
  network: Network,
  orders: PlanOrder[],
  params: PlannerParams = DEFAULT_PLANNER_PARAMS,
): OrderOutcome[] {
  const flights = new Map(network.flights.map((f) => [f.id, f]));
  const continent = new Map(network.airports.map((a) => [a.code, a.continent]));
  const sedes = new Set(params.sedes);
  const byOrder = new Map<string, Shipment[]>();
  for (const raw of text.split('\n')) {
    if (raw.trim() === '') continue;
    const line = JSON.parse(raw) as ShipmentLine;
    const legs = line.legs.map((l) => {
      const depMin = Date.parse(l.dep) / 60_000;
      const f = flights.get(l.flight);
      const [origin = '', destination = ''] = l.flight.split('-');
      return {
        flightId: l.flight,
        origin: f?.origin ?? origin,
        destination: f?.destination ?? destination,
        depMin,
        arrMin: depMin + (f?.durationMin ?? 0),
      };
    });
    const arrivalMin = legs.length > 0 ? legs[legs.length - 1].arrMin : 0;
    const list = byOrder.get(line.order) ?? [];
    list.push({
      orderKey: line.order,
      quantity: line.qty,
      source: legs[0]?.origin ?? '',
      legs,
      arrivalMin,
      readyMin: arrivalMin + params.pickupMin,
      deadlineMin: 0,
      ...(line.stranded ? { stranded: true as const } : {}),
    });
    byOrder.set(line.order, list);
  }
  return orders.map((o) => {
    const shipments = byOrder.get(o.key) ?? [];
    const dest = continent.get(o.destination);
    const same =
      shipments.length > 0
        ? shipments.every((s) => continent.get(s.source) === dest)
        : [...sedes].some((s) => continent.get(s) === dest);
    const deadlineMin =
      o.releaseMin + (same ? params.deadlineSameContinentMin : params.deadlineOtherContinentMin);
    for (const s of shipments) s.deadlineMin = deadlineMin;
    const shipped = shipments.reduce((n, s) => n + (s.stranded ? 0 : s.quantity), 0);
    const late = shipments.some((s) => !s.stranded && s.readyMin > deadlineMin);
    const status: OrderOutcome['status'] = sedes.has(o.destination)
      ? 'fromStock'
      : shipped < o.quantity
        ? 'unrouted'
        : late
          ? 'late'
          : 'onTime';
    return { ...o, deadlineMin, status, shipments };
  });
}
