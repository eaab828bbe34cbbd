/**
 * The wire contract: shapes that cross HTTP/SSE between the browser app and the server.
 * Both sides import this module; field names follow the spec (Spanish, as sent on the wire).
 * Append new sections at the end, one per area.
 */

// --- Airports (GET /api/aereopuertos) ---
export interface AirportDto {
  codigo: string;
  ciudad?: string | null;
  lon: number;
  lat: number;
  sede?: boolean;
  pais?: string;
  continente?: string;
  gmt?: number;
  capacidad?: number;
}

// --- File status (GET /api/{kind}/status) ---
export const FILE_KINDS = ['vuelos', 'aereopuertos', 'pedidos'] as const;
export type FileKind = (typeof FILE_KINDS)[number];

export interface FileStatusDto {
  exists: boolean;
  filename: string | null;
  sizeBytes: number | null;
  /** ISO date-time of the upload. */
  lastModified: string | null;
}

// --- Upload results (POST /api/{kind}/upload) ---
export interface UploadOkDto {
  message: string;
}

export interface ErrorDetailDto {
  line?: number;
  field?: string;
  message: string;
  /** The offending line of an uploaded file, as read (shortened). */
  texto?: string;
}

/** Every error body the API sends. */
export interface ApiErrorDto {
  message: string;
  code: string;
  details?: ErrorDetailDto[];
  /** How many errors a rejected file has in all; `details` holds the first ones. */
  total?: number;
}

// --- Order registration (POST /api/pedidos) ---
export interface OrderPayload {
  clienteId: string;
  aeropuerto: string;
  cantidad: number;
}

// --- Live flights (SSE /api/vuelos/live) ---
export interface LiveFlightDto {
  id: string;
  originLat: number;
  originLon: number;
  destLat: number;
  destLon: number;
  /** 0..1 along the great circle. */
  progress: number;
  pathColor?: string;
  planeColor?: string;
  codigo?: string;
  origen?: string;
  destino?: string;
  /** ISO UTC. */
  salida?: string;
  llegada?: string;
  carga?: number;
  capacidad?: number;
  nivel?: LoadLevel;
}

export const LOAD_LEVELS = ['disponible', 'limitado', 'saturado'] as const;
export type LoadLevel = (typeof LOAD_LEVELS)[number];

// --- Health (GET /api/health) ---
export interface HealthDto {
  status: 'ok' | 'error';
  database: { kind: 'pglite' | 'postgres'; status: 'ok' | 'error'; message?: string };
}

// --- Runs, clock and operations data (issue 4: server/simulation, /api/simulaciones, /api/reloj) ---
export const RUN_MODES = ['operacion', 'semanal', 'colapso'] as const;
export type RunMode = (typeof RUN_MODES)[number];

/** en_curso: the clock moves; terminada: reached fin; colapsada: collapse found; detenida: stopped by an operator. */
export type RunState = 'en_curso' | 'terminada' | 'colapsada' | 'detenida';

export interface StartRunPayload {
  modo: RunMode;
  /** ISO UTC; default: operacion now, semanal/colapso the first stored order. */
  inicio?: string;
  /** ISO UTC; semanal only (default inicio + 7 days). */
  fin?: string;
  /** Simulated seconds per real second, or 'max' (batch, as fast as possible). */
  velocidad?: number | 'max';
}

export interface RunKpisDto {
  pedidosRecibidos: number;
  productosRecibidos: number;
  entregados: number;
  aTiempo: number;
  atrasados: number;
  sinRuta: number;
  enTransito: number;
  productosEnVuelo: number;
  /** 0..100 of the orders decided so far. */
  porcentajeATiempo: number;
}

export interface WarehouseOccupancyDto {
  codigo: string;
  ciudad?: string | null;
  ocupacion: number;
  capacidad: number;
  /** 0..100 */
  porcentaje: number;
  nivel: LoadLevel;
}

export interface CollapseReportDto {
  /** Simulated ISO date-time of the collapse. */
  fecha: string;
  /** Key of the order that could not be served (DEST-seq). */
  pedido: string;
  /** Spanish explanation. */
  causa: string;
  tipo: 'warehouse' | 'flights' | 'no-route';
  almacen?: string;
  vuelos?: string[];
  kpis: RunKpisDto;
}

export interface RunDto {
  id: string;
  modo: RunMode;
  estado: RunState;
  inicio: string;
  fin: string | null;
  velocidad: number | 'max';
  /** Current simulated time (ISO). */
  ahora: string;
  creadoEn: string;
  kpis: RunKpisDto;
  reporte: CollapseReportDto | null;
}

export interface RunSummaryDto extends RunKpisDto {
  ahora: string;
  velocidad: number | 'max';
  estado: RunState;
  almacenes: WarehouseOccupancyDto[];
  almacenMasOcupado: WarehouseOccupancyDto | null;
  /** 0..1: booked products / capacity over the flights departed so far in the window. */
  utilizacionVuelos: number;
}

export interface RelojDto {
  ahora: string;
  /** Simulated seconds per real second (1 in real time). */
  velocidad: number;
  modo: RunMode;
  /** tiempo_real when no run of that mode is active (the operacion view of the loaded plan). */
  estado: RunState | 'tiempo_real';
}

export interface FlightDetailDto {
  id: string;
  codigo: string;
  origen: string;
  destino: string;
  salida: string;
  llegada: string;
  carga: number;
  capacidad: number;
  nivel: LoadLevel;
  cancelado: boolean;
  pedidos: { pedido: string; cantidad: number }[];
}

export interface ShipmentLegDto {
  vuelo: string;
  origen: string;
  destino: string;
  salida: string;
  llegada: string;
}

export interface OrderDetailDto {
  id: string;
  destino: string;
  cantidad: number;
  clienteId: string;
  /** ISO UTC of the order. */
  fecha: string;
  plazo: string | null;
  estado: 'a_tiempo' | 'atrasado' | 'sin_ruta' | 'desde_stock' | 'pendiente';
  envios: {
    cantidad: number;
    origen: string;
    tramos: ShipmentLegDto[];
    llegada: string;
    listo: string;
    /** Where the products are now: an airport code, a flight id, or 'entregado'. */
    ubicacion: string;
  }[];
}

/** Daily flight of the loaded plan (catalog for pick lists). */
export interface DailyFlightDto {
  id: string;
  origen: string;
  destino: string;
  /** HH:MM local at origin / destination, as in the file. */
  salida: string;
  llegada: string;
  capacidad: number;
}

// --- Order file upload (POST /api/pedidos/upload) ---
/** Result of appending an order file: UploadOkDto plus the counts behind its message. */
export interface OrdersUploadOkDto extends UploadOkDto {
  /** New orders stored. */
  added: number;
  /** Orders already stored (same destination and sequence), skipped. */
  duplicates: number;
  /** The first skipped keys, e.g. SPIM-000000123 (at most 20). */
  duplicateKeys: string[];
  /** Products of the new orders. */
  products: number;
}

// --- Live flights, compact format (SSE /api/vuelos/live?formato=compacto) ---
// A flight's static facts travel once (event 'red' on connect); then each tick says only what changed.
export const LIVE_FORMATS = ['arreglo', 'compacto'] as const;
export type LiveFormat = (typeof LIVE_FORMATS)[number];

/** A daily flight of the plan: [id, origen, destino, originLat, originLon, destLat, destLon, capacidad, duración en minutos]. */
export type LiveNetworkFlightDto = [string, string, string, number, number, number, number, number, number];

/** Event 'red': the plan's daily flights and the load levels' names and colours, by index. */
export interface LiveNetworkDto {
  vuelos: LiveNetworkFlightDto[];
  niveles: LoadLevel[];
  colores: string[];
}

/** A flight in the air: [index in red.vuelos, departure (UTC epoch minutes), carga, index in red.niveles]. */
export type LiveEntryDto = [number, number, number, number];

/**
 * Event 'foto' (on connect, and whenever the plan changes) and event 'tick' (every tick): the run's
 * simulated instant in epoch minutes (null without a run) and its speed (× real time; null at maximum
 * speed; 0 when the run is not moving).
 */
export interface LiveSnapshotDto {
  t: number | null;
  velocidad: number | null;
  vuelos: LiveEntryDto[];
}

export interface LiveTickDto {
  t: number | null;
  velocidad: number | null;
  /** Flights that entered the list (took off, or rose into the `limit` busiest). */
  entran: LiveEntryDto[];
  /** Flights that left it (landed, or fell out of it): [index, departure]. */
  salen: [number, number][];
  /** Flights whose load or level changed. */
  carga: LiveEntryDto[];
}
