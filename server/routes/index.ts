import type { FastifyPluginAsync } from 'fastify';
import airportsRoutes from './airports';
import catalogRoutes from './catalog';
import filesRoutes from './files';
import healthRoutes from './health';
import ordersRoutes from './orders';

/**
 * Every route plugin of the API, mounted under /api by app.ts. To add an area, import its
 * plugin and add one line to ROUTES.
 */
const ROUTES: FastifyPluginAsync[] = [healthRoutes, airportsRoutes, filesRoutes, ordersRoutes, catalogRoutes];

const apiRoutes: FastifyPluginAsync = async (app) => {
  for (const routes of ROUTES) await app.register(routes);
};

export default apiRoutes;
