import type { CsvSeparator, RunDownload, RunDto } from '../../contract';
import { STORES_ORDER_PLANS } from '../../contract/enums';
import { MINUTE_MS } from '../../contract/time';
import { ApiError } from '../domain/errors';
import type { RunRegistry } from './registry';
import { type OrderRow, utcText } from './run/history';
import { runRow } from './series';
import type { OrderCursor, RunRow } from './store';

/**
 * A run's downloads, written as streams: orders come a page at a time from the database (in release
 * order) and from the run's worker (the orders it still plans), so a million-order run never sits in
 * memory as one file. Chunks of about CHUNK_CHARS characters keep the stream's overhead low.
 */

const PAGE = 2000;
const CHUNK_CHARS = 64 * 1024;
const BOM = '\uFEFF';

const before = (a: OrderRow, b: OrderRow) =>
  a.registradoMin < b.registradoMin || (a.registradoMin === b.registradoMin && a.pedido < b.pedido);

/** The stored final plans, in release order, a page at a time; `skip` are keys to leave out. */
async function* storedRows(runs: RunRegistry, id: string, skip: Set<string>): AsyncGenerator<OrderRow> {
  let after: OrderCursor | null = null;
  for (;;) {
    const page = await runs.store.orderPage(id, after, PAGE);
    for (const r of page) if (!skip.has(r.pedido)) yield r;
    if (page.length < PAGE) return;
    const last = page[page.length - 1];
    after = { registradoMin: last.registradoMin, pedido: last.pedido };
  }
}

/**
 * The run's orders in release order: the stored final plans merged with those its worker still plans
 * (listed at one instant; their stored copies, if any, are skipped).
 */
export async function* orderRows(runs: RunRegistry, id: string): AsyncGenerator<OrderRow> {
  const c = runs.byId(id);
  const host = c?.host?.isReady ? c.host : null;
  // The worker sends what it archived before answering: once those writes land, the database holds
  // every order that is not in this list.
  const hot = host ? await host.request({ kind: 'exportStart' }) : null;
  if (c) await c.writes;
  const stored = storedRows(runs, id, new Set(hot?.keys));
  if (!host || !hot) {
    yield* stored;
    return;
  }
  const { cursor, keys } = hot;
  let read = 0;
  let page: OrderRow[] = [];
  let at = 0;
  const nextHot = async (): Promise<OrderRow | undefined> => {
    while (at >= page.length) {
      if (read >= keys.length) return undefined;
      page = await host.request({ kind: 'exportPage', cursor, limit: PAGE });
      read += PAGE;
      at = 0;
    }
    return page[at++];
  };
  try {
    let a = await stored.next();
    let b = await nextHot();
    while (!a.done || b) {
      if (!a.done && (!b || before(a.value, b))) {
        yield a.value;
        a = await stored.next();
      } else if (b) {
        yield b;
        b = await nextHot();
      }
    }
  } finally {
    void host.request({ kind: 'exportEnd', cursor }).catch(() => {});
  }
}

/** Joins small strings into chunks of about CHUNK_CHARS. */
async function* chunked(parts: AsyncIterable<string>): AsyncGenerator<string> {
  let buf = '';
  for await (const p of parts) {
    buf += p;
    if (buf.length >= CHUNK_CHARS) {
      yield buf;
      buf = '';
    }
  }
  if (buf !== '') yield buf;
}

/** The plan as JSON lines, one shipment per line (the planner's format; validatePlan reads it back). */
export function planLines(runs: RunRegistry, id: string): AsyncGenerator<string> {
  return chunked(
    (async function* () {
      for await (const r of orderRows(runs, id)) if (r.plan !== '') yield r.plan;
    })(),
  );
}

const SEPARATOR: Record<CsvSeparator, string> = { puntoycoma: ';', coma: ',' };

export interface CsvOptions {
  separador: CsvSeparator;
  bom: boolean;
}

/** A CSV field: quoted when it holds the separator, a quote or a line break. */
function field(v: string | number | null, sep: string): string {
  if (v === null) return '';
  const s = String(v);
  return s.includes(sep) || s.includes('"') || s.includes('\n') || s.includes('\r')
    ? `"${s.replaceAll('"', '""')}"`
    : s;
}

const csvLine = (values: (string | number | null)[], sep: string) =>
  `${values.map((v) => field(v, sep)).join(sep)}\r\n`;

/** Where an order stands at the run's clock, in words. */
export function orderStanding(r: OrderRow, nowMin: number): string {
  if (r.estado === 'fromStock') return 'desde stock';
  if (r.estado === 'unrouted' || r.listoMin === null) return 'sin ruta';
  const late = r.estado === 'late';
  if (r.listoMin <= nowMin) return late ? 'entregado tarde' : 'entregado a tiempo';
  return late ? 'en tránsito (llegará tarde)' : 'en tránsito';
}

export const ORDERS_CSV_HEADER = [
  'pedido',
  'destino',
  'registrado_utc',
  'cantidad',
  'plazo_utc',
  'estado',
  'entrega_utc',
  'ruta',
] as const;

/** The orders with their state at the run's clock, deadline, delivery (planned while not there) and route. */
export function ordersCsv(runs: RunRegistry, row: RunRow, o: CsvOptions): AsyncGenerator<string> {
  const sep = SEPARATOR[o.separador];
  const nowMin = Math.floor(row.ahoraMs / MINUTE_MS);
  return chunked(
    (async function* () {
      yield (o.bom ? BOM : '') + csvLine([...ORDERS_CSV_HEADER], sep);
      for await (const r of orderRows(runs, row.id))
        yield csvLine(
          [
            r.pedido,
            r.destino,
            utcText(r.registradoMin),
            r.cantidad,
            utcText(r.plazoMin),
            orderStanding(r, nowMin),
            r.listoMin === null ? null : utcText(r.listoMin),
            r.ruta,
          ],
          sep,
        );
    })(),
  );
}

/** The KPI history (one line per simulated hour), with each warehouse's load; decimal comma with ';'. */
export async function kpisCsv(runs: RunRegistry, id: string, o: CsvOptions): Promise<string> {
  const sep = SEPARATOR[o.separador];
  const samples = await runs.store.samples(id);
  const codes = [...new Set(samples.flatMap((s) => Object.keys(s.almacenes)))].sort();
  const decimal = (x: number | null) =>
    x === null ? null : sep === ';' ? String(x).replace('.', ',') : String(x);
  let out = `${o.bom ? BOM : ''}${csvLine(
    [
      'fecha_utc',
      'a_tiempo_pct',
      'pedidos_en_transito',
      'productos_en_vuelo',
      ...codes.map((c) => `almacen_${c}`),
    ],
    sep,
  )}`;
  for (const s of samples)
    out += csvLine(
      [
        utcText(s.tMs / MINUTE_MS),
        decimal(s.aTiempoPct),
        s.enTransito,
        s.enVuelo,
        ...codes.map((c) => s.almacenes[c] ?? 0),
      ],
      sep,
    );
  // A few hundred lines a week: small enough to answer in one piece.
  return out;
}

const MODE_NAME: Record<RunDto['modo'], string> = {
  operacion: 'Operación Diaria',
  semanal: 'Simulación Semanal',
  colapso: 'Colapso',
};
const STATE_NAME: Record<RunDto['estado'], string> = {
  en_curso: 'en curso',
  pausada: 'pausada',
  terminada: 'terminada',
  colapsada: 'colapsada',
  detenida: 'detenida',
  fallida: 'fallida',
};
const isoText = (iso: string) => utcText(Date.parse(iso) / MINUTE_MS);
const pctText = (n: number, of: number) =>
  of > 0 ? `${((n / of) * 100).toFixed(1).replace('.', ',')} %` : '—';

/** The run's report as text a person reads. */
export function reportText(run: RunDto): string {
  const k = run.kpis;
  const delivered = k.entregadosATiempo + k.entregadosTarde;
  const lines = [
    `MoraPack · ${MODE_NAME[run.modo]}`,
    `Simulación ${run.id}`,
    `Estado: ${STATE_NAME[run.estado]}`,
    `Ventana: ${isoText(run.inicio)} UTC → ${run.fin ? `${isoText(run.fin)} UTC` : 'abierta'}`,
    `Hora simulada: ${isoText(run.ahora)} UTC`,
    `Tiempo real en marcha: ${Math.round(run.segundosReales)} s`,
    '',
    'Pedidos',
    `  Recibidos: ${k.pedidosRecibidos} (${k.productosRecibidos} productos)`,
    `  Entregados a tiempo: ${k.entregadosATiempo} (${pctText(k.entregadosATiempo, delivered)} de los entregados)`,
    `  Entregados tarde: ${k.entregadosTarde} (${pctText(k.entregadosTarde, delivered)} de los entregados)`,
    `  En tránsito: ${k.enTransito} (a tiempo ${k.enTransitoATiempo}, tarde ${k.enTransitoTarde})`,
    `  Sin ruta: ${k.sinRuta}`,
    `  Productos en vuelo: ${k.productosEnVuelo}`,
  ];
  const r = run.resumen;
  if (r) {
    lines.push('', 'Resumen');
    if (r.picoAlmacen)
      lines.push(
        `  Almacén más ocupado: ${r.picoAlmacen.codigo} con ${r.picoAlmacen.ocupacion} de ${r.picoAlmacen.capacidad} (${isoText(r.picoAlmacen.fecha)} UTC)`,
      );
    if (r.picoVuelo)
      lines.push(
        `  Vuelo más lleno: ${r.picoVuelo.nombre} con ${r.picoVuelo.carga} de ${r.picoVuelo.capacidad} (${isoText(r.picoVuelo.fecha)} UTC)`,
      );
    lines.push(`  Utilización de los vuelos: ${(r.utilizacionVuelos * 100).toFixed(1).replace('.', ',')} %`);
  }
  const c = run.reporte;
  if (c) {
    lines.push(
      '',
      'Colapso',
      `  Fecha: ${isoText(c.fecha)} UTC (${c.diasSimulados} días simulados)`,
      `  Primer pedido que no llega a tiempo: ${c.pedido} (destino ${c.destino})`,
      `  Causa: ${c.causa}`,
    );
    for (const v of c.vuelos) lines.push(`  Vuelo saturado: ${v.nombre} (${v.carga}/${v.capacidad})`);
  }
  if (run.mensaje) lines.push('', run.mensaje);
  return `${lines.join('\n')}\n`;
}

/** A file name safe in any header and file system: 'morapack-semanal-2025-12-22-1a2b3c4d-pedidos.csv'. */
export function downloadName(row: RunRow, kind: RunDownload, ext: string): string {
  const day = new Date(row.inicioMin * MINUTE_MS).toISOString().slice(0, 10);
  const id = row.id.replace(/[^A-Za-z0-9]/g, '').slice(0, 8);
  return `morapack-${row.modo}-${day}-${id}-${kind}.${ext}`;
}

/**
 * The order exports need the run's plans: stored ones, or a worker that holds them. A run stored
 * before plans were kept (or whose worker failed) has neither.
 */
export async function requireOrders(runs: RunRegistry, id: string): Promise<RunRow> {
  const row = await runRow(runs, id);
  if (!STORES_ORDER_PLANS[row.modo]) {
    throw new ApiError(
      409,
      'SIN_PLAN',
      'Una búsqueda de colapso no guarda el plan de sus pedidos: descarga su reporte o su historia de KPI',
    );
  }
  if (runs.byId(id)?.host?.isReady) return row;
  if ((await runs.store.orderPage(id, null, 1)).length > 0) return row;
  throw new ApiError(409, 'SIN_PLAN', 'Esta simulación no guardó sus pedidos: su plan no se puede descargar');
}
