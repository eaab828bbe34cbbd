import { expect, it } from 'vitest';
import type { HealthDto } from '../../contract';
import { buildTestApp, eachDatabase } from './helpers';

eachDatabase('health', (db) => {
  it('reports the server and its database as healthy', async () => {
    const app = await buildTestApp({ db });
    try {
      const res = await app.inject({ method: 'GET', url: '/api/health' });
      expect(res.statusCode).toBe(200);
      // On PostgreSQL other instances may share the database: this one says which modes it leads (all, alone).
      const instancia =
        db.kind === 'postgres'
          ? { instancia: { id: expect.any(String), dirige: ['operacion', 'semanal', 'colapso'] } }
          : {};
      expect(res.json<HealthDto>()).toEqual({
        status: 'ok',
        database: { kind: db.kind, status: 'ok' },
        ...instancia,
      });
    } finally {
      await app.close();
    }
  });

  it('answers 503 with a Spanish message when the database stops answering', async () => {
    const app = await buildTestApp({ db });
    try {
      await app.db.close();
      const res = await app.inject({ method: 'GET', url: '/api/health' });
      expect(res.statusCode).toBe(503);
      const body = res.json<HealthDto>();
      expect(body.status).toBe('error');
      expect(body.database.status).toBe('error');
      expect(body.database.message).toMatch(/base de datos no responde/);
    } finally {
      await app.close();
    }
  });

  it('records every migration once, so a restart on the same data applies nothing again', async () => {
    const target = await db.freshPersistent();
    const first = await buildTestApp({ database: target });
    const before = await first.db.raw.query<{ name: string }>(
      'SELECT name FROM schema_migrations ORDER BY name',
    );
    await first.close();
    const second = await buildTestApp({ database: target });
    try {
      const after = await second.db.raw.query<{ name: string }>(
        'SELECT name FROM schema_migrations ORDER BY name',
      );
      expect(before.length).toBeGreaterThan(0);
      expect(after).toEqual(before);
    } finally {
      await second.close();
    }
  });

  it('answers unknown API paths with a Spanish 404 error body', async () => {
    const app = await buildTestApp({ db });
    try {
      const res = await app.inject({ method: 'GET', url: '/api/no-existe' });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({
        code: 'NO_ENCONTRADO',
        message: expect.stringContaining('no encontrada'),
      });
    } finally {
      await app.close();
    }
  });
});
