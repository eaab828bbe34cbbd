import path from 'node:path';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import type { DbTarget } from './db/client';
import { ApiError } from './domain/errors';
import { authPlugin } from './plugins/auth';
import { clockPlugin } from './plugins/clock';
import { compressPlugin } from './plugins/compress';
import { type AppConfig, configPlugin, loadConfig } from './plugins/config';
import { dbPlugin } from './plugins/db';
import { docsPlugin } from './plugins/docs';
import { errorsPlugin } from './plugins/errors';
import { eventsPlugin } from './plugins/events';
import { BODY_LIMIT_BYTES, jsonBodyPlugin } from './plugins/jsonBody';
import { RefusalLogController } from './plugins/refusalLog';
import { securityPlugin } from './plugins/security';
import { staticPlugin } from './plugins/static';
import apiRoutes from './routes';
import { seedDemoIfEmpty } from './services/demo';
import { simulationPlugin } from './simulation/plugin';
import { fieldWithNul, validatorCompiler } from './validation';

export interface BuildAppOptions {
  /** Overrides applied on top of the environment. */
  config?: Partial<AppConfig>;
  /** Environment to read (default: the process's). */
  env?: Record<string, string | undefined>;
  /** Wall clock in epoch milliseconds (tests pin it); default Date.now. */
  now?: () => number;
  /** Fastify/pino logger: false to silence (tests), true or options otherwise. Default true. */
  logger?: FastifyServerOptions['logger'];
  /** Database to use instead of the one the config names (tests pass in-memory PGlite or a test database). */
  database?: DbTarget;
}

/** The database the config names: PostgreSQL when DATABASE_URL is set, else PGlite in DATA_DIR/pglite. */
export function databaseTarget(config: AppConfig): DbTarget {
  return config.databaseUrl
    ? { kind: 'postgres', url: config.databaseUrl }
    : { kind: 'pglite', dataDir: path.join(config.dataDir, 'pglite') };
}

/** Builds the whole server (not listening). Call `app.close()` to release the database. */
export async function buildApp(options: BuildAppOptions = {}): Promise<FastifyInstance> {
  const config = loadConfig(options.env, options.config);
  const app = Fastify({
    logger: options.logger ?? { level: config.logLevel },
    // One line per request; refusals at most once a minute per kind, so bad input cannot flood the log.
    logController: new RefusalLogController(options.now),
    // Uploads stream through @fastify/multipart with their own limit; JSON bodies stay small.
    bodyLimit: BODY_LIMIT_BYTES,
    // Opening a large embedded database (and its extensions) on a busy machine takes longer than
    // Fastify's default 10 s; a start should wait for it rather than fail.
    pluginTimeout: 60_000,
    // Behind a reverse proxy (TRUST_PROXY): client address and https from its X-Forwarded-* headers.
    trustProxy: config.security.trustProxy,
  });
  app.setValidatorCompiler(validatorCompiler);
  // No text the app stores or searches may hold a NUL (PostgreSQL refuses it in text): a 400 naming the field.
  app.addHook('preValidation', async (request) => {
    const field = fieldWithNul(request.query) ?? fieldWithNul(request.params) ?? fieldWithNul(request.body);
    if (field) {
      const message = `${field} contiene un carácter nulo (NUL), que no se admite`;
      throw new ApiError(400, 'VALIDACION', message, [{ field, message }]);
    }
  });

  await app.register(configPlugin, { config });
  await app.register(errorsPlugin);
  await app.register(jsonBodyPlugin);
  await app.register(eventsPlugin);
  await app.register(clockPlugin, { now: options.now });
  await app.register(dbPlugin, { target: options.database ?? databaseTarget(config) });
  await app.register(securityPlugin);
  await app.register(authPlugin);
  await app.register(compressPlugin);
  await app.register(docsPlugin);
  await app.register(simulationPlugin);
  await app.register(apiRoutes, { prefix: '/api' });
  await app.register(staticPlugin);

  if (config.seedDemo) {
    app.addHook('onReady', async () => {
      const t0 = Date.now();
      const messages = await seedDemoIfEmpty({ db: app.db, bus: app.bus }, config.sedes, {
        startDate: config.demoStartDate,
        nowMs: app.clock.wallMs(),
      });
      if (messages) app.log.info({ ms: Date.now() - t0, messages }, 'Datos de demostración cargados');
    });
  }

  return app;
}
