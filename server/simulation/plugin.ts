import { hostname } from 'node:os';
import fp from 'fastify-plugin';
import { resolveOptions, type SimulationOptions } from './options';
import { SimulationService } from './service';

declare module 'fastify' {
  interface FastifyInstance {
    simulation: SimulationService;
  }
}

/**
 * Decorates `app.simulation` (runs, clocks, live stream) at the root, so every route and tool sees the
 * same service. The config's simTickMs and simHeartbeatMs (SIM_TICK_MS, SIM_HEARTBEAT_MS) override the
 * tick and heartbeat periods.
 */
/** How often an instance tries the locks of the modes it does not lead and writes its heartbeat. */
const CLUSTER_POLL_MS = 1000;

export const simulationPlugin = fp(
  async (app) => {
    const over: Partial<SimulationOptions> = {};
    const tick = app.config.simTickMs;
    const heartbeat = app.config.simHeartbeatMs;
    if (tick !== undefined) over.tickMs = tick;
    if (heartbeat !== undefined) over.heartbeatMs = heartbeat;
    // Where peers reach this instance: known once it listens.
    const address = () => {
      if (app.config.instanceUrl) return app.config.instanceUrl;
      const a = app.server.address();
      if (typeof a !== 'object' || a === null) return null;
      const loopback = /^(127\.|::1$|localhost$)/.test(app.config.host);
      return `http://${loopback ? '127.0.0.1' : hostname()}:${a.port}`;
    };
    const service = new SimulationService({
      db: app.db,
      bus: app.bus,
      sedes: app.config.sedes,
      options: resolveOptions(over),
      wallMs: app.clock.wallMs,
      log: app.log,
      cluster:
        app.db.kind === 'postgres' && app.db.url
          ? { url: app.db.url, pollMs: CLUSTER_POLL_MS, address, restoreWaitMs: app.config.restoreWaitMs }
          : undefined,
    });
    app.decorate('simulation', service);
    app.addHook('onReady', async () => {
      await service.start();
    });
    app.addHook('preClose', async () => {
      await service.close();
    });
  },
  { name: 'simulation', fastify: '5.x', dependencies: ['db', 'events', 'clock', 'config'] },
);

export default simulationPlugin;
