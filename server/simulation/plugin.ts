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
export const simulationPlugin = fp(
  async (app) => {
    const over: Partial<SimulationOptions> = {};
    const tick = app.config.simTickMs;
    const heartbeat = app.config.simHeartbeatMs;
    if (tick !== undefined) over.tickMs = tick;
    if (heartbeat !== undefined) over.heartbeatMs = heartbeat;
    const service = new SimulationService({
      db: app.db,
      bus: app.bus,
      sedes: app.config.sedes,
      options: resolveOptions(over),
      wallMs: app.clock.wallMs,
      log: app.log,
    });
    app.decorate('simulation', service);
    app.addHook('onReady', async () => {
      service.start();
    });
    app.addHook('preClose', async () => {
      await service.close();
    });
  },
  { name: 'simulation', fastify: '5.x', dependencies: ['db', 'events', 'clock', 'config'] },
);

export default simulationPlugin;
