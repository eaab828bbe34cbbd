import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HealthDto, OrderDetailDto, RunDto } from '../../contract';
import { freePort } from '../freePort';
import { HAS_REAL_DATA, REAL_FILES, TEST_DATABASE_URL } from './helpers';

/**
 * Three real server processes (the compiled build, as `npm start` runs it) on one fresh PostgreSQL
 * database with the real airports and flights and a slice of the real orders: one leads the daily
 * operation's run, the others relay its stream and pass it their orders; killed with SIGKILL, another
 * takes the run over and the streams on the survivors go on.
 */
const ROOT = path.resolve(import.meta.dirname, '../..');
const OUT = path.join(ROOT, 'build', `test-multi-${process.pid}`);
/** The instances' data folder (unused with PostgreSQL, but each needs one); made when the suite runs. */
let DATA = '';
const DB_NAME = `t_multi_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
const ORDER_LINES = 300;
/** The run starts after the last order of the slice: none is released while the test runs. */
const RUN_START = '2025-12-24T00:00:00.000Z';
/** One tick (1 s at ×1) in simulated minutes, with room for a late timer on a busy machine. */
const TICK_MIN = 1.5 / 60;

const dbUrl = () => {
  const u = new URL(TEST_DATABASE_URL!);
  u.pathname = `/${DB_NAME}`;
  return u.toString();
};

async function admin(text: string): Promise<void> {
  const client = new pg.Client({ connectionString: TEST_DATABASE_URL });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

interface Instance {
  base: string;
  child: ChildProcess;
  output: () => string;
}

async function startInstance(): Promise<Instance> {
  const port = await freePort();
  const child = spawn(process.execPath, [path.join(OUT, 'main.js')], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: DATA,
      STATIC_DIR: path.join(DATA, 'sin-app'),
      SEED_DEMO: 'false',
      DATABASE_URL: dbUrl(),
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
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`El servidor terminó:\n${out}`);
    if (/Servidor listo/.test(out)) break;
    if (Date.now() > deadline) throw new Error(`El servidor no arrancó:\n${out}`);
    await sleep(100);
  }
  return { base, child, output: () => out };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function until<T>(what: string, fn: () => Promise<T | undefined>, ms: number): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const v = await fn().catch(() => undefined);
    if (v !== undefined) return v;
    if (Date.now() > deadline) throw new Error(`Sin respuesta a tiempo: ${what}`);
    await sleep(200);
  }
}

const json = async <T>(url: string, init?: RequestInit): Promise<T> => {
  const res = await fetch(url, init);
  if (!res.ok) throw new Error(`${init?.method ?? 'GET'} ${url}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
};

async function uploadFile(base: string, kind: string, file: string, bytes: Buffer): Promise<void> {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(bytes)]), path.basename(file));
  const res = await fetch(`${base}/api/${kind}/upload`, { method: 'POST', body: form });
  expect(res.status, await res.clone().text()).toBe(200);
}

/** A browser's live stream (compact format): every tick's simulated instant, as it arrives. */
interface Stream {
  ticks: { at: number; t: number | null; simulacion: string | null }[];
  closed: boolean;
  abort(): void;
}

function openStream(base: string): Stream {
  const ctrl = new AbortController();
  const s: Stream = { ticks: [], closed: false, abort: () => ctrl.abort() };
  void (async () => {
    try {
      const res = await fetch(`${base}/api/vuelos/live?modo=operacion&formato=compacto&limit=5`, {
        signal: ctrl.signal,
      });
      const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
      let buf = '';
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        buf += value;
        for (let k = buf.indexOf('\n\n'); k >= 0; k = buf.indexOf('\n\n')) {
          const block = buf.slice(0, k);
          buf = buf.slice(k + 2);
          let event = 'message';
          let data = '';
          for (const line of block.split('\n')) {
            if (line.startsWith('event: ')) event = line.slice(7);
            else if (line.startsWith('data: ')) data += line.slice(6);
          }
          if (event === 'tick' || event === 'foto') {
            const d = JSON.parse(data) as { t: number | null; simulacion: string | null };
            s.ticks.push({ at: Date.now(), t: d.t, simulacion: d.simulacion });
          }
        }
      }
    } catch {
      // Aborted, or the process died.
    } finally {
      s.closed = true;
    }
  })();
  return s;
}

const lastT = (s: Stream, id: string) => s.ticks.filter((k) => k.simulacion === id).at(-1)?.t ?? null;

const SKIP = !TEST_DATABASE_URL || !HAS_REAL_DATA;

describe.skipIf(SKIP)('varias instancias sobre un PostgreSQL', () => {
  const instances: Instance[] = [];
  const streams: Stream[] = [];
  let db: pg.Client;

  beforeAll(async () => {
    DATA = mkdtempSync(path.join(os.tmpdir(), 'morapack-multi-'));
    await admin(`CREATE DATABASE "${DB_NAME}"`);
    execFileSync(process.execPath, ['scripts/build.mjs', 'server', OUT], { cwd: ROOT, stdio: 'pipe' });
    // The first one migrates the empty database; then two more at once.
    instances.push(await startInstance());
    instances.push(...(await Promise.all([startInstance(), startInstance()])));
    db = new pg.Client({ connectionString: dbUrl() });
    await db.connect();
  }, 90_000);

  afterAll(async () => {
    for (const s of streams) s.abort();
    await db?.end();
    await Promise.all(
      instances.map(async (i) => {
        if (i.child.exitCode !== null || i.child.signalCode !== null) return;
        const exited = new Promise((resolve) => i.child.once('exit', resolve));
        i.child.kill('SIGTERM');
        await exited;
      }),
    );
    rmSync(OUT, { recursive: true, force: true });
    if (DATA) rmSync(DATA, { recursive: true, force: true });
    await admin(`DROP DATABASE IF EXISTS "${DB_NAME}" WITH (FORCE)`);
  }, 60_000);

  const leaderOf = async (alive: Instance[]) => {
    for (const i of alive) {
      const h = await json<HealthDto>(`${i.base}/api/health`);
      if (h.instancia?.dirige.includes('operacion')) return i;
    }
    return undefined;
  };
  const runOf = async (i: Instance, id: string) =>
    (await json<RunDto[]>(`${i.base}/api/simulaciones`)).find((r) => r.id === id);
  const postOrder = async (i: Instance, n: number): Promise<string> => {
    const res = await fetch(`${i.base}/api/pedidos`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ clienteId: String(1000 + n), aeropuerto: 'SKBO', cantidad: 1 + (n % 3) }),
    });
    const text = await res.text();
    expect(res.status, text).toBe(201);
    return /Pedido (\S+) registrado/.exec(text)![1];
  };
  /** Every key has one plan for all its products (or says it has no route), read through any instance. */
  const expectPlanned = async (via: Instance[], keys: string[]) => {
    for (const [k, key] of keys.entries()) {
      const d = await json<OrderDetailDto>(`${via[k % via.length].base}/api/pedidos/${key}?modo=operacion`);
      expect(d.estado, key).not.toBe('pendiente');
      if (d.estado === 'a_tiempo' || d.estado === 'atrasado')
        expect(
          d.envios.reduce((n, e) => n + e.cantidad, 0),
          key,
        ).toBe(d.cantidad);
    }
  };
  const recordedTwice = async (runId: string) =>
    (
      await db.query(
        `SELECT payload->'order'->>'key' AS key FROM run_events WHERE run_id = $1 AND kind = 'pedido'
         GROUP BY 1 HAVING count(*) > 1`,
        [runId],
      )
    ).rows;

  it('una simulación, el mismo reloj en las tres; cada pedido se planifica una vez; sobrevive a kill -9 de quien la lleva', async () => {
    const [a, b, c] = instances;
    // The files go in through an instance that may not lead anything: the data is the database's.
    await uploadFile(b.base, 'aereopuertos', REAL_FILES.airports, readFileSync(REAL_FILES.airports));
    await uploadFile(b.base, 'vuelos', REAL_FILES.flights, readFileSync(REAL_FILES.flights));
    const orders = readFileSync(REAL_FILES.orders, 'latin1').split(/\r?\n/).slice(0, ORDER_LINES).join('\n');
    await uploadFile(c.base, 'pedidos', 'pedidos.txt', Buffer.from(`${orders}\n`, 'latin1'));

    // Started through whichever instance is not the leader: the leader runs it.
    const leader = (await leaderOf(instances))!;
    const other = instances.find((i) => i !== leader)!;
    const run = await json<RunDto>(`${other.base}/api/simulaciones`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ modo: 'operacion', inicio: RUN_START }),
    });
    expect(run.estado).toBe('en_curso');
    const base = run.kpis.pedidosRecibidos;
    expect(base).toBeGreaterThan(0);

    for (const i of instances) streams.push(openStream(i.base));
    await until(
      'tres ticks de la simulación en cada stream',
      async () =>
        streams.every((s) => s.ticks.filter((k) => k.simulacion === run.id).length >= 3) ? true : undefined,
      20_000,
    );
    // The same clock everywhere: the leader's instant of the latest tick, within one tick.
    const ts = streams.map((s) => lastT(s, run.id)!);
    expect(Math.max(...ts) - Math.min(...ts)).toBeLessThanOrEqual(TICK_MIN);
    expect(ts[0] * 60_000).toBeGreaterThanOrEqual(Date.parse(RUN_START));
    const clocks = await Promise.all(
      instances.map(async (i) => Date.parse((await json<{ ahora: string }>(`${i.base}/api/reloj`)).ahora)),
    );
    expect(Math.max(...clocks) - Math.min(...clocks)).toBeLessThan(2_000);

    // Orders on every instance: each planned once, by the leader.
    const keys: string[] = [];
    for (let n = 0; n < 4; n++) for (const i of instances) keys.push(await postOrder(i, keys.length));
    await until(
      'los 12 pedidos en la simulación',
      async () => ((await runOf(a, run.id))?.kpis.pedidosRecibidos === base + keys.length ? true : undefined),
      15_000,
    );
    await expectPlanned(instances, keys);
    expect(await recordedTwice(run.id)).toEqual([]);

    // kill -9 of the leader; orders keep coming to the others meanwhile.
    const survivors = instances.filter((i) => i !== leader);
    const survivorStreams = streams.filter((_, k) => instances[k] !== leader);
    const before = Math.max(...survivorStreams.map((s) => lastT(s, run.id)!));
    const killedAt = Date.now();
    leader.child.kill('SIGKILL');
    for (const i of survivors) keys.push(await postOrder(i, keys.length));
    const next = await until('otro servidor lleva la simulación', () => leaderOf(survivors), 10_000);
    const takeover = Date.now() - killedAt;
    expect(takeover).toBeLessThan(10_000);
    for (const i of survivors) keys.push(await postOrder(i, keys.length));

    // The streams on the survivors never closed, and move on from where the run was.
    await until(
      'ticks nuevos en los streams que quedan',
      async () =>
        survivorStreams.every((s) =>
          s.ticks.some((k) => k.at > killedAt + takeover && k.simulacion === run.id),
        )
          ? true
          : undefined,
      10_000,
    );
    for (const s of survivorStreams) {
      expect(s.closed).toBe(false);
      expect(lastT(s, run.id)!).toBeGreaterThan(before);
    }
    let seen: RunDto | undefined;
    await until(
      'todos los pedidos en la simulación retomada',
      async () => {
        seen = await runOf(next, run.id);
        return seen?.kpis.pedidosRecibidos === base + keys.length ? true : undefined;
      },
      15_000,
    ).catch((error) => {
      throw new Error(`${error}: ${JSON.stringify({ base, posted: keys.length, kpis: seen?.kpis })}`);
    });
    const again = await runOf(survivors.find((i) => i !== next)!, run.id);
    expect(again?.estado).toBe('en_curso');
    await expectPlanned(survivors, keys);
    expect(await recordedTwice(run.id)).toEqual([]);
    // Controls sent to an instance that does not lead reach the one that does.
    const follower = survivors.find((i) => i !== next)!;
    const paused = await json<RunDto>(`${follower.base}/api/simulaciones/${run.id}/pausar`, {
      method: 'POST',
    });
    expect(paused.estado).toBe('pausada');
    expect((await json<{ estado: string }>(`${next.base}/api/reloj`)).estado).toBe('pausada');
    const resumed = await json<RunDto>(`${follower.base}/api/simulaciones/${run.id}/reanudar`, {
      method: 'POST',
    });
    expect(resumed.estado).toBe('en_curso');
    console.log(`Relevo tras kill -9: ${takeover} ms`);
  }, 90_000);
});
