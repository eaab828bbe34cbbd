import { desc, eq, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { rowsOf } from '../db/client';
import { files } from '../db/schema';
import type { Executor } from '../db/tx';
import { ApiError } from '../domain/errors';
import type { Airport, DailyFlight } from '../domain/types';
import { parseAirports } from '../formats/airports';
import { parseFlights } from '../formats/flights';
import { fileById, storedFileBytes } from '../services/files';
import { listAirports, listFlights, lockNetwork, lockOrderForm } from '../services/network';
import { listOrdersBetween, type StoredOrder } from '../services/orders';
import { withOrderFileMoves } from '../services/orders-move';
import { decodeUpload } from '../services/upload';

/**
 * The data a run ran on: the airports and flights files it read and the last order id it loaded. A
 * restart replays exactly these, so a run's figures never change with what was uploaded after it began.
 */
export interface RunVersions {
  aeropuertos: number | null;
  vuelos: number | null;
  pedidosHasta: number | null;
}

export interface VersionedNetwork {
  airports: Airport[];
  flights: DailyFlight[];
  versions: RunVersions;
}

async function latestFileId(tx: Executor, kind: 'aereopuertos' | 'vuelos'): Promise<number | null> {
  const rows = await tx
    .select({ id: files.id })
    .from(files)
    .where(eq(files.kind, kind))
    .orderBy(desc(files.id))
    .limit(1);
  return rows[0]?.id ?? null;
}

/**
 * The network now and the versions a new run records, read under the network and order-form locks: every
 * writer of airports, flights or orders takes one of them before it writes, so no order with an id up to
 * `pedidosHasta` can still be on its way (ids are handed out in insert order, committed in any order);
 * on PGlite, where an order file moves in outside those locks, after that move.
 */
export async function pinCurrent(db: Database): Promise<VersionedNetwork> {
  return withOrderFileMoves(db, () => pinUnderLocks(db));
}

async function pinUnderLocks(db: Database): Promise<VersionedNetwork> {
  return db.orm.transaction(async (tx) => {
    await lockNetwork(tx);
    await lockOrderForm(tx);
    const [aeropuertos, vuelos] = [await latestFileId(tx, 'aereopuertos'), await latestFileId(tx, 'vuelos')];
    const max = rowsOf<{ max: number | string | null }>(
      await tx.execute(sql`SELECT max(id) AS max FROM orders`),
    );
    const airports = await listAirports(tx);
    const flights = await listFlights(tx);
    return { airports, flights, versions: { aeropuertos, vuelos, pedidosHasta: Number(max[0]?.max ?? 0) } };
  });
}

/** The text of a stored airports or flights file, decoded as when it was uploaded. */
async function storedText(db: Database, id: number, label: string): Promise<string> {
  const info = await fileById(db.orm, id);
  const bytes = info && (await storedFileBytes(db, info));
  if (!info || !bytes)
    throw new ApiError(
      409,
      'SIN_RED',
      `Ya no está guardado el archivo de ${label} con el que corrió la simulación`,
    );
  return decodeUpload(bytes, info.filename).text;
}

/**
 * The network a run ran on (today's tables while its files are current, else its own files re-read),
 * and how the release times of its orders moved since (`shifts`: minutes to add to a stored release
 * time, per destination): an airports file with another GMT offset moves the release of the stored
 * orders, which keep their local time.
 */
export async function networkOf(
  db: Database,
  v: RunVersions | null,
): Promise<VersionedNetwork & { shifts: Map<string, number> }> {
  const now = await pinCurrent(db);
  const shifts = new Map<string, number>();
  if (!v) return { ...now, shifts };
  let airports = now.airports;
  if (v.aeropuertos !== null && v.aeropuertos !== now.versions.aeropuertos) {
    // In the tables' order (listAirports, listFlights): the plan may depend on it.
    airports = parseAirports(await storedText(db, v.aeropuertos, 'aeropuertos')).records.sort(
      (a, b) => a.number - b.number || byCode(a.code, b.code),
    );
    const gmtNow = new Map(now.airports.map((a) => [a.code, a.gmt]));
    for (const a of airports) {
      const gmt = gmtNow.get(a.code);
      if (gmt !== undefined && gmt !== a.gmt) shifts.set(a.code, (gmt - a.gmt) * 60);
    }
  }
  const flights =
    v.vuelos === null || v.vuelos === now.versions.vuelos
      ? now.flights
      : parseFlights(
          await storedText(db, v.vuelos, 'vuelos'),
          new Set(airports.map((a) => a.code)),
        ).records.sort((a, b) => byCode(a.id, b.id));
  return { airports, flights, versions: v, shifts };
}

const byCode = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

// release_min is an int4 column: shifted bounds must fit it.
const INT4_MAX = 2_147_483_647;
const int4 = (n: number) => Math.max(-INT4_MAX, Math.min(INT4_MAX, n));

/** The orders a run loaded that were released in [fromMin, toMin), as the run saw them, by release time. */
export async function ordersOf(
  db: Database,
  fromMin: number,
  toMin: number,
  upToId: number | null,
  shifts: Map<string, number>,
): Promise<StoredOrder[]> {
  const shifted = [...shifts.keys()];
  const out = await listOrdersBetween(db, fromMin, toMin, { upToId, notDestinations: shifted });
  if (shifted.length === 0) return out;
  for (const [code, d] of shifts) {
    const moved = await listOrdersBetween(db, int4(fromMin - d), int4(toMin - d), {
      upToId,
      destinations: [code],
    });
    for (const o of moved) out.push({ ...o, releaseMin: o.releaseMin + d });
  }
  return out.sort((a, b) => a.releaseMin - b.releaseMin || byCode(a.key, b.key));
}
