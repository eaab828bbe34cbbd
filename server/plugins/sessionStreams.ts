import type { ServerResponse } from 'node:http';

interface Bound {
  res: ServerResponse;
  userId: number;
}

/** How often the open streams' sessions are checked against the database (sign-out elsewhere, expiry). */
export const SESSION_SWEEP_MS = 2_000;
// A closed stream's socket gets this long to flush its end before it is cut.
const END_GRACE_MS = 1_000;

/**
 * The long answers (live streams) each session holds open. Signing out closes them at once on this
 * instance; every SESSION_SWEEP_MS the sessions still holding one are checked in the database, so a
 * session closed on another instance, expired, gone idle or whose user was disabled loses its streams
 * within seconds. One query per sweep for all of them, none while no stream is open.
 */
export class SessionStreams {
  private readonly bySession = new Map<string, Set<Bound>>();
  private timer: NodeJS.Timeout | null = null;
  private sweeping = false;

  constructor(
    /** Of these session hashes, the ones still alive. */
    private readonly alive: (hashes: string[]) => Promise<Set<string>>,
    private readonly onError: (error: unknown) => void,
  ) {}

  get size(): number {
    let n = 0;
    for (const set of this.bySession.values()) n += set.size;
    return n;
  }

  /** Ties an open answer to the session (sha256 of its token) and user it was opened with. */
  bind(sessionHash: string, userId: number, res: ServerResponse): void {
    let set = this.bySession.get(sessionHash);
    if (!set) {
      set = new Set();
      this.bySession.set(sessionHash, set);
    }
    const bound: Bound = { res, userId };
    set.add(bound);
    res.once('close', () => {
      set.delete(bound);
      if (set.size === 0 && this.bySession.get(sessionHash) === set) this.bySession.delete(sessionHash);
    });
  }

  /** Closes the answers of one session now; returns how many. */
  closeSession(sessionHash: string): number {
    const set = this.bySession.get(sessionHash);
    this.bySession.delete(sessionHash);
    for (const bound of set ?? []) end(bound.res);
    return set?.size ?? 0;
  }

  /** Closes the answers of every session of a user now. */
  closeUser(userId: number): number {
    let n = 0;
    for (const [hash, set] of this.bySession)
      if ([...set].some((b) => b.userId === userId)) n += this.closeSession(hash);
    return n;
  }

  /** Checks every session holding a stream; closes the streams of those no longer alive. */
  async sweep(): Promise<number> {
    if (this.sweeping || this.bySession.size === 0) return 0;
    this.sweeping = true;
    try {
      const hashes = [...this.bySession.keys()];
      const alive = await this.alive(hashes);
      let closed = 0;
      for (const hash of hashes) if (!alive.has(hash)) closed += this.closeSession(hash);
      return closed;
    } finally {
      this.sweeping = false;
    }
  }

  start(everyMs = SESSION_SWEEP_MS): void {
    this.timer ??= setInterval(() => this.sweep().catch(this.onError), everyMs);
    this.timer.unref();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }
}

function end(res: ServerResponse): void {
  if (res.destroyed || res.writableEnded) return;
  res.end();
  setTimeout(() => res.destroy(), END_GRACE_MS).unref();
}
