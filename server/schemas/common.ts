/**
 * Shared JSON schemas (OpenAPI + validation + fast serialisation). Field names follow
 * src/api/contract.ts; keep the two in step.
 */

export const errorDetailSchema = {
  type: 'object',
  properties: {
    line: { type: 'integer', description: 'Línea del archivo (desde 1)' },
    field: { type: 'string' },
    message: { type: 'string' },
    texto: { type: 'string', description: 'La línea del archivo tal como se leyó (acortada)' },
  },
  required: ['message'],
} as const;

export const apiErrorSchema = {
  $id: 'ApiError',
  type: 'object',
  description: 'Error con mensaje en español',
  properties: {
    message: { type: 'string' },
    code: { type: 'string' },
    details: { type: 'array', items: errorDetailSchema },
    total: { type: 'integer', description: 'Errores del archivo en total; details lleva los primeros' },
  },
  required: ['message', 'code'],
} as const;

/** Reference to the shared error schema, for `response` maps. */
export const errorRef = { $ref: 'ApiError#' } as const;

/** Error responses every route may give, keyed by status code. */
export function errorResponses(...codes: number[]): Record<number, typeof errorRef> {
  return Object.fromEntries([...codes, 500].map((code) => [code, errorRef]));
}

export const healthSchema = {
  type: 'object',
  properties: {
    status: { type: 'string', enum: ['ok', 'error'] },
    database: {
      type: 'object',
      properties: {
        kind: { type: 'string', enum: ['pglite', 'postgres'] },
        status: { type: 'string', enum: ['ok', 'error'] },
        message: { type: 'string' },
      },
      required: ['kind', 'status'],
    },
  },
  required: ['status', 'database'],
} as const;
