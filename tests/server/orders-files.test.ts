import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import type { ApiErrorDto, FileStatusDto, OrdersUploadOkDto } from '../../contract';
import { rowsOf } from '../../server/db/client';
import type { StoredOrderEvent } from '../../server/plugins/events';
import { listOrdersBetween } from '../../server/services/orders';
import { airport, airportsFile, order, ordersFile, readReal, smallAirports, utf8 } from './fixtures';
import { buildTestApp, eachDatabase, fileSnapshot, HAS_REAL_DATA, upload } from './helpers';

const AIRPORTS = 'c.1inf54.25.2.Aeropuerto.husos.v1.20250818__estudiantes.txt';
const ORDERS = 'pedidos-diciembre22-31.txt';

async function countOrders(app: Awaited<ReturnType<typeof buildTestApp>>): Promise<number> {
  return rowsOf<{ n: number }>(await app.db.orm.execute(sql`SELECT count(*)::integer AS n FROM orders`))[0].n;
}

eachDatabase('order files', (db) => {
  it.skipIf(!HAS_REAL_DATA)(
    'appends the real week: every line an order, with UTC release times',
    async () => {
      const app = await buildTestApp({ db });
      try {
        await upload(app, 'aereopuertos', AIRPORTS, readReal('airports'));
        const bytes = readReal('orders');
        const lines = new TextDecoder()
          .decode(bytes)
          .split(/\r?\n/)
          .filter((l) => l.trim() !== '');
        const products = lines.reduce((sum, l) => sum + Number(l.split('-')[5]), 0);
        const added: StoredOrderEvent[] = [];
        app.bus.on('orders:added', (orders) => added.push(...orders));

        const res = await upload(app, 'pedidos', ORDERS, bytes);
        expect(res.statusCode).toBe(200);
        const body = res.json<OrdersUploadOkDto>();
        expect(body).toMatchObject({ added: lines.length, duplicates: 0, products });
        expect(body.message).toContain(`${lines.length.toLocaleString('es-ES')} pedidos nuevos`);
        expect(await countOrders(app)).toBe(lines.length);
        expect(added).toHaveLength(lines.length);

        // One line checked by hand: local time at the destination minus its GMT offset.
        const [seq, date, hh, mm, dest, qty, client] = lines[0].trim().split('-');
        const gmt = (await app.inject('/api/aereopuertos'))
          .json<{ codigo: string; gmt: number }[]>()
          .find((a) => a.codigo === dest)!.gmt;
        const release =
          Date.UTC(
            Number(date.slice(0, 4)),
            Number(date.slice(4, 6)) - 1,
            Number(date.slice(6)),
            Number(hh),
            Number(mm),
          ) /
            60000 -
          gmt * 60;
        const found = (await listOrdersBetween(app.db, release, release + 1)).find(
          (o) => o.key === `${dest}-${seq}`,
        );
        expect(found).toMatchObject({
          quantity: Number(qty),
          clientId: client,
          source: 'archivo',
          releaseMin: release,
        });

        const status = (await app.inject('/api/pedidos/status')).json<FileStatusDto>();
        expect(status).toMatchObject({ exists: true, filename: ORDERS, sizeBytes: bytes.byteLength });
        const preview = await app.inject('/api/pedidos/preview?lines=3');
        expect(preview.body).toBe(lines.slice(0, 3).join('\n'));
        const download = await app.inject('/api/pedidos/download');
        expect(Buffer.compare(download.rawPayload, Buffer.from(bytes))).toBe(0);

        // The same file again: nothing stored twice, every order reported as already there.
        const again = await upload(app, 'pedidos', ORDERS, bytes);
        expect(again.statusCode).toBe(200);
        expect(again.json<OrdersUploadOkDto>()).toMatchObject({ added: 0, duplicates: lines.length });
        expect(again.json<OrdersUploadOkDto>().message).toMatch(/ya estaban registrados/);
        expect(await countOrders(app)).toBe(lines.length);
      } finally {
        await app.close();
      }
    },
  );

  it('keeps orders apart by destination: the same sequence for two destinations is two orders', async () => {
    const app = await buildTestApp({ db });
    try {
      await upload(app, 'aereopuertos', 'a.txt', airportsFile(smallAirports()));
      const first = await upload(
        app,
        'pedidos',
        'spim.txt',
        ordersFile([order('SPIM', 1), order('SPIM', 2)]),
      );
      expect(first.json<OrdersUploadOkDto>()).toMatchObject({ added: 2, duplicates: 0 });
      const mixed = ordersFile([order('EBCI', 1), order('SPIM', 2, { quantity: 9 }), order('LEMD', 7)]);
      const res = await upload(app, 'pedidos', 'mezcla.txt', mixed);
      expect(res.statusCode).toBe(200);
      expect(res.json<OrdersUploadOkDto>()).toMatchObject({
        added: 2,
        duplicates: 1,
        duplicateKeys: ['SPIM-000000002'],
      });
      expect(res.json<OrdersUploadOkDto>().message).toContain('SPIM-000000002');
      expect(await countOrders(app)).toBe(4);
      const spim2 = (await listOrdersBetween(app.db, 0, 2 ** 31 - 1)).find((o) => o.key === 'SPIM-000000002');
      expect(spim2?.quantity).toBe(order('SPIM', 2).quantity);
      // The status follows the latest order file.
      expect((await app.inject('/api/pedidos/status')).json<FileStatusDto>().filename).toBe('mezcla.txt');
    } finally {
      await app.close();
    }
  });

  it('adds the new orders of a file whose sequences interleave with stored ones and names the stored ones in file order', async () => {
    const app = await buildTestApp({ db });
    try {
      await upload(app, 'aereopuertos', 'a.txt', airportsFile(smallAirports()));
      const stored = [order('SPIM', 10), order('SPIM', 30), order('EBCI', 5)];
      expect((await upload(app, 'pedidos', 'base.txt', ordersFile(stored))).statusCode).toBe(200);
      // SPIM 20 and EBCI 4/6 fall inside stored ranges without being stored; SKBO has no orders yet.
      const next = [
        order('SPIM', 20),
        order('EBCI', 5, { quantity: 7 }),
        order('SKBO', 10),
        order('SPIM', 30, { quantity: 8 }),
        order('EBCI', 4),
        order('EBCI', 6),
      ];
      const res = await upload(app, 'pedidos', 'next.txt', ordersFile(next));
      expect(res.statusCode).toBe(200);
      expect(res.json<OrdersUploadOkDto>()).toMatchObject({
        added: 4,
        duplicates: 2,
        duplicateKeys: ['EBCI-000000005', 'SPIM-000000030'],
        products: [0, 2, 4, 5].reduce((sum, i) => sum + next[i].quantity, 0),
      });
      const all = await listOrdersBetween(app.db, 0, 2 ** 31 - 1);
      expect(all.map((o) => o.key).sort()).toEqual(
        [
          'EBCI-000000004',
          'EBCI-000000005',
          'EBCI-000000006',
          'SKBO-000000010',
          'SPIM-000000010',
          'SPIM-000000020',
          'SPIM-000000030',
        ].sort(),
      );
      // The stored orders keep what they had; the file's copies were not stored.
      expect(all.find((o) => o.key === 'EBCI-000000005')?.quantity).toBe(order('EBCI', 5).quantity);
      expect(all.find((o) => o.key === 'SPIM-000000030')?.quantity).toBe(order('SPIM', 30).quantity);
    } finally {
      await app.close();
    }
  });

  it('still downloads and previews a file stored before files were compressed', async () => {
    const app = await buildTestApp({ db });
    try {
      await upload(app, 'aereopuertos', 'a.txt', airportsFile(smallAirports()));
      await upload(app, 'pedidos', 'nuevo.txt', ordersFile([order('SPIM', 1)]));
      const old = ordersFile([order('SPIM', 2), order('EBCI', 3), order('SKBO', 4)]);
      // A row as migration 0004 leaves it: bytes as received, content_encoding defaulted.
      await app.db.raw.query(
        `INSERT INTO files (kind, filename, size_bytes, encoding, line_count, record_count, content)
         VALUES ('pedidos', 'antiguo.txt', $1, 'utf-8', 3, 3, decode($2, 'hex'))`,
        [old.byteLength, Buffer.from(old).toString('hex')],
      );
      const download = await app.inject('/api/pedidos/download');
      expect(download.statusCode).toBe(200);
      expect(Buffer.compare(download.rawPayload, Buffer.from(old))).toBe(0);
      const preview = await app.inject('/api/pedidos/preview?lines=2');
      expect(preview.body).toBe(new TextDecoder().decode(old).split('\n').slice(0, 2).join('\n'));
    } finally {
      await app.close();
    }
  });

  it('rejects a whole file with an unknown airport or a bad line, storing none of its orders', async () => {
    const app = await buildTestApp({ db });
    try {
      await upload(app, 'aereopuertos', 'a.txt', airportsFile(smallAirports()));
      await upload(app, 'pedidos', 'base.txt', ordersFile([order('SPIM', 1)]));
      const before = await fileSnapshot(app, 'pedidos');

      const unknown = await upload(app, 'pedidos', 'x.txt', ordersFile([order('SPIM', 5), order('ZZZZ', 6)]));
      expect(unknown.statusCode).toBe(400);
      expect(unknown.json<ApiErrorDto>().details?.[0]).toMatchObject({ line: 2 });
      expect(unknown.json<ApiErrorDto>().details?.[0].message).toContain('ZZZZ');

      const negative = utf8(
        '000000007-20251222-10-30-SPIM-003-0001234\n000000008-20251222-10-30-SPIM--03-0001234\n',
      );
      const neg = await upload(app, 'pedidos', 'neg.txt', negative);
      expect(neg.statusCode).toBe(400);
      expect(neg.json<ApiErrorDto>().details?.[0]).toMatchObject({ line: 2, field: 'cantidad' });

      const latin1 = Buffer.from('000000009-20251222-10-30-SPIM-003-0001234 \u00e9\n', 'latin1');
      const enc = await upload(app, 'pedidos', 'latin1.txt', latin1);
      expect(enc.statusCode).toBe(415);
      expect(enc.json<ApiErrorDto>().details?.[0]).toMatchObject({ line: 1 });

      expect(await fileSnapshot(app, 'pedidos')).toEqual(before);
      expect(await countOrders(app)).toBe(1);
    } finally {
      await app.close();
    }
  });

  it('reads UTF-16 order files split across stream chunks exactly like UTF-8 ones', async () => {
    const app = await buildTestApp({ db });
    try {
      await upload(app, 'aereopuertos', 'a.txt', airportsFile(smallAirports()));
      const many = Array.from({ length: 30_000 }, (_, i) =>
        order(i % 2 ? 'SPIM' : 'EBCI', i + 1, { minute: i % 60 }),
      );
      const text = new TextDecoder().decode(ordersFile(many));
      const bytes = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')]);
      const res = await upload(app, 'pedidos', 'utf16.txt', bytes);
      expect(res.statusCode).toBe(200);
      expect(res.json<OrdersUploadOkDto>().added).toBe(many.length);
      expect((await app.inject('/api/pedidos/preview?lines=2')).body).toBe(
        text.split('\n').slice(0, 2).join('\n'),
      );
    } finally {
      await app.close();
    }
  });

  it('recomputes UTC release times when an airport GMT offset changes', async () => {
    const app = await buildTestApp({ db });
    try {
      await upload(app, 'aereopuertos', 'a.txt', airportsFile(smallAirports()));
      await upload(app, 'pedidos', 'p.txt', ordersFile([order('SPIM', 1)]));
      const [before] = await listOrdersBetween(app.db, 0, 2 ** 31 - 1);
      const shifted = smallAirports().map((a) =>
        a.code === 'SPIM' ? airport('SPIM', { ...a, gmt: -3 }) : a,
      );
      expect((await upload(app, 'aereopuertos', 'b.txt', airportsFile(shifted))).statusCode).toBe(200);
      const [after] = await listOrdersBetween(app.db, 0, 2 ** 31 - 1);
      // Same local time two hours further east is two hours earlier in UTC.
      expect(after.releaseMin).toBe(before.releaseMin - 120);
    } finally {
      await app.close();
    }
  });

  it('refuses to drop an airport that stored orders use', async () => {
    const app = await buildTestApp({ db });
    try {
      await upload(app, 'aereopuertos', 'a.txt', airportsFile(smallAirports()));
      await upload(app, 'pedidos', 'p.txt', ordersFile([order('SKBO', 1)]));
      const res = await upload(
        app,
        'aereopuertos',
        'b.txt',
        airportsFile(smallAirports().filter((a) => a.code !== 'SKBO')),
      );
      expect(res.statusCode).toBe(400);
      expect(res.json<ApiErrorDto>().details?.[0].message).toContain('1 pedidos');
    } finally {
      await app.close();
    }
  });
});
