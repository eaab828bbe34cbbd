import fp from 'fastify-plugin';
import { type Database, type DbTarget, openDatabase } from '../db/client';
import { discardUnfinishedUploads } from '../services/file-parts';

declare module 'fastify' {
  interface FastifyInstance {
    db: Database;
  }
}

/** An upload still unfinished after this long was cut short by a crash. */
const STALE_UPLOAD_MINUTES = 60;

/** Opens the database (running migrations) and closes it when the app closes. */
export const dbPlugin = fp<{ target: DbTarget }>(
  async (app, opts) => {
    const db = await openDatabase(opts.target);
    // Uploads a crash cut short: on PGlite (one server per data folder) all of them; on PostgreSQL, which
    // several servers may share, only those older than any upload can take.
    await discardUnfinishedUploads(db.raw, db.kind === 'pglite' ? 0 : STALE_UPLOAD_MINUTES);
    app.decorate('db', db);
    app.addHook('onClose', async () => {
      await db.close();
    });
  },
  { name: 'db', fastify: '5.x' },
);
