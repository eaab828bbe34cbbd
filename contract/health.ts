import { type Static, Type } from 'typebox';

/**
 * ok: ready. restaurando (503): the runs stored before a restart are still being rebuilt; their
 * screens answer once it says ok. error (503): the database does not answer.
 */
export const HealthDto = Type.Object({
  status: Type.Enum(['ok', 'restaurando', 'error']),
  message: Type.Optional(Type.String()),
  database: Type.Object({
    kind: Type.Enum(['pglite', 'postgres']),
    status: Type.Enum(['ok', 'error']),
    message: Type.Optional(Type.String()),
  }),
});
export type HealthDto = Static<typeof HealthDto>;
