import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { RawDb } from './raw';

/**
 * A tiny migrator that runs the same hand-written SQL on PGlite and PostgreSQL.
 * Files are `NNNN_name.sql` in ./migrations, applied in name order, each in its own transaction,
 * recorded in `schema_migrations`. Adding a migration = dropping in a new file.
 */
export const MIGRATIONS_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

const FILE_NAME = /^\d{4}_[A-Za-z0-9_-]+\.sql$/;
// Serialises servers migrating the same PostgreSQL database at once.
const LOCK_ID = 7_263_001;

export interface Migration {
  name: string;
  sql: string;
}

export function readMigrations(dir: string = MIGRATIONS_DIR): Migration[] {
  return readdirSync(dir)
    .filter((name) => FILE_NAME.test(name))
    .sort()
    .map((name) => ({ name, sql: readFileSync(path.join(dir, name), 'utf8') }));
}

/** Applies pending migrations; returns the names applied now. */
export async function migrate(db: RawDb, migrations: Migration[] = readMigrations()): Promise<string[]> {
  await db.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock($1)', [LOCK_ID]);
    await tx.exec(
      'CREATE TABLE IF NOT EXISTS schema_migrations (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())',
    );
  });
  const applied: string[] = [];
  for (const migration of migrations) {
    const done = await db.transaction(async (tx) => {
      await tx.query('SELECT pg_advisory_xact_lock($1)', [LOCK_ID]);
      const rows = await tx.query<{ name: string }>('SELECT name FROM schema_migrations WHERE name = $1', [
        migration.name,
      ]);
      if (rows.length > 0) return false;
      try {
        await tx.exec(migration.sql);
      } catch (error) {
        throw new Error(`La migración ${migration.name} falló: ${(error as Error).message}`, {
          cause: error,
        });
      }
      await tx.query('INSERT INTO schema_migrations (name) VALUES ($1)', [migration.name]);
      return true;
    });
    if (done) applied.push(migration.name);
  }
  return applied;
}
