import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ApiError } from '../domain/errors';
import { forwardedByPeer } from '../simulation/cluster/forward';
import { isWriteMethod } from './authPermissions';
import { errorBody } from './errors';
import { hostName, isLoopbackHost } from './securityConfig';

/**
 * Where a request comes from, checked before anything else runs (a refused upload is never read):
 *
 * - Host: a name this server answers to (HOSTS_PERMITIDOS, INSTANCIA_URL, loopback names), else 421.
 *   A page on another site whose DNS name the attacker re-points at this machine (DNS rebinding) carries
 *   that name, so it reaches nothing, not even reads.
 * - Writes: a browser says where the page that sent them lives (Origin, or Sec-Fetch-Site). Only this very
 *   origin (scheme, name and port) or one in CORS_ORIGINS may write; another site, or another port of
 *   this host, gets a 403. Without either header the caller is not a browser (curl, a script, another
 *   instance passing a call on): it cannot carry a victim's cookie, and is let through.
 *
 * A call another instance of the cluster passed on (its token proves it) was checked where it arrived.
 */
export function registerRequestOriginChecks(app: FastifyInstance): void {
  const { security, instanceUrl } = app.config;
  const hosts =
    security.allowedHosts === null
      ? null
      : new Set([...security.allowedHosts, ...(instanceUrl ? [hostName(new URL(instanceUrl).host)] : [])]);
  const trusted = new Set(security.corsOrigins.map(originOf));

  app.addHook('onRequest', async (request, reply) => {
    if (hosts) {
      const name = hostName(request.host);
      if (name !== '' && !isLoopbackHost(name) && !hosts.has(name) && !(await forwardedByPeer(request)))
        return deny(
          reply,
          new ApiError(
            421,
            'HOST_NO_PERMITIDO',
            `Este servidor no atiende el nombre "${name}"; si es el suyo, añádelo a HOSTS_PERMITIDOS`,
          ),
        );
    }
    if (!isWriteMethod(request.method)) return;
    const foreign = foreignOrigin(request, trusted);
    if (foreign !== null && !(await forwardedByPeer(request)))
      return deny(
        reply,
        new ApiError(
          403,
          'ORIGEN_NO_PERMITIDO',
          `Cambio rechazado: la petición viene de otra página (${foreign}), no de esta aplicación`,
        ),
      );
  });
}

function deny(reply: FastifyReply, error: ApiError) {
  return reply.status(error.statusCode).type('application/json; charset=utf-8').send(errorBody(error));
}

/** 'scheme://name:port' as browsers write it (default ports left out), or '' when it is no URL. */
function originOf(value: string): string {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.origin : '';
  } catch {
    return '';
  }
}

/**
 * The foreign origin a browser says a write comes from (for the message), or null when it is this
 * server's own origin, a trusted one, or the caller is no browser.
 */
export function foreignOrigin(request: FastifyRequest, trusted: ReadonlySet<string>): string | null {
  const origin = request.headers.origin;
  if (typeof origin === 'string' && origin !== '') {
    const own = originOf(`${request.protocol}://${request.host}`);
    const theirs = originOf(origin);
    if (theirs !== '' && (theirs === own || trusted.has(theirs))) return null;
    return origin.slice(0, 200);
  }
  // No Origin (some browsers leave it out of same-origin requests): the Fetch Metadata header says.
  const site = request.headers['sec-fetch-site'];
  if (site === 'cross-site' || site === 'same-site') return `Sec-Fetch-Site: ${site}`;
  return null;
}
