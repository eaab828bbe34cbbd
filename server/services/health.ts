import { sql } from 'drizzle-orm';
import type { HealthDto } from '../../contract';
import type { Database } from '../db/client';

export async function checkDatabase(db: Database): Promise<HealthDto['database']> {
  try {
    await db.orm.execute(sql`SELECT 1`);
    return { kind: db.kind, status: 'ok' };
  } catch (error) {
    return {
      kind: db.kind,
      status: 'error',
      message: `La base de datos no responde: ${(error as Error).message}`,
    };
  }
}
