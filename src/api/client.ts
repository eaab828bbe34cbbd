import type { ApiErrorDto, ErrorDetailDto } from '../../contract';

/**
 * The only module that calls fetch. Every call returns [result, error] instead of throwing.
 * Message from the body's `message`, else the body text, else 'Error desconocido' + error
 * text; network errors have status 0; timeout 10000 ms; up to 2 retries on 408/500/502/503/504.
 */

export interface HttpError {
  status: number;
  message: string;
  code?: string;
  details?: ErrorDetailDto[] | unknown;
  /** A rejected file's error count in all (details holds the first ones). */
  total?: number;
}

export type HttpResult<T> = [T, null] | [null, HttpError];

export const API_BASE = '/api';
export const HTTP_TIMEOUT_MS = 10_000;
export const HTTP_MAX_RETRIES = 2;
export const RETRY_STATUSES: ReadonlySet<number> = new Set([408, 500, 502, 503, 504]);
const RETRY_BASE_DELAY_MS = 300;

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface RequestOptions {
  query?: Record<string, string | number | boolean | undefined>;
  /** JSON-serialised unless it is FormData. */
  body?: unknown;
  /** Extra request headers (e.g. Idempotency-Key). */
  headers?: Record<string, string>;
  signal?: AbortSignal;
  timeoutMs?: number;
  /**
   * Whether repeating the request cannot duplicate an effect. GET, PUT and DELETE are; a POST only when
   * the caller says so (uploads replace or de-duplicate on the server). A POST that creates something
   * (an order) is never retried: a timeout after the server committed would store it twice.
   */
  idempotent?: boolean;
  /** What the response body is: JSON (default), text, or raw bytes. */
  responseType?: 'json' | 'text' | 'blob';
  /** Test seam: replace fetch and the retry sleep. */
  fetchImpl?: typeof fetch;
  sleep?: (ms: number) => Promise<void>;
}

export function buildUrl(path: string, query?: RequestOptions['query']): string {
  const clean = path.replace(/^\/+/, '');
  const url = `${API_BASE}/${clean}`;
  if (!query) return url;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value !== undefined) params.set(key, String(value));
  const qs = params.toString();
  return qs ? `${url}?${qs}` : url;
}

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

async function errorFromResponse(response: Response): Promise<HttpError> {
  const text = await response.text().catch(() => '');
  try {
    const body = JSON.parse(text) as Partial<ApiErrorDto>;
    if (body && typeof body.message === 'string' && body.message) {
      return {
        status: response.status,
        message: body.message,
        code: body.code,
        details: body.details,
        total: body.total,
      };
    }
  } catch {
    // Not JSON: fall through to the text.
  }
  if (text.trim()) return { status: response.status, message: text.trim() };
  return {
    status: response.status,
    message: `Error desconocido ${response.statusText || response.status}`.trim(),
  };
}

function networkError(error: unknown, timedOut: boolean): HttpError {
  if (timedOut) return { status: 0, message: 'Error desconocido: tiempo de espera agotado', code: 'TIMEOUT' };
  const text = error instanceof Error ? error.message : String(error);
  return { status: 0, message: `Error desconocido ${text}`.trim(), code: 'NETWORK' };
}

export async function request<T>(
  method: HttpMethod,
  path: string,
  options: RequestOptions = {},
): Promise<HttpResult<T>> {
  const {
    query,
    body,
    headers: extraHeaders,
    signal,
    timeoutMs = HTTP_TIMEOUT_MS,
    idempotent = method !== 'POST',
    responseType = 'json',
    fetchImpl = fetch,
    sleep = defaultSleep,
  } = options;
  const url = buildUrl(path, query);
  const headers: Record<string, string> = {
    Accept: responseType === 'json' ? 'application/json' : '*/*',
    ...extraHeaders,
  };
  let payload: BodyInit | undefined;
  if (body instanceof FormData) payload = body;
  else if (body !== undefined) {
    headers['Content-Type'] = 'application/json';
    payload = JSON.stringify(body);
  }

  const maxAttempts = idempotent ? HTTP_MAX_RETRIES + 1 : 1;
  let lastError: HttpError = { status: 0, message: 'Error desconocido' };
  for (let attempt = 0; attempt < maxAttempts; attempt++) {
    if (attempt > 0) await sleep(RETRY_BASE_DELAY_MS * 2 ** (attempt - 1));
    if (signal?.aborted) return [null, { status: 0, message: 'Solicitud cancelada', code: 'ABORTED' }];
    const controller = new AbortController();
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, timeoutMs);
    const onAbort = () => controller.abort();
    signal?.addEventListener('abort', onAbort);
    try {
      const response = await fetchImpl(url, { method, headers, body: payload, signal: controller.signal });
      if (response.ok) {
        if (response.status === 204) return [undefined as T, null];
        if (responseType === 'text') return [(await response.text()) as T, null];
        if (responseType === 'blob') return [(await response.blob()) as T, null];
        const text = await response.text();
        return [(text ? JSON.parse(text) : undefined) as T, null];
      }
      lastError = await errorFromResponse(response);
      if (!RETRY_STATUSES.has(response.status)) return [null, lastError];
    } catch (error) {
      if (signal?.aborted) return [null, { status: 0, message: 'Solicitud cancelada', code: 'ABORTED' }];
      lastError = networkError(error, timedOut);
      // A server that let one attempt run out of time is not asked again: that would multiply the wait
      // before the operator sees the error. A network failure on a non-idempotent call ends here too:
      // we cannot know whether it landed.
      if (timedOut) return [null, lastError];
    } finally {
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
    }
  }
  return [null, lastError];
}

export const http = {
  get: <T>(path: string, options?: Omit<RequestOptions, 'body'>) => request<T>('GET', path, options),
  post: <T>(path: string, body?: unknown, options?: RequestOptions) =>
    request<T>('POST', path, { ...options, body }),
  put: <T>(path: string, body?: unknown, options?: RequestOptions) =>
    request<T>('PUT', path, { ...options, body }),
  patch: <T>(path: string, body?: unknown, options?: RequestOptions) =>
    request<T>('PATCH', path, { ...options, body }),
  delete: <T>(path: string, options?: RequestOptions) => request<T>('DELETE', path, options),
};

/** Turns a [result, error] pair into a thrown error, for query functions that must reject. */
export async function unwrap<T>(pending: Promise<HttpResult<T>>): Promise<T> {
  const [result, error] = await pending;
  if (error) throw Object.assign(new Error(error.message), error);
  return result as T;
}
