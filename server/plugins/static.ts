import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import fp from 'fastify-plugin';
import { ApiError, errorBody } from './errors';

/**
 * Serves the built browser app from STATIC_DIR (when it exists) with SPA fallback: any non-/api GET
 * that accepts HTML gets index.html so client-side routes survive a reload. Everything else that
 * matches no route gets a Spanish ApiErrorDto 404.
 */
export const staticPlugin = fp(
  async (app) => {
    const root = path.resolve(app.config.staticDir);
    const hasIndex = existsSync(path.join(root, 'index.html'));
    if (hasIndex) {
      await app.register(fastifyStatic, { root, wildcard: false, index: false });
    }
    app.setNotFoundHandler((request, reply) => {
      const url = request.url;
      const isApi = url === '/api' || url.startsWith('/api/') || url.startsWith('/api?');
      const wantsHtml = (request.headers.accept ?? '').includes('text/html');
      if (hasIndex && !isApi && (request.method === 'GET' || request.method === 'HEAD') && wantsHtml) {
        return reply.type('text/html; charset=utf-8').sendFile('index.html');
      }
      const error = new ApiError(
        404,
        'NO_ENCONTRADO',
        `Ruta no encontrada: ${request.method} ${url.split('?')[0]}`,
      );
      return reply.status(404).send(errorBody(error));
    });
  },
  { name: 'static', fastify: '5.x', dependencies: ['config'] },
);
