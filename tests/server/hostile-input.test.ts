import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable, Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { SESSION_COOKIE } from '../../server/plugins/auth';
import { JSON_MAX_DEPTH } from '../../server/plugins/jsonBody';
import { createUser } from '../../server/services/users';
import { REQUIRED } from './authFixtures';
import { buildTestApp, eachDatabase } from './helpers';

const PASSWORD = 'una-contraseña-larga';
const SIGNED_IN_REQUIRED = { host: '0.0.0.0', security: REQUIRED };
const DAMAGED = [`${SESSION_COOKIE}=%E0%A4%A`, `${SESSION_COOKIE}=%`, `${SESSION_COOKIE}=a b;`];

const page = mkdtempSync(path.join(os.tmpdir(), 'morapack-hostile-'));
writeFileSync(path.join(page, 'index.html'), '<!doctype html><title>MoraPack</title>');
afterAll(() => rmSync(page, { recursive: true, force: true }));

const cleared = (setCookie: string | string[] | undefined) =>
  [setCookie ?? []].flat().some((c) => c.startsWith(`${SESSION_COOKIE}=;`) && c.includes('Max-Age=0'));

eachDatabase('a bad session cookie is no cookie', (db) => {
  let app: FastifyInstance | undefined;
  afterEach(async () => {
    await app?.close();
    app = undefined;
  });

  it('lets a damaged cookie through as signed out, clears it, and never 500s the health check or the page', async () => {
    app = await buildTestApp({ db, config: { ...SIGNED_IN_REQUIRED, staticDir: page } });
    for (const cookie of DAMAGED) {
      const health = await app.inject({ url: '/api/health', headers: { cookie } });
      expect(health.statusCode, cookie).toBe(200);
      expect(health.json().status).toBe('ok');
      const home = await app.inject({ url: '/', headers: { cookie, accept: 'text/html' } });
      expect(home.statusCode, cookie).toBe(200);
      expect(home.body).toContain('MoraPack');
      const me = await app.inject({ url: '/api/sesion', headers: { cookie } });
      expect(me.statusCode, cookie).toBe(401);
      expect(me.json()).toEqual({ code: 'NO_AUTENTICADO', message: 'Inicia sesión para continuar' });
      expect(cleared(me.headers['set-cookie']), cookie).toBe(true);
    }
  });

  it('clears an unknown session and still signs in over it', async () => {
    app = await buildTestApp({ db, config: SIGNED_IN_REQUIRED });
    await createUser(app.db, { usuario: 'ana', nombre: 'Ana', rol: 'operador', contrasena: PASSWORD });
    const cookie = `${SESSION_COOKIE}=${'x'.repeat(43)}`;
    const me = await app.inject({ url: '/api/sesion', headers: { cookie } });
    expect(me.statusCode).toBe(401);
    expect(cleared(me.headers['set-cookie'])).toBe(true);

    for (const stale of [cookie, DAMAGED[0]]) {
      const login = await app.inject({
        method: 'POST',
        url: '/api/sesion',
        headers: { cookie: stale },
        payload: { usuario: 'ana', contrasena: PASSWORD },
      });
      expect(login.statusCode).toBe(200);
      // The new session comes last, so it is the one the browser keeps.
      const last = [login.headers['set-cookie'] ?? []].flat().at(-1) ?? '';
      expect(last).toMatch(new RegExp(`^${SESSION_COOKIE}=[A-Za-z0-9_-]{40,};`));
      const again = await app.inject({ url: '/api/sesion', headers: { cookie: last.split(';')[0] } });
      expect(again.json().usuario.usuario).toBe('ana');
    }
  });
});

const nested = (depth: number) => '['.repeat(depth) + ']'.repeat(depth);

eachDatabase('JSON bodies have a depth and a size limit', (db) => {
  let app: FastifyInstance | undefined;
  afterEach(async () => {
    await app?.close();
    app = undefined;
  });

  it.each([
    ['without sign-in', {}],
    ['with sign-in required', SIGNED_IN_REQUIRED],
  ])('refuses a body nested 5,000 deep with a Spanish 400 naming the limit (%s)', async (_, config) => {
    app = await buildTestApp({ db, config });
    for (const url of ['/api/pedidos', '/api/sesion', '/api/sesion/alta']) {
      const headers = { 'content-type': 'application/json' };
      const deep = await app.inject({ method: 'POST', url, headers, payload: nested(5_000) });
      // POST /api/pedidos needs a session first when sign-in is required: a 401, also not a 500.
      if (deep.statusCode === 401) continue;
      expect(deep.statusCode, url).toBe(400);
      expect(deep.json()).toEqual({
        code: 'JSON_DEMASIADO_PROFUNDO',
        message: `El cuerpo de la petición anida listas u objetos a más de ${JSON_MAX_DEPTH} niveles; el límite es ${JSON_MAX_DEPTH}`,
      });
      // At the limit the body is read, and refused for what it says (a list is not the expected object).
      const atLimit = await app.inject({ method: 'POST', url, headers, payload: nested(JSON_MAX_DEPTH) });
      expect(atLimit.statusCode, url).toBe(400);
      expect(atLimit.json().code).toBe('VALIDACION');
      // Brackets inside strings are text, not depth.
      const inText = JSON.stringify({ usuario: nested(100), contrasena: PASSWORD });
      const text = await app.inject({ method: 'POST', url, headers, payload: inText });
      expect(text.json().code, url).not.toBe('JSON_DEMASIADO_PROFUNDO');
    }
  });

  it('refuses a body over the limit sent without a length (chunked) with the body limit, not the file limit', async () => {
    app = await buildTestApp({ db });
    const big = JSON.stringify({ clienteId: 'x'.repeat(2 * 1024 * 1024) });
    const response = await app.inject({
      method: 'POST',
      url: '/api/pedidos',
      headers: { 'content-type': 'application/json' },
      // A stream goes without Content-Length, so only the parser's own limit can stop it.
      payload: Readable.from([Buffer.from(big)]),
    });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({
      code: 'CUERPO_DEMASIADO_GRANDE',
      message: 'El cuerpo de la petición supera el límite de 1 MB',
    });
  });
});

describe('the log of refused requests', () => {
  it('logs each kind of refusal at most once a minute, then says how many went unlogged', async () => {
    const lines: Record<string, unknown>[] = [];
    const stream = new Writable({
      write(chunk, _encoding, done) {
        for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line));
        done();
      },
    });
    let now = Date.UTC(2026, 0, 5, 12);
    const app = await buildTestApp({
      now: () => now,
      logger: { level: 'info', stream },
      config: SIGNED_IN_REQUIRED,
    });
    try {
      const refusals = () => lines.filter((l) => typeof l.code === 'string');
      for (let i = 0; i < 50; i++) {
        await app.inject({ url: '/api/vuelos', headers: { cookie: DAMAGED[i % 2] } });
        await app.inject({
          method: 'POST',
          url: '/api/sesion',
          headers: { 'content-type': 'application/json' },
          payload: '{"usuario": ',
        });
      }
      expect(refusals().map((l) => [l.code, l.msg])).toEqual([
        ['NO_AUTENTICADO', 'Inicia sesión para continuar'],
        ['JSON_NO_VALIDO', 'El cuerpo de la petición no es un JSON válido'],
      ]);
      // Requests that were answered are still logged, one line each with the method and URL.
      await app.inject('/api/health');
      expect(lines.at(-1)).toMatchObject({ msg: 'request completed', req: { url: '/api/health' } });

      now += 61_000;
      await app.inject('/api/vuelos');
      expect(refusals().at(-1)).toMatchObject({
        code: 'NO_AUTENTICADO',
        omitidasDesdeLaAnterior: 49,
        req: { method: 'GET', url: '/api/vuelos' },
        res: { statusCode: 401 },
      });
      expect(refusals()).toHaveLength(3);
    } finally {
      await app.close();
    }
  });
});
