import type {
  FlightDetailDto,
  OrderDetailDto,
  RunMode,
  RunSummaryDto,
  WarehouseOccupancyDto,
} from '../../contract';
import type { Database } from '../db/client';
import { epochMinToIso } from '../domain/convert';
import { ApiError } from '../domain/errors';
import { listAirports } from '../services/network';
import { findStoredOrder } from '../services/orders';
import type { SimulationOptions } from './options';
import type { RealtimeView } from './realtime';
import type { RunRegistry } from './registry';
import { busiestWarehouse, warehouseDto } from './wire';
import type { RunHost } from './worker/host';

const noNetwork = () => new ApiError(409, 'SIN_RED', 'Carga primero los archivos de aeropuertos y de vuelos');

/** What the operation screens read of a run: summary, warehouses, a flight, an order (asked of its worker). */
export class RunQueries {
  constructor(
    private readonly db: Database,
    private readonly registry: RunRegistry,
    private readonly realtime: RealtimeView,
    private readonly opts: SimulationOptions,
  ) {}

  /**
   * The worker a mode's screens read: its current run; operacion without one, the real-time view.
   * semanal and colapso without a run have none (their screens show no other mode's data).
   */
  async hostFor(modo: RunMode = 'operacion'): Promise<RunHost | null> {
    const c = this.registry.of(modo);
    if (c?.host) {
      await c.host.ready;
      if (c.host.failure === null) return c.host;
      if (modo !== 'operacion') throw new ApiError(409, 'SIMULACION_FALLIDA', c.host.failure);
    } else if (c && modo !== 'operacion') {
      throw new ApiError(
        409,
        'NO_DISPONIBLE',
        `La simulación ${c.row.id} no está disponible (${c.row.estado})`,
      );
    }
    if (modo !== 'operacion') return null;
    const rt = await this.realtime.get();
    if (!rt) throw noNetwork();
    return rt;
  }

  private async hostOrRealtime(modo: RunMode | undefined): Promise<RunHost> {
    const h = await this.hostFor(modo);
    if (h) return h;
    // Details of a flight or an order outside any run: the real-time view of the plan answers.
    const rt = await this.realtime.get();
    if (!rt) throw noNetwork();
    return rt;
  }

  async summary(id: string): Promise<RunSummaryDto> {
    const c = this.registry.byId(id);
    if (!c?.host || c.host.failure !== null) {
      const dto = await this.registry.get(id);
      return {
        ...dto.kpis,
        ahora: dto.ahora,
        velocidad: dto.velocidad,
        estado: dto.estado,
        almacenes: [],
        almacenMasOcupado: null,
        utilizacionVuelos: dto.resumen?.utilizacionVuelos ?? 0,
      };
    }
    await c.host.ready;
    const s = await c.host.request({ kind: 'summary' });
    const dto = c.dto();
    return {
      ...s.kpis,
      ahora: dto.ahora,
      velocidad: dto.velocidad,
      estado: dto.estado,
      almacenes: s.almacenes,
      almacenMasOcupado: busiestWarehouse(s.almacenes),
      utilizacionVuelos: s.utilizacionVuelos,
    };
  }

  /** Warehouses at the mode's simulated time; a mode with no run shows them empty. */
  async warehouses(modo?: RunMode): Promise<WarehouseOccupancyDto[]> {
    const h = await this.hostFor(modo);
    if (h) return h.request({ kind: 'warehouses' });
    const airports = await listAirports(this.db);
    if (airports.length === 0) throw noNetwork();
    return airports.map((a) => warehouseDto(a, 0, this.opts.levels));
  }

  async flight(id: string, modo?: RunMode): Promise<FlightDetailDto> {
    return (await this.hostOrRealtime(modo)).request({ kind: 'flight', ref: id });
  }

  async order(key: string, modo?: RunMode): Promise<OrderDetailDto> {
    const host = await this.hostOrRealtime(modo);
    const stored = await findStoredOrder(this.db, key);
    const detail = await host.request({ kind: 'order', key, clienteId: stored?.clientId ?? '' });
    if (detail) return detail;
    if (!stored) throw new ApiError(404, 'NO_ENCONTRADO', `El pedido ${key} no existe`);
    return {
      id: key,
      destino: stored.destination,
      cantidad: stored.quantity,
      clienteId: stored.clientId,
      fecha: epochMinToIso(stored.releaseMin),
      plazo: null,
      estado: 'pendiente',
      envios: [],
    };
  }
}
