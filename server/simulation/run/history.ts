import { MINUTE_MS } from '../../../contract/time';
import { outcomeJsonLines } from '../../planner';
import type { OrderOutcome, OrderStatus } from '../../planner/types';

/** Simulated minutes between two samples of a run's history (the charts' resolution). */
export const SAMPLE_EVERY_MIN = 60;

/** A run at one instant, as its charts draw it. */
export interface RunSample {
  tMs: number;
  /** Share of the delivered orders that were on time (0..100), null while none was delivered. */
  aTiempoPct: number | null;
  enTransito: number;
  enVuelo: number;
  /** Products in each airport's warehouse. */
  almacenes: Record<string, number>;
}

/** An order's final plan, as stored for the exports. */
export interface OrderRow {
  pedido: string;
  destino: string;
  registradoMin: number;
  cantidad: number;
  plazoMin: number;
  estado: OrderStatus;
  /** When its last products are ready for pickup; null when some have no route. */
  listoMin: number | null;
  /** For people: '4 × SPIM-SKBO-14:05 22/12 19:05 > SKBO-SEQM-08:00 23/12 13:00 | ...' (UTC departures). */
  ruta: string;
  /** Its shipments as the plan's JSON lines (each ending in a newline). */
  plan: string;
}

const pad = (n: number) => String(n).padStart(2, '0');
/** '2025-12-22 14:05' (UTC). */
export function utcText(min: number): string {
  const d = new Date(min * MINUTE_MS);
  return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}`;
}

export function orderRow(o: OrderOutcome): OrderRow {
  let ready = o.releaseMin;
  for (const s of o.shipments) if (!s.stranded) ready = Math.max(ready, s.readyMin);
  const ruta = o.shipments
    .map(
      (s) =>
        `${s.quantity} × ${s.legs.map((l) => `${l.flightId} ${utcText(l.depMin)}`).join(' > ')}${s.stranded ? ' (varado)' : ''}`,
    )
    .join(' | ');
  return {
    pedido: o.key,
    destino: o.destination,
    registradoMin: o.releaseMin,
    cantidad: o.quantity,
    plazoMin: o.deadlineMin,
    estado: o.status,
    listoMin: o.status === 'unrouted' ? null : ready,
    ruta,
    plan: outcomeJsonLines(o),
  };
}
