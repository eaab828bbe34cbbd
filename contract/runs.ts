import { type Static, Type } from 'typebox';
import { IsoDateTime, Nullable } from './common';
import { RUN_MODES, RUN_STATES } from './enums';

export const RunMode = Type.Enum(RUN_MODES);
export type RunMode = Static<typeof RunMode>;

export const RunState = Type.Enum(RUN_STATES);
export type RunState = Static<typeof RunState>;

/** `?modo=`: which run a reading or an action is about (default operacion). */
export const ModeQuery = Type.Object({ modo: Type.Optional(RunMode) }, { additionalProperties: false });
export type ModeQuery = Static<typeof ModeQuery>;

/** 'max': as fast as possible (an enum, not a const, so a wrong value is told the one word allowed). */
export const MaxSpeed = Type.Enum(['max']);

/** Simulated seconds per real second, or 'max' (batch, as fast as possible). */
export const Speed = Type.Union([Type.Number(), MaxSpeed]);

export const RunKpisDto = Type.Object({
  pedidosRecibidos: Type.Integer(),
  productosRecibidos: Type.Integer(),
  entregadosATiempo: Type.Integer({
    description: 'Entregados (listos para recoger) dentro del plazo; incluye los servidos desde stock',
  }),
  entregadosTarde: Type.Integer({ description: 'Entregados después del plazo' }),
  sinRuta: Type.Integer({ description: 'Sin ninguna ruta' }),
  enTransito: Type.Integer({ description: 'Planificados, aún no entregados' }),
  enTransitoATiempo: Type.Integer({
    description: 'De los en tránsito, los que llegarán a tiempo según el plan',
  }),
  enTransitoTarde: Type.Integer({ description: 'De los en tránsito, los que llegarán tarde según el plan' }),
  productosEnVuelo: Type.Integer(),
  porcentajeATiempo: Nullable(
    Type.Number({
      description:
        'entregadosATiempo / (entregadosATiempo + entregadosTarde) × 100, un decimal; null sin entregas',
    }),
  ),
});
export type RunKpisDto = Static<typeof RunKpisDto>;

// --- Simulated clock (GET /api/reloj) ---
export const RelojDto = Type.Object({
  ahora: IsoDateTime,
  velocidad: Type.Number({ description: 'Segundos simulados por segundo real (1 en tiempo real)' }),
  modo: RunMode,
  estado: Type.Enum([...RUN_STATES, 'tiempo_real'], {
    description: 'tiempo_real sin simulación activa de ese modo (la operación del plan cargado)',
  }),
});
export type RelojDto = Static<typeof RelojDto>;
