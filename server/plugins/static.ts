import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import fp from 'fastify-plugin';
import { ApiError } from '../domain/errors';
import { errorBody } from './errors';
import { noteRefusal } from './refusalLog';

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
      // wildcard: files are looked up per request, so a rebuilt dist/ is served without a restart.
      await app.register(fastifyStatic, {
        root,
        wildcard: true,
        // '/' is the app itself (the client redirects it to /operacion).
        index: ['index.html'],
        // The build writes .br/.gz beside each asset (scripts/precompress.ts): sent when the browser accepts them.
        preCompressed: true,
        setHeaders: (reply, filePath) => {
          // Hashed assets never change; index.html must be revalidated so a new build is picked up.
          if (filePath.includes(`${path.sep}assets${path.sep}`)) {
            reply.header('Cache-Control', 'public, max-age=31536000, immutable');
          } else {
            reply.header('Cache-Control', 'no-cache');
          }
        },
      });
    }
    app.setNotFoundHandler((request, reply) => {
      const url = request.url;
      const isApi = url === '/api' || url.startsWith('/api/') || url.startsWith('/api?');
      const wantsHtml = (request.headers.accept ?? '').includes('text/html');
      if (hasIndex && !isApi && (request.method === 'GET' || request.method === 'HEAD') && wantsHtml) {
        // A client-side route is a page, not a missing resource: answer 200.
        return reply.code(200).type('text/html; charset=utf-8').sendFile('index.html');
      }
      const error = new ApiError(
        404,
        'NO_ENCONTRADO',
        `Ruta no encontrada: ${request.method} ${url.split('?')[0]}`,
      );
      noteRefusal(request, error.code, error.message);
      return reply.status(404).send(errorBody(error));
    });
  },
  { name: 'static', fastify: '5.x', dependencies: ['config'] },
);
