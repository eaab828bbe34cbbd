import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { resolveOptions, type SimulationOptions } from './options';
import { SimulationService } from './service';

declare module 'fastify' {
  interface FastifyInstance {
    simulation: SimulationService;
  }
}

// The plugin decorates the /api scope; tools holding the root instance find the service through the
// event bus, which every scope shares.
const registry = new WeakMap<object, SimulationService>();

/** The simulation service of an app (root or any scope). */
export function simulationOf(app: FastifyInstance): SimulationService {
  const service = registry.get(app.bus);
  if (!service) throw new Error('simulation plugin not registered');
  return service;
}

function envInt(name: string): number | undefined {
  const raw = process.env[name]?.trim();
  return raw && /^\d+$/.test(raw) ? Number(raw) : undefined;
}

/**
 * Decorates `app.simulation` (runs, clocks, live stream) for every route under /api, and points the
 * operation clock (`app.clock.nowMin`, used by POST /api/pedidos) at the daily-operation run.
 * SIM_TICK_MS and SIM_HEARTBEAT_MS override the tick and heartbeat periods.
 */
export const simulationPlugin = fp(
  async (app) => {
    const over: Partial<SimulationOptions> = {};
    const tick = envInt('SIM_TICK_MS');
    const heartbeat = envInt('SIM_HEARTBEAT_MS');
    if (tick !== undefined) over.tickMs = tick;
    if (heartbeat !== undefined) over.heartbeatMs = heartbeat;
    const service = new SimulationService({
      db: app.db,
      bus: app.bus,
      clock: app.clock,
      sedes: app.config.sedes,
      options: resolveOptions(over),
      wallMs: app.clock.wallMs,
      log: app.log,
    });
    app.decorate('simulation', service);
    registry.set(app.bus, service);
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
