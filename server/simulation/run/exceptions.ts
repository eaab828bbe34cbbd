import type {
  ExceptionOrder,
  ExceptionPageDto,
  ExceptionRowDto,
  ExceptionType,
  WarehouseContentsDto,
} from '../../../contract';
import { MINUTE_MS } from '../../../contract/time';
import { epochMinToIso } from '../../domain/convert';
import type { OrderOutcome } from '../../planner/types';
import { instanceId } from '../view';
import { busyFlight, cityLabel, parseInstanceId, warehouseDto } from '../wire';
import type { RunRuntime } from './runtime';

export interface ExceptionsRequest {
  tipo: ExceptionType | 'todos';
  umbralMin: number;
  q: string;
  orden: ExceptionOrder;
  sentido: 'asc' | 'desc';
  pagina: number;
  limite: number;
}

export interface WarehouseRequest {
  code: string;
  pagina: number;
  limite: number;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** '23/12 14:05 UTC' */
function stamp(min: number): string {
  const d = new Date(min * MINUTE_MS);
  return `${pad(d.getUTCDate())}/${pad(d.getUTCMonth() + 1)} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())} UTC`;
}

/** '2 h 10 min', '45 min', '1 d 3 h' */
export function spanEs(min: number): string {
  const m = Math.abs(Math.round(min));
  if (m < 60) return `${m} min`;
  if (m < 24 * 60) return m % 60 === 0 ? `${m / 60} h` : `${Math.floor(m / 60)} h ${m % 60} min`;
  const d = Math.floor(m / (24 * 60));
  const h = Math.floor((m % (24 * 60)) / 60);
  return h === 0 ? `${d} d` : `${d} d ${h} h`;
}

const readyOf = (o: OrderOutcome): number | null =>
  o.status === 'unrouted' || o.shipments.length === 0
    ? null
    : o.shipments.reduce((m, s) => Math.max(m, s.readyMin), Number.NEGATIVE_INFINITY);

/** A flight instance as an operator reads it, with what it carries now (or that it was cancelled). */
function flightPhrase(rt: RunRuntime, flightId: string, depMin: number): string | null {
  const i = rt.view.flightIndex.get(flightId);
  if (i === undefined) return null;
  const load = rt.flightLoad(flightId, depMin);
  const f = busyFlight(rt.view, i, depMin, load);
  const day = stamp(depMin).slice(0, 5);
  return rt.isCancelled(flightId, depMin)
    ? `vuelo ${f.nombre} del ${day} (cancelado)`
    : `vuelo ${f.nombre} del ${day} (${f.carga}/${f.capacidad})`;
}

interface Reason {
  motivo: string;
  vuelo: string | null;
  almacen: string | null;
}

/**
 * The planner's diagnosis of a late or unrouted order, in the operator's words: the saturated warehouse
 * (city and code, since when) or the first full flight on its way (by name and day, with its load).
 */
function blockedReason(rt: RunRuntime, o: OrderOutcome): Reason {
  const c = o.cause;
  const stranded = o.shipments.some((s) => s.stranded);
  const lead = stranded ? 'Un vuelo cancelado dejó productos sin ruta. ' : '';
  if (!c) return { motivo: `${lead}El planificador no dejó diagnóstico.`.trim(), vuelo: null, almacen: null };
  const flights = (c.flights ?? [])
    .map(parseInstanceId)
    .filter((f): f is { flightId: string; depMin: number } => f !== null)
    .sort((a, b) => a.depMin - b.depMin);
  const more = (n: number, what: string) =>
    n > 0 ? `; además ${n} ${what}${n === 1 ? '' : 's'} lleno${n === 1 ? '' : 's'} en sus rutas` : '';
  if (c.kind === 'warehouse' && c.airport) {
    const at = c.atMin ?? rt.nowMin;
    const when = at <= rt.nowMin ? 'desde el' : 'a partir del';
    return {
      motivo: `${lead}Almacén de ${cityLabel(rt.view, c.airport)} lleno ${when} ${stamp(at)}${more(flights.length, 'vuelo')}.`,
      vuelo: null,
      almacen: c.airport,
    };
  }
  if (c.kind === 'flights' && flights.length > 0) {
    const first = flights[0];
    const phrase = flightPhrase(rt, first.flightId, first.depMin);
    if (phrase) {
      const rest = flights.length - 1;
      return {
        motivo: `${lead}Sin asientos a tiempo: ${phrase} lleno${rest > 0 ? ` y ${rest} vuelo${rest === 1 ? '' : 's'} más` : ''}.`,
        vuelo: instanceId(first.flightId, first.depMin),
        almacen: null,
      };
    }
  }
  return { motivo: `${lead}${c.message}`, vuelo: null, almacen: null };
}

/** Why an on-time order is at risk: the flight that brings its last products, and the slack it leaves. */
function riskReason(rt: RunRuntime, o: OrderOutcome, slack: number): Reason {
  const last = o.shipments.reduce((a, b) => (b.readyMin > a.readyMin ? b : a));
  const leg = last.legs[last.legs.length - 1];
  const phrase = flightPhrase(rt, leg.flightId, leg.depMin);
  return {
    motivo: `Holgura de ${spanEs(slack)}: sus últimos productos llegan a ${cityLabel(rt.view, o.destination)} el ${stamp(last.arrivalMin)}${phrase ? ` en el ${phrase}` : ''}.`,
    vuelo: instanceId(leg.flightId, leg.depMin),
    almacen: null,
  };
}

interface Candidate {
  tipo: ExceptionType;
  out: OrderOutcome;
  ready: number | null;
}

const fold = (s: string) => s.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

/** Orders without a complete route come first (no slack at all), the nearest deadline first. */
const NO_ROUTE_FIRST = -1e12;
const slackOf = (c: Candidate) =>
  c.ready === null ? NO_ROUTE_FIRST + c.out.deadlineMin : c.out.deadlineMin - c.ready;

const COMPARE: Record<ExceptionOrder, (a: Candidate, b: Candidate) => number> = {
  holgura: (a, b) => slackOf(a) - slackOf(b),
  destino: (a, b) => a.out.destination.localeCompare(b.out.destination) || slackOf(a) - slackOf(b),
  clave: () => 0,
  productos: (a, b) => a.out.quantity - b.out.quantity,
  plazo: (a, b) => a.out.deadlineMin - b.out.deadlineMin,
};

/**
 * The run's exceptions at its clock: orders planned late (delivered or not), orders with products
 * without a route, and undelivered on-time orders ready less than `umbralMin` before their deadline.
 * Counts come from the same ledger and planner the KPIs read, so atrasado = entregadosTarde +
 * enTransitoTarde and sin_ruta = sinRuta.
 */
export function exceptionsPage(rt: RunRuntime, r: ExceptionsRequest): ExceptionPageDto {
  const now = rt.nowMin;
  rt.ledger.settle(now);
  const all: Candidate[] = [];
  const totales = { atrasado: 0, sin_ruta: 0, en_riesgo: 0 };
  for (const out of rt.ledger.exceptions()) {
    if (out.status !== 'late' && out.status !== 'unrouted') continue;
    const tipo = out.status === 'late' ? 'atrasado' : 'sin_ruta';
    totales[tipo]++;
    all.push({ tipo, out, ready: readyOf(out) });
  }
  for (const [key, f] of rt.ledger.pending()) {
    if (f.late || !Number.isFinite(f.end)) continue;
    const out = rt.outcome(key);
    if (out?.status !== 'onTime') continue;
    const ready = readyOf(out);
    if (ready === null || out.deadlineMin - ready >= r.umbralMin) continue;
    totales.en_riesgo++;
    all.push({ tipo: 'en_riesgo', out, ready });
  }
  const q = fold(r.q.trim());
  const rows = all.filter(
    (c) =>
      (r.tipo === 'todos' || c.tipo === r.tipo) &&
      (q === '' ||
        fold(c.out.key).includes(q) ||
        fold(c.out.destination).startsWith(q) ||
        fold(cityLabel(rt.view, c.out.destination)).includes(q)),
  );
  const cmp = COMPARE[r.orden];
  const sign = r.sentido === 'desc' ? -1 : 1;
  rows.sort((a, b) => sign * (cmp(a, b) || a.out.key.localeCompare(b.out.key)));
  const start = (r.pagina - 1) * r.limite;
  return {
    ahora: epochMinToIso(now),
    umbral: r.umbralMin,
    totales,
    total: rows.length,
    pagina: r.pagina,
    limite: r.limite,
    filas: rows.slice(start, start + r.limite).map((c) => rowDto(rt, c)),
  };
}

function rowDto(rt: RunRuntime, c: Candidate): ExceptionRowDto {
  const o = c.out;
  const holgura = c.ready === null ? null : o.deadlineMin - c.ready;
  const reason = c.tipo === 'en_riesgo' ? riskReason(rt, o, holgura ?? 0) : blockedReason(rt, o);
  return {
    clave: o.key,
    tipo: c.tipo,
    destino: o.destination,
    ciudad: cityLabel(rt.view, o.destination),
    productos: o.quantity,
    holgura,
    plazo: epochMinToIso(o.deadlineMin),
    listo: c.ready === null ? null : epochMinToIso(c.ready),
    ...reason,
    estado: o.status === 'unrouted' ? 'sin_ruta' : rt.ledger.isPending(o.key) ? 'en_transito' : 'entregado',
  };
}

/** What waits in an airport's warehouse now, order by order (longest waiting first). */
export function warehouseContents(rt: RunRuntime, r: WarehouseRequest): WarehouseContentsDto | null {
  const i = rt.view.airportIndex.get(r.code);
  if (i === undefined) return null;
  const now = rt.nowMin;
  const stays = rt.planner.warehouseStays(r.code, now);
  const byOrder = new Map<string, (typeof stays)[number]>();
  for (const s of stays) {
    const prev = byOrder.get(s.orderKey);
    if (!prev) byOrder.set(s.orderKey, { ...s });
    else {
      prev.quantity += s.quantity;
      prev.fromMin = Math.min(prev.fromMin, s.fromMin);
      if (s.toMin < prev.toMin) {
        prev.toMin = s.toMin;
        prev.next = s.next;
      }
    }
  }
  const list = [...byOrder.values()].sort(
    (a, b) => a.fromMin - b.fromMin || a.orderKey.localeCompare(b.orderKey),
  );
  const start = (r.pagina - 1) * r.limite;
  return {
    ...warehouseDto(rt.view.airports[i], rt.warehouseLoad(r.code, now), rt.opts.levels),
    ahora: epochMinToIso(now),
    pedidos: list.length,
    pagina: r.pagina,
    limite: r.limite,
    filas: list.slice(start, start + r.limite).map((s) => ({
      pedido: s.orderKey,
      productos: s.quantity,
      destino: s.destination,
      desde: epochMinToIso(s.fromMin),
      hasta: epochMinToIso(s.toMin),
      siguiente: s.next ? instanceId(s.next.flightId, s.next.depMin) : null,
    })),
  };
}
