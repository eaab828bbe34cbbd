import type { RunDownload, RunDto, RunSeriesDto, RunSummaryDto, StartRunPayload } from '../../contract';
import { API_BASE, http, unwrap } from './client';

/** Runs of the three modes (/api/simulaciones). */

/** Starts or replaces the run of a mode. Not retried: a retry after a timeout would restart it again. */
export const startRun = (payload: StartRunPayload) => unwrap(http.post<RunDto>('simulaciones', payload));

/** The current run of each mode (at most one per mode, finished ones included). */
export const fetchRuns = (signal?: AbortSignal) => unwrap(http.get<RunDto[]>('simulaciones', { signal }));

export const fetchRunSummary = (id: string, signal?: AbortSignal) =>
  unwrap(http.get<RunSummaryDto>(`simulaciones/${encodeURIComponent(id)}/resumen`, { signal }));

export const stopRun = (id: string) => unwrap(http.delete<RunDto>(`simulaciones/${encodeURIComponent(id)}`));

/** A run's hourly history from storage (its charts), also for a finished or past run. */
export const fetchRunSeries = (id: string, signal?: AbortSignal) =>
  unwrap(http.get<RunSeriesDto>(`simulaciones/${encodeURIComponent(id)}/serie`, { signal }));

/**
 * Where a run's download is served. The browser fetches it as a plain link (the server streams it and
 * names the file), so a million-order export never passes through the page's memory.
 */
export function runDownloadUrl(
  id: string,
  kind: RunDownload,
  params: Record<string, string | boolean> = {},
): string {
  const query = new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)])).toString();
  return `${API_BASE}/simulaciones/${encodeURIComponent(id)}/descargas/${kind}${query ? `?${query}` : ''}`;
}
