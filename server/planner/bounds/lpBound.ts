import type { Highs, OptionValue } from 'highs';
import { type CompiledNetwork, compileNetwork, DAY_MIN } from '../network';
import type { Network, PlannerParams, PlanOrder } from '../types';
import { DEFAULT_PLANNER_PARAMS } from '../types';
import {
  earliestAt,
  type Group,
  groupOrders,
  incomingFlights,
  latestDeparture,
  maximiseK,
  Rows,
} from './lpParts';

/**
 * LP upper bounds on the demand scale K at which every order can be on time: the orders are scaled by K
 * (each order's quantity times K, release times unchanged), and no plan obeying DOMAIN.md can serve a K
 * above these figures. They solve linear relaxations of the time-expanded network with HiGHS (the `highs`
 * package, passed in so that this module stays pure: no I/O, no clock; solve times come from HiGHS).
 *
 * Common relaxations: every deadline is taken as 72 h (deadlineOtherContinentMin), the longest one, so a
 * plan that meets the real (48 h or 72 h) deadlines meets these; products are divisible (LP, not integer);
 * a product never leaves its sede before its order exists (the planner's rule: it departs at or after the
 * release). Orders are grouped per destination and release bucket (groupMin): a group may use any time
 * allowed to any of its orders (earliest release to latest release + 72 h), a union, so grouping only widens
 * the choice.
 *
 * a. Destination pickup LP, one per destination d. Every product of an order to d ends its trip on a flight
 *    instance into d (any origin, exact UTC times) and then sits in d's warehouse for pickupMin minutes.
 *    Variables: x[g, i] products of group g on inbound instance i; constraints: each group receives K times its
 *    quantity; instance i carries at most its seats; at every arrival instant t, the products that arrived in
 *    (t - pickupMin, t] are all present, so their sum is at most d's capacity (occupancy only rises at
 *    arrivals, so checking those instants is exact for this pickup-only occupancy). An instance from origin o
 *    is allowed for g only if it leaves at or after the release (o a sede) or at or after the earliest
 *    arrival at o from any sede departing at or after the release, plus the minimum connection (time-dependent
 *    earliest arrival over the daily flights, capacities ignored), and lands with arrival + pickupMin within
 *    the 72 h deadline. Left out, hence a relaxation: seats used by products bound elsewhere, products in
 *    transit through d occupying its warehouse, everything before the last leg.
 * b. Sede-seat LP. Every product leaves a sede on a flight instance from that sede. Variables: for each group
 *    and sede, the products leaving that sede; per (sede, departure bucket of seatBucketMin minutes) at most the
 *    seats of the instances departing in that bucket. A group may leave sede s from its release until the
 *    latest departure from s that still reaches the destination within the deadline (time-dependent latest
 *    departure over the daily flights, capacities ignored, minimum connections kept); the window is rounded
 *    outward to whole buckets, so bucketing only widens it. Groups that share a first bucket have windows that
 *    are prefixes of one another, so the bucket assignment per (first bucket, sede) is written exactly with
 *    suffix sums and Hall's condition (cheap: no variable per group and bucket). Left out, hence a relaxation:
 *    every leg after the first, warehouses, products in transit through a sede taking its seats.
 *
 * The bound is the smallest K over all of them; `binding` names the resource that gives it.
 */

export interface LpBoundOptions {
  /** Orders are grouped per destination and release bucket of this many minutes (default 60). */
  groupMin: number;
  /** Departure bucket of the sede-seat LP, in minutes (default 180). */
  seatBucketMin: number;
  /** Only these destinations in the destination LPs (default: every destination with orders). */
  destinations?: string[];
  /** HiGHS options for the destination LPs and the sede-seat LP (replace the defaults; output off unless set). */
  destinationSolver?: Readonly<Record<string, OptionValue>>;
  seatSolver?: Readonly<Record<string, OptionValue>>;
  /** Called after each LP is solved (progress for long runs). */
  onSolved?: (what: DestinationBound | SeatBound) => void;
}

/**
 * Interior point (with crossover, so the optimum is a proved basic solution) is 1.5-3x faster than the dual
 * simplex on these LPs. A 180 min seat bucket keeps the sede-seat LP to ~18k columns (3.5 s on the real week);
 * 60 min tightens it by about 0.1 % for ten times the solve time.
 */
export const DEFAULT_LP_BOUND_OPTIONS: LpBoundOptions = {
  groupMin: 60,
  seatBucketMin: 180,
  destinationSolver: { solver: 'ipm' },
  seatSolver: { solver: 'ipm' },
};

interface LpSize {
  /** Products (unscaled) in the LP's orders. */
  products: number;
  groups: number;
  columns: number;
  rows: number;
  nonzeros: number;
  /** HiGHS run time (its own clock). */
  solveSeconds: number;
}

export interface DestinationBound extends LpSize {
  kind: 'destination-pickup';
  airport: string;
  k: number;
}

export interface SeatBound extends LpSize {
  kind: 'sede-seats';
  k: number;
  bucketMin: number;
}

export interface LpBound {
  /** The smallest of the bounds below (Infinity when no order needs a flight). */
  k: number;
  binding: { resource: 'destination-pickup' | 'sede-seats'; airport?: string } | null;
  /** Ascending by k. */
  destinations: DestinationBound[];
  sedeSeats: SeatBound;
  solveSeconds: number;
}

function destinationBound(
  highs: Highs,
  net: CompiledNetwork,
  incoming: number[][],
  groups: Group[],
  dest: number,
  params: PlannerParams,
  solver: Readonly<Record<string, OptionValue>> = {},
): DestinationBound {
  const pickup = params.pickupMin;
  const deadline = params.deadlineOtherContinentMin;
  const conn = params.minConnectionMin;
  const first = Math.min(...groups.map((g) => g.rMin));
  const last = Math.max(...groups.map((g) => g.rMax)) + deadline - pickup;
  // Inbound instances that can matter: leaving at or after the first release, landing by the last deadline.
  const inst: { dep: number; arr: number; origin: number; seats: number }[] = [];
  for (const f of incoming[dest]) {
    for (let day = Math.floor(first / DAY_MIN) - 1; day * DAY_MIN <= last; day++) {
      const dep = day * DAY_MIN + net.fDep[f];
      const arr = dep + net.fDur[f];
      if (dep >= first && arr <= last) inst.push({ dep, arr, origin: net.fOrigin[f], seats: net.fCap[f] });
    }
  }
  inst.sort((a, b) => a.arr - b.arr || a.dep - b.dep);
  // Columns: 0 = K, 1..inst.length = a[i] (products landing on instance i), then x[g, i].
  const colUpper: number[] = [Number.POSITIVE_INFINITY, ...inst.map((x) => x.seats)];
  const byInst: number[][] = inst.map(() => []);
  const rows = new Rows();
  for (const g of groups) {
    const ready = earliestAt(net, g.rMin, conn);
    const latest = g.rMax + deadline - pickup;
    const cols: number[] = [0];
    const vals: number[] = [-g.q];
    for (let i = 0; i < inst.length; i++) {
      const x = inst[i];
      if (x.arr > latest) break;
      const from = net.isSede[x.origin] ? g.rMin : ready[x.origin] + conn;
      if (x.dep < from) continue;
      const c = colUpper.length;
      colUpper.push(Number.POSITIVE_INFINITY);
      byInst[i].push(c);
      cols.push(c);
      vals.push(1);
    }
    rows.add(cols, vals, 0, 0);
  }
  // a[i] = sum over groups of x[g, i]; its upper bound is the instance's seats.
  for (let i = 0; i < inst.length; i++)
    rows.add([1 + i, ...byInst[i]], [1, ...byInst[i].map(() => -1)], 0, 0);
  // Pickup occupancy at each distinct arrival instant.
  const capacity = net.capacity[dest];
  let lo = 0;
  for (let j = 0; j < inst.length; j++) {
    if (j + 1 < inst.length && inst[j + 1].arr === inst[j].arr) continue;
    while (inst[lo].arr <= inst[j].arr - pickup) lo++;
    const cols: number[] = [];
    for (let i = lo; i <= j; i++) cols.push(1 + i);
    rows.add(
      cols,
      cols.map(() => 1),
      Number.NEGATIVE_INFINITY,
      capacity,
    );
  }
  const { k, seconds } = maximiseK(highs, colUpper, rows, solver);
  return {
    kind: 'destination-pickup',
    airport: net.codes[dest],
    k,
    products: groups.reduce((s, g) => s + g.q, 0),
    groups: groups.length,
    columns: colUpper.length,
    rows: rows.count,
    nonzeros: rows.indices.length,
    solveSeconds: seconds,
  };
}

function seatBound(
  highs: Highs,
  net: CompiledNetwork,
  incoming: number[][],
  groups: Group[],
  params: PlannerParams,
  bucketMin: number,
  solver: Readonly<Record<string, OptionValue>> = {},
): SeatBound {
  const pickup = params.pickupMin;
  const deadline = params.deadlineOtherContinentMin;
  const conn = params.minConnectionMin;
  const sedes = net.sedes;
  const S = sedes.length;
  const firstBucket = Math.floor(Math.min(...groups.map((g) => g.rMin)) / bucketMin);
  // Window per group and sede in buckets: [floor(rMin / B), floor(latest departure / B)], or none.
  const hi = groups.map((g) => {
    const late = latestDeparture(net, incoming, g.dest, g.rMax + deadline - pickup, conn);
    return sedes.map((s) => (late[s] >= g.rMin ? Math.floor(late[s] / bucketMin) : -1));
  });
  const lastBucket = Math.max(firstBucket, ...hi.flat());
  const nb = lastBucket - firstBucket + 1;
  // Seats per sede and bucket.
  const seats = sedes.map(() => new Float64Array(nb));
  sedes.forEach((s, si) => {
    for (const f of net.outgoing[s]) {
      for (let day = Math.floor((firstBucket * bucketMin) / DAY_MIN) - 1; ; day++) {
        const b = Math.floor((day * DAY_MIN + net.fDep[f]) / bucketMin) - firstBucket;
        if (b >= nb) break;
        if (b >= 0) seats[si][b] += net.fCap[f];
      }
    }
  });
  // Columns: 0 = K, w[g, s] (products of g leaving sede s), then per family (first bucket, sede) the
  // suffix sums T[b] = products of the family leaving s in bucket b or later, for b in (first, last].
  // The family's total is the sum of its w; T[first] is that sum, written in place.
  const colUpper: number[] = [Number.POSITIVE_INFINITY];
  const rows = new Rows();
  const w: number[][] = groups.map((_, gi) =>
    sedes.map((_s, si) => {
      if (hi[gi][si] < 0) return -1;
      colUpper.push(Number.POSITIVE_INFINITY);
      return colUpper.length - 1;
    }),
  );
  groups.forEach((g, gi) => {
    const cols = [0, ...w[gi].filter((c) => c >= 0)];
    rows.add(
      cols,
      cols.map((c) => (c === 0 ? -g.q : 1)),
      0,
      0,
    );
  });
  const families = new Map<number, number[]>();
  groups.forEach((g, gi) => {
    const f = Math.floor(g.rMin / bucketMin) - firstBucket;
    const list = families.get(f);
    if (list) list.push(gi);
    else families.set(f, [gi]);
  });
  // Per (sede, bucket): the families' departures in that bucket, as +/- suffix-sum terms.
  const capCols: number[][][] = sedes.map(() => Array.from({ length: nb }, () => []));
  const capVals: number[][][] = sedes.map(() => Array.from({ length: nb }, () => []));
  for (const [f, members] of families) {
    for (let si = 0; si < S; si++) {
      const live = members.filter((gi) => w[gi][si] >= 0);
      if (live.length === 0) continue;
      const his = live.map((gi) => hi[gi][si] - firstBucket);
      const top = Math.max(...his);
      // T[b] for b in f+1..top: columns; T[f] is the sum of the family's w (an expression).
      const T = new Map<number, number>();
      for (let b = f + 1; b <= top; b++) {
        colUpper.push(Number.POSITIVE_INFINITY);
        T.set(b, colUpper.length - 1);
      }
      const totalCols = live.map((gi) => w[gi][si]);
      // Departures in bucket b = T[b] - T[b + 1] >= 0 (T[f] = total, T[top + 1] = 0).
      for (let b = f; b <= top; b++) {
        const cols: number[] = [];
        const vals: number[] = [];
        if (b === f) {
          cols.push(...totalCols);
          vals.push(...totalCols.map(() => 1));
        } else {
          cols.push(T.get(b)!);
          vals.push(1);
        }
        if (b < top) {
          cols.push(T.get(b + 1)!);
          vals.push(-1);
        }
        rows.add(cols, vals, 0, Number.POSITIVE_INFINITY);
        capCols[si][b].push(...cols);
        capVals[si][b].push(...vals);
      }
      // Hall: what leaves after bucket h can only be groups whose window goes beyond h.
      for (const h of new Set(his)) {
        if (h >= top) continue;
        const beyond = live.filter((_, k) => his[k] > h).map((gi) => w[gi][si]);
        rows.add([T.get(h + 1)!, ...beyond], [1, ...beyond.map(() => -1)], Number.NEGATIVE_INFINITY, 0);
      }
    }
  }
  for (let si = 0; si < S; si++)
    for (let b = 0; b < nb; b++)
      if (capCols[si][b].length > 0)
        rows.add(capCols[si][b], capVals[si][b], Number.NEGATIVE_INFINITY, seats[si][b]);
  const { k, seconds } = maximiseK(highs, colUpper, rows, solver);
  return {
    kind: 'sede-seats',
    k,
    bucketMin,
    products: groups.reduce((s, g) => s + g.q, 0),
    groups: groups.length,
    columns: colUpper.length,
    rows: rows.count,
    nonzeros: rows.indices.length,
    solveSeconds: seconds,
  };
}

/**
 * Both relaxations over all orders given (orders to a sede are served from stock and left out).
 * Every figure is an upper bound on the demand scale K any plan can serve with every order on time.
 */
export function lpUpperBound(
  highs: Highs,
  network: Network,
  orders: readonly PlanOrder[],
  params: PlannerParams = DEFAULT_PLANNER_PARAMS,
  options: Partial<LpBoundOptions> = {},
): LpBound {
  const opt = { ...DEFAULT_LP_BOUND_OPTIONS, ...options };
  const net = compileNetwork(network, params);
  const incoming = incomingFlights(net);
  const groups = groupOrders(net, orders, opt.groupMin);
  const only = opt.destinations ? new Set(opt.destinations) : undefined;
  const byDest = new Map<number, Group[]>();
  for (const g of groups) {
    const list = byDest.get(g.dest);
    if (list) list.push(g);
    else byDest.set(g.dest, [g]);
  }
  const destinations: DestinationBound[] = [];
  for (const [d, list] of byDest) {
    if (only && !only.has(net.codes[d])) continue;
    const r = destinationBound(highs, net, incoming, list, d, params, opt.destinationSolver);
    opt.onSolved?.(r);
    destinations.push(r);
  }
  destinations.sort((a, b) => a.k - b.k || (a.airport < b.airport ? -1 : 1));
  const empty: SeatBound = {
    kind: 'sede-seats',
    k: Number.POSITIVE_INFINITY,
    bucketMin: opt.seatBucketMin,
    products: 0,
    groups: 0,
    columns: 0,
    rows: 0,
    nonzeros: 0,
    solveSeconds: 0,
  };
  const sedeSeats =
    groups.length > 0
      ? seatBound(highs, net, incoming, groups, params, opt.seatBucketMin, opt.seatSolver)
      : empty;
  if (groups.length > 0) opt.onSolved?.(sedeSeats);
  let k = sedeSeats.k;
  let binding: LpBound['binding'] = groups.length > 0 ? { resource: 'sede-seats' } : null;
  if (destinations.length > 0 && destinations[0].k < k) {
    k = destinations[0].k;
    binding = { resource: 'destination-pickup', airport: destinations[0].airport };
  }
  return {
    k,
    binding,
    destinations,
    sedeSeats,
    solveSeconds: destinations.reduce((s, d) => s + d.solveSeconds, sedeSeats.solveSeconds),
  };
}
