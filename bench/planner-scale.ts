/**
 * npm run bench -- planner-scale [--sets real,real2,demoJan,demoJul,soloVIDP,soloSKBO] [--no-lp]
 *   [--step-seconds S] [--engine JSON] [--orders FILE --airports FILE --flights FILE --seed S]
 * Per demand set (bench/lib/demand.ts: the real week, the demo generator's weeks, long single-destination
 * files, several seeds), the largest demand scale K at which every order is on time, for the planner and for
 * the plain earliest-arrival baseline (server/planner/baseline.ts), beside the upper bound no planner can beat:
 * the LP bounds (planner-bound; --no-lp skips them) and the throughput bounds. K is bisected on a 1/16 grid
 * between 0 and the bound (a scale above it is infeasible, so it is never tried).
 * Each step plans the scaled copies (scaleOrders: jittered ±30 min) until the first order that is not on time,
 * or until --step-seconds of planning CPU (default 120: the step then counts as failed, "tiempo agotado").
 * Development: --range lo,hi bisects between a known on-time and a known failing scale; --no-baseline, --no-cpu.
 * First, at 1x on the first set, CPU seconds of planner and baseline alternately (A B A B) and their ratio;
 * --cpu-only prints just that figure ({"cpu1x":{...}}) and stops, --cpu-rounds N alternates N times (default 2).
 * --engine '{"protectDirect":false}' tries planner knobs (EngineOptions) on the whole table.
 * --lp-support MIN: the planner prefers the two-leg routes of the periodic LP's optimal vertex at each set's
 * demand mix (steadyRouteSupport; others cost MIN more minutes of arrival in its short-route search);
 * --lp-directs: its direct flights too.
 * Prints a table on stderr and {"sets":[{"name","planner","baseline","bound",...}],"cpu1x":{...}} on stdout.
 */
import loadHighs from 'highs';
import type { EngineOptions } from '../server/planner';
import { scaleUpperBounds } from '../server/planner/bounds/bound';
import { lpUpperBound } from '../server/planner/bounds/lpBound';
import { steadyRouteSupport, steadyStateBound } from '../server/planner/bounds/steadyBound';
import { engineOptions, parseArgs, progress } from './lib/args';
import type { BenchData } from './lib/data';
import { scaleOrders } from './lib/data';
import { demandSets } from './lib/demand';
import { runPlanner } from './lib/run';

const STEP = 1 / 16;
const round = (x: number, d = 3) => Math.round(x * 10 ** d) / 10 ** d;

interface ScaleResult {
  largestOnTimeScale: number;
  steps: number;
  timeouts: number;
  planningSeconds: number;
  firstFailure: { scale: number; at: string; order: string; cause: string } | null;
}

/** Largest K on the 1/16 grid in [0, hi) at which every order is on time (hi itself is never tried). */
function largestOnTime(
  label: string,
  data: BenchData,
  seed: number,
  hi: number,
  engine: Partial<EngineOptions>,
  limitSeconds: number,
  /** Known on-time scale to start from (development: --range lo,hi). */
  lo = 0,
): ScaleResult {
  let good = lo;
  let bad = hi;
  let steps = 0;
  let timeouts = 0;
  let planningSeconds = 0;
  let firstFailure: ScaleResult['firstFailure'] = null;
  while (bad - good > STEP) {
    const k = Math.round((good + bad) / 2 / STEP) * STEP;
    if (k <= good || k >= bad) break;
    const orders = scaleOrders(data.orders, k, seed);
    const run = runPlanner(data.network, orders, undefined, true, undefined, engine, limitSeconds);
    steps++;
    planningSeconds += run.seconds;
    const f = run.failure;
    if (run.timedOut) timeouts++;
    progress(
      `  ${label} K=${k}: ${
        f
          ? `falla en ${f.key}, ${((100 * run.planned) / orders.length).toFixed(1)} % (${f.cause?.message ?? f.status})`
          : run.timedOut
            ? `tiempo agotado (${limitSeconds} s) al ${((100 * run.planned) / orders.length).toFixed(1)} %`
            : 'todo a tiempo'
      } [${orders.length} pedidos, ${run.seconds.toFixed(2)} s]`,
    );
    if (f || run.timedOut) {
      bad = k;
      firstFailure = f
        ? {
            scale: k,
            at: new Date(f.releaseMin * 60_000).toISOString(),
            order: f.key,
            cause: f.cause?.message ?? f.status,
          }
        : { scale: k, at: '', order: '', cause: `tiempo agotado (${limitSeconds} s)` };
    } else good = k;
  }
  return {
    largestOnTimeScale: good,
    steps,
    timeouts,
    planningSeconds: round(planningSeconds, 2),
    firstFailure,
  };
}

/** The LP upper bounds on K (lpBound.ts, steadyBound.ts): what no planner can beat on these orders. */
async function lpBoundOf(data: BenchData) {
  const highs = await loadHighs();
  const r = lpUpperBound(highs, data.network, data.orders);
  const steady = steadyStateBound(highs, data.network, data.orders);
  return { k: round(Math.min(r.k, steady.k)), steadyState: round(steady.k), destinationPickup: round(r.k) };
}

/** CPU seconds at 1x, planner and baseline alternately (A B A B), in one process. */
function cpuAt1x(data: BenchData, engine: Partial<EngineOptions>, rounds: number) {
  const planner: number[] = [];
  const baseline: number[] = [];
  for (let i = 0; i < rounds; i++) {
    planner.push(
      round(runPlanner(data.network, data.orders, undefined, false, undefined, engine).cpuSeconds),
    );
    baseline.push(
      round(
        runPlanner(data.network, data.orders, undefined, false, undefined, { baseline: true }).cpuSeconds,
      ),
    );
  }
  return { planner, baseline, ratios: planner.map((p, i) => round(p / baseline[i], 2)) };
}

export default async function plannerScale(argv: string[]): Promise<void> {
  const args = parseArgs(argv);
  const engine = engineOptions(args) as Partial<EngineOptions>;
  const limitSeconds = args.number('step-seconds', 120);
  const sets = demandSets(args);
  const started = process.hrtime.bigint();
  const cpu1x = args.has('no-cpu')
    ? { planner: [], baseline: [], ratios: [] }
    : cpuAt1x(sets[0].data, engine, args.number('cpu-rounds', 2));
  progress(
    `CPU a 1x (${sets[0].name}), planificador / base: ${cpu1x.planner.join(', ')} s / ${cpu1x.baseline.join(', ')} s`,
  );
  if (args.has('cpu-only')) {
    progress(`CPU a 1x planificador/base: ${cpu1x.ratios.join(', ')}`);
    process.stdout.write(`${JSON.stringify({ cpu1x, engine })}\n`);
    return;
  }
  const rows = [];
  for (const set of sets) {
    const { data, seed } = set;
    const throughput = Math.min(...scaleUpperBounds(data.network, data.orders).map((b) => b.k));
    progress(`${set.name}: ${data.orders.length} pedidos; cota de capacidad ${round(throughput)}`);
    const lp = args.has('no-lp') ? undefined : await lpBoundOf(data);
    if (lp) progress(`  cota LP ${lp.k}`);
    const bound = Math.min(throughput, lp?.k ?? Number.POSITIVE_INFINITY);
    const range = args.get('range')?.split(',').map(Number);
    const hi = Math.min(range?.[1] ?? Number.POSITIVE_INFINITY, Math.floor(bound / STEP) * STEP + STEP);
    const lo = range?.[0] ?? 0;
    const supportMin = args.get('lp-support');
    let setEngine = engine;
    if (supportMin !== undefined) {
      const support = steadyRouteSupport(await loadHighs(), data.network, data.orders);
      progress(
        `  rutas del LP: ${support.pairs.size} de dos vuelos (${support.solveSeconds.toFixed(1)} s de HiGHS)`,
      );
      const directs = args.has('lp-directs') ? support.directs : null;
      setEngine = {
        ...engine,
        routeSupport: { pairs: support.pairs, directs, penaltyMin: Number(supportMin) },
      };
    }
    const planner = largestOnTime('planificador', data, seed, hi, setEngine, limitSeconds, lo);
    const baseline = args.has('no-baseline')
      ? planner
      : largestOnTime('base', data, seed, hi, { baseline: true }, limitSeconds, lo);
    rows.push({
      name: set.name,
      orders: data.orders.length,
      planner,
      baseline,
      bound: round(bound),
      lp,
      throughputBound: round(throughput),
    });
  }
  const pad = (s: string | number, w: number) => String(s).padStart(w);
  progress(
    `\n${'conjunto'.padEnd(24)}${pad('planif.', 9)}${pad('base', 9)}${pad('cota', 9)}${pad('planif./cota', 14)}`,
  );
  for (const r of rows)
    progress(
      `${r.name.padEnd(24)}${pad(r.planner.largestOnTimeScale, 9)}${pad(r.baseline.largestOnTimeScale, 9)}` +
        `${pad(r.bound, 9)}${pad(`${Math.round((100 * r.planner.largestOnTimeScale) / r.bound)} %`, 14)}`,
    );
  progress(`CPU a 1x planificador/base: ${cpu1x.ratios.join(', ')}`);
  const result = {
    sets: rows,
    cpu1x,
    engine,
    stepSeconds: limitSeconds,
    seconds: round(Number(process.hrtime.bigint() - started) / 1e9, 1),
  };
  process.stdout.write(`${JSON.stringify(result)}\n`);
}
