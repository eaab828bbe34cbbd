/**
 * npm run bench -- planner-scale [--orders FILE] [--airports FILE] [--flights FILE] [--seed S] [--engine JSON]
 * Largest demand scale K at which every order is still on time: doubling from 1, then bisecting to 1/16.
 * --engine '{"repairCandidates":60}' tries engine knobs (EngineOptions). Each step's progress line says how
 * far through the week the first failure came (a finer signal than pass/fail when comparing knobs).
 * --lp also solves the LP upper bounds (planner-bound, about a minute on the real week) and prints them beside K.
 * Prints {"largestOnTimeScale":K,"firstFailure":{"scale":K2,"at":ISO,"order":key,"cause":"..."}}.
 */
import loadHighs from 'highs';
import { scaleUpperBounds } from '../server/planner/bounds/bound';
import { lpUpperBound } from '../server/planner/bounds/lpBound';
import { steadyStateBound } from '../server/planner/bounds/steadyBound';
import type { OrderOutcome } from '../server/planner/types';
import { engineOptions, parseArgs, progress } from './lib/args';
import { loadBenchData, scaleOrders } from './lib/data';
import { runPlanner } from './lib/run';

export default async function plannerScale(argv: string[]): Promise<void> {
  const args = parseArgs(argv);
  const seed = args.number('seed', 1);
  const step = 1 / 16;
  const data = loadBenchData(args);
  const engine = engineOptions(args);
  let totalSeconds = 0;
  const tryScale = (k: number): OrderOutcome | undefined => {
    const orders = scaleOrders(data.orders, k, seed);
    const run = runPlanner(data.network, orders, undefined, true, undefined, engine);
    totalSeconds += run.seconds;
    progress(
      `K=${k}: ${run.failure ? `fails at ${run.failure.key}, ${((100 * run.planned) / orders.length).toFixed(1)} % through (${run.failure.cause?.message ?? run.failure.status})` : 'all on time'} ` +
        `[${orders.length} orders, ${run.seconds.toFixed(2)} s]`,
    );
    return run.failure;
  };
  let good = 0;
  let bad = 1;
  let failure = tryScale(1);
  if (!failure) {
    good = 1;
    for (;;) {
      bad = good * 2;
      failure = tryScale(bad);
      if (failure) break;
      good = bad;
      if (good >= 1024) break;
    }
  }
  // Bisect on the 1/16 grid between the last good and the first bad scale.
  while (failure && bad - good > step) {
    const mid = Math.round((good + bad) / 2 / step) * step;
    if (mid <= good || mid >= bad) break;
    const f = tryScale(mid);
    if (f) {
      bad = mid;
      failure = f;
    } else good = mid;
  }
  const result = {
    largestOnTimeScale: good,
    firstFailure: failure
      ? {
          scale: bad,
          at: new Date(failure.releaseMin * 60_000).toISOString(),
          order: failure.key,
          status: failure.status,
          cause: failure.cause?.message ?? '',
          kind: failure.cause?.kind,
          airport: failure.cause?.airport,
        }
      : null,
    upperBounds: scaleUpperBounds(data.network, data.orders).map((b) => ({
      k: Math.round(b.k * 100) / 100,
      resource: b.resource,
      airport: b.airport,
      releases: `${new Date(b.fromDay * 86_400_000).toISOString().slice(0, 10)}..${new Date(b.toDay * 86_400_000).toISOString().slice(0, 10)}`,
    })),
    lpBound: args.has('lp') ? await lpBoundOf(data) : undefined,
    planningSeconds: Math.round(totalSeconds * 100) / 100,
    seed,
    engine,
  };
  process.stdout.write(`${JSON.stringify(result)}\n`);
}

/** The LP upper bounds on K (lpBound.ts, steadyBound.ts): what no planner can beat on these orders. */
async function lpBoundOf(data: ReturnType<typeof loadBenchData>) {
  progress('solving the LP upper bounds (--lp)');
  const highs = await loadHighs();
  const r = lpUpperBound(highs, data.network, data.orders);
  const steady = steadyStateBound(highs, data.network, data.orders);
  const round = (x: number) => Math.round(x * 1000) / 1000;
  return {
    k: round(Math.min(r.k, steady.k)),
    steadyState: round(steady.k),
    destinationPickup: round(r.k),
    binding: steady.k < r.k ? { resource: 'steady-state' } : r.binding,
    sedeSeats: round(r.sedeSeats.k),
  };
}
