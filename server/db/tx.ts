import type { Orm } from './client';

/** A drizzle transaction of either driver. */
export type Tx = Parameters<Parameters<Orm['transaction']>[0]>[0];
/** Anything that runs queries: the database or a transaction. */
export type Executor = Orm | Tx;

/** PostgreSQL error code of a driver error, when there is one. */
export function pgErrorCode(error: unknown): string | undefined {
  let e: unknown = error;
  // drizzle wraps driver errors; the code sits on the cause.
  for (let depth = 0; depth < 3 && e && typeof e === 'object'; depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
    e = (e as { cause?: unknown }).cause;
  }
  return undefined;
}
