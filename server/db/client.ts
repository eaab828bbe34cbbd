import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { PGlite, type Transaction } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import { from as copyFromStdin } from 'pg-copy-streams';
import { lockDataDir } from './dataLock';
import { migrate } from './migrate';
import type { RawDb } from './raw';
import * as schema from './schema';

export type DbKind = 'pglite' | 'postgres';

/** Where the data lives: PGlite on disk (or in memory when dataDir is absent), or a PostgreSQL server. */
export type DbTarget =
  | {
      kind: 'pglite';
      dataDir?: string;
      /** Start from a dump (`dumpDataDir`) instead of initdb: tests reuse one migrated template. */
      loadDataDir?: Blob;
    }
  | { kind: 'postgres'; url: string };

/** The drizzle instance type shared by both drivers. */
export type Orm = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface Database {
  kind: DbKind;
  orm: Orm;
  raw: RawDb;
  /** The PGlite client when kind is 'pglite' (dumps for test templates, COPY in benchmarks). */
  pglite?: PGlite;
  /** The PostgreSQL address when kind is 'postgres' (dedicated connections: locks, LISTEN). */
  url?: string;
  close(): Promise<void>;
}

const ident = (name: string) => `"${name.replaceAll('"', '""')}"`;
const copyTarget = (table: string, columns: readonly string[]) =>
  `${ident(table)} (${columns.map(ident).join(', ')})`;

/** Bytes per PGlite COPY statement (about 70k orders): PGlite runs on this thread, so one COPY of a
 * million rows would stall every request and the live stream for seconds; before each statement the
 * event loop gets a turn (yieldBeforeEachStatement). */
const PGLITE_COPY_BYTES = 4 << 20;

/** PGlite has no STDIN: COPY reads the rows from a blob it exposes as /dev/blob. */
async function pgliteCopyIn(
  client: PGlite | Transaction,
  table: string,
  columns: readonly string[],
  chunks: readonly Uint8Array[],
): Promise<number> {
  const text = `COPY ${copyTarget(table, columns)} FROM '/dev/blob'`;
  let rows = 0;
  for (let i = 0; i < chunks.length; ) {
    const group: Uint8Array<ArrayBuffer>[] = [];
    let size = 0;
    while (i < chunks.length && (group.length === 0 || size + chunks[i].byteLength <= PGLITE_COPY_BYTES)) {
      size += chunks[i].byteLength;
      group.push(chunks[i++] as Uint8Array<ArrayBuffer>);
    }
    rows += (await client.query(text, [], { blob: new Blob(group) })).affectedRows ?? 0;
  }
  return rows;
}

async function pgCopyIn(
  client: pg.ClientBase,
  table: string,
  columns: readonly string[],
  chunks: readonly Uint8Array[],
): Promise<number> {
  const stream = client.query(copyFromStdin(`COPY ${copyTarget(table, columns)} FROM STDIN`));
  await pipeline(Readable.from(chunks), stream);
  return stream.rowCount;
}

async function openPgliteClient(dataDir: string | undefined, loadDataDir: Blob | undefined): Promise<PGlite> {
  const client = await PGlite.create({
    // The order search's trigram index (migration 0005) needs it, as on PostgreSQL.
    extensions: { pg_trgm },
    ...(dataDir === undefined ? {} : { dataDir: path.resolve(dataDir) }),
    ...(loadDataDir === undefined ? {} : { loadDataDir }),
  });
  // Each statement runs on this thread, so two periodic costs of a large write were stalls of their own
  // (a million-line order upload, measured): a new 16 MB WAL segment filled with zeros, 40-45 ms inside
  // one commit every ~50 batches, and the trigram index's 4 MB pending list merged into the index, 45 ms
  // inside one insert every ~15 batches. Segments are then created without the zeros (WAL records carry
  // their own checksums: the zeros only pre-allocate), and the pending list is merged in smaller steps.
  await client.exec("SET wal_init_zero = off; SET gin_pending_list_limit = '512kB'");
  yieldBeforeEachStatement(client);
  return client;
}

/**
 * PGlite runs each statement synchronously on this thread and resolves it as a microtask, so a loop of
 * awaited statements (an upload's batches, a run's event pages) never gave the event loop a turn: a
 * hundred short statements were one long stall of every request, the live stream and SIGTERM. Every
 * protocol exchange (all queries, drizzle's included, go through execProtocolRaw) now waits for the
 * next turn first, so the longest stall is the longest single statement.
 */
function yieldBeforeEachStatement(client: PGlite): void {
  const exec = client.execProtocolRaw.bind(client);
  client.execProtocolRaw = async (message, options) => {
    await nextTurn();
    return exec(message, options);
  };
}

async function openPglite(dataDir: string | undefined, loadDataDir: Blob | undefined): Promise<Database> {
  let unlock = () => {};
  if (dataDir !== undefined) {
    const folder = path.resolve(dataDir);
    mkdirSync(path.dirname(folder), { recursive: true });
    // Beside the database folder, not in it: initdb wants an empty folder.
    unlock = lockDataDir(`${folder}.lock`, path.dirname(folder));
    mkdirSync(dataDir, { recursive: true });
  }
  let client: PGlite;
  try {
    client = await openPgliteClient(dataDir, loadDataDir);
  } catch (error) {
    unlock();
    throw error;
  }

  const raw: RawDb = {
    exec: async (text) => {
      await client.exec(text);
    },
    query: async <T>(text: string, params?: unknown[]) => (await client.query<T>(text, params)).rows,
    copyIn: (table, columns, chunks) => pgliteCopyIn(client, table, columns, chunks),
    transaction: (fn) =>
      client.transaction((tx) =>
        fn({
          exec: async (text) => {
            await tx.exec(text);
          },
          query: async <T>(text: string, params?: unknown[]) => (await tx.query<T>(text, params)).rows,
          copyIn: (table, columns, chunks) => pgliteCopyIn(tx, table, columns, chunks),
        }),
      ),
  };
  return {
    kind: 'pglite',
    orm: drizzlePglite(client, { schema }) as unknown as Orm,
    raw,
    pglite: client,
    close: async () => {
      try {
        if (!client.closed) await client.close();
      } finally {
        unlock();
      }
    },
  };
}

async function openPostgres(url: string): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  // An idle client losing its server must not crash the process; the next query reports it.
  pool.on('error', () => {});
  const raw: RawDb = {
    exec: async (text) => {
      await pool.query(text);
    },
    query: async <T>(text: string, params?: unknown[]) =>
      (await pool.query(text, params as unknown[] | undefined)).rows as T[],
    copyIn: async (table, columns, chunks) => {
      const client = await pool.connect();
      try {
        return await pgCopyIn(client, table, columns, chunks);
      } finally {
        client.release();
      }
    },
    transaction: async (fn) => {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        const result = await fn({
          exec: async (text) => {
            await client.query(text);
          },
          query: async <T>(text: string, params?: unknown[]) =>
            (await client.query(text, params as unknown[] | undefined)).rows as T[],
          copyIn: (table, columns, chunks) => pgCopyIn(client, table, columns, chunks),
        });
        await client.query('COMMIT');
        return result;
      } catch (error) {
        await client.query('ROLLBACK').catch(() => {});
        throw error;
      } finally {
        client.release();
      }
    },
  };
  let closed = false;
  return {
    kind: 'postgres',
    orm: drizzleNodePg(pool, { schema }) as unknown as Orm,
    raw,
    url,
    close: async () => {
      if (closed) return;
      closed = true;
      await pool.end();
    },
  };
}

/** Opens the database and brings its schema up to date. */
export async function openDatabase(target: DbTarget): Promise<Database> {
  const db =
    target.kind === 'pglite'
      ? await openPglite(target.dataDir, target.loadDataDir)
      : await openPostgres(target.url);
  try {
    await migrate(db.raw);
  } catch (error) {
    await db.close();
    throw error;
  }
  return db;
}

/** Rows of a drizzle `execute` result; both drivers answer `{ rows }`. */
export function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

/** Rows written by an INSERT/UPDATE/DELETE: PGlite says affectedRows, node-postgres rowCount. */
export function affectedOf(result: unknown): number {
  const r = result as { affectedRows?: number; rowCount?: number | null };
  return r.affectedRows ?? r.rowCount ?? 0;
}
