/**
 * npm run bench -- planner [--orders FILE] [--airports FILE] [--flights FILE] [--scale K] [--seed S] [--plan-out FILE] [--engine JSON]
 * Plans the week (real files by default), validates the plan independently, prints one JSON line.
 * Halfway through, the busiest flight instance still on the ground is cancelled and its re-plan timed
 * (figures under "cancel"; --no-cancel skips it); the validator then checks that nothing flies on it.
 * --decisions also records the decision log and audits its time order (validateDecisions; slows planning).
 */
import { writeFileSync } from 'node:fs';
import {
  type Decision,
  type PlannerEngine,
  planToJsonLines,
  validateDecisions,
  validatePlan,
} from '../server/planner';
import { engineOptions, parseArgs, progress } from './lib/args';
import { loadBenchData, scaleOrders } from './lib/data';
import { runPlanner } from './lib/run';

interface CancelFigures {
  flight: string;
  products: number;
  orders: number;
  ms: number;
  cpuMs: number;
  stillOnTime: number;
  cancelled: { flightId: string; depMin: number };
}

/** Halfway through the run, cancels the busiest instance still on the ground and times its re-plan. */
function cancelBusiest(planner: PlannerEngine, now: number): CancelFigures | { error: string } {
  const target = planner
    .flightInstances()
    .filter((f) => f.depMin > now)
    .sort((a, b) => b.load - a.load)[0];
  if (!target) return { error: 'no flight to cancel' };
  const t = process.hrtime.bigint();
  const cpu = process.cpuUsage();
  const res = planner.cancelFlight(target.flightId, target.depMin, now);
  const ms = Number(process.hrtime.bigint() - t) / 1e6;
  const used = process.cpuUsage(cpu);
  if (!res.ok) return { error: res.reason };
  return {
    flight: `${target.flightId}@${new Date(target.depMin * 60_000).toISOString()}`,
    products: target.load,
    orders: res.affected.length,
    ms: Math.round(ms * 100) / 100,
    cpuMs: Math.round((used.user + used.system) / 10) / 100,
    stillOnTime: res.affected.filter((o) => o.status === 'onTime').length,
    cancelled: { flightId: target.flightId, depMin: target.depMin },
  };
}

export default async function planner(argv: string[]): Promise<void> {
  const args = parseArgs(argv);
  const scale = args.number('scale', 1);
  const seed = args.number('seed', 1);
  const data = loadBenchData(args);
  const orders = scaleOrders(data.orders, scale, seed);
  progress(`data: ${data.source}; ${orders.length} orders at scale ${scale}`);
  let cancel: CancelFigures | { error: string } | undefined;
  const log: Decision[] = [];
  const engine = args.has('decisions')
    ? { ...engineOptions(args), onDecision: (d: Decision) => log.push(d) }
    : engineOptions(args);
  const run = runPlanner(
    data.network,
    orders,
    (done) => progress(`planned ${done}/${orders.length}`),
    false,
    args.has('no-cancel')
      ? undefined
      : (planner, now) => {
          cancel = cancelBusiest(planner, now);
        },
    engine,
  );
  const audit = args.has('decisions') ? validateDecisions(log) : undefined;
  for (const v of audit?.violations.slice(0, 5) ?? []) progress(`decision ${v.kind}: ${v.message}`);
  const cancelled = cancel && 'cancelled' in cancel ? [cancel.cancelled] : [];
  // Scaled orders are jittered copies of the file's lines: only the flights' times are checked against the files.
  const files = scale === 1 ? data.files : { ...data.files, orders: undefined };
  const report = validatePlan(data.network, orders, run.outcomes, undefined, { cancelled, files });
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
    decisionViolations: audit ? audit.violations.length : undefined,
    maxWarehouseUse: round(report.maxWarehouseUse),
    maxFlightUse: round(report.maxFlightUse),
    scale,
    seed,
    microsPerOrder: round((run.seconds * 1e6) / Math.max(1, run.outcomes.length), 2),
    cancel: cancel && 'cancelled' in cancel ? { ...cancel, cancelled: undefined } : cancel,
    footprint,
  };
  process.stdout.write(`${JSON.stringify(result)}\n`);
}
