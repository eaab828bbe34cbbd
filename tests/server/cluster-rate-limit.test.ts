import type { FastifyInstance } from 'fastify';
import { expect, it } from 'vitest';
import { SESSION_COOKIE } from '../../server/plugins/auth';
import { createSession, createUser } from '../../server/services/users';
import { REQUIRED } from './authFixtures';
import { buildTestApp, eachDatabase } from './helpers';

/**
 * Two instances on one PostgreSQL, sign-in required, three writes a minute per person: a write sent to
 * the instance that does not lead the run goes on to the leader, and counts once against the sender's
 * allowance, not again on the leader's.
 */
eachDatabase('rate limit across instances', (db) => {
  it.skipIf(db.kind !== 'postgres')(
    'counts a write passed on to the run leader once; a client cannot claim to be an instance',
    { timeout: 60_000 },
    async () => {
      const target = await db.fresh();
      const config = { host: '127.0.0.1', security: { ...REQUIRED, writeRateLimit: 3 } };
      const apps: FastifyInstance[] = [];
      try {
        const leader = await buildTestApp({ database: target, config });
        apps.push(leader);
        await leader.listen({ port: 0, host: '127.0.0.1' });
        await leader.simulation.settled();
        expect(leader.simulation.coordinator?.leads('semanal')).toBe(true);
        const other = await buildTestApp({ database: target, config });
        apps.push(other);
        await other.simulation.settled();
        expect(other.simulation.coordinator?.leads('semanal')).toBe(false);

        const user = await createUser(leader.db, {
          usuario: 'ana',
          nombre: 'Ana',
          rol: 'operador',
          contrasena: 'contraseña-larga',
        });
        const cookie = `${SESSION_COOKIE}=${await createSession(leader.db, user.id, 1)}`;
        const start = (app: FastifyInstance, headers: Record<string, string> = {}) =>
          app.inject({
            method: 'POST',
            url: '/api/simulaciones',
            headers: { cookie, ...headers },
            payload: { modo: 'semanal' },
          });

        // Answered by the leader (no orders loaded there yet), counted on the instance asked.
        for (let i = 0; i < 2; i++) {
          const res = await start(other);
          expect(res.statusCode).toBe(409);
          expect(res.json().code).toBe('SIN_PEDIDOS');
        }
        // The instance's id is public; without its token the call counts like any other.
        const health = await other.inject('/api/health');
        const forged = await start(leader, {
          'x-morapack-reenvio': health.json().instancia.id,
          'x-morapack-reenvio-clave': 'inventada',
        });
        expect(forged.statusCode).toBe(409);
        const direct = [];
        for (let i = 0; i < 3; i++) direct.push((await start(leader)).statusCode);
        expect(direct).toEqual([409, 409, 429]);
      } finally {
        for (const app of apps.reverse()) await app.close();
      }
    },
  );

  it.skipIf(db.kind !== 'postgres')(
    'counts the calls sent to either instance against one limit (a table in PostgreSQL)',
    { timeout: 120_000 },
    async () => {
      const target = await db.fresh();
      const config = {
        host: '0.0.0.0',
        security: { ...REQUIRED, loginRateLimit: 4, writeRateLimit: 10_000, trustProxy: true },
      };
      const apps: FastifyInstance[] = [];
      try {
        for (let i = 0; i < 2; i++) apps.push(await buildTestApp({ database: target, config }));
        // Different names: the per-account throttle stays out of the way.
        const signIn = (app: FastifyInstance, i: number, address = '203.0.113.7') =>
          app.inject({
            method: 'POST',
            url: '/api/sesion',
            headers: { 'x-forwarded-for': address },
            payload: { usuario: `nadie${i}`, contrasena: 'no-es-esta' },
          });
        const codes = [];
        for (let i = 0; i < 6; i++) codes.push((await signIn(apps[i % 2], i)).statusCode);
        // Four a minute from one address, wherever they land: the fifth and sixth are refused by both.
        expect(codes).toEqual([401, 401, 401, 401, 429, 429]);
        // Another address has its own allowance.
        expect((await signIn(apps[1], 9, '203.0.113.8')).statusCode).toBe(401);
        const [row] = await apps[0].db.raw.query<{ n: number }>(
          "SELECT n FROM rate_limits WHERE clave LIKE '%203.0.113.7'",
        );
        expect(row.n).toBe(6);
      } finally {
        for (const app of apps.reverse()) await app.close();
      }
    },
  );
});
