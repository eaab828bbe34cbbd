import type { GrowthLawDto } from '../../../contract';
import { DAY_MIN } from '../../../contract/time';
import type { PlanOrder } from '../../planner/types';
import { type DemandProfile, growthLaw, syntheticDay } from '../growth';
import type { RunEvent } from './events';

export const byRelease = (a: PlanOrder, b: PlanOrder) =>
  a.releaseMin - b.releaseMin || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0);

/** colapso: the demand mix to extend past the stored orders, from this UTC day on, under this law. */
export interface GrowthInput {
  profile: DemandProfile;
  startDay: number;
  law: GrowthLawDto;
  seed: number;
  /** The search gives up after this many synthetic days. */
  maxDays: number;
}

/**
 * What a run plans, in time order: its stored orders, then (colapso) seeded synthetic days under the
 * growth law, plus the events of a resumed run (live orders, cancellations) at their minutes.
 */
export class OrderFeed {
  private pending: PlanOrder[];
  private cursor = 0;
  private replay: RunEvent[] = [];
  private replayCursor = 0;
  /** Keys already fed or queued: a live order is planned once. */
  readonly seen = new Set<string>();
  private readonly growth?: GrowthInput & { nextDay: number; perDay: (d: number) => number };
  /** Wall ms spent making synthetic days (the benchmark's time split). */
  demandMs = 0;

  constructor(orders: PlanOrder[], growth?: GrowthInput) {
    this.pending = orders;
    for (const o of orders) this.seen.add(o.key);
    if (growth) {
      const perDay = growthLaw(growth.profile.productsPerDay, {
        exponent: growth.law.exponente,
        yearFactor: growth.law.factorPorPeriodo,
        periodDays: growth.law.periodoDias,
      });
      this.growth = { ...growth, nextDay: growth.startDay, perDay };
    }
  }

  get firstRelease(): number | undefined {
    return this.pending[0]?.releaseMin;
  }

  /** Events from the database of a resumed run, applied at their minutes among the feed orders. */
  setReplay(events: RunEvent[]): void {
    this.replay = events;
    this.replayCursor = 0;
    const live = new Set<string>();
    for (const e of events) if (e.kind === 'pedido') live.add(e.order.key);
    if (live.size > 0) this.pending = this.pending.filter((o) => !live.has(o.key));
    for (const k of live) this.seen.add(k);
  }

  /** The next feed order released at or before limitMin (synthetic days are made as they come due). */
  peek(limitMin: number): PlanOrder | undefined {
    if (this.cursor >= this.pending.length && this.growth) {
      const g = this.growth;
      if (g.nextDay * DAY_MIN <= limitMin && g.nextDay - g.startDay < g.maxDays) {
        const t0 = performance.now();
        this.pending = syntheticDay(g.profile, g.perDay, g.startDay, g.nextDay, g.seed);
        this.demandMs += performance.now() - t0;
        this.cursor = 0;
        g.nextDay++;
      }
    }
    return this.cursor < this.pending.length ? this.pending[this.cursor] : undefined;
  }

  take(): void {
    this.cursor++;
  }

  peekEvent(): RunEvent | undefined {
    return this.replayCursor < this.replay.length ? this.replay[this.replayCursor] : undefined;
  }

  takeEvent(): void {
    this.replayCursor++;
  }

  /** Release of the last order taken (the max-speed clock follows it). */
  lastTaken(): number | undefined {
    return this.cursor > 0 ? this.pending[this.cursor - 1]?.releaseMin : undefined;
  }

  /** True once the colapso feed has nothing more to give (growth horizon reached). */
  exhausted(): boolean {
    if (this.cursor < this.pending.length) return false;
    const g = this.growth;
    return !g || g.nextDay - g.startDay >= g.maxDays;
  }

  /** The last minute the feed can reach: the growth horizon, or the last order. */
  horizonMin(): number {
    const g = this.growth;
    if (g) return (g.startDay + g.maxDays) * DAY_MIN;
    return this.pending.length > 0 ? this.pending[this.pending.length - 1].releaseMin : 0;
  }

  get growing(): boolean {
    return this.growth !== undefined;
  }

  /** A live order released after the planning frontier waits in the feed for its minute. */
  queue(o: PlanOrder): void {
    let i = this.pending.length;
    while (i > this.cursor && byRelease(this.pending[i - 1], o) > 0) i--;
    this.pending.splice(i, 0, o);
  }

  /** colapso: demand at a simulated minute relative to the loaded orders' (1 before the growth starts). */
  demandFactor(atMin: number): number | null {
    const g = this.growth;
    if (!g) return null;
    const days = atMin / DAY_MIN - g.startDay;
    if (days <= 0) return 1;
    return Math.round((g.perDay(days) / g.profile.productsPerDay) * 100) / 100;
  }
}
