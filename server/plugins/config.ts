import fp from 'fastify-plugin';

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
}

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
  const config: AppConfig = {
    port: readInt(env, 'PORT', 8080, 0, 65535),
    host: readString(env, 'HOST', '0.0.0.0'),
    dataDir: readString(env, 'DATA_DIR', './data'),
    databaseUrl,
    staticDir: readString(env, 'STATIC_DIR', './dist'),
    sedes,
    uploadLimitBytes: readInt(env, 'UPLOAD_LIMIT_BYTES', 300 * MB, 1, Number.MAX_SAFE_INTEGER),
    seedDemo: readBool(env, 'SEED_DEMO', true),
    demoStartDate: readDemoStart(env),
    ...overrides,
  };
  if (config.sedes.length === 0) throw new ConfigError('SEDES no puede estar vacío');
  return config;
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
