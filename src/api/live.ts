import type { LiveFlightDto, LiveFormat, LoadLevel, RunMode } from '../../contract';
import { LOAD_LEVELS } from '../../contract/enums';
import { buildUrl } from './client';

/** The map screen asks for 200 live flights (the server's default is 50). */
export const MAP_LIVE_LIMIT = 200;

/**
 * 'Mostrar todos': the server's own cap on a list (it clamps a larger ask to it), far above the
 * ~1,240 flights the real network has in the air at its busiest.
 */
export const MAP_LIVE_ALL_LIMIT = 5000;

/**
 * URL of the live flights stream (SSE) of one run mode. The app asks for the compact format (static
 * facts once, then changes); the spec's array format stays the server's default.
 */
export const liveFlightsUrl = (mode: RunMode, limit = MAP_LIVE_LIMIT, formato: LiveFormat = 'compacto') =>
  buildUrl('vuelos/live', { limit, modo: mode, formato });

const isFiniteNumber = (value: unknown): value is number =>
  typeof value === 'number' && Number.isFinite(value);
const optionalString = (value: unknown) => (typeof value === 'string' ? value : undefined);

/** One stream item, or null when it lacks what is needed to draw it. */
export function parseLiveFlight(raw: unknown): LiveFlightDto | null {
  if (!raw || typeof raw !== 'object') return null;
  const r = raw as Record<string, unknown>;
  const id = typeof r.id === 'string' || typeof r.id === 'number' ? String(r.id) : null;
  if (id === null) return null;
  const { originLat, originLon, destLat, destLon, progress } = r;
  if (![originLat, originLon, destLat, destLon, progress].every(isFiniteNumber)) return null;
  const nivel = (LOAD_LEVELS as readonly unknown[]).includes(r.nivel) ? (r.nivel as LoadLevel) : undefined;
  return {
    id,
    originLat: originLat as number,
    originLon: originLon as number,
    destLat: destLat as number,
    destLon: destLon as number,
    progress: Math.min(1, Math.max(0, progress as number)),
    pathColor: optionalString(r.pathColor),
    planeColor: optionalString(r.planeColor),
    codigo: optionalString(r.codigo),
    origen: optionalString(r.origen),
    destino: optionalString(r.destino),
    salida: optionalString(r.salida),
    llegada: optionalString(r.llegada),
    carga: isFiniteNumber(r.carga) ? r.carga : undefined,
    capacidad: isFiniteNumber(r.capacidad) ? r.capacidad : undefined,
    nivel,
  };
}

/**
 * A message is accepted only when its payload is a JSON array; anything else (bad JSON, an
 * object, a number) is ignored and yields null. Items that cannot be drawn are dropped.
 */
export function parseLiveMessage(data: string): LiveFlightDto[] | null {
  let payload: unknown;
  try {
    payload = JSON.parse(data);
  } catch {
    return null;
  }
  if (!Array.isArray(payload)) return null;
  const flights: LiveFlightDto[] = [];
  for (const item of payload) {
    const flight = parseLiveFlight(item);
    if (flight) flights.push(flight);
  }
  return flights;
}
