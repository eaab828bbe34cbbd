import fp from 'fastify-plugin';

/**
 * The operation clock: "now" in UTC epoch minutes. Defaults to wall time; the daily-operation
 * simulation replaces `nowMin` with its own clock (`app.clock.nowMin = () => ...`).
 */
export interface AppClock {
  nowMin: () => number;
  /** Wall time in epoch ms (pinned in tests); never replaced. The simulation paces its clocks on it. */
  wallMs: () => number;
}

declare module 'fastify' {
  interface FastifyInstance {
    clock: AppClock;
  }
}

export const clockPlugin = fp<{ now?: () => number }>(
  async (app, opts) => {
    const nowMs = opts.now ?? Date.now;
    const clock: AppClock = { nowMin: () => Math.floor(nowMs() / 60_000), wallMs: () => nowMs() };
    app.decorate('clock', clock);
  },
  { name: 'clock', fastify: '5.x' },
);
