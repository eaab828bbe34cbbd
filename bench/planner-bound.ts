/**
 * npm run bench -- planner-bound [--orders FILE] [--airports FILE] [--flights FILE] [--group MIN] [--bucket MIN]
 *   [--only SVMI,SUAA]
 * LP upper bounds (server/planner/bounds/lpBound.ts, HiGHS) on the demand scale K at which every order can be on time:
 * a destination pickup LP per destination and a sede-seat LP; the smallest is the bound to compare
 * planner-scale's largestOnTimeScale with (planner-scale also jitters release times by +/- 30 min).
 * --group: release bucket of the order groups (default 60 min); --bucket: departure bucket of the sede-seat LP
 * (default 180 min); --dest-solver / --seat-solver '{"solver":"simplex"}' set HiGHS options (default interior point).
 * Also the steady-state bound (server/planner/bounds/steadyBound.ts): the network's daily capacity averaged over the
 * days the trips can span, seats, transit stops and pickups together; 'flow' holds for any plan, 'path' for plans
 * of at most two legs. --check-scale K (with --seed S) computes it on the orders planner-scale plans at K
 * (copies with jittered releases): below 1 means no plan keeps every one of them on time.
 * --deadlines [--deadline-bucket MIN]: only the deadline-aware bound (server/planner/bounds/deadlineBound.ts): a
 *   time-expanded flow over the week's horizon with releases and deadlines (72 h for every order), releases and
 *   deadlines rounded outwards to MIN (default 60), --deadline-solver '{...}' HiGHS options, --check-scale K
 *   [--seed S] on planner-scale's orders at K (below 1: infeasible). Real week: 9.456 at 60 min (~90 s), 9.434 at
 *   15 min (~180 s), against the periodic 9.978. Prints {"deadlineBound":K,"columns":..,"rows":..,...}.
 * Prints {"bound":K,"lpBound":K,"binding":{...},"lpBinding":{...},"destinations":[{"airport":..,"k":..},...],
 * "sedeSeats":K,"steadyState":{"flow":K,"path":K,...},"seconds":S}.
 */
import loadHighs, { type OptionValue } from 'highs';
import { deadlineBound } from '../server/planner/bounds/deadlineBound';
import { DEFAULT_LP_BOUND_OPTIONS, lpUpperBound } from '../server/planner/bounds/lpBound';
import { steadyStateBound } from '../server/planner/bounds/steadyBound';
import { DEFAULT_PLANNER_PARAMS } from '../server/planner/types';
import { parseArgs, progress } from './lib/args';
import { loadBenchData, scaleOrders } from './lib/data';

const json = (raw: string | undefined): Record<string, OptionValue> | undefined =>
  raw ? (JSON.parse(raw) as Record<string, OptionValue>) : undefined;
const round = (x: number) => Math.round(x * 1000) / 1000;

export default async function plannerBound(argv: string[]): Promise<void> {
  const args = parseArgs(argv);
  const started = process.hrtime.bigint();
  const data = loadBenchData(args);
  const flown = data.orders.filter((o) => !DEFAULT_PLANNER_PARAMS.sedes.includes(o.destination));
  progress(
    `${data.orders.length} orders (${flown.reduce((s, o) => s + o.quantity, 0)} products flown) from ${data.source}`,
  );
  const highs = await loadHighs();
  if (args.has('deadlines')) {
    // --check-scale K: the bound on the orders planner-scale plans at K (copies with jittered releases); below 1
    // means no plan keeps every one of them on time.
    const scale = args.get('check-scale') ? args.number('check-scale', 1) : undefined;
    const orders =
      scale === undefined ? data.orders : scaleOrders(data.orders, scale, args.number('seed', 1));
    const b = deadlineBound(highs, data.network, orders, undefined, {
      bucketMin: args.number('deadline-bucket', 60),
      solver: json(args.get('deadline-solver')),
      onBuilt: (s) =>
        progress(
          `deadline bound: ${s.flightInstances} flight instances, ${s.columns} cols, ${s.rows} rows, ${s.nonzeros} nz`,
        ),
    });
    const seconds = Number(process.hrtime.bigint() - started) / 1e9;
    const { k, ...rest } = b;
    process.stdout.write(
      `${JSON.stringify({
        deadlineBound: Math.round(k * 10_000) / 10_000,
        checkScale:
          scale === undefined ? undefined : { scale, seed: args.number('seed', 1), feasible: k >= 1 },
        ...rest,
        binding: {
          seats: round(b.binding.seats),
          warehouses: b.binding.warehouses.map((w) => ({ airport: w.airport, share: round(w.share) })),
        },
        horizon: `${new Date(b.fromMin * 60_000).toISOString()} .. ${new Date(b.toMin * 60_000).toISOString()}`,
        solveSeconds: Math.round(b.solveSeconds * 10) / 10,
        seconds: Math.round(seconds * 10) / 10,
      })}\n`,
    );
    return;
  }
  const only = args.get('only')?.split(',');
  const result = lpUpperBound(highs, data.network, data.orders, undefined, {
    groupMin: args.number('group', DEFAULT_LP_BOUND_OPTIONS.groupMin),
    seatBucketMin: args.number('bucket', DEFAULT_LP_BOUND_OPTIONS.seatBucketMin),
    destinations: only,
    destinationSolver: json(args.get('dest-solver')),
    seatSolver: json(args.get('seat-solver')),
    onSolved: (r) =>
      progress(
        `${r.kind === 'destination-pickup' ? r.airport : 'sede seats'}: K <= ${r.k.toFixed(3)} ` +
          `[${r.columns} cols, ${r.rows} rows, ${r.nonzeros} nz, ${r.solveSeconds.toFixed(2)} s]`,
      ),
  });
  const steady = (model: 'flow' | 'path') => {
    const b = steadyStateBound(highs, data.network, data.orders, undefined, { model });
    progress(
      `steady state (${model}): K <= ${b.k.toFixed(3)} [${b.columns} cols, ${b.rows} rows, ${b.solveSeconds.toFixed(1)} s]`,
    );
    return b;
  };
  const flow = steady('flow');
  const path = steady('path');
  const checkScale = args.get('check-scale') ? args.number('check-scale', 1) : undefined;
  const check =
    checkScale === undefined
      ? undefined
      : steadyStateBound(highs, data.network, scaleOrders(data.orders, checkScale, args.number('seed', 1)));
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  const out = {
    bound: round(Math.min(result.k, flow.k)),
    lpBound: round(result.k),
    binding:
      flow.k < result.k ? { resource: 'steady-state (seats, transit and pickups together)' } : result.binding,
    lpBinding: result.binding,
    destinations: result.destinations.map((d) => ({ airport: d.airport, k: round(d.k) })),
    sedeSeats: round(result.sedeSeats.k),
    steadyState: {
      flow: round(flow.k),
      path: round(path.k),
      releases: `${new Date(flow.fromMin * 60_000).toISOString()} + ${flow.releaseDays} days`,
    },
    checkScale:
      check && checkScale !== undefined
        ? {
            scale: checkScale,
            seed: args.number('seed', 1),
            k: Math.round(check.k * 10_000) / 10_000,
            feasible: check.k >= 1,
          }
        : undefined,
    solveSeconds: Math.round(result.solveSeconds * 100) / 100,
    seconds: Math.round(seconds * 100) / 100,
  };
  process.stdout.write(`${JSON.stringify(out)}\n`);
}
