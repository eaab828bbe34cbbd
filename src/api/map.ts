import type {
  CancellationDto,
  FlightDetailDto,
  OrderDetailDto,
  RunMode,
  WarehouseOccupancyDto,
} from '../../contract';
import { http, unwrap } from './client';

/** Endpoint functions of the map feature (detail cards, warehouse occupancy, order routes); airports: ./airports. */

export const fetchFlightDetail = (id: string, mode: RunMode, signal?: AbortSignal) =>
  unwrap(http.get<FlightDetailDto>(`vuelos/${encodeURIComponent(id)}`, { query: { modo: mode }, signal }));

export const fetchWarehouses = (mode: RunMode, signal?: AbortSignal) =>
  unwrap(http.get<WarehouseOccupancyDto[]>('almacenes', { query: { modo: mode }, signal }));

export const fetchOrderDetail = (key: string, mode: RunMode, signal?: AbortSignal) =>
  unwrap(http.get<OrderDetailDto>(`pedidos/${encodeURIComponent(key)}`, { query: { modo: mode }, signal }));

/**
 * POST vuelos/:id/cancelar: cancels a flight instance before take-off; the server re-plans its products
 * and answers with the orders moved. Never retried: a second attempt would find it cancelled.
 */
export const cancelFlight = (id: string, mode: RunMode, signal?: AbortSignal) =>
  unwrap(
    http.post<CancellationDto>(`vuelos/${encodeURIComponent(id)}/cancelar`, undefined, {
      query: { modo: mode },
      signal,
    }),
  );
