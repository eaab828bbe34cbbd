import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import type { ApiErrorDto } from '../../contract';
import { rowsOf } from '../../server/db/client';
import { airportsFile, order, ordersFile, smallAirports, utf8 } from '../server/fixtures';
import { buildTestApp, eachDatabase, multipartBody, upload } from '../server/helpers';
import { loadSimNetwork, startRun, T0 } from '../server/simulationNetwork';

type App = Awaited<ReturnType<typeof buildTestApp>>;

async function fileCount(app: App): Promise<number> {
  return rowsOf<{ n: number }>(await app.db.orm.execute(sql`SELECT count(*)::integer AS n FROM files`))[0].n;
}

function expect4xx(res: { statusCode: number; body: string }, pattern: RegExp): ApiErrorDto {
  expect(res.statusCode, res.body).toBeGreaterThanOrEqual(400);
  expect(res.statusCode, res.body).toBeLessThan(500);
  const body = JSON.parse(res.body) as ApiErrorDto;
  expect(body.message).toMatch(pattern);
  return body;
}

eachDatabase('bad input', (db) => {
  it('names the line of a year out of range or a quantity past the file format in an order file', async () => {
    const app = await buildTestApp({ db });
    try {
      await upload(app, 'aereopuertos', 'a.txt', airportsFile(smallAirports()));
      const good = new TextDecoder().decode(ordersFile([order('SKBO', 1)]));
      const year = await upload(
        app,
        'pedidos',
        'y.txt',
        utf8(`${good}000000002-99991231-10-30-SKBO-003-0001234\n`),
      );
      expect(expect4xx(year, /Línea 2/).details?.[0]).toMatchObject({ line: 2, field: 'fecha' });
      const big = await upload(
        app,
        'pedidos',
        'q.txt',
        utf8(`${good}000000002-20251222-10-30-SKBO-2147483648-0001234\n`),
      );
      expect(expect4xx(big, /Línea 2.*máximo de 999/).details?.[0]).toMatchObject({
        line: 2,
        field: 'cantidad',
      });
      const over = await upload(
        app,
        'pedidos',
        'q.txt',
        utf8(`000000002-20251222-10-30-SKBO-1000-0001234\n`),
      );
      expect4xx(over, /Línea 1.*máximo de 999/);
      expect(await fileCount(app)).toBe(1);
    } finally {
      await app.close();
    }
  });

  it('refuses a NUL in the form client id and in the search text, naming the field', async () => {
    const app = await buildTestApp({ db });
    try {
      await upload(app, 'aereopuertos', 'a.txt', airportsFile(smallAirports()));
      const form = await app.inject({
        method: 'POST',
        url: '/api/pedidos',
        payload: { clienteId: '12\u00003', aeropuerto: 'SKBO', cantidad: 1 },
      });
      expect(expect4xx(form, /clienteId.*nulo/).details?.[0].field).toBe('clienteId');
      const search = await app.inject(`/api/pedidos?buscar=${encodeURIComponent('SK\u0000')}`);
      expect(expect4xx(search, /buscar.*nulo/).details?.[0].field).toBe('buscar');
    } finally {
      await app.close();
    }
  });

  it('refuses a run starting in the year 9999, naming inicio', async () => {
    const app = await buildTestApp({ db });
    try {
      await loadSimNetwork(app, { days: 1 });
      const res = await app.inject({
        method: 'POST',
        url: '/api/simulaciones',
        payload: { modo: 'operacion', inicio: '9999-01-01' },
      });
      expect(expect4xx(res, /inicio.*rango/).details?.[0].field).toBe('inicio');
    } finally {
      await app.close();
    }
  });

  it('answers 503 in Spanish when the database is gone', async () => {
    const app = await buildTestApp({ db });
    try {
      await app.db.close();
      const res = await app.inject('/api/pedidos?buscar=1');
      expect(res.statusCode).toBe(503);
      expect(res.json<ApiErrorDto>().message).toMatch(/base de datos no está disponible/);
    } finally {
      await app.close().catch(() => {});
    }
  });

  it('a cancellation on day 31 of a 30-day month is an error naming its line; file names are not echoed raw', async () => {
    const app = await buildTestApp({ db, now: () => T0 });
    try {
      await loadSimNetwork(app, { days: 2 });
      await startRun(app, { modo: 'operacion', inicio: '2025-11-20T12:00:00Z' });
      const res = await app.inject({
        method: 'POST',
        url: '/api/cancelaciones/upload?modo=operacion',
        ...multipartBody('<b>x</b>.txt', utf8('21.SPIM-SKBO-18:00\n31.SPIM-SKBO-18:00\n')),
      });
      const body = expect4xx(res, /Línea 2.*30 días/);
      expect(body.details?.[0]).toMatchObject({ line: 2, field: 'día' });
      expect(res.body).not.toContain('<b>');
    } finally {
      await app.close();
    }
  });

  it('re-uploading an order file that adds nothing stores no second copy', async () => {
    const app = await buildTestApp({ db });
    try {
      await upload(app, 'aereopuertos', 'a.txt', airportsFile(smallAirports()));
      const file = ordersFile([order('SKBO', 1), order('EBCI', 2)]);
      expect((await upload(app, 'pedidos', 'p.txt', file)).statusCode).toBe(200);
      const before = await fileCount(app);
      const again = await upload(app, 'pedidos', 'p.txt', file);
      expect(again.statusCode).toBe(200);
      expect(again.json()).toMatchObject({ added: 0, duplicates: 2 });
      expect(again.json().message).toMatch(/no se guardó otra copia/);
      expect(await fileCount(app)).toBe(before);
    } finally {
      await app.close();
    }
  });
});
