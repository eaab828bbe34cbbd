import { createPlanner, type EngineOptions, type PlannerEngine } from '../../server/planner';
import type { Network, OrderOutcome, PlanOrder } from '../../server/planner/types';

export interface PlanRun {
  outcomes: OrderOutcome[];
  seconds: number;
  /** CPU time of this process while planning (less sensitive than wall time to a loaded machine). */
  cpuSeconds: number;
  planner: PlannerEngine;
  /** With stopOnFailure: the first order that could not be on time (the run stops there). */
  failure?: OrderOutcome;
  /** Orders planned (with stopOnFailure: up to and including the failure). */
  planned: number;
  /** The run hit its time limit before planning every order. */
  timedOut: boolean;
}

/**
 * Feeds orders to a fresh planner the way the simulation does: one at a time, in release order, the clock
 * at each order's release, advancing (and archiving) as days pass. Times only the planner's own work.
 */
export function runPlanner(
  network: Network,
  orders: PlanOrder[],
  onProgress?: (done: number) => void,
  stopOnFailure = false,
  /** Called once, untimed, halfway through the orders (e.g. to cancel a flight mid-run). */
  midway?: (planner: PlannerEngine, nowMin: number) => void,
  /** Engine knobs to try (bench flag --engine '{"repairCandidates":60}'). */
  engine: Partial<EngineOptions> = {},
  /** CPU-time limit of the planning itself (a planner-scale step): the run stops there, timedOut. */
  limitSeconds = Number.POSITIVE_INFINITY,
): PlanRun {
  const planner = createPlanner(network, {}, engine);
  const outcomes: OrderOutcome[] = [];
  let failure: OrderOutcome | undefined;
  let seconds = 0;
  let cpuSeconds = 0;
  const chunk = 5000;
  let timedOut = false;
  for (let i = 0; i < orders.length && !failure && !timedOut; i += chunk) {
    const t = process.hrtime.bigint();
    const cpu = process.cpuUsage();
    const end = Math.min(orders.length, i + chunk);
    for (let j = i; j < end; j++) {
      const o = orders[j];
      if (midway && j === orders.length >> 1) {
        const paused = process.hrtime.bigint();
        const pausedCpu = process.cpuUsage();
        midway(planner, o.releaseMin);
        // Keep the hook out of the planning figures.
        const hookCpu = process.cpuUsage(pausedCpu);
        cpuSeconds -= (hookCpu.user + hookCpu.system) / 1e6;
        seconds -= Number(process.hrtime.bigint() - paused) / 1e9;
      }
      planner.advance(o.releaseMin);
      const out = planner.addOrders([o], o.releaseMin)[0];
      outcomes.push(out);
      if (stopOnFailure && (out.status === 'late' || out.status === 'unrouted')) {
        failure = out;
        break;
      }
      if ((j & 255) === 255 && cpuSeconds + cpuSince(cpu) > limitSeconds) {
        timedOut = true;
        break;
      }
    }
    seconds += Number(process.hrtime.bigint() - t) / 1e9;
    const used = process.cpuUsage(cpu);
    cpuSeconds += (used.user + used.system) / 1e6;
    onProgress?.(end);
  }
  return { outcomes, seconds, cpuSeconds, planner, failure, planned: outcomes.length, timedOut };
}

function cpuSince(start: NodeJS.CpuUsage): number {
  const used = process.cpuUsage(start);
  return (used.user + used.system) / 1e6;
}
