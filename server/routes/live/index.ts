import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyPluginAsync } from 'fastify';
import { errorResponses, LiveQuery } from '../../../contract';

/**
 * SSE /api/vuelos/live: every tick, a JSON array of the flights airborne at the mode's simulated time,
 * most loaded first. Frames are computed once per tick and shared by every client (see LiveHub).
 */
const liveRoutes: FastifyPluginAsync = async (fastify) => {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  app.get(
    '/vuelos/live',
    {
      schema: {
        tags: ['simulacion'],
        summary:
          "Vuelos en el aire (SSE), los más cargados primero. formato=arreglo (por defecto): un arreglo JSON por tick. formato=compacto: evento 'red' (el plan) y 'foto' (la lista) al conectar, luego un evento 'tick' con lo que cambió, el instante simulado, la velocidad y el estado. En ambos formatos, el evento 'simulacion' trae la simulación del modo al conectar y cada vez que cambia de estado",
        querystring: LiveQuery,
        produces: ['text/event-stream'],
        response: { ...errorResponses(400) },
      },
    },
    async (request, reply) => {
      const modo = request.query.modo ?? 'operacion';
      const formato = request.query.formato ?? 'arreglo';
      const stream = app.simulation.stream;
      const limit = stream.liveLimit(request.query.limit);
      const first =
        formato === 'compacto' ? stream.compactStart(modo, limit) : stream.arrayStart(modo, limit);
      reply.hijack();
      stream.hub.add(reply.raw, modo, limit, first, formato);
      // Open only while the session that opened it lives (sign-out, expiry, idle, disabled user).
      app.bindToSession(request, reply.raw);
    },
  );
};

export default liveRoutes;
