import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyPluginAsync } from 'fastify';
import { errorResponses, OrderPayload, TextBody } from '../../../contract';
import { createOrder } from '../../services/orders';

/** `nowMin`: the daily-operation clock in epoch minutes (the simulation's, passed in by routes/index.ts). */
const ordersRoutes: FastifyPluginAsync<{ nowMin: () => number }> = async (fastify, opts) => {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  app.post(
    '/pedidos',
    {
      schema: {
        tags: ['pedidos'],
        summary: 'Registra un pedido a la hora actual de operación; responde un texto para el aviso',
        body: OrderPayload,
        produces: ['text/plain'],
        response: { 201: TextBody, ...errorResponses(400, 409) },
      },
    },
    async (request, reply) => {
      const { message } = await createOrder({ db: app.db, bus: app.bus }, request.body, opts.nowMin());
      return reply.status(201).type('text/plain; charset=utf-8').send(message);
    },
  );
};

export default ordersRoutes;
