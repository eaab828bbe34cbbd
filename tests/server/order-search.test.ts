import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { mulberry32 } from '../../contract/random';
import { rowsOf } from '../../server/db/client';
import type { OrderRecord } from '../../server/domain/types';
import { airportsFile, order, ordersFile, smallAirports } from './fixtures';
import { buildTestApp, eachDatabase, upload } from './helpers';

const KEY = sql`(destination || '-' || lpad(seq::text, 9, '0'))`;

eachDatabase('order search', (db) => {
  it('answers every text like a plain scan of the keys would, in key order', {
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
      for (const text of texts) {
        const limit = 1 + Math.floor(random() * 300);
        const res = await app.inject({
          method: 'GET',
          url: `/api/pedidos?buscar=${encodeURIComponent(text)}&limit=${limit}`,
        });
        expect(res.statusCode, text).toBe(200);
        const needle = `%${text.trim().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
        const scan = rowsOf<{ key: string }>(
          await app.db.orm.execute(
            sql`SELECT ${KEY} AS key FROM orders WHERE ${KEY} ILIKE ${needle} ORDER BY destination, seq LIMIT ${limit}`,
          ),
        ).map((r) => r.key);
        expect(res.json<string[]>(), `"${text}" limit ${limit}`).toEqual(scan);
      }
    } finally {
      await app.close();
    }
  });
});
