import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SIGN_IN_PATH } from '../../contract/authRules';
import { SESSION_COOKIE } from '../../server/plugins/auth';
import { ConfigError, loadConfig } from '../../server/plugins/config';
import { createUser, ensureFirstAdmin, hashPassword, verifyPassword } from '../../server/services/users';
import { REQUIRED } from './authFixtures';
import { buildTestApp, eachDatabase } from './helpers';

const PASSWORD = 'una-contraseña-larga';

const signIn = (app: FastifyInstance, usuario: string, contrasena = PASSWORD) =>
  app.inject({ method: 'POST', url: '/api/sesion', payload: { usuario, contrasena } });

const tokenOf = (setCookie: string | string[] | undefined) => {
  const header = [setCookie ?? ''].flat()[0];
  return header.split(';')[0].split('=')[1] ?? '';
};

describe('secure by default', () => {
  it('listens on this machine only, where no sign-in is needed', () => {
    const config = loadConfig({});
    expect(config.host).toBe('127.0.0.1');
    expect(config.security.auth).toBe('local');
    expect(config.security.corsOrigins).toEqual([]);
  });

  it('requires sign-in as soon as other machines can reach it, and will not be told otherwise', () => {
    expect(loadConfig({ HOST: '0.0.0.0' }).security.auth).toBe('requerido');
    expect(loadConfig({ HOST: '192.168.1.20' }).security.auth).toBe('requerido');
    expect(loadConfig({ HOST: '::1' }).security.auth).toBe('local');
    expect(loadConfig({ AUTH: 'requerido' }).security.auth).toBe('requerido');
    expect(() => loadConfig({ HOST: '0.0.0.0', AUTH: 'local' })).toThrow(ConfigError);
    expect(() => loadConfig({ HOST: '0.0.0.0', AUTH: 'local' })).toThrow(/inicio de sesión es obligatorio/);
    expect(() => loadConfig({ ADMIN_USUARIO: 'ana' })).toThrow(/ADMIN_USUARIO y ADMIN_CONTRASENA van juntos/);
    expect(() => loadConfig({ ADMIN_USUARIO: 'ana', ADMIN_CONTRASENA: 'corta' })).toThrow(/al menos 10/);
    expect(() => loadConfig({ CORS_ORIGINS: 'equipo.com' })).toThrow(
      /CORS_ORIGINS contiene un origen no válido/,
    );
  });

  it('acts as the local administrador without a session when only this machine can reach it', async () => {
    const app = await buildTestApp();
    try {
      const me = await app.inject('/api/sesion');
      expect(me.statusCode).toBe(200);
      expect(me.json()).toMatchObject({ acceso: 'local', usuario: { rol: 'administrador' } });
      expect(me.json().permitidas).toContain('POST /api/vuelos/upload');
      const login = await signIn(app, 'nadie');
      expect(login.statusCode).toBe(409);
      expect(login.json().message).toMatch(/no pide inicio de sesión/);
    } finally {
      await app.close();
    }
  });
});

describe('passwords', () => {
  it('are stored as salted scrypt hashes that only the right password matches', async () => {
    const a = await hashPassword(PASSWORD);
    const b = await hashPassword(PASSWORD);
    expect(a).toMatch(/^scrypt\$32768\$8\$3\$/);
    expect(a).not.toBe(b);
    expect(a).not.toContain(PASSWORD);
    await expect(verifyPassword(PASSWORD, a)).resolves.toBe(true);
    await expect(verifyPassword(`${PASSWORD}x`, a)).resolves.toBe(false);
  });
});

eachDatabase('sign-in', (db) => {
  let app: FastifyInstance | undefined;
  afterEach(async () => {
    await app?.close();
    app = undefined;
    vi.restoreAllMocks();
  });

  it('signs in with an HttpOnly SameSite cookie, says who is signed in, and signs out', async () => {
    app = await buildTestApp({ db, config: { host: '0.0.0.0', security: REQUIRED } });
    await createUser(app.db, { usuario: 'Ana', nombre: 'Ana Ruiz', rol: 'operador', contrasena: PASSWORD });

    const wrong = await signIn(app, 'ana', 'otra-contraseña');
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toEqual({
      code: 'CREDENCIALES_NO_VALIDAS',
      message: 'Usuario o contraseña incorrectos',
    });
    expect(wrong.headers['set-cookie']).toBeUndefined();
    const unknown = await signIn(app, 'nadie');
    expect(unknown.json().message).toBe('Usuario o contraseña incorrectos');

    const ok = await signIn(app, 'ana');
    expect(ok.statusCode).toBe(200);
    const cookie = String(ok.headers['set-cookie']);
    expect(cookie).toMatch(new RegExp(`^${SESSION_COOKIE}=[A-Za-z0-9_-]{40,};`));
    expect(cookie).toContain('HttpOnly');
    expect(cookie).toContain('SameSite=Strict');
    expect(cookie).toContain('Path=/');
    expect(cookie).toContain(`Max-Age=${3600}`);
    // Plain http: a Secure cookie would never come back.
    expect(cookie).not.toContain('Secure');
    expect(ok.json()).toMatchObject({ acceso: 'sesion', usuario: { usuario: 'Ana', rol: 'operador' } });
    expect(ok.json().permitidas).toContain('POST /api/pedidos');
    expect(ok.json().permitidas).not.toContain('POST /api/vuelos/upload');

    const headers = { cookie: `${SESSION_COOKIE}=${tokenOf(ok.headers['set-cookie'])}` };
    expect((await app.inject({ url: '/api/sesion', headers })).json().usuario.nombre).toBe('Ana Ruiz');

    const out = await app.inject({ method: 'DELETE', url: '/api/sesion', headers });
    expect(out.statusCode).toBe(204);
    expect(String(out.headers['set-cookie'])).toContain('Max-Age=0');
    const after = await app.inject({ url: '/api/sesion', headers });
    expect(after.statusCode).toBe(401);
    expect(after.json()).toEqual({ code: 'NO_AUTENTICADO', message: 'Inicia sesión para continuar' });
  });

  it('marks the cookie Secure when the request came over https through a trusted proxy', async () => {
    app = await buildTestApp({
      db,
      config: { host: '0.0.0.0', security: { ...REQUIRED, trustProxy: true } },
    });
    await createUser(app.db, { usuario: 'ana', nombre: 'Ana', rol: 'observador', contrasena: PASSWORD });
    const ok = await app.inject({
      method: 'POST',
      url: '/api/sesion',
      headers: { 'x-forwarded-proto': 'https' },
      payload: { usuario: 'ana', contrasena: PASSWORD },
    });
    expect(String(ok.headers['set-cookie'])).toContain('Secure');
  });

  it('creates the first administrador from the one-time link printed at start, once', async () => {
    const printed: string[] = [];
    vi.spyOn(console, 'log').mockImplementation((line: unknown) => void printed.push(String(line)));
    app = await buildTestApp({ db, config: { host: '127.0.0.1', port: 0, security: REQUIRED } });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const link = printed
      .join('\n')
      .match(new RegExp(`http://localhost:\\d+${SIGN_IN_PATH}\\?alta=([\\w-]+)`));
    expect(link).not.toBeNull();
    const codigo = link?.[1] ?? '';
    const payload = { codigo, usuario: 'jefa', nombre: 'La Jefa', contrasena: PASSWORD };

    const bad = await app.inject({
      method: 'POST',
      url: '/api/sesion/alta',
      payload: { ...payload, codigo: 'x' },
    });
    expect(bad.statusCode).toBe(403);
    expect(bad.json().message).toMatch(/enlace de alta no es válido/);

    const created = await app.inject({ method: 'POST', url: '/api/sesion/alta', payload });
    expect(created.statusCode).toBe(201);
    expect(created.json().usuario).toMatchObject({ usuario: 'jefa', rol: 'administrador' });
    expect(String(created.headers['set-cookie'])).toContain('HttpOnly');

    const again = await app.inject({
      method: 'POST',
      url: '/api/sesion/alta',
      payload: { ...payload, usuario: 'otro' },
    });
    expect(again.statusCode).toBe(403);
    // With a user in the database, a restart prints no new link.
    await expect(ensureFirstAdmin(app.db, null, 60)).resolves.toBeNull();
  });

  it('creates the first administrador from ADMIN_USUARIO and ADMIN_CONTRASENA', async () => {
    app = await buildTestApp({
      db,
      config: {
        host: '0.0.0.0',
        security: { ...REQUIRED, admin: { usuario: 'raiz', contrasena: PASSWORD } },
      },
    });
    const ok = await signIn(app, 'raiz');
    expect(ok.statusCode).toBe(200);
    expect(ok.json().usuario.rol).toBe('administrador');
  });

  it('lets the administrador create users and change roles, with effect on the next call', async () => {
    app = await buildTestApp({
      db,
      config: {
        host: '0.0.0.0',
        security: { ...REQUIRED, admin: { usuario: 'raiz', contrasena: PASSWORD } },
      },
    });
    const admin = {
      cookie: `${SESSION_COOKIE}=${tokenOf((await signIn(app, 'raiz')).headers['set-cookie'])}`,
    };
    const created = await app.inject({
      method: 'POST',
      url: '/api/usuarios',
      headers: admin,
      payload: { usuario: 'luis', nombre: 'Luis', rol: 'operador', contrasena: PASSWORD },
    });
    expect(created.statusCode).toBe(201);
    const twice = await app.inject({
      method: 'POST',
      url: '/api/usuarios',
      headers: admin,
      payload: { usuario: 'LUIS', nombre: 'Otro', rol: 'observador', contrasena: PASSWORD },
    });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe('Ya existe un usuario llamado LUIS');
    const short = await app.inject({
      method: 'POST',
      url: '/api/usuarios',
      headers: admin,
      payload: { usuario: 'eva', nombre: 'Eva', rol: 'operador', contrasena: 'corta' },
    });
    expect(short.statusCode).toBe(400);
    expect(short.json().message).toMatch(/contrasena/);

    const list = await app.inject({ url: '/api/usuarios', headers: admin });
    expect(list.json().map((u: { usuario: string; rol: string }) => `${u.usuario}:${u.rol}`)).toEqual([
      'luis:operador',
      'raiz:administrador',
    ]);

    const luis = {
      cookie: `${SESSION_COOKIE}=${tokenOf((await signIn(app, 'luis')).headers['set-cookie'])}`,
    };
    const order = { clienteId: '12', aeropuerto: 'SPIM', cantidad: 1 };
    // Allowed as operador: the call reaches the route (no airports loaded, so it is refused there).
    const before = await app.inject({ method: 'POST', url: '/api/pedidos', headers: luis, payload: order });
    expect([401, 403]).not.toContain(before.statusCode);

    const id = created.json().id;
    const demoted = await app.inject({
      method: 'PATCH',
      url: `/api/usuarios/${id}`,
      headers: admin,
      payload: { rol: 'observador' },
    });
    expect(demoted.json().rol).toBe('observador');
    const after = await app.inject({ method: 'POST', url: '/api/pedidos', headers: luis, payload: order });
    expect(after.statusCode).toBe(403);
    expect(after.json().message).toBe(
      'Tu rol (observador) no permite registrar pedidos; hace falta el rol operador',
    );

    // The last administrador cannot be demoted: the server would have nobody to manage it.
    const rootId = list.json().find((u: { usuario: string }) => u.usuario === 'raiz').id;
    const lastAdmin = await app.inject({
      method: 'PATCH',
      url: `/api/usuarios/${rootId}`,
      headers: admin,
      payload: { rol: 'operador' },
    });
    expect(lastAdmin.statusCode).toBe(409);
    expect(lastAdmin.json().message).toMatch(/único administrador/);

    // A new password ends the user's sessions.
    await app.inject({
      method: 'PATCH',
      url: `/api/usuarios/${id}`,
      headers: admin,
      payload: { contrasena: 'otra-contraseña-larga' },
    });
    expect((await app.inject({ url: '/api/sesion', headers: luis })).statusCode).toBe(401);
  });
});
