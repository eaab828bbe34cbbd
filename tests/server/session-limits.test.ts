import type { FastifyInstance } from 'fastify';
import { afterEach, expect, it, vi } from 'vitest';
import { SESSION_COOKIE } from '../../server/plugins/auth';
import { SESSION_SWEEP_MS } from '../../server/plugins/sessionStreams';
import { FREE_FAILURES } from '../../server/services/signInThrottle';
import { createSession, createUser, hashSecret } from '../../server/services/users';
import { REQUIRED } from './authFixtures';
import { buildTestApp, eachDatabase } from './helpers';

// Each test builds its own servers; on a busy machine that alone takes tens of seconds.
vi.setConfig({ testTimeout: 180_000, hookTimeout: 180_000 });

const PASSWORD = 'una-contraseña-larga';
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Opens the live stream with a cookie; resolves, once the first bytes came, with a promise of its end. */
async function openStream(app: FastifyInstance, cookie: string) {
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const response = await fetch(`http://127.0.0.1:${port}/api/vuelos/live`, { headers: { cookie } });
  expect(response.status).toBe(200);
  const reader = response.body!.getReader();
  await reader.read();
  const ended = (async () => {
    try {
      for (;;) if ((await reader.read()).done) break;
    } catch {
      // Cut rather than ended: closed all the same.
    }
    return performance.now();
  })();
  return { ended, cancel: () => reader.cancel().catch(() => {}) };
}

eachDatabase('session limits', (db) => {
  let app: FastifyInstance | undefined;
  afterEach(async () => {
    await app?.close();
    app = undefined;
  });

  const start = async (security = REQUIRED) => {
    app = await buildTestApp({
      db,
      config: { host: '0.0.0.0', security: { ...security, trustProxy: true } },
    });
    const user = await createUser(app.db, {
      usuario: 'ana',
      nombre: 'Ana',
      rol: 'operador',
      contrasena: PASSWORD,
    });
    return user;
  };
  const cookieFor = async (userId: number) => `${SESSION_COOKIE}=${await createSession(app!.db, userId, 1)}`;

  it('closes the open live stream at sign-out at once, and within a sweep when the session ends elsewhere', async () => {
    const user = await start();
    await app!.listen({ port: 0, host: '127.0.0.1' });

    const cookie = await cookieFor(user.id);
    const stream = await openStream(app!, cookie);
    const t0 = performance.now();
    const out = await app!.inject({ method: 'DELETE', url: '/api/sesion', headers: { cookie } });
    expect(out.statusCode).toBe(204);
    const closedAfter = (await stream.ended) - t0;
    console.log(`directo cerrado ${closedAfter.toFixed(0)} ms después de cerrar sesión`);
    expect(closedAfter).toBeLessThan(3_000);
    // Reconnecting (as EventSource does) is refused.
    expect((await app!.inject({ url: '/api/vuelos/live', headers: { cookie } })).statusCode).toBe(401);

    // Ended on another instance (its row gone), or the user disabled: the sweep sees it.
    const other = await cookieFor(user.id);
    const second = await openStream(app!, other);
    const t1 = performance.now();
    await app!.db.raw.query('DELETE FROM sessions');
    const sweptAfter = (await second.ended) - t1;
    console.log(`directo cerrado ${sweptAfter.toFixed(0)} ms después de borrar la sesión en la base`);
    expect(sweptAfter).toBeLessThan(SESSION_SWEEP_MS + 3_000);

    // A user's sessions ended by id (the hook for disabling users) close its streams at once.
    const third = await openStream(app!, await cookieFor(user.id));
    const t2 = performance.now();
    await app!.endUserSessions(user.id);
    expect((await third.ended) - t2).toBeLessThan(3_000);
    expect(app!.sessionStreams.size).toBe(0);
  });

  it('ends a session unused for SESION_INACTIVA_MINUTOS, and keeps one in use alive', async () => {
    const user = await start({ ...REQUIRED, idleMinutes: 30 });
    const idle = await cookieFor(user.id);
    const used = await cookieFor(user.id);
    const hashOf = (cookie: string) => hashSecret(cookie.slice(SESSION_COOKIE.length + 1));
    const lastUse =
      'UPDATE sessions SET ultimo_uso = now() - make_interval(mins => $2) WHERE token_hash = $1';
    await app!.db.raw.query(lastUse, [hashOf(idle), 31]);
    await app!.db.raw.query(lastUse, [hashOf(used), 29]);
    expect((await app!.inject({ url: '/api/sesion', headers: { cookie: idle } })).statusCode).toBe(401);
    expect((await app!.inject({ url: '/api/sesion', headers: { cookie: used } })).statusCode).toBe(200);
    // The call counted as a use: the session has 30 minutes again.
    const [row] = await app!.db.raw.query<{ idle_s: number }>(
      'SELECT extract(epoch FROM now() - ultimo_uso)::integer AS idle_s FROM sessions WHERE token_hash = $1',
      [hashOf(used)],
    );
    expect(row.idle_s).toBeLessThan(5);
    // The absolute end still holds however busy a session is.
    await app!.db.raw.query("UPDATE sessions SET expira_en = now() - interval '1 second'");
    app!.forgetSessions();
    expect((await app!.inject({ url: '/api/sesion', headers: { cookie: used } })).statusCode).toBe(401);
  });

  it('throttles one account after a few failures, whatever address the guesses come from', async () => {
    await start();
    const signIn = (contrasena: string, i: number) =>
      app!.inject({
        method: 'POST',
        url: '/api/sesion',
        headers: { 'x-forwarded-for': `203.0.113.${i}` },
        payload: { usuario: 'ANA', contrasena },
      });
    const codes: number[] = [];
    for (let i = 0; i < FREE_FAILURES + 3; i++) codes.push((await signIn('otra-contraseña', i)).statusCode);
    expect(codes.slice(0, FREE_FAILURES)).toEqual(Array(FREE_FAILURES).fill(401));
    expect(codes.slice(FREE_FAILURES)).toEqual([429, 429, 429]);
    // Even the right password waits: the account, not the address, is throttled.
    const waiting = await signIn(PASSWORD, 99);
    expect(waiting.statusCode).toBe(429);
    expect(waiting.json()).toMatchObject({ code: 'CUENTA_EN_ESPERA' });
    expect(waiting.json().message).toMatch(
      /^Demasiados intentos fallidos con el usuario ANA: espera \d+ s y vuelve a intentarlo$/,
    );
    await sleep(1_200);
    expect((await signIn(PASSWORD, 100)).statusCode).toBe(200);
    // A success clears the count.
    expect((await signIn('otra-contraseña', 101)).statusCode).toBe(401);
    // Names that do not exist are throttled the same way (the answer says nothing about who exists).
    const ghost = [];
    for (let i = 0; i < FREE_FAILURES + 1; i++)
      ghost.push(
        (
          await app!.inject({
            method: 'POST',
            url: '/api/sesion',
            headers: { 'x-forwarded-for': `198.51.100.${i}` },
            payload: { usuario: 'nadie', contrasena: 'x' },
          })
        ).statusCode,
      );
    expect(ghost.at(-1)).toBe(429);
  });
});

it('refuses sign-ins beyond the hashing queue with a Spanish 429 at once', async () => {
  const app = await buildTestApp({
    config: { host: '0.0.0.0', security: { ...REQUIRED, trustProxy: true } },
  });
  try {
    const answers = await Promise.all(
      Array.from({ length: 80 }, (_, i) =>
        app.inject({
          method: 'POST',
          url: '/api/sesion',
          headers: { 'x-forwarded-for': `192.0.2.${i}` },
          payload: { usuario: `usuario${i}`, contrasena: 'no-es-esta' },
        }),
      ),
    );
    const busy = answers.filter((a) => a.statusCode === 429);
    const counts = { 401: answers.length - busy.length, 429: busy.length };
    console.log(`80 inicios de sesión a la vez: ${JSON.stringify(counts)}`);
    expect(busy.length).toBeGreaterThan(0);
    expect(counts[401] + counts[429]).toBe(80);
    expect(busy[0].json()).toEqual({
      code: 'INICIOS_DE_SESION_SATURADOS',
      message:
        'El servidor está atendiendo demasiados inicios de sesión a la vez: espera unos segundos y vuelve a intentarlo',
    });
  } finally {
    await app.close();
  }
});
