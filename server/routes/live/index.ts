import type { FastifyPluginAsync } from 'fastify';
import type { RunMode } from '../../../src/api/contract';
import { errorResponses } from '../../schemas/common';
import { liveQuerySchema } from '../../simulation/schemas';

/**
 * SSE /api/vuelos/live: every tick, a JSON array of the flights airborne at the mode's simulated time,
 * most loaded first. Frames are computed once per tick and shared by every client (see LiveHub).
 */
const liveRoutes: FastifyPluginAsync = async (app) => {
  app.get<{ Querystring: { limit?: number; modo?: RunMode } }>(
    '/vuelos/live',
    {
      schema: {
        tags: ['simulacion'],
        summary: 'Vuelos en el aire (SSE): un arreglo JSON por tick, los más cargados primero',
        querystring: liveQuerySchema,
        produces: ['text/event-stream'],
        response: { ...errorResponses(400) },
      },
    },
    async (request, reply) => {
      const modo = request.query.modo ?? 'operacion';
      const limit = app.simulation.liveLimit(request.query.limit);
      reply.hijack();
      app.simulation.hub.add(reply.raw, modo, limit, app.simulation.frame(modo, limit));
    },
  );
};

export default liveRoutes;
