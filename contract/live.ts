import { type Static, Type } from 'typebox';
import { Nullable } from './common';
import { LIVE_FORMATS, LIVE_STATES, LOAD_LEVELS } from './enums';
import { RunMode } from './runs';

export const LoadLevel = Type.Enum(LOAD_LEVELS);
export type LoadLevel = Static<typeof LoadLevel>;

export const LiveFormat = Type.Enum(LIVE_FORMATS);
export type LiveFormat = Static<typeof LiveFormat>;

// --- Live flights (SSE /api/vuelos/live) ---
export const LiveQuery = Type.Object(
  {
    limit: Type.Optional(Type.Integer({ minimum: 1, default: 50 })),
    modo: Type.Optional(RunMode),
    formato: Type.Optional(Type.Enum(LIVE_FORMATS, { default: 'arreglo' })),
  },
  { additionalProperties: false },
);
export type LiveQuery = Static<typeof LiveQuery>;

/** One flight in the air, in the spec's format (a JSON array of these per tick). */
export const LiveFlightDto = Type.Object({
  id: Type.String(),
  originLat: Type.Number(),
  originLon: Type.Number(),
  destLat: Type.Number(),
  destLon: Type.Number(),
  /** 0..1 along the great circle. */
  progress: Type.Number(),
  pathColor: Type.Optional(Type.String()),
  planeColor: Type.Optional(Type.String()),
  codigo: Type.Optional(Type.String()),
  origen: Type.Optional(Type.String()),
  destino: Type.Optional(Type.String()),
  /** ISO UTC. */
  salida: Type.Optional(Type.String()),
  llegada: Type.Optional(Type.String()),
  carga: Type.Optional(Type.Number()),
  capacidad: Type.Optional(Type.Number()),
  nivel: Type.Optional(LoadLevel),
});
export type LiveFlightDto = Static<typeof LiveFlightDto>;

// --- Compact format (?formato=compacto) ---
// A flight's static facts travel once (event 'red' on connect); then each tick says only what changed.

/** A daily flight of the plan: [id, origen, destino, originLat, originLon, destLat, destLon, capacidad, duración en minutos]. */
export const LiveNetworkFlightDto = Type.Tuple([
  Type.String(),
  Type.String(),
  Type.String(),
  Type.Number(),
  Type.Number(),
  Type.Number(),
  Type.Number(),
  Type.Number(),
  Type.Number(),
]);
export type LiveNetworkFlightDto = Static<typeof LiveNetworkFlightDto>;

/** Event 'red': the plan's daily flights and the load levels' names and colours, by index. */
export const LiveNetworkDto = Type.Object({
  vuelos: Type.Array(LiveNetworkFlightDto),
  niveles: Type.Array(LoadLevel),
  colores: Type.Array(Type.String()),
});
export type LiveNetworkDto = Static<typeof LiveNetworkDto>;

/** A flight in the air: [index in red.vuelos, departure (UTC epoch minutes), carga, index in red.niveles]. */
export const LiveEntryDto = Type.Tuple([Type.Number(), Type.Number(), Type.Number(), Type.Number()]);
export type LiveEntryDto = Static<typeof LiveEntryDto>;

/**
 * The run's simulated instant in epoch minutes (null without a run), its speed (× real time; null at
 * maximum speed; 0 when the run is not moving), its state and id; and every flight in the air at that
 * instant, not only the `limit` busiest the list carries (0 without a run). The named event 'simulacion' (both
 * formats) carries the mode's RunDto on connecting and whenever it changes state.
 */
const instant = {
  t: Nullable(Type.Number()),
  velocidad: Nullable(Type.Number()),
  /** What the stream shows: a run's state, the real-time view, or no run of this mode. */
  estado: Type.Enum(LIVE_STATES),
  /** The run shown (null: real time or no run). */
  simulacion: Nullable(Type.String()),
  enAire: Type.Integer({ minimum: 0 }),
};

export const LiveState = Type.Enum(LIVE_STATES);
export type LiveState = Static<typeof LiveState>;

/** Event 'foto' (on connect, and whenever the plan changes): the whole list. */
export const LiveSnapshotDto = Type.Object({ ...instant, vuelos: Type.Array(LiveEntryDto) });
export type LiveSnapshotDto = Static<typeof LiveSnapshotDto>;

/** Event 'tick' (every tick): what changed. */
export const LiveTickDto = Type.Object({
  ...instant,
  /** Flights that entered the list (took off, or rose into the `limit` busiest). */
  entran: Type.Array(LiveEntryDto),
  /** Flights that left it (landed, or fell out of it): [index, departure]. */
  salen: Type.Array(Type.Tuple([Type.Number(), Type.Number()])),
  /** Flights whose load or level changed. */
  carga: Type.Array(LiveEntryDto),
});
export type LiveTickDto = Static<typeof LiveTickDto>;
