import type { FastifyPluginAsync } from 'fastify';
import airportsRoutes from './airports';
import authRoutes from './auth';
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
  authRoutes,
  airportsRoutes,
  filesRoutes,
  catalogRoutes,
  simulationRoutes,
  liveRoutes,
  operationsRoutes,
];

const apiRoutes: FastifyPluginAsync = async (app) => {
  for (const routes of ROUTES) await app.register(routes);
  // The order form stamps orders with the daily-operation clock, handed to it here.
  await app.register(ordersRoutes, { nowMin: () => app.simulation.operationNowMin() });
};

export default apiRoutes;
