import type { RawSession } from '../db/raw';
import { pgErrorCode } from '../db/tx';
import type { StoredOrderEvent } from '../domain/bus';
import { localToEpochMin } from '../domain/convert';
import { type OrderRecord, orderKey } from '../domain/types';
import { repeatedOrderMessage } from '../formats/orders';
import type { DataDeps } from './network';

/**
 * The database side of an order upload: valid lines staged in order_staging as they are parsed, moved
 * into `orders` batch by batch in the upload's transaction, then announced to the live run batch by
 * batch. Every statement touches one batch, so none grows with the file (PGlite runs each one on the
 * event loop's thread: a batch is the longest the server stops answering).
 */

/**
 * Orders per staging batch, per move statement and per announcement: each statement some 10-30 ms on
 * PGlite (the move also feeds the key-search trigram index), so a busy machine stays under 100 ms.
 */
export const BATCH = 1000;
/** Duplicate keys named in the upload answer (all are counted). */
const MAX_NAMED_DUPLICATES = 20;

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

export interface Moved {
  added: number;
  products: number;
  duplicates: number;
  duplicateKeys: string[];
}

/** Moves the staged orders into `orders`, one batch per statement; keys already stored are skipped and counted. */
export async function moveStaged(
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
    check();
  }
  return moved;
}

/**
 * Tells listeners (the live run) about the new orders once they are committed, one staged batch per
 * message: read back through the staging batch (its index, then the orders key), never by scanning
 * or sorting the whole table, and handed over in pieces the run's worker takes one at a time.
 */
export async function announceStaged(
  deps: DataDeps,
  uploadId: number,
  batches: number,
  fileId: number,
): Promise<void> {
  if ((deps.bus?.listenerCount('orders:added') ?? 0) === 0) return;
  for (let b = 0; b < batches; b++) {
    const rows = await deps.db.raw.query<{
      destination: string;
      seq: number;
      release_min: number;
      quantity: number;
      client_id: string;
    }>(
      `SELECT o.destination, o.seq, o.release_min, o.quantity, o.client_id
       FROM order_staging s JOIN orders o ON o.destination = s.destination AND o.seq = s.seq
       WHERE s.upload_id = $1 AND s.batch = $2 AND o.file_id = $3`,
      [uploadId, b, fileId],
    );
    if (rows.length === 0) continue;
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
  }
}

/** Staged rows (and the orders they became) a clean-up deletes per statement. */
const DISCARD_SLICE = 5000;

/**
 * Deletes an upload's staged rows and, when its file never became visible, the orders already moved
 * from them (`pendingFileId`: the id they carry), a slice at a time: one statement over a million rows
 * would stall PGlite. The staged rows lead to the moved orders by their key, so nothing scans the table.
 */
export async function discardStaged(
  db: RawSession,
  uploadId: number,
  pendingFileId: number | null,
): Promise<void> {
  for (;;) {
    const gone = await db.query<{ n: number }>(
      `WITH s AS (DELETE FROM order_staging WHERE ctid IN
         (SELECT ctid FROM order_staging WHERE upload_id = $1 LIMIT ${DISCARD_SLICE}) RETURNING destination, seq),
       o AS (DELETE FROM order_rows r USING s
         WHERE r.destination = s.destination AND r.seq = s.seq AND r.file_id = $2::integer
           AND NOT EXISTS (SELECT 1 FROM files f WHERE f.id = $2::integer))
       SELECT count(*)::integer AS n FROM s`,
      [uploadId, pendingFileId],
    );
    if (Number(gone[0].n) === 0) return;
  }
}

interface StagingIssue {
  line: number;
  message: string;
}

/** An upload's valid lines in order_staging, written in batches as they are parsed. */
export class Staging {
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
    /** Each airport's GMT offset the release times were computed with. */
    readonly gmt: ReadonlyMap<string, number>,
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
