import { type Static, Type } from 'typebox';
import { IsoDateTime, Nullable } from './common';
import { COLLAPSE_KINDS } from './enums';
import { WarehouseOccupancyDto } from './operations';
import { MaxSpeed, RunKpisDto, RunMode, RunState, Speed } from './runs';

const SpeedInput = Type.Union([Type.Number({ exclusiveMinimum: 0, maximum: 1_000_000 }), MaxSpeed], {
  description: 'Segundos simulados por segundo real, o "max" (lo más rápido posible)',
});

/** products/day = 900 + x^exponente; x grows so demand multiplies by factorPorPeriodo every periodoDias simulated days. */
export const GrowthLawDto = Type.Object(
  {
    exponente: Type.Number({ minimum: 1, maximum: 2, description: 'n en 900 + x^n' }),
    factorPorPeriodo: Type.Number({
      exclusiveMinimum: 1,
      maximum: 100,
      description: 'La demanda se multiplica por este factor en cada periodo',
    }),
    periodoDias: Type.Number({ minimum: 1, maximum: 3650, description: 'Días simulados de un periodo' }),
  },
  { additionalProperties: false },
);
export type GrowthLawDto = Static<typeof GrowthLawDto>;

// --- Start a run (POST /api/simulaciones) ---
export const StartRunPayload = Type.Object(
  {
    modo: RunMode,
    inicio: Type.Optional(
      Type.String({
        minLength: 1,
        description:
          'ISO 8601; sin zona = UTC. Por defecto: operacion ahora, semanal/colapso el primer pedido',
      }),
    ),
    fin: Type.Optional(
      Type.String({
        minLength: 1,
        description: 'Solo semanal (por defecto inicio + 7 días, o el último pedido si llega antes)',
      }),
    ),
    velocidad: Type.Optional(SpeedInput),
    crecimiento: Type.Optional(GrowthLawDto),
    reemplazar: Type.Optional(
      Type.Boolean({ description: 'Reemplaza la simulación en curso o pausada de este modo (si no: 409)' }),
    ),
    semilla: Type.Optional(
      Type.Integer({
        minimum: 0,
        maximum: 2147483647,
        description: 'Semilla de la demanda sintética (colapso)',
      }),
    ),
  },
  { additionalProperties: false },
);
export type StartRunPayload = Static<typeof StartRunPayload>;

/** Idempotency-Key: the same key within 10 minutes answers with the run it started. */
export const StartRunHeaders = Type.Object({
  'idempotency-key': Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
});

/** PATCH /api/simulaciones/:id */
export const SpeedPayload = Type.Object({ velocidad: SpeedInput }, { additionalProperties: false });
export type SpeedPayload = Static<typeof SpeedPayload>;

/** GET /api/simulaciones/historial */
export const HistoryQuery = Type.Object(
  {
    modo: Type.Optional(RunMode),
    limite: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: 20 })),
  },
  { additionalProperties: false },
);
export type HistoryQuery = Static<typeof HistoryQuery>;

/** A flight instance named for people. */
export const BusyFlightDto = Type.Object({
  id: Type.String({ description: "Instancia (enlaces y API), p. ej. 'SPIM-SEQM-21:09@30045729'" }),
  nombre: Type.String({ description: "'SPIM → SEQM 21:09' (hora local de salida en el origen)" }),
  origen: Type.String(),
  destino: Type.String(),
  salida: IsoDateTime,
  salidaLocal: Type.String({ description: "'HH:MM' local en el origen" }),
  carga: Type.Integer(),
  capacidad: Type.Integer(),
  porcentaje: Type.Number(),
});
export type BusyFlightDto = Static<typeof BusyFlightDto>;

export const RunProgressDto = Type.Object({
  fraccion: Nullable(Type.Number({ description: 'semanal: (ahora - inicio) / (fin - inicio), 0..1' })),
  restanteSeg: Nullable(
    Type.Number({ description: 'Segundos reales que faltan a la velocidad actual (semanal); null a máxima' }),
  ),
  diasSimulados: Type.Number(),
  pedidosPlanificados: Type.Integer(),
  factorDemanda: Nullable(
    Type.Number({ description: 'colapso: demanda de hoy / demanda de los pedidos cargados (1 = igual)' }),
  ),
  almacenMasOcupado: Nullable(WarehouseOccupancyDto),
  vuelosMasOcupados: Type.Array(BusyFlightDto, {
    description: 'Los 5 vuelos más llenos de los despegados en las últimas 24 h simuladas',
  }),
});
export type RunProgressDto = Static<typeof RunProgressDto>;

const Dated = <T extends typeof WarehouseOccupancyDto | typeof BusyFlightDto, K extends string>(
  s: T,
  key: K,
) => Type.Intersect([s, Type.Object({ [key]: IsoDateTime } as Record<K, typeof IsoDateTime>)]);

/** The finished run's summary card. */
export const RunResultDto = Type.Object({
  pedidos: Type.Integer(),
  entregadosATiempo: Type.Integer(),
  entregadosTarde: Type.Integer(),
  sinRuta: Type.Integer(),
  enTransito: Type.Integer(),
  // Optional: summaries stored before they were recorded lack them.
  enTransitoATiempo: Type.Optional(
    Type.Integer({ description: 'De los en tránsito, a tiempo según el plan' }),
  ),
  enTransitoTarde: Type.Optional(Type.Integer({ description: 'De los en tránsito, tarde según el plan' })),
  porcentajeATiempo: Type.Optional(
    Nullable(Type.Number({ description: 'De los entregados, a tiempo (%); null sin entregas' })),
  ),
  picoAlmacen: Nullable(Dated(WarehouseOccupancyDto, 'fecha')),
  picoVuelo: Nullable(Dated(BusyFlightDto, 'fecha')),
  utilizacionVuelos: Type.Number({ description: '0..1 sobre los vuelos despegados' }),
  segundosReales: Type.Number(),
});
export type RunResultDto = Static<typeof RunResultDto>;

export const CollapseReportDto = Type.Object({
  fecha: IsoDateTime,
  pedido: Type.String({ description: 'Primer pedido que no puede llegar a tiempo (DEST-secuencia)' }),
  destino: Type.String(),
  causa: Type.String({
    description: "En español; toda fecha en ella es anterior o igual a `fecha` ('aprox.' si es estimada)",
  }),
  tipo: Type.Enum(COLLAPSE_KINDS),
  almacen: Nullable(Dated(WarehouseOccupancyDto, 'desde')),
  vuelos: Type.Array(BusyFlightDto),
  kpis: RunKpisDto,
  diasSimulados: Type.Number(),
  factorDemanda: Nullable(Type.Number()),
});
export type CollapseReportDto = Static<typeof CollapseReportDto>;

export const RunDto = Type.Object({
  id: Type.String(),
  modo: RunMode,
  estado: RunState,
  inicio: IsoDateTime,
  fin: Nullable(IsoDateTime),
  velocidad: Speed,
  ahora: Type.String({ description: 'Hora simulada actual (ISO 8601 UTC)' }),
  creadoEn: IsoDateTime,
  terminadaEn: Nullable(IsoDateTime),
  segundosReales: Type.Number({ description: 'Segundos reales en marcha (sin las pausas)' }),
  crecimiento: Nullable(GrowthLawDto),
  kpis: RunKpisDto,
  progreso: RunProgressDto,
  resumen: Nullable(RunResultDto),
  reporte: Nullable(CollapseReportDto),
  mensaje: Nullable(Type.String({ description: 'fallida: por qué, en español' })),
});
export type RunDto = Static<typeof RunDto>;

export const RunListDto = Type.Array(RunDto);

/** GET /api/simulaciones/parametros */
export const RunParametersDto = Type.Object({
  velocidades: Type.Array(Type.Object({ nombre: Type.String(), velocidad: Type.Number() })),
  velocidadPorDefecto: Type.Object({ semanal: Type.Number(), colapso: Type.Literal('max') }),
  crecimiento: GrowthLawDto,
});
export type RunParametersDto = Static<typeof RunParametersDto>;

/** GET /api/pedidos/rango: first and last loaded order instant and how many there are. */
export const OrderRangeDto = Type.Object({
  primero: Nullable(IsoDateTime),
  ultimo: Nullable(IsoDateTime),
  pedidos: Type.Integer(),
});
export type OrderRangeDto = Static<typeof OrderRangeDto>;
