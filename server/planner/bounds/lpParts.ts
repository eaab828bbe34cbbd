import type { Highs, OptionValue } from 'highs';
import { type CompiledNetwork, DAY_MIN } from '../network';
import type { PlanOrder } from '../types';
import { maxScaleModel, mod } from './lpModel';

/** The pieces both LP bounds are built from: order groups, earliest and latest times, sparse rows, the solve. */

export interface Group {
  dest: number;
  rMin: number;
  rMax: number;
  q: number;
}

/** Sparse rows collected for HiGHS's CSR input. */
export class Rows {
  readonly starts: number[] = [0];
  readonly indices: number[] = [];
  readonly values: number[] = [];
  readonly lower: number[] = [];
  readonly upper: number[] = [];
  add(cols: readonly number[], vals: readonly number[], lo: number, up: number): void {
    for (let k = 0; k < cols.length; k++) {
      this.indices.push(cols[k]);
      this.values.push(vals[k]);
    }
    this.starts.push(this.indices.length);
    this.lower.push(lo);
    this.upper.push(up);
  }
  get count(): number {
    return this.lower.length;
  }
}

/** Maximises column 0 (K) subject to rows, columns in [0, colUpper]; returns K and the solver's run time. */
export function maximiseK(
  highs: Highs,
  colUpper: number[],
  rows: Rows,
  solver: Readonly<Record<string, OptionValue>> = {},
): { k: number; seconds: number } {
  const model = maxScaleModel(highs, {
    format: 'csr',
    numCols: colUpper.length,
    rowLower: rows.lower,
    rowUpper: rows.upper,
    starts: rows.starts,
    indices: rows.indices,
    values: rows.values,
    colUpper,
  });
  try {
    model.options.set({ output_flag: false, ...solver });
    const status = model.run().modelStatus;
    if (status !== highs.constants.modelStatus.optimal)
      throw new Error(`LP bound: HiGHS ended with model status ${status}`);
    return { k: Math.max(0, model.getObjectiveValue()), seconds: model.getRunTime() };
  } finally {
    model.dispose();
  }
}

/**
 * Earliest time products can be at each airport ready to fly on, for orders released at r: at a sede r itself
 * (stock), elsewhere the earliest arrival from any sede leaving at or after r (connections kept, capacities
 * ignored). Label-setting over the daily flights (Infinity when unreachable).
 */
export function earliestAt(net: CompiledNetwork, r: number, conn: number): Float64Array {
  const n = net.airportCount;
  const t = new Float64Array(n).fill(Number.POSITIVE_INFINITY);
  const done = new Uint8Array(n);
  for (const s of net.sedes) t[s] = r;
  for (;;) {
    let u = -1;
    for (let v = 0; v < n; v++)
      if (!done[v] && t[v] < Number.POSITIVE_INFINITY && (u < 0 || t[v] < t[u])) u = v;
    if (u < 0) break;
    done[u] = 1;
    const ready = net.isSede[u] ? r : t[u] + conn;
    for (const f of net.outgoing[u]) {
      const v = net.fDest[f];
      if (done[v]) continue;
      const arr = ready + mod(net.fDep[f] - ready, DAY_MIN) + net.fDur[f];
      if (arr < t[v]) t[v] = arr;
    }
  }
  return t;
}

/**
 * Latest departure from each airport on a route that reaches dest by latestArrival (connections kept,
 * capacities ignored); -Infinity when no route makes it. Entry dest holds latestArrival itself.
 */
export function latestDeparture(
  net: CompiledNetwork,
  incoming: number[][],
  dest: number,
  latestArrival: number,
  conn: number,
): Float64Array {
  const n = net.airportCount;
  const t = new Float64Array(n).fill(Number.NEGATIVE_INFINITY);
  const done = new Uint8Array(n);
  t[dest] = latestArrival;
  for (;;) {
    let v = -1;
    for (let u = 0; u < n; u++)
      if (!done[u] && t[u] > Number.NEGATIVE_INFINITY && (v < 0 || t[u] > t[v])) v = u;
    if (v < 0) break;
    done[v] = 1;
    const arriveBy = v === dest ? t[v] : t[v] - conn;
    for (const f of incoming[v]) {
      const u = net.fOrigin[f];
      if (done[u]) continue;
      const y = arriveBy - net.fDur[f];
      const dep = y - mod(y - net.fDep[f], DAY_MIN);
      if (dep > t[u]) t[u] = dep;
    }
  }
  return t;
}

export function groupOrders(net: CompiledNetwork, orders: readonly PlanOrder[], groupMin: number): Group[] {
  const groups = new Map<string, Group>();
  for (const o of orders) {
    const d = net.index.get(o.destination);
    if (d === undefined || net.isSede[d] || o.quantity <= 0) continue;
    const key = `${d}:${Math.floor(o.releaseMin / groupMin)}`;
    const g = groups.get(key);
    if (g) {
      g.rMin = Math.min(g.rMin, o.releaseMin);
      g.rMax = Math.max(g.rMax, o.releaseMin);
      g.q += o.quantity;
    } else groups.set(key, { dest: d, rMin: o.releaseMin, rMax: o.releaseMin, q: o.quantity });
  }
  return [...groups.values()].sort((a, b) => a.dest - b.dest || a.rMin - b.rMin);
}

export function incomingFlights(net: CompiledNetwork): number[][] {
  const incoming: number[][] = Array.from({ length: net.airportCount }, () => []);
  for (let f = 0; f < net.flightCount; f++) incoming[net.fDest[f]].push(f);
  return incoming;
}
