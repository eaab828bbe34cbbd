/**
 * npm run bench -- parse [--orders FILE] [--lines N] [--repeat R] [--postgres URL] [--no-postgres] [--seed S]
 * Order-file throughput: parse lines/s (streamed in 1 MB chunks, as uploads are) for the real week and
 * for a generated N-line file (default 1 M, written to tmp/), then the load time of each file into
 * PGlite (on disk, in a temp folder) and into PostgreSQL (a fresh database, dropped after) through
 * the same service an upload uses, and the generated file once more (every order a duplicate: the
 * duplicate-reporting path). Loads report wall seconds and this process's CPU seconds (PGlite runs in
 * this process, so its CPU seconds hold while other work shares the machine; PostgreSQL's server
 * work is not in them). Prints progress on stderr and one JSON line on stdout.
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { mulberry32 } from '../contract/random';
import { type Database, type DbTarget, openDatabase } from '../server/db/client';
import { loadDemoFiles } from '../server/demo/generate';
import type { OrderRecord } from '../server/domain/types';
import { parseAirports } from '../server/formats/airports';
import { createOrderLineParser, formatOrderLine } from '../server/formats/orders';
import { decodeText, encodeUtf16be } from '../server/formats/text';
import { replaceAirports } from '../server/services/network';
import { appendOrdersFile } from '../server/services/orders-upload';
import { parseArgs, progress } from './lib/args';
import { REAL_DATA_DIR } from './lib/data';

const projectRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const CHUNK = 1 << 20;

interface AirportsInput {
  bytes: Uint8Array;
  codes: string[];
  source: string;
}

function loadAirports(): AirportsInput {
  const real = join(REAL_DATA_DIR, 'c.1inf54.25.2.Aeropuerto.husos.v1.20250818__estudiantes.txt');
  if (existsSync(real)) {
    const bytes = new Uint8Array(readFileSync(real));
    return { bytes, codes: parseAirports(decodeText(bytes).text).records.map((a) => a.code), source: 'real' };
  }
  const text = loadDemoFiles().airportsText;
  return {
    bytes: encodeUtf16be(text),
    codes: parseAirports(text).records.map((a) => a.code),
    source: 'demo',
  };
}

/** Decodes and parses in 1 MB chunks like an upload; returns the record count. */
function parseStreamed(bytes: Uint8Array, known: Set<string>): { records: number; errors: number } {
  const parser = createOrderLineParser(known);
  const decoder = new TextDecoder('utf-8', { fatal: true });
  for (let i = 0; i < bytes.byteLength; i += CHUNK) {
    parser.push(decoder.decode(bytes.subarray(i, i + CHUNK), { stream: true }));
  }
  parser.push(decoder.decode());
  const result = parser.end();
  return { records: result.records.length, errors: result.errorCount };
}

function countLines(bytes: Uint8Array): number {
  let n = 0;
  for (let i = 0; i < bytes.byteLength; i++) if (bytes[i] === 10) n++;
  return bytes.byteLength > 0 && bytes[bytes.byteLength - 1] !== 10 ? n + 1 : n;
}

function measureParse(name: string, bytes: Uint8Array, known: Set<string>, repeat: number) {
  const lines = countLines(bytes);
  const times: number[] = [];
  let records = 0;
  for (let r = 0; r < repeat; r++) {
    const t0 = performance.now();
    const result = parseStreamed(bytes, known);
    times.push((performance.now() - t0) / 1000);
    records = result.records;
    if (result.errors > 0) throw new Error(`${name}: ${result.errors} errores de formato`);
  }
  times.sort((a, b) => a - b);
  const median = times[Math.floor(times.length / 2)];
  const linesPerSecond = Math.round(lines / median);
  progress(
    `parse ${name}: ${lines.toLocaleString('en')} lines, ${(bytes.byteLength / 1e6).toFixed(1)} MB, ` +
      `median ${median.toFixed(3)} s → ${linesPerSecond.toLocaleString('en')} lines/s (${repeat} runs)`,
  );
  return { lines, records, bytes: bytes.byteLength, seconds: round(median), linesPerSecond };
}

/** A generated order file in the official format: N lines, random destinations, unique seq per destination. */
function generateOrders(file: string, n: number, codes: string[], seed: number): void {
  const rnd = mulberry32(seed);
  const parts: string[] = new Array(n);
  const start = Date.UTC(2026, 0, 1);
  for (let i = 0; i < n; i++) {
    const d = new Date(start + Math.floor((i / n) * 28 * 86_400_000));
    const o: OrderRecord = {
      seq: 100_000_000 + i + 1, // clear of the real week, which loads into the same database first
      destination: codes[Math.floor(rnd() * codes.length)],
      year: d.getUTCFullYear(),
      month: d.getUTCMonth() + 1,
      day: d.getUTCDate(),
      hour: d.getUTCHours(),
      minute: d.getUTCMinutes(),
      quantity: 1 + Math.floor(rnd() * 12),
      clientId: String(Math.floor(rnd() * 1e7)).padStart(7, '0'),
    };
    parts[i] = formatOrderLine(o);
  }
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, `${parts.join('\n')}\n`);
}

async function measureLoad(
  label: string,
  target: DbTarget,
  airports: AirportsInput,
  files: { name: string; bytes: Uint8Array }[],
) {
  const t0 = performance.now();
  const db: Database = await openDatabase(target);
  const openSeconds = (performance.now() - t0) / 1000;
  const result: Record<string, unknown> = { openSeconds: round(openSeconds) };
  try {
    await replaceAirports({ db }, { filename: 'aeropuertos.txt', bytes: airports.bytes }, [
      'SPIM',
      'EBCI',
      'UBBB',
    ]);
    const loads = [...files];
    const last = files[files.length - 1];
    if (last) loads.push({ name: `${last.name} again`, bytes: last.bytes });
    for (const f of loads) {
      const t = performance.now();
      const cpu0 = process.cpuUsage();
      const r = await appendOrdersFile({ db }, { filename: f.name, bytes: f.bytes });
      const seconds = (performance.now() - t) / 1000;
      const cpu = process.cpuUsage(cpu0);
      const cpuSeconds = (cpu.user + cpu.system) / 1e6;
      const lines = r.added + r.duplicates;
      progress(
        `load ${label} ${f.name}: ${r.added.toLocaleString('en')} new + ${r.duplicates.toLocaleString('en')} ` +
          `duplicate orders in ${seconds.toFixed(2)} s (cpu ${cpuSeconds.toFixed(2)} s) → ` +
          `${Math.round(lines / seconds).toLocaleString('en')} lines/s`,
      );
      result[f.name] = {
        orders: r.added,
        duplicates: r.duplicates,
        seconds: round(seconds),
        cpuSeconds: round(cpuSeconds),
        ordersPerSecond: Math.round(r.added / seconds),
        linesPerSecond: Math.round(lines / seconds),
      };
    }
  } finally {
    await db.close();
  }
  return result;
}

async function admin(url: string, text: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

const round = (x: number, d = 4) => Math.round(x * 10 ** d) / 10 ** d;

export default async function parse(argv: string[]): Promise<void> {
  const args = parseArgs(argv);
  const n = args.number('lines', 1_000_000);
  const repeat = Math.max(1, args.number('repeat', 3));
  const seed = args.number('seed', 1);
  const airports = loadAirports();
  const known = new Set(airports.codes);
  progress(`airports: ${airports.source} (${known.size})`);

  const weekFile = args.get('orders') ?? join(REAL_DATA_DIR, 'pedidos-diciembre22-31.txt');
  const inputs: { name: string; bytes: Uint8Array }[] = [];
  if (existsSync(weekFile)) inputs.push({ name: 'week', bytes: new Uint8Array(readFileSync(weekFile)) });
  else progress(`real week absent (${weekFile}): skipped`);

  const genFile = join(projectRoot, 'tmp', `bench-orders-${n}.txt`);
  if (!existsSync(genFile) || statSync(genFile).size === 0) {
    const t = performance.now();
    generateOrders(genFile, n, airports.codes, seed);
    progress(`generated ${genFile} in ${((performance.now() - t) / 1000).toFixed(1)} s`);
  }
  inputs.push({ name: `generated${n}`, bytes: new Uint8Array(readFileSync(genFile)) });

  const parseResults: Record<string, unknown> = {};
  for (const input of inputs) parseResults[input.name] = measureParse(input.name, input.bytes, known, repeat);

  const load: Record<string, unknown> = {};
  const dir = mkdtempSync(join(os.tmpdir(), 'morapack-bench-'));
  try {
    load.pglite = await measureLoad('pglite', { kind: 'pglite', dataDir: dir }, airports, inputs);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }

  const pgUrl =
    args.get('postgres') ??
    process.env.DATABASE_URL ??
    process.env.TEST_DATABASE_URL ??
    'postgres://postgres@127.0.0.1:5432/postgres';
  if (!args.has('no-postgres')) {
    const name = `bench_parse_${process.pid}`;
    const u = new URL(pgUrl);
    try {
      await admin(pgUrl, `CREATE DATABASE "${name}"`);
    } catch (error) {
      progress(`PostgreSQL not available at ${u.host} (${(error as Error).message}): skipped`);
    }
    u.pathname = `/${name}`;
    try {
      load.postgres = await measureLoad(
        'postgres',
        { kind: 'postgres', url: u.toString() },
        airports,
        inputs,
      );
    } catch (error) {
      if (load.postgres === undefined) progress(`postgres load failed: ${(error as Error).message}`);
    } finally {
      await admin(pgUrl, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`).catch(() => {});
    }
  }

  process.stdout.write(`${JSON.stringify({ parse: parseResults, load })}\n`);
}
