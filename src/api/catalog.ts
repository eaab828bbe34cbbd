import { http, unwrap } from './client';
import type { DailyFlightDto } from './contract';

/** Pick-list catalogs of the filter panel (server/routes/catalog). */

export const fetchDailyFlights = (signal?: AbortSignal) =>
  unwrap(http.get<DailyFlightDto[]>('vuelos', { signal }));

/** Order keys (DEST-seq) containing the text; enough for a virtualised list. */
export const ORDER_PICK_LIMIT = 20_000;

export const searchOrderKeys = (buscar: string, signal?: AbortSignal) =>
  unwrap(
    http.get<string[]>('pedidos', {
      query: { buscar: buscar || undefined, limit: ORDER_PICK_LIMIT },
      signal,
    }),
  );
