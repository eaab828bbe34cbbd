import type { FastifyPluginAsync } from 'fastify';
import type { HealthDto } from '../../../src/api/contract';
import { healthSchema } from '../../schemas/common';
import { checkDatabase } from '../../services/health';

const healthRoutes: FastifyPluginAsync = async (app) => {
  app.get(
    '/health',
    {
      schema: {
        tags: ['sistema'],
        summary: 'Estado del servidor y de la base de datos',
        response: { 200: healthSchema, 503: healthSchema },
      },
    },
    async (_request, reply) => {
      const database = await checkDatabase(app.db);
      const body: HealthDto = { status: database.status, database };
      return reply.status(database.status === 'ok' ? 200 : 503).send(body);
    },
  );
};

export default healthRoutes;
