import type { PlanOrder } from '../../planner/types';

/** What cannot be recomputed from the stored orders: live orders and cancellations, in order. */
export type RunEvent =
  | { kind: 'pedido'; atMin: number; order: PlanOrder }
  | { kind: 'cancelacion'; atMin: number; flightId: string; depMin: number };
