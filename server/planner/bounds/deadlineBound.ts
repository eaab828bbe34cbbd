import type { Highs, OptionValue } from 'highs';
import { compileNetwork, DAY_MIN } from '../network';
import type { Network, PlannerParams, PlanOrder } from '../types';
import { DEFAULT_PLANNER_PARAMS } from '../types';
import { maxScaleModel } from './lpModel';

/**
 * Deadline-aware LP bound on the demand scale K at which every order can be on time: a time-expanded flow over
 * the real horizon (first release to last deadline), unlike steadyBound.ts which averages a periodic day and
 * drops deadlines.
 *
 * Argument. Take any plan that serves every order scaled by K on time. Sum its products over destinations: one
 * flow over flight instances (the products are identical; only where they end differs). That flow obeys every
 * row below, so the largest K of this LP bounds every plan:
 * - seats: per flight instance, products aboard <= its seats;
 * - warehouses: per airport, at every arrival instant (occupancy only rises at arrivals), products waiting
 *   between legs (from arrival, at least the minimum connection, until departure) plus those in their pickup
 *   dwell (arrival to arrival + pickup) <= its capacity; stock leaving a sede occupies nothing;
 * - releases: products leaving the sedes by the end of each bucket <= K times the products released by then
 *   (releases rounded to the start of their bucket: earlier, so a relaxation);
 * - per destination d, products ending their trip at d by the end of each bucket <= K times d's products
 *   released by then (a product lands after its order's release);
 * - per destination d, products ready for pickup at d (arrival + pickup) by each bucket's end >= K times d's
 *   products whose deadline is at or before it (deadlines rounded up to the bucket's end: later, a relaxation).
 * Relaxations beyond the rounding: the sede release rows are summed over destinations (a product may leave a
 * sede for a destination whose order comes out later, if it lands after it); every order gets the longer
 * deadline (the 48 h rule only shortens some); products still in transit at the horizon's end may vanish.
 * Pure: no I/O, no clock (HiGHS is passed in; its run time is reported).
 */

export interface DeadlineBound {
  k: number;
  /**
   * K split over the capacity rows by their duals (dual x capacity; the other rows have right-hand side 0):
   * seats of all flight instances, and each airport's warehouse, largest first.
   */
  binding: { seats: number; warehouses: { airport: string; share: number }[] };
  columns: number;
  rows: number;
  nonzeros: number;
  flightInstances: number;
  /** Horizon [fromMin, toMin) in UTC epoch minutes. */
  fromMin: number;
  toMin: number;
  bucketMin: number;
  solveSeconds: number;
  modelStatus: number;
  ipmIterations: number;
  crossoverIterations: number;
  maxPrimalInfeasibility: number;
  maxDualInfeasibility: number;
}

export interface DeadlineBoundOptions {
  /** Release and deadline rounding (default 60 min). */
  bucketMin: number;
  /** Called with the model's size before HiGHS runs (sizes can be checked before a long solve). */
  /** HiGHS options over the defaults (interior point, no presolve, no crossover, quiet). */
  solver?: Record<string, OptionValue>;
  onBuilt?: (size: { columns: number; rows: number; nonzeros: number; flightInstances: number }) => void;
}

/** CSC columns with free coefficients, and rows with bounds. */
class Lp {
  readonly starts: number[] = [0];
  readonly indices: number[] = [];
  readonly values: number[] = [];
  readonly lower: number[] = [];
  readonly upper: number[] = [];
  row(lo: number, up: number): number {
    this.lower.push(lo);
    this.upper.push(up);
    return this.lower.length - 1;
  }
  col(entries: [row: number, value: number][]): void {
    const merged = new Map<number, number>();
    for (const [r, v] of entries) merged.set(r, (merged.get(r) ?? 0) + v);
    for (const [r, v] of [...merged].sort((a, b) => a[0] - b[0])) {
      if (v === 0) continue;
      this.indices.push(r);
      this.values.push(v);
    }
    this.starts.push(this.indices.length);
  }
  get columns(): number {
    return this.starts.length - 1;
  }
}

/** First index in sorted xs with xs[i] >= x. */
function lowerBound(xs: number[], x: number): number {
  let lo = 0;
  let hi = xs.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (xs[mid] < x) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

export function deadlineBound(
  highs: Highs,
  network: Network,
  orders: PlanOrder[],
  params: PlannerParams = DEFAULT_PLANNER_PARAMS,
  options: Partial<DeadlineBoundOptions> = {},
): DeadlineBound {
  const B = options.bucketMin ?? 60;
  const net = compileNetwork(network, params);
  const n = net.airportCount;
  const flown = orders.filter((o) => {
    const d = net.index.get(o.destination);
    return d !== undefined && !net.isSede[d] && o.quantity > 0;
  });
  const deadline = params.deadlineOtherContinentMin;
  if (flown.length === 0)
    return {
      k: Number.POSITIVE_INFINITY,
      binding: { seats: 0, warehouses: [] },
      columns: 0,
      rows: 0,
      nonzeros: 0,
      flightInstances: 0,
      fromMin: 0,
      toMin: 0,
      bucketMin: B,
      solveSeconds: 0,
      modelStatus: highs.constants.modelStatus.optimal,
      ipmIterations: 0,
      crossoverIterations: 0,
      maxPrimalInfeasibility: 0,
      maxDualInfeasibility: 0,
    };
  let first = Number.POSITIVE_INFINITY;
  let last = Number.NEGATIVE_INFINITY;
  for (const o of flown) {
    first = Math.min(first, o.releaseMin);
    last = Math.max(last, o.releaseMin);
  }
  const from = Math.floor(first / B) * B;
  const to = Math.ceil((last + deadline) / B) * B;
  const buckets = (to - from) / B + 1;
  const floorBucket = (t: number) => Math.floor((t - from) / B);
  const ceilBucket = (t: number) => Math.ceil((t - from) / B);

  const inf = highs.infinity;
  const lp = new Lp();
  const kEntries: [number, number][] = [];

  // Release pool: carry[h] = carry[h-1] + K * released[h] - leaving sedes in bucket h >= 0.
  const released = new Float64Array(buckets);
  const relD = new Float64Array(n * buckets);
  const dueD = new Float64Array(n * buckets);
  const wanted = new Uint8Array(n);
  for (const o of flown) {
    const d = net.index.get(o.destination)!;
    wanted[d] = 1;
    const h = floorBucket(o.releaseMin);
    released[h] += o.quantity;
    relD[d * buckets + h] += o.quantity;
    dueD[d * buckets + ceilBucket(o.releaseMin + deadline)] += o.quantity;
  }
  const poolRow = Int32Array.from({ length: buckets }, () => lp.row(0, 0));
  const landedRow = new Int32Array(n * buckets).fill(-1);
  const readyRow = new Int32Array(n * buckets).fill(-1);
  for (let d = 0; d < n; d++) {
    if (!wanted[d]) continue;
    for (let h = 0; h < buckets; h++) {
      landedRow[d * buckets + h] = lp.row(0, 0);
      readyRow[d * buckets + h] = lp.row(0, 0);
    }
  }
  for (let h = 0; h < buckets; h++) if (released[h] > 0) kEntries.push([poolRow[h], released[h]]);
  for (let d = 0; d < n; d++) {
    if (!wanted[d]) continue;
    for (let h = 0; h < buckets; h++) {
      const i = d * buckets + h;
      if (relD[i] > 0) kEntries.push([landedRow[i], relD[i]]);
      if (dueD[i] > 0) kEntries.push([readyRow[i], -dueD[i]]);
    }
  }
  lp.col(kEntries); // column 0: K

  // Flight instances within the horizon.
  type Instance = { f: number; dep: number; arr: number };
  const instances: Instance[] = [];
  for (let day = Math.floor(from / DAY_MIN) - 1; day * DAY_MIN < to; day++)
    for (let f = 0; f < net.flightCount; f++) {
      const dep = day * DAY_MIN + net.fDep[f];
      const arr = dep + net.fDur[f];
      if (dep >= from && arr <= to) instances.push({ f, dep, arr });
    }
  const conn = params.minConnectionMin;
  const pickup = params.pickupMin;
  const occupies = (a: number) => !net.isSede[a] || params.sedeTransitOccupiesWarehouse;

  // Warehouse rows at every arrival instant of each airport.
  const arrivals: number[][] = Array.from({ length: n }, () => []);
  for (const x of instances) arrivals[net.fDest[x.f]].push(x.arr);
  const instantRows: number[][] = [];
  /** Airport of each warehouse row, -1 for a seat row, -2 for the rest. */
  const warehouseOf: number[] = [];
  for (let a = 0; a < n; a++) {
    arrivals[a] = [...new Set(arrivals[a])].sort((p, q) => p - q);
    instantRows.push(
      arrivals[a].map(() => {
        const r = lp.row(-inf, net.capacity[a]);
        warehouseOf[r] = a;
        return r;
      }),
    );
  }
  /** Warehouse rows of airport a whose instant lies in [start, start + len). */
  const cover = (a: number, start: number, len: number, value = 1): [number, number][] => {
    const out: [number, number][] = [];
    const xs = arrivals[a];
    for (let i = lowerBound(xs, start); i < xs.length && xs[i] < start + len; i++)
      out.push([instantRows[a][i], value]);
    return out;
  };

  // Event chains per airport: products ready to connect (arrival + connection) and departures, in time order;
  // at equal minutes the ready ones come first (a connection of exactly the minimum is allowed).
  type Ev = { t: number; ready: boolean; x: number; node: number };
  const events: Ev[][] = Array.from({ length: n }, () => []);
  instances.forEach((x, i) => {
    events[net.fOrigin[x.f]].push({ t: x.dep, ready: false, x: i, node: -1 });
    if (x.arr + conn < to) events[net.fDest[x.f]].push({ t: x.arr + conn, ready: true, x: i, node: -1 });
  });
  const depNode = new Int32Array(instances.length).fill(-1);
  const readyNode = new Int32Array(instances.length).fill(-1);
  for (const list of events) {
    list.sort((p, q) => p.t - q.t || (p.ready === q.ready ? 0 : p.ready ? -1 : 1));
    for (const e of list) {
      e.node = lp.row(0, 0); // conservation: in - out = 0
      if (e.ready) readyNode[e.x] = e.node;
      else depNode[e.x] = e.node;
    }
  }

  instances.forEach((x, i) => {
    const seat = lp.row(-inf, net.fCap[x.f]);
    warehouseOf[seat] = -1;
    const a = net.fDest[x.f];
    const readyAt = ceilBucket(x.arr + pickup);
    // Ends its trip at a: pickup dwell, landed and ready for pickup counted for a.
    if (wanted[a] && readyAt < buckets)
      lp.col([
        [depNode[i], -1],
        [seat, 1],
        [landedRow[a * buckets + floorBucket(x.arr)], -1],
        [readyRow[a * buckets + readyAt], 1],
        ...cover(a, x.arr, pickup),
      ]);
    // Continues from a: present from arrival until ready to connect, then along the chain.
    if (readyNode[i] >= 0)
      lp.col([[depNode[i], -1], [seat, 1], [readyNode[i], 1], ...(occupies(a) ? cover(a, x.arr, conn) : [])]);
  });
  for (let a = 0; a < n; a++) {
    const list = events[a];
    for (let k = 0; k < list.length; k++) {
      const e = list[k];
      const next = list[k + 1];
      // Waiting to the next event (in transit: it occupies the warehouse); after the last event, leaving the
      // horizon.
      if (next)
        lp.col([
          [e.node, -1],
          [next.node, 1],
          ...(occupies(a) && next.t > e.t ? cover(a, e.t, next.t - e.t) : []),
        ]);
      else lp.col([[e.node, -1]]);
      // Stock leaves a sede without waiting in its warehouse, out of the released products.
      if (net.isSede[a] && !e.ready)
        lp.col([
          [e.node, 1],
          [poolRow[floorBucket(e.t)], -1],
        ]);
    }
  }
  // Carries along the bucket chains: what is left over flows to the next bucket.
  for (let h = 0; h < buckets; h++) {
    const nextOf = (rows: ArrayLike<number>, base: number): [number, number][] =>
      h + 1 < buckets ? [[rows[base + h + 1], 1]] : [];
    lp.col([[poolRow[h], -1], ...nextOf(poolRow, 0)]);
    for (let d = 0; d < n; d++) {
      if (!wanted[d]) continue;
      lp.col([[landedRow[d * buckets + h], -1], ...nextOf(landedRow, d * buckets)]);
      lp.col([[readyRow[d * buckets + h], -1], ...nextOf(readyRow, d * buckets)]);
    }
  }

  const size = {
    columns: lp.columns,
    rows: lp.lower.length,
    nonzeros: lp.indices.length,
    flightInstances: instances.length,
  };
  options.onBuilt?.(size);
  const model = maxScaleModel(highs, {
    format: 'csc',
    numCols: lp.columns,
    rowLower: lp.lower,
    rowUpper: lp.upper,
    starts: lp.starts,
    indices: lp.indices,
    values: lp.values,
  });
  try {
    // Interior point without presolve nor crossover: on the real week 54 iterations, ~85 s, status optimal;
    // with presolve the postsolved point is not dual feasible, and crossover ran past 15 min.
    model.options.set({
      output_flag: false,
      solver: 'ipm',
      presolve: 'off',
      run_crossover: 'off',
      ...options.solver,
    });
    const status = model.run().modelStatus;
    const info = (name: string) => {
      const r = model.raw.getInfoValue(name);
      return r.status === -1 ? Number.NaN : Number(r.value);
    };
    const quality = {
      modelStatus: status,
      ipmIterations: info('ipm_iteration_count'),
      crossoverIterations: info('crossover_iteration_count'),
      maxPrimalInfeasibility: info('max_primal_infeasibility'),
      maxDualInfeasibility: info('max_dual_infeasibility'),
    };
    if (status !== highs.constants.modelStatus.optimal)
      throw new Error(`deadline bound: HiGHS ended with model status ${status} ${JSON.stringify(quality)}`);
    const dual = model.getSolution().rowDual;
    let seats = 0;
    const byAirport = new Float64Array(n);
    for (let r = 0; r < lp.upper.length; r++) {
      const w = warehouseOf[r];
      if (w === -1) seats += dual[r] * lp.upper[r];
      else if (w !== undefined && w >= 0) byAirport[w] += dual[r] * lp.upper[r];
    }
    const warehouses = [...byAirport]
      .map((share, a) => ({ airport: net.codes[a], share }))
      .filter((x) => Math.abs(x.share) > 1e-6)
      .sort((p, q) => q.share - p.share);
    return {
      ...quality,
      binding: { seats, warehouses },
      k: model.getObjectiveValue(),
      ...size,
      fromMin: from,
      toMin: to,
      bucketMin: B,
      solveSeconds: model.getRunTime(),
    };
  } finally {
    model.dispose();
  }
}
