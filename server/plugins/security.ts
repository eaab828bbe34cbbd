import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import cors from '@fastify/cors';
import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import fp from 'fastify-plugin';
import { ApiError, bodyTooLarge } from '../domain/errors';
import { forwardedByPeer } from '../simulation/cluster/forward';
import { isWriteMethod } from './authPermissions';
import { errorBody } from './errors';
import { BODY_LIMIT_BYTES } from './jsonBody';
import { postgresRateLimitStore } from './rateLimitStore';
import { registerRequestOriginChecks } from './requestOrigin';

/** 'sha256-…' of each inline <script> of the built index.html (the theme's first paint), for the CSP. */
export function inlineScriptHashes(staticDir: string): string[] {
  let html: string;
  try {
    html = readFileSync(path.join(path.resolve(staticDir), 'index.html'), 'utf8');
  } catch {
    return [];
  }
  return [...html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)].map(
    ([, body]) => `'sha256-${createHash('sha256').update(body).digest('base64')}'`,
  );
}

/**
 * The page's Content-Security-Policy. What the app needs beyond 'self': the map's worker, which
 * MapLibre starts from a blob: URL; style attributes set by React Aria and the theme ('unsafe-inline'
 * for styles only: no script runs from them); data: and blob: images (the favicon, map canvases).
 */
export function contentSecurityPolicy(scriptHashes: string[]): Record<string, string[] | null> {
  return {
    'default-src': ["'self'"],
    'script-src': ["'self'", ...scriptHashes],
    'worker-src': ["'self'", 'blob:'],
    'child-src': ["'self'", 'blob:'],
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:', 'blob:'],
    'font-src': ["'self'", 'data:'],
    'connect-src': ["'self'", 'blob:', 'data:'],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
    // A team server is often plain http on the local network: upgrading its requests to https breaks it.
    'upgrade-insecure-requests': null,
  };
}

/**
 * Host names and write origins checked first (requestOrigin.ts), security headers on every answer, CORS
 * only for the origins configured, rate limits on write calls when other machines can reach the server,
 * and the build's source maps kept private.
 */
export const securityPlugin = fp(
  async (app) => {
    const { security, staticDir } = app.config;
    registerRequestOriginChecks(app);
    await app.register(helmet, {
      contentSecurityPolicy: {
        useDefaults: false,
        directives: contentSecurityPolicy(inlineScriptHashes(staticDir)),
      },
      // Plain http on a team network is common; HSTS only makes sense behind https, where the proxy sets it.
      strictTransportSecurity: false,
    });

    if (security.corsOrigins.length > 0) {
      await app.register(cors, { origin: security.corsOrigins, credentials: true });
    }

    // The build keeps its source maps for whoever runs the server (they name every source line);
    // the public never gets them.
    app.addHook('onRequest', async (request, reply) => {
      const pathname = request.url.split('?')[0];
      if (pathname.endsWith('.map') && !pathname.startsWith('/api/')) {
        const error = new ApiError(404, 'NO_ENCONTRADO', `Ruta no encontrada: GET ${pathname}`);
        return reply.status(404).type('application/json; charset=utf-8').send(errorBody(error));
      }
    });

    // A JSON call larger than the body limit gets a Spanish 413 naming the limit before it is read.
    // (Uploads are multipart, with their own limit.)
    const bodyLimit = app.initialConfig.bodyLimit ?? BODY_LIMIT_BYTES;
    app.addHook('preParsing', async (request) => {
      const length = Number(request.headers['content-length'] ?? 0);
      const type = request.headers['content-type'] ?? '';
      if (length > bodyLimit && !type.startsWith('multipart/')) throw bodyTooLarge(bodyLimit);
    });

    if (security.auth === 'requerido') {
      // On PostgreSQL every instance counts in one table, so three instances allow the limit, not three
      // times it; the embedded database has one server, whose memory is enough.
      const shared = app.db.kind === 'postgres' ? postgresRateLimitStore(app.db) : null;
      if (shared) app.addHook('onClose', async () => shared.stop());
      await app.register(rateLimit, {
        ...(shared ? { store: shared.Store } : {}),
        // A database hiccup must not turn every write into an error (the write itself will say).
        skipOnError: true,
        max: security.writeRateLimit,
        timeWindow: 60_000,
        // After sign-in (onRequest), so a signed-in person is counted as one, whatever address they share.
        hook: 'preHandler',
        // A call another instance passed on to a run's leader was counted where the client sent it.
        allowList: async (request) => !isWriteMethod(request.method) || (await forwardedByPeer(request)),
        keyGenerator: (request) => (request.user ? `usuario:${request.user.id}` : `ip:${request.ip}`),
        errorResponseBuilder: (_request, context) =>
          new ApiError(
            429,
            'DEMASIADAS_SOLICITUDES',
            `Demasiadas solicitudes: espera ${Math.ceil(context.ttl / 1000)} s y vuelve a intentarlo`,
          ),
      });
    }
  },
  { name: 'security', fastify: '5.x', dependencies: ['config', 'errors', 'db'] },
);
