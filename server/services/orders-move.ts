import type { Database } from '../db/client';
import type { RawSession } from '../db/raw';
import { ApiError } from '../domain/errors';
import { lockNetworkRaw } from './network';
import { type Moved, moveStaged, type Staging } from './orders-staging';

/**
 * The last step of an order upload: the staged orders move into `orders` and the file row is written.
 *
 * On PostgreSQL one transaction does both: other requests have connections of their own meanwhile.
 * PGlite has one connection, and an open transaction holds it: a million orders took some 20 s, every
 * request waiting. There each batch commits on its own (other requests take their turn between
 * batches), the moved orders hidden by the view `orders` while the upload names their file id
 * (uploads.file_id, migration 0014); a short transaction then writes the file row and lifts the name,
 * so the file appears whole. A file that fails then has its moved orders deleted; a crash leaves them
 * hidden until the next start deletes them (discardUnfinishedUploads).
 */

export interface StagedFile {
  uploadId: number;
  filename: string;
  sizeBytes: number;
  encoding: string;
  lineCount: number;
  staging: Staging;
}

export interface Stored extends Moved {
  /** The new file row; undefined when the file added nothing (no row is kept then). */
  fileId?: number;
}

/** Stores the staged orders and the file row; `check` throws to stop between batches. */
export function storeStaged(db: Database, file: StagedFile, check: () => void): Promise<Stored> {
  return db.kind === 'pglite'
    ? withOrderFileMoves(db, () => inBatches(db, file, check))
    : inOneTransaction(db, file, check);
}

async function inOneTransaction(db: Database, file: StagedFile, check: () => void): Promise<Stored> {
  return db.raw
    .transaction(async (tx) => {
      await lockNetworkRaw(tx);
      await checkAirports(tx, file.staging);
      const fileId = await insertFile(tx, file);
      const moved = await moveStaged(tx, file.uploadId, file.staging.batches, fileId, check);
      // A file that adds nothing is not kept: its copy would only repeat orders already stored.
      if (moved.added === 0) throw new NothingNew(moved);
      return { ...moved, fileId };
    })
    .catch((error: unknown) => {
      if (error instanceof NothingNew) return error.moved;
      throw error;
    });
}

async function inBatches(db: Database, file: StagedFile, check: () => void): Promise<Stored> {
  const [{ id }] = await db.raw.query<{ id: string | number }>(
    "SELECT nextval(pg_get_serial_sequence('files', 'id')) AS id",
  );
  const fileId = Number(id);
  // Named before the first batch moves: from then on the batches stay hidden until the file row exists.
  await db.raw.query('UPDATE uploads SET file_id = $2 WHERE id = $1', [file.uploadId, fileId]);
  const moved = await moveStaged(db.raw, file.uploadId, file.staging.batches, fileId, check);
  if (moved.added === 0) return moved;
  await db.raw.transaction(async (tx) => {
    await lockNetworkRaw(tx);
    await checkAirports(tx, file.staging);
    await insertFile(tx, file, fileId);
    await tx.query('UPDATE uploads SET file_id = NULL WHERE id = $1', [file.uploadId]);
    // The batches left the search's key version alone while hidden (migration 0014).
    await tx.query('UPDATE order_key_version SET version = version + 1');
  });
  return { ...moved, fileId };
}

/** The file id an upload's hidden orders carry (null when none are hidden). */
export async function pendingFileId(db: RawSession, uploadId: number): Promise<number | null> {
  const rows = await db.query<{ file_id: number | null }>('SELECT file_id FROM uploads WHERE id = $1', [
    uploadId,
  ]);
  const id = rows[0]?.file_id;
  return id === null || id === undefined ? null : Number(id);
}

/** Writes the file row (with the id reserved for it, if given); returns its id. */
async function insertFile(tx: RawSession, file: StagedFile, reserved?: number): Promise<number> {
  const withId = reserved !== undefined;
  const rows = await tx.query<{ id: string | number }>(
    `INSERT INTO files (kind, filename, size_bytes, encoding, line_count, record_count, content, content_encoding, upload_id${withId ? ', id' : ''})
     ${withId ? 'OVERRIDING SYSTEM VALUE' : ''} VALUES ('pedidos', $1, $2, $3, $4, $5, ''::bytea, 'gzip', $6${withId ? ', $7' : ''})
     RETURNING id`,
    [
      file.filename,
      file.sizeBytes,
      file.encoding,
      file.lineCount,
      file.staging.count,
      file.uploadId,
      ...(withId ? [reserved] : []),
    ],
  );
  return Number(rows[0].id);
}

/**
 * Under the network lock: every destination still exists, with the GMT offset the release times were
 * computed with (an airports file may have replaced them while the orders were parsed or moved).
 */
async function checkAirports(tx: RawSession, staging: Staging): Promise<void> {
  const now = new Map(
    (await tx.query<{ code: string; gmt: number }>('SELECT code, gmt FROM airports')).map((r) => [
      r.code,
      Number(r.gmt),
    ]),
  );
  const changed = [...staging.destinations].filter((c) => now.get(c) !== staging.gmt.get(c));
  if (changed.length > 0) {
    const missing = changed.filter((c) => !now.has(c));
    const moved = changed.filter((c) => now.has(c));
    const what = [
      missing.length > 0 ? `faltan ${missing.join(', ')}` : '',
      moved.length > 0 ? `cambió el huso horario de ${moved.join(', ')}` : '',
    ]
      .filter((s) => s !== '')
      .join('; ');
    throw new ApiError(
      409,
      'CONFLICTO',
      `Los aeropuertos cambiaron durante la carga; ${what}. Vuelve a intentarlo.`,
    );
  }
}

class NothingNew extends Error {
  constructor(readonly moved: Moved) {
    super('sin pedidos nuevos');
  }
}

/** The end of the chain of moves (and readers waiting for none) per database. */
const moves = new WeakMap<Database, Promise<unknown>>();

/**
 * Runs `fn` when no order file is moving into the table on this database, and keeps the next move out
 * until it ends. On PGlite the moves of two uploads must not overlap (the second would count the first's
 * hidden orders as already stored), nor a run pin the last order id meanwhile: the hidden orders carry
 * ids below those stored after them, and a run replays every order up to the id it pinned.
 * PostgreSQL needs nothing of this: there the move is one transaction under the network lock.
 */
export async function withOrderFileMoves<T>(db: Database, fn: () => Promise<T>): Promise<T> {
  if (db.kind !== 'pglite') return fn();
  const before = moves.get(db) ?? Promise.resolve();
  const turn = before.catch(() => {}).then(fn);
  moves.set(db, turn);
  try {
    return await turn;
  } finally {
    if (moves.get(db) === turn) moves.delete(db);
  }
}
