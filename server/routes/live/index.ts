import type { FastifyPluginAsync } from 'fastify';
import type { LiveFormat, RunMode } from '../../../src/api/contract';
import { errorResponses } from '../../schemas/common';
import { liveQuerySchema } from '../../simulation/schemas';

/**
 * SSE /api/vuelos/live: every tick, a JSON array of the flights airborne at the mode's simulated time,
 * most loaded first. Frames are computed once per tick and shared by every client (see LiveHub).
 */
const liveRoutes: FastifyPluginAsync = async (app) => {
  app.get<{ Querystring: { limit?: number; modo?: RunMode; formato?: LiveFormat } }>(
    '/vuelos/live',
    {
      schema: {
        tags: ['simulacion'],
        summary:
          "Vuelos en el aire (SSE), los más cargados primero. formato=arreglo (por defecto): un arreglo JSON por tick. formato=compacto: evento 'red' (el plan) y 'foto' (la lista) al conectar, luego un evento 'tick' con lo que cambió, el instante simulado y la velocidad",
        querystring: liveQuerySchema,
        produces: ['text/event-stream'],
        response: { ...errorResponses(400) },
      },
    },
    async (request, reply) => {
      const modo = request.query.modo ?? 'operacion';
      const formato = request.query.formato ?? 'arreglo';
      const limit = app.simulation.liveLimit(request.query.limit);
      const first =
        formato === 'compacto' ? app.simulation.compactStart(modo, limit) : app.simulation.frame(modo, limit);
      reply.hijack();
      app.simulation.hub.add(reply.raw, modo, limit, first, formato);
    },
  );
};

export default liveRoutes;
