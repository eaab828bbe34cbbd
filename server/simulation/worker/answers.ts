import { MINUTE_MS } from '../../../contract/time';
/** The worker's answers to the main thread's questions, computed on its runtime. */
import { epochMinToIso } from '../../domain/convert';
import { exceptionsPage, warehouseContents } from '../run/exceptions';
import { type OrderRow, orderRow } from '../run/history';
import type { RunRuntime } from '../run/runtime';
import { resolveInstance } from '../view';
import { flightDetailDto, orderDetailDto, progressDto, resultDto, STATUS_ES, warehousesDto } from '../wire';
import {
  type CancelManyReply,
  type CancelReply,
  type RunQuery,
  RunQueryError,
  type RunSnapshot,
  type SummaryReply,
  type TickResult,
} from './messages';

export function snapshotOf(rt: RunRuntime): RunSnapshot {
  return {
    estado: rt.estado,
    clock: rt.clock.state(rt.running),
    kpis: rt.kpis(),
    progreso: progressDto(rt),
    reporte: rt.report,
    resultado: rt.active ? null : resultDto(rt),
  };
}

function catchUp(rt: RunRuntime, wallMs: number): void {
  if (rt.running && rt.clock.speed !== null) rt.tickPaced(wallMs, rt.opts.tickOrders);
}

export function tickOf(rt: RunRuntime, wallMs: number): TickResult {
  catchUp(rt, wallMs);
  const list = rt.airborne();
  const airborne = new Float64Array(list.length * 3);
  list.forEach((a, k) => {
    airborne[3 * k] = a.i;
    airborne[3 * k + 1] = a.dep;
    airborne[3 * k + 2] = a.load;
  });
  return { snapshot: snapshotOf(rt), airborne };
}

const notCancellable = (rt: RunRuntime) =>
  new RunQueryError(
    409,
    'CONFLICTO',
    `La simulación está ${rt.estado.replace('_', ' ')}: no admite cancelaciones`,
  );

function resolve(rt: RunRuntime, ref: string) {
  const inst = resolveInstance(rt.view, ref, rt.ahoraMs / MINUTE_MS);
  if (!inst) throw new RunQueryError(404, 'NO_ENCONTRADO', `El vuelo ${ref} no existe en el plan de vuelos`);
  return inst;
}

function cancelOne(rt: RunRuntime, ref: string): CancelReply {
  const inst = resolve(rt, ref);
  if (!rt.active) throw notCancellable(rt);
  const r = rt.cancel(inst.flightId, inst.depMin);
  const label = `${inst.flightId} del ${epochMinToIso(inst.depMin).slice(0, 16).replace('T', ' ')} UTC`;
  if (!r.ok)
    throw new RunQueryError(
      409,
      'VUELO_NO_CANCELABLE',
      `No se puede cancelar el vuelo ${label}: ${r.reason}`,
    );
  return { label, affected: r.affected.map((o) => ({ pedido: o.key, estado: STATUS_ES[o.status] })) };
}

function cancelMany(rt: RunRuntime, items: { flightId: string; depMin: number }[]): CancelManyReply {
  if (!rt.active) throw notCancellable(rt);
  return {
    results: items.map(({ flightId, depMin }) => {
      const r = rt.cancel(flightId, depMin);
      return { ok: r.ok, reason: r.reason, affected: r.affected.map((o) => o.key) };
    }),
  };
}

function summary(rt: RunRuntime): SummaryReply {
  const now = rt.nowMin;
  return {
    kpis: rt.kpis(),
    almacenes: warehousesDto(rt.view, (c) => rt.warehouseLoad(c, now), rt.opts.levels),
    utilizacionVuelos: rt.utilisation(),
  };
}

/** Exports in progress: the hot keys listed at their start and how far each has read. */
const cursors = new Map<number, { keys: string[]; at: number }>();
let nextCursor = 1;
/** An abandoned export (a client gone mid-download) is forgotten once this many newer ones started. */
const MAX_CURSORS = 16;

function exportStart(rt: RunRuntime) {
  const keys = rt.hotOutcomes().map((o) => o.key);
  const cursor = nextCursor++;
  cursors.set(cursor, { keys, at: 0 });
  for (const old of cursors.keys()) if (cursors.size > MAX_CURSORS) cursors.delete(old);
  return { cursor, keys };
}

function exportPage(rt: RunRuntime, cursor: number, limit: number): OrderRow[] {
  const c = cursors.get(cursor);
  if (!c) throw new RunQueryError(409, 'CONFLICTO', 'La descarga caducó: vuelve a pedirla');
  // Exactly `limit` keys per page (fewer rows when an outcome was forgotten meanwhile).
  const rows: OrderRow[] = [];
  const end = Math.min(c.keys.length, c.at + limit);
  for (; c.at < end; c.at++) {
    const o = rt.outcome(c.keys[c.at]);
    if (o) rows.push(orderRow(o));
  }
  return rows;
}

/** Answers one question; the `wallMs` of controls re-anchors the paced clock. */
export function answer(rt: RunRuntime, q: RunQuery): unknown {
  switch (q.kind) {
    case 'tick':
      return tickOf(rt, q.wallMs);
    case 'snapshot':
      return snapshotOf(rt);
    // Controls first bring a paced clock to this wall instant: what the screens showed is where it stays.
    case 'pause':
      catchUp(rt, q.wallMs);
      rt.pause();
      return snapshotOf(rt);
    case 'resume':
      rt.resume(q.wallMs);
      return snapshotOf(rt);
    case 'speed':
      catchUp(rt, q.wallMs);
      rt.clock.setSpeed(q.speed, q.wallMs);
      return snapshotOf(rt);
    case 'stop':
      catchUp(rt, q.wallMs);
      rt.stop();
      return snapshotOf(rt);
    case 'summary':
      return summary(rt);
    case 'warehouses': {
      const now = rt.nowMin;
      return warehousesDto(rt.view, (c) => rt.warehouseLoad(c, now), rt.opts.levels);
    }
    case 'flight': {
      const inst = resolve(rt, q.ref);
      return flightDetailDto(rt, inst.flightId, inst.depMin);
    }
    case 'order': {
      const out = rt.outcome(q.key);
      return out ? orderDetailDto(out, q.clienteId, rt.nowMin) : null;
    }
    case 'exceptions':
      return exceptionsPage(rt, q.request);
    case 'warehouse':
      return warehouseContents(rt, q.request);
    case 'cancel':
      return cancelOne(rt, q.ref);
    case 'cancelMany':
      return cancelMany(rt, q.items);
    case 'exportStart':
      return exportStart(rt);
    case 'exportPage':
      return exportPage(rt, q.cursor, q.limit);
    case 'exportEnd':
      cursors.delete(q.cursor);
      return null;
    case 'profile':
      return {
        planningMs: rt.plannerMs,
        demandMs: rt.feed.demandMs,
        bookkeepingMs: Math.max(0, rt.slicesMs - rt.plannerMs - rt.feed.demandMs),
        messagesMs: 0,
      };
  }
}
