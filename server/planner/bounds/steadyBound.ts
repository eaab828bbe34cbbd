import type { Highs } from 'highs';
import { type CompiledNetwork, compileNetwork, DAY_MIN } from '../network';
import type { Network, PlannerParams, PlanOrder } from '../types';
import { DEFAULT_PLANNER_PARAMS } from '../types';
import { maxScaleModel, mod } from './lpModel';

/**
 * Periodic (steady-state) LP bound on the demand scale K at which every order can be on time.
 *
 * Argument. Take any plan that serves the orders scaled by K, and a window of n days of releases starting at
 * any instant θ. The products of those orders travel within [θ, θ + n + 3 days) (72 h deadlines): L = n + 3
 * days. Average the plan's flows over those L days (other orders' products only use more): route r
 * (a sede, one or two daily flights) carries x[r] products a day, the mean over its L instances. The averages
 * obey the same time-invariant limits as each day (a mean of feasible loads is feasible, by convexity): a daily
 * flight carries at most its seats; at each minute of the day an airport holds at most its capacity, counting
 * products waiting between legs and the 2 h pickup dwell. And each destination receives K times its products
 * divided by L per day. So the largest K of this periodic LP bounds every such plan. Unlike lpBound.ts, it
 * couples seats, transit stops and pickups in one model, and it sees the whole network's daily capacity.
 *
 * Two models of the averaged day (model option):
 * - 'flow' (default, any number of legs): one kind of product, so a single-commodity flow over the periodic
 *   time-expanded network is exact up to averaging: per airport, a cyclic chain of events (departures, and
 *   arrivals plus the minimum connection); a flight's products either end their trip at its destination
 *   (pickup dwell there, counted for that destination) or continue (present from arrival, waiting along the
 *   chain until a departure); sedes add stock at their departures, which occupies nothing.
 * - 'path' (routes of one or two legs): x[r] per direct sede flight and per (sede flight, connecting flight)
 *   with the shortest wait of at least the minimum connection (a longer wait on the same flights only uses more
 *   warehouse). Tighter, but it only bounds plans without three-leg routes.
 * Rows: seats per daily flight, capacity per airport at every arrival minute of the day (occupancy only rises
 * at arrivals, so this is exact), demand per destination. Deadlines are left out (a relaxation).
 * Pure: no I/O, no clock (HiGHS is passed in; its run time is reported).
 */

export interface SteadyBound {
  k: number;
  model: 'flow' | 'path';
  /** The release window that gives the bound: [fromMin, fromMin + releaseDays days), trips within releaseDays + 3. */
  fromMin: number;
  releaseDays: number;
  /** Windows tried. */
  windows: number;
  columns: number;
  rows: number;
  /** HiGHS run time over all windows. */
  solveSeconds: number;
}

export interface SteadyBoundOptions {
  model: 'flow' | 'path';
  /** Shift between release windows' starts (default 6 h). */
  stepMin: number;
  /**
   * Window lengths tried: the longest `lengths` whole-day lengths (default 3). Any set of windows gives a valid
   * bound (the smallest over them); long windows bind unless demand peaks, since the ratio (n + 3) / n falls.
   */
  lengths: number;
}

/** Sparse columns for HiGHS's CSC input, and rows with their bounds. */
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
  /** Adds a column with coefficient 1 on rows `plus` and -1 on rows `minus`. */
  col(plus: Iterable<number>, minus: Iterable<number> = []): void {
    const entries = new Map<number, number>();
    for (const r of plus) entries.set(r, (entries.get(r) ?? 0) + 1);
    for (const r of minus) entries.set(r, (entries.get(r) ?? 0) - 1);
    for (const [r, v] of [...entries].sort((a, b) => a[0] - b[0])) {
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

/** Rows and helpers shared by both models. */
function baseRows(net: CompiledNetwork, params: PlannerParams, wanted: Float64Array, lp: Lp, inf: number) {
  const n = net.airportCount;
  const demandRow = new Int32Array(n).fill(-1);
  for (let d = 0; d < n; d++) if (wanted[d] > 0) demandRow[d] = lp.row(0, inf);
  // Column 0 is K: its demand coefficients are set per window.
  lp.col([...demandRow].filter((r) => r >= 0));
  const seatRow = Int32Array.from({ length: net.flightCount }, (_, f) => lp.row(-inf, net.fCap[f]));
  const instants: { at: number; row: number }[][] = [];
  for (let a = 0; a < n; a++) {
    const at = new Set<number>();
    for (let f = 0; f < net.flightCount; f++)
      if (net.fDest[f] === a) at.add(mod(net.fDep[f] + net.fDur[f], DAY_MIN));
    instants.push([...at].sort((x, y) => x - y).map((t) => ({ at: t, row: lp.row(-inf, net.capacity[a]) })));
  }
  const occupies = (a: number) => !net.isSede[a] || params.sedeTransitOccupiesWarehouse;
  /**
   * Capacity rows of airport a for a stay over [from, from + len) in minutes of the day, once per day the stay
   * covers that instant (a stay longer than a day is there twice at some instants).
   */
  const cover = (a: number, from: number, len: number): number[] => {
    const out: number[] = [];
    for (const i of instants[a])
      for (let t = mod(i.at - from, DAY_MIN); t < len; t += DAY_MIN) out.push(i.row);
    return out;
  };
  return { demandRow, seatRow, cover, occupies };
}

function pathModel(net: CompiledNetwork, params: PlannerParams, wanted: Float64Array, inf: number) {
  const lp = new Lp();
  /** Per column after K: its two-leg route as first flight * flightCount + second flight, or -1 - f (direct f). */
  const pairOf: number[] = [];
  const { demandRow, seatRow, cover, occupies } = baseRows(net, params, wanted, lp, inf);
  const n = net.airportCount;
  const conn = params.minConnectionMin;
  for (let d = 0; d < n; d++) {
    if (demandRow[d] < 0) continue;
    for (const s of net.sedes) {
      for (const f of net.direct[s * n + d]) {
        lp.col([demandRow[d], seatRow[f], ...cover(d, net.fDep[f] + net.fDur[f], params.pickupMin)]);
        pairOf.push(-1 - f);
      }
      for (let x = 0; x < n; x++) {
        if (x === s || x === d) continue;
        for (const f2 of net.direct[x * n + d]) {
          for (const f1 of net.direct[s * n + x]) {
            const arr1 = net.fDep[f1] + net.fDur[f1];
            const wait = mod(net.fDep[f2] - arr1 - conn, DAY_MIN) + conn;
            lp.col([
              demandRow[d],
              seatRow[f1],
              seatRow[f2],
              ...(occupies(x) ? cover(x, arr1, wait) : []),
              ...cover(d, net.fDep[f2] + net.fDur[f2], params.pickupMin),
            ]);
            pairOf.push(f1 * net.flightCount + f2);
          }
        }
      }
    }
  }
  return { lp, demandRow, pairOf };
}

function flowModel(net: CompiledNetwork, params: PlannerParams, wanted: Float64Array, inf: number) {
  const lp = new Lp();
  const { demandRow, seatRow, cover, occupies } = baseRows(net, params, wanted, lp, inf);
  const n = net.airportCount;
  const conn = params.minConnectionMin;
  // Events per airport: products ready to leave (arrival + connection) and departures, in daily order;
  // at equal minutes the ready ones come first (a connection of exactly the minimum is allowed).
  type Ev = { t: number; ready: boolean; f: number; node: number };
  const events: Ev[][] = Array.from({ length: n }, () => []);
  for (let f = 0; f < net.flightCount; f++) {
    events[net.fOrigin[f]].push({ t: net.fDep[f], ready: false, f, node: -1 });
    events[net.fDest[f]].push({
      t: mod(net.fDep[f] + net.fDur[f] + conn, DAY_MIN),
      ready: true,
      f,
      node: -1,
    });
  }
  const depNode = new Int32Array(net.flightCount);
  const readyNode = new Int32Array(net.flightCount);
  for (const list of events) {
    list.sort((a, b) => a.t - b.t || (a.ready === b.ready ? 0 : a.ready ? -1 : 1));
    for (const e of list) {
      e.node = lp.row(0, 0); // conservation: in - out = 0
      if (e.ready) readyNode[e.f] = e.node;
      else depNode[e.f] = e.node;
    }
  }
  for (let f = 0; f < net.flightCount; f++) {
    const d = net.fDest[f];
    const arr = net.fDep[f] + net.fDur[f];
    // Ends its trip at d: pickup dwell, counted for d.
    if (demandRow[d] >= 0)
      lp.col([demandRow[d], seatRow[f], ...cover(d, arr, params.pickupMin)], [depNode[f]]);
    // Continues from d: present from arrival until ready to connect, then along the chain.
    lp.col([seatRow[f], readyNode[f], ...(occupies(d) ? cover(d, arr, conn) : [])], [depNode[f]]);
  }
  for (let a = 0; a < n; a++) {
    const list = events[a];
    for (let k = 0; k < list.length; k++) {
      const next = list[(k + 1) % list.length];
      const len = list.length === 1 ? DAY_MIN : mod(next.t - list[k].t, DAY_MIN);
      // Waiting from one event to the next (a product in transit: it occupies the warehouse).
      lp.col([next.node, ...(occupies(a) && len > 0 ? cover(a, list[k].t, len) : [])], [list[k].node]);
      // Stock leaves a sede without waiting in its warehouse.
      if (net.isSede[a] && !list[k].ready) lp.col([list[k].node]);
    }
  }
  return { lp, demandRow };
}

export function steadyStateBound(
  highs: Highs,
  network: Network,
  orders: PlanOrder[],
  params: PlannerParams = DEFAULT_PLANNER_PARAMS,
  options: Partial<SteadyBoundOptions> = {},
): SteadyBound {
  const kind = options.model ?? 'flow';
  const stepMin = options.stepMin ?? 360;
  const lengths = options.lengths ?? 3;
  const net = compileNetwork(network, params);
  const n = net.airportCount;
  const flown = orders.filter((o) => {
    const d = net.index.get(o.destination);
    return d !== undefined && !net.isSede[d];
  });
  const none: SteadyBound = {
    k: Number.POSITIVE_INFINITY,
    model: kind,
    fromMin: 0,
    releaseDays: 0,
    windows: 0,
    columns: 0,
    rows: 0,
    solveSeconds: 0,
  };
  if (flown.length === 0) return none;
  let first = Number.POSITIVE_INFINITY;
  let last = Number.NEGATIVE_INFINITY;
  for (const o of flown) {
    first = Math.min(first, o.releaseMin);
    last = Math.max(last, o.releaseMin);
  }
  const tail = Math.ceil(params.deadlineOtherContinentMin / DAY_MIN);
  /** Products per destination released in [from, to). */
  const released = (from: number, to: number) => {
    const q = new Float64Array(n);
    for (const o of flown)
      if (o.releaseMin >= from && o.releaseMin < to) q[net.index.get(o.destination)!] += o.quantity;
    return q;
  };
  const inf = highs.infinity;
  const { lp, demandRow } = (kind === 'flow' ? flowModel : pathModel)(
    net,
    params,
    released(first, last + 1),
    inf,
  );
  const numCols = lp.columns;
  const numRows = lp.lower.length;
  const model = maxScaleModel(highs, {
    format: 'csc',
    numCols,
    rowLower: lp.lower,
    rowUpper: lp.upper,
    starts: lp.starts,
    indices: lp.indices,
    values: lp.values,
  });
  try {
    // Windows of n whole days of releases (the longest lengths), starting every stepMin from the first release.
    const windows: { from: number; days: number }[] = [];
    const spanDays = Math.ceil((last + 1 - first) / DAY_MIN);
    windows.push({ from: first, days: spanDays });
    for (let days = spanDays - 1; days >= Math.max(1, spanDays - lengths + 1); days--)
      for (let from = first; from + days * DAY_MIN <= last + 1; from += stepMin) windows.push({ from, days });
    let best: SteadyBound = { ...none, columns: numCols, rows: numRows, windows: windows.length };
    let solved = 0;
    for (const w of windows) {
      const q = released(w.from, w.from + w.days * DAY_MIN);
      if (!q.some((x) => x > 0)) continue; // no products: no bound from this window
      for (let d = 0; d < n; d++)
        if (demandRow[d] >= 0) model.changeCoefficient(demandRow[d], 0, -q[d] / (w.days + tail));
      // The first solve by interior point; then the dual simplex restarts from the previous basis.
      model.options.set({ output_flag: false, solver: solved === 0 ? 'ipm' : 'simplex' });
      const status = model.run().modelStatus;
      solved++;
      if (status !== highs.constants.modelStatus.optimal)
        throw new Error(`steady-state bound: HiGHS ended with model status ${status}`);
      const k = model.getObjectiveValue();
      if (k < best.k) best = { ...best, k, fromMin: w.from, releaseDays: w.days };
    }
    return { ...best, solveSeconds: model.getRunTime() };
  } finally {
    model.dispose();
  }
}

/**
 * The two-leg routes (first flight * flightCount + second flight, in the compiled network's flight order) and
 * the direct flights an optimal periodic plan uses: the 'path' model at the mix of all the orders' destinations, solved to a vertex.
 * A vertex uses few routes (at most one per row); a product following them leaves the transit warehouses and
 * pickup windows the other destinations need. The planner may prefer them (EngineOptions.routeSupport).
 */
export function steadyRouteSupport(
  highs: Highs,
  network: Network,
  orders: PlanOrder[],
  params: PlannerParams = DEFAULT_PLANNER_PARAMS,
): { pairs: Set<number>; directs: Set<number>; k: number; solveSeconds: number } {
  const net = compileNetwork(network, params);
  const wanted = new Float64Array(net.airportCount);
  for (const o of orders) {
    const d = net.index.get(o.destination);
    if (d !== undefined && !net.isSede[d]) wanted[d] += o.quantity;
  }
  const { lp, demandRow, pairOf } = pathModel(net, params, wanted, highs.infinity);
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
    for (let d = 0; d < net.airportCount; d++)
      if (demandRow[d] >= 0) model.changeCoefficient(demandRow[d], 0, -wanted[d]);
    model.options.set({ output_flag: false, solver: 'ipm' });
    const status = model.run().modelStatus;
    if (status !== highs.constants.modelStatus.optimal)
      throw new Error(`steady route support: HiGHS ended with model status ${status}`);
    const x = model.getSolution().colValue;
    const pairs = new Set<number>();
    const directs = new Set<number>();
    for (let c = 1; c < x.length; c++) {
      if (x[c] <= 1e-6) continue;
      const p = pairOf[c - 1];
      if (p >= 0) pairs.add(p);
      else directs.add(-1 - p);
    }
    return { pairs, directs, k: model.getObjectiveValue(), solveSeconds: model.getRunTime() };
  } finally {
    model.dispose();
  }
}
