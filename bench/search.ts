/**
 * npm run bench -- search [--orders 1000000] [--rounds 5] [--postgres URL]
 * The order search behind the 'Pedido' pick list on N stored orders (the real airports' codes, numbers
 * 1..N/destinations per destination plus form orders), on embedded PGlite or on PostgreSQL. For texts
 * an operator types key by key (a whole key, a number, zero-padded digits, letters, a dash), prints the
 * server's answer time p50/p95/max for the search as served, beside a plain ILIKE scan of the keys in the
 * same run (alternating), and one JSON line.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { type Database, openDatabase, rowsOf } from '../server/db/client';
import { parseAirports } from '../server/formats/airports';
import { decodeText } from '../server/formats/text';
import { searchOrderKeys } from '../server/services/orderSearch';
import { FORM_SEQ_START } from '../server/services/orders';
import { parseArgs, progress } from './lib/args';
import { REAL_DATA_DIR } from './lib/data';

const AIRPORTS_FILE = 'c.1inf54.25.2.Aeropuerto.husos.v1.20250818__estudiantes.txt';
const LIMIT = 201;
const KEY = sql`(destination || '-' || lpad(seq::text, 9, '0'))`;

async function scan(db: Database, text: string): Promise<string[]> {
  const needle = `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const result = await db.orm.execute(
    sql`SELECT ${KEY} AS key FROM orders WHERE ${KEY} ILIKE ${needle} ORDER BY destination, seq LIMIT ${LIMIT}`,
  );
  return rowsOf<{ key: string }>(result).map((r) => r.key);
}

const pct = (xs: number[], p: number) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(p * xs.length))];

export default async function run(argv: string[]): Promise<void> {
  const args = parseArgs(argv);
  const n = args.number('orders', 1_000_000);
  const rounds = args.number('rounds', 5);
  const url = args.get('postgres');
  const dir = url ? undefined : mkdtempSync(path.join(tmpdir(), 'bench-search-'));
  const db = await openDatabase(url ? { kind: 'postgres', url } : { kind: 'pglite', dataDir: dir });
  try {
    const parsed = parseAirports(
      decodeText(new Uint8Array(readFileSync(path.join(REAL_DATA_DIR, AIRPORTS_FILE)))).text,
    );
    const codes = parsed.records.map((a) => a.code).sort();
    await db.orm.execute(sql`DELETE FROM orders`);
    await db.orm.execute(sql`DELETE FROM airports`);
    for (const a of parsed.records) {
      await db.orm.execute(sql`INSERT INTO airports VALUES (${a.code}, ${a.number}, ${a.city}, ${a.country},
        ${a.shortName}, ${a.gmt}, ${a.capacity}, ${a.lat}, ${a.lon}, ${a.continent})`);
    }
    const perDest = Math.ceil(n / codes.length);
    progress(`cargando ${perDest * codes.length} pedidos (${codes.length} destinos)...`);
    const list = sql.join(
      codes.map((c) => sql`${c}`),
      sql`, `,
    );
    await db.orm.execute(sql`INSERT INTO orders (destination, seq, local_year, local_month, local_day, local_hour,
        local_minute, release_min, quantity, client_id, source)
      SELECT d, s, 2025, 12, 1, 0, 0, 0, 1, '0000001', 'archivo'
      FROM unnest(ARRAY[${list}]::text[]) d, generate_series(1, ${perDest}) s`);
    await db.orm.execute(sql`INSERT INTO orders (destination, seq, local_year, local_month, local_day, local_hour,
        local_minute, release_min, quantity, client_id, source)
      SELECT d, ${FORM_SEQ_START} + s, 2025, 12, 1, 0, 0, 0, 1, '0000001', 'formulario'
      FROM unnest(ARRAY[${list}]::text[]) d, generate_series(0, 9) s`);
    await db.orm.execute(sql`ANALYZE orders`);
    const mid = String(Math.floor(perDest / 2)).padStart(9, '0');
    const key = `${codes[Math.floor(codes.length / 2)]}-${mid}`;
    // What an operator types, key by key: a whole key, a number, zero-padded digits, a rare number.
    const typed = [key, mid.replace(/^0+/, ''), `0000${mid.slice(4)}`, '999999', `-${mid.slice(0, 5)}`];
    const texts = [
      ...new Set(typed.flatMap((t) => Array.from({ length: t.length }, (_, i) => t.slice(0, i + 1)))),
    ];
    const served: number[] = [];
    const plain: number[] = [];
    const worst: { text: string; ms: number }[] = [];
    for (let r = 0; r < rounds; r++) {
      for (const text of texts) {
        for (const which of r % 2 === 0 ? ['served', 'plain'] : ['plain', 'served']) {
          const t0 = performance.now();
          const keys = which === 'served' ? await searchOrderKeys(db.orm, text, LIMIT) : await scan(db, text);
          const ms = performance.now() - t0;
          if (which === 'served') {
            served.push(ms);
            worst.push({ text, ms });
          } else plain.push(ms);
          if (keys.length > LIMIT) throw new Error('limit');
        }
      }
    }
    worst.sort((a, b) => b.ms - a.ms);
    const fig = (xs: number[]) => ({
      p50: +pct(xs, 0.5).toFixed(1),
      p95: +pct(xs, 0.95).toFixed(1),
      max: +pct(xs, 1).toFixed(1),
    });
    const result = {
      bench: 'search',
      database: db.kind,
      orders: perDest * codes.length,
      texts: texts.length,
      rounds,
      servedMs: fig(served),
      plainScanMs: fig(plain),
      slowest: worst.slice(0, 5).map((w) => `${w.text} ${w.ms.toFixed(0)} ms`),
    };
    progress(
      `búsqueda servida: p50 ${result.servedMs.p50} ms, p95 ${result.servedMs.p95} ms, máx ${result.servedMs.max} ms`,
    );
    progress(
      `ILIKE simple:     p50 ${result.plainScanMs.p50} ms, p95 ${result.plainScanMs.p95} ms, máx ${result.plainScanMs.max} ms`,
    );
    process.stdout.write(`${JSON.stringify(result)}\n`);
  } finally {
    await db.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  }
}
