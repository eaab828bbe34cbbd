import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import fp from 'fastify-plugin';
import { ApiErrorDto } from '../../contract';

/** OpenAPI description of every route (from their schemas), browsable at /api/docs. */
export const docsPlugin = fp(
  async (app) => {
    app.addSchema(ApiErrorDto);
    await app.register(swagger, {
      openapi: {
        openapi: '3.0.3',
        info: {
          title: 'MoraPack: API de carga aérea',
          description: 'Aeropuertos, plan de vuelos, pedidos, simulación y vista en vivo.',
          version: '0.1.0',
        },
        tags: [
          { name: 'sistema', description: 'Estado del servidor' },
          { name: 'archivos', description: 'Cargas masivas de archivos' },
          { name: 'red', description: 'Aeropuertos y vuelos' },
          { name: 'pedidos', description: 'Registro de pedidos' },
        ],
      },
      refResolver: { buildLocalReference: (json, _baseUri, _fragment, i) => String(json.$id ?? `def-${i}`) },
    });
    await app.register(swaggerUi, { routePrefix: '/api/docs' });
  },
  { name: 'docs', fastify: '5.x' },
);
