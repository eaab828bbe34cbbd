import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { RawSession } from '../db/raw';
import { discardStaged } from './orders-staging';

/**
 * A file's bytes stored as it streams in: gzip members (level 1, compressed off the main thread) of
 * PART_BYTES of input each, one row of file_parts per member, under the upload's id. Memory holds one
 * part at a time whatever the file's size; reads inflate only the parts they need.
 */

const gzip = promisify(zlib.gzip);
const gunzip = promisify(zlib.gunzip);

/** Input bytes per stored part. */
export const PART_BYTES = 4 << 20;

export async function newUploadId(db: RawSession): Promise<number> {
  const rows = await db.query<{ id: string | number }>(
    "INSERT INTO uploads (id) VALUES (nextval('upload_ids')) RETURNING id",
  );
  return Number(rows[0].id);
}

export class FilePartWriter {
  private buffered: Buffer[] = [];
  private size = 0;
  private part = 0;

  constructor(
    private readonly db: RawSession,
    private readonly uploadId: number,
  ) {}

  async push(chunk: Uint8Array): Promise<void> {
    this.buffered.push(Buffer.from(chunk));
    this.size += chunk.byteLength;
    if (this.size >= PART_BYTES) await this.write();
  }

  async finish(): Promise<void> {
    if (this.size > 0 || this.part === 0) await this.write();
  }

  private async write(): Promise<void> {
    const whole = Buffer.concat(this.buffered, this.size);
    this.buffered = [];
    this.size = 0;
    // Hex: PGlite turns a bytea parameter into text one byte at a time (see files.ts).
    const hex = (await gzip(whole, { level: 1 })).toString('hex');
    await this.db.query(
      "INSERT INTO file_parts (upload_id, part, content) VALUES ($1, $2, decode($3, 'hex'))",
      [this.uploadId, this.part++, hex],
    );
  }
}

/** Ends an upload: its parts go unless a files row now points at them (its staged rows are gone already). */
export async function endUpload(db: RawSession, uploadId: number, linked: boolean): Promise<void> {
  if (!linked) await db.query('DELETE FROM file_parts WHERE upload_id = $1', [uploadId]);
  await db.query('DELETE FROM uploads WHERE id = $1', [uploadId]);
}

/**
 * Leftovers of uploads a crash cut short: their staged orders, the orders of a file that never became
 * visible, and the parts no file row points at.
 * `olderThanMinutes` spares uploads that may still be running on another server sharing the database.
 */
export async function discardUnfinishedUploads(db: RawSession, olderThanMinutes: number): Promise<void> {
  const stale = await db.query<{ id: string | number; file_id: number | null }>(
    `SELECT id, file_id FROM uploads WHERE started_at <= now() - make_interval(mins => $1::integer)`,
    [olderThanMinutes],
  );
  for (const { id, file_id } of stale) {
    await discardStaged(db, Number(id), file_id === null ? null : Number(file_id));
    await db.query(
      'DELETE FROM file_parts p WHERE p.upload_id = $1 AND NOT EXISTS (SELECT 1 FROM files f WHERE f.upload_id = p.upload_id)',
      [id],
    );
    // Last: while the row names a file id, that file's orders stay hidden.
    await db.query('DELETE FROM uploads WHERE id = $1', [id]);
  }
}

/** The stored parts of an upload, inflated one at a time, in order, until `enough` says stop. */
export async function* readParts(db: RawSession, uploadId: number): AsyncGenerator<Buffer> {
  for (let part = 0; ; part++) {
    const rows = await db.query<{ hex: string }>(
      "SELECT encode(content, 'hex') AS hex FROM file_parts WHERE upload_id = $1 AND part = $2",
      [uploadId, part],
    );
    if (rows.length === 0) return;
    yield await gunzip(Buffer.from(rows[0].hex, 'hex'));
  }
}
