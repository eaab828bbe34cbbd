import type { RawSession } from '../db/raw';
import { pgErrorCode } from '../db/tx';
import { ApiError } from '../domain/errors';
import type { OrderRecord } from '../domain/types';

/**
 * Bulk load of an order file's rows with COPY (PGlite and PostgreSQL alike), inside the caller's
 * transaction. Orders already stored (same destination and sequence) are skipped and returned.
 *
 * Cost: COPY is the only path that writes rows in batches (INSERT … SELECT … ON CONFLICT writes them
 * one by one, 1.7x slower), so duplicates are found before copying: first one range probe per
 * destination (about 30 index lookups), and only for destinations whose sequence range meets stored
 * orders, an exact join of the file's keys (COPY into a temporary table) with the stored ones.
 * A clean load therefore costs one COPY; a repeated file costs the key join and copies nothing.
 */

export interface BulkOrderRow extends OrderRecord {
  releaseMin: number;
}

/** Stored sequences per destination that the file repeats. */
export type StoredKeys = Map<string, Set<number>>;

const ORDER_COLUMNS = [
  'destination',
  'seq',
  'local_year',
  'local_month',
  'local_day',
  'local_hour',
  'local_minute',
  'release_min',
  'quantity',
  'client_id',
  'source',
  'file_id',
] as const;

/** Rows per COPY chunk: bounds the over-allocation of each chunk buffer to a few MB. */
const ROWS_PER_CHUNK = 1 << 15;
/** Upper bound of one encoded row: two texts of at most 16 characters, eight integers of at most 11, tabs. */
const MAX_ROW_BYTES = 136;
/** Attempts when a concurrent writer (the order form) stores one of the keys between check and COPY. */
const MAX_ATTEMPTS = 3;

export async function copyOrderRows(
  tx: RawSession,
  rows: readonly BulkOrderRow[],
  fileId: number,
): Promise<{ inserted: number; duplicates: StoredKeys }> {
  let suspects = await overlappingDestinations(tx, rows);
  for (let attempt = 1; ; attempt++) {
    await tx.exec('SAVEPOINT copy_orders');
    try {
      const duplicates = suspects.size > 0 ? await storedKeys(tx, rows, suspects) : new Map();
      const chunks = encodeOrders(rows, duplicates, fileId);
      const inserted = chunks.length > 0 ? await tx.copyIn('orders', ORDER_COLUMNS, chunks) : 0;
      await tx.exec('RELEASE SAVEPOINT copy_orders');
      return { inserted, duplicates };
    } catch (error) {
      if (pgErrorCode(error) !== '23505') throw error;
      await tx.exec('ROLLBACK TO SAVEPOINT copy_orders');
      if (attempt >= MAX_ATTEMPTS) {
        throw new ApiError(
          409,
          'CONFLICTO',
          'Se registraron pedidos con los mismos números durante la carga. Vuelve a intentarlo.',
        );
      }
      // Someone stored one of these keys meanwhile: check every destination exactly this time.
      suspects = new Set(rows.map((o) => o.destination));
    }
  }
}

/** Destinations whose sequence range in the file contains at least one stored order. */
async function overlappingDestinations(tx: RawSession, rows: readonly BulkOrderRow[]): Promise<Set<string>> {
  const range = new Map<string, { lo: number; hi: number }>();
  for (const o of rows) {
    const r = range.get(o.destination);
    if (!r) range.set(o.destination, { lo: o.seq, hi: o.seq });
    else if (o.seq < r.lo) r.lo = o.seq;
    else if (o.seq > r.hi) r.hi = o.seq;
  }
  const dest = [...range.keys()];
  const found = await tx.query<{ destination: string }>(
    `SELECT r.d AS destination FROM unnest($1::text[], $2::integer[], $3::integer[]) AS r(d, lo, hi)
     WHERE EXISTS (SELECT 1 FROM orders o WHERE o.destination = r.d AND o.seq BETWEEN r.lo AND r.hi)`,
    [dest, dest.map((d) => range.get(d)!.lo), dest.map((d) => range.get(d)!.hi)],
  );
  return new Set(found.map((r) => r.destination));
}

/** The file's keys (of the suspect destinations) that are already stored. */
async function storedKeys(
  tx: RawSession,
  rows: readonly BulkOrderRow[],
  suspects: Set<string>,
): Promise<StoredKeys> {
  await tx.exec(
    'CREATE TEMP TABLE upload_keys (destination text NOT NULL, seq integer NOT NULL) ON COMMIT DROP',
  );
  await tx.copyIn('upload_keys', ['destination', 'seq'], encodeKeys(rows, suspects));
  const found = await tx.query<{ destination: string; seq: number }>(
    `SELECT k.destination, k.seq FROM upload_keys k
     JOIN orders o ON o.destination = k.destination AND o.seq = k.seq`,
  );
  await tx.exec('DROP TABLE upload_keys');
  const keys: StoredKeys = new Map();
  for (const r of found) {
    let set = keys.get(r.destination);
    if (!set) {
      set = new Set();
      keys.set(r.destination, set);
    }
    set.add(Number(r.seq));
  }
  return keys;
}

// ---------- COPY text encoding ----------

/**
 * Orders as COPY text (tab-separated, LF-terminated), written straight into byte buffers: building
 * 1 M row strings and joining them takes several times longer. Codes and client ids are validated
 * ASCII without tabs or backslashes (checked again here), integers need no escaping.
 */
export function encodeOrders(rows: readonly BulkOrderRow[], skip: StoredKeys, fileId: number): Uint8Array[] {
  const suffix = asciiBytes(`\tarchivo\t${fileId}\n`);
  const chunks: Uint8Array[] = [];
  let buf = new Uint8Array(0);
  let at = 0;
  let inChunk = ROWS_PER_CHUNK;
  for (const o of rows) {
    if (skip.size > 0 && skip.get(o.destination)?.has(o.seq)) continue;
    if (inChunk === ROWS_PER_CHUNK) {
      if (at > 0) chunks.push(buf.subarray(0, at));
      buf = new Uint8Array(ROWS_PER_CHUNK * (MAX_ROW_BYTES + suffix.length));
      at = 0;
      inChunk = 0;
    }
    inChunk++;
    at = putText(buf, at, o.destination);
    buf[at++] = 9;
    at = putInt(buf, at, o.seq);
    buf[at++] = 9;
    at = putInt(buf, at, o.year);
    buf[at++] = 9;
    at = putInt(buf, at, o.month);
    buf[at++] = 9;
    at = putInt(buf, at, o.day);
    buf[at++] = 9;
    at = putInt(buf, at, o.hour);
    buf[at++] = 9;
    at = putInt(buf, at, o.minute);
    buf[at++] = 9;
    at = putInt(buf, at, o.releaseMin);
    buf[at++] = 9;
    at = putInt(buf, at, o.quantity);
    buf[at++] = 9;
    at = putText(buf, at, o.clientId);
    buf.set(suffix, at);
    at += suffix.length;
  }
  if (at > 0) chunks.push(buf.subarray(0, at));
  return chunks;
}

function encodeKeys(rows: readonly BulkOrderRow[], only: Set<string>): Uint8Array[] {
  const chunks: Uint8Array[] = [];
  let buf = new Uint8Array(0);
  let at = 0;
  let inChunk = ROWS_PER_CHUNK;
  for (const o of rows) {
    if (!only.has(o.destination)) continue;
    if (inChunk === ROWS_PER_CHUNK) {
      if (at > 0) chunks.push(buf.subarray(0, at));
      buf = new Uint8Array(ROWS_PER_CHUNK * 32);
      at = 0;
      inChunk = 0;
    }
    inChunk++;
    at = putText(buf, at, o.destination);
    buf[at++] = 9;
    at = putInt(buf, at, o.seq);
    buf[at++] = 10;
  }
  if (at > 0) chunks.push(buf.subarray(0, at));
  return chunks;
}

function asciiBytes(s: string): Uint8Array {
  const out = new Uint8Array(s.length);
  for (let i = 0; i < s.length; i++) out[i] = s.charCodeAt(i);
  return out;
}

/** Printable ASCII other than backslash, as COPY text takes it verbatim; anything else is a bug upstream. */
function putText(buf: Uint8Array, at: number, s: string): number {
  if (s.length > 16) throw new Error(`COPY: campo demasiado largo (${s.length})`);
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c < 0x21 || c > 0x7e || c === 0x5c)
      throw new Error(`COPY: carácter no válido en ${JSON.stringify(s)}`);
    buf[at++] = c;
  }
  return at;
}

/** A 32-bit integer in decimal. */
function putInt(buf: Uint8Array, at: number, value: number): number {
  let v = value;
  if (v < 0) {
    buf[at++] = 45;
    v = -v;
  }
  let end = at;
  let x = v;
  do {
    end++;
    x = Math.floor(x / 10);
  } while (x > 0);
  let p = end;
  do {
    buf[--p] = 48 + (v % 10);
    v = Math.floor(v / 10);
  } while (v > 0);
  return end;
}
