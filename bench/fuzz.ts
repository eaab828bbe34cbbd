/**
 * `npm run bench -- fuzz [--minutes 10] [--seed N] [--batch 25] [--database-url postgres://…]`
 * Fuzzes every operation of the API document round after round until the time is up (the suite in
 * tests/server/fuzz.test.ts is one short round with a fixed seed). PGlite in memory unless a
 * PostgreSQL URL is given (or TEST_DATABASE_URL is set): a scratch database there, dropped after.
 * Prints the requests tried per operation and every failure (5xx, an answer without a Spanish
 * message and code, a refused write that changed what is stored).
 */
import pg from 'pg';
import type { DbTarget } from '../server/db/client';
import { Prober } from '../tests/fuzz/probe';
import { openWorld } from '../tests/fuzz/world';
import { parseArgs, progress } from './lib/args';

async function admin(url: string, sql: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

export default async function fuzzBench(argv: string[]): Promise<void> {
  const args = parseArgs(argv);
  const minutes = args.number('minutes', 10);
  const seed = args.number('seed', Date.now() % 2 ** 31);
  const batch = args.number('batch', 25);
  const serverUrl = args.get('database-url') ?? process.env.TEST_DATABASE_URL;
  let target: DbTarget = { kind: 'pglite' };
  let scratch: { server: string; name: string } | null = null;
  if (serverUrl) {
    scratch = { server: serverUrl, name: `fuzz_bench_${process.pid}` };
    await admin(serverUrl, `CREATE DATABASE "${scratch.name}"`);
    const u = new URL(serverUrl);
    u.pathname = `/${scratch.name}`;
    target = { kind: 'postgres', url: u.toString() };
  }
  progress(`fuzz: ${minutes} min, seed ${seed}, ${batch} requests per operation per round, ${target.kind}`);
  // A promise that never settles must show as a hang, not as a silent, successful exit.
  const keepAlive = setInterval(() => {}, 60_000);
  const world = await openWorld(target);
  const prober = new Prober(world);
  const started = Date.now();
  const deadline = started + minutes * 60_000;
  let round = 0;
  try {
    while (Date.now() < deadline) {
      for (const [i, op] of world.operations.entries()) {
        if (Date.now() >= deadline) break;
        await prober.fuzz(op, seed + round * 1_000 + i, batch);
      }
      round++;
      const total = Object.values(prober.report.counts).reduce((n, c) => n + c.requests, 0);
      progress(
        `round ${round}: ${total} requests, ${prober.report.failures.length} failures, ${((Date.now() - started) / 1000).toFixed(0)} s`,
      );
    }
  } finally {
    clearInterval(keepAlive);
    await world.close();
    if (scratch) await admin(scratch.server, `DROP DATABASE IF EXISTS "${scratch.name}" WITH (FORCE)`);
  }
  const { counts, failures } = prober.report;
  for (const [op, c] of Object.entries(counts))
    progress(`${String(c.requests).padStart(6)}  ${op}  ${JSON.stringify(c.byStatus)}`);
  for (const f of failures)
    progress(
      `FALLO ${f.operation}: ${f.reason}\n  ${JSON.stringify(f.request)}\n  → ${f.status} ${f.body ?? ''}`,
    );
  const requests = Object.values(counts).reduce((n, c) => n + c.requests, 0);
  const byStatus: Record<string, number> = {};
  for (const c of Object.values(counts))
    for (const [s, n] of Object.entries(c.byStatus)) byStatus[s] = (byStatus[s] ?? 0) + n;
  console.log(
    JSON.stringify({
      bench: 'fuzz',
      database: target.kind,
      seed,
      seconds: Math.round((Date.now() - started) / 1000),
      rounds: round,
      operations: world.operations.length,
      requests,
      byStatus,
      perOperation: Object.fromEntries(Object.entries(counts).map(([op, c]) => [op, c.requests])),
      failures: failures.length,
      fiveHundreds: failures.filter((f) => (f.status ?? 0) >= 500).length,
    }),
  );
  if (failures.length > 0) process.exitCode = 1;
}
