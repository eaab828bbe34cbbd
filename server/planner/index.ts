/**
 * The planner: pure (no I/O, no clock), incremental.
 *
 * const planner = createPlanner(network, params);
 *   planner.addOrders(orders, nowMin)      plan new orders (time order); returns their outcomes
 *   planner.cancelFlight(id, depMin, now)  cancel an instance before take-off; affected orders re-planned
 *   planner.takeReplanned()                earlier orders moved by addOrders to make room (outcomes updated in place)
 *   planner.advance(nowMin)                move the clock; orders finished over KEEP_DAYS ago are archived
 *   planner.outcome(key) / flightLoad / flightOrders / warehouseLoad / stats   queries
 *
 * Rules (DOMAIN.md): UTC epoch minutes throughout; a product leaves a sede (unlimited stock), connects
 * in >= minConnectionMin, occupies transit warehouses from arrival to departure and the destination
 * warehouse from arrival to arrival + pickupMin; flights and warehouses never exceed capacity; the
 * deadline is 48 h when every product of the order comes from a sede on the destination's continent,
 * else 72 h. Orders to a sede are served from stock (status fromStock).
 *
 * Strategy: every sede at once, each with its own deadline (48 h from the home sede while no product of the
 * order comes from another continent, else 72 h), earliest arrival first (putting the home sede
 * first spends its seats on orders another sede could serve as early, and failed at K = 7.5625 instead of 8);
 * per shipment the on-time route of one or two legs that arrives first, a two-leg route's transit wait charged
 * once the network is loaded (transitPressureCost, transitLoadCost: per minute of wait, in proportion to the
 * share of the warehouses that recent demand's pickups take above a floor, more where the transit warehouse is
 * fuller). Warehouse time is the scarce resource at high load (pickups alone take over half of it on the real
 * week at 8x), and a wait of hours at a full stop blocks later orders' routes through it; at low load, or when
 * demand is bound for one airport, the charge is 0 and pure arrival order packs the destination's pickup windows
 * best (a fixed charge, transitWaitCost, kept the week at 8 but lost to the baseline on single-destination
 * files). Else an earliest-arrival label-setting search with
 * capacities over the time-expanded network; an order is split whenever a route fills up.
 * When an order cannot be on time, earlier orders' products still at their sede are moved off full flights
 * onto other on-time routes (repair); only if that fails is it delivered late, with the binding cause.
 *
 * Cost: per order, the direct scan checks sedes x flights per pair (<= 4) x deadline days (3) instances, each
 * an O(1) seat lookup and an O(16 + span/16) warehouse range max (timeline.ts); the two-leg scan enumerates
 * sedes x intermediates x first-leg instances, pruned by the best score so far, sources and intermediates whose
 * earliest arrival over the timetable alone (reach.ts) cannot beat it skipped unseen (the transit charge needs no
 * lookup beyond the transit warehouse's range max the scan takes anyway, and one decayed demand sum). Nothing
 * depends on the number of orders already planned (state is paged by UTC day), so a run is linear in
 * orders; per-order cost rises with load because congested orders reach the two-leg, any-route and repair
 * stages. An order that cannot be on time costs a bounded amount of work: the enumeration of its one- and
 * two-leg routes blocked by one resource (sedes x intermediates x first-leg instances, first connection), at most
 * repairCandidates of them tried and at most repairMoves moves in all (each: one shipment off, up to three
 * placement stages for it), the late placement (one any-route search per route taken) and one diagnosis
 * (diagnose.ts: every one- and two-leg route instance). Memory: one page per airport and day (1440 ints) plus one per day of flight loads, and the hot
 * orders of the last KEEP_DAYS + 3 days; advance() archives the rest.
 *
 * validatePlan() (validate.ts) checks a plan independently (given the files' local times, it derives flight and
 * release times itself: validateTimes.ts), validateDecisions() the time order of its decision log; planToJsonLines() exports it;
 * createPlanner(network, params, { baseline: true }) plans with the plain earliest-arrival greedy of baseline.ts,
 * the yardstick of the defaults (bench planner-scale prints both on several demand sets);
 * scaleUpperBounds() (bounds/bound.ts) gives throughput bounds on the demand any plan can serve on time; lpUpperBound()
 * (bounds/lpBound.ts) and steadyStateBound() (bounds/steadyBound.ts) solve LP relaxations with HiGHS for tighter ones.
 */
import { createEngine, type EngineOptions } from './engine';
import type { Network, PlannerParams } from './types';
import { DEFAULT_PLANNER_PARAMS } from './types';

export { DEFAULT_ENGINE_OPTIONS, type EngineOptions } from './engine';
export { outcomeJsonLines, planFromJsonLines, planToJsonLines } from './serialize';
export * from './types';
export {
  DECISION_KINDS,
  type DecisionReport,
  type DecisionViolation,
  type DecisionViolationKind,
  HARD_KINDS,
  SERVICE_KINDS,
  type ValidateOptions,
  type ValidationReport,
  type Violation,
  type ViolationKind,
  validateDecisions,
  validatePlan,
} from './validate';
export type { FileTimes } from './validateTimes';

export type PlannerEngine = ReturnType<typeof createEngine>;

export function createPlanner(
  network: Network,
  params: Partial<PlannerParams> = {},
  options: Partial<EngineOptions> = {},
): PlannerEngine {
  return createEngine(network, { ...DEFAULT_PLANNER_PARAMS, ...params }, options);
}
export { type ScaleBound, scaleUpperBounds } from './bounds/bound';
export {
  DEFAULT_LP_BOUND_OPTIONS,
  type DestinationBound,
  type LpBound,
  type LpBoundOptions,
  lpUpperBound,
  type SeatBound,
} from './bounds/lpBound';
export {
  type SteadyBound,
  type SteadyBoundOptions,
  steadyRouteSupport,
  steadyStateBound,
} from './bounds/steadyBound';
