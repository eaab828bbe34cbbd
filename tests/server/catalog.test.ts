import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DailyFlightDto } from '../../contract';
import { airportsFile, flightsFile, smallAirports, smallFlights } from './fixtures';
import { buildTestApp, upload } from './helpers';

/** Pick-list catalogs of the filter panel: daily flights of the plan and order keys. */
describe('catalog routes', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildTestApp({ config: { seedDemo: true } });
  });
  afterAll(async () => {
    await app.close();
  });

  it('lists the daily flights of the loaded plan with local HH:MM times', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/vuelos' });
    expect(res.statusCode).toBe(200);
    const flights = res.json<DailyFlightDto[]>();
    expect(flights.length).toBeGreaterThan(0);
    for (const f of flights.slice(0, 50)) {
      expect(f.id.startsWith(`${f.origen}-${f.destino}-`)).toBe(true);
      expect(f.id.endsWith(f.salida)).toBe(true);
      expect(f.llegada).toMatch(/^\d\d:\d\d$/);
    }
  });

  it('finds order keys containing the searched text, up to the limit', async () => {
    const all = (await app.inject({ method: 'GET', url: '/api/pedidos?limit=5' })).json<string[]>();
    expect(all).toHaveLength(5);
    const target = all[3];
    const tail = target.slice(-6);
    const found = (
      await app.inject({
        method: 'GET',
        url: `/api/pedidos?buscar=${encodeURIComponent(tail.toLowerCase())}`,
      })
    ).json<string[]>();
    expect(found).toContain(target);
    for (const key of found) expect(key.toLowerCase()).toContain(tail.toLowerCase());
    const none = (await app.inject({ method: 'GET', url: '/api/pedidos?buscar=%25%25zz' })).json<string[]>();
    expect(none).toEqual([]);
    // Letters match the destination part, in any case, alone or with the number.
    const dest = target.slice(0, 4);
    const byLetters = (
      await app.inject({ method: 'GET', url: `/api/pedidos?buscar=${dest.slice(1).toLowerCase()}` })
    ).json<string[]>();
    expect(byLetters.length).toBeGreaterThan(0);
    for (const key of byLetters) expect(key.slice(0, 4)).toContain(dest.slice(1));
    const byKey = (
      await app.inject({ method: 'GET', url: `/api/pedidos?buscar=${encodeURIComponent(target.slice(2))}` })
    ).json<string[]>();
    expect(byKey).toContain(target);
  });

  it('rejects a limit out of range', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/pedidos?limit=0' });
    expect(res.statusCode).toBe(400);
  });

  it('lists the new plan once a flights file replaces it', async () => {
    const fresh = await buildTestApp({ config: { seedDemo: false } });
    try {
      const ids = async () =>
        (await fresh.inject({ method: 'GET', url: '/api/vuelos' })).json<DailyFlightDto[]>().map((f) => f.id);
      expect((await upload(fresh, 'aereopuertos', 'a.txt', airportsFile(smallAirports()))).statusCode).toBe(
        200,
      );
      expect((await upload(fresh, 'vuelos', 'v1.txt', flightsFile(smallFlights()))).statusCode).toBe(200);
      expect(await ids()).toEqual(
        smallFlights()
          .map((f) => f.id)
          .sort(),
      );
      const fewer = smallFlights().slice(1);
      expect((await upload(fresh, 'vuelos', 'v2.txt', flightsFile(fewer))).statusCode).toBe(200);
      expect(await ids()).toEqual(fewer.map((f) => f.id).sort());
    } finally {
      await fresh.close();
    }
  });
});
