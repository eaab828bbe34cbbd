import { DAY_MIN } from './network';
import { addOrders, advance, cancelFlight } from './orders';
import { type WarehouseStay, warehouseStays } from './present';
import { createState, type EngineOptions, instKey } from './state';
import type { FlightInstanceLoad, Network, OrderOutcome, Planner, PlannerParams } from './types';
import { DEFAULT_PLANNER_PARAMS } from './types';

export { DEFAULT_ENGINE_OPTIONS, type EngineOptions } from './state';

/**
 * The engine's wiring: one state (state.ts) shared by the jobs that read and change it — booking (state.ts),
 * route search (search.ts), placement and the deadline rule (placement.ts), repair of earlier decisions
 * (repair.ts), diagnosis of failures (diagnose.ts), the orders' lifecycle (orders.ts) — and the queries.
 */
export function createEngine(
  network: Network,
  params: PlannerParams = DEFAULT_PLANNER_PARAMS,
  options: Partial<EngineOptions> = {},
): Planner & {
  /** Instances that carry at least one product, with their load. */
  flightInstances(): FlightInstanceLoad[];
  /** Plan of every order still hot (not archived). */
  outcomes(): OrderOutcome[];
  /** What sits in an airport's warehouse at an instant, shipment by shipment. */
  warehouseStays(airport: string, atMin: number): WarehouseStay[];
  /** Memory footprint indicators (pages, hot orders) to check that a long run stays flat. */
  footprint(): {
    hotOrders: number;
    timelinePages: number;
    flightPages: number;
    instances: number;
    /** Shipments indexed by the airports they sit in (for repairs). */
    present: number;
  };
} {
  const st = createState(network, params, options);
  const { net } = st;

  function flightOrders(flightId: string, depMin: number) {
    const f = net.flightIndex.get(flightId);
    if (f === undefined) return [];
    const by = new Map<string, number>();
    for (const s of st.aboard.get(instKey(st, f, depMin)) ?? [])
      by.set(s.order.order.key, (by.get(s.order.order.key) ?? 0) + s.qty);
    return [...by].map(([orderKey, quantity]) => ({ orderKey, quantity }));
  }

  return {
    addOrders: (orders, nowMin) => addOrders(st, orders, nowMin),
    cancelFlight: (flightId, depMin, nowMin) => cancelFlight(st, flightId, depMin, nowMin),
    advance: (nowMin) => advance(st, nowMin),
    outcome: (key) => st.hot.get(key)?.outcome,
    flightLoad: (flightId, depMin) => {
      const f = net.flightIndex.get(flightId);
      return f === undefined ? 0 : st.loads.get(f, depMin);
    },
    flightOrders,
    warehouseLoad: (airport, atMin) => {
      const a = net.index.get(airport);
      return a === undefined ? 0 : st.wh[a].at(atMin);
    },
    stats: () => ({ ...st.totals }),
    takeReplanned: () => {
      const list = [...st.replanned].map((o) => o.outcome);
      st.replanned.clear();
      return list;
    },
    flightInstances: () => {
      const out: FlightInstanceLoad[] = [];
      st.loads.forEach(
        (f, dep, load) => {
          out.push({ flightId: net.flightIds[f], depMin: dep, load, capacity: net.fCap[f] });
        },
        (f, day) => day * DAY_MIN + net.fDep[f],
      );
      return out;
    },
    outcomes: () => [...st.hot.values()].map((o) => o.outcome),
    warehouseStays: (airport, atMin) => warehouseStays(st, airport, atMin),
    footprint: () => ({
      hotOrders: st.hot.size,
      timelinePages: st.wh.reduce((s, t) => s + t.pageCount, 0),
      flightPages: st.loads.pageCount,
      instances: st.aboard.size,
      present: st.present.reduce((sum, set) => sum + set.size, 0),
    }),
  };
}
