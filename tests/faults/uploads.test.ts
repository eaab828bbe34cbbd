import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import type { ApiErrorDto } from '../../contract';
import { rowsOf } from '../../server/db/client';
import { encodeUtf16be } from '../../server/formats/text';
import { discardUnfinishedUploads } from '../../server/services/file-parts';
import { storeOrdersUpload } from '../../server/services/orders-upload';
import { airportsFile, order, ordersFile, smallAirports, utf8 } from '../server/fixtures';
import { buildTestApp, eachDatabase, multipartBody, upload } from '../server/helpers';

type App = Awaited<ReturnType<typeof buildTestApp>>;

async function count(app: App, table: 'orders' | 'order_rows' | 'files' | 'uploads'): Promise<number> {
  return rowsOf<{ n: number }>(
    await app.db.orm.execute(sql.raw(`SELECT count(*)::integer AS n FROM ${table}`)),
  )[0].n;
}

const boundary = '----morapackfaults';
const part = (name: string, filename: string, body: string) =>
  `--${boundary}\r\nContent-Disposition: form-data; name="${name}"; filename="${filename}"\r\nContent-Type: text/plain\r\n\r\n${body}\r\n`;

/** A file's bytes as one piece of an upload stream. */
async function* piece(bytes: Uint8Array): AsyncGenerator<Uint8Array> {
  yield bytes;
}

const KINDS = ['aereopuertos', 'vuelos', 'pedidos'] as const;

eachDatabase('upload faults', (db) => {
  it('refuses two files in one upload request, storing neither', async () => {
    const app = await buildTestApp({ db });
    try {
      expect((await upload(app, 'aereopuertos', 'a.txt', airportsFile(smallAirports()))).statusCode).toBe(
        200,
      );
      const one = new TextDecoder().decode(ordersFile([order('SKBO', 1)]));
      const two = new TextDecoder().decode(ordersFile([order('SKBO', 2)]));
      const res = await app.inject({
        method: 'POST',
        url: '/api/pedidos/upload',
        payload: `${part('file', 'uno.txt', one)}${part('file', 'dos.txt', two)}--${boundary}--\r\n`,
        headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json<ApiErrorDto>().message).toMatch(/un solo archivo/);
      expect(await count(app, 'orders')).toBe(0);
    } finally {
      await app.close();
    }
  });

  it('answers a Spanish 4xx for truncated or boundary-less multipart on every upload route', async () => {
    const app = await buildTestApp({ db });
    try {
      for (const kind of KINDS) {
        const truncated = await app.inject({
          method: 'POST',
          url: `/api/${kind}/upload`,
          payload: `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="x.txt"\r\n\r\n000000001-2025`,
          headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
        });
        expect(truncated.statusCode, `${kind} truncado`).toBeGreaterThanOrEqual(400);
        expect(truncated.statusCode, `${kind} truncado`).toBeLessThan(500);
        expect(truncated.json<ApiErrorDto>().message).toMatch(/incompleto|cortado|multipart/i);

        const noBoundary = await app.inject({
          method: 'POST',
          url: `/api/${kind}/upload`,
          payload: part('file', 'x.txt', 'hola'),
          headers: { 'content-type': 'multipart/form-data' },
        });
        expect(noBoundary.statusCode, `${kind} sin boundary`).toBeGreaterThanOrEqual(400);
        expect(noBoundary.statusCode, `${kind} sin boundary`).toBeLessThan(500);
        expect(noBoundary.json<ApiErrorDto>().message).toMatch(/boundary|multipart/i);
      }
      expect(await count(app, 'files')).toBe(0);
    } finally {
      await app.close();
    }
  });

  it('names the line of an order file cut in the middle of a character (UTF-8 and UTF-16)', async () => {
    const app = await buildTestApp({ db });
    try {
      expect((await upload(app, 'aereopuertos', 'a.txt', airportsFile(smallAirports()))).statusCode).toBe(
        200,
      );
      const text = new TextDecoder().decode(
        ordersFile([order('SKBO', 1), order('SKBO', 2), order('SKBO', 3)]),
      );
      const u8 = utf8(`${text}ñ`);
      const cut8 = u8.subarray(0, u8.length - 1);
      const r8 = await upload(app, 'pedidos', 'cortado8.txt', cut8);
      expect(r8.statusCode).toBeGreaterThanOrEqual(400);
      expect(r8.statusCode).toBeLessThan(500);
      expect(r8.json<ApiErrorDto>().message).toMatch(/[Ll]ínea 4/);

      const u16 = encodeUtf16be(`${text}x`);
      const cut16 = u16.subarray(0, u16.length - 1);
      const r16 = await upload(app, 'pedidos', 'cortado16.txt', cut16);
      expect(r16.statusCode).toBeGreaterThanOrEqual(400);
      expect(r16.statusCode).toBeLessThan(500);
      expect(r16.json<ApiErrorDto>().message).toMatch(/[Ll]ínea 4/);

      // A bad byte in the middle names its own line.
      const bad = utf8(text);
      const mid = new Uint8Array([...bad.subarray(0, 50), 0xff, ...bad.subarray(50)]);
      const rm = await upload(app, 'pedidos', 'malo.txt', mid);
      expect(rm.statusCode).toBe(415);
      expect(rm.json<ApiErrorDto>().message).toMatch(/Línea 2/);
      expect(await count(app, 'orders')).toBe(0);
    } finally {
      await app.close();
    }
  });

  it('stores an order file and reads it back byte for byte', async () => {
    const app = await buildTestApp({ db });
    try {
      expect((await upload(app, 'aereopuertos', 'a.txt', airportsFile(smallAirports()))).statusCode).toBe(
        200,
      );
      const orders = Array.from({ length: 5000 }, (_, i) => order(i % 2 ? 'SKBO' : 'EBCI', i + 1));
      const bytes = ordersFile(orders);
      const res = await upload(app, 'pedidos', 'p.txt', bytes);
      expect(res.statusCode).toBe(200);
      expect(await count(app, 'orders')).toBe(5000);
      const down = await app.inject('/api/pedidos/download');
      expect(Buffer.compare(down.rawPayload, Buffer.from(bytes))).toBe(0);
      const preview = await app.inject('/api/pedidos/preview?lines=2');
      expect(preview.body.split('\n')).toHaveLength(2);
      // A repeated key inside one file names both lines.
      const rep = await upload(
        app,
        'pedidos',
        'rep.txt',
        ordersFile([order('SKBO', 9001), order('SKBO', 9001)]),
      );
      expect(rep.statusCode).toBe(400);
      expect(rep.json<ApiErrorDto>().details?.[0]).toMatchObject({ line: 2 });
      expect(rep.json<ApiErrorDto>().details?.[0].message).toMatch(/línea 1/);
    } finally {
      await app.close();
    }
  });

  it('keeps the raw file name out of messages unescaped', async () => {
    const app = await buildTestApp({ db });
    try {
      const res = await app.inject({
        method: 'POST',
        url: '/api/pedidos/upload',
        ...multipartBody('<img src=x onerror=alert(1)>.txt', utf8('hola')),
      });
      expect(res.statusCode).toBeGreaterThanOrEqual(400);
      expect(res.body).not.toContain('<img');
    } finally {
      await app.close();
    }
  });

  it('shows none of an order file cut while its orders move in, and a restart deletes what moved', async () => {
    const app = await buildTestApp({ db });
    try {
      expect((await upload(app, 'aereopuertos', 'a.txt', airportsFile(smallAirports()))).statusCode).toBe(
        200,
      );
      const bytes = ordersFile(Array.from({ length: 5000 }, (_, i) => order(i % 2 ? 'SKBO' : 'EBCI', i + 1)));
      // One piece of bytes: the first check follows its parsing, each later one a batch moved in.
      let checks = 0;
      const cut = storeOrdersUpload({ db: app.db, bus: app.bus }, 'p.txt', piece(bytes), () => {
        // Closing is for good: every later check throws as well.
        if (++checks >= 4) throw new Error('el servidor se está cerrando');
      });
      await expect(cut).rejects.toThrow(/cerrando/);
      const moved = await count(app, 'order_rows');
      expect(moved, 'pedidos ya movidos (en PostgreSQL la transacción se deshizo)').toBe(
        app.db.kind === 'pglite' ? 3000 : 0,
      );
      // Nothing of it is seen meanwhile: no order, no file, no key in the search.
      expect(await count(app, 'orders')).toBe(0);
      expect(await count(app, 'files')).toBe(1);
      expect((await app.inject('/api/pedidos/status')).json<{ exists: boolean }>().exists).toBe(false);
      expect((await app.inject('/api/pedidos?buscar=EBCI')).json<unknown[]>()).toHaveLength(0);

      // What a start does before it serves.
      await discardUnfinishedUploads(app.db.raw, 0);
      expect(await count(app, 'order_rows')).toBe(0);
      expect(await count(app, 'uploads')).toBe(0);
      const again = await upload(app, 'pedidos', 'p.txt', bytes);
      expect(again.statusCode).toBe(200);
      expect(again.json()).toMatchObject({ added: 5000, duplicates: 0 });
      expect(await count(app, 'orders')).toBe(5000);
    } finally {
      await app.close();
    }
  });

  it('stores a form order sent while an order file moves in, and the file whole', async () => {
    const app = await buildTestApp({ db });
    try {
      expect((await upload(app, 'aereopuertos', 'a.txt', airportsFile(smallAirports()))).statusCode).toBe(
        200,
      );
      const bytes = ordersFile(Array.from({ length: 5000 }, (_, i) => order(i % 2 ? 'SKBO' : 'EBCI', i + 1)));
      let checks = 0;
      let form: Promise<{ statusCode: number }> | undefined;
      const stored = await storeOrdersUpload({ db: app.db, bus: app.bus }, 'p.txt', piece(bytes), () => {
        if (++checks === 3)
          form = app.inject({
            method: 'POST',
            url: '/api/pedidos',
            payload: { clienteId: '0000001', aeropuerto: 'SKBO', cantidad: 3 },
          });
      });
      expect(stored.added).toBe(5000);
      expect((await form)?.statusCode).toBe(201);
      expect(await count(app, 'orders')).toBe(5001);
      expect(await count(app, 'order_rows')).toBe(5001);
    } finally {
      await app.close();
    }
  });
});
