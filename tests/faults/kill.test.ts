import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import type { RunDto } from '../../contract';
import { type DbTarget, openDatabase } from '../../server/db/client';
import { freePort } from '../freePort';
import { airportsFile, flightsFile, order, ordersFile } from '../server/fixtures';
import { eachDatabase } from '../server/helpers';
import { simAirports, simFlights, simOrders } from '../server/simulationNetwork';

/**
 * kill -9 of a real server process (`node server/main.ts`, as `npm run dev` runs it) in the middle of
 * an order upload and of a weekly run, then a restart on the same data: the order file is stored whole
 * or not at all, and the run goes on to the same figures as one never interrupted.
 */
const ROOT = path.resolve(import.meta.dirname, '../..');
const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

/** Orders in the file being uploaded when the server is killed. */
const BIG = 10_000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Server {
  base: string;
  child: ChildProcess;
}

/** Where a server keeps its data: a PGlite folder, or the suite's PostgreSQL database. */
interface Place {
  env: Record<string, string>;
  target: DbTarget;
}

function place(target: DbTarget): Place {
  if (target.kind === 'postgres') {
    const data = mkdtempSync(path.join(os.tmpdir(), 'morapack-kill-'));
    dirs.push(data);
    return { env: { DATA_DIR: data, DATABASE_URL: target.url }, target };
  }
  const data = mkdtempSync(path.join(os.tmpdir(), 'morapack-kill-'));
  dirs.push(data);
  return { env: { DATA_DIR: data }, target: { kind: 'pglite', dataDir: path.join(data, 'pglite') } };
}

async function start(where: Place): Promise<Server> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, 'server/main.ts')], {
    cwd: ROOT,
    env: {
      ...process.env,
      ...where.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      STATIC_DIR: path.join(where.env.DATA_DIR, 'sin-app'),
      SEED_DEMO: 'false',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout?.on('data', (c) => {
    out += c;
  });
  child.stderr?.on('data', (c) => {
    out += c;
  });
  for (const deadline = Date.now() + 90_000; !/Servidor listo/.test(out); await sleep(100)) {
    if (child.exitCode !== null) throw new Error(`El servidor terminó:\n${out}`);
    if (Date.now() > deadline) throw new Error(`El servidor no arrancó:\n${out}`);
  }
  return { base: `http://127.0.0.1:${port}`, child };
}

async function kill9(server: Server): Promise<void> {
  if (server.child.exitCode !== null) return;
  const exited = new Promise((resolve) => server.child.once('exit', resolve));
  server.child.kill('SIGKILL');
  await exited;
}

const json = async <T>(base: string, url: string, init?: RequestInit): Promise<T> => {
  const res = await fetch(`${base}${url}`, {
    ...init,
    headers: init?.body ? { 'content-type': 'application/json' } : undefined,
  });
  if (!res.ok) throw new Error(`${init?.method ?? 'GET'} ${url}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
};

function upload(base: string, kind: string, name: string, bytes: Uint8Array): Promise<Response> {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(bytes)]), name);
  return fetch(`${base}/api/${kind}/upload`, { method: 'POST', body: form });
}

async function untilRun(base: string, id: string, done: (r: RunDto) => boolean): Promise<RunDto> {
  for (const deadline = Date.now() + 120_000; ; await sleep(200)) {
    const run = await json<RunDto>(base, `/api/simulaciones/${id}`);
    if (done(run)) return run;
    if (Date.now() > deadline) throw new Error(`La corrida no llegó a tiempo: ${JSON.stringify(run)}`);
  }
}

/** What a stopped server left: orders and order files stored, upload leftovers. */
async function stored(target: DbTarget) {
  const db = await openDatabase(target);
  try {
    const n = async (sql: string) => Number((await db.raw.query<{ n: number }>(sql))[0].n);
    return {
      orders: await n('SELECT count(*)::integer AS n FROM orders'),
      orderFiles: await n("SELECT count(*)::integer AS n FROM files WHERE kind = 'pedidos'"),
    };
  } finally {
    await db.close();
  }
}

/** The figures of a finished weekly run that do not depend on how long it took in real time. */
const outcome = (r: RunDto) => {
  const { segundosReales: _, ...resumen } = r.resumen ?? ({} as NonNullable<RunDto['resumen']>);
  return { estado: r.estado, ahora: r.ahora, kpis: r.kpis, resumen };
};

eachDatabase('kill -9', (db) => {
  it('during an order upload and a weekly run: the file is whole or absent, the run ends with the same figures', async () => {
    const where = place(await db.freshPersistent());
    const week = { modo: 'semanal', inicio: '2025-12-22T05:00:00Z', fin: '2025-12-24T05:00:00Z' };
    // Dated after the week: whether or not the big file gets in, the week plans the same orders.
    const big = ordersFile(
      Array.from({ length: BIG }, (_, i) =>
        order(['SKBO', 'SEQM', 'LEMD', 'VIDP', 'EBCI'][i % 5], 10_000 + i, { year: 2026, month: 1, day: 10 }),
      ),
    );
    let server = await start(where);
    try {
      const airports = simAirports();
      for (const [kind, bytes] of [
        ['aereopuertos', airportsFile(airports)],
        ['vuelos', flightsFile(simFlights(airports))],
        ['pedidos', ordersFile(simOrders(3))],
      ] as const)
        expect((await upload(server.base, kind, `${kind}.txt`, bytes)).status).toBe(200);
      const reference = await json<RunDto>(server.base, '/api/simulaciones', {
        method: 'POST',
        body: JSON.stringify({ ...week, velocidad: 'max' }),
      });
      const expected = outcome(await untilRun(server.base, reference.id, (r) => r.estado === 'terminada'));

      // The same week paced (a simulated hour a second), with its clock stored along the way.
      const run = await json<RunDto>(server.base, '/api/simulaciones', {
        method: 'POST',
        body: JSON.stringify({ ...week, velocidad: 3600 }),
      });
      await untilRun(
        server.base,
        run.id,
        (r) => Date.parse(r.ahora) >= Date.parse(week.inicio) + 3 * 3600_000,
      );
      const answer = upload(server.base, 'pedidos', 'grande.txt', big).then(
        (r) => r.status,
        () => 0,
      );
      await sleep(400);
      await kill9(server);
      const status = await answer;
      const left = await stored(where.target);
      expect(left.orders === 72 || left.orders === 72 + BIG, `${left.orders} pedidos`).toBe(true);
      expect(left.orderFiles).toBe(left.orders === 72 ? 1 : 2);
      // An upload acknowledged before the kill is stored whole.
      if (status === 200) expect(left.orders).toBe(72 + BIG);

      server = await start(where);
      // It answers at once, and says 'restaurando' until the run is running again.
      let health = await fetch(`${server.base}/api/health`);
      while (health.status !== 200) {
        expect(health.status).toBe(503);
        await sleep(200);
        health = await fetch(`${server.base}/api/health`);
      }
      const resumed = await json<RunDto>(server.base, `/api/simulaciones/${run.id}`);
      expect(resumed.estado).toBe('en_curso');
      await json(server.base, `/api/simulaciones/${run.id}`, {
        method: 'PATCH',
        body: JSON.stringify({ velocidad: 'max' }),
      });
      expect(outcome(await untilRun(server.base, run.id, (r) => r.estado === 'terminada'))).toEqual(expected);
      // The file that did not get in goes in now, whole (nothing of the cut upload is in its way).
      if (left.orders === 72)
        expect((await upload(server.base, 'pedidos', 'grande.txt', big)).status).toBe(200);
    } finally {
      await kill9(server);
    }
    expect(await stored(where.target)).toEqual({ orders: 72 + BIG, orderFiles: 2 });
  }, 240_000); // two server starts from the TypeScript sources, and a week planned twice
});
