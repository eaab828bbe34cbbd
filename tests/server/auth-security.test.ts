import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { SESSION_COOKIE } from '../../server/plugins/auth';
import { createSession, createUser } from '../../server/services/users';
import { REQUIRED } from './authFixtures';
import { airportsFile, smallAirports } from './fixtures';
import { buildTestApp, upload } from './helpers';

const INLINE = "document.documentElement.style.background = '#000';";
const dir = mkdtempSync(path.join(os.tmpdir(), 'morapack-security-'));
mkdirSync(path.join(dir, 'assets'));
writeFileSync(
  path.join(dir, 'index.html'),
  `<!doctype html><title>MoraPack</title><script>${INLINE}</script>`,
);
writeFileSync(path.join(dir, 'assets', 'app.js'), 'console.log(1)');
writeFileSync(path.join(dir, 'assets', 'app.js.map'), '{"sources":["src/secreto.ts"]}');
afterAll(() => rmSync(dir, { recursive: true, force: true }));

let app: FastifyInstance | undefined;
afterEach(async () => {
  await app?.close();
  app = undefined;
});

describe('security headers', () => {
  it('sends a CSP that allows the page, its inline theme script by hash, and the map worker from blob:', async () => {
    app = await buildTestApp({ config: { staticDir: dir } });
    const page = await app.inject({ url: '/operacion', headers: { accept: 'text/html' } });
    const csp = String(page.headers['content-security-policy']);
    const hash = createHash('sha256').update(INLINE).digest('base64');
    expect(csp).toContain(`script-src 'self' 'sha256-${hash}'`);
    expect(csp).toContain("worker-src 'self' blob:");
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toContain('unsafe-eval');
    expect(csp).not.toContain('upgrade-insecure-requests');
    expect(page.headers['x-content-type-options']).toBe('nosniff');
    expect(page.headers['x-frame-options']).toBe('SAMEORIGIN');
    // The API answers carry them too.
    expect((await app.inject('/api/health')).headers['x-content-type-options']).toBe('nosniff');
  });

  it('never serves the build source maps', async () => {
    app = await buildTestApp({ config: { staticDir: dir } });
    expect((await app.inject('/assets/app.js')).statusCode).toBe(200);
    const map = await app.inject('/assets/app.js.map');
    expect(map.statusCode).toBe(404);
    expect(map.body).not.toContain('secreto');
    expect(map.json().message).toBe('Ruta no encontrada: GET /assets/app.js.map');
  });

  it('keeps CORS closed unless origins are configured, and then opens it to those only', async () => {
    const origin = 'https://equipo.ejemplo.com';
    app = await buildTestApp();
    const closed = await app.inject({ url: '/api/health', headers: { origin } });
    expect(closed.headers['access-control-allow-origin']).toBeUndefined();
    await app.close();

    app = await buildTestApp({ config: { security: { ...REQUIRED, auth: 'local', corsOrigins: [origin] } } });
    const open = await app.inject({ url: '/api/health', headers: { origin } });
    expect(open.headers['access-control-allow-origin']).toBe(origin);
    expect(open.headers['access-control-allow-credentials']).toBe('true');
    const other = await app.inject({ url: '/api/health', headers: { origin: 'https://otro.com' } });
    expect(other.headers['access-control-allow-origin']).toBeUndefined();
    const preflight = await app.inject({
      method: 'OPTIONS',
      url: '/api/pedidos',
      headers: { origin, 'access-control-request-method': 'POST' },
    });
    expect(preflight.statusCode).toBe(204);
  });
});

describe('request limits', () => {
  it('refuses a JSON body over the limit with a Spanish 413 naming it', async () => {
    app = await buildTestApp();
    const response = await app.inject({
      method: 'POST',
      url: '/api/pedidos',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ clienteId: 'x'.repeat(2 * 1024 * 1024) }),
    });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({
      code: 'CUERPO_DEMASIADO_GRANDE',
      message: 'El cuerpo de la petición supera el límite de 1 MB',
    });
  });

  it('limits sign-in attempts and write calls per minute with a Spanish 429, never reads', async () => {
    app = await buildTestApp({
      config: { host: '0.0.0.0', security: { ...REQUIRED, loginRateLimit: 3, writeRateLimit: 2 } },
    });
    const attempts = [];
    for (let i = 0; i < 4; i++)
      attempts.push(
        await app.inject({ method: 'POST', url: '/api/sesion', payload: { usuario: 'x', contrasena: 'y' } }),
      );
    expect(attempts.map((r) => r.statusCode)).toEqual([401, 401, 401, 429]);
    expect(attempts[3].json().code).toBe('DEMASIADAS_SOLICITUDES');
    expect(attempts[3].json().message).toMatch(
      /^Demasiadas solicitudes: espera \d+ s y vuelve a intentarlo$/,
    );

    const user = await createUser(app.db, {
      usuario: 'ana',
      nombre: 'Ana',
      rol: 'operador',
      contrasena: 'contraseña-larga',
    });
    const headers = { cookie: `${SESSION_COOKIE}=${await createSession(app.db, user.id, 1)}` };
    const order = { clienteId: '1', aeropuerto: 'SPIM', cantidad: 1 };
    const writes = [];
    for (let i = 0; i < 3; i++)
      writes.push(
        (await app.inject({ method: 'POST', url: '/api/pedidos', headers, payload: order })).statusCode,
      );
    expect(writes[2]).toBe(429);
    expect(writes.slice(0, 2)).not.toContain(429);
    for (let i = 0; i < 5; i++)
      expect((await app.inject({ url: '/api/reloj', headers })).statusCode).toBe(200);
  });
});

describe('compressed answers', () => {
  it('compresses JSON for clients that accept br or gzip, and sends it plain to the others', async () => {
    app = await buildTestApp();
    const letters = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
    const extra = Array.from({ length: 60 }, (_, i) => ({
      ...smallAirports()[0],
      number: 10 + i,
      code: `Z${letters[Math.floor(i / 26)]}${letters[i % 26]}A`,
    }));
    expect((await upload(app, 'aereopuertos', 'a.txt', airportsFile(smallAirports(extra)))).statusCode).toBe(
      200,
    );

    const plain = await app.inject({ url: '/api/aereopuertos' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    const br = await app.inject({ url: '/api/aereopuertos', headers: { 'accept-encoding': 'br, gzip' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
    const gzip = await app.inject({ url: '/api/aereopuertos', headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(plain.body);
  });

  it('leaves the live stream uncompressed, so each tick arrives when it is sent', async () => {
    app = await buildTestApp();
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    const controller = new AbortController();
    const response = await fetch(`http://127.0.0.1:${port}/api/vuelos/live`, {
      headers: { 'accept-encoding': 'br, gzip' },
      signal: controller.signal,
    });
    expect(response.headers.get('content-type')).toContain('text/event-stream');
    expect(response.headers.get('content-encoding')).toBeNull();
    const reader = response.body?.getReader();
    const first = await reader?.read();
    expect(new TextDecoder().decode(first?.value)).toMatch(/^(data|event|id|retry|:)/m);
    controller.abort();
  });
});
