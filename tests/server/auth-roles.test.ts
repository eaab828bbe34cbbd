import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLES, type Role } from '../../contract/authRules';
import { SESSION_COOKIE } from '../../server/plugins/auth';
import { allows, permissionOf, requiredAccess, WRITE_METHODS } from '../../server/plugins/authPermissions';
import { createSession, createUser } from '../../server/services/users';
import { CALLS } from '../../src/features/auth/useCan';
import { REQUIRED } from './authFixtures';
import { buildTestApp, eachDatabase } from './helpers';

const isWrite = (method: string) => (WRITE_METHODS as readonly string[]).includes(method);
// Fill route parameters with an id that exists nowhere, so an allowed call answers 4xx and changes nothing.
const concrete = (url: string) => url.replace(/:[^/]+/g, '999999');

eachDatabase('permissions on every call', (db) => {
  let app: FastifyInstance;
  const userIds = {} as Record<Role, number>;

  beforeAll(async () => {
    app = await buildTestApp({ db, config: { host: '0.0.0.0', security: REQUIRED } });
    for (const rol of ROLES) {
      const user = await createUser(app.db, {
        usuario: `u-${rol}`,
        nombre: rol,
        rol,
        contrasena: 'contraseña-larga',
      });
      userIds[rol] = user.id;
    }
  });
  afterAll(async () => {
    await app?.close();
  });

  const cookieOf = async (rol: Role) => `${SESSION_COOKIE}=${await createSession(app.db, userIds[rol], 1)}`;

  it('has an entry for every write route the server registers', () => {
    const writes = app.routeList.filter((r) => isWrite(r.method));
    expect(writes.length).toBeGreaterThan(10);
    const missing = writes.filter((r) => !permissionOf(r.method, r.url)).map((r) => `${r.method} ${r.url}`);
    expect(missing).toEqual([]);
  });

  // Every write route, from the server's own route list, for nobody and for each role.
  it('lets each role make exactly the write calls the table allows, with Spanish 401/403 otherwise', async () => {
    const writes = app.routeList.filter((r) => isWrite(r.method));
    const failures: string[] = [];
    for (const route of writes) {
      const access = requiredAccess(route.method, route.url);
      for (const who of [null, ...ROLES] as const) {
        const headers: Record<string, string> = { 'content-type': 'application/json' };
        if (who) headers.cookie = await cookieOf(who);
        const response = await app.inject({
          method: route.method as 'POST',
          url: concrete(route.url),
          headers,
          // Not what any route accepts: an allowed call stops at validation and changes nothing.
          payload: '"nada"',
        });
        const allowed = access === 'publico' || (who !== null && allows(who, access));
        const label = `${route.method} ${route.url} como ${who ?? 'anónimo'}`;
        if (allowed) {
          if ([401, 403].includes(response.statusCode))
            failures.push(`${label}: ${response.statusCode} ${response.body}`);
          continue;
        }
        const body = response.json();
        if (who === null) {
          if (response.statusCode !== 401 || body.message !== 'Inicia sesión para continuar')
            failures.push(`${label}: esperaba 401, llegó ${response.statusCode} ${response.body}`);
        } else if (
          response.statusCode !== 403 ||
          body.code !== 'SIN_PERMISO' ||
          !body.message.startsWith(`Tu rol (${who}) no permite `) ||
          !body.message.endsWith(`hace falta el rol ${access}`)
        ) {
          failures.push(`${label}: esperaba 403, llegó ${response.statusCode} ${response.body}`);
        }
      }
    }
    expect(failures).toEqual([]);
  });

  it('lets any signed-in role read, nobody without a session, and only the administrador list users', async () => {
    const reads = app.routeList.filter(
      (r) => r.method === 'GET' && r.url.startsWith('/api/') && !r.url.startsWith('/api/docs'),
    );
    for (const route of reads.filter((r) => r.url !== '/api/vuelos/live')) {
      const access = requiredAccess('GET', route.url);
      const anonymous = await app.inject({ method: 'GET', url: concrete(route.url) });
      if (access === 'publico') expect(anonymous.statusCode, route.url).not.toBe(401);
      else expect(anonymous.statusCode, route.url).toBe(401);
      for (const rol of ROLES) {
        const response = await app.inject({
          method: 'GET',
          url: concrete(route.url),
          headers: { cookie: await cookieOf(rol) },
        });
        const expected = allows(rol, access) ? 'allowed' : 'forbidden';
        expect(response.statusCode === 403 ? 'forbidden' : 'allowed', `${route.url} como ${rol}`).toBe(
          expected,
        );
      }
    }
    expect(requiredAccess('GET', '/api/usuarios')).toBe('administrador');
    expect(requiredAccess('GET', '/api/health')).toBe('publico');
  });

  it('serves the app pages without a session, so the sign-in screen can load', async () => {
    const page = await app.inject({ url: '/operacion', headers: { accept: 'text/html' } });
    expect(page.statusCode).not.toBe(401);
  });
});

describe('permission table', () => {
  it('ranks the roles: each may do what the ones below may', () => {
    expect(allows('administrador', 'operador')).toBe(true);
    expect(allows('operador', 'operador')).toBe(true);
    expect(allows('observador', 'operador')).toBe(false);
    expect(allows('operador', 'administrador')).toBe(false);
  });

  it('gives the business rules: files and users to the administrador, operations to the operador', () => {
    expect(requiredAccess('POST', '/api/vuelos/upload')).toBe('administrador');
    expect(requiredAccess('POST', '/api/aereopuertos/upload')).toBe('administrador');
    expect(requiredAccess('POST', '/api/usuarios')).toBe('administrador');
    expect(requiredAccess('POST', '/api/pedidos')).toBe('operador');
    expect(requiredAccess('POST', '/api/simulaciones')).toBe('operador');
    expect(requiredAccess('POST', '/api/vuelos/:id/cancelar')).toBe('operador');
    // A write route nobody listed is the administrador's alone.
    expect(requiredAccess('POST', '/api/algo-nuevo')).toBe('administrador');
  });

  it('names every call the browser hides controls for exactly as the table does', () => {
    for (const call of Object.values(CALLS)) {
      const [method, url] = call.split(' ');
      expect(permissionOf(method, url), call).toBeDefined();
    }
  });
});
