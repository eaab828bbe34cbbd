import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyPluginAsync } from 'fastify';
import { HealthDto } from '../../../contract';
import { checkDatabase } from '../../services/health';

const healthRoutes: FastifyPluginAsync = async (fastify) => {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  app.get(
    '/health',
    {
      schema: {
        tags: ['sistema'],
        summary: 'Estado del servidor y de la base de datos',
        response: { 200: HealthDto, 503: HealthDto },
      },
    },
    async (_request, reply) => {
      const database = await checkDatabase(app.db);
      const c = app.simulation.coordinator;
      const instancia = c ? { id: c.id, dirige: c.ledModes() } : undefined;
      return reply
        .status(database.status === 'ok' ? 200 : 503)
        .send({ status: database.status, database, ...(instancia ? { instancia } : {}) });
    },
  );
};

export default healthRoutes;
