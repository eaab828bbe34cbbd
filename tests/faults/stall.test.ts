import { expect, it } from 'vitest';
import { openDatabase } from '../../server/db/client';
import { eachDatabase } from '../server/helpers';

/** Runs `work` while counting event-loop turns (a setImmediate chain: it only advances between tasks). */
async function turnsDuring(work: () => Promise<void>): Promise<number> {
  let turns = 0;
  let running = true;
  const spin = () => {
    if (!running) return;
    turns++;
    setImmediate(spin);
  };
  setImmediate(spin);
  try {
    await work();
  } finally {
    running = false;
  }
  return turns;
}

eachDatabase('event loop during database work', (db) => {
  it('gives other requests a turn between the statements of a long job (PGlite runs on this thread)', async () => {
    const database = await openDatabase(await db.fresh());
    try {
      const statements = 40;
      const turns = await turnsDuring(async () => {
        for (let i = 0; i < statements; i++) await database.raw.query('SELECT $1::integer AS i', [i]);
        for (let i = 0; i < statements; i++) await database.raw.transaction((tx) => tx.query('SELECT 1'));
      });
      // One turn at least before each statement: a chain of awaited statements is never one long task.
      expect(turns).toBeGreaterThanOrEqual(2 * statements);
    } finally {
      await database.close();
    }
  });
});
