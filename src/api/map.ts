import { http, unwrap } from './client';
import type { AirportDto, FlightDetailDto, OrderDetailDto, RunMode, WarehouseOccupancyDto } from './contract';

/** Endpoint functions of the map feature (airports, detail cards, warehouse occupancy, order routes). */

/** Spec 3/5: codigo string, lon and lat numbers; records failing the shape are silently dropped. */
export function parseAirports(payload: unknown): AirportDto[] {
  if (!Array.isArray(payload)) return [];
  const airports: AirportDto[] = [];
  for (const raw of payload) {
    if (!raw || typeof raw !== 'object') continue;
    const r = raw as Record<string, unknown>;
    if (typeof r.codigo !== 'string' || !r.codigo) continue;
    if (typeof r.lon !== 'number' || !Number.isFinite(r.lon)) continue;
    if (typeof r.lat !== 'number' || !Number.isFinite(r.lat)) continue;
    airports.push({
      ...(r as unknown as AirportDto),
      ciudad: typeof r.ciudad === 'string' ? r.ciudad : null,
      sede: r.sede === true,
    });
  }
  return airports;
}

export const fetchAirports = async (signal?: AbortSignal) =>
  parseAirports(await unwrap(http.get<unknown>('aereopuertos', { signal })));

export const fetchFlightDetail = (id: string, mode: RunMode, signal?: AbortSignal) =>
  unwrap(http.get<FlightDetailDto>(`vuelos/${encodeURIComponent(id)}`, { query: { modo: mode }, signal }));

export const fetchWarehouses = (mode: RunMode, signal?: AbortSignal) =>
  unwrap(http.get<WarehouseOccupancyDto[]>('almacenes', { query: { modo: mode }, signal }));

export const fetchOrderDetail = (key: string, mode: RunMode, signal?: AbortSignal) =>
  unwrap(http.get<OrderDetailDto>(`pedidos/${encodeURIComponent(key)}`, { query: { modo: mode }, signal }));
