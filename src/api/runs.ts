import type {
  OrderRangeDto,
  RunDto,
  RunMode,
  RunParametersDto,
  RunSummaryDto,
  SpeedPayload,
  StartRunPayload,
} from '../../contract';
import { http, unwrap } from './client';

/** Runs of the three modes (/api/simulaciones). */

/**
 * The server answers a start once the run is built (its inputs read, its planner thread up): seconds on
 * the real files, more on a busy machine.
 */
const START_TIMEOUT_MS = 60_000;

/**
 * Starts (or, with `reemplazar`, replaces) the run of a mode. The key names one start intent: the server
 * answers a repeat of it with the run it started, so a double click or a retry starts one run.
 */
export const startRun = (payload: StartRunPayload, idempotencyKey: string, signal?: AbortSignal) =>
  unwrap(
    http.post<RunDto>('simulaciones', payload, {
      headers: { 'Idempotency-Key': idempotencyKey },
      idempotent: true,
      timeoutMs: START_TIMEOUT_MS,
      signal,
    }),
  );

/** The current run of each mode (at most one per mode, finished ones included). */
export const fetchRuns = (signal?: AbortSignal) => unwrap(http.get<RunDto[]>('simulaciones', { signal }));

export const fetchRunSummary = (id: string, signal?: AbortSignal) =>
  unwrap(http.get<RunSummaryDto>(`simulaciones/${encodeURIComponent(id)}/resumen`, { signal }));

const runPath = (id: string) => `simulaciones/${encodeURIComponent(id)}`;

export const stopRun = (id: string, signal?: AbortSignal) =>
  unwrap(http.delete<RunDto>(runPath(id), { signal }));

export const pauseRun = (id: string, signal?: AbortSignal) =>
  unwrap(http.post<RunDto>(`${runPath(id)}/pausar`, undefined, { signal, idempotent: true }));

export const resumeRun = (id: string, signal?: AbortSignal) =>
  unwrap(http.post<RunDto>(`${runPath(id)}/reanudar`, undefined, { signal, idempotent: true }));

export const setRunSpeed = (id: string, velocidad: SpeedPayload['velocidad'], signal?: AbortSignal) =>
  unwrap(http.patch<RunDto>(runPath(id), { velocidad } satisfies SpeedPayload, { signal }));

/** First and last loaded order instant (the default dates of a run). */
export const fetchOrderRange = (signal?: AbortSignal) =>
  unwrap(http.get<OrderRangeDto>('pedidos/rango', { signal }));

/** Speed presets, each mode's default speed and the default growth law of a collapse search. */
export const fetchRunParameters = (signal?: AbortSignal) =>
  unwrap(http.get<RunParametersDto>('simulaciones/parametros', { signal }));

/** Stored runs, newest first, each with its summary or collapse report (GET /simulaciones/historial). */
export const fetchRunHistory = (modo: RunMode, limite: number, signal?: AbortSignal) =>
  unwrap(http.get<RunDto[]>('simulaciones/historial', { query: { modo, limite }, signal }));
