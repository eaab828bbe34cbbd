import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../server/app';
import type { DbTarget } from '../../server/db/client';
import type { Airport, DailyFlight, OrderRecord } from '../../server/domain/types';
import { writeAirports } from '../../server/formats/airports';
import { writeFlights } from '../../server/formats/flights';
import { writeOrders } from '../../server/formats/orders';
import { encodeUtf16be } from '../../server/formats/text';
import { SESSION_COOKIE } from '../../server/plugins/auth';
import { createSession, createUser } from '../../server/services/users';
import { type Operation, operationsOf } from './openapi';
import type { Known } from './values';

/**
 * The server the fuzzer attacks: sign-in required, a user of each role, a small network with orders
 * and a simulation, so that requests reach code past sign-in and validation. Nothing here names a
 * route the fuzzer tries: those come from the API document.
 */

export const ROLES = ['observador', 'operador', 'administrador'] as const;
const PASSWORD = 'contraseña-del-fuzzer';
/** Who sends a request: nobody signed in, each role, or a cookie the server never set. */
// The roles twice over: most requests should get past sign-in.
export const IDENTITIES = ['anonimo', ...ROLES, ...ROLES, 'cookie dañada', 'cookie desconocida'];
const COOKIES: Record<string, string> = {
  'cookie dañada': `${SESSION_COOKIE}=%E0%A4%A`,
  'cookie desconocida': `${SESSION_COOKIE}=${'A'.repeat(43)}`,
};

export interface World {
  app: FastifyInstance;
  operations: Operation[];
  known: Known;
  /** The cookie header a request sent as `identity` carries, if any. */
  cookieFor(identity: string): string | undefined;
  /** Gives every role user its role back and a fresh session (requests may have changed both). */
  restoreIdentities(): Promise<void>;
  /** A digest per table of what is stored (tables that change by themselves left out). */
  digest(): Promise<Map<string, string>>;
  close(): Promise<void>;
}

// Tables that change without a client's write: instance heartbeats, run leadership, live frames,
// sessions (signing in and out is what the fuzzer does), audit logs, which record refusals too, and a
// running simulation's tables (runs, run_*), which it writes as it goes whatever a client sends.
const VOLATILE = /^(instances|run_leaders|live_frames|sessions)$|^run|audit|auditor/;

const airport = (
  number: number,
  code: string,
  gmt: number,
  lat: number,
  lon: number,
  continent: Airport['continent'],
): Airport => ({
  number,
  code,
  city: `Ciudad ${code}`,
  country: 'País',
  shortName: code.slice(0, 4).toLowerCase(),
  gmt,
  capacity: 400,
  lat,
  lon,
  continent,
});

const hhmm = (m: number) =>
  `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
const flight = (origin: string, destination: string, dep: number, arr: number): DailyFlight => ({
  id: `${origin}-${destination}-${hhmm(dep)}`,
  origin,
  destination,
  depLocal: dep,
  arrLocal: arr,
  capacity: 300,
});

function networkFiles() {
  const airports = [
    airport(1, 'SPIM', -5, -12.02, -77.11, 'America'),
    airport(2, 'SKBO', -5, 4.7, -74.15, 'America'),
    airport(3, 'EBCI', 2, 50.46, 4.45, 'Europa'),
    airport(4, 'LEMD', 2, 40.47, -3.56, 'Europa'),
  ];
  const flights = [
    flight('SPIM', 'SKBO', 480, 690),
    flight('SKBO', 'EBCI', 780, 370),
    flight('EBCI', 'LEMD', 540, 660),
    flight('LEMD', 'SPIM', 600, 1_020),
  ];
  const orders: OrderRecord[] = Array.from({ length: 12 }, (_, i) => ({
    seq: i + 1,
    destination: ['SKBO', 'EBCI', 'LEMD', 'SPIM'][i % 4],
    year: 2025,
    month: 12,
    day: 22 + (i % 3),
    hour: 6 + i,
    minute: (i * 7) % 60,
    quantity: 1 + (i % 5),
    clientId: String(1_000_000 + i),
  }));
  return {
    aereopuertos: Buffer.from(encodeUtf16be(writeAirports(airports))),
    vuelos: Buffer.from(writeFlights(flights)),
    pedidos: Buffer.from(writeOrders(orders)),
  };
}

function multipart(bytes: Buffer) {
  const b = 'mundo';
  return {
    payload: Buffer.concat([
      Buffer.from(`--${b}\r\nContent-Disposition: form-data; name="file"; filename="datos.txt"\r\n\r\n`),
      bytes,
      Buffer.from(`\r\n--${b}--\r\n`),
    ]),
    headers: { 'content-type': `multipart/form-data; boundary=${b}` },
  };
}

/** Every id-like value in an answer (ids, codes), for requests that should name something that exists. */
export function harvest(value: unknown, known: Known, depth = 0): void {
  if (depth > 4 || value === null || typeof value !== 'object') return;
  for (const [key, v] of Object.entries(value)) {
    if ((typeof v === 'string' || typeof v === 'number') && /^(id|codigo|usuario)$|Id$|Codigo$/.test(key)) {
      if (!known.values.includes(v)) known.values.push(v);
      if (known.values.length > 300) known.values.shift();
    } else harvest(v, known, depth + 1);
  }
}

export async function openWorld(database: DbTarget): Promise<World> {
  const staticDir = mkdtempSync(path.join(os.tmpdir(), 'morapack-fuzz-'));
  writeFileSync(path.join(staticDir, 'index.html'), '<!doctype html><title>MoraPack</title>');
  const app = await buildApp({
    env: {
      HOST: '0.0.0.0',
      AUTH: 'requerido',
      CORS_ORIGINS: 'http://localhost:8080',
      // The fuzzer is one client sending thousands of calls a minute: limits would hide the routes.
      RATE_LIMIT_ESCRITURAS: '1000000',
      RATE_LIMIT_INICIO_SESION: '1000000',
      // Runs advance only when asked, so what is stored changes only by the fuzzer's calls.
      SIM_TICK_MS: '0',
    },
    logger: false,
    database,
    config: { seedDemo: false, staticDir },
  });
  await app.ready();
  const users = new Map<string, number>();
  for (const rol of ROLES) {
    const user = await createUser(app.db, {
      usuario: `fuzz-${rol}`,
      nombre: `Fuzz ${rol}`,
      rol,
      contrasena: PASSWORD,
    });
    users.set(rol, user.id);
  }
  const tokens = new Map<string, string>();
  const restoreIdentities = async () => {
    for (const [rol, id] of users) {
      await app.db.raw.query('UPDATE users SET rol = $1 WHERE id = $2', [rol, id]);
      tokens.set(rol, await createSession(app.db, id, 1));
    }
    app.forgetSessions();
  };
  await restoreIdentities();
  const cookieFor = (identity: string) => {
    const token = tokens.get(identity);
    return token ? `${SESSION_COOKIE}=${token}` : COOKIES[identity];
  };
  const admin = { cookie: cookieFor('administrador') ?? '' };
  for (const [kind, bytes] of Object.entries(networkFiles())) {
    const { payload, headers } = multipart(bytes);
    const r = await app.inject({
      method: 'POST',
      url: `/api/${kind}/upload`,
      payload,
      headers: { ...headers, ...admin },
    });
    if (r.statusCode >= 300) throw new Error(`the fuzzer's world: ${kind} refused: ${r.body}`);
  }
  // A run to name in /simulaciones/{id} paths; the world works without one if the contract changes.
  await app.inject({
    method: 'POST',
    url: '/api/simulaciones',
    payload: { modo: 'semanal' },
    headers: admin,
  });

  const operations = operationsOf((await app.inject({ url: '/api/docs/json', headers: admin })).json());
  const known: Known = { values: [] };
  for (const op of operations) {
    if (op.method !== 'GET' || op.path.includes('{') || op.streams) continue;
    const r = await app.inject({ url: op.path, headers: admin });
    if (String(r.headers['content-type']).includes('json')) harvest(r.json(), known);
  }

  const tables = (
    await app.db.raw.query<{ name: string }>(
      `SELECT table_name AS name FROM information_schema.tables
        WHERE table_schema = current_schema() AND table_type = 'BASE TABLE' ORDER BY 1`,
    )
  )
    .map((t) => t.name)
    .filter((name) => !VOLATILE.test(name));
  const digestSql = tables
    .map(
      (t) =>
        `SELECT '${t}' AS t, md5(coalesce(string_agg(x::text, '|' ORDER BY x::text), '')) AS d FROM "${t}" x`,
    )
    .join(' UNION ALL ');
  const digest = async () =>
    new Map((await app.db.raw.query<{ t: string; d: string }>(digestSql)).map((r) => [r.t, r.d]));

  return {
    app,
    operations,
    known,
    cookieFor,
    restoreIdentities,
    digest,
    close: async () => {
      await app.close();
      rmSync(staticDir, { recursive: true, force: true });
    },
  };
}
