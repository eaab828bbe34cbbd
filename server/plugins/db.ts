import fp from 'fastify-plugin';
import { type Database, type DbTarget, openDatabase } from '../db/client';
import { discardUnfinishedUploads } from '../services/file-parts';

declare module 'fastify' {
  interface FastifyInstance {
    db: Database;
  }
}

/** Opens the database (running migrations) and closes it when the app closes. */
export const dbPlugin = fp<{ target: DbTarget }>(
  async (app, opts) => {
    const db = await openDatabase(opts.target);
    // One server per database: staged rows and parts left by an upload a crash cut short are garbage.
    await discardUnfinishedUploads(db.raw);
    app.decorate('db', db);
    app.addHook('onClose', async () => {
      await db.close();
    });
  },
  { name: 'db', fastify: '5.x' },
);
