import { setImmediate as nextTurn } from 'node:timers/promises';
import type { OrdersUploadOkDto } from '../../contract';
import type { RawSession } from '../db/raw';
import { pgErrorCode } from '../db/tx';
import type { StoredOrderEvent } from '../domain/bus';
import { localToEpochMin } from '../domain/convert';
import { ApiError } from '../domain/errors';
import { type OrderRecord, orderKey } from '../domain/types';
import { createOrderLineParser, repeatedOrderMessage } from '../formats/orders';
import { StreamDecoder, TextDecodeError } from '../formats/text';
import { endUpload, FilePartWriter, newUploadId } from './file-parts';
import { type DataDeps, listAirports, lockNetworkRaw } from './network';
import { encodingError, fmt, invalidFile } from './upload';

/**
 * An order file streamed through the database in slices, so that neither memory nor any single step
 * grows with the file: each piece of bytes is decoded and parsed, its valid lines go to order_staging
 * in batches (COPY, a few milliseconds each) and its bytes to file_parts; only then does one
 * transaction link the file and move the staged orders batch by batch (each statement short, the
 * event loop free between them). Repeated keys inside the file are found by the staging table's key.
 */

export type OrdersUploadResult = OrdersUploadOkDto;

/** Orders per staging batch and per move statement: about 20-60 ms of database work each. */
const BATCH = 4000;
/** Duplicate keys named in the upload answer (all are counted). */
const MAX_NAMED_DUPLICATES = 20;
/** Loads this large refresh the planner's statistics of the orders table. */
const ANALYZE_AFTER_ROWS = 10_000;

const STAGING_COLUMNS = [
  'upload_id',
  'batch',
  'line',
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
] as const;

const ORDER_FIELDS =
  'destination, seq, local_year, local_month, local_day, local_hour, local_minute, release_min, quantity, client_id';

/** Stores the order file whose bytes `source` yields; answers as the upload route does. */
export async function storeOrdersUpload(
  deps: DataDeps,
  filename: string,
  source: AsyncIterable<Uint8Array>,
  /** Throws to stop between slices (the server is closing); nothing is stored then. */
  check: () => void = () => {},
): Promise<OrdersUploadResult> {
  const known = await listAirports(deps.db);
  if (known.length === 0) {
    throw new ApiError(
      400,
      'SIN_AEROPUERTOS',
      'Carga primero el archivo de aeropuertos: los pedidos se validan contra él',
    );
  }
  const gmt = new Map(known.map((a) => [a.code, a.gmt]));
  const uploadId = await newUploadId(deps.db.raw);
  const parts = new FilePartWriter(deps.db.raw, uploadId);
  const staging = new Staging(deps.db.raw, uploadId, gmt);
  let linked = false;
  try {
    const parser = createOrderLineParser(new Set(gmt.keys()), { trackDuplicates: false });
    const decoder = new StreamDecoder();
    let size = 0;
    let lastChar = '';
    let lines = 0;
    const feed = async (text: string) => {
      if (text.length === 0) return;
      lastChar = text[text.length - 1];
      for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) lines++;
      parser.push(text);
      const taken = parser.take();
      // Once the file has errors nothing of it will be stored: parsing goes on only to list them.
      if (staging.ok && parser.errorCount() === 0) {
        for (const issue of await staging.add(taken.records, taken.lines)) {
          parser.addIssue(issue.line, 'número de pedido', issue.message);
        }
      } else staging.ok = false;
    };
    try {
      for await (const chunk of source) {
        size += chunk.byteLength;
        if (staging.ok) await parts.push(chunk);
        await feed(decoder.push(chunk));
        // Parsing a piece takes a few milliseconds; other requests get their turn between pieces.
        await nextTurn();
        check();
      }
      await feed(decoder.end());
    } catch (error) {
      if (error instanceof TextDecodeError) throw encodingError(error, filename);
      throw error;
    }
    if (lastChar !== '' && lastChar !== '\n') lines++;
    // The last line may lack a newline: only end() parses it.
    const last = parser.end();
    const rest = parser.take();
    if (staging.ok && last.errorCount === 0) await staging.add(rest.records, rest.lines);
    await staging.flush();
    for (const issue of staging.takeIssues()) parser.addIssue(issue.line, 'número de pedido', issue.message);
    const parsed = parser.end();
    if (parsed.errorCount > 0) {
      parsed.errors.sort((a, b) => a.line - b.line);
      throw invalidFile(filename, parsed);
    }
    if (staging.count === 0) {
      throw new ApiError(400, 'ARCHIVO_VACIO', `El archivo ${filename} no contiene pedidos`);
    }
    await parts.finish();

    const outcome = await deps.db.raw
      .transaction(async (tx) => {
        await lockNetworkRaw(tx);
        const now = new Set(
          (await tx.query<{ code: string }>('SELECT code FROM airports')).map((r) => r.code),
        );
        const missing = [...staging.destinations].filter((c) => !now.has(c));
        if (missing.length > 0) {
          throw new ApiError(
            409,
            'CONFLICTO',
            `Los aeropuertos cambiaron durante la carga; faltan ${missing.join(', ')}. Vuelve a intentarlo.`,
          );
        }
        const fileRows = await tx.query<{ id: number }>(
          `INSERT INTO files (kind, filename, size_bytes, encoding, line_count, record_count, content, content_encoding, upload_id)
         VALUES ('pedidos', $1, $2, $3, $4, $5, ''::bytea, 'gzip', $6) RETURNING id`,
          [filename, size, decoder.encoding ?? 'utf-8', lines, staging.count, uploadId],
        );
        const fileId = Number(fileRows[0].id);
        const moved = await moveStaged(tx, uploadId, staging.batches, fileId, check);
        // A file that adds nothing is not kept: its copy would only repeat orders already stored.
        if (moved.added === 0) throw new NothingNew(moved);
        return { ...moved, fileId };
      })
      .catch((error: unknown) => {
        if (error instanceof NothingNew) return { ...error.moved, fileId: undefined };
        throw error;
      });
    linked = outcome.fileId !== undefined;
    if (outcome.added >= ANALYZE_AFTER_ROWS) await deps.db.raw.exec('ANALYZE orders');
    if (outcome.fileId !== undefined) await announce(deps, outcome.fileId);

    let message =
      outcome.added === 0
        ? `El archivo de pedidos ${filename} no trae pedidos nuevos: no se guardó otra copia`
        : `Archivo de pedidos ${filename} cargado: ${fmt(outcome.added)} pedidos nuevos (${fmt(outcome.products)} productos)`;
    if (outcome.duplicates > 0) {
      const named =
        outcome.duplicateKeys.join(', ') + (outcome.duplicates > outcome.duplicateKeys.length ? ', …' : '');
      message += `. ${fmt(outcome.duplicates)} ${outcome.duplicates === 1 ? 'pedido ya estaba registrado y se omitió' : 'pedidos ya estaban registrados y se omitieron'}: ${named}`;
    }
    return {
      message,
      added: outcome.added,
      duplicates: outcome.duplicates,
      duplicateKeys: outcome.duplicateKeys,
      products: outcome.products,
    };
  } finally {
    await staging.clear();
    await endUpload(deps.db.raw, uploadId, linked);
  }
}

/** Whole-file variant (demo seeding, tools): same validation and storage as an upload. */
export async function appendOrdersFile(
  deps: DataDeps,
  file: { filename: string; bytes: Uint8Array },
): Promise<OrdersUploadResult> {
  async function* pieces() {
    const piece = 1 << 18;
    for (let i = 0; i < file.bytes.byteLength; i += piece) yield file.bytes.subarray(i, i + piece);
  }
  return storeOrdersUpload(deps, file.filename, pieces());
}

interface Moved {
  added: number;
  products: number;
  duplicates: number;
  duplicateKeys: string[];
}

class NothingNew extends Error {
  constructor(readonly moved: Moved) {
    super('sin pedidos nuevos');
  }
}

/** Moves the staged orders into `orders`, one batch per statement; keys already stored are skipped and counted. */
async function moveStaged(
  tx: RawSession,
  uploadId: number,
  batches: number[],
  fileId: number,
  check: () => void,
): Promise<Moved> {
  const moved: Moved = { added: 0, products: 0, duplicates: 0, duplicateKeys: [] };
  for (let b = 0; b < batches.length; b++) {
    const rows = await tx.query<{ n: number; q: string | number }>(
      `WITH ins AS (
         INSERT INTO orders (${ORDER_FIELDS}, source, file_id)
         SELECT ${ORDER_FIELDS}, 'archivo', $3::integer FROM order_staging WHERE upload_id = $1 AND batch = $2
         ON CONFLICT (destination, seq) DO NOTHING RETURNING quantity)
       SELECT count(*)::integer AS n, coalesce(sum(quantity), 0)::bigint AS q FROM ins`,
      [uploadId, b, fileId],
    );
    const n = Number(rows[0].n);
    moved.added += n;
    moved.products += Number(rows[0].q);
    const skipped = batches[b] - n;
    if (skipped > 0) {
      moved.duplicates += skipped;
      const room = MAX_NAMED_DUPLICATES - moved.duplicateKeys.length;
      if (room > 0) {
        const named = await tx.query<{ destination: string; seq: number }>(
          `SELECT s.destination, s.seq FROM order_staging s
           JOIN orders o ON o.destination = s.destination AND o.seq = s.seq
           WHERE s.upload_id = $1 AND s.batch = $2 AND o.file_id IS DISTINCT FROM $3::integer
           ORDER BY s.line LIMIT $4`,
          [uploadId, b, fileId, room],
        );
        for (const r of named) moved.duplicateKeys.push(orderKey(r.destination, Number(r.seq)));
      }
    }
    await nextTurn();
    check();
  }
  return moved;
}

/** Tells listeners (the live run) about the new orders, a batch at a time, read back from the table. */
async function announce(deps: DataDeps, fileId: number): Promise<void> {
  if ((deps.bus?.listenerCount('orders:added') ?? 0) === 0) return;
  let after = { destination: '', seq: -1 };
  for (;;) {
    const rows = await deps.db.raw.query<{
      destination: string;
      seq: number;
      release_min: number;
      quantity: number;
      client_id: string;
    }>(
      `SELECT destination, seq, release_min, quantity, client_id FROM orders
       WHERE file_id = $1 AND (destination, seq) > ($2, $3)
       ORDER BY destination, seq LIMIT ${BATCH * 5}`,
      [fileId, after.destination, after.seq],
    );
    if (rows.length === 0) return;
    const added: StoredOrderEvent[] = rows.map((r) => ({
      key: orderKey(r.destination, Number(r.seq)),
      destination: r.destination,
      seq: Number(r.seq),
      releaseMin: Number(r.release_min),
      quantity: Number(r.quantity),
      clientId: r.client_id,
      source: 'archivo',
    }));
    deps.bus?.emit('orders:added', added);
    const last = rows[rows.length - 1];
    after = { destination: last.destination, seq: Number(last.seq) };
  }
}

interface StagingIssue {
  line: number;
  message: string;
}

/** An upload's valid lines in order_staging, written in batches as they are parsed. */
class Staging {
  ok = true;
  count = 0;
  /** Rows per batch number. */
  readonly batches: number[] = [];
  readonly destinations = new Set<string>();
  private pending: OrderRecord[] = [];
  private pendingLines: number[] = [];
  private issues: StagingIssue[] = [];

  constructor(
    private readonly db: RawSession,
    private readonly uploadId: number,
    private readonly gmt: Map<string, number>,
  ) {}

  /** Adds parsed orders; returns repeated keys found so far (each with the line that repeats). */
  async add(records: OrderRecord[], lines: number[]): Promise<StagingIssue[]> {
    for (let i = 0; i < records.length; i++) {
      this.pending.push(records[i]);
      this.pendingLines.push(lines[i]);
      if (this.pending.length >= BATCH) await this.flush();
    }
    return this.takeIssues();
  }

  takeIssues(): StagingIssue[] {
    const issues = this.issues;
    this.issues = [];
    return issues;
  }

  async flush(): Promise<void> {
    if (this.pending.length === 0) return;
    const records = this.pending;
    const lines = this.pendingLines;
    this.pending = [];
    this.pendingLines = [];
    const batch = this.batches.length;
    try {
      await this.db.copyIn('order_staging', STAGING_COLUMNS, [this.encode(records, lines, batch)]);
      this.batches.push(records.length);
      this.count += records.length;
    } catch (error) {
      if (pgErrorCode(error) !== '23505') throw error;
      await this.insertReportingRepeats(records, lines, batch);
    }
    for (const o of records) this.destinations.add(o.destination);
  }

  /** The slow path for a batch holding a repeated key: row by row, naming each repeat's first line. */
  private async insertReportingRepeats(
    records: OrderRecord[],
    lines: number[],
    batch: number,
  ): Promise<void> {
    let stored = 0;
    for (let i = 0; i < records.length; i++) {
      const o = records[i];
      const rows = await this.db.query<{ line: number }>(
        `INSERT INTO order_staging (${STAGING_COLUMNS.join(', ')})
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13)
         ON CONFLICT (upload_id, destination, seq) DO NOTHING RETURNING line`,
        [
          this.uploadId,
          batch,
          lines[i],
          o.destination,
          o.seq,
          o.year,
          o.month,
          o.day,
          o.hour,
          o.minute,
          this.release(o),
          o.quantity,
          o.clientId,
        ],
      );
      if (rows.length > 0) {
        stored++;
        continue;
      }
      const first = await this.db.query<{ line: number }>(
        'SELECT line FROM order_staging WHERE upload_id = $1 AND destination = $2 AND seq = $3',
        [this.uploadId, o.destination, o.seq],
      );
      this.ok = false;
      this.issues.push({
        line: lines[i],
        message: repeatedOrderMessage(
          String(o.seq).padStart(9, '0'),
          o.destination,
          Number(first[0]?.line ?? 0),
        ),
      });
    }
    this.batches.push(stored);
    this.count += stored;
  }

  private release(o: OrderRecord): number {
    return localToEpochMin(o.year, o.month, o.day, o.hour, o.minute, this.gmt.get(o.destination)!);
  }

  /** COPY text: codes and client ids are validated ASCII digits and letters, integers need no escaping. */
  private encode(records: OrderRecord[], lines: number[], batch: number): Uint8Array {
    let text = '';
    const prefix = `${this.uploadId}\t${batch}\t`;
    for (let i = 0; i < records.length; i++) {
      const o = records[i];
      text += `${prefix}${lines[i]}\t${o.destination}\t${o.seq}\t${o.year}\t${o.month}\t${o.day}\t${o.hour}\t${o.minute}\t${this.release(o)}\t${o.quantity}\t${o.clientId}\n`;
    }
    return new TextEncoder().encode(text);
  }

  /** Deletes the staged rows a batch at a time (one statement over a million rows would stall PGlite). */
  async clear(): Promise<void> {
    for (let b = 0; b < this.batches.length; b++) {
      await this.db.query('DELETE FROM order_staging WHERE upload_id = $1 AND batch = $2', [
        this.uploadId,
        b,
      ]);
    }
    this.batches.length = 0;
  }
}
