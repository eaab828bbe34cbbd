import { asc, notInArray, sql } from 'drizzle-orm';
import type { AirportDto } from '../../contract';
import { type Database, rowsOf } from '../db/client';
import type { RawSession } from '../db/raw';
import { airports, flights } from '../db/schema';
import type { Executor, Tx } from '../db/tx';
import type { AppBus } from '../domain/bus';
import { NetworkError, toNetwork } from '../domain/convert';
import { ApiError } from '../domain/errors';
import type { Airport, Continent, DailyFlight } from '../domain/types';
import { parseAirports } from '../formats/airports';
import { parseFlights } from '../formats/flights';
import { deleteFilesOfKind, insertFile, type UploadedFile } from './files';
import { countLines, decodeUpload, emptyFile, fmt, invalidFile } from './upload';

/** What data services need: the database, and the bus to announce changes after commit. */
export interface DataDeps {
  db: Database;
  bus?: AppBus;
}

// Serialises the writers of the network and of order files, so a flight plan is never validated
// against airports that are being replaced at the same moment.
const NETWORK_LOCK = 7_263_002;
export async function lockNetwork(tx: Tx): Promise<void> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(${NETWORK_LOCK})`);
}
// The order form's own lock: shared by form orders, exclusive for an airports replacement (and for a run
// reading which orders exist), so an order never names an airport removed meanwhile while the form never
// waits for an order file being stored. Taken after NETWORK_LOCK by whoever takes both.
const ORDER_FORM_LOCK = 7_263_003;
/** The order form, before it checks its airport: replacements wait for it, other form orders do not. */
export async function lockOrderFormShared(tx: Tx): Promise<void> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock_shared(${ORDER_FORM_LOCK})`);
}
/** Keeps form orders out (an airports replacement; a run reading the last order id), after lockNetwork. */
export async function lockOrderForm(tx: Tx): Promise<void> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(${ORDER_FORM_LOCK})`);
}
/** lockNetwork on a raw session (bulk order loads run on one, for COPY). */
export async function lockNetworkRaw(tx: RawSession): Promise<void> {
  await tx.query('SELECT pg_advisory_xact_lock($1)', [NETWORK_LOCK]);
}

/**
 * Rows per insert. On PGlite each statement holds the event loop for its whole run: the real plan's 2,866
 * flights in one insert held it 82-120 ms; at 500 rows no turn of the upload passes 60 ms.
 */
const BATCH = 500;

// ---------- reads (also used by the planner and simulation) ----------

export async function listAirports(db: Database | Executor): Promise<Airport[]> {
  const orm = 'orm' in db ? db.orm : db;
  const rows = await orm.select().from(airports).orderBy(asc(airports.number), asc(airports.code));
  return rows.map((r) => ({
    number: r.number,
    code: r.code,
    city: r.city,
    country: r.country,
    shortName: r.shortName,
    gmt: r.gmt,
    capacity: r.capacity,
    lat: r.lat,
    lon: r.lon,
    continent: r.continent as Continent,
  }));
}

/**
 * The daily flights, by id in byte order. Read as one JSON text that JSON.parse turns into the list: row
 * by row, PGlite decoded the 2,866 real flights on the main thread in up to 110 ms (a restored run
 * reads them as the server starts answering).
 */
export async function listFlights(db: Database | Executor): Promise<DailyFlight[]> {
  const orm = 'orm' in db ? db.orm : db;
  // Byte order, whatever the database's collation: a run re-reading its own flights file sorts them so.
  const [row] = rowsOf<{ json: string | null }>(
    await orm.execute(sql`SELECT json_agg(json_build_object('id', id, 'origin', origin,
        'destination', destination, 'depLocal', dep_local, 'arrLocal', arr_local, 'capacity', capacity)
        ORDER BY id COLLATE "C")::text AS json
      FROM ${flights}`),
  );
  return row?.json ? (JSON.parse(row.json) as DailyFlight[]) : [];
}

export async function getNetwork(db: Database): Promise<{ airports: Airport[]; flights: DailyFlight[] }> {
  const [a, f] = await Promise.all([listAirports(db), listFlights(db)]);
  return { airports: a, flights: f };
}

export async function airportCodes(db: Executor): Promise<Set<string>> {
  const rows = await db.select({ code: airports.code }).from(airports);
  return new Set(rows.map((r) => r.code));
}

export function toAirportDto(a: Airport, sedes: readonly string[]): AirportDto {
  return {
    codigo: a.code,
    ciudad: a.city || null,
    lon: a.lon,
    lat: a.lat,
    sede: sedes.includes(a.code),
    pais: a.country,
    continente: a.continent,
    gmt: a.gmt,
    capacidad: a.capacity,
  };
}

// ---------- airports file ----------

export interface ReplaceResult {
  message: string;
  count: number;
}

/**
 * Replaces the airports file and the airports, only if the whole file is valid and no airport still
 * used by a flight or an order disappears. Orders of airports whose GMT offset changed get their
 * UTC release time recomputed from their local time, so stored times follow the new file.
 */
export async function replaceAirports(
  deps: DataDeps,
  file: UploadedFile,
  sedes: readonly string[],
): Promise<ReplaceResult> {
  const { text, encoding } = decodeUpload(file.bytes, file.filename);
  const parsed = parseAirports(text);
  if (parsed.errorCount > 0) throw invalidFile(file.filename, parsed);
  if (parsed.records.length === 0) throw emptyFile(file.filename, 'aeropuertos');
  const records = parsed.records;
  const codes = records.map((a) => a.code);

  await deps.db.orm.transaction(async (tx) => {
    await lockNetwork(tx);
    await lockOrderForm(tx);
    await assertNoAirportInUseIsDropped(tx, codes, file.filename);
    const before = new Map(
      (await tx.select({ code: airports.code, gmt: airports.gmt }).from(airports)).map((r) => [
        r.code,
        r.gmt,
      ]),
    );
    for (let i = 0; i < records.length; i += BATCH) {
      const rows = records.slice(i, i + BATCH).map((a) => ({
        code: a.code,
        number: a.number,
        city: a.city,
        country: a.country,
        shortName: a.shortName,
        gmt: a.gmt,
        capacity: a.capacity,
        lat: a.lat,
        lon: a.lon,
        continent: a.continent,
      }));
      await tx
        .insert(airports)
        .values(rows)
        .onConflictDoUpdate({
          target: airports.code,
          set: {
            number: sql`excluded.number`,
            city: sql`excluded.city`,
            country: sql`excluded.country`,
            shortName: sql`excluded.short_name`,
            gmt: sql`excluded.gmt`,
            capacity: sql`excluded.capacity`,
            lat: sql`excluded.lat`,
            lon: sql`excluded.lon`,
            continent: sql`excluded.continent`,
          },
        });
    }
    await tx.delete(airports).where(notInArray(airports.code, codes));
    const shifted = records
      .filter((a) => before.has(a.code) && before.get(a.code) !== a.gmt)
      .map((a) => a.code);
    if (shifted.length > 0) {
      await tx.execute(sql`
        UPDATE orders o
        SET release_min = (extract(epoch FROM make_timestamp(o.local_year, o.local_month, o.local_day, o.local_hour, o.local_minute, 0)) / 60)::integer - a.gmt * 60
        FROM airports a
        WHERE a.code = o.destination AND o.destination IN (${sql.join(
          shifted.map((c) => sql`${c}`),
          sql`, `,
        )})`);
    }
    await deleteFilesOfKind(tx, 'aereopuertos');
    await insertFile(tx, 'aereopuertos', file, {
      encoding,
      lineCount: countLines(text),
      recordCount: records.length,
    });
  });
  deps.bus?.emit('network:changed', { kind: 'aereopuertos' });

  const sedeCount = records.filter((a) => sedes.includes(a.code)).length;
  const continents = new Set(records.map((a) => a.continent)).size;
  return {
    count: records.length,
    message: `Archivo de aeropuertos ${file.filename} cargado: ${fmt(records.length)} aeropuertos en ${continents} continentes (${sedeCount} sedes)`,
  };
}

async function assertNoAirportInUseIsDropped(tx: Tx, codes: string[], filename: string): Promise<void> {
  const used = await tx.execute(sql`
    SELECT code, sum(flights)::integer AS flights, sum(orders)::integer AS orders FROM (
      SELECT origin AS code, count(*) AS flights, 0 AS orders FROM flights GROUP BY origin
      UNION ALL SELECT destination, count(*), 0 FROM flights GROUP BY destination
      UNION ALL SELECT destination, 0, count(*) FROM orders GROUP BY destination
    ) u
    WHERE code NOT IN (${sql.join(
      codes.map((c) => sql`${c}`),
      sql`, `,
    )})
    GROUP BY code ORDER BY code`);
  const rows = (used as unknown as { rows: { code: string; flights: number; orders: number }[] }).rows;
  if (rows.length === 0) return;
  const details = rows.map((r) => ({
    field: 'codigo',
    message: `El aeropuerto ${r.code} no está en el archivo nuevo pero lo usan ${fmt(r.flights)} vuelos y ${fmt(r.orders)} pedidos`,
  }));
  throw new ApiError(
    400,
    'AEROPUERTO_EN_USO',
    `El archivo ${filename} no se cargó: quita aeropuertos que aún se usan (${rows.map((r) => r.code).join(', ')}). Carga antes un plan de vuelos sin ellos.`,
    details,
  );
}

// ---------- flight plan ----------

export async function replaceFlights(deps: DataDeps, file: UploadedFile): Promise<ReplaceResult> {
  const { text, encoding } = decodeUpload(file.bytes, file.filename);
  const known = await listAirports(deps.db);
  if (known.length === 0) {
    throw new ApiError(
      400,
      'SIN_AEROPUERTOS',
      'Carga primero el archivo de aeropuertos: el plan de vuelos se valida contra él',
    );
  }
  const parsed = parseFlights(text, new Set(known.map((a) => a.code)));
  if (parsed.errorCount > 0) throw invalidFile(file.filename, parsed);
  if (parsed.records.length === 0) throw emptyFile(file.filename, 'vuelos');
  const records = parsed.records;
  try {
    toNetwork(known, records);
  } catch (error) {
    if (error instanceof NetworkError) {
      throw new ApiError(
        400,
        'ARCHIVO_NO_VALIDO',
        `El archivo ${file.filename} no se cargó: ${error.message}`,
        [{ message: error.message }],
      );
    }
    throw error;
  }

  await deps.db.orm.transaction(async (tx) => {
    await lockNetwork(tx);
    // The airports may have changed since validation; the lock now holds them still.
    const now = await airportCodes(tx);
    const missing = [...new Set(records.flatMap((f) => [f.origin, f.destination]))].filter(
      (c) => !now.has(c),
    );
    if (missing.length > 0) {
      throw new ApiError(
        409,
        'CONFLICTO',
        `Los aeropuertos cambiaron durante la carga; faltan ${missing.join(', ')}. Vuelve a intentarlo.`,
      );
    }
    await tx.delete(flights);
    for (let i = 0; i < records.length; i += BATCH) {
      await tx.insert(flights).values(records.slice(i, i + BATCH));
    }
    await deleteFilesOfKind(tx, 'vuelos');
    await insertFile(tx, 'vuelos', file, {
      encoding,
      lineCount: countLines(text),
      recordCount: records.length,
    });
  });
  deps.bus?.emit('network:changed', { kind: 'vuelos' });

  const used = new Set(records.flatMap((f) => [f.origin, f.destination])).size;
  const capacity = records.reduce((sum, f) => sum + f.capacity, 0);
  return {
    count: records.length,
    message: `Plan de vuelos ${file.filename} cargado: ${fmt(records.length)} vuelos diarios entre ${used} aeropuertos (capacidad diaria ${fmt(capacity)} productos)`,
  };
}
