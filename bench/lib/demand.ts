import { mulberry32 } from '../../contract/random';
import { demoAirports, demoFlights, demoOrders } from '../../server/demo/generate';
import type { BenchArgs } from './args';
import { type BenchData, benchDataOf, loadBenchData } from './data';

/**
 * Demand sets the planner's defaults are judged on (planner-scale): never the real week alone.
 * - the real week (two jitter seeds of the scaled copies);
 * - the demo generator's weeks: its own networks and destination mixes (two seeds), in January and July;
 * - long single-destination files: four weeks of one airport's orders on the real network (one in Asia,
 *   one in America), at about the real week's rate for one airport.
 */
export interface DemandSet {
  name: string;
  data: BenchData;
  /** Seed of the scaled copies' jitter (scaleOrders). */
  seed: number;
}

type Maker = () => DemandSet;

function demoWeek(seed: number, startDate: string): DemandSet {
  const airports = demoAirports(mulberry32(seed));
  const flights = demoFlights(mulberry32(seed ^ 0x5f1a), airports);
  const records = demoOrders(mulberry32(seed ^ 0x0a7d3), airports, startDate, 1, 1500);
  return {
    name: `demo s${seed} ${startDate}`,
    data: benchDataOf(airports, flights, records, `demo seed ${seed}`),
    seed: 1,
  };
}

function singleDestination(real: BenchData, code: string, seed: number, startDate: string): DemandSet {
  const only = real.airports.filter((a) => a.code === code);
  if (only.length === 0) throw new Error(`no airport ${code} in the real files`);
  const records = demoOrders(mulberry32(seed), only, startDate, 4, 180);
  return {
    name: `solo ${code} 4 sem s${seed}`,
    data: benchDataOf(real.airports, real.flights, records, `${code} only, seed ${seed}`),
    seed: 1,
  };
}

/** The sets by name; `--sets a,b` picks some (default all), `--orders FILE` replaces them with one file. */
export function demandSets(args: BenchArgs): DemandSet[] {
  if (args.get('orders'))
    return [{ name: 'archivo', data: loadBenchData(args), seed: args.number('seed', 1) }];
  let real: BenchData | undefined;
  const realData = () => {
    real ??= loadBenchData(args);
    return real;
  };
  const makers: Record<string, Maker> = {
    real: () => ({ name: 'semana real s1', data: realData(), seed: 1 }),
    real2: () => ({ name: 'semana real s2', data: realData(), seed: 2 }),
    demoJan: () => demoWeek(20260105, '2026-01-05'),
    demoJul: () => demoWeek(7, '2026-07-06'),
    soloVIDP: () => singleDestination(realData(), 'VIDP', 1, '2026-02-02'),
    soloSKBO: () => singleDestination(realData(), 'SKBO', 2, '2026-09-07'),
  };
  const wanted = args.get('sets')?.split(',') ?? Object.keys(makers);
  return wanted.map((w) => {
    const make = makers[w];
    if (!make) throw new Error(`unknown set ${w}; sets: ${Object.keys(makers).join(', ')}`);
    return make();
  });
}
