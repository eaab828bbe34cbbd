import { type Static, Type } from 'typebox';

/** Daily flight of the loaded plan (catalog for pick lists, GET /api/vuelos). */
export const DailyFlightDto = Type.Object({
  id: Type.String({ description: 'ORIG-DEST-HH:MM (salida local)' }),
  origen: Type.String(),
  destino: Type.String(),
  salida: Type.String({ description: 'HH:MM local en el origen' }),
  llegada: Type.String({ description: 'HH:MM local en el destino' }),
  capacidad: Type.Integer(),
});
export type DailyFlightDto = Static<typeof DailyFlightDto>;

export const DailyFlightListDto = Type.Array(DailyFlightDto);
