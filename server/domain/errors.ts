import type { ErrorDetailDto } from '../../contract';

/** An error meant for the operator: Spanish message, stable code, HTTP status, optional per-line details. */
export class ApiError extends Error {
  /** For a rejected file: how many errors it has in all (`details` holds the first ones). */
  total?: number;

  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
    readonly details?: ErrorDetailDto[],
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/** Formats a byte limit the way the operator reads it ("300 MB"). */
export function formatMegabytes(bytes: number): string {
  const mb = bytes / (1024 * 1024);
  return `${Number.isInteger(mb) ? mb : mb.toFixed(mb < 1 ? 3 : 1)} MB`;
}

export function fileTooLarge(limitBytes: number): ApiError {
  return new ApiError(
    413,
    'ARCHIVO_DEMASIADO_GRANDE',
    `El archivo supera el límite de ${formatMegabytes(limitBytes)}`,
  );
}

/** A JSON (or other non-file) body over the server's body limit. */
export function bodyTooLarge(limitBytes: number): ApiError {
  return new ApiError(
    413,
    'CUERPO_DEMASIADO_GRANDE',
    `El cuerpo de la petición supera el límite de ${formatMegabytes(limitBytes)}`,
  );
}
