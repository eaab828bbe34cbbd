import type { Decision, Shipment } from './types';

/**
 * Time-order audit of a planner's decision log (what validatePlan cannot see in a plan alone):
 * - every product added to a flight instance by a decision at t departs at or after t, and no product is taken
 *   off an instance that departed before t (a flown leg is never released);
 * - a shipment already in its destination's warehouse at t is never re-routed;
 * - a flight instance is cancelled only before it departs (depMin > t), and nothing is booked on it afterwards;
 * - decisions come in time order, and a shipment first seen at t says it was decided at t.
 * Like validatePlan, it shares no code with the planner.
 */
export const DECISION_KINDS = [
  'decision-order',
  'leg-in-past',
  'rerouted-at-destination',
  'cancel-after-takeoff',
  'booked-cancelled',
  'decision-time',
] as const;
export type DecisionViolationKind = (typeof DECISION_KINDS)[number];

export interface DecisionViolation {
  kind: DecisionViolationKind;
  atMin: number;
  order?: string;
  flight?: string;
  message: string;
}

export interface DecisionReport {
  violations: DecisionViolation[];
  byKind: Partial<Record<DecisionViolationKind, number>>;
  decisions: number;
}

const legsKey = (s: Shipment) => `${s.quantity}|${s.legs.map((l) => `${l.flightId}@${l.depMin}`).join('>')}`;

function perInstance(shipments: Shipment[]): Map<string, { qty: number; depMin: number }> {
  const m = new Map<string, { qty: number; depMin: number }>();
  for (const s of shipments)
    for (const l of s.legs) {
      const k = `${l.flightId}@${l.depMin}`;
      const cur = m.get(k);
      if (cur) cur.qty += s.quantity;
      else m.set(k, { qty: s.quantity, depMin: l.depMin });
    }
  return m;
}

export function validateDecisions(log: Decision[]): DecisionReport {
  const violations: DecisionViolation[] = [];
  const byKind: Partial<Record<DecisionViolationKind, number>> = {};
  const report = (v: DecisionViolation) => {
    byKind[v.kind] = (byKind[v.kind] ?? 0) + 1;
    if (violations.length < 1000) violations.push(v);
  };
  const plans = new Map<string, Shipment[]>();
  const cancelled = new Set<string>();
  let last = Number.NEGATIVE_INFINITY;
  for (const d of log) {
    const t = d.atMin;
    if (t < last)
      report({
        kind: 'decision-order',
        atMin: t,
        message: `Una decisión de ${t} llega después de una de ${last}.`,
      });
    last = Math.max(last, t);
    if (d.kind === 'cancel') {
      const k = `${d.flightId}@${d.depMin}`;
      if (d.depMin <= t)
        report({
          kind: 'cancel-after-takeoff',
          atMin: t,
          flight: k,
          message: `El vuelo ${k} se canceló en ${t}, cuando ya había despegado.`,
        });
      cancelled.add(k);
      continue;
    }
    const before = plans.get(d.orderKey) ?? [];
    const old = perInstance(before);
    const now = perInstance(d.shipments);
    for (const [k, cur] of now) {
      const was = old.get(k)?.qty ?? 0;
      if (cur.qty > was && cur.depMin < t)
        report({
          kind: 'leg-in-past',
          atMin: t,
          order: d.orderKey,
          flight: k,
          message: `El pedido ${d.orderKey} sube ${cur.qty - was} productos al vuelo ${k} en ${t}, después de su salida.`,
        });
      if (cur.qty > was && cancelled.has(k))
        report({
          kind: 'booked-cancelled',
          atMin: t,
          order: d.orderKey,
          flight: k,
          message: `El pedido ${d.orderKey} usa el vuelo cancelado ${k}.`,
        });
    }
    for (const [k, was] of old) {
      const cur = now.get(k)?.qty ?? 0;
      if (cur < was.qty && was.depMin < t)
        report({
          kind: 'leg-in-past',
          atMin: t,
          order: d.orderKey,
          flight: k,
          message: `El pedido ${d.orderKey} baja ${was.qty - cur} productos del vuelo ${k} en ${t}, que ya despegó.`,
        });
    }
    const kept = new Map<string, number>();
    for (const s of d.shipments) kept.set(legsKey(s), (kept.get(legsKey(s)) ?? 0) + 1);
    const known = new Map<string, number>();
    for (const s of before) {
      const key = legsKey(s);
      known.set(key, (known.get(key) ?? 0) + 1);
      if (s.arrivalMin > t) continue;
      const left = kept.get(key) ?? 0;
      if (left > 0) kept.set(key, left - 1);
      else
        report({
          kind: 'rerouted-at-destination',
          atMin: t,
          order: d.orderKey,
          message: `El pedido ${d.orderKey} cambia en ${t} productos que ya estaban en su almacén de destino.`,
        });
    }
    for (const s of d.shipments) {
      const key = legsKey(s);
      const seen = known.get(key) ?? 0;
      if (seen > 0) {
        known.set(key, seen - 1);
        if (s.decidedMin !== undefined && s.decidedMin > t)
          report({
            kind: 'decision-time',
            atMin: t,
            order: d.orderKey,
            message: `Un envío del pedido ${d.orderKey} dice decidirse en ${s.decidedMin}, después de ${t}.`,
          });
      } else if (s.decidedMin !== undefined && s.decidedMin !== t)
        report({
          kind: 'decision-time',
          atMin: t,
          order: d.orderKey,
          message: `Un envío nuevo del pedido ${d.orderKey} en ${t} dice decidirse en ${s.decidedMin}.`,
        });
    }
    plans.set(d.orderKey, d.shipments);
  }
  return { violations, byKind, decisions: log.length };
}
