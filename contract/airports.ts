import { type Static, Type } from 'typebox';
import { Nullable } from './common';
import { CONTINENTS } from './enums';

export const AirportDto = Type.Object({
  codigo: Type.String({ description: 'Código OACI' }),
  ciudad: Type.Optional(Nullable(Type.String())),
  lon: Type.Number(),
  lat: Type.Number(),
  sede: Type.Optional(Type.Boolean({ description: 'Sede de la empresa (stock ilimitado)' })),
  pais: Type.Optional(Type.String()),
  continente: Type.Optional(Type.Enum(CONTINENTS)),
  gmt: Type.Optional(Type.Integer({ description: 'Huso horario fijo del archivo, en horas' })),
  capacidad: Type.Optional(Type.Integer({ description: 'Capacidad del almacén en productos' })),
});
export type AirportDto = Static<typeof AirportDto>;

export const AirportListDto = Type.Array(AirportDto);
