import fp from 'fastify-plugin';
import { readSecurityConfig, type SecurityConfig } from './securityConfig';

/** Server settings, read once from the environment and validated at start. */
export interface AppConfig {
  port: number;
  host: string;
  /** PGlite keeps its files in `${dataDir}/pglite`. */
  dataDir: string;
  /** When set, a real PostgreSQL is used instead of PGlite. */
  databaseUrl: string | undefined;
  /** Built browser app; served with SPA fallback when the folder exists. */
  staticDir: string;
  /** Headquarters airports (ICAO codes). */
  sedes: string[];
  uploadLimitBytes: number;
  /** Load the generated demo network when the database holds no airports. */
  seedDemo: boolean;
  /**
   * First day of the demo orders (YYYY-MM-DD). Unset: the Monday two weeks before today, so a fresh
   * install's daily operation (real time) has orders around now and the map shows loaded flights.
   */
  demoStartDate: string | null;
  /** Least severe log level written (pino's names). */
  logLevel: LogLevel;
  /** Simulation tick period in ms (0: ticks only when asked, for benches); unset: the simulation's default. */
  simTickMs: number | undefined;
  /** Heartbeat period of the live stream in ms; unset: the simulation's default. */
  simHeartbeatMs: number | undefined;
  /**
   * With PostgreSQL, how long a start waits for the runs it takes to be restored before it listens
   * (health says 'restaurando' after that, until they run): a long event log can take minutes.
   */
  restoreWaitMs: number;
  /** Sign-in, CORS and rate limits (derived from HOST: a reachable server requires sign-in). */
  security: SecurityConfig;
  /**
   * Where the other instances on the same PostgreSQL reach this one (calls for the runs it leads);
   * unset: http://127.0.0.1:PORT on a loopback HOST, else http://<host name>:PORT.
   */
  instanceUrl: string | undefined;
}

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

declare module 'fastify' {
  interface FastifyInstance {
    config: AppConfig;
  }
}

export class ConfigError extends Error {}

type Env = Record<string, string | undefined>;

const MB = 1024 * 1024;

function readInt(env: Env, name: string, fallback: number, min: number, max: number): number {
  const raw = env[name]?.trim();
  if (raw === undefined || raw === '') return fallback;
  if (!/^\d+$/.test(raw)) throw new ConfigError(`${name} debe ser un entero (valor: "${raw}")`);
  const value = Number(raw);
  if (value < min || value > max)
    throw new ConfigError(`${name} debe estar entre ${min} y ${max} (valor: ${value})`);
  return value;
}

function readOptionalInt(env: Env, name: string, min: number, max: number): number | undefined {
  const raw = env[name]?.trim();
  return raw === undefined || raw === '' ? undefined : readInt(env, name, min, min, max);
}

function readLogLevel(env: Env): LogLevel {
  const raw = readString(env, 'LOG_LEVEL', 'info').toLowerCase();
  const level = LOG_LEVELS.find((l) => l === raw);
  if (!level) throw new ConfigError(`LOG_LEVEL debe ser uno de: ${LOG_LEVELS.join(', ')} (valor: "${raw}")`);
  return level;
}

function readBool(env: Env, name: string, fallback: boolean): boolean {
  const raw = env[name]?.trim().toLowerCase();
  if (raw === undefined || raw === '') return fallback;
  if (['1', 'true', 'yes', 'si', 'sí', 'on'].includes(raw)) return true;
  if (['0', 'false', 'no', 'off'].includes(raw)) return false;
  throw new ConfigError(`${name} debe ser true o false (valor: "${raw}")`);
}

function readString(env: Env, name: string, fallback: string): string {
  const raw = env[name]?.trim();
  return raw === undefined || raw === '' ? fallback : raw;
}

/** Builds the configuration from an environment (process.env by default) plus explicit overrides. */
export function loadConfig(env: Env = process.env, overrides: Partial<AppConfig> = {}): AppConfig {
  const sedes = readString(env, 'SEDES', 'SPIM,EBCI,UBBB')
    .split(',')
    .map((s) => s.trim().toUpperCase())
    .filter((s) => s !== '');
  for (const code of sedes) {
    if (!/^[A-Z0-9]{3,4}$/.test(code)) throw new ConfigError(`SEDES contiene un código no válido: "${code}"`);
  }
  const databaseUrl = env.DATABASE_URL?.trim() || undefined;
  if (databaseUrl !== undefined && !/^postgres(ql)?:\/\//.test(databaseUrl)) {
    throw new ConfigError('DATABASE_URL debe empezar por postgres:// o postgresql://');
  }
  // Only this machine by default: a server other machines can reach requires sign-in.
  const host = readString(env, 'HOST', '127.0.0.1');
  const config: AppConfig = {
    port: readInt(env, 'PORT', 8080, 0, 65535),
    host,
    dataDir: readString(env, 'DATA_DIR', './data'),
    databaseUrl,
    staticDir: readString(env, 'STATIC_DIR', './dist'),
    sedes,
    uploadLimitBytes: readInt(env, 'UPLOAD_LIMIT_BYTES', 300 * MB, 1, Number.MAX_SAFE_INTEGER),
    seedDemo: readBool(env, 'SEED_DEMO', true),
    demoStartDate: readDemoStart(env),
    logLevel: readLogLevel(env),
    simTickMs: readOptionalInt(env, 'SIM_TICK_MS', 0, 3_600_000),
    simHeartbeatMs: readOptionalInt(env, 'SIM_HEARTBEAT_MS', 1, 3_600_000),
    restoreWaitMs: readInt(env, 'RESTORE_WAIT_MS', 20_000, 0, 3_600_000),
    security: readSecurityConfig(env, overrides.host ?? host, (message) => new ConfigError(message)),
    instanceUrl: readInstanceUrl(env),
    ...overrides,
  };
  if (config.sedes.length === 0) throw new ConfigError('SEDES no puede estar vacío');
  return config;
}

function readInstanceUrl(env: Env): string | undefined {
  const value = env.INSTANCIA_URL?.trim();
  if (!value) return undefined;
  if (!/^https?:\/\/[^/\s]+$/.test(value))
    throw new ConfigError(`INSTANCIA_URL debe ser http(s)://máquina:puerto, sin ruta: "${value}"`);
  return value;
}

function readDemoStart(env: Env): string | null {
  const value = env.DEMO_START?.trim();
  if (!value) return null;
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value))
    throw new ConfigError(`DEMO_START debe tener la forma AAAA-MM-DD: "${value}"`);
  return value;
}

/** Decorates `app.config`. The caller passes the already validated config. */
export const configPlugin = fp<{ config: AppConfig }>(
  async (app, opts) => {
    app.decorate('config', opts.config);
  },
  { name: 'config', fastify: '5.x' },
);
