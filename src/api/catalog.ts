import type { DailyFlightDto } from '../../contract';
import { http, unwrap } from './client';

/** Pick-list catalogs of the filter panel (server/routes/catalog). */

export const fetchDailyFlights = (signal?: AbortSignal) =>
  unwrap(http.get<DailyFlightDto[]>('vuelos', { signal }));

/**
 * The first `limit` order keys (DEST-seq) containing the text, in key order. The pick list asks for one
 * more than it shows, to know there are more: the server searches on each keystroke, so the list never
 * needs the thousands of keys it would not show.
 */
export const searchOrderKeys = (buscar: string, limit: number, signal?: AbortSignal) =>
  unwrap(
    http.get<string[]>('pedidos', {
      query: { buscar: buscar || undefined, limit },
      signal,
    }),
  );
