import type { RunDto, RunMode, RunSummaryDto, StartRunPayload } from '../../contract';
import { http, unwrap } from './client';

/** Runs of the three modes (/api/simulaciones). */

/** Starts or replaces the run of a mode. Not retried: a retry after a timeout would restart it again. */
export const startRun = (payload: StartRunPayload) => unwrap(http.post<RunDto>('simulaciones', payload));

/** The current run of each mode (at most one per mode, finished ones included). */
export const fetchRuns = (signal?: AbortSignal) => unwrap(http.get<RunDto[]>('simulaciones', { signal }));

export const fetchRunSummary = (id: string, signal?: AbortSignal) =>
  unwrap(http.get<RunSummaryDto>(`simulaciones/${encodeURIComponent(id)}/resumen`, { signal }));

export const stopRun = (id: string) => unwrap(http.delete<RunDto>(`simulaciones/${encodeURIComponent(id)}`));

/** Stored runs, newest first, each with its summary or collapse report (GET /simulaciones/historial). */
export const fetchRunHistory = (modo: RunMode, limite: number, signal?: AbortSignal) =>
  unwrap(http.get<RunDto[]>('simulaciones/historial', { query: { modo, limite }, signal }));
