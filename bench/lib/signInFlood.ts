/**
 * A sign-in flood against a real server process (bench/lib/faultsServer.ts, sign-in required, behind a
 * trusted proxy so X-Forwarded-For names the attackers): `attempts` wrong sign-ins at once from
 * `addresses` addresses and as many user names, while a signed-in person asks /api/health and the
 * airport catalog (compressed, as a browser asks it) every 100 ms. Figures: the answers to the flood and
 * the latency of those two calls before and during it. Used by `npm run bench -- faults` and by
 * tests/faults/sign-in-flood.test.ts.
 */
import { type ChildProcess, fork } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { type IncomingHttpHeaders, request } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Airport } from '../../server/domain/types';
import { writeAirports } from '../../server/formats/airports';
import { encodeUtf16be } from '../../server/formats/text';
import type { BenchArgs } from './args';

const ROOT = path.resolve(import.meta.dirname, '../..');
const ADMIN = { usuario: 'admin', contrasena: 'contraseña-del-banco' };

export interface Latency {
  n: number;
  p50: number;
  p95: number;
  max: number;
}
export interface FloodFigures {
  attempts: number;
  addresses: number;
  /** How many answers of each status the flood got (429s by their code: which limit refused them). */
  statuses: Record<string, number>;
  floodSeconds: number;
  before: { health: Latency; catalog: Latency };
  during: { health: Latency; catalog: Latency };
}

interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  body: string;
}

function call(port: number, method: string, url: string, headers: Record<string, string>, body?: unknown) {
  return new Promise<Answer>((resolve, reject) => {
    const data = body === undefined ? undefined : Buffer.from(JSON.stringify(body));
    const req = request(
      {
        host: '127.0.0.1',
        port,
        method,
        path: url,
        headers: {
          ...headers,
          ...(data ? { 'content-type': 'application/json', 'content-length': data.length } : {}),
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body: Buffer.concat(chunks).toString(),
          }),
        );
      },
    );
    req.on('error', reject);
    req.end(data);
  });
}

function codeOf(body: string): string {
  try {
    return String((JSON.parse(body) as { code?: string }).code);
  } catch {
    return '?';
  }
}

function latency(samples: number[]): Latency {
  const s = [...samples].sort((a, b) => a - b);
  const at = (q: number) => s[Math.min(s.length - 1, Math.floor(q * s.length))] ?? 0;
  const r = (x: number) => Math.round(x);
  return { n: s.length, p50: r(at(0.5)), p95: r(at(0.95)), max: r(s.at(-1) ?? 0) };
}

/** Asks health and the catalog every 100 ms each until `until` settles; their times in ms. */
async function probe(port: number, cookie: string, until: Promise<unknown>, minMs: number) {
  let done = false;
  const times = { health: [] as number[], catalog: [] as number[] };
  const t0 = performance.now();
  const loop = async (name: keyof typeof times, url: string) => {
    while (!done || performance.now() - t0 < minMs) {
      const start = performance.now();
      const res = await call(port, 'GET', url, { cookie, 'accept-encoding': 'br, gzip' });
      if (res.status !== 200) throw new Error(`${url}: ${res.status} ${res.body.slice(0, 200)}`);
      times[name].push(performance.now() - start);
      await new Promise((r) => setTimeout(r, 100));
    }
  };
  const loops = Promise.all([loop('health', '/api/health'), loop('catalog', '/api/aereopuertos')]);
  await until;
  done = true;
  await loops;
  return { health: latency(times.health), catalog: latency(times.catalog) };
}

/** The server in a child process with its own data folder (PGlite; PostgreSQL with `databaseUrl`). */
export async function startSignInServer(databaseUrl = ''): Promise<{ port: number; stop(): Promise<void> }> {
  const dir = mkdtempSync(path.join(tmpdir(), 'morapack-flood-'));
  const child: ChildProcess = fork(path.join(ROOT, 'bench/lib/faultsServer.ts'), [], {
    cwd: ROOT,
    execArgv: ['--import', 'tsx'],
    env: {
      ...process.env,
      PORT: '0',
      DATA_DIR: dir,
      DATABASE_URL: databaseUrl,
      AUTH: 'requerido',
      TRUST_PROXY: 'true',
      ADMIN_USUARIO: ADMIN.usuario,
      ADMIN_CONTRASENA: ADMIN.contrasena,
      SEED_DEMO: 'false',
      // The per-address limit alone lets this flood through (5 attempts per address).
      RATE_LIMIT_INICIO_SESION: '10',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const [ready] = (await Promise.race([
    once(child, 'message'),
    once(child, 'exit').then(([code]) => {
      throw new Error(`el servidor terminó (${code})`);
    }),
  ])) as [{ port: number }];
  return {
    port: ready.port,
    stop: async () => {
      if (child.exitCode === null) {
        child.kill('SIGKILL');
        await once(child, 'exit');
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** A catalog worth compressing (60 airports, ~10 KB of JSON), as the uploads screen would load it. */
async function loadAirports(port: number, cookie: string): Promise<void> {
  const airports: Airport[] = Array.from({ length: 60 }, (_, i) => ({
    number: i + 1,
    code: `${i < 3 ? ['SPIM', 'EBCI', 'UBBB'][i] : `Z${String.fromCharCode(65 + Math.floor(i / 26))}${String.fromCharCode(65 + (i % 26))}A`}`,
    city: `Ciudad ${i}`,
    country: 'País',
    shortName: `c${i}`,
    gmt: (i % 24) - 11,
    capacity: 400 + i,
    lat: (i % 140) - 70,
    lon: ((i * 7) % 340) - 170,
    continent: i % 2 ? 'Europa' : 'America',
  }));
  const boundary = '----morapackflood';
  const body = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="aeropuertos.txt"\r\n\r\n`,
    ),
    encodeUtf16be(writeAirports(airports)),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const res = await new Promise<number>((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port,
        method: 'POST',
        path: '/api/aereopuertos/upload',
        headers: {
          cookie,
          'content-type': `multipart/form-data; boundary=${boundary}`,
          'content-length': body.length,
        },
      },
      (r) => {
        r.resume();
        r.on('end', () => resolve(r.statusCode ?? 0));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
  if (res !== 200) throw new Error(`aeropuertos: ${res}`);
}

export async function signInFlood(port: number, attempts = 200, addresses = 40): Promise<FloodFigures> {
  const signedIn = await call(port, 'POST', '/api/sesion', {}, ADMIN);
  if (signedIn.status !== 200) throw new Error(`inicio de sesión: ${signedIn.status} ${signedIn.body}`);
  const cookie = String(signedIn.headers['set-cookie']?.[0] ?? '').split(';')[0];
  await loadAirports(port, cookie);
  const before = await probe(port, cookie, Promise.resolve(), 3_000);

  const statuses: Record<string, number> = {};
  const t0 = performance.now();
  const flood = Promise.all(
    Array.from({ length: attempts }, async (_, i) => {
      const address = `10.${Math.floor((i % addresses) / 250)}.${(i % addresses) % 250}.7`;
      const res = await call(
        port,
        'POST',
        '/api/sesion',
        { 'x-forwarded-for': address },
        {
          usuario: `usuario${i}`,
          contrasena: 'no-es-esta',
        },
      ).catch(() => ({ status: 0, body: '' }));
      const key = res.status === 429 ? `429 ${codeOf(res.body)}` : String(res.status);
      statuses[key] = (statuses[key] ?? 0) + 1;
    }),
  ).then(() => performance.now() - t0);
  const during = await probe(port, cookie, flood, 3_000);
  return {
    attempts,
    addresses,
    statuses,
    floodSeconds: Math.round((await flood) / 100) / 10,
    before,
    during,
  };
}

/** The flood as `npm run bench -- faults` runs it: its own server, figures logged and returned. */
export async function signInFloodBench(args: BenchArgs): Promise<{ signInFlood: FloodFigures }> {
  const server = await startSignInServer(args.get('database-url') ?? '');
  try {
    const figures = await signInFlood(
      server.port,
      args.number('attempts', 200),
      args.number('addresses', 40),
    );
    process.stderr.write(`faults: avalancha de inicios de sesión ${JSON.stringify(figures)}\n`);
    return { signInFlood: figures };
  } finally {
    await server.stop();
  }
}
