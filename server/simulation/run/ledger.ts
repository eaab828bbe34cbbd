import type { OrderOutcome } from '../../planner/types';
import { FinishHeap } from '../heap';

/** Archived outcomes kept for GET /api/pedidos/{id}; beyond this the oldest are forgotten. */
const ARCHIVE_LIMIT = 50_000;

/** Delivery counts of a run at its clock. */
export interface Deliveries {
  onTime: number;
  late: number;
  /** Undelivered orders whose plan is late. */
  lateInTransit: number;
}

/**
 * A run's bookkeeping beside the planner: when each order's last products are ready (so deliveries are
 * counted as the clock passes them, on time or late), and the outcomes the planner archived.
 */
export class Ledger {
  /** key → minute its last products are ready and whether that is past its deadline. */
  private readonly finish = new Map<string, { end: number; late: boolean }>();
  private readonly heap = new FinishHeap();
  private deliveredOnTime = 0;
  private deliveredLate = 0;
  private readonly archived = new Map<string, OrderOutcome>();
  /** Keys of `archived` in the order they came in; `archiveHead` is the oldest still there. */
  private readonly archiveOrder: string[] = [];
  private archiveHead = 0;
  /** Every order ever planned late or unrouted (outcomes change in place: read their status now). */
  private readonly exceptional = new Map<string, OrderOutcome>();

  archive(o: OrderOutcome): void {
    if (!this.archived.has(o.key)) this.archiveOrder.push(o.key);
    this.archived.set(o.key, o);
    // Oldest first, from a queue of keys: asking the Map for its first key walks past every entry
    // deleted before it, which made a collapse search's bookkeeping grow with the square of its orders.
    while (this.archived.size > ARCHIVE_LIMIT) this.archived.delete(this.archiveOrder[this.archiveHead++]);
    if (this.archiveHead >= ARCHIVE_LIMIT) {
      this.archiveOrder.splice(0, this.archiveHead);
      this.archiveHead = 0;
    }
  }

  archivedOutcome(key: string): OrderOutcome | undefined {
    return this.archived.get(key);
  }

  /** Records an order's (re)plan: when it will be ready, and whether late. */
  track(out: OrderOutcome): void {
    if (out.status === 'late' || out.status === 'unrouted') this.exceptional.set(out.key, out);
    if (out.status === 'fromStock' || (out.status === 'unrouted' && out.shipments.length === 0)) {
      this.archive(out);
    }
    let end: number;
    if (out.status === 'fromStock') end = out.releaseMin;
    else if (out.status === 'unrouted') end = Number.POSITIVE_INFINITY;
    else end = out.shipments.reduce((m, s) => Math.max(m, s.readyMin), out.releaseMin);
    const late = out.status === 'late';
    const prev = this.finish.get(out.key);
    if (prev && prev.end === end && prev.late === late) return;
    this.finish.set(out.key, { end, late });
    if (Number.isFinite(end) && prev?.end !== end) this.heap.push(end, out.key);
  }

  /** Orders ever planned late or unrouted; their status now may be another. */
  exceptions(): IterableIterator<OrderOutcome> {
    return this.exceptional.values();
  }

  /** Orders not delivered yet (at the last settle): key and the minute they will be ready (∞ unrouted). */
  pending(): IterableIterator<[string, { end: number; late: boolean }]> {
    return this.finish.entries();
  }

  isPending(key: string): boolean {
    return this.finish.has(key);
  }

  /** Counts the orders whose last products are ready at or before nowMin as delivered. */
  settle(nowMin: number): void {
    while (this.heap.peekTime() <= nowMin) {
      const { time, key } = this.heap.pop()!;
      const f = this.finish.get(key);
      if (f?.end === time) {
        this.finish.delete(key);
        if (f.late) this.deliveredLate++;
        else this.deliveredOnTime++;
      }
    }
  }

  /** Deliveries so far; `lateStatuses` is the planner's count of orders planned late (delivered or not). */
  deliveries(lateStatuses: number): Deliveries {
    return {
      onTime: this.deliveredOnTime,
      late: this.deliveredLate,
      lateInTransit: Math.max(0, lateStatuses - this.deliveredLate),
    };
  }
}
