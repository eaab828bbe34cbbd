import { createHash } from 'node:crypto';
import type { LiveNetworkDto, LiveState, RunDto, RunMode } from '../../../contract';
import type { Database } from '../../db/client';
import { networkDto } from '../compactLive';
import type { SimulationOptions } from '../options';
import type { Airborne, ViewNetwork } from '../view';
import type { RunSnapshot } from '../worker/messages';
import type { Coordinator } from './coordinator';

/** What the live stream reads of whatever drives a mode: a run's worker, or a relayed copy of one. */
export interface LiveSource {
  readonly view: ViewNetwork;
  readonly airborne: Airborne[];
  readonly snapshot: RunSnapshot | null;
}

/** A mode as its leader shows it (what a live frame carries besides the flights). */
export interface FrameState {
  estado: LiveState;
  simulacion: string | null;
  run: RunDto | null;
  snapshot: RunSnapshot | null;
  /** Counts the run's changes of state: a new value makes the relaying instances announce it. */
  cambio: number;
}

export interface MirroredMode extends FrameState {
  source: LiveSource | null;
}

/** A view rebuilt from the compact stream's network: all the stream's frames read of it. */
export function viewFromNetwork(dto: LiveNetworkDto): ViewNetwork {
  const m = dto.vuelos.length;
  const v: ViewNetwork = {
    airports: [],
    airportIndex: new Map(),
    flightIds: dto.vuelos.map((f) => f[0]),
    flightIndex: new Map(dto.vuelos.map((f, i) => [f[0], i])),
    origin: dto.vuelos.map((f) => f[1]),
    destination: dto.vuelos.map((f) => f[2]),
    depUtc: new Int32Array(m),
    dur: new Int32Array(m),
    capacity: new Int32Array(m),
    oLat: new Float64Array(m),
    oLon: new Float64Array(m),
    dLat: new Float64Array(m),
    dLon: new Float64Array(m),
  };
  dto.vuelos.forEach((f, i) => {
    v.oLat[i] = f[3];
    v.oLon[i] = f[4];
    v.dLat[i] = f[5];
    v.dLon[i] = f[6];
    v.capacity[i] = f[7];
    v.dur[i] = f[8];
  });
  return v;
}

const packAirborne = (list: readonly Airborne[]): Buffer => {
  const a = new Int32Array(list.length * 3);
  list.forEach((f, k) => {
    a[3 * k] = f.i;
    a[3 * k + 1] = f.dep;
    a[3 * k + 2] = f.load;
  });
  return Buffer.from(a.buffer);
};

const unpackAirborne = (buf: Buffer): Airborne[] => {
  const a = new Int32Array(buf.buffer.slice(buf.byteOffset, buf.byteOffset + buf.byteLength));
  const out: Airborne[] = new Array(a.length / 3);
  for (let k = 0; k < out.length; k++) out[k] = { i: a[3 * k], dep: a[3 * k + 1], load: a[3 * k + 2] };
  return out;
};

interface FrameRow {
  instance_id: string;
  network_id: string;
  network: LiveNetworkDto | null;
  state: FrameState;
  airborne: Buffer;
}

/**
 * Live frames between instances. The leader of a mode writes its frame (state, flights in the air, and
 * the network once per view) to one row per mode and notifies with a pointer to it; the others read the
 * row and feed their own browsers, so every stream shows the leader's clock and flights.
 */
export class Relay {
  private readonly mirrored = new Map<RunMode, MirroredMode & { networkId: string }>();
  private readonly networks = new WeakMap<ViewNetwork, { id: string; dto: LiveNetworkDto }>();
  private readonly published = new Map<RunMode, string>();
  private readonly publishing = new Map<RunMode, Promise<void>>();
  private readonly reading = new Map<RunMode, { again: boolean }>();
  private seq = 0;

  constructor(
    private readonly db: Database,
    private readonly coordinator: Coordinator,
    private readonly opts: SimulationOptions,
    /** A mode's relayed frame arrived (`announce`: its run changed state). */
    private readonly onFrame: (modo: RunMode, announce: boolean) => void,
    private readonly log?: { error: (obj: object, msg: string) => void },
  ) {}

  mode(modo: RunMode): MirroredMode | undefined {
    return this.mirrored.get(modo);
  }

  /** This instance leads the mode now: its own frames replace the relayed ones. */
  lead(modo: RunMode): void {
    this.mirrored.delete(modo);
    this.published.delete(modo);
  }

  private network(view: ViewNetwork): { id: string; dto: LiveNetworkDto } {
    let n = this.networks.get(view);
    if (!n) {
      const dto = networkDto(view, this.opts);
      const id = createHash('sha1').update(JSON.stringify(dto)).digest('base64url');
      n = { id, dto };
      this.networks.set(view, n);
    }
    return n;
  }

  /** Writes a led mode's frame and notifies the others (frames of one mode go out in order). */
  publish(modo: RunMode, state: FrameState, source: LiveSource | null): Promise<void> {
    const net = source ? this.network(source.view) : null;
    const networkId = net?.id ?? '';
    const sendNetwork = this.published.get(modo) !== networkId;
    const seq = ++this.seq;
    const airborne = packAirborne(source?.airborne ?? []);
    const prev = this.publishing.get(modo) ?? Promise.resolve();
    const next = prev.then(async () => {
      try {
        await this.db.raw.query(
          `WITH f AS (
             INSERT INTO live_frames (modo, instance_id, seq, network_id, network, state, airborne, updated_at)
             VALUES ($1, $2, $3, $4, $5, $6, $7, now())
             ON CONFLICT (modo) DO UPDATE SET instance_id = EXCLUDED.instance_id, seq = EXCLUDED.seq,
               network_id = EXCLUDED.network_id, network = COALESCE(EXCLUDED.network, live_frames.network),
               state = EXCLUDED.state, airborne = EXCLUDED.airborne, updated_at = now()
             RETURNING modo)
           SELECT pg_notify($8, $9) FROM f`,
          [
            modo,
            this.coordinator.id,
            seq,
            networkId,
            sendNetwork && net ? JSON.stringify(net.dto) : null,
            JSON.stringify(state),
            airborne,
            this.coordinator.frameChannel,
            this.coordinator.framePayload(modo, seq),
          ],
        );
        if (sendNetwork) this.published.set(modo, networkId);
      } catch (error) {
        this.published.delete(modo);
        this.log?.error({ err: error, modo }, 'no se pudo publicar el cuadro en vivo');
      }
    });
    this.publishing.set(modo, next);
    return next;
  }

  /** Another instance published a frame of this mode: read it (one read at a time; a late one reads again). */
  fetch(modo: RunMode): void {
    const busy = this.reading.get(modo);
    if (busy) {
      busy.again = true;
      return;
    }
    const flag = { again: false };
    this.reading.set(modo, flag);
    void (async () => {
      try {
        do {
          flag.again = false;
          await this.read(modo);
        } while (flag.again);
      } catch (error) {
        this.log?.error({ err: error, modo }, 'no se pudo leer el cuadro en vivo');
      } finally {
        this.reading.delete(modo);
      }
    })();
  }

  private async read(modo: RunMode): Promise<void> {
    const known = this.mirrored.get(modo);
    const rows = await this.db.raw.query<FrameRow>(
      `SELECT instance_id, network_id, state, airborne,
              CASE WHEN network_id = $2 THEN NULL ELSE network END AS network
         FROM live_frames WHERE modo = $1`,
      [modo, known?.networkId ?? ''],
    );
    const row = rows[0];
    if (!row || row.instance_id === this.coordinator.id || this.coordinator.leads(modo)) return;
    let view = known?.source?.view ?? null;
    if (row.network_id === '') view = null;
    else if (row.network_id !== known?.networkId || !view) {
      if (!row.network) return;
      view = viewFromNetwork(row.network);
    }
    const announce = known?.cambio !== row.state.cambio || known?.simulacion !== row.state.simulacion;
    this.mirrored.set(modo, {
      ...row.state,
      networkId: row.network_id,
      source: view ? { view, airborne: unpackAirborne(row.airborne), snapshot: row.state.snapshot } : null,
    });
    this.onFrame(modo, announce);
  }
}
