import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe } from 'vitest';
import { type BuildAppOptions, buildApp } from '../../server/app';
import { type DbKind, type DbTarget, openDatabase } from '../../server/db/client';

/**
 * Server test helpers. `eachDatabase` runs a suite against in-memory PGlite (always) and against
 * PostgreSQL when TEST_DATABASE_URL is set (a fresh database per suite on that server, dropped after).
 * `buildTestApp` builds a quiet app on an empty database; every test closes its app.
 */

export const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL?.trim() || undefined;

export interface TestDb {
  kind: DbKind;
  /** A target holding an empty, migratable database (PGlite: in memory; PostgreSQL: the suite database, wiped). */
  fresh(): Promise<DbTarget>;
  /** A target that survives app restarts within one test (PGlite: a temp folder; PostgreSQL: the suite database, wiped). */
  freshPersistent(): Promise<DbTarget>;
}

// One migrated in-memory PGlite per test worker, dumped once: loading the dump is several times
// faster than initdb + migrations for every test.
let pgliteTemplate: Promise<Blob> | undefined;
function pgliteTemplateDump(): Promise<Blob> {
  pgliteTemplate ??= (async () => {
    const db = await openDatabase({ kind: 'pglite' });
    try {
      return await db.pglite!.dumpDataDir('none');
    } finally {
      await db.close();
    }
  })();
  return pgliteTemplate;
}

function pgliteTestDb(): TestDb {
  const dirs: string[] = [];
  afterAll(() => {
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });
  return {
    kind: 'pglite',
    fresh: async () => ({ kind: 'pglite', loadDataDir: await pgliteTemplateDump() }),
    freshPersistent: async () => {
      const dir = mkdtempSync(path.join(os.tmpdir(), 'morapack-test-'));
      dirs.push(dir);
      return { kind: 'pglite', dataDir: dir };
    },
  };
}

function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}

async function adminQuery(url: string, text: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

function postgresTestDb(serverUrl: string, suite: string): TestDb {
  const slug = suite
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .slice(0, 30);
  const name = `t_${slug}_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
  const url = withDatabase(serverUrl, name);
  beforeAll(async () => {
    await adminQuery(serverUrl, `CREATE DATABASE "${name}"`);
  });
  afterAll(async () => {
    await adminQuery(serverUrl, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  });
  const fresh = async (): Promise<DbTarget> => {
    await adminQuery(url, 'DROP SCHEMA public CASCADE; CREATE SCHEMA public;');
    return { kind: 'postgres', url };
  };
  return { kind: 'postgres', fresh, freshPersistent: fresh };
}

/** Declares the suite once per available database: "name [pglite]" and "name [postgres]". */
export function eachDatabase(name: string, fn: (db: TestDb) => void): void {
  describe(`${name} [pglite]`, () => {
    fn(pgliteTestDb());
  });
  const serverUrl = TEST_DATABASE_URL;
  if (serverUrl) {
    describe(`${name} [postgres]`, () => {
      fn(postgresTestDb(serverUrl, name));
    });
  }
}

export interface TestAppOptions extends Omit<BuildAppOptions, 'database'> {
  /** Suite database: the app gets a fresh empty one from it. */
  db?: TestDb;
  /** Exact target (e.g. from `freshPersistent()`, to restart an app on the same data). */
  database?: DbTarget;
}

/** A quiet app (no logger unless given, no demo seeding, no static files) on an empty database unless `database` is given. */
export async function buildTestApp(options: TestAppOptions = {}): Promise<FastifyInstance> {
  const { db, database, config, logger = false, ...rest } = options;
  const target: DbTarget =
    database ?? (db ? await db.fresh() : { kind: 'pglite', loadDataDir: await pgliteTemplateDump() });
  const app = await buildApp({
    ...rest,
    env: {},
    logger,
    database: target,
    config: { seedDemo: false, staticDir: path.join(os.tmpdir(), 'morapack-no-static'), ...config },
  });
  await app.ready();
  return app;
}

/** Real input files live outside the project; tests that need them skip with a message when absent. */
export const REAL_DATA_DIR = path.resolve(process.cwd(), '../shared/data/morapack');
export const REAL_FILES = {
  airports: path.join(REAL_DATA_DIR, 'c.1inf54.25.2.Aeropuerto.husos.v1.20250818__estudiantes.txt'),
  flights: path.join(REAL_DATA_DIR, 'c.1inf54.25.2.planes_vuelo.v4.20250818.txt'),
  orders: path.join(REAL_DATA_DIR, 'pedidos-diciembre22-31.txt'),
};
export const HAS_REAL_DATA = Object.values(REAL_FILES).every((file) => existsSync(file));
if (!HAS_REAL_DATA) {
  console.warn(`Datos reales ausentes en ${REAL_DATA_DIR}: se omiten las pruebas que los usan.`);
}

/** A multipart/form-data body with one file part (field `file` unless told otherwise). */
export function multipartBody(
  filename: string,
  bytes: Uint8Array,
  field = 'file',
): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----morapack${Math.random().toString(36).slice(2)}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\n` +
      'Content-Type: text/plain\r\n\r\n',
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return {
    payload: Buffer.concat([head, bytes, tail]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

export type UploadKind = 'aereopuertos' | 'vuelos' | 'pedidos';

export function upload(app: FastifyInstance, kind: UploadKind, filename: string, bytes: Uint8Array) {
  return app.inject({ method: 'POST', url: `/api/${kind}/upload`, ...multipartBody(filename, bytes) });
}

/** Everything an operator can see of one kind of file, to compare before and after a rejected upload. */
export async function fileSnapshot(app: FastifyInstance, kind: UploadKind) {
  const status = (await app.inject(`/api/${kind}/status`)).json();
  const preview = await app.inject(`/api/${kind}/preview?lines=50`);
  const download = await app.inject(`/api/${kind}/download`);
  return {
    status,
    preview: { code: preview.statusCode, body: preview.body },
    download: { code: download.statusCode, bytes: download.rawPayload },
  };
}
