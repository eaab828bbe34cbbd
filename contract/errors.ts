import { type Static, Type } from 'typebox';

export const ErrorDetailDto = Type.Object({
  line: Type.Optional(Type.Integer({ description: 'Línea del archivo (desde 1)' })),
  field: Type.Optional(Type.String()),
  message: Type.String(),
  texto: Type.Optional(Type.String({ description: 'La línea del archivo tal como se leyó (acortada)' })),
});
export type ErrorDetailDto = Static<typeof ErrorDetailDto>;

/** Every error body the API sends. Registered once by $id; routes refer to it. */
export const ApiErrorDto = Type.Object(
  {
    message: Type.String(),
    code: Type.String(),
    details: Type.Optional(Type.Array(ErrorDetailDto)),
    total: Type.Optional(
      Type.Integer({ description: 'Errores del archivo en total; details lleva los primeros' }),
    ),
  },
  { $id: 'ApiError', description: 'Error con mensaje en español' },
);
export type ApiErrorDto = Static<typeof ApiErrorDto>;

const apiErrorRef = Type.Unsafe<ApiErrorDto>({ $ref: 'ApiError#' });

/** Error responses a route may give, keyed by status code (500 always). */
export function errorResponses<C extends number>(...codes: C[]): Record<C | 500, typeof apiErrorRef> {
  return Object.fromEntries([...codes, 500].map((code) => [code, apiErrorRef])) as Record<
    C | 500,
    typeof apiErrorRef
  >;
}
