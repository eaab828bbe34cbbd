/**
 * npm run bench -- planner [--orders FILE] [--airports FILE] [--flights FILE] [--scale K] [--seed S] [--plan-out FILE]
 * Plans the week (real files by default), validates the plan independently, prints one JSON line.
 */
import { writeFileSync } from 'node:fs';
import { planToJsonLines, validatePlan } from '../server/planner';
import { parseArgs, progress } from './lib/args';
import { loadBenchData, scaleOrders } from './lib/data';
import { runPlanner } from './lib/run';

export default async function planner(argv: string[]): Promise<void> {
  const args = parseArgs(argv);
  const scale = args.number('scale', 1);
  const seed = args.number('seed', 1);
  const data = loadBenchData(args);
  const orders = scaleOrders(data.orders, scale, seed);
  progress(`data: ${data.source}; ${orders.length} orders at scale ${scale}`);
  const run = runPlanner(data.network, orders, (done) => progress(`planned ${done}/${orders.length}`));
  const report = validatePlan(data.network, orders, run.outcomes);
  for (const v of report.violations
    .filter((x) => x.kind !== 'deadline' && x.kind !== 'unshipped')
    .slice(0, 5))
    progress(`violation ${v.kind}: ${v.message}`);
  const flown = run.outcomes.filter((o) => o.status !== 'fromStock');
  const count = (s: string) => flown.filter((o) => o.status === s).length;
  const firstLate = flown.find((o) => o.status !== 'onTime');
  if (firstLate) progress(`first failure: ${firstLate.key} ${firstLate.status}: ${firstLate.cause?.message}`);
  if (args.get('plan-out')) {
    writeFileSync(args.get('plan-out')!, planToJsonLines(run.outcomes));
    progress(`plan written to ${args.get('plan-out')}`);
  }
  const round = (x: number, d = 4) => Math.round(x * 10 ** d) / 10 ** d;
  const result = {
    orders: flown.length,
    fromStock: run.outcomes.length - flown.length,
    products: flown.reduce((s, o) => s + o.quantity, 0),
    seconds: round(run.seconds),
    ordersPerSecond: Math.round(flown.length / run.seconds),
    onTime: round(count('onTime') / Math.max(1, flown.length), 6),
    late: count('late'),
    unrouted: count('unrouted'),
    violations: report.hard,
    maxWarehouseUse: round(report.maxWarehouseUse),
    maxFlightUse: round(report.maxFlightUse),
    scale,
    seed,
  };
  process.stdout.write(`${JSON.stringify(result)}\n`);
}
