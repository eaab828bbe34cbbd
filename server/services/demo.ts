import { DAY_MS } from '../../contract/time';
import type { Database } from '../db/client';
import { generateDemo } from '../demo/generate';
import type { AppBus } from '../domain/bus';
import { encodeUtf16be } from '../formats/text';
import { type DataDeps, listAirports, replaceAirports, replaceFlights } from './network';
import { appendOrdersFile } from './orders-upload';

export const DEMO_FILENAMES = {
  aereopuertos: 'demo-aeropuertos.txt',
  vuelos: 'demo-vuelos.txt',
  pedidos: 'demo-pedidos.txt',
} as const;

/** Two weeks of history and two ahead of the start day: daily operation at real time has work at once. */
export const DEMO_WEEKS = 4;
/** About half the real network's late-2025 demand: flights show every load level, nothing collapses. */
export const DEMO_ORDERS_PER_DAY = 3000;

/** The Monday two weeks before `nowMs` (UTC), as YYYY-MM-DD. */
export function demoStartAround(nowMs: number): string {
  const day = new Date(nowMs - 14 * DAY_MS);
  const sinceMonday = (day.getUTCDay() + 6) % 7;
  return new Date(Date.UTC(day.getUTCFullYear(), day.getUTCMonth(), day.getUTCDate() - sinceMonday))
    .toISOString()
    .slice(0, 10);
}

/**
 * Loads the generated demo network when the database holds no airports, through the same services
 * as uploads, so the demo files have status lines, previews and downloads like any other.
 * Returns the upload messages, or null when data was already there.
 */
export async function seedDemoIfEmpty(
  deps: { db: Database; bus?: AppBus },
  sedes: readonly string[],
  when: { startDate: string | null; nowMs: number },
): Promise<string[] | null> {
  if ((await listAirports(deps.db)).length > 0) return null;
  const demo = generateDemo({
    startDate: when.startDate ?? demoStartAround(when.nowMs),
    weeks: DEMO_WEEKS,
    ordersPerDay: DEMO_ORDERS_PER_DAY,
  });
  const d: DataDeps = deps;
  const utf8 = new TextEncoder();
  const messages: string[] = [];
  // The airports file keeps the official encoding (UTF-16 BE with BOM).
  messages.push(
    (
      await replaceAirports(
        d,
        { filename: DEMO_FILENAMES.aereopuertos, bytes: encodeUtf16be(demo.airportsText) },
        sedes,
      )
    ).message,
  );
  messages.push(
    (await replaceFlights(d, { filename: DEMO_FILENAMES.vuelos, bytes: utf8.encode(demo.flightsText) }))
      .message,
  );
  messages.push(
    (await appendOrdersFile(d, { filename: DEMO_FILENAMES.pedidos, bytes: utf8.encode(demo.ordersText) }))
      .message,
  );
  return messages;
}
