import { type Static, Type } from 'typebox';
import { IsoDateTime, Nullable } from './common';
import { ORDER_STATES } from './enums';
import { LoadLevel } from './live';
import { RunKpisDto, RunState, Speed } from './runs';

// --- Warehouses (GET /api/almacenes) ---
export const WarehouseOccupancyDto = Type.Object({
  codigo: Type.String(),
  ciudad: Type.Optional(Nullable(Type.String())),
  ocupacion: Type.Integer(),
  capacidad: Type.Integer(),
  porcentaje: Type.Number({ description: '0..100' }),
  nivel: LoadLevel,
});
export type WarehouseOccupancyDto = Static<typeof WarehouseOccupancyDto>;

export const WarehouseListDto = Type.Array(WarehouseOccupancyDto);

// --- Run summary (GET /api/simulaciones/:id/resumen) ---
export const RunSummaryDto = Type.Object({
  ...RunKpisDto.properties,
  ahora: IsoDateTime,
  velocidad: Speed,
  estado: RunState,
  almacenes: WarehouseListDto,
  almacenMasOcupado: Nullable(WarehouseOccupancyDto),
  utilizacionVuelos: Type.Number({
    description: '0..1: productos reservados / capacidad de los vuelos ya despegados en la ventana',
  }),
});
export type RunSummaryDto = Static<typeof RunSummaryDto>;

// --- One flight (GET /api/vuelos/:id) ---
export const FlightDetailDto = Type.Object({
  id: Type.String(),
  codigo: Type.String(),
  origen: Type.String(),
  destino: Type.String(),
  salida: IsoDateTime,
  llegada: IsoDateTime,
  carga: Type.Integer(),
  capacidad: Type.Integer(),
  nivel: LoadLevel,
  cancelado: Type.Boolean(),
  pedidos: Type.Array(Type.Object({ pedido: Type.String(), cantidad: Type.Integer() })),
});
export type FlightDetailDto = Static<typeof FlightDetailDto>;

// --- One order (GET /api/pedidos/:id) ---
export const OrderState = Type.Enum(ORDER_STATES);
export type OrderState = Static<typeof OrderState>;

export const ShipmentLegDto = Type.Object({
  vuelo: Type.String(),
  origen: Type.String(),
  destino: Type.String(),
  salida: IsoDateTime,
  llegada: IsoDateTime,
});
export type ShipmentLegDto = Static<typeof ShipmentLegDto>;

export const OrderDetailDto = Type.Object({
  id: Type.String(),
  destino: Type.String(),
  cantidad: Type.Integer(),
  clienteId: Type.String(),
  fecha: Type.String({ description: 'Fecha y hora del pedido (ISO 8601 UTC)' }),
  plazo: Nullable(IsoDateTime),
  estado: OrderState,
  envios: Type.Array(
    Type.Object({
      cantidad: Type.Integer(),
      origen: Type.String(),
      tramos: Type.Array(ShipmentLegDto),
      llegada: IsoDateTime,
      listo: IsoDateTime,
      ubicacion: Type.String({
        description: "Dónde están los productos: un aeropuerto, un vuelo o 'entregado'",
      }),
    }),
  ),
});
export type OrderDetailDto = Static<typeof OrderDetailDto>;

// --- Cancellations (POST /api/vuelos/:id/cancelar, POST /api/cancelaciones/upload) ---
export const CancellationDto = Type.Object({
  message: Type.String(),
  vuelo: Type.String(),
  pedidosAfectados: Type.Integer(),
  aTiempo: Type.Integer(),
  atrasados: Type.Integer(),
  sinRuta: Type.Integer(),
  pedidos: Type.Array(Type.Object({ pedido: Type.String(), estado: OrderState })),
});
export type CancellationDto = Static<typeof CancellationDto>;

export const CancellationFileDto = Type.Object({
  message: Type.String(),
  canceladas: Type.Integer(),
  pedidosAfectados: Type.Integer(),
  omitidas: Type.Array(Type.Object({ linea: Type.Integer(), vuelo: Type.String(), motivo: Type.String() })),
});
export type CancellationFileDto = Static<typeof CancellationFileDto>;
