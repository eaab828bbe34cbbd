import type { Database } from '../db/client';
import { ApiError } from '../domain/errors';

/**
 * A per-account throttle beside the per-address rate limit: an attacker with many addresses still
 * gets only a few guesses at one account. Failures are counted per name as typed (lower case, whether
 * or not that user exists, so the answer says nothing about it), in the database, so every instance
 * counts them. The first FREE_FAILURES cost nothing; each one after makes the next attempt wait twice
 * as long (1 s, 2 s, 4 s … up to MAX_WAIT_S). A success clears the count; so does an hour without failures.
 * An attempt made while waiting is refused without checking the password (and without counting).
 */
export const FREE_FAILURES = 5;
export const MAX_WAIT_S = 300;
const FORGET_MINUTES = 60;

/** Seconds to wait after `failures` consecutive failures (0: none). */
export function waitAfter(failures: number): number {
  if (failures < FREE_FAILURES) return 0;
  return Math.min(MAX_WAIT_S, 2 ** (failures - FREE_FAILURES));
}

const accountWaits = (usuario: string, seconds: number) =>
  new ApiError(
    429,
    'CUENTA_EN_ESPERA',
    `Demasiados intentos fallidos con el usuario ${usuario}: espera ${seconds} s y vuelve a intentarlo`,
  );

async function secondsLeft(db: Database, key: string): Promise<number> {
  const [row] = await db.raw.query<{ s: number }>(
    `SELECT ceil(extract(epoch FROM bloqueado_hasta - now()))::integer AS s
       FROM sign_in_failures WHERE usuario = $1 AND bloqueado_hasta > now()`,
    [key],
  );
  return row ? Math.max(1, row.s) : 0;
}

async function recordFailure(db: Database, key: string): Promise<void> {
  const [row] = await db.raw.query<{ fallos: number }>(
    `INSERT INTO sign_in_failures AS f (usuario, fallos, ultimo_fallo) VALUES ($1, 1, now())
     ON CONFLICT (usuario) DO UPDATE SET
       fallos = CASE WHEN f.ultimo_fallo < now() - make_interval(mins => $2) THEN 1 ELSE f.fallos + 1 END,
       ultimo_fallo = now()
     RETURNING fallos`,
    [key, FORGET_MINUTES],
  );
  const wait = waitAfter(row.fallos);
  if (wait > 0)
    await db.raw.query(
      'UPDATE sign_in_failures SET bloqueado_hasta = now() + make_interval(secs => $2) WHERE usuario = $1',
      [key, wait],
    );
  // A new name: old rows (names tried once, long ago) go.
  if (row.fallos === 1)
    await db.raw.query(
      `DELETE FROM sign_in_failures WHERE ultimo_fallo < now() - make_interval(mins => $1 * 24)`,
      [FORGET_MINUTES],
    );
}

/** Attempts of one account on this instance, one after another, so each sees the count before it. */
const inFlight = new Map<string, Promise<unknown>>();

/**
 * Runs a sign-in attempt for `usuario` under its account's throttle: a 429 while the account must wait,
 * else the attempt, whose failure (null) is counted and whose success clears the count.
 */
export function throttledSignIn<T>(
  db: Database,
  usuario: string,
  attempt: () => Promise<T | null>,
): Promise<T | null> {
  const key = usuario.trim().toLowerCase();
  const previous = inFlight.get(key) ?? Promise.resolve();
  const current = previous
    .catch(() => {})
    .then(async () => {
      const wait = await secondsLeft(db, key);
      if (wait > 0) throw accountWaits(usuario.trim(), wait);
      const user = await attempt();
      if (user) await db.raw.query('DELETE FROM sign_in_failures WHERE usuario = $1', [key]);
      else await recordFailure(db, key);
      return user;
    });
  inFlight.set(key, current);
  const forget = () => {
    if (inFlight.get(key) === current) inFlight.delete(key);
  };
  current.then(forget, forget);
  return current;
}
