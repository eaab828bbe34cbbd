import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { mulberry32 } from '../../contract/random';
import { type Orm, rowsOf } from '../../server/db/client';
import type { OrderRecord } from '../../server/domain/types';
import { loadOrderKeyIndex } from '../../server/services/orderKeys';
import { planOrderSearch, searchTable } from '../../server/services/orderSearch';
import { airportsFile, order, ordersFile, smallAirports } from './fixtures';
import { buildTestApp, eachDatabase, upload } from './helpers';

const KEY = sql`(destination || '-' || lpad(seq::text, 9, '0'))`;

/** The keys containing the text, in key order, by a scan of every key. */
async function scanKeys(db: Orm, text: string, limit: number): Promise<string[]> {
  const needle = `%${text.trim().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return rowsOf<{ key: string }>(
    await db.execute(
      sql`SELECT ${KEY} AS key FROM orders WHERE ${KEY} ILIKE ${needle} ORDER BY destination, seq LIMIT ${limit}`,
    ),
  ).map((r) => r.key);
}

eachDatabase('order search', (db) => {
  it('answers every text like a plain scan of the keys would, in key order, before and after orders are added', {
    timeout: 180_000,
  }, async () => {
    const app = await buildTestApp({ db, now: () => Date.UTC(2025, 11, 22, 15, 30) });
    try {
      const airports = smallAirports();
      await upload(app, 'aereopuertos', 'a.txt', airportsFile(airports));
      const random = mulberry32(11);
      const codes = airports.map((a) => a.code);
      // Numbers spread over several orders of magnitude, as files and the form give them.
      const lines: OrderRecord[] = [];
      const used = new Set<string>();
      for (let i = 0; i < 1500; i++) {
        const dest = codes[Math.floor(random() * codes.length)];
        const seq = Math.floor(random() ** 3 * 200_000);
        if (used.has(`${dest}-${seq}`)) continue;
        used.add(`${dest}-${seq}`);
        lines.push(order(dest, seq));
      }
      await upload(app, 'pedidos', 'p.txt', ordersFile(lines));
      for (let i = 0; i < 5; i++) {
        const res = await app.inject({
          method: 'POST',
          url: '/api/pedidos',
          payload: { clienteId: '12', aeropuerto: codes[i % codes.length], cantidad: 1 },
        });
        expect(res.statusCode).toBe(201);
      }
      const keys = rowsOf<{ key: string }>(
        await app.db.orm.execute(sql`SELECT ${KEY} AS key FROM orders`),
      ).map((r) => r.key);
      const texts = ['', '0', '00', '0000', '9', '90000', '-', '-0', '-00001', '%', '_'];
      for (let i = 0; i < 80; i++) {
        const key = keys[Math.floor(random() * keys.length)];
        const from = Math.floor(random() * key.length);
        const text = key.slice(from, from + 1 + Math.floor(random() * 8));
        texts.push(random() < 0.3 ? text.toLowerCase() : text);
      }
      for (let i = 0; i < 40; i++)
        texts.push(String(Math.floor(random() * 10 ** (1 + Math.floor(random() * 6)))));
      // Each text through the route and through the table alone, both against a plain scan.
      const expectLikeScan = async (list: readonly string[]) => {
        for (const text of list) {
          const limit = 1 + Math.floor(random() * 300);
          const res = await app.inject({
            method: 'GET',
            url: `/api/pedidos?buscar=${encodeURIComponent(text)}&limit=${limit}`,
          });
          expect(res.statusCode, text).toBe(200);
          const scan = await scanKeys(app.db.orm, text, limit);
          expect(res.json<string[]>(), `"${text}" limit ${limit}`).toEqual(scan);
          const plan = planOrderSearch(text);
          const table = plan.kind === 'none' ? [] : await searchTable(app.db.orm, plan, limit);
          expect(table, `"${text}" limit ${limit} (tabla)`).toEqual(scan);
        }
      };
      await expectLikeScan(texts);
      // Once the file orders' keys are in memory, the route answers from them.
      await loadOrderKeyIndex(app.db.orm);
      await expectLikeScan(texts);

      // Orders stored after the keys were read: from the form, from another file, and by another
      // instance or tool writing to the table directly. Each is found at once.
      const form = await app.inject({
        method: 'POST',
        url: '/api/pedidos',
        payload: { clienteId: '12', aeropuerto: codes[0], cantidad: 2 },
      });
      expect(form.statusCode).toBe(201);
      await upload(app, 'pedidos', 'q.txt', ordersFile([order(codes[1], 777_777), order(codes[2], 5)]));
      await app.db.orm.execute(sql`INSERT INTO orders (destination, seq, local_year, local_month, local_day,
        local_hour, local_minute, release_min, quantity, client_id, source)
        VALUES (${codes[3]}, 123456789, 2025, 12, 22, 10, 30, 0, 1, '0000001', 'archivo')`);
      const added = [
        /Pedido (\S+) registrado/.exec(form.body)?.[1] ?? 'sin clave',
        `${codes[1]}-000777777`,
        `${codes[3]}-123456789`,
      ];
      await expectLikeScan([...added, '777', '0001', '123456789', '-12345', codes[3], ...texts.slice(0, 30)]);
      await loadOrderKeyIndex(app.db.orm);
      await expectLikeScan([
        ...added,
        '777',
        '0001',
        '123456789',
        '-12345',
        codes[3],
        ...texts.slice(30, 60),
      ]);
    } finally {
      await app.close();
    }
  });
});
