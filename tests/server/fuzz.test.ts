import { expect, it } from 'vitest';
import { Prober } from '../fuzz/probe';
import { openWorld } from '../fuzz/world';
import { eachDatabase } from './helpers';

// The same requests on every run (fixed seed), a bounded number per operation: a longer, random
// run is `npm run bench -- fuzz --minutes N`.
const SEED = Number(process.env.FUZZ_SEED ?? 31);
const RUNS = Number(process.env.FUZZ_RUNS ?? 12);

eachDatabase('fuzzing every operation of the API document', (db) => {
  it('answers every request with a 2xx or a Spanish 4xx, never a 5xx, and a refused write stores nothing', async () => {
    const world = await openWorld(await db.fresh());
    try {
      const prober = new Prober(world);
      for (const [i, op] of world.operations.entries()) await prober.fuzz(op, SEED + i, RUNS);
      expect(world.operations.length).toBeGreaterThan(0);
      // Every operation of the document was tried, each as many times as asked.
      for (const op of world.operations) expect(prober.report.counts[op.id]?.requests, op.id).toBe(RUNS);
      const failures = prober.report.failures.map(
        (f) =>
          `${f.operation}: ${f.reason} (${f.request.as}: ${f.request.method} ${f.request.url}) ${f.body ?? ''}`,
      );
      expect(failures).toEqual([]);
    } finally {
      await world.close();
    }
  }, 900_000);
});
