import { describe, expect, it } from 'vitest';
import { diagnose } from '../../../server/planner/diagnose';
import { createState, type OrderRec } from '../../../server/planner/state';
import { DEFAULT_PLANNER_PARAMS, type NetworkFlight } from '../../../server/planner/types';
import { flight, order, smallNetwork, T0 } from './fixtures';

const H = 60;
const DAY = 24 * H;

/** An engine state on the small network with resources filled by hand, and an order to SKBO at T0. */
function setup(flights: NetworkFlight[]) {
  const st = createState(smallNetwork(flights), DEFAULT_PLANNER_PARAMS, {});
  const p = order('SKBO', 1, T0, 10);
  const o: OrderRec = {
    order: p,
    dest: st.net.index.get('SKBO')!,
    ships: [],
    missing: 10,
    outcome: { ...p, deadlineMin: 0, status: 'unrouted', shipments: [] },
  };
  const fillFlight = (id: string, dep: number) => {
    const f = st.net.flightIndex.get(id)!;
    st.loads.add(f, dep, st.net.fCap[f]);
  };
  const fillWarehouse = (code: string, from: number, to: number) => {
    const a = st.net.index.get(code)!;
    st.wh[a].add(from, to, st.net.capacity[a]);
  };
  return { st, o, fillFlight, fillWarehouse };
}

const network = [
  flight('SPIM', 'SKBO', '10:00', 120),
  flight('SPIM', 'SKBO', '14:00', 120),
  flight('SPIM', 'LOWW', '01:00', 60),
  flight('LOWW', 'SKBO', '05:00', 60),
  flight('SPIM', 'VIDP', '02:00', 60),
  flight('VIDP', 'SKBO', '06:00', 60),
  // From another continent's sede: 72 h.
  flight('EBCI', 'SKBO', '12:00', 600),
];

/** Both direct flights full on the two days the home deadline (48 h) reaches. */
function saturate(fillFlight: (id: string, dep: number) => void) {
  for (const dep of [T0 + 10 * H, T0 + 34 * H]) fillFlight('SPIM-SKBO-10:00', dep);
  for (const dep of [T0 + 14 * H, T0 + 38 * H]) fillFlight('SPIM-SKBO-14:00', dep);
}

describe('the cause of an order that cannot be on time', () => {
  it('names the resource that blocks the larger share of routes, each sede with the order’s own deadline', () => {
    const { st, o, fillFlight, fillWarehouse } = setup(network);
    // Home sede SPIM (48 h): 4 direct routes with full seats; 3 routes through LOWW and 3 through VIDP,
    // whose warehouses have been full since before the order. No single warehouse blocks as many routes
    // as the full flights; together they block more.
    saturate(fillFlight);
    fillWarehouse('LOWW', T0 - 2 * DAY, T0 + 4 * DAY);
    fillWarehouse('VIDP', T0 - 2 * DAY, T0 + 4 * DAY);
    // EBCI (72 h): three instances land in time, all free; with 48 h only two would count.
    const cause = diagnose(st, o, T0);
    expect(cause.kind).toBe('warehouse');
    expect(cause.airport).toBe('LOWW');
    expect(cause.blocked).toEqual({ routes: 13, byFlights: 4, byWarehouses: 6 });
    expect(cause.message).toBe(
      'Almacenes llenos: bloquean 6 de las 13 rutas a tiempo de uno o dos vuelos a SKBO (46 %); el de LOWW ' +
        '(400 productos) está lleno desde el 2025-12-20 00:00 UTC, 3 de ellas. Vuelos llenos: 4 (31 %). ' +
        'Plazo: 48 h desde una sede de su continente, 72 h desde las demás.',
    );
  });

  it('says when a warehouse fills in the future instead of dating a "desde" after the decision', () => {
    const { st, o, fillWarehouse } = setup([flight('SPIM', 'SKBO', '10:00', 120)]);
    fillWarehouse('SKBO', T0 + 12 * H, T0 + 14 * H);
    fillWarehouse('SKBO', T0 + 36 * H, T0 + 38 * H);
    const cause = diagnose(st, o, T0 + 30);
    expect(cause.kind).toBe('warehouse');
    expect(cause.atMin).toBe(T0 + 12 * H);
    expect(cause.message).not.toContain('desde el');
    expect(cause.message).toContain('se llena a partir del 2025-12-22 12:00 UTC con lo ya planificado');
  });

  it('dates a warehouse full at the decision from when it filled, at or before the decision', () => {
    const { st, o, fillWarehouse } = setup([flight('SPIM', 'SKBO', '10:00', 120)]);
    fillWarehouse('SKBO', T0 + 5 * H, T0 + 3 * DAY);
    const cause = diagnose(st, o, T0 + 8 * H);
    expect(cause.message).toContain('está lleno desde el 2025-12-22 05:00 UTC');
  });

  it('names full flights when they block more routes than warehouses', () => {
    const { st, o, fillFlight, fillWarehouse } = setup(network);
    saturate(fillFlight);
    fillWarehouse('LOWW', T0 - 2 * DAY, T0 + 4 * DAY);
    const cause = diagnose(st, o, T0);
    expect(cause.kind).toBe('flights');
    expect(cause.message).toMatch(
      /^Vuelos llenos: bloquean 4 de las 13 rutas .* Almacenes llenos: 3 \(23 %\)/,
    );
    expect(cause.flights).toHaveLength(4);
  });
});
