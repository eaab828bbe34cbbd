import { createHash, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import pg from 'pg';
import type { RunMode } from '../../../contract';
import { RUN_MODES } from '../../../contract/enums';
import type { Database } from '../../db/client';
import type { PlanOrder } from '../../planner/types';

/** Advisory locks of the run leaders: (namespace, mode index), apart from the migrator's lock. */
const LOCK_NAMESPACE = 7_263_010;
const CHANNELS = { frame: 'morapack_vivo', orders: 'morapack_pedidos', network: 'morapack_red' } as const;
/** NOTIFY payloads must stay under 8,000 bytes; orders travel in chunks below this. */
const NOTIFY_BYTES = 7_000;

export interface ClusterHandlers {
  /** This instance now leads the mode: restore its current run from the database. */
  acquired(modo: RunMode): Promise<void>;
  /** The lock's connection died: another instance may lead the mode now; stop driving it at once. */
  lost(modo: RunMode): void;
  /** Another instance published a live frame of a mode. */
  frame(modo: RunMode, from: string): void;
  /** Orders stored by another instance (the operacion leader plans them). */
  orders(orders: PlanOrder[]): void;
  /** Another instance replaced the airports or the flights. */
  network(): void;
}

export interface CoordinatorOptions {
  url: string;
  /** How often locks are tried and the heartbeat written. */
  pollMs: number;
  /** Where peers reach this instance (null until it listens). */
  address: () => string | null;
  log?: { info: (obj: object, msg: string) => void; error: (obj: object, msg: string) => void };
}

type OrderWire = [key: string, destination: string, releaseMin: number, quantity: number];

/**
 * One instance among several on one PostgreSQL. A dedicated connection holds the advisory lock of every
 * mode this instance leads (released by PostgreSQL when the process or its connection dies, so a waiting
 * instance takes over) and listens for the others' notifications; the heartbeat row says where peers
 * reach it.
 */
export class Coordinator {
  readonly id = randomUUID();
  /** Proves this instance's forwarded calls to the others (kept in its instances row, never answered). */
  readonly token = randomBytes(32).toString('base64url');
  /** Other instances' tokens, as read from their rows. */
  private readonly peers = new Map<string, string>();
  private client: pg.Client | null = null;
  /** Modes whose lock this instance holds (their runs may still be being restored). */
  private readonly held = new Set<RunMode>();
  /** Held modes whose runs are restored: this instance serves them. */
  private readonly led = new Set<RunMode>();
  private timer: NodeJS.Timeout | null = null;
  private polling: Promise<void> = Promise.resolve();
  /** Runs being restored after taking their modes' locks. */
  private taking: Promise<void>[] = [];
  private closed = false;
  private handlers: ClusterHandlers | null = null;

  constructor(
    private readonly db: Database,
    private readonly opts: CoordinatorOptions,
  ) {}

  /** True once this instance drives the mode: its lock held and its run restored. */
  leads(modo: RunMode): boolean {
    return this.led.has(modo);
  }

  /** True from the moment the lock is held (live orders are kept for the run being restored). */
  holds(modo: RunMode): boolean {
    return this.held.has(modo);
  }

  /** The held mode's run is restored: serve it. */
  ready(modo: RunMode): void {
    if (this.held.has(modo)) this.led.add(modo);
  }

  ledModes(): RunMode[] {
    return RUN_MODES.filter((m) => this.led.has(m));
  }

  start(handlers: ClusterHandlers): void {
    this.handlers = handlers;
    const beat = () => {
      this.polling = this.polling.then(() => this.poll()).catch(() => {});
    };
    beat();
    this.timer = setInterval(beat, this.opts.pollMs);
    this.timer.unref();
  }

  /** Settles once the attempt at the locks under way is over and the runs it took are restored. */
  async settled(): Promise<void> {
    await this.polling;
    const taking = this.taking;
    this.taking = [];
    await Promise.all(taking);
  }

  private async connect(): Promise<pg.Client> {
    const client = new pg.Client({ connectionString: this.opts.url, keepAlive: true });
    const gone = () => {
      if (this.client !== client) return;
      this.client = null;
      this.demoteAll();
    };
    client.on('error', (error) => {
      this.opts.log?.error({ err: error }, 'se perdió la conexión de coordinación');
      gone();
    });
    client.on('end', gone);
    client.on('notification', (n) => this.notified(n.channel, n.payload ?? ''));
    try {
      await client.connect();
      for (const channel of Object.values(CHANNELS)) await client.query(`LISTEN ${channel}`);
      // Rows of instances that died without leaving (kill -9) go after an hour.
      await this.db.raw.query("DELETE FROM instances WHERE heartbeat_at < now() - interval '1 hour'");
    } catch (error) {
      await client.end().catch(() => {});
      throw error;
    }
    this.client = client;
    return client;
  }

  private demoteAll(): void {
    this.led.clear();
    for (const modo of [...this.held]) {
      this.held.delete(modo);
      this.opts.log?.info({ modo }, 'este servidor deja de dirigir el modo');
      this.handlers?.lost(modo);
    }
  }

  private async poll(): Promise<void> {
    if (this.closed) return;
    try {
      const client = this.client ?? (await this.connect());
      await this.db.raw.query(
        `INSERT INTO instances (id, address, token) VALUES ($1, $2, $3)
         ON CONFLICT (id) DO UPDATE SET address = EXCLUDED.address, heartbeat_at = now()`,
        [this.id, this.opts.address(), this.token],
      );
      for (const [index, modo] of RUN_MODES.entries()) {
        if (this.held.has(modo) || this.closed) continue;
        const rows = await client.query<{ ok: boolean }>('SELECT pg_try_advisory_lock($1, $2) AS ok', [
          LOCK_NAMESPACE,
          index,
        ]);
        if (!rows.rows[0]?.ok) continue;
        await client.query(
          `INSERT INTO run_leaders (modo, instance_id, backend_pid) VALUES ($1, $2, pg_backend_pid())
           ON CONFLICT (modo) DO UPDATE SET instance_id = EXCLUDED.instance_id,
             backend_pid = EXCLUDED.backend_pid, since = now()`,
          [modo, this.id],
        );
        this.held.add(modo);
        this.opts.log?.info({ modo, instancia: this.id }, 'este servidor dirige el modo');
        const taking = this.handlers
          ?.acquired(modo)
          .catch((error) => this.opts.log?.error({ err: error, modo }, 'no se pudo tomar el modo'));
        if (taking) this.taking.push(taking);
      }
    } catch (error) {
      if (!this.closed) this.opts.log?.error({ err: error }, 'coordinación entre servidores');
    }
  }

  private notified(channel: string, payload: string): void {
    const h = this.handlers;
    if (!h || this.closed) return;
    try {
      const msg = JSON.parse(payload) as { i: string };
      if (channel === CHANNELS.orders) {
        // Own ones too: sent just before this instance took the lock, they may have missed its restore.
        if (!this.held.has('operacion')) return;
        const { o } = msg as unknown as { o: OrderWire[] };
        h.orders(
          o.map(([key, destination, releaseMin, quantity]) => ({ key, destination, releaseMin, quantity })),
        );
      } else if (msg.i === this.id) return;
      else if (channel === CHANNELS.frame) {
        const { m } = msg as unknown as { m: RunMode };
        if (!this.led.has(m)) h.frame(m, msg.i);
      } else if (channel === CHANNELS.network) h.network();
    } catch (error) {
      this.opts.log?.error({ err: error, channel }, 'aviso de otro servidor no válido');
    }
  }

  /** The payload a live frame's notification carries: which mode, from whom. */
  framePayload(modo: RunMode, seq: number): string {
    return JSON.stringify({ i: this.id, m: modo, s: seq });
  }

  get frameChannel(): string {
    return CHANNELS.frame;
  }

  /** Orders stored here while another instance leads operacion: it plans them (in chunks under the limit). */
  async publishOrders(orders: PlanOrder[]): Promise<void> {
    const chunks: string[] = [];
    let part: OrderWire[] = [];
    let size = 0;
    const flush = () => {
      if (part.length > 0) chunks.push(JSON.stringify({ i: this.id, o: part }));
      part = [];
      size = 0;
    };
    for (const o of orders) {
      const w: OrderWire = [o.key, o.destination, o.releaseMin, o.quantity];
      const bytes = JSON.stringify(w).length + 1;
      if (size + bytes > NOTIFY_BYTES - 60) flush();
      part.push(w);
      size += bytes;
    }
    flush();
    // One statement: the notifications are delivered together, in order, when it commits.
    await this.db.raw.query('SELECT pg_notify($1, p) FROM unnest($2::text[]) AS p', [
      CHANNELS.orders,
      chunks,
    ]);
  }

  async publishNetwork(): Promise<void> {
    await this.db.raw.query('SELECT pg_notify($1, $2)', [CHANNELS.network, JSON.stringify({ i: this.id })]);
  }

  /** Where the instance leading a mode listens, if one holds its lock now (checked in pg_locks). */
  async leaderOf(modo: RunMode): Promise<{ id: string; address: string | null } | null> {
    const rows = await this.db.raw.query<{ id: string; address: string | null }>(
      `SELECT i.id, i.address FROM run_leaders l
         JOIN instances i ON i.id = l.instance_id
         JOIN pg_locks k ON k.pid = l.backend_pid AND k.locktype = 'advisory' AND k.granted
          AND k.classid = $2::text::oid AND k.objid = $3::text::oid AND k.objsubid = 2
          AND k.database = (SELECT oid FROM pg_database WHERE datname = current_database())
        WHERE l.modo = $1`,
      [modo, String(LOCK_NAMESPACE), String(RUN_MODES.indexOf(modo))],
    );
    return rows[0] ?? null;
  }

  /** True when `token` is the one instance `id` wrote to its row: the call comes from that instance. */
  async vouches(id: string, token: string): Promise<boolean> {
    let known = id === this.id ? this.token : this.peers.get(id);
    if (known === undefined) {
      const rows = await this.db.raw.query<{ token: string | null }>(
        'SELECT token FROM instances WHERE id = $1',
        [id],
      );
      known = rows[0]?.token ?? undefined;
      if (known !== undefined) this.peers.set(id, known);
    }
    const digest = (text: string) => createHash('sha256').update(text).digest();
    return known !== undefined && timingSafeEqual(digest(known), digest(token));
  }

  /** Stops leading: the locks go with the connection, so a waiting instance takes over at once. */
  async close(): Promise<void> {
    this.closed = true;
    if (this.timer) clearInterval(this.timer);
    await this.polling;
    const client = this.client;
    this.client = null;
    this.led.clear();
    this.held.clear();
    await this.db.raw.query('DELETE FROM instances WHERE id = $1', [this.id]).catch(() => {});
    await client?.end().catch(() => {});
  }
}
