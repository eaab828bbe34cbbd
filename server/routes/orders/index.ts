import type { FastifyPluginAsync } from 'fastify';
import type { OrderPayload } from '../../../src/api/contract';
import { errorResponses } from '../../schemas/common';
import { textSchema } from '../../schemas/files';
import { orderPayloadSchema } from '../../schemas/orders';
import { createOrder } from '../../services/orders';

const ordersRoutes: FastifyPluginAsync = async (app) => {
  app.post<{ Body: OrderPayload }>(
    '/pedidos',
    {
      schema: {
        tags: ['pedidos'],
        summary: 'Registra un pedido a la hora actual de operación; responde un texto para el aviso',
        body: orderPayloadSchema,
        produces: ['text/plain'],
        response: { 201: textSchema, ...errorResponses(400, 409) },
      },
    },
    async (request, reply) => {
      const { message } = await createOrder({ db: app.db, bus: app.bus }, request.body, app.clock.nowMin());
      return reply.status(201).type('text/plain; charset=utf-8').send(message);
    },
  );
};

export default ordersRoutes;
