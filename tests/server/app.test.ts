import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import type { ApiErrorDto, FileStatusDto } from '../../contract';
import { ConfigError, loadConfig } from '../../server/plugins/config';
import { getNetwork, listAirports } from '../../server/services/network';
import { listOrdersBetween, orderTimeRange } from '../../server/services/orders';
import { buildTestApp, eachDatabase } from './helpers';

describe('configuration', () => {
  it('uses the documented defaults', () => {
    expect(loadConfig({})).toMatchObject({
      port: 8080,
      // This machine only: other machines reach the server when HOST says so, and then need sign-in.
      host: '127.0.0.1',
      dataDir: './data',
      databaseUrl: undefined,
      staticDir: './dist',
      sedes: ['SPIM', 'EBCI', 'UBBB'],
      uploadLimitBytes: 300 * 1024 * 1024,
      seedDemo: true,
      demoStartDate: null,
      logLevel: 'info',
      simTickMs: undefined,
      simHeartbeatMs: undefined,
    });
  });

  it('reads the environment and rejects bad values with a Spanish message', () => {
    const config = loadConfig({
      PORT: '9000',
      SEDES: 'spim, lemd',
      SEED_DEMO: 'false',
      UPLOAD_LIMIT_BYTES: '1024',
    });
    expect(config).toMatchObject({
      port: 9000,
      sedes: ['SPIM', 'LEMD'],
      seedDemo: false,
      uploadLimitBytes: 1024,
    });
    expect(() => loadConfig({ PORT: 'ochenta' })).toThrow(ConfigError);
    expect(() => loadConfig({ PORT: 'ochenta' })).toThrow(/PORT debe ser un entero/);
    expect(() => loadConfig({ SEED_DEMO: 'quizá' })).toThrow(/SEED_DEMO debe ser true o false/);
    expect(() => loadConfig({ DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL/);
  });

  it('reads the log level and the simulation periods only here, refusing bad values', () => {
    expect(loadConfig({ LOG_LEVEL: 'WARN', SIM_TICK_MS: '0', SIM_HEARTBEAT_MS: '500' })).toMatchObject({
      logLevel: 'warn',
      simTickMs: 0,
      simHeartbeatMs: 500,
    });
    expect(() => loadConfig({ LOG_LEVEL: 'ruidoso' })).toThrow(/LOG_LEVEL debe ser uno de: fatal/);
    expect(() => loadConfig({ SIM_TICK_MS: 'rápido' })).toThrow(/SIM_TICK_MS debe ser un entero/);
    expect(() => loadConfig({ SIM_HEARTBEAT_MS: '0' })).toThrow(/SIM_HEARTBEAT_MS debe estar entre 1/);
  });
});

describe('static app and documentation', () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'morapack-static-'));
  mkdirSync(path.join(dir, 'assets'));
  writeFileSync(path.join(dir, 'index.html'), '<!doctype html><title>MoraPack</title>');
  writeFileSync(path.join(dir, 'assets', 'app.js'), 'console.log(1)');
  writeFileSync(path.join(dir, 'assets', 'app.js.br'), brotliCompressSync('console.log(1)'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('serves files, falls back to index.html for app routes, never for /api', async () => {
    const app = await buildTestApp({ config: { staticDir: dir } });
    try {
      expect((await app.inject('/assets/app.js')).body).toBe('console.log(1)');
      // The build's precompressed copy is sent to browsers that accept it.
      const br = await app.inject({ url: '/assets/app.js', headers: { 'accept-encoding': 'br, gzip' } });
      expect(br.headers['content-encoding']).toBe('br');
      expect(brotliDecompressSync(br.rawPayload).toString()).toBe('console.log(1)');
      const home = await app.inject({ url: '/', headers: { accept: 'text/html' } });
      expect(home.statusCode).toBe(200);
      expect(home.body).toContain('<title>MoraPack</title>');
      const spa = await app.inject({ url: '/simulacion', headers: { accept: 'text/html' } });
      expect(spa.statusCode).toBe(200);
      expect(spa.body).toContain('<title>MoraPack</title>');
      // A rebuild writes new hashed assets while the server runs: they are served without a restart.
      writeFileSync(path.join(dir, 'assets', 'app-2.js'), 'console.log(2)');
      const rebuilt = await app.inject('/assets/app-2.js');
      expect(rebuilt.statusCode).toBe(200);
      expect(rebuilt.body).toBe('console.log(2)');
      const api = await app.inject({ url: '/api/simulacion', headers: { accept: 'text/html' } });
      expect(api.statusCode).toBe(404);
      expect(api.json<ApiErrorDto>().code).toBe('NO_ENCONTRADO');
    } finally {
      await app.close();
    }
  });

  it('describes every API route with its responses in the OpenAPI document at /api/docs', async () => {
    const app = await buildTestApp();
    try {
      expect((await app.inject('/api/docs/')).statusCode).toBe(200);
      const doc = (await app.inject('/api/docs/json')).json<{
        paths: Record<string, Record<string, { responses: Record<string, unknown> }>>;
      }>();
      const expected = [
        'get /api/health',
        'get /api/aereopuertos',
        'post /api/pedidos',
        ...['vuelos', 'aereopuertos', 'pedidos'].flatMap((k) => [
          `get /api/${k}/status`,
          `get /api/${k}/preview`,
          `get /api/${k}/download`,
          `post /api/${k}/upload`,
        ]),
      ];
      for (const route of expected) {
        const [method, url] = route.split(' ');
        const op = doc.paths[url]?.[method];
        expect(op, route).toBeDefined();
        expect(Object.keys(op.responses).length, route).toBeGreaterThan(1);
      }
    } finally {
      await app.close();
    }
  });
});

eachDatabase('demo data', (db) => {
  it('seeds an empty database at start through the upload services, and only once', async () => {
    const target = await db.freshPersistent();
    const first = await buildTestApp({ database: target, config: { seedDemo: true } });
    let orders: number;
    try {
      const names = await Promise.all(
        ['aereopuertos', 'vuelos', 'pedidos'].map(
          async (k) => (await first.inject(`/api/${k}/status`)).json<FileStatusDto>().filename,
        ),
      );
      expect(names).toEqual(['demo-aeropuertos.txt', 'demo-vuelos.txt', 'demo-pedidos.txt']);
      const network = await getNetwork(first.db);
      expect(network.airports.length).toBeGreaterThan(0);
      expect(network.flights.length).toBeGreaterThan(network.airports.length);
      const range = await orderTimeRange(first.db);
      expect(range).not.toBeNull();
      // A fresh install has orders around today, so daily operation at real time is busy at once.
      const today = Math.floor(first.clock.wallMs() / 60_000);
      expect(range!.fromMin).toBeLessThan(today);
      expect(range!.toMin).toBeGreaterThan(today);
      orders = (await listOrdersBetween(first.db, range!.fromMin, range!.toMin + 1)).length;
      expect(orders).toBeGreaterThan(0);
      const preview = await first.inject('/api/aereopuertos/preview?lines=3');
      expect(preview.body.split('\n')).toHaveLength(3);
    } finally {
      await first.close();
    }
    const second = await buildTestApp({ database: target, config: { seedDemo: true } });
    try {
      const range = await orderTimeRange(second.db);
      expect((await listOrdersBetween(second.db, range!.fromMin, range!.toMin + 1)).length).toBe(orders);
      expect((await listAirports(second.db)).length).toBeGreaterThan(0);
    } finally {
      await second.close();
    }
  });
});

describe('demo data around today', () => {
  it('starts the demo orders on the Monday two weeks before today', async () => {
    const { demoStartAround } = await import('../../server/services/demo');
    // Sunday 22 Nov 2026 → two weeks before is Sunday 8 Nov → its Monday is 2 Nov.
    expect(demoStartAround(Date.UTC(2026, 10, 22, 4, 0))).toBe('2026-11-02');
    // Monday 16 Nov 2026 → Monday 2 Nov 2026.
    expect(demoStartAround(Date.UTC(2026, 10, 16, 23, 59))).toBe('2026-11-02');
  });
});
