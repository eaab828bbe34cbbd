import type { ServerResponse } from 'node:http';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { UserDto } from '../../contract/auth';
import { SIGN_IN_PATH } from '../../contract/authRules';
import { ApiError } from '../domain/errors';
import {
  aliveSessions,
  deleteUserSessions,
  ensureFirstAdmin,
  hashSecret,
  sessionUser,
} from '../services/users';
import {
  allows,
  forbiddenMessage,
  isWriteMethod,
  PUBLIC_READS,
  permissionOf,
  requiredAccess,
} from './authPermissions';
import { errorBody } from './errors';
import { noteRefusal } from './refusalLog';
import { SessionStreams } from './sessionStreams';

declare module 'fastify' {
  interface FastifyRequest {
    /** Who is calling: the local administrador, a signed-in user, or null (not signed in). */
    user: UserDto | null;
    /** The session cookie's token, when the request carried a valid one. */
    sessionToken: string | null;
  }
  interface FastifyInstance {
    /** Every route registered after the auth plugin (method and pattern), checked against the permission table. */
    routeList: { method: string; url: string }[];
    /** Forget cached sessions (after sign-out or a change to users) so the next request asks the database. */
    forgetSessions(token?: string): void;
    /** The live streams each session holds open, closed when the session ends. */
    sessionStreams: SessionStreams;
    /**
     * Keeps a long answer (a live stream) open only while the request's session lives: closed at sign-out,
     * and within seconds when the session expires, goes idle, or is ended on another instance.
     */
    bindToSession(request: FastifyRequest, res: ServerResponse): void;
    /** Ends every session of a user on every instance (disabled user): its streams here close at once. */
    endUserSessions(userId: number): Promise<void>;
  }
}

export const SESSION_COOKIE = 'morapack_sesion';

/** Who acts when the server only listens on this machine and needs no sign-in. */
export const LOCAL_USER: UserDto = {
  id: 0,
  usuario: 'local',
  nombre: 'Usuario local',
  rol: 'administrador',
  creadoEn: new Date(0).toISOString(),
};

// Minutes a one-time sign-up link stays valid.
const SETUP_MINUTES = 60;
// Sessions looked up less than this long ago are trusted without asking the database again: a page
// makes several calls at once. Sign-out on another instance takes at most this long to be seen there.
const SESSION_CACHE_MS = 5_000;
const SESSION_CACHE_MAX = 10_000;

/** A cookie present but not one this server could have set: undecodable, or not shaped like a session token. */
export const DAMAGED_COOKIE = Symbol('damaged cookie');
// Session tokens are base64url (newSecret); anything else cannot be one, and is not worth a database look-up.
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{16,128}$/;

/** The session cookie's token, null when there is none, DAMAGED_COOKIE when it cannot be a session. */
export function readSessionCookie(header: string | undefined): string | null | typeof DAMAGED_COOKIE {
  if (!header) return null;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq <= 0 || part.slice(0, eq).trim() !== SESSION_COOKIE) continue;
    let value: string;
    try {
      value = decodeURIComponent(part.slice(eq + 1).trim());
    } catch {
      return DAMAGED_COOKIE;
    }
    return TOKEN_SHAPE.test(value) ? value : DAMAGED_COOKIE;
  }
  return null;
}

export function sessionCookie(request: FastifyRequest, token: string, maxAgeSeconds: number): string {
  const secure = request.server.config.security.cookieSecure;
  const https = secure === 'auto' ? request.protocol === 'https' : secure;
  const flags = [`Path=/`, 'HttpOnly', 'SameSite=Strict', `Max-Age=${maxAgeSeconds}`];
  if (https) flags.push('Secure');
  return `${SESSION_COOKIE}=${encodeURIComponent(token)}; ${flags.join('; ')}`;
}

function deny(request: FastifyRequest, reply: FastifyReply, error: ApiError) {
  noteRefusal(request, error.code, error.message);
  return reply.status(error.statusCode).type('application/json; charset=utf-8').send(errorBody(error));
}

/**
 * Sign-in and roles. Every request is checked against the permission table (authPermissions.ts)
 * before its route runs: 401 without a session where one is needed, 403 when the role is short.
 */
export const authPlugin = fp(
  async (app) => {
    const { security } = app.config;
    const cache = new Map<string, { user: UserDto | null; until: number }>();
    const routes: { method: string; url: string }[] = [];
    app.decorate('routeList', routes);
    app.addHook('onRoute', (route) => {
      for (const method of [route.method].flat()) routes.push({ method, url: route.url });
    });
    app.addHook('onReady', async () => {
      const open = routes.filter((r) => isWriteMethod(r.method) && !permissionOf(r.method, r.url));
      for (const r of open)
        app.log.warn(
          `${r.method} ${r.url} no está en la tabla de permisos: solo un administrador puede usarla`,
        );
    });
    app.decorateRequest('user', null);
    app.decorateRequest('sessionToken', null);
    app.decorate('forgetSessions', (token?: string) => {
      if (token === undefined) cache.clear();
      else cache.delete(hashSecret(token));
    });
    const streams = new SessionStreams(
      (hashes) => aliveSessions(app.db, hashes, security.idleMinutes),
      (error) => app.log.warn({ err: error }, 'no se pudo comprobar las sesiones de los directos'),
    );
    app.decorate('sessionStreams', streams);
    app.decorate('bindToSession', (request: FastifyRequest, res: ServerResponse) => {
      if (request.sessionToken && request.user)
        streams.bind(hashSecret(request.sessionToken), request.user.id, res);
    });
    app.decorate('endUserSessions', async (userId: number) => {
      await deleteUserSessions(app.db, userId);
      cache.clear();
      streams.closeUser(userId);
    });
    if (security.auth === 'requerido') {
      app.addHook('onReady', async () => streams.start());
      app.addHook('onClose', async () => streams.stop());
    }

    const lookup = async (token: string): Promise<UserDto | null> => {
      const key = hashSecret(token);
      const hit = cache.get(key);
      const now = Date.now();
      if (hit && hit.until > now) return hit.user;
      const user = await sessionUser(app.db, token, security.idleMinutes);
      if (cache.size >= SESSION_CACHE_MAX) cache.clear();
      cache.set(key, { user, until: now + SESSION_CACHE_MS });
      return user;
    };

    app.addHook('onRequest', async (request, reply) => {
      if (security.auth === 'local') {
        request.user = LOCAL_USER;
        return;
      }
      const url = request.routeOptions.url;
      // A bad cookie is no cookie: the call goes on signed out, and the browser is told to drop it
      // (else a damaged cookie would lock it out). Health checks and the app's pages never look it up,
      // so they answer whatever the cookie or the sessions table holds.
      const token = readSessionCookie(request.headers.cookie);
      const needsUser = url?.startsWith('/api') === true && !PUBLIC_READS.includes(url);
      if (token === DAMAGED_COOKIE) reply.header('set-cookie', sessionCookie(request, '', 0));
      else if (token && needsUser) {
        request.user = await lookup(token);
        if (request.user) request.sessionToken = token;
        else reply.header('set-cookie', sessionCookie(request, '', 0));
      }
      // No route: the not-found handler answers, and says nothing about the data.
      if (url === undefined) return;
      const access = requiredAccess(request.method, url);
      if (access === 'publico') return;
      if (!request.user)
        return deny(request, reply, new ApiError(401, 'NO_AUTENTICADO', 'Inicia sesión para continuar'));
      if (!allows(request.user.rol, access))
        return deny(
          request,
          reply,
          new ApiError(403, 'SIN_PERMISO', forbiddenMessage(request.user.rol, request.method, url)),
        );
    });

    if (security.auth === 'requerido') {
      let setupCode: string | null = null;
      app.addHook('onReady', async () => {
        const first = await ensureFirstAdmin(app.db, security.admin, SETUP_MINUTES);
        if (first && 'created' in first)
          app.log.info(`Administrador ${first.created.usuario} creado desde ADMIN_USUARIO`);
        if (first && 'code' in first) setupCode = first.code;
      });
      app.addHook('onListen', async () => {
        if (!setupCode) return;
        const address = app.server.address();
        const port = typeof address === 'object' && address !== null ? address.port : app.config.port;
        // Printed, not logged: it must reach whoever started the server whatever LOG_LEVEL says.
        console.log(
          `No hay usuarios. Crea el primer administrador en los próximos ${SETUP_MINUTES} minutos con este enlace ` +
            `(cambia localhost por la dirección de esta máquina si abres el navegador en otra):\n` +
            `  http://localhost:${port}${SIGN_IN_PATH}?alta=${setupCode}`,
        );
      });
    }
  },
  { name: 'auth', fastify: '5.x', dependencies: ['config', 'db'] },
);
