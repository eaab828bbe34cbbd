import { sql } from 'drizzle-orm';
import {
  bigint,
  customType,
  doublePrecision,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';

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
    destination: text('destination')
      .notNull()
      .references(() => airports.code),
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
    fileId: integer('file_id').references(() => files.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.destination, t.seq] }), index('orders_release_min_idx').on(t.releaseMin)],
);

export const orderSeqCounters = pgTable('order_seq_counters', {
  destination: text('destination').primaryKey(),
  lastSeq: integer('last_seq').notNull(),
});

export const schemaMigrations = pgTable('schema_migrations', {
  name: text('name').primaryKey(),
  appliedAt: timestamp('applied_at', { withTimezone: true }).notNull().default(sql`now()`),
});
