import fp from 'fastify-plugin';

/**
 * The wall clock in epoch ms (tests pin it). Simulated clocks are the simulation's: the order form gets
 * the daily-operation clock passed to it explicitly (routes/index.ts).
 */
export interface AppClock {
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
    app.decorate('clock', { wallMs: () => nowMs() } satisfies AppClock);
  },
  { name: 'clock', fastify: '5.x' },
);
