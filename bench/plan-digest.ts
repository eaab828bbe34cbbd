/**
 * npm run bench -- plan-digest [--root DIR] [--sets real,demoJan,demoJul] [--scales 1,4,8] [--stop]
 * Plans each demand set (bench/lib/demand.ts) at each scale (scaleOrders, seed 1; the demo sets at 1x only)
 * the way the benches do (runPlanner) and prints a SHA-256 of every order's final outcome (status, deadline,
 * shipments: legs, quantities, sources, decision times; cause), with the counts and the first order not on time.
 * --root runs another checkout's planner and harness on the same data (e.g. --root ../main): equal digests
 * mean a speed change left the plans as they were. --stop ends each run at the first order not on time, as a
 * planner-scale step does (its repair and diagnosis included): scales above the on-time limit stay quick.
 * Prints {"runs":[{"set","scale","orders","digest","onTime","firstFailure"}]} on stdout.
 */
import { createHash } from 'node:crypto';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs, progress } from './lib/args';
import { demandSets } from './lib/demand';

type RunModule = typeof import('./lib/run');
type DataModule = typeof import('./lib/data');

export default async function planDigest(argv: string[]): Promise<void> {
  const args = parseArgs(argv);
  const root = resolve(args.get('root') ?? resolve(import.meta.dirname, '..'));
  const load = (rel: string) => import(pathToFileURL(resolve(root, rel)).href);
  const { runPlanner } = (await load('bench/lib/run.ts')) as RunModule;
  const { scaleOrders } = (await load('bench/lib/data.ts')) as DataModule;
  const scales = (args.get('scales') ?? '1,4,8').split(',').map(Number);
  const sets = demandSets({
    ...args,
    get: (n) => (n === 'sets' ? (args.get(n) ?? 'real,demoJan,demoJul') : args.get(n)),
  });
  const runs = [];
  for (const set of sets) {
    for (const k of set.name.startsWith('demo') ? [1] : scales) {
      const orders = scaleOrders(set.data.orders, k, 1);
      const run = runPlanner(set.data.network, orders, undefined, args.has('stop'));
      const hash = createHash('sha256');
      for (const o of run.outcomes) hash.update(`${JSON.stringify(o)}\n`);
      const late = run.outcomes.find((o) => o.status === 'late' || o.status === 'unrouted');
      const r = {
        set: set.name,
        scale: k,
        orders: orders.length,
        digest: hash.digest('hex').slice(0, 16),
        onTime: run.outcomes.filter((o) => o.status === 'onTime').length,
        firstFailure: late ? `${late.key} ${late.status}: ${late.cause?.message ?? ''}` : null,
        cpuSeconds: Math.round(run.cpuSeconds * 100) / 100,
      };
      progress(JSON.stringify(r));
      runs.push(r);
    }
  }
  process.stdout.write(`${JSON.stringify({ root, runs })}\n`);
}
