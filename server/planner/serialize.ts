import type { OrderOutcome } from './types';

const iso = (min: number) => `${new Date(min * 60_000).toISOString().slice(0, 16)}Z`;

/**
 * The plan as JSON lines, one per shipment:
 * {"order":"DEST-seq","qty":N,"legs":[{"flight":"ORIG-DEST-HH:MM","dep":"2025-12-23T14:05Z"}, ...]}
 * Serves the operators' plan download and any outside audit of a plan.
 */
export function planToJsonLines(outcomes: Iterable<OrderOutcome>): string {
  const lines: string[] = [];
  for (const o of outcomes) {
    for (const s of o.shipments) {
      lines.push(
        JSON.stringify({
          order: o.key,
          qty: s.quantity,
          legs: s.legs.map((l) => ({ flight: l.flightId, dep: iso(l.depMin) })),
        }),
      );
    }
  }
  return lines.length > 0 ? `${lines.join('\n')}\n` : '';
}
