import type { Database } from '../db/client';
import { loadDemoFiles } from '../demo/generate';
import { encodeUtf16be } from '../formats/text';
import type { AppBus } from '../plugins/events';
import { type DataDeps, listAirports, replaceAirports, replaceFlights } from './network';
import { appendOrdersFile } from './orders';

export const DEMO_FILENAMES = {
  aereopuertos: 'demo-aeropuertos.txt',
  vuelos: 'demo-vuelos.txt',
  pedidos: 'demo-pedidos.txt',
} as const;

/**
 * Loads the generated demo network when the database holds no airports, through the same services
 * as uploads, so the demo files have status lines, previews and downloads like any other.
 * Returns the upload messages, or null when data was already there.
 */
export async function seedDemoIfEmpty(
  deps: { db: Database; bus?: AppBus },
  sedes: readonly string[],
): Promise<string[] | null> {
  if ((await listAirports(deps.db)).length > 0) return null;
  const demo = loadDemoFiles();
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
