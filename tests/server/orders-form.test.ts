import { expect, it } from 'vitest';
import type { ApiErrorDto } from '../../contract';
import { DAY_MIN } from '../../contract/time';
import { orderKey } from '../../server/domain/types';
import type { StoredOrderEvent } from '../../server/plugins/events';
import {
  FORM_SEQ_START,
  listOrdersBetween,
  type OrderTuple,
  ordersAfterId,
} from '../../server/services/orders';
import { airportsFile, order, ordersFile, smallAirports } from './fixtures';
import { buildTestApp, eachDatabase, upload } from './helpers';

// 2025-12-22 15:30 UTC, as the operation clock.
const NOW_MS = Date.UTC(2025, 11, 22, 15, 30);
const NOW_MIN = NOW_MS / 60000;

function post(app: Awaited<ReturnType<typeof buildTestApp>>, payload: unknown) {
  return app.inject({ method: 'POST', url: '/api/pedidos', payload: payload as Record<string, unknown> });
}

eachDatabase('order form', (db) => {
  it('registers an order for LIM (Lima, SPIM) at the operation time and names it in a text answer', async () => {
    const app = await buildTestApp({ db, now: () => NOW_MS });
    try {
      await upload(app, 'aereopuertos', 'a.txt', airportsFile(smallAirports()));
      const seen: StoredOrderEvent[][] = [];
      app.bus.on('orders:added', (orders) => seen.push(orders));
      const res = await post(app, { clienteId: '77', aeropuerto: 'LIM', cantidad: 5 });
      expect(res.statusCode).toBe(201);
      expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
      const key = `SPIM-${String(FORM_SEQ_START).padStart(9, '0')}`;
      expect(res.body).toBe(`Pedido ${key} registrado: 5 productos para Lima (SPIM)`);
      const stored = await listOrdersBetween(app.db, NOW_MIN, NOW_MIN + 1);
      expect(stored).toEqual([
        {
          key,
          destination: 'SPIM',
          seq: FORM_SEQ_START,
          releaseMin: NOW_MIN,
          quantity: 5,
          clientId: '0000077',
          source: 'formulario',
        },
      ]);
      expect(seen).toEqual([stored]);
    } finally {
      await app.close();
    }
  });

  it('maps MAD to LEMD when the airports file has it, and accepts ICAO codes', async () => {
    const app = await buildTestApp({ db, now: () => NOW_MS });
    try {
      await upload(app, 'aereopuertos', 'a.txt', airportsFile(smallAirports()));
      const mad = await post(app, { clienteId: '1', aeropuerto: 'MAD', cantidad: 1 });
      expect(mad.body).toMatch(/^Pedido LEMD-\d{9} registrado: 1 producto para Madrid \(LEMD\)$/);
      const icao = await post(app, { clienteId: '1', aeropuerto: 'ebci', cantidad: 2 });
      expect(icao.statusCode).toBe(201);
      expect(icao.body).toContain('(EBCI)');
    } finally {
      await app.close();
    }
  });

  it('rejects MAD when LEMD is not loaded, and any unknown airport', async () => {
    const app = await buildTestApp({ db });
    try {
      await upload(
        app,
        'aereopuertos',
        'a.txt',
        airportsFile(smallAirports().filter((a) => a.code !== 'LEMD')),
      );
      for (const code of ['MAD', 'XXXX']) {
        const res = await post(app, { clienteId: '1', aeropuerto: code, cantidad: 1 });
        expect(res.statusCode).toBe(400);
        expect(res.json<ApiErrorDto>()).toMatchObject({
          code: 'AEROPUERTO_DESCONOCIDO',
          message: `El aeropuerto ${code} no existe en el archivo de aeropuertos`,
        });
      }
      expect(await listOrdersBetween(app.db, 0, 2 ** 31 - 1)).toEqual([]);
    } finally {
      await app.close();
    }
  });

  it('validates client, airport and quantity with the form messages', async () => {
    const app = await buildTestApp({ db });
    try {
      await upload(app, 'aereopuertos', 'a.txt', airportsFile(smallAirports()));
      const empty = await post(app, { clienteId: '  ', aeropuerto: 'LIM', cantidad: 0 });
      expect(empty.statusCode).toBe(400);
      expect(empty.json<ApiErrorDto>().details?.map((d) => d.message)).toEqual([
        'clienteId: Requerido',
        'cantidad: Debe ser > 0',
      ]);
      const negative = await post(app, { clienteId: '5', aeropuerto: 'LIM', cantidad: -3 });
      expect(negative.json<ApiErrorDto>().details?.[0].field).toBe('cantidad');
      const fraction = await post(app, { clienteId: '5', aeropuerto: 'LIM', cantidad: 1.5 });
      expect(fraction.statusCode).toBe(400);
      expect(fraction.json<ApiErrorDto>().message).toContain('cantidad');
      const letters = await post(app, { clienteId: 'abc', aeropuerto: 'LIM', cantidad: 1 });
      expect(letters.statusCode).toBe(400);
      expect(letters.json<ApiErrorDto>().details?.map((d) => d.message)).toEqual([
        'clienteId: Solo dígitos, hasta 7',
      ]);
      const tooLong = await post(app, { clienteId: '12345678', aeropuerto: 'LIM', cantidad: 1 });
      expect(tooLong.json<ApiErrorDto>().details?.[0].field).toBe('clienteId');
      const huge = await post(app, { clienteId: '5', aeropuerto: 'LIM', cantidad: 1001 });
      expect(huge.statusCode).toBe(400);
      expect(huge.json<ApiErrorDto>().details?.map((d) => d.message)).toEqual([
        'cantidad: Máximo 1000 productos por pedido',
      ]);
      const missing = await post(app, { clienteId: '5', cantidad: 1 });
      expect(missing.statusCode).toBe(400);
      expect(missing.json<ApiErrorDto>().message).toContain('aeropuerto');
      const broken = await app.inject({
        method: 'POST',
        url: '/api/pedidos',
        headers: { 'content-type': 'application/json' },
        payload: '{"clienteId": ',
      });
      expect(broken.statusCode).toBe(400);
      expect(broken.json<ApiErrorDto>().message).toBe('El cuerpo de la petición no es un JSON válido');
      expect(await listOrdersBetween(app.db, 0, 2 ** 31 - 1)).toEqual([]);
    } finally {
      await app.close();
    }
  });

  it('stores every one of many concurrent submissions once, with distinct sequence numbers', async () => {
    const app = await buildTestApp({ db, now: () => NOW_MS });
    try {
      await upload(app, 'aereopuertos', 'a.txt', airportsFile(smallAirports()));
      // A file order with a high sequence: form numbers must go past it, never clash.
      await upload(app, 'pedidos', 'p.txt', ordersFile([order('SPIM', FORM_SEQ_START + 5)]));
      const n = 40;
      const answers = await Promise.all(
        Array.from({ length: n }, (_, i) =>
          post(app, { clienteId: `${i}`, aeropuerto: i % 4 === 0 ? 'EBCI' : 'LIM', cantidad: i + 1 }),
        ),
      );
      expect(answers.map((a) => a.statusCode)).toEqual(Array(n).fill(201));
      const keys = answers.map((a) => a.body.split(' ')[1]);
      expect(new Set(keys).size).toBe(n);
      const stored = (await listOrdersBetween(app.db, NOW_MIN, NOW_MIN + 1)).filter(
        (o) => o.source === 'formulario',
      );
      expect(stored).toHaveLength(n);
      expect(stored.map((o) => o.clientId).sort()).toEqual(
        Array.from({ length: n }, (_, i) => String(i).padStart(7, '0')).sort(),
      );
      expect(stored.filter((o) => o.destination === 'SPIM').every((o) => o.seq > FORM_SEQ_START + 5)).toBe(
        true,
      );
    } finally {
      await app.close();
    }
  });

  it('reads the orders stored after an id and released before a minute once each, a page at a time', async () => {
    const app = await buildTestApp({ db, now: () => NOW_MS });
    try {
      await upload(app, 'aereopuertos', 'a.txt', airportsFile(smallAirports()));
      const days = [20, 23, 21, 24, 20, 22, 23];
      await upload(app, 'pedidos', 'p.txt', ordersFile(days.map((day, i) => order('SPIM', i + 1, { day }))));
      expect((await post(app, { clienteId: '9', aeropuerto: 'LIM', cantidad: 1 })).statusCode).toBe(201);
      const all = await listOrdersBetween(app.db, 0, 2 ** 31 - 1);
      const pages: string[][] = [];
      // Before the 23rd (the form's order, on the 22nd, is one of them), three stored orders a page.
      for await (const page of ordersAfterId(app.db, 0, NOW_MIN + DAY_MIN, 3))
        pages.push(
          (JSON.parse(page) as OrderTuple[]).map(([destination, seq]) => orderKey(destination, seq)),
        );
      const before = all.filter((o) => o.releaseMin < NOW_MIN + DAY_MIN).map((o) => o.key);
      expect(pages.flat().sort()).toEqual(before.sort());
      expect(pages.length).toBeGreaterThan(1);
    } finally {
      await app.close();
    }
  });
});
