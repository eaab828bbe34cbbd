import { type Static, Type } from 'typebox';
import { IsoDateTime, Nullable } from './common';
import { EXCEPTION_ORDERS, EXCEPTION_STATES, EXCEPTION_TYPES } from './enums';
import {
  AT_RISK_SLACK_DEFAULT_MIN,
  AT_RISK_SLACK_MAX_MIN,
  EXCEPTIONS_PAGE_DEFAULT,
  EXCEPTIONS_PAGE_MAX,
  WAREHOUSE_PAGE_DEFAULT,
  WAREHOUSE_PAGE_MAX,
} from './exceptionRules';
import { WarehouseOccupancyDto } from './operations';
import { RunMode } from './runs';

export const ExceptionType = Type.Enum(EXCEPTION_TYPES);
export type ExceptionType = Static<typeof ExceptionType>;
export const ExceptionOrder = Type.Enum(EXCEPTION_ORDERS);
export type ExceptionOrder = Static<typeof ExceptionOrder>;
export const ExceptionState = Type.Enum(EXCEPTION_STATES);
export type ExceptionState = Static<typeof ExceptionState>;

const Page = Type.Integer({ minimum: 1, maximum: 1_000_000, default: 1, description: 'Desde 1' });

// --- Exceptions of a run (GET /api/simulaciones/:id/excepciones) ---
export const ExceptionQuery = Type.Object(
  {
    tipo: Type.Optional(Type.Enum([...EXCEPTION_TYPES, 'todos'], { default: 'todos' })),
    umbral: Type.Optional(
      Type.Integer({
        minimum: 0,
        maximum: AT_RISK_SLACK_MAX_MIN,
        default: AT_RISK_SLACK_DEFAULT_MIN,
        description: 'Minutos de holgura por debajo de los cuales un pedido a tiempo está en riesgo',
      }),
    ),
    q: Type.Optional(
      Type.String({
        maxLength: 60,
        description: 'Parte de la clave del pedido, o destino (código o ciudad)',
      }),
    ),
    orden: Type.Optional(Type.Enum(EXCEPTION_ORDERS, { default: 'holgura' })),
    sentido: Type.Optional(Type.Enum(['asc', 'desc'], { default: 'asc' })),
    pagina: Type.Optional(Page),
    limite: Type.Optional(
      Type.Integer({ minimum: 1, maximum: EXCEPTIONS_PAGE_MAX, default: EXCEPTIONS_PAGE_DEFAULT }),
    ),
  },
  { additionalProperties: false },
);
export type ExceptionQuery = Static<typeof ExceptionQuery>;

export const ExceptionRowDto = Type.Object({
  clave: Type.String(),
  tipo: ExceptionType,
  destino: Type.String(),
  ciudad: Type.String({ description: "'Quito (SEQM)'" }),
  productos: Type.Integer(),
  holgura: Nullable(
    Type.Integer({
      description:
        'Minutos entre el último producto listo para recoger y el plazo (negativo: tarde); null sin ruta completa',
    }),
  ),
  plazo: IsoDateTime,
  listo: Nullable(IsoDateTime),
  motivo: Type.String({
    description: 'Qué vuelo o almacén lo bloquea y desde cuándo (diagnóstico del planificador)',
  }),
  estado: ExceptionState,
  vuelo: Nullable(Type.String({ description: 'Instancia del vuelo que nombra el motivo' })),
  almacen: Nullable(Type.String({ description: 'Aeropuerto del almacén que nombra el motivo' })),
});
export type ExceptionRowDto = Static<typeof ExceptionRowDto>;

export const ExceptionCountsDto = Type.Object({
  atrasado: Type.Integer({ description: 'Planificados tarde: entregados tarde + en tránsito tarde' }),
  sin_ruta: Type.Integer(),
  en_riesgo: Type.Integer(),
});
export type ExceptionCountsDto = Static<typeof ExceptionCountsDto>;

export const ExceptionPageDto = Type.Object({
  ahora: IsoDateTime,
  umbral: Type.Integer(),
  totales: ExceptionCountsDto,
  total: Type.Integer({ description: 'Filas que cumplen el tipo y la búsqueda' }),
  pagina: Type.Integer(),
  limite: Type.Integer(),
  filas: Type.Array(ExceptionRowDto),
});
export type ExceptionPageDto = Static<typeof ExceptionPageDto>;

// --- What waits in an airport's warehouse (GET /api/almacenes/:id) ---
export const WarehouseContentsQuery = Type.Object(
  {
    modo: Type.Optional(RunMode),
    pagina: Type.Optional(Page),
    limite: Type.Optional(
      Type.Integer({ minimum: 1, maximum: WAREHOUSE_PAGE_MAX, default: WAREHOUSE_PAGE_DEFAULT }),
    ),
  },
  { additionalProperties: false },
);
export type WarehouseContentsQuery = Static<typeof WarehouseContentsQuery>;

export const WarehouseItemDto = Type.Object({
  pedido: Type.String(),
  productos: Type.Integer(),
  destino: Type.String(),
  desde: IsoDateTime,
  hasta: IsoDateTime,
  siguiente: Nullable(
    Type.String({ description: 'Instancia del vuelo en que sigue; null si espera a que lo recojan' }),
  ),
});
export type WarehouseItemDto = Static<typeof WarehouseItemDto>;

export const WarehouseContentsDto = Type.Object({
  ...WarehouseOccupancyDto.properties,
  ahora: IsoDateTime,
  pedidos: Type.Integer({ description: 'Pedidos con productos en el almacén' }),
  pagina: Type.Integer(),
  limite: Type.Integer(),
  filas: Type.Array(WarehouseItemDto),
});
export type WarehouseContentsDto = Static<typeof WarehouseContentsDto>;
