/**
 * npm run bench -- search [--orders 1000000] [--rounds 5] [--plain-rounds 1] [--postgres URL]
 * The order search behind the 'Pedido' pick list on N stored orders (the real airports' codes, numbers
 * 1..N/destinations per destination plus form orders), on embedded PGlite or on PostgreSQL. For texts
 * an operator types key by key (a whole key, a number, zero-padded digits, letters, a dash), prints the
 * answer time p50/p95/max of the search as served (file orders' keys in memory), of the same search on
 * the table alone (what answers while the keys are being read) and of a plain ILIKE scan, alternating in
 * one run, each per kind of text (how the table search reads it); the time and heap the in-memory keys
 * take; and one JSON line.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { type Database, openDatabase, rowsOf } from '../server/db/client';
import { parseAirports } from '../server/formats/airports';
import { decodeText } from '../server/formats/text';
import { loadOrderKeyIndex, searchOrderKeys } from '../server/services/orderKeys';
import { digitRanges, planOrderSearch, searchTable } from '../server/services/orderSearch';
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

/** How the search reads a text, as the figures are grouped. */
function kindOf(text: string, maxSeq: number): string {
  const plan = planOrderSearch(text);
  if (plan.kind === 'none') return 'ninguna';
  if (plan.kind === 'keys') {
    if (plan.ranges !== 'all') return 'guion y número';
    return plan.at === 'ends' ? 'letras y guion' : 'letras';
  }
  return digitRanges(plan.digits, maxSeq) ? 'dígitos (rangos)' : 'dígitos (densos)';
}

const pct = (xs: number[], p: number) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(p * xs.length))];

export default async function run(argv: string[]): Promise<void> {
  const args = parseArgs(argv);
  const n = args.number('orders', 1_000_000);
  const rounds = args.number('rounds', 5);
  const plainRounds = args.number('plain-rounds', 1);
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
    await db.orm.execute(sql`ANALYZE order_rows`);
    const mid = String(Math.floor(perDest / 2)).padStart(9, '0');
    const key = `${codes[Math.floor(codes.length / 2)]}-${mid}`;
    // What an operator types, key by key: a whole key, a number, zero-padded digits, a rare number.
    const typed = [key, mid.replace(/^0+/, ''), `0000${mid.slice(4)}`, '999999', `-${mid.slice(0, 5)}`];
    const texts = [
      ...new Set(typed.flatMap((t) => Array.from({ length: t.length }, (_, i) => t.slice(0, i + 1)))),
    ];
    const maxSeq = perDest;
    const heap0 = process.memoryUsage().heapUsed;
    const t0 = performance.now();
    await loadOrderKeyIndex(db.orm);
    const index = {
      loadMs: Math.round(performance.now() - t0),
      heapMb: Math.round((process.memoryUsage().heapUsed - heap0) / 1e5) / 10,
    };
    progress(`claves en memoria: leídas en ${index.loadMs} ms, ${index.heapMb} MB`);
    // A: as served (file orders from memory, form orders from the table); B: the table alone;
    // C: a plain ILIKE scan, which takes seconds a text, in the first `plainRounds` rounds only.
    const variants = {
      servida: (text: string) => searchOrderKeys(db.orm, text, LIMIT),
      tabla: (text: string) => {
        const plan = planOrderSearch(text);
        return plan.kind === 'none' ? Promise.resolve([]) : searchTable(db.orm, plan, LIMIT);
      },
      ilike: (text: string) => scan(db, text),
    };
    type Variant = keyof typeof variants;
    const times = new Map<string, number[]>();
    const add = (name: string, ms: number) => times.set(name, [...(times.get(name) ?? []), ms]);
    for (let r = 0; r < rounds; r++) {
      for (const text of texts) {
        const order: Variant[] = r % 2 === 0 ? ['servida', 'tabla', 'ilike'] : ['ilike', 'tabla', 'servida'];
        for (const which of order.filter((w) => w !== 'ilike' || r < plainRounds)) {
          const t = performance.now();
          const keys = await variants[which](text);
          const ms = performance.now() - t;
          if (keys.length > LIMIT) throw new Error('limit');
          add(which, ms);
          if (which !== 'ilike') add(`${which} · ${kindOf(text, maxSeq)}`, ms);
          if (which === 'servida') add(`texto ${text}`, ms);
        }
      }
    }
    const fig = (xs: number[]) => ({
      n: xs.length,
      p50: +pct(xs, 0.5).toFixed(1),
      p95: +pct(xs, 0.95).toFixed(1),
      max: +pct(xs, 1).toFixed(1),
    });
    const figures = Object.fromEntries(
      [...times].filter(([name]) => !name.startsWith('texto ')).map(([name, xs]) => [name, fig(xs)]),
    );
    const slowest = [...times]
      .filter(([name]) => name.startsWith('texto '))
      .map(([name, xs]) => ({ text: name.slice(6), p50: pct(xs, 0.5) }))
      .sort((a, b) => b.p50 - a.p50)
      .slice(0, 8)
      .map((w) => `${w.text} ${w.p50.toFixed(1)} ms`);
    for (const [name, f] of Object.entries(figures).sort(([a], [b]) => a.localeCompare(b))) {
      progress(
        `  ${name.padEnd(30)} n ${String(f.n).padStart(4)}  p50 ${f.p50} ms  p95 ${f.p95} ms  máx ${f.max} ms`,
      );
    }
    progress(`  más lentos servidos (p50): ${slowest.join(', ')}`);
    const result = {
      bench: 'search',
      database: db.kind,
      orders: perDest * codes.length,
      texts: texts.length,
      rounds,
      index,
      servedMs: figures.servida,
      tableMs: figures.tabla,
      plainScanMs: figures.ilike ?? null,
      figures,
      slowest,
    };
    process.stdout.write(`${JSON.stringify(result)}\n`);
  } finally {
    await db.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  }
}
