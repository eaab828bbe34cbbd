import type { Continent } from '../domain/types';

/**
 * The planner's contract. Pure data in, plan out: no I/O, no wall clock.
 * All times are UTC epoch minutes (see server/domain/types.ts).
 */

export interface PlannerParams {
  /** Headquarters with unlimited stock. Default SPIM, EBCI, UBBB. */
  sedes: string[];
  /** Minimum connection at an intermediate airport (default 60). */
  minConnectionMin: number;
  /** Dwell at the destination until pickup; also the "ready" offset (default 120). */
  pickupMin: number;
  /** Deadline when every product ships from a sede on the destination's continent (default 2880 = 48 h). */
  deadlineSameContinentMin: number;
  /** Deadline otherwise (default 4320 = 72 h). */
  deadlineOtherContinentMin: number;
  /** Products in transit through a sede occupy its warehouse (default true). */
  sedeTransitOccupiesWarehouse: boolean;
}

export const DEFAULT_PLANNER_PARAMS: PlannerParams = {
  sedes: ['SPIM', 'EBCI', 'UBBB'],
  minConnectionMin: 60,
  pickupMin: 120,
  deadlineSameContinentMin: 48 * 60,
  deadlineOtherContinentMin: 72 * 60,
  sedeTransitOccupiesWarehouse: true,
};

export interface NetworkAirport {
  code: string;
  gmt: number;
  capacity: number;
  continent: Continent;
}

export interface NetworkFlight {
  /** ORIG-DEST-HH:MM */
  id: string;
  origin: string;
  destination: string;
  /** Departure minute of the UTC day (0..1439). */
  depUtcMin: number;
  /** Flight duration in minutes (> 0, < 1440). */
  durationMin: number;
  capacity: number;
}

export interface Network {
  airports: NetworkAirport[];
  flights: NetworkFlight[];
}

export interface PlanOrder {
  /** DEST-seq, see orderKey(). */
  key: string;
  destination: string;
  /** Order time in UTC epoch minutes (local time at destination converted). */
  releaseMin: number;
  quantity: number;
}

/** A leg is one flight instance: flight id + UTC departure. */
export interface Leg {
  flightId: string;
  origin: string;
  destination: string;
  depMin: number;
  arrMin: number;
}

export interface Shipment {
  orderKey: string;
  quantity: number;
  /** The sede the products leave from. */
  source: string;
  legs: Leg[];
  arrivalMin: number;
  /** arrival + pickup. */
  readyMin: number;
  deadlineMin: number;
  /**
   * Products a cancellation left at an intermediate airport with no route on (legs are the ones they flew,
   * ending there): they stay on the flights they took, are not delivered (the order is unrouted), and their
   * stay there is outside the plan.
   */
  stranded?: true;
  /** When the planner booked this shipment (its clock then); every leg it added departs at or after it. */
  decidedMin?: number;
}

/**
 * One decision of the planner, in the order taken: an order's whole plan after a (re)plan at atMin, or the
 * cancellation of a flight instance. The log lets an audit check time order (validateDecisions).
 */
export type Decision =
  | { kind: 'plan'; atMin: number; orderKey: string; shipments: Shipment[] }
  | { kind: 'cancel'; atMin: number; flightId: string; depMin: number };

export type FailureKind = 'warehouse' | 'flights' | 'no-route';

export interface FailureCause {
  kind: FailureKind;
  /** The saturated warehouse, when kind = warehouse. */
  airport?: string;
  /** When the binding capacity is hit. */
  atMin?: number;
  /** Flight instances that were full, "ORIG-DEST-HH:MM@epochMin". */
  flights?: string[];
  /**
   * On-time routes of one or two legs the diagnosis walked (each sede with the order's own deadline), and how
   * many of them full flights and full warehouses block (a route blocked by both counts for both).
   */
  blocked?: { routes: number; byFlights: number; byWarehouses: number };
  /** Spanish explanation for operators. */
  message: string;
}

export type OrderStatus = 'onTime' | 'late' | 'unrouted' | 'fromStock';

export interface OrderOutcome {
  key: string;
  destination: string;
  releaseMin: number;
  quantity: number;
  deadlineMin: number;
  status: OrderStatus;
  shipments: Shipment[];
  /** Present when status is late or unrouted. */
  cause?: FailureCause;
}

export interface FlightInstanceLoad {
  flightId: string;
  depMin: number;
  load: number;
  capacity: number;
}

/** Incremental planner. Orders arrive in time order (or small batches); nowMin never goes back. */
export interface Planner {
  /** Plan new orders at simulated time nowMin; may re-plan still-changeable decisions. Returns outcomes of these orders. */
  addOrders(orders: PlanOrder[], nowMin: number): OrderOutcome[];
  /** Cancel a flight instance before take-off (depMin > nowMin); affected products are re-planned. */
  cancelFlight(
    flightId: string,
    depMin: number,
    nowMin: number,
  ): { ok: true; affected: OrderOutcome[] } | { ok: false; reason: string };
  /** Move the clock: decisions entirely in the past beyond the horizon are archived (memory stays flat). */
  advance(nowMin: number): void;
  outcome(key: string): OrderOutcome | undefined;
  /** Products booked on a flight instance. */
  flightLoad(flightId: string, depMin: number): number;
  /** Orders aboard a flight instance. */
  flightOrders(flightId: string, depMin: number): { orderKey: string; quantity: number }[];
  /** Products present in an airport's warehouse at instant t. */
  warehouseLoad(airport: string, atMin: number): number;
  /**
   * Orders re-planned as a side effect of addOrders (earlier decisions moved to make room for new orders),
   * since the previous call; their outcome objects are updated in place.
   */
  takeReplanned(): OrderOutcome[];
  /** Totals since the start (archived included). */
  stats(): {
    orders: number;
    products: number;
    onTime: number;
    late: number;
    unrouted: number;
    fromStock: number;
  };
}
