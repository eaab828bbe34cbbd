/**
 * npm run bench -- planner [--orders FILE] [--airports FILE] [--flights FILE] [--scale K] [--seed S] [--plan-out FILE]
 * Plans the week (real files by default), validates the plan independently, prints one JSON line.
 */
import { writeFileSync } from 'node:fs';
import { planToJsonLines, validatePlan } from '../server/planner';
import type { Network, PlanOrder } from '../server/planner/types';
import { parseArgs, progress } from './lib/args';
import { loadBenchData, scaleOrders } from './lib/data';
import { type PlanRun, runPlanner } from './lib/run';

/**
 * Cancels the busiest flight instance still on the ground at the end of the run and times the re-plan;
 * then re-validates the whole plan with that instance cancelled.
 */
function measureCancel(network: Network, orders: PlanOrder[], run: PlanRun) {
  const now = orders[orders.length - 1]?.releaseMin ?? 0;
  const target = run.planner
    .flightInstances()
    .filter((f) => f.depMin > now)
    .sort((a, b) => b.load - a.load)[0];
  if (!target) return null;
  const t = process.hrtime.bigint();
  const res = run.planner.cancelFlight(target.flightId, target.depMin, now);
  const ms = Number(process.hrtime.bigint() - t) / 1e6;
  if (!res.ok) return { flight: target.flightId, error: res.reason };
  const after = validatePlan(network, orders, run.outcomes, undefined, { cancelled: [target] });
  return {
    flight: `${target.flightId}@${new Date(target.depMin * 60_000).toISOString()}`,
    products: target.load,
    orders: res.affected.length,
    ms: Math.round(ms * 100) / 100,
    stillOnTime: res.affected.filter((o) => o.status === 'onTime').length,
    violations: after.hard,
  };
}

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
  const cancel = measureCancel(data.network, orders, run);
  const footprint = run.planner.footprint();
  const result = {
    orders: flown.length,
    fromStock: run.outcomes.length - flown.length,
    products: flown.reduce((s, o) => s + o.quantity, 0),
    seconds: round(run.seconds),
    cpuSeconds: round(run.cpuSeconds),
    ordersPerSecond: Math.round(flown.length / run.seconds),
    onTime: round(count('onTime') / Math.max(1, flown.length), 6),
    late: count('late'),
    unrouted: count('unrouted'),
    violations: report.hard,
    maxWarehouseUse: round(report.maxWarehouseUse),
    maxFlightUse: round(report.maxFlightUse),
    scale,
    seed,
    microsPerOrder: round((run.seconds * 1e6) / Math.max(1, run.outcomes.length), 2),
    cancel,
    footprint,
  };
  process.stdout.write(`${JSON.stringify(result)}\n`);
}
