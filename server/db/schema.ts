import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  customType,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { RUN_MODES, RUN_STATES } from '../../contract/enums';

/**
 * drizzle view of the tables created by the SQL files in ./migrations (the SQL is the source of truth:
 * the same files run on PGlite and PostgreSQL). Keep both in step when adding a migration.
 */

const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({
  dataType: () => 'bytea',
});

export const FILE_KIND_VALUES = ['vuelos', 'aereopuertos', 'pedidos'] as const;
export const ORDER_SOURCES = ['archivo', 'formulario'] as const;
export type OrderSource = (typeof ORDER_SOURCES)[number];

export const files = pgTable(
  'files',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    kind: text('kind', { enum: FILE_KIND_VALUES }).notNull(),
    filename: text('filename').notNull(),
    sizeBytes: bigint('size_bytes', { mode: 'number' }).notNull(),
    encoding: text('encoding').notNull(),
    lineCount: integer('line_count').notNull(),
    recordCount: integer('record_count').notNull(),
    uploadedAt: timestamp('uploaded_at', { withTimezone: true }).notNull().defaultNow(),
    content: bytea('content').notNull(),
    // 'gzip' (level 1) for files stored since migration 0004; services/files.ts reads both.
    contentEncoding: text('content_encoding', { enum: ['identity', 'gzip'] })
      .notNull()
      .default('identity'),
    // 0009_streamed_uploads.sql: the bytes are in file_parts under this id (content is empty).
    uploadId: bigint('upload_id', { mode: 'number' }),
  },
  (t) => [index('files_kind_id_idx').on(t.kind, t.id.desc())],
);

export const airports = pgTable('airports', {
  code: text('code').primaryKey(),
  number: integer('number').notNull(),
  city: text('city').notNull(),
  country: text('country').notNull(),
  shortName: text('short_name').notNull(),
  gmt: integer('gmt').notNull(),
  capacity: integer('capacity').notNull(),
  lat: doublePrecision('lat').notNull(),
  lon: doublePrecision('lon').notNull(),
  continent: text('continent').notNull(),
});

export const flights = pgTable('flights', {
  id: text('id').primaryKey(),
  origin: text('origin')
    .notNull()
    .references(() => airports.code),
  destination: text('destination')
    .notNull()
    .references(() => airports.code),
  depLocal: integer('dep_local').notNull(),
  arrLocal: integer('arr_local').notNull(),
  capacity: integer('capacity').notNull(),
});

export const orders = pgTable(
  'orders',
  {
    // No foreign keys (migrations 0003, 0004): services check destinations against airports, and
    // file_id is set in the transaction that stores the file.
    destination: text('destination').notNull(),
    seq: integer('seq').notNull(),
    localYear: integer('local_year').notNull(),
    localMonth: integer('local_month').notNull(),
    localDay: integer('local_day').notNull(),
    localHour: integer('local_hour').notNull(),
    localMinute: integer('local_minute').notNull(),
    releaseMin: integer('release_min').notNull(),
    quantity: integer('quantity').notNull(),
    clientId: text('client_id').notNull(),
    source: text('source', { enum: ORDER_SOURCES }).notNull(),
    fileId: integer('file_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    // 0011_run_inputs.sql: grows with every insert (NULL: stored before); a run loads the orders up to
    // the id it recorded.
    id: bigint('id', { mode: 'number' }).default(sql`nextval('orders_id_seq')`),
  },
  (t) => [
    primaryKey({ columns: [t.destination, t.seq] }),
    index('orders_release_min_idx').on(t.releaseMin),
    index('orders_id_idx').on(t.id).where(sql`${t.id} IS NOT NULL`),
  ],
);

export const orderSeqCounters = pgTable('order_seq_counters', {
  destination: text('destination').primaryKey(),
  lastSeq: integer('last_seq').notNull(),
});

export const schemaMigrations = pgTable('schema_migrations', {
  name: text('name').primaryKey(),
  appliedAt: timestamp('applied_at', { withTimezone: true }).notNull().default(sql`now()`),
});

// ---- Simulation runs (server/simulation; migration 0002_runs.sql) ----
export const runs = pgTable('runs', {
  id: text('id').primaryKey(),
  modo: text('modo', { enum: RUN_MODES }).notNull(),
  estado: text('estado', { enum: RUN_STATES }).notNull(),
  actual: boolean('actual').notNull().default(true),
  inicioMin: integer('inicio_min').notNull(),
  finMin: integer('fin_min'),
  velocidad: doublePrecision('velocidad'),
  ahoraMs: doublePrecision('ahora_ms').notNull(),
  semilla: integer('semilla').notNull(),
  kpis: jsonb('kpis'),
  reporte: jsonb('reporte'),
  // 0007_runs_controls.sql
  crecimiento: jsonb('crecimiento'),
  clave: text('clave'),
  terminadaEn: timestamp('terminada_en', { withTimezone: true }),
  segundosReales: doublePrecision('segundos_reales').notNull().default(0),
  resumen: jsonb('resumen'),
  progreso: jsonb('progreso'),
  mensaje: text('mensaje'),
  // 0011_run_inputs.sql: the files and the last order id the run ran on (NULL: stored before).
  archivoAeropuertos: integer('archivo_aeropuertos'),
  archivoVuelos: integer('archivo_vuelos'),
  pedidosHasta: bigint('pedidos_hasta', { mode: 'number' }),
  creadoEn: timestamp('creado_en', { withTimezone: true }).notNull().defaultNow(),
  actualizadoEn: timestamp('actualizado_en', { withTimezone: true }).notNull().defaultNow(),
});

export const runEvents = pgTable(
  'run_events',
  {
    runId: text('run_id')
      .notNull()
      .references(() => runs.id, { onDelete: 'cascade' }),
    seq: integer('seq').notNull(),
    atMin: integer('at_min').notNull(),
    kind: text('kind', { enum: ['pedido', 'cancelacion'] }).notNull(),
    payload: jsonb('payload').notNull(),
  },
  (t) => [primaryKey({ columns: [t.runId, t.seq] })],
);
// 0008_run_history.sql: hourly samples (charts) and each order's final plan (exports).
export const runSamples = pgTable(
  'run_samples',
  {
    runId: text('run_id')
      .notNull()
      .references(() => runs.id, { onDelete: 'cascade' }),
    tMs: doublePrecision('t_ms').notNull(),
    aTiempoPct: doublePrecision('a_tiempo_pct'),
    enTransito: integer('en_transito').notNull(),
    enVuelo: integer('en_vuelo').notNull(),
    almacenes: jsonb('almacenes').notNull(),
  },
  (t) => [primaryKey({ columns: [t.runId, t.tMs] })],
);

export const runOrders = pgTable(
  'run_orders',
  {
    runId: text('run_id')
      .notNull()
      .references(() => runs.id, { onDelete: 'cascade' }),
    pedido: text('pedido').notNull(),
    destino: text('destino').notNull(),
    registradoMin: integer('registrado_min').notNull(),
    cantidad: integer('cantidad').notNull(),
    plazoMin: integer('plazo_min').notNull(),
    estado: text('estado', { enum: ['onTime', 'late', 'unrouted', 'fromStock'] }).notNull(),
    listoMin: integer('listo_min'),
    ruta: text('ruta').notNull(),
    plan: text('plan').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.runId, t.pedido] }),
    index('run_orders_release_idx').on(t.runId, t.registradoMin, t.pedido),
  ],
);
// ---- end simulation runs ----
