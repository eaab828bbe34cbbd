import { diagnose } from './diagnose';
import { deadlineOf } from './placement';
import type { EngineState, OrderRec } from './state';
import type { OrderOutcome, OrderStatus, Shipment } from './types';

/** Rebuilds the public outcome after (re)planning: shipments, deadline from the actual sources, status. */
export function refresh(st: EngineState, o: OrderRec): OrderOutcome {
  const out = o.outcome;
  const prev = out.status;
  const deadline = deadlineOf(st, o);
  const shipments: Shipment[] = new Array(o.ships.length);
  let late = false;
  for (let i = 0; i < o.ships.length; i++) {
    const sh = o.ships[i].out;
    sh.deadlineMin = deadline;
    if (sh.readyMin > deadline) late = true;
    shipments[i] = sh;
  }
  const status: OrderStatus = o.missing > 0 ? 'unrouted' : late ? 'late' : 'onTime';
  // The outcome object is updated in place: holders of it see re-plans.
  out.deadlineMin = deadline;
  out.status = status;
  out.shipments = shipments;
  if (status !== 'onTime') out.cause = o.cause ?? diagnose(st, o, o.order.releaseMin);
  else {
    o.cause = undefined;
    if (out.cause) delete out.cause;
  }
  st.opt.onDecision?.({ kind: 'plan', atMin: st.clock, orderKey: out.key, shipments: [...shipments] });
  if (prev !== status) {
    st.totals[prev]--;
    st.totals[status]++;
  }
  return out;
}
