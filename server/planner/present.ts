import { arrOf, type EngineState, occupies } from './state';

/** A shipment's stay in one airport's warehouse. */
export interface WarehouseStay {
  orderKey: string;
  destination: string;
  quantity: number;
  fromMin: number;
  toMin: number;
  /** The leg it leaves on ("ORIG-DEST-HH:MM" and its departure); null when it waits for pickup. */
  next: { flightId: string; depMin: number } | null;
}

/**
 * What sits in an airport's warehouse at instant t, by shipment: the same bookings the warehouse's
 * timeline counts (a transit stay [arrival, next departure), the destination stay [arrival, + pickup)),
 * so the quantities add up to its occupancy.
 */
export function warehouseStays(st: EngineState, airport: string, atMin: number): WarehouseStay[] {
  const a = st.net.index.get(airport);
  if (a === undefined) return [];
  const { net } = st;
  const out: WarehouseStay[] = [];
  for (const s of st.present[a]) {
    const legs = s.legs;
    for (let i = 1; i <= legs.length; i++) {
      const last = i === legs.length;
      const at = last ? net.fDest[legs[i - 1].f] : net.fOrigin[legs[i].f];
      if (at !== a || (!last && !occupies(st, a))) continue;
      const from = arrOf(st, legs[i - 1]);
      const to = last ? from + st.pickup : legs[i].dep;
      if (from > atMin || atMin >= to) continue;
      out.push({
        orderKey: s.order.order.key,
        destination: s.order.order.destination,
        quantity: s.qty,
        fromMin: from,
        toMin: to,
        next: last ? null : { flightId: net.flightIds[legs[i].f], depMin: legs[i].dep },
      });
    }
  }
  return out;
}
