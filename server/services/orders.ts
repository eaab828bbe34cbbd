import { and, asc, eq, gte, inArray, lt, notInArray, sql } from 'drizzle-orm';
import type { OrderPayload } from '../../contract';
import { clientIdProblem, normalizeClientId, quantityProblem } from '../../contract/orderRules';
import { affectedOf, rowsOf } from '../db/client';
import type { RawDb } from '../db/raw';
import { airports, orders } from '../db/schema';
import type { Executor, Tx } from '../db/tx';
import type { StoredOrderEvent } from '../domain/bus';
import { ApiError } from '../domain/errors';
import { type OrderRecord, orderKey } from '../domain/types';
import { airportCodes, type DataDeps, lockOrderFormShared } from './network';
import { fmt } from './upload';

/** A stored order as other modules read it (same shape as the 'orders:added' payload). */
export type StoredOrder = StoredOrderEvent;

/** Orders from the form get sequences from here up, so they never clash with file sequences. */
export const FORM_SEQ_START = 900_000_000;

/** Rows per INSERT … SELECT unnest(...) statement (the form inserts one; files go through COPY). */
const INSERT_BATCH = 20_000;

/**
 * The spec's order form offers IATA-style codes (LIM, MAD); the network uses ICAO codes.
 * Only these two defaults are mapped; any other value must be an ICAO code from the airports file.
 */
export const FORM_AIRPORT_ALIASES: Readonly<Record<string, string>> = { LIM: 'SPIM', MAD: 'LEMD' };

// ---------- reads ----------

/** The columns a stored order is read from (its key is built from destination and seq). */
const STORED_ORDER_COLUMNS = {
  destination: orders.destination,
  seq: orders.seq,
  releaseMin: orders.releaseMin,
  quantity: orders.quantity,
  clientId: orders.clientId,
  source: orders.source,
};

/** Orders released in [fromMin, toMin), by release time; with `upToId`, only those stored up to that id. */
export async function listOrdersBetween(
  db: { orm: Executor } | Executor,
  fromMin: number,
  toMin: number,
  only: { upToId?: number | null; destinations?: string[]; notDestinations?: string[] } = {},
): Promise<StoredOrder[]> {
  const orm = 'orm' in db ? db.orm : db;
  const where = [gte(orders.releaseMin, fromMin), lt(orders.releaseMin, toMin)];
  // Orders stored before ids were given (NULL) belong to every run.
  if (only.upToId !== undefined && only.upToId !== null)
    where.push(sql`coalesce(${orders.id}, 0) <= ${only.upToId}`);
  if (only.destinations) where.push(inArray(orders.destination, only.destinations));
  if (only.notDestinations?.length) where.push(notInArray(orders.destination, only.notDestinations));
  const rows = await orm
    .select(STORED_ORDER_COLUMNS)
    .from(orders)
    .where(and(...where))
    .orderBy(asc(orders.releaseMin), asc(orders.destination), asc(orders.seq));
  return rows.map((r) => ({ key: orderKey(r.destination, r.seq), ...r }));
}

/** First and last release minute of the stored orders (null when there are none). */
export async function orderTimeRange(db: {
  orm: Executor;
}): Promise<{ fromMin: number; toMin: number } | null> {
  const rows = rowsOf<{ min: number | null; max: number | null }>(
    await db.orm.execute(sql`SELECT min(release_min) AS min, max(release_min) AS max FROM orders`),
  );
  const r = rows[0];
  return r && r.min !== null && r.max !== null ? { fromMin: Number(r.min), toMin: Number(r.max) } : null;
}

/** First and last release minute of the stored orders (up to an id, if given) and how many there are. */
export async function orderRange(
  db: { orm: Executor },
  upToId: number | null = null,
): Promise<{ fromMin: number; toMin: number; count: number } | null> {
  const rows = rowsOf<{ min: number | null; max: number | null; n: number | string }>(
    await db.orm.execute(
      sql`SELECT min(release_min) AS min, max(release_min) AS max, count(*) AS n FROM orders
          ${upToId === null ? sql`` : sql`WHERE coalesce(id, 0) <= ${upToId}`}`,
    ),
  );
  const r = rows[0];
  return r && r.min !== null && r.max !== null
    ? { fromMin: Number(r.min), toMin: Number(r.max), count: Number(r.n) }
    : null;
}

/** The stored order a key names (DEST-seq), if any. */
export async function findStoredOrder(db: { orm: Executor }, key: string): Promise<StoredOrder | undefined> {
  const m = /^([A-Z0-9]{3,4})-(\d{1,9})$/.exec(key);
  if (!m) return undefined;
  const rows = await db.orm
    .select()
    .from(orders)
    .where(and(eq(orders.destination, m[1]), eq(orders.seq, Number(m[2]))));
  const r = rows[0];
  return r
    ? {
        key: orderKey(r.destination, r.seq),
        destination: r.destination,
        seq: r.seq,
        releaseMin: r.releaseMin,
        quantity: r.quantity,
        clientId: r.clientId,
        source: r.source,
      }
    : undefined;
}

/**
 * Orders per page of ordersAfterId. PGlite runs each statement on the main thread: a page of 2,000 held it
 * up to 238 ms while a restored run's worker and other processes kept both cores busy.
 */
const AFTER_ID_PAGE = 500;

/**
 * An order as ordersAfterId's pages list it: [destination, seq, releaseMin, quantity] (its key is
 * orderKey(destination, seq)).
 */
export type OrderTuple = [destination: string, seq: number, releaseMin: number, quantity: number];

/**
 * Orders stored after id `afterId` and released before `beforeMin`: those a daily-operation run got live
 * while it ran, older than the window it loads (a crash may have lost their events). A page at a time in
 * id order, each page the next pageSize stored orders whatever their release (filtered in the page): a
 * million orders uploaded after the run began, read in one statement, held the event loop for seconds,
 * and a filter on the whole table would walk every later order of the window to fill one page. Each page
 * is one JSON text of OrderTuple rows, for a worker to parse: decoded row by row on PGlite's thread, a
 * page took up to 125 ms.
 */
export async function* ordersAfterId(
  db: { raw: RawDb },
  afterId: number,
  beforeMin: number,
  pageSize = AFTER_ID_PAGE,
): AsyncGenerator<string> {
  for (let after = afterId; ; ) {
    const [page] = await db.raw.query<{ n: number; last: number | null; json: string | null }>(
      `SELECT count(*)::int AS n, max(id)::float8 AS last,
         json_agg(json_build_array(destination, seq, release_min, quantity) ORDER BY id)
           FILTER (WHERE release_min < $3)::text AS json
       FROM (SELECT id, destination, seq, release_min, quantity FROM orders
             WHERE id > $1 ORDER BY id LIMIT $2) AS t`,
      [after, pageSize, beforeMin],
    );
    if (page.json !== null) yield page.json;
    if (page.n < pageSize || page.last === null) return;
    after = page.last;
  }
}

// ---------- bulk insert ----------

interface OrderRow extends OrderRecord {
  releaseMin: number;
}

/**
 * Inserts orders in batches with one array parameter per column (works the same on PGlite and
 * node-postgres). Existing (destination, seq) pairs are skipped; they are looked up (by their other
 * file id) only in batches where fewer rows went in than were sent, so a clean load pays nothing
 * for duplicate reporting. Returns the keys that were already stored.
 */
async function insertOrderRows(
  tx: Tx,
  rows: OrderRow[],
  source: 'archivo' | 'formulario',
  fileId: number | null,
): Promise<{ inserted: number; duplicates: Set<string> }> {
  const duplicates = new Set<string>();
  let inserted = 0;
  for (let start = 0; start < rows.length; start += INSERT_BATCH) {
    const batch = rows.slice(start, start + INSERT_BATCH);
    const n = batch.length;
    const dest = new Array<string>(n);
    const seq = new Array<number>(n);
    const y = new Array<number>(n);
    const mo = new Array<number>(n);
    const d = new Array<number>(n);
    const h = new Array<number>(n);
    const mi = new Array<number>(n);
    const rel = new Array<number>(n);
    const q = new Array<number>(n);
    const c = new Array<string>(n);
    for (let i = 0; i < n; i++) {
      const o = batch[i];
      dest[i] = o.destination;
      seq[i] = o.seq;
      y[i] = o.year;
      mo[i] = o.month;
      d[i] = o.day;
      h[i] = o.hour;
      mi[i] = o.minute;
      rel[i] = o.releaseMin;
      q[i] = o.quantity;
      c[i] = o.clientId;
    }
    const result = await tx.execute(sql`
      INSERT INTO orders (destination, seq, local_year, local_month, local_day, local_hour, local_minute,
                          release_min, quantity, client_id, source, file_id)
      SELECT t.*, ${source}::text, ${fileId}::integer FROM unnest(
        ${sql.param(dest)}::text[], ${sql.param(seq)}::integer[], ${sql.param(y)}::integer[],
        ${sql.param(mo)}::integer[], ${sql.param(d)}::integer[], ${sql.param(h)}::integer[],
        ${sql.param(mi)}::integer[], ${sql.param(rel)}::integer[], ${sql.param(q)}::integer[],
        ${sql.param(c)}::text[]) AS t
      ON CONFLICT (destination, seq) DO NOTHING`);
    const written = affectedOf(result);
    inserted += written;
    if (written < n) {
      // A file never repeats a key (the parser rejects that), so rows of this batch stored under
      // another file id, or from the form, were there before.
      const existing = await tx.execute(sql`
        SELECT o.destination, o.seq FROM unnest(${sql.param(dest)}::text[], ${sql.param(seq)}::integer[]) AS t(d, s)
        JOIN orders o ON o.destination = t.d AND o.seq = t.s
        WHERE o.file_id IS DISTINCT FROM ${fileId}::integer OR o.source <> ${source}::text`);
      for (const r of rowsOf<{ destination: string; seq: number }>(existing)) {
        duplicates.add(orderKey(r.destination, r.seq));
      }
    }
  }
  return { inserted, duplicates };
}

// ---------- the order form ----------

export interface CreatedOrder {
  order: StoredOrder;
  message: string;
}

/** Validates and stores one order from the form at `nowMin` (the operation clock). */
export async function createOrder(
  deps: DataDeps,
  payload: OrderPayload,
  nowMin: number,
): Promise<CreatedOrder> {
  const rawClientId = String(payload.clienteId ?? '');
  const details: { field: string; message: string }[] = [];
  const clientProblem = clientIdProblem(rawClientId);
  if (clientProblem) details.push({ field: 'clienteId', message: `clienteId: ${clientProblem}` });
  const clientId = normalizeClientId(rawClientId);
  const requested = String(payload.aeropuerto ?? '')
    .trim()
    .toUpperCase();
  if (requested.length < 1) details.push({ field: 'aeropuerto', message: 'aeropuerto: Requerido' });
  const quantity = payload.cantidad;
  const quantityIssue = quantityProblem(quantity);
  if (quantityIssue) details.push({ field: 'cantidad', message: `cantidad: ${quantityIssue}` });
  if (details.length > 0) {
    throw new ApiError(
      400,
      'VALIDACION',
      `Pedido no válido: ${details.map((d) => d.message).join('; ')}`,
      details,
    );
  }

  const { code, seq, airport } = await deps.db.orm.transaction(async (tx) => {
    // The airport checked here cannot be removed before this order is stored: a replacement waits and
    // then sees the order.
    await lockOrderFormShared(tx);
    const code = await resolveFormAirport(tx, requested);
    const airport = (await tx.select().from(airports).where(sql`${airports.code} = ${code}`))[0];
    const local = new Date((nowMin + airport.gmt * 60) * 60_000);
    const allocated = rowsOf<{ last_seq: number }>(
      await tx.execute(sql`
        INSERT INTO order_seq_counters (destination, last_seq)
        VALUES (${code}, GREATEST(${FORM_SEQ_START}, (SELECT COALESCE(max(seq) + 1, 0) FROM orders WHERE destination = ${code})))
        ON CONFLICT (destination) DO UPDATE SET last_seq = GREATEST(
          order_seq_counters.last_seq + 1,
          (SELECT COALESCE(max(seq) + 1, 0) FROM orders WHERE destination = ${code}))
        RETURNING last_seq`),
    );
    const next = Number(allocated[0].last_seq);
    const row: OrderRow = {
      seq: next,
      destination: code,
      year: local.getUTCFullYear(),
      month: local.getUTCMonth() + 1,
      day: local.getUTCDate(),
      hour: local.getUTCHours(),
      minute: local.getUTCMinutes(),
      quantity,
      clientId,
      releaseMin: nowMin,
    };
    const { inserted } = await insertOrderRows(tx, [row], 'formulario', null);
    if (inserted !== 1)
      throw new ApiError(409, 'CONFLICTO', 'El número de pedido ya existe; vuelve a enviarlo');
    return { code, seq: next, airport };
  });

  const order: StoredOrder = {
    key: orderKey(code, seq),
    destination: code,
    seq,
    releaseMin: nowMin,
    quantity,
    clientId,
    source: 'formulario',
  };
  deps.bus?.emit('orders:added', [order]);
  const products = quantity === 1 ? '1 producto' : `${fmt(quantity)} productos`;
  const place = airport.city ? `${airport.city} (${code})` : code;
  return { order, message: `Pedido ${order.key} registrado: ${products} para ${place}` };
}

async function resolveFormAirport(db: Executor, requested: string): Promise<string> {
  const known = await airportCodes(db);
  if (known.has(requested)) return requested;
  const alias = FORM_AIRPORT_ALIASES[requested];
  if (alias && known.has(alias)) return alias;
  const hint = known.size === 0 ? ' (no hay aeropuertos cargados)' : '';
  throw new ApiError(
    400,
    'AEROPUERTO_DESCONOCIDO',
    `El aeropuerto ${requested} no existe en el archivo de aeropuertos${hint}`,
    [{ field: 'aeropuerto', message: `El aeropuerto ${requested} no existe en el archivo de aeropuertos` }],
  );
}
