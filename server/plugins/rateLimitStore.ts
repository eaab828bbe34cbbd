import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { Database } from '../db/client';

type Callback = Parameters<FastifyRateLimitStore['incr']>[1];
/** What the plugin passes a route's store: its settings merged with the route's (routeInfo). */
interface RouteParams {
  routeInfo?: { method?: string | string[]; url?: string };
}

// Old windows are deleted this often (and at most this many rows at once, to keep the statement short).
const SWEEP_MS = 60_000;
const SWEEP_ROWS = 10_000;

/**
 * Counters in PostgreSQL, so every instance on one database counts the same calls: each key's window
 * starts at its first call and ends `timeWindow` later, as in the plugin's in-memory store. The count
 * and the window's start are one atomic upsert, on the database's clock (the instances' clocks may differ).
 */
export function postgresRateLimitStore(db: Database): { Store: FastifyRateLimitStoreCtor; stop(): void } {
  const sweep = setInterval(() => {
    db.raw
      .query(
        `DELETE FROM rate_limits WHERE clave IN (SELECT clave FROM rate_limits WHERE fin < now() LIMIT ${SWEEP_ROWS})`,
      )
      .catch(() => {});
  }, SWEEP_MS);
  sweep.unref();

  class PostgresStore implements FastifyRateLimitStore {
    private readonly prefix: string;
    constructor(params: object) {
      const route = (params as RouteParams).routeInfo;
      this.prefix = route?.url ? `${[route.method].flat().join(',')} ${route.url}|` : '';
    }

    incr(key: string, callback: Callback, timeWindow: number): void {
      db.raw
        .query<{ n: number; ttl: number }>(
          `INSERT INTO rate_limits AS r (clave, inicio, fin, n)
             VALUES ($1, now(), now() + make_interval(secs => $2::double precision / 1000), 1)
           ON CONFLICT (clave) DO UPDATE SET
             n = CASE WHEN r.fin <= now() THEN 1 ELSE r.n + 1 END,
             inicio = CASE WHEN r.fin <= now() THEN now() ELSE r.inicio END,
             fin = CASE WHEN r.fin <= now() THEN excluded.fin ELSE r.fin END
           RETURNING n, greatest(0, ceil(extract(epoch FROM fin - now()) * 1000))::integer AS ttl`,
          [this.prefix + key, timeWindow],
        )
        .then(([row]) => callback(null, { current: row.n, ttl: row.ttl }), callback);
    }

    child(params: object): FastifyRateLimitStore {
      return new PostgresStore(params);
    }
  }
  return { Store: PostgresStore, stop: () => clearInterval(sweep) };
}
