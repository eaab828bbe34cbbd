import { and, asc, desc, eq, gte, inArray, sql } from 'drizzle-orm';
import type {
  CollapseReportDto,
  GrowthLawDto,
  RunKpisDto,
  RunMode,
  RunProgressDto,
  RunResultDto,
  RunState,
} from '../../contract';
import type { Database } from '../db/client';
import { files, runOrders, runSamples, runs } from '../db/schema';
import { ApiError } from '../domain/errors';
import { lockNetwork } from '../services/network';
import type { RunEvent } from './run/events';
import type { OrderRow, RunSample } from './run/history';
import type { RunVersions } from './versions';

/** Rows per insert statement (PGlite runs on the main thread: the event loop gets a turn between). */
const INSERT_BATCH = 250;

/*
 * The run's appends take one array per column ($2…) beside the run id ($1). Built by drizzle, a
 * 500-row insert of events cost 30-300 ms of the main thread on PostgreSQL (its query builder walks every
 * value), the longest stalls while a daily-operation run takes a large order file or replays one.
 */
const APPEND_EVENTS = `INSERT INTO run_events (run_id, seq, at_min, kind, payload)
  SELECT $1, t.seq, t.at_min, t.kind, t.payload::jsonb
  FROM unnest($2::int[], $3::int[], $4::text[], $5::text[]) AS t(seq, at_min, kind, payload)`;
const APPEND_SAMPLES = `INSERT INTO run_samples (run_id, t_ms, a_tiempo_pct, en_transito, en_vuelo, almacenes)
  SELECT $1, t.t_ms, t.pct, t.transito, t.vuelo, t.almacenes::jsonb
  FROM unnest($2::float8[], $3::float8[], $4::int[], $5::int[], $6::text[]) AS t(t_ms, pct, transito, vuelo, almacenes)
  ON CONFLICT DO NOTHING`;
/** A message's order plans arrive as one JSON text (an OrderRow[]) and go in as one parameter. */
const APPEND_ORDERS = `INSERT INTO run_orders
    (run_id, pedido, destino, registrado_min, cantidad, plazo_min, estado, listo_min, ruta, plan)
  SELECT $1, t.pedido, t.destino, t."registradoMin", t.cantidad, t."plazoMin", t.estado, t."listoMin", t.ruta, t.plan
  FROM json_to_recordset($2::json) AS t(pedido text, destino text, "registradoMin" int, cantidad int,
    "plazoMin" int, estado text, "listoMin" int, ruta text, plan text)
  ON CONFLICT DO NOTHING`;

/** Inserts `rows` in batches, one array parameter per column (`columns` read each row). */
async function insertColumns<T>(
  db: Database,
  text: string,
  runId: string,
  rows: readonly T[],
  columns: readonly ((row: T) => unknown)[],
): Promise<void> {
  for (let i = 0; i < rows.length; i += INSERT_BATCH) {
    const batch = rows.slice(i, i + INSERT_BATCH);
    await db.raw.query(text, [runId, ...columns.map((column) => batch.map(column))]);
  }
}

/**
 * Events per read of a run's log when it is restored. PGlite decodes a page on this thread: measured on a
 * loaded machine, a page of 2,000 took 180 ms (median), one of 500 took 40 ms (up to 155 ms while the
 * run's worker and other processes kept both cores busy), at the same cost per event.
 */
const EVENT_PAGE = 250;

interface OrderRowSql {
  pedido: string;
  destino: string;
  registrado_min: number;
  cantidad: number;
  plazo_min: number;
  estado: OrderRow['estado'];
  listo_min: number | null;
  ruta: string;
  plan: string;
}

/** Where a page of stored orders ends: the next page starts after it (release order, then key). */
export interface OrderCursor {
  registradoMin: number;
  pedido: string;
}

/** A run as stored (times in epoch minutes / milliseconds; wall instants as ISO). */
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
  crecimiento: GrowthLawDto | null;
  clave: string | null;
  creadoEn: string;
  terminadaEn: string | null;
  segundosReales: number;
  resumen: RunResultDto | null;
  progreso: RunProgressDto | null;
  mensaje: string | null;
  /** The data it ran on; null for runs stored before runs recorded it (they replay today's data). */
  entradas: RunVersions | null;
}

export type RunUpdate = Partial<
  Pick<
    RunRow,
    | 'estado'
    | 'ahoraMs'
    | 'kpis'
    | 'reporte'
    | 'actual'
    | 'velocidad'
    | 'terminadaEn'
    | 'segundosReales'
    | 'resumen'
    | 'progreso'
    | 'mensaje'
  >
>;

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
  crecimiento: (r.crecimiento as GrowthLawDto | null) ?? null,
  clave: r.clave,
  creadoEn: r.creadoEn.toISOString(),
  terminadaEn: r.terminadaEn ? r.terminadaEn.toISOString() : null,
  segundosReales: r.segundosReales,
  resumen: (r.resumen as RunResultDto | null) ?? null,
  progreso: (r.progreso as RunProgressDto | null) ?? null,
  mensaje: r.mensaje,
  entradas:
    r.archivoAeropuertos === null && r.archivoVuelos === null && r.pedidosHasta === null
      ? null
      : { aeropuertos: r.archivoAeropuertos, vuelos: r.archivoVuelos, pedidosHasta: r.pedidosHasta },
});

const toDate = (iso: string | null | undefined) => (iso ? new Date(iso) : iso === null ? null : undefined);

/** Persistence of runs and their events. Writes are small; the registry serialises them per run. */
export class RunStore {
  constructor(readonly db: Database) {}

  /** Inserts a new current run of its mode; the previous one leaves `actual` (stopped if still going). */
  async insertCurrent(row: RunRow): Promise<string> {
    const { entradas, ...fields } = row;
    return this.db.orm.transaction(async (tx) => {
      if (entradas) {
        // Its files stay while the run is current; one replaced since its inputs were read is gone.
        await lockNetwork(tx);
        const ids = [entradas.aeropuertos, entradas.vuelos].filter((id) => id !== null);
        const kept =
          ids.length === 0 ? [] : await tx.select({ id: files.id }).from(files).where(inArray(files.id, ids));
        if (kept.length < ids.length)
          throw new ApiError(
            409,
            'CONFLICTO',
            'Los archivos de aeropuertos o de vuelos cambiaron mientras empezaba la simulación; vuelve a intentarlo.',
          );
      }
      await tx
        .update(runs)
        .set({
          actual: false,
          estado: sql`CASE WHEN ${runs.estado} IN ('en_curso', 'pausada') THEN 'detenida' ELSE ${runs.estado} END`,
          actualizadoEn: sql`now()`,
        })
        .where(and(eq(runs.modo, row.modo), eq(runs.actual, true)));
      const [r] = await tx
        .insert(runs)
        .values({
          ...fields,
          archivoAeropuertos: entradas?.aeropuertos ?? null,
          archivoVuelos: entradas?.vuelos ?? null,
          pedidosHasta: entradas?.pedidosHasta ?? null,
          actual: true,
          creadoEn: new Date(row.creadoEn),
          terminadaEn: toDate(row.terminadaEn),
        })
        .returning({ creadoEn: runs.creadoEn });
      return r.creadoEn.toISOString();
    });
  }

  async update(id: string, fields: RunUpdate): Promise<void> {
    const { terminadaEn, ...rest } = fields;
    await this.db.orm
      .update(runs)
      .set({
        ...rest,
        ...(terminadaEn !== undefined ? { terminadaEn: toDate(terminadaEn) } : {}),
        actualizadoEn: sql`now()`,
      })
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

  /** Stored runs, newest first. */
  async history(modo: RunMode | undefined, limit: number): Promise<RunRow[]> {
    const rows = await this.db.orm
      .select()
      .from(runs)
      .where(modo ? eq(runs.modo, modo) : undefined)
      .orderBy(desc(runs.creadoEn), desc(runs.id))
      .limit(limit);
    return rows.map(toRow);
  }

  /** The run a request with this idempotency key started since `sinceIso`, if any. */
  async byKey(clave: string, sinceIso: string): Promise<RunRow | null> {
    const rows = await this.db.orm
      .select()
      .from(runs)
      .where(and(eq(runs.clave, clave), gte(runs.creadoEn, new Date(sinceIso))))
      .orderBy(desc(runs.creadoEn))
      .limit(1);
    return rows.length > 0 ? toRow(rows[0]) : null;
  }

  async appendEvents(runId: string, events: { seq: number; e: RunEvent }[]): Promise<void> {
    await insertColumns(this.db, APPEND_EVENTS, runId, events, [
      ({ seq }) => seq,
      ({ e }) => e.atMin,
      ({ e }) => e.kind,
      ({ e }) => {
        const { kind: _kind, atMin: _atMin, ...payload } = e;
        return JSON.stringify(payload);
      },
    ]);
  }

  /**
   * The run's event log, read a page at a time (keyset on its key): a daily-operation run that took a
   * million-line order file has a million events, and one statement reading them stalled PGlite's thread
   * for seconds. Each page comes as one JSON text (a RunEvent[]) that goes as is to the run's worker,
   * which parses it: built here, a million events' objects held the main thread in GC pauses of
   * 100-190 ms. The key's index is walked as in orderPage: without statistics the planner would sort
   * every remaining event for each page (0.3-0.6 s a page at 250 k events).
   */
  async *eventPages(runId: string): AsyncGenerator<{ json: string; count: number }> {
    for (let after = -1; ; ) {
      const [page] = await this.db.raw.transaction(async (tx) => {
        await tx.exec('SET LOCAL enable_bitmapscan = off; SET LOCAL enable_sort = off');
        return tx.query<{ n: number; last: number | null; json: string }>(
          `SELECT count(*)::int AS n, max(seq) AS last,
             '[' || coalesce(string_agg(
               (jsonb_build_object('kind', kind, 'atMin', at_min) || payload)::text, ',' ORDER BY seq), '')
             || ']' AS json
           FROM (SELECT seq, at_min, kind, payload FROM run_events
                 WHERE run_id = $1 AND seq > $2 ORDER BY run_id, seq LIMIT $3) AS t`,
          [runId, after, EVENT_PAGE],
        );
      });
      if (page.n > 0) yield { json: page.json, count: page.n };
      if (page.n < EVENT_PAGE || page.last === null) return;
      after = page.last;
    }
  }

  async appendSamples(runId: string, samples: RunSample[]): Promise<void> {
    await insertColumns(this.db, APPEND_SAMPLES, runId, samples, [
      (x) => x.tMs,
      (x) => x.aTiempoPct,
      (x) => x.enTransito,
      (x) => x.enVuelo,
      (x) => JSON.stringify(x.almacenes),
    ]);
  }

  async samples(runId: string): Promise<RunSample[]> {
    const rows = await this.db.orm
      .select()
      .from(runSamples)
      .where(eq(runSamples.runId, runId))
      .orderBy(asc(runSamples.tMs));
    return rows.map((r) => ({
      tMs: r.tMs,
      aTiempoPct: r.aTiempoPct,
      enTransito: r.enTransito,
      enVuelo: r.enVuelo,
      almacenes: r.almacenes as Record<string, number>,
    }));
  }

  /**
   * Final order plans as the worker sends them: JSON text of an OrderRow[] (a few hundred a message).
   * Text crosses from the worker at the cost of a copy; as objects, the plans a restored run archives
   * in one slice (a hundred thousand) took the main thread 100-140 ms to receive.
   */
  async appendOrders(runId: string, json: string): Promise<void> {
    await this.db.raw.query(APPEND_ORDERS, [runId, json]);
  }

  /**
   * A page of the run's stored order plans, in release order, after `after` (keyset on the release
   * index). The planner is told to walk that index: without fresh statistics (PGlite never analyses on
   * its own) it would pick a bitmap scan and sort every remaining row for each page, which makes a
   * large export quadratic (measured: 380 k orders took 6.5 minutes instead of under one).
   */
  async orderPage(runId: string, after: OrderCursor | null, limit: number): Promise<OrderRow[]> {
    const rows = await this.db.raw.transaction(async (tx) => {
      await tx.exec('SET LOCAL enable_bitmapscan = off; SET LOCAL enable_sort = off');
      return tx.query<OrderRowSql>(
        `SELECT pedido, destino, registrado_min, cantidad, plazo_min, estado, listo_min, ruta, plan
         FROM run_orders
         WHERE run_id = $1 ${after ? 'AND (registrado_min, pedido) > ($3::int, $4::text)' : ''}
         ORDER BY run_id, registrado_min, pedido
         LIMIT $2`,
        after ? [runId, limit, after.registradoMin, after.pedido] : [runId, limit],
      );
    });
    return rows.map((r) => ({
      pedido: r.pedido,
      destino: r.destino,
      registradoMin: r.registrado_min,
      cantidad: r.cantidad,
      plazoMin: r.plazo_min,
      estado: r.estado,
      listoMin: r.listo_min,
      ruta: r.ruta,
      plan: r.plan,
    }));
  }

  async orderCount(runId: string): Promise<number> {
    const [r] = await this.db.orm
      .select({ n: sql<number>`count(*)::int` })
      .from(runOrders)
      .where(eq(runOrders.runId, runId));
    return r?.n ?? 0;
  }
}
