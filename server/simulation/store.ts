import { and, asc, eq, sql } from 'drizzle-orm';
import type { CollapseReportDto, RunKpisDto, RunMode, RunState } from '../../src/api/contract';
import type { Database } from '../db/client';
import { runEvents, runs } from '../db/schema';
import type { RunEvent } from './run';

/** A run as stored (times in epoch minutes / milliseconds). */
export interface RunRow {
  id: string;
  modo: RunMode;
  estado: RunState;
  actual: boolean;
  inicioMin: number;
  finMin: number | null;
  velocidad: number | null;
  ahoraMs: number;
  semilla: number;
  kpis: RunKpisDto | null;
  reporte: CollapseReportDto | null;
  creadoEn: string;
}

const toRow = (r: typeof runs.$inferSelect): RunRow => ({
  id: r.id,
  modo: r.modo,
  estado: r.estado,
  actual: r.actual,
  inicioMin: r.inicioMin,
  finMin: r.finMin,
  velocidad: r.velocidad,
  ahoraMs: r.ahoraMs,
  semilla: r.semilla,
  kpis: (r.kpis as RunKpisDto | null) ?? null,
  reporte: (r.reporte as CollapseReportDto | null) ?? null,
  creadoEn: r.creadoEn.toISOString(),
});

/** Persistence of runs and their events. Writes are small; the service serialises them per run. */
export class RunStore {
  constructor(private readonly db: Database) {}

  /** Inserts a new current run of its mode, retiring (and stopping) the previous one. */
  async insertCurrent(row: RunRow): Promise<string> {
    return this.db.orm.transaction(async (tx) => {
      await tx
        .update(runs)
        .set({
          actual: false,
          estado: sql`CASE WHEN ${runs.estado} = 'en_curso' THEN 'detenida' ELSE ${runs.estado} END`,
          actualizadoEn: sql`now()`,
        })
        .where(and(eq(runs.modo, row.modo), eq(runs.actual, true)));
      const [r] = await tx
        .insert(runs)
        .values({ ...row, actual: true, creadoEn: new Date(row.creadoEn) })
        .returning({ creadoEn: runs.creadoEn });
      return r.creadoEn.toISOString();
    });
  }

  async update(
    id: string,
    fields: Partial<Pick<RunRow, 'estado' | 'ahoraMs' | 'kpis' | 'reporte' | 'actual'>>,
  ): Promise<void> {
    await this.db.orm
      .update(runs)
      .set({ ...fields, actualizadoEn: sql`now()` })
      .where(eq(runs.id, id));
  }

  async current(): Promise<RunRow[]> {
    const rows = await this.db.orm
      .select()
      .from(runs)
      .where(eq(runs.actual, true))
      .orderBy(asc(runs.creadoEn));
    return rows.map(toRow);
  }

  async get(id: string): Promise<RunRow | null> {
    const rows = await this.db.orm.select().from(runs).where(eq(runs.id, id));
    return rows.length > 0 ? toRow(rows[0]) : null;
  }

  async appendEvents(runId: string, events: { seq: number; e: RunEvent }[]): Promise<void> {
    for (let i = 0; i < events.length; i += 1000) {
      const rows = events.slice(i, i + 1000).map(({ seq, e }) => {
        const { kind, atMin, ...payload } = e;
        return { runId, seq, atMin, kind, payload };
      });
      await this.db.orm.insert(runEvents).values(rows);
    }
  }

  async events(runId: string): Promise<RunEvent[]> {
    const rows = await this.db.orm
      .select()
      .from(runEvents)
      .where(eq(runEvents.runId, runId))
      .orderBy(asc(runEvents.seq));
    return rows.map((r) => ({ kind: r.kind, atMin: r.atMin, ...(r.payload as object) }) as RunEvent);
  }
}
