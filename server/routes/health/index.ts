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
        summary:
          'Estado del servidor y de la base de datos: 503 con status restaurando mientras se reconstruyen las simulaciones tras un reinicio',
        response: { 200: HealthDto, 503: HealthDto },
      },
    },
    async (_request, reply) => {
      const database = await checkDatabase(app.db);
      const c = app.simulation.coordinator;
      const instancia = c ? { instancia: { id: c.id, dirige: c.ledModes() } } : {};
      if (database.status !== 'ok')
        return reply.status(503).send({ status: 'error', database, ...instancia });
      if (app.simulation.restoring) {
        return reply.status(503).send({
          status: 'restaurando',
          message: 'Restaurando las simulaciones guardadas antes del reinicio',
          database,
          ...instancia,
        });
      }
      return { status: 'ok' as const, database, ...instancia };
    },
  );
};

export default healthRoutes;
