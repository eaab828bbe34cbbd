import type {
  LiveEntryDto,
  LiveFlightDto,
  LiveNetworkDto,
  LiveSnapshotDto,
  LiveState,
  LiveTickDto,
} from '../../contract';
import { MINUTE_MS } from '../../contract/time';

/**
 * Rebuilds the spec's flight list from the compact stream: the plan ('red') once, the list ('foto'),
 * then each 'tick's changes. Positions come from each flight's departure and duration at the tick's
 * simulated instant, the same rule the server applies in the array format, so both draw the same map.
 */

const round4 = (x: number) => Math.round(x * 1e4) / 1e4;
const isoOfMinute = (min: number) => new Date(min * MINUTE_MS).toISOString();
const keyOf = (index: number, dep: number) => dep * 65_536 + index;

export interface SimInstant {
  /** Simulated instant, epoch minutes; null without a run. */
  t: number | null;
  /** × real time; null at maximum speed; 0 when the run is not moving. */
  velocidad: number | null;
  /** Every flight in the air at t (the list holds at most `limit` of them); null when not told. */
  enAire: number | null;
  /** What the stream shows: a run's state, the real-time view, or no run of this mode; null when not told. */
  estado: LiveState | null;
  /** The run shown; null for real time, no run, or when not told. */
  simulacion: string | null;
}

// A payload without the count says nothing rather than a wrong total.
const instantOf = (p: LiveSnapshotDto | LiveTickDto): SimInstant => ({
  t: p.t,
  velocidad: p.velocidad,
  enAire: typeof p.enAire === 'number' ? p.enAire : null,
  estado: typeof p.estado === 'string' ? p.estado : null,
  simulacion: typeof p.simulacion === 'string' ? p.simulacion : null,
});

export class CompactLiveDecoder {
  private network: LiveNetworkDto | null = null;
  private entries = new Map<number, LiveEntryDto>();
  instant: SimInstant = { t: null, velocidad: null, enAire: null, estado: null, simulacion: null };

  /** Event 'red': the plan changed (or the stream began); the list that follows replaces the old one. */
  setNetwork(payload: LiveNetworkDto): void {
    this.network = payload;
    this.entries.clear();
  }

  /** Event 'foto': the whole list. */
  snapshot(payload: LiveSnapshotDto): LiveFlightDto[] {
    this.entries = new Map(payload.vuelos.map((e) => [keyOf(e[0], e[1]), e]));
    this.instant = instantOf(payload);
    return this.flights();
  }

  /** Event 'tick': what changed since the last one. */
  tick(payload: LiveTickDto): LiveFlightDto[] {
    for (const [index, dep] of payload.salen) this.entries.delete(keyOf(index, dep));
    for (const e of payload.entran) this.entries.set(keyOf(e[0], e[1]), e);
    for (const e of payload.carga) this.entries.set(keyOf(e[0], e[1]), e);
    this.instant = instantOf(payload);
    return this.flights();
  }

  /** The list at the last tick's instant, in the array format's order: fullest first, then plan order. */
  flights(): LiveFlightDto[] {
    const net = this.network;
    const t = this.instant.t;
    if (!net || t === null) return [];
    const live = [...this.entries.values()].filter((e) => net.vuelos[e[0]] !== undefined);
    live.sort((a, b) => {
      const fa = net.vuelos[a[0]];
      const fb = net.vuelos[b[0]];
      return b[2] / fb[7] - a[2] / fa[7] || a[0] - b[0] || a[1] - b[1];
    });
    return live.map(([index, dep, carga, level]) => {
      const [id, origen, destino, originLat, originLon, destLat, destLon, capacidad, dur] = net.vuelos[index];
      const color = net.colores[level];
      return {
        id: `${id}@${dep}`,
        originLat,
        originLon,
        destLat,
        destLon,
        progress: round4(Math.min(1, Math.max(0, (t - dep) / dur))),
        pathColor: color,
        planeColor: color,
        codigo: id,
        origen,
        destino,
        salida: isoOfMinute(dep),
        llegada: isoOfMinute(dep + dur),
        carga,
        capacidad,
        nivel: net.niveles[level],
      };
    });
  }
}
