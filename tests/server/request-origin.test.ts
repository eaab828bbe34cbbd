import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SESSION_COOKIE } from '../../server/plugins/auth';
import { ConfigError, loadConfig } from '../../server/plugins/config';
import { createSession, createUser } from '../../server/services/users';
import { REQUIRED } from './authFixtures';
import { airportsFile, smallAirports } from './fixtures';
import { buildTestApp, fileSnapshot, multipartBody } from './helpers';

// Each test builds its own servers; on a busy machine that alone takes tens of seconds.
vi.setConfig({ testTimeout: 180_000, hookTimeout: 180_000 });

/**
 * Writes only from this application's own pages, in every mode; only names this server answers to
 * (DNS rebinding). Injected requests carry `Host: localhost:80`, the server's own origin being
 * http://localhost.
 */
let app: FastifyInstance | undefined;
afterEach(async () => {
  await app?.close();
  app = undefined;
});

const ORDER = { clienteId: '0000001', aeropuerto: 'SPIM', cantidad: 1 };
const order = (headers: Record<string, string>) =>
  app!.inject({ method: 'POST', url: '/api/pedidos', headers, payload: ORDER });
const airportsUpload = (headers: Record<string, string>) => {
  const body = multipartBody('aeropuertos.txt', airportsFile(smallAirports()));
  return app!.inject({
    method: 'POST',
    url: '/api/aereopuertos/upload',
    payload: body.payload,
    headers: { ...body.headers, ...headers },
  });
};

describe('writes from another site', () => {
  it('are refused with a Spanish 403 without sign-in (local mode), uploads too, before anything is stored', async () => {
    app = await buildTestApp();
    const before = await fileSnapshot(app, 'aereopuertos');
    const foreign: Record<string, string>[] = [
      { origin: 'http://otro.example' },
      { origin: 'null' },
      { 'sec-fetch-site': 'cross-site' },
      { origin: 'http://localhost:5173' },
    ];
    for (const headers of foreign) {
      const refused = await order(headers);
      expect(refused.statusCode, JSON.stringify(headers)).toBe(403);
      expect(refused.json().code).toBe('ORIGEN_NO_PERMITIDO');
    }
    expect((await order({ origin: 'http://otro.example' })).json().message).toBe(
      'Cambio rechazado: la petición viene de otra página (http://otro.example), no de esta aplicación',
    );
    const upload = await airportsUpload({ origin: 'http://otro.example', 'sec-fetch-site': 'cross-site' });
    expect(upload.statusCode).toBe(403);
    expect(await fileSnapshot(app, 'aereopuertos')).toEqual(before);
    // Reads are never refused for their origin (CORS keeps their answers from the other page).
    expect(
      (await app.inject({ url: '/api/aereopuertos', headers: { origin: 'http://otro.example' } })).statusCode,
    ).toBe(200);

    // This application's own page, and callers that are no browser (curl, scripts, other instances).
    expect(
      (await airportsUpload({ origin: 'http://localhost', 'sec-fetch-site': 'same-origin' })).statusCode,
    ).toBe(200);
    expect((await order({ origin: 'http://localhost:80' })).statusCode).not.toBe(403);
    expect((await order({ 'sec-fetch-site': 'same-origin' })).statusCode).not.toBe(403);
    expect((await order({})).statusCode).not.toBe(403);
  });

  it('are refused with sign-in, with a valid cookie, from another site or another port of this host', async () => {
    app = await buildTestApp({ config: { host: '0.0.0.0', security: REQUIRED } });
    const admin = await createUser(app.db, {
      usuario: 'ana',
      nombre: 'Ana',
      rol: 'administrador',
      contrasena: 'contraseña-larga',
    });
    const cookie = `${SESSION_COOKIE}=${await createSession(app.db, admin.id, 1)}`;
    const before = await fileSnapshot(app, 'aereopuertos');
    for (const origin of ['http://otro.example', 'http://localhost:8081', 'https://localhost']) {
      const upload = await airportsUpload({ cookie, origin });
      expect(upload.statusCode, origin).toBe(403);
      expect(upload.json().code).toBe('ORIGEN_NO_PERMITIDO');
      expect((await order({ cookie, origin })).statusCode).toBe(403);
    }
    expect((await airportsUpload({ cookie, 'sec-fetch-site': 'same-site' })).statusCode).toBe(403);
    // Signing out from another site too (it would end the person's session).
    const signOut = await app.inject({
      method: 'DELETE',
      url: '/api/sesion',
      headers: { cookie, origin: 'http://otro.example' },
    });
    expect(signOut.statusCode).toBe(403);
    expect(await fileSnapshot(app, 'aereopuertos')).toEqual(before);
    expect((await airportsUpload({ cookie, origin: 'http://localhost' })).statusCode).toBe(200);
  });

  it('are accepted from an origin listed in CORS_ORIGINS', async () => {
    const origin = 'https://panel.ejemplo.com';
    app = await buildTestApp({ config: { security: { ...REQUIRED, auth: 'local', corsOrigins: [origin] } } });
    expect((await order({ origin })).statusCode).not.toBe(403);
    expect((await order({ origin: 'https://otro.ejemplo.com' })).statusCode).toBe(403);
  });
});

describe('host names (DNS rebinding)', () => {
  it('answers only loopback names on a loopback server: any other Host gets a Spanish 421, reads too', async () => {
    app = await buildTestApp({ config: { security: loadConfig({}).security } });
    for (const host of ['localhost:8080', '127.0.0.1:8080', '[::1]:8080', 'LOCALHOST'])
      expect((await app.inject({ url: '/api/health', headers: { host } })).statusCode, host).toBe(200);
    for (const host of ['atacante.example:8080', 'morapack.ejemplo.com', '192.168.1.20:8080']) {
      const read = await app.inject({ url: '/api/health', headers: { host } });
      expect(read.statusCode, host).toBe(421);
      expect(read.json().code).toBe('HOST_NO_PERMITIDO');
    }
    const write = await app.inject({
      method: 'POST',
      url: '/api/pedidos',
      headers: { host: 'atacante.example:8080', origin: 'http://atacante.example:8080' },
      payload: ORDER,
    });
    expect(write.statusCode).toBe(421);
    expect(write.json().message).toBe(
      'Este servidor no atiende el nombre "atacante.example"; si es el suyo, añádelo a HOSTS_PERMITIDOS',
    );
  });

  it('answers the names in HOSTS_PERMITIDOS and the instance address', async () => {
    const config = loadConfig({ HOSTS_PERMITIDOS: 'morapack.ejemplo.com, 192.168.1.20' });
    app = await buildTestApp({
      config: { security: config.security, instanceUrl: 'http://app1:8080' },
    });
    for (const host of [
      'morapack.ejemplo.com',
      'MoraPack.Ejemplo.com:8443',
      '192.168.1.20:8080',
      'app1:8080',
    ])
      expect((await app.inject({ url: '/api/health', headers: { host } })).statusCode, host).toBe(200);
    expect((await app.inject({ url: '/api/health', headers: { host: 'otro.ejemplo.com' } })).statusCode).toBe(
      421,
    );
  });

  it('reads HOSTS_PERMITIDOS: names without port, * for any, the bound address by default', () => {
    expect(loadConfig({}).security.allowedHosts).toEqual([]);
    expect(loadConfig({ HOST: '0.0.0.0' }).security.allowedHosts).toBeNull();
    expect(loadConfig({ HOST: '192.168.1.20' }).security.allowedHosts).toEqual(['192.168.1.20']);
    expect(loadConfig({ HOSTS_PERMITIDOS: '*' }).security.allowedHosts).toBeNull();
    expect(loadConfig({ HOSTS_PERMITIDOS: 'Equipo.Local., [fe80::1]' }).security.allowedHosts).toEqual([
      'equipo.local',
      'fe80::1',
    ]);
    expect(() => loadConfig({ HOSTS_PERMITIDOS: 'http://equipo.local' })).toThrow(ConfigError);
    expect(() => loadConfig({ HOSTS_PERMITIDOS: 'equipo local' })).toThrow(
      /HOSTS_PERMITIDOS contiene un nombre no válido/,
    );
  });
});
