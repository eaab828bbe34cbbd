import { type Static, Type } from 'typebox';
import { RUN_MODES } from './enums';

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
  instancia: Type.Optional(
    Type.Object(
      {
        id: Type.String(),
        dirige: Type.Array(Type.Enum(RUN_MODES), {
          description: 'Modos cuyas simulaciones lleva esta instancia',
        }),
      },
      { description: 'Con varias instancias sobre un PostgreSQL: esta instancia y los modos que dirige' },
    ),
  ),
});
export type HealthDto = Static<typeof HealthDto>;
