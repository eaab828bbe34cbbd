import { type Static, Type } from 'typebox';

export const HealthDto = Type.Object({
  status: Type.Enum(['ok', 'error']),
  database: Type.Object({
    kind: Type.Enum(['pglite', 'postgres']),
    status: Type.Enum(['ok', 'error']),
    message: Type.Optional(Type.String()),
  }),
});
export type HealthDto = Static<typeof HealthDto>;
