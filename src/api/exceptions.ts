import type { ExceptionPageDto, ExceptionQuery, RunMode, WarehouseContentsDto } from '../../contract';
import { http, unwrap } from './client';

/** Exceptions of a run and what waits in a warehouse (the exceptions panel and the airport card). */

export const fetchExceptions = (runId: string, query: ExceptionQuery, signal?: AbortSignal) =>
  unwrap(
    http.get<ExceptionPageDto>(`simulaciones/${encodeURIComponent(runId)}/excepciones`, {
      query: { ...query },
      signal,
    }),
  );

export const fetchWarehouseContents = (code: string, mode: RunMode, pagina: number, signal?: AbortSignal) =>
  unwrap(
    http.get<WarehouseContentsDto>(`almacenes/${encodeURIComponent(code)}`, {
      query: { modo: mode, pagina },
      signal,
    }),
  );
