import type { ApiErrorDto, FileKind, FileStatusDto, UploadOkDto } from '../../contract';
import {
  buildUrl,
  HTTP_MAX_RETRIES,
  HTTP_TIMEOUT_MS,
  type HttpError,
  type HttpResult,
  http,
  RETRY_STATUSES,
} from './client';

/** Endpoint functions of the bulk file loads: status, preview, download and upload per kind. */

/** The kinds with a stored file (the errors load is not implemented). */
export type StoredFileKind = FileKind;

/** Every file upload: the stored kinds, and cancellations, which a run applies and nobody stores. */
export type UploadKind = StoredFileKind | 'cancelaciones';

export const isStoredKind = (kind: UploadKind): kind is StoredFileKind => kind !== 'cancelaciones';

export const PREVIEW_LINES = 50;

export const getFileStatus = (kind: StoredFileKind, signal?: AbortSignal) =>
  http.get<FileStatusDto>(`${kind}/status`, { signal });

export const getFilePreview = (kind: StoredFileKind, lines = PREVIEW_LINES, signal?: AbortSignal) =>
  http.get<string>(`${kind}/preview`, { query: { lines }, responseType: 'text', signal });

export const downloadFileBlob = (kind: StoredFileKind, signal?: AbortSignal) =>
  http.get<Blob>(`${kind}/download`, { responseType: 'blob', signal, timeoutMs: 60_000 });

/** The name a downloaded file is saved under: the stored name or, by default, the kind plus .txt. */
export const downloadName = (kind: StoredFileKind, filename?: string | null) => filename || `${kind}.txt`;

export interface UploadProgress {
  loaded: number;
  total: number;
}

export interface UploadOptions {
  signal?: AbortSignal;
  onProgress?: (progress: UploadProgress) => void;
  /** Inactivity limit while sending; after the last byte the server may validate for longer. */
  idleTimeoutMs?: number;
  processingTimeoutMs?: number;
  /** Query of the upload URL (cancellations name the run mode). */
  query?: Record<string, string>;
  /**
   * Whether sending again cannot change the outcome (default true: a stored file is replaced, orders
   * are de-duplicated). A cancellations file is not: a second send would report its flights as
   * already cancelled.
   */
  idempotent?: boolean;
  /** Test seam. */
  xhrFactory?: () => XMLHttpRequest;
  sleep?: (ms: number) => Promise<void>;
}

const RETRY_BASE_DELAY_MS = 300;

function errorFromXhr(xhr: XMLHttpRequest): HttpError {
  const text = typeof xhr.responseText === 'string' ? xhr.responseText : '';
  try {
    const body = JSON.parse(text) as Partial<ApiErrorDto>;
    if (body && typeof body.message === 'string' && body.message) {
      return {
        status: xhr.status,
        message: body.message,
        code: body.code,
        details: body.details,
        total: body.total,
      };
    }
  } catch {
    // Not JSON: fall through to the text.
  }
  if (text.trim()) return { status: xhr.status, message: text.trim() };
  return { status: xhr.status, message: `Error desconocido ${xhr.statusText || xhr.status}`.trim() };
}

function sendOnce<T>(url: string, file: File, options: UploadOptions): Promise<HttpResult<T>> {
  const {
    signal,
    onProgress,
    idleTimeoutMs = HTTP_TIMEOUT_MS,
    processingTimeoutMs = 5 * 60_000,
    xhrFactory = () => new XMLHttpRequest(),
  } = options;
  return new Promise((resolve) => {
    const xhr = xhrFactory();
    let timer: ReturnType<typeof setTimeout> | undefined;
    let settled = false;
    const finish = (result: HttpResult<T>) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
      resolve(result);
    };
    const arm = (ms: number) => {
      clearTimeout(timer);
      timer = setTimeout(() => {
        xhr.abort();
        finish([
          null,
          { status: 0, message: 'Error desconocido: tiempo de espera agotado', code: 'TIMEOUT' },
        ]);
      }, ms);
    };
    const onAbort = () => {
      xhr.abort();
      finish([null, { status: 0, message: 'Solicitud cancelada', code: 'ABORTED' }]);
    };
    if (signal?.aborted) return onAbort();
    signal?.addEventListener('abort', onAbort);

    xhr.open('POST', url);
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.upload.onprogress = (event) => {
      arm(idleTimeoutMs);
      onProgress?.({ loaded: event.loaded, total: event.lengthComputable ? event.total : file.size });
    };
    // Every byte is out: the server now validates the whole file, which takes longer than a plain call.
    xhr.upload.onload = () => arm(processingTimeoutMs);
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) {
        const text = xhr.responseText;
        try {
          finish([(text ? JSON.parse(text) : undefined) as T, null]);
        } catch {
          finish([{ message: text } as T, null]);
        }
      } else finish([null, errorFromXhr(xhr)]);
    };
    xhr.onerror = () => finish([null, { status: 0, message: 'Error desconocido de red', code: 'NETWORK' }]);
    const body = new FormData();
    body.append('file', file, file.name);
    arm(idleTimeoutMs);
    onProgress?.({ loaded: 0, total: file.size });
    xhr.send(body);
  });
}

/**
 * POST {kind}/upload, multipart field 'file'.
 *
 * The one call that does not go through client.ts: fetch cannot report upload progress, and operators
 * load order files of megabytes, so this uses XMLHttpRequest and mirrors the client's contract
 * ([result, error], error message rules, retries on 408/5xx — uploads are idempotent on the server).
 */
export async function uploadFile<T extends UploadOkDto = UploadOkDto>(
  kind: UploadKind,
  file: File,
  options: UploadOptions = {},
): Promise<HttpResult<T>> {
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((r) => setTimeout(r, ms)));
  let last: HttpResult<T> = [null, { status: 0, message: 'Error desconocido' }];
  const retries = options.idempotent === false ? 0 : HTTP_MAX_RETRIES;
  for (let attempt = 0; attempt <= retries; attempt++) {
    if (attempt > 0) await sleep(RETRY_BASE_DELAY_MS * 2 ** (attempt - 1));
    last = await sendOnce<T>(buildUrl(`${kind}/upload`, options.query), file, options);
    const error = last[1];
    if (!error || !RETRY_STATUSES.has(error.status)) return last;
  }
  return last;
}
