import type { LiveFormat, LiveNetworkDto, LiveState, RunDto, RunMode } from '../../contract';
import { MINUTE_MS } from '../../contract/time';
import type { FrameState, LiveSource, Relay } from './cluster/relay';
import { CompactFeed, entriesOf, networkDto, type SimClock } from './compactLive';
import { LiveHub } from './live';
import type { SimulationOptions } from './options';
import type { RealtimeView } from './realtime';
import type { RunRegistry } from './registry';
import type { ViewNetwork } from './view';
import { toLiveFlight } from './wire';

/** What the stream shows for a mode: a run's worker, the real-time view, a relayed copy, or nothing. */
interface Shown {
  host: LiveSource | null;
  estado: LiveState;
  simulacion: string | null;
}

const NOTHING: Shown = { host: null, estado: 'sin_simulacion', simulacion: null };

/** Several instances on one database: which modes this one leads, and the frames of the others. */
export interface StreamCluster {
  leads(modo: RunMode): boolean;
  ledModes(): RunMode[];
  relay: Relay;
}

/**
 * The live stream: one timer ticks every run's worker (paced clocks move there), then each mode's frame is
 * built once from the flights in the air the workers returned and sent to all its clients. A run's changes
 * of state reach the clients of its mode as a 'simulacion' event.
 */
export class LiveStream {
  readonly hub: LiveHub;
  private timer: NodeJS.Timeout | null = null;
  private heartbeatTimer: NodeJS.Timeout | null = null;
  private tickSeq = 0;
  private frames = new Map<string, Buffer>();
  /** The compact stream's lists, per mode and limit. */
  private feeds = new Map<string, CompactFeed>();
  private networks = new WeakMap<ViewNetwork, LiveNetworkDto>();
  private ticking: Promise<void> = Promise.resolve();
  /** Changes of state of each mode's run, counted for the instances that relay them. */
  private readonly changes = new Map<RunMode, number>();
  /** Set when other instances may lead some modes (PostgreSQL); null: every mode is this process's. */
  cluster: StreamCluster | null = null;

  constructor(
    private readonly registry: RunRegistry,
    private readonly realtime: RealtimeView,
    private readonly opts: SimulationOptions,
    private readonly wallMs: () => number,
    private readonly log?: { error: (obj: object, msg: string) => void },
  ) {
    this.hub = new LiveHub(() => opts.maxBufferedBytes);
    registry.onChange = (modo, run) => this.announce(modo, run);
  }

  start(): void {
    if (this.opts.tickMs > 0) {
      this.timer = setInterval(() => void this.tick(), this.opts.tickMs);
      this.timer.unref();
    }
    if (this.opts.heartbeatMs > 0) {
      this.heartbeatTimer = setInterval(() => this.hub.heartbeat(), this.opts.heartbeatMs);
      this.heartbeatTimer.unref();
    }
  }

  close(): void {
    if (this.timer) clearInterval(this.timer);
    if (this.heartbeatTimer) clearInterval(this.heartbeatTimer);
    this.hub.closeAll();
  }

  /** What a mode shows: its current run (any state); operacion without one: the real-time view. */
  private shown(modo: RunMode): Shown {
    if (this.cluster && !this.cluster.leads(modo)) {
      const m = this.cluster.relay.mode(modo);
      if (m) return { host: m.source, estado: m.estado, simulacion: m.simulacion };
      return modo === 'operacion' ? { ...NOTHING, estado: 'tiempo_real' } : NOTHING;
    }
    const c = this.registry.of(modo);
    if (c?.host?.snapshot) return { host: c.host, estado: c.row.estado, simulacion: c.row.id };
    if (modo !== 'operacion') return c ? { host: null, estado: c.row.estado, simulacion: c.row.id } : NOTHING;
    const rt = this.realtime.now();
    return rt ? { host: rt, estado: 'tiempo_real', simulacion: null } : { ...NOTHING, estado: 'tiempo_real' };
  }

  /** One tick (ticks never overlap): every worker answers, then each mode's frame goes out once. */
  tick(wallMs = this.wallMs()): Promise<void> {
    this.ticking = this.ticking.then(() => this.tickNow(wallMs));
    return this.ticking;
  }

  private async tickNow(wallMs: number): Promise<void> {
    try {
      const hosts = this.registry.all().flatMap((c) => (c.host?.isReady ? [c.host] : []));
      if (!this.registry.of('operacion')?.host && this.isLocal('operacion')) {
        const rt = this.realtime.now();
        if (rt) hosts.push(rt);
      }
      await Promise.all(hosts.map((h) => h.tick(wallMs).catch(() => {})));
      this.tickSeq++;
      this.frames.clear();
      if (this.hub.clients.size > 0)
        this.hub.broadcast(
          (modo, limit, formato) => this.frame(modo, limit, formato),
          (modo) => this.isLocal(modo),
        );
      for (const modo of this.cluster?.ledModes() ?? []) void this.publish(modo);
    } catch (error) {
      this.log?.error({ err: error }, 'fallo en el tick de la simulación');
    }
  }

  private isLocal(modo: RunMode): boolean {
    return this.cluster === null || this.cluster.leads(modo);
  }

  /** What a led mode shows, for the instances that relay it. */
  publish(modo: RunMode): Promise<void> {
    if (!this.cluster?.leads(modo)) return Promise.resolve();
    const s = this.shown(modo);
    const c = this.registry.of(modo);
    const state: FrameState = {
      estado: s.estado,
      simulacion: s.simulacion,
      run: c ? c.dto() : null,
      snapshot: s.host?.snapshot ?? null,
      cambio: this.changes.get(modo) ?? 0,
    };
    return this.cluster.relay.publish(modo, state, s.host);
  }

  /** A frame another instance published: this instance's clients of that mode get it now. */
  relayed(modo: RunMode, announce: boolean): void {
    if (this.hub.clients.size === 0) return;
    if (announce) this.hub.sendToMode(modo, Buffer.from(this.runEvent(modo)));
    this.tickSeq++;
    this.frames.clear();
    this.hub.broadcast(
      (m, limit, formato) => this.frame(m, limit, formato),
      (m) => m === modo,
    );
  }

  private clockOf(s: Shown): SimClock & { estado: LiveState; simulacion: string | null } {
    const snap = s.host?.snapshot;
    const clock = snap?.clock;
    return {
      t: clock ? clock.ahoraMs / MINUTE_MS : null,
      velocidad: clock ? (clock.moving ? clock.speed : 0) : null,
      estado: s.estado,
      simulacion: s.simulacion,
      enAire: s.host?.airborne.length ?? 0,
    };
  }

  /** The SSE message of a tick for a mode, limit and format, computed once per tick. */
  frame(modo: RunMode, limit: number, formato: LiveFormat = 'arreglo'): Buffer {
    if (formato === 'compacto') return this.compactFrame(modo, limit);
    const key = `${modo}|${limit}`;
    let f = this.frames.get(key);
    if (!f) {
      const { host } = this.shown(modo);
      const t = host?.snapshot ? host.snapshot.clock.ahoraMs / MINUTE_MS : 0;
      const json = host
        ? JSON.stringify(host.airborne.slice(0, limit).map((a) => toLiveFlight(host.view, a, t, this.opts)))
        : '[]';
      f = Buffer.from(`id: ${this.tickSeq}\ndata: ${json}\n\n`);
      this.frames.set(key, f);
    }
    return f;
  }

  private feedOf(modo: RunMode, limit: number): CompactFeed {
    const key = `${modo}|${limit}`;
    let feed = this.feeds.get(key);
    if (!feed) {
      feed = new CompactFeed();
      this.feeds.set(key, feed);
    }
    return feed;
  }

  private entries(host: LiveSource | null, limit: number) {
    return host ? entriesOf(host.view, host.airborne, limit, this.opts) : [];
  }

  /** A tick of the compact stream: what changed since the last one (all compact clients share it). */
  private compactFrame(modo: RunMode, limit: number): Buffer {
    const key = `${modo}|${limit}|compacto`;
    let f = this.frames.get(key);
    if (!f) {
      const s = this.shown(modo);
      const change = this.feedOf(modo, limit).advance(
        s.host?.view ?? null,
        this.entries(s.host, limit),
        this.tickSeq,
        this.clockOf(s),
      );
      f =
        change === 'red'
          ? this.compactStart(modo, limit, false)
          : Buffer.from(`id: ${this.tickSeq}\nevent: tick\ndata: ${JSON.stringify(change)}\n\n`);
      this.frames.set(key, f);
    }
    return f;
  }

  private networkOf(host: LiveSource | null): LiveNetworkDto {
    if (!host) return { vuelos: [], niveles: [], colores: [] };
    let n = this.networks.get(host.view);
    if (!n) {
      n = networkDto(host.view, this.opts);
      this.networks.set(host.view, n);
    }
    return n;
  }

  /**
   * What a compact client needs first: the plan ('red') and the list now ('foto'), and on connecting the
   * mode's run ('simulacion'). The list is the one the next tick's change is measured from, so a joining
   * client and the others stay in step.
   */
  compactStart(modo: RunMode, limit: number, connecting = true): Buffer {
    const s = this.shown(modo);
    const feed = this.feedOf(modo, limit);
    if (feed.tick !== this.tickSeq)
      feed.reset(s.host?.view ?? null, this.entries(s.host, limit), this.tickSeq);
    const foto = feed.snapshot(this.clockOf(s));
    return Buffer.from(
      `id: ${this.tickSeq}\nevent: red\ndata: ${JSON.stringify(this.networkOf(s.host))}\n\n` +
        `id: ${this.tickSeq}\nevent: foto\ndata: ${JSON.stringify(foto)}\n\n` +
        (connecting ? this.runEvent(modo) : ''),
    );
  }

  /** The first message of an array client: this tick's list, then the mode's run. */
  arrayStart(modo: RunMode, limit: number): Buffer {
    return Buffer.concat([this.frame(modo, limit), Buffer.from(this.runEvent(modo))]);
  }

  private runEvent(modo: RunMode): string {
    const run = this.isLocal(modo)
      ? (this.registry.of(modo)?.dto() ?? null)
      : (this.cluster?.relay.mode(modo)?.run ?? null);
    return `event: simulacion\ndata: ${JSON.stringify(run)}\n\n`;
  }

  /** A run changed state: its mode's clients hear it at once, and so do the other instances'. */
  private announce(modo: RunMode, run: RunDto): void {
    if (this.cluster?.leads(modo)) {
      this.changes.set(modo, (this.changes.get(modo) ?? 0) + 1);
      void this.publish(modo);
    }
    if (this.hub.clients.size === 0) return;
    this.hub.sendToMode(modo, Buffer.from(`event: simulacion\ndata: ${JSON.stringify(run)}\n\n`));
  }

  liveLimit(limit: number | undefined): number {
    return Math.min(this.opts.liveMaxLimit, Math.max(1, limit ?? this.opts.liveDefaultLimit));
  }
}
