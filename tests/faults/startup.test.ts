import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import type { HealthDto } from '../../contract';
import { buildTestApp, eachDatabase } from '../server/helpers';
import { loadSimNetwork, sim, startRun, T0 } from '../server/simulationNetwork';

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});
function dataDir(): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'morapack-lock-'));
  dirs.push(dir);
  return path.join(dir, 'pglite');
}

it('a second server on the same data folder refuses to start, in Spanish; a dead owner lock is taken over', async () => {
  const folder = dataDir();
  const first = await buildTestApp({ database: { kind: 'pglite', dataDir: folder } });
  try {
    await expect(buildTestApp({ database: { kind: 'pglite', dataDir: folder } })).rejects.toThrow(
      /Otro servidor \(proceso \d+\) ya usa la carpeta de datos/,
    );
    expect((await first.inject('/api/health')).statusCode).toBe(200);
  } finally {
    await first.close();
  }
  // The owner was killed (no process with that pid): the lock is stale.
  writeFileSync(`${folder}.lock`, '999999999');
  const again = await buildTestApp({ database: { kind: 'pglite', dataDir: folder } });
  expect((await again.inject('/api/health')).statusCode).toBe(200);
  await again.close();
});

eachDatabase('restore after restart', (db) => {
  it("health says 'restaurando' (503) until every run is running again", async () => {
    const target = await db.freshPersistent();
    let wall = T0;
    const first = await buildTestApp({ database: target, now: () => wall });
    await loadSimNetwork(first, { days: 2 });
    await startRun(first, { modo: 'semanal', inicio: '2025-12-22T00:00:00Z', velocidad: 3600 });
    wall += 5000;
    await sim(first).tick();
    await first.close();

    // With PostgreSQL a start waits for its runs up to restoreWaitMs; past it, it answers while they
    // are restored (0 here: at once, as on PGlite).
    const again = await buildTestApp({ database: target, now: () => wall, config: { restoreWaitMs: 0 } });
    try {
      const during = await again.inject('/api/health');
      expect(during.statusCode).toBe(503);
      expect(during.json<HealthDto>()).toMatchObject({ status: 'restaurando' });
      await sim(again).settled();
      const after = await again.inject('/api/health');
      expect(after.statusCode).toBe(200);
      expect(after.json<HealthDto>().status).toBe('ok');
    } finally {
      await again.close();
    }
  });
});
