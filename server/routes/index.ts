import type { FastifyPluginAsync } from 'fastify';
import simulationPlugin from '../simulation/plugin';
import airportsRoutes from './airports';
import catalogRoutes from './catalog';
import filesRoutes from './files';
import healthRoutes from './health';
import liveRoutes from './live';
import operationsRoutes from './operations';
import ordersRoutes from './orders';
import simulationRoutes from './simulation';

/**
 * Every route plugin of the API, mounted under /api by app.ts. To add an area, import its
 * plugin and add one line to ROUTES.
 */
const ROUTES: FastifyPluginAsync[] = [
  healthRoutes,
  airportsRoutes,
  filesRoutes,
  ordersRoutes,
  catalogRoutes,
  // Decorates app.simulation for the three plugins after it (runs, clock, live stream).
  simulationPlugin,
  simulationRoutes,
  liveRoutes,
  operationsRoutes,
];

const apiRoutes: FastifyPluginAsync = async (app) => {
  for (const routes of ROUTES) await app.register(routes);
};

export default apiRoutes;
