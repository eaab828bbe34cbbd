/**
 * npm run bench -- api [--seconds 30] [--demo] [--search-orders 1000000]
 * The API's answer times while a collapse search runs at maximum speed: starts the server in a child process
 * on the real files (in-memory database), starts a max-speed colapso run, then stores synthetic file orders
 * up to --search-orders in all (after the start, so the run does not plan them; 0: none) and, while the run
 * goes on, asks the main GET calls one after another, as a screen does (airports, flights, order keys, file
 * status, runs, clock, warehouses, a flight, an order, the live stream's first event) and the order search
 * with texts an operator types key by key. Prints per call p50/p95/bytes (on the wire, compressed as a
 * browser accepts) and ends with one JSON line holding p50Ms and p95Ms over all calls, and per call.
 */
import { spawn } from 'node:child_process';
import http from 'node:http';
import { dirname, join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { DailyFlightDto, RunDto } from '../contract';
import type { Database } from '../server/db/client';
import { loadOrderKeyIndex } from '../server/services/orderKeys';
import { FORM_SEQ_START, orderRange } from '../server/services/orders';
import { parseArgs, progress } from './lib/args';

const here = dirname(fileURLToPath(import.meta.url));

/** Synthetic file orders per statement (PGlite runs on the server's thread: requests get turns between). */
const ADD_SLICE = 50_000;

/**
 * Child: stores synthetic file orders (numbers after the largest file number, every airport, the first
 * loaded order's release time) until the table holds `total`, then reads the search's in-memory keys.
 * Direct SQL: no announcement, so the running collapse search does not plan them.
 */
async function addOrders(db: Database, total: number): Promise<{ orders: number; seconds: number }> {
  const t0 = performance.now();
  const { count = 0, fromMin = 0 } = (await orderRange({ orm: db.orm })) ?? {};
  const [{ top }] = await db.raw.query<{ top: number | null }>(
    `SELECT max(seq) AS top FROM orders WHERE seq < ${FORM_SEQ_START}`,
  );
  const codes = (await db.raw.query<{ code: string }>('SELECT code FROM airports ORDER BY code')).map(
    (r) => r.code,
  );
  const perCode = Math.ceil(Math.max(0, total - count) / codes.length);
  for (let from = 0; from < perCode; from += ADD_SLICE) {
    await db.raw.query(
      `INSERT INTO orders (destination, seq, local_year, local_month, local_day, local_hour, local_minute,
         release_min, quantity, client_id, source)
       SELECT d, $5::integer + s, 2025, 12, 1, 0, 0, $1, 1, '0000001', 'archivo'
       FROM unnest($2::text[]) d, generate_series($3::integer, $4::integer) s`,
      [fromMin, codes, from, Math.min(perCode, from + ADD_SLICE) - 1, Number(top ?? 0) + 1],
    );
    await new Promise((resolve) => setImmediate(resolve));
  }
  await db.raw.exec('ANALYZE order_rows');
  await loadOrderKeyIndex(db.orm);
  const after = await orderRange({ orm: db.orm });
  return { orders: after?.count ?? 0, seconds: round1((performance.now() - t0) / 1000) };
}

/** Child: load the data, listen, print the port, serve until killed; 'pedidos N' on stdin adds orders. */
async function serve(args: ReturnType<typeof parseArgs>): Promise<void> {
  const { loadServer } = await import('./simulation');
  const { app } = await loadServer(args);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  process.stdout.write(
    `${JSON.stringify({ port: typeof address === 'object' && address ? address.port : 0 })}\n`,
  );
  process.on('SIGTERM', () => {
    void app.close().then(() => process.exit(0));
  });
  for await (const line of createInterface({ input: process.stdin })) {
    const total = /^pedidos (\d+)$/.exec(line)?.[1];
    if (total) process.stdout.write(`${JSON.stringify(await addOrders(app.db, Number(total)))}\n`);
  }
}

interface Sample {
  ms: number;
  bytes: number;
  status: number;
}

const agent = new http.Agent({ keepAlive: true, maxSockets: 4 });

function request(
  port: number,
  path: string,
  method = 'GET',
  body?: object,
): Promise<Sample & { text: string }> {
  const t0 = performance.now();
  return new Promise((resolve, reject) => {
    const payload = body ? JSON.stringify(body) : undefined;
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        path,
        method,
        agent,
        // As a browser asks: the bytes counted are the bytes on the wire (compressed when the server does).
        headers: payload
          ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) }
          : { 'accept-encoding': 'br, gzip' },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const buf = Buffer.concat(chunks);
          const encoding = res.headers['content-encoding'];
          const plain =
            encoding === 'br' ? brotliDecompressSync(buf) : encoding === 'gzip' ? gunzipSync(buf) : buf;
          resolve({
            ms: performance.now() - t0,
            bytes: buf.length,
            status: res.statusCode ?? 0,
            text: plain.toString(),
          });
        });
      },
    );
    req.on('error', reject);
    if (payload) req.write(payload);
    req.end();
  });
}

/** Time until the live stream's first event arrives (then the connection is dropped). */
function firstEvent(port: number, path: string): Promise<Sample> {
  const t0 = performance.now();
  return new Promise((resolve, reject) => {
    const req = http.get({ host: '127.0.0.1', port, path }, (res) => {
      let bytes = 0;
      res.on('data', (c: Buffer) => {
        bytes += c.length;
        // The first event with data (the stream opens with a 'retry:' line).
        if (c.includes('data: ')) {
          const ms = performance.now() - t0;
          req.destroy();
          resolve({ ms, bytes, status: res.statusCode ?? 0 });
        }
      });
    });
    req.on('error', (e) => (req.destroyed ? undefined : reject(e)));
  });
}

const quantile = (xs: number[], q: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length === 0 ? 0 : s[Math.min(s.length - 1, Math.floor(q * s.length))];
};
const round1 = (x: number) => Math.round(x * 10) / 10;

export default async function api(argv: string[]): Promise<void> {
  const args = parseArgs(argv);
  if (args.has('serve')) return serve(args);
  const seconds = args.number('seconds', 30);
  const childArgs = ['--import', 'tsx', join(here, 'index.ts'), 'api', '--serve'];
  if (args.has('demo')) childArgs.push('--demo');
  const searchOrders = args.number('search-orders', 1_000_000);
  const child = spawn(process.execPath, childArgs, { stdio: ['pipe', 'pipe', 'inherit'] });
  const killChild = () => {
    if (child.exitCode === null) child.kill('SIGTERM');
  };
  process.on('exit', killChild);
  const lines = createInterface({ input: child.stdout })[Symbol.asyncIterator]();
  const exited = new Promise<never>((_, reject) =>
    child.on('exit', (code) => reject(new Error(`server exited with ${code}`))),
  );
  exited.catch(() => {});
  /** The child's next line on stdout, as JSON. */
  const nextLine = async <T>(): Promise<T> => {
    const next = await Promise.race([lines.next(), exited]);
    if (next.done) throw new Error('server closed its output');
    return JSON.parse(next.value) as T;
  };
  const { port } = await nextLine<{ port: number }>();
  progress(`server ready on port ${port}`);

  // What the calls ask about: a daily flight and a stored order.
  const flights = JSON.parse((await request(port, '/api/vuelos')).text) as DailyFlightDto[];
  const flight = flights[Math.floor(flights.length / 2)].id;
  const keys = JSON.parse((await request(port, '/api/pedidos?buscar=SPIM&limit=50')).text) as string[];
  const order = keys[keys.length - 1];

  const started = await request(port, '/api/simulaciones', 'POST', { modo: 'colapso' });
  if (started.status !== 201) throw new Error(`start failed: ${started.status} ${started.text}`);
  const run = JSON.parse(started.text) as RunDto;
  progress(`colapso ${run.id} started at ${run.velocidad} speed`);
  let stored: { orders: number; seconds: number } | null = null;
  if (searchOrders > 0) {
    child.stdin.write(`pedidos ${searchOrders}\n`);
    stored = await nextLine<{ orders: number; seconds: number }>();
    progress(`${stored.orders} orders stored (and their keys read for the search) in ${stored.seconds} s`);
  }
  progress(`measuring up to ${seconds} s`);
  // What an operator types in the 'Pedido' pick list, key by key: a whole key, zero-padded digits, a
  // number, letters and a dash.
  const typed = [order, `0000${order.slice(-5)}`, order.slice(-5).replace(/^0+/, ''), '1000123', 'SK-001'];
  const searches = [
    ...new Set(typed.flatMap((t) => Array.from({ length: t.length }, (_, i) => t.slice(0, i + 1)))),
  ];
  let searchAt = 0;

  const calls: Record<string, () => Promise<Sample>> = {
    aereopuertos: () => request(port, '/api/aereopuertos'),
    vuelos: () => request(port, '/api/vuelos'),
    pedidos: () => request(port, '/api/pedidos'),
    'vuelos/status': () => request(port, '/api/vuelos/status'),
    'pedidos?buscar': () =>
      request(
        port,
        `/api/pedidos?buscar=${encodeURIComponent(searches[searchAt++ % searches.length])}&limit=50`,
      ),
    simulaciones: () => request(port, '/api/simulaciones'),
    reloj: () => request(port, '/api/reloj?modo=colapso'),
    almacenes: () => request(port, '/api/almacenes?modo=colapso'),
    'vuelos/:id': () => request(port, `/api/vuelos/${encodeURIComponent(flight)}?modo=colapso`),
    'pedidos/:id': () => request(port, `/api/pedidos/${encodeURIComponent(order)}?modo=colapso`),
    'vuelos/live (1er evento)': () =>
      firstEvent(port, '/api/vuelos/live?modo=colapso&limit=200&formato=compacto'),
  };
  const samples = new Map<string, Sample[]>(Object.keys(calls).map((k) => [k, []]));
  const t0 = performance.now();
  let state: RunDto = run;
  let rounds = 0;
  while (performance.now() - t0 < seconds * 1000 && state.estado === 'en_curso') {
    for (const [name, call] of Object.entries(calls)) {
      const s = await call();
      if (s.status >= 400) throw new Error(`${name}: ${s.status}`);
      samples.get(name)!.push(s);
    }
    rounds++;
    state = JSON.parse((await request(port, `/api/simulaciones/${run.id}`)).text) as RunDto;
    if (rounds % 20 === 0)
      progress(
        `${rounds} rounds; run ${state.estado} at ${state.ahora}, ${state.progreso.pedidosPlanificados} orders`,
      );
  }
  const elapsed = (performance.now() - t0) / 1000;
  const perCall: Record<string, { p50Ms: number; p95Ms: number; bytes: number; n: number }> = {};
  for (const [name, list] of samples) {
    const ms = list.map((s) => s.ms);
    perCall[name] = {
      p50Ms: round1(quantile(ms, 0.5)),
      p95Ms: round1(quantile(ms, 0.95)),
      bytes: Math.round(list.reduce((a, s) => a + s.bytes, 0) / Math.max(1, list.length)),
      n: list.length,
    };
    progress(
      `${name.padEnd(26)} p50 ${perCall[name].p50Ms} ms  p95 ${perCall[name].p95Ms} ms  ${perCall[name].bytes} B`,
    );
  }
  const all = [...samples.values()].flat().map((s) => s.ms);
  killChild();
  process.stdout.write(
    `${JSON.stringify({
      p50Ms: round1(quantile(all, 0.5)),
      p95Ms: round1(quantile(all, 0.95)),
      calls: all.length,
      seconds: round1(elapsed),
      searchOrders: stored?.orders ?? null,
      run: { estado: state.estado, ahora: state.ahora, pedidos: state.progreso.pedidosPlanificados },
      perCall,
    })}\n`,
  );
  process.exit(0);
}
