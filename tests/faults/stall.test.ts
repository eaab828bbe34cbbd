import { expect, it } from 'vitest';
import { openDatabase } from '../../server/db/client';
import { order, ordersFile } from '../server/fixtures';
import { buildTestApp, eachDatabase, upload } from '../server/helpers';
import { loadSimNetwork, sim, startRun, T0 } from '../server/simulationNetwork';

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

eachDatabase('restoring a long event log', (db) => {
  it('a daily-operation run that took an 11,000-order file restarts with the same figures', async () => {
    const target = await db.freshPersistent();
    const wall = T0;
    const first = await buildTestApp({ database: target, now: () => wall });
    let again: Awaited<ReturnType<typeof buildTestApp>> | undefined;
    let firstOpen = true;
    try {
      await loadSimNetwork(first, { days: 1 });
      const run = await startRun(first, { modo: 'operacion', inicio: '2025-12-23T12:00:00Z' });
      // Dated before the run's start: each is planned as it arrives and kept in the run's event log,
      // which is then read and handed to the restored run's worker in several pieces.
      const dests = ['SKBO', 'SEQM', 'LEMD', 'VIDP', 'EBCI'];
      const live = Array.from({ length: 11_000 }, (_, i) =>
        order(dests[i % dests.length], 1000 + i, { day: 23, hour: 6, minute: i % 60, quantity: 1 }),
      );
      expect((await upload(first, 'pedidos', 'en-vivo.txt', ordersFile(live))).statusCode).toBe(200);
      const planned = async (app: typeof first) =>
        (await sim(app).runs.get(run.id)).progreso.pedidosPlanificados;
      while ((await planned(first)) < 24 + live.length) await new Promise((r) => setTimeout(r, 50));
      const before = await sim(first).runs.get(run.id);
      firstOpen = false;
      await first.close();

      again = await buildTestApp({ database: target, now: () => wall });
      await sim(again).settled();
      const after = await sim(again).runs.get(run.id);
      expect(after.progreso.pedidosPlanificados).toBe(before.progreso.pedidosPlanificados);
      expect(after.kpis).toEqual(before.kpis);
    } finally {
      await again?.close();
      if (firstOpen) await first.close();
    }
  });
});
