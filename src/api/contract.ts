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
}

/** Every error body the API sends. */
export interface ApiErrorDto {
  message: string;
  code: string;
  details?: ErrorDetailDto[];
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
