import { randomBytes, timingSafeEqual } from 'node:crypto';
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import { ApiError } from '../domain/errors';

/**
 * Password hashing (scrypt from node:crypto: memory-hard, maintained with Node itself, no native add-on)
 * in a small pool of worker threads with a bounded queue. scrypt is deliberately costly: run in libuv's
 * four shared threads, a flood of sign-ins took every core and queued the compression and file reads of
 * every other call behind it. Here at most POOL_SIZE hashes run at once, and a sign-in that would wait
 * more than about MAX_WAIT_MS for one gets a Spanish 429 at once instead.
 */

// 32 MiB and about 0.1 s per hash on an idle core, p = 3: one of OWASP's scrypt settings.
// Stored with each hash, so raising them later keeps old passwords valid.
const SCRYPT = { N: 2 ** 15, r: 8, p: 3, keyLength: 32 } as const;
/** Hashes at once: half the cores, at most two, so the API keeps at least one core whatever comes. */
export const POOL_SIZE = Math.max(1, Math.min(2, Math.floor(availableParallelism() / 2)));
/** Longest a sign-in should wait for a hashing thread; the queue holds what the threads do in that time. */
const MAX_WAIT_MS = 3_000;
const MIN_QUEUE = 2;
const MAX_QUEUE = 64;

const maxmem = (N: number, r: number, p: number) => 128 * N * r * p + 16 * 1024 * 1024;

interface ScryptJob {
  password: string;
  salt: Uint8Array;
  keyLength: number;
  options: { N: number; r: number; p: number; maxmem: number };
}
interface Task {
  job: ScryptJob;
  resolve: (key: Buffer) => void;
  reject: (error: Error) => void;
}

// Plain CommonJS run with `eval`: it needs node:crypto only, so it starts the same from the sources (tsx)
// and from the compiled build, without a loader or a build entry of its own.
const WORKER_SOURCE = `
const { parentPort } = require('node:worker_threads');
const { scryptSync } = require('node:crypto');
parentPort.on('message', (job) => {
  try {
    const key = scryptSync(job.password, job.salt, job.keyLength, job.options);
    parentPort.postMessage({ key });
  } catch (error) {
    parentPort.postMessage({ error: String((error && error.message) || error) });
  }
});`;

export const busy = () =>
  new ApiError(
    429,
    'INICIOS_DE_SESION_SATURADOS',
    'El servidor está atendiendo demasiados inicios de sesión a la vez: espera unos segundos y vuelve a intentarlo',
  );

class ScryptPool {
  private readonly idle: Worker[] = [];
  private readonly running = new Map<Worker, Task>();
  private readonly queue: Task[] = [];
  /** Moving average of one hash's time (ms), to size the queue to MAX_WAIT_MS on this machine now. */
  private averageMs = 100;
  /** Sign-ins admitted and not finished (their database lookups, then their hash). */
  private admitted = 0;
  refused = 0;

  constructor(private readonly size: number) {}

  /** Tasks a bounded caller may find ahead of it. */
  get queueLimit(): number {
    const perWait = Math.floor((MAX_WAIT_MS / this.averageMs) * this.size);
    return Math.min(MAX_QUEUE, Math.max(MIN_QUEUE, perWait));
  }

  get waiting(): number {
    return this.queue.length;
  }

  /**
   * Admits a sign-in before it does anything else, or refuses it with a 429 when as many are already
   * under way as the threads and the queue hold: a flood is turned away without a database query.
   * Returns the function that frees its place.
   */
  admit(): () => void {
    if (this.admitted >= this.size + this.queueLimit) {
      this.refused++;
      throw busy();
    }
    this.admitted++;
    let freed = false;
    return () => {
      if (!freed) this.admitted--;
      freed = true;
    };
  }

  /** A hash; `bounded` (sign-in) is refused with a 429 when the queue is full, others always wait. */
  run(job: ScryptJob, bounded: boolean): Promise<Buffer> {
    if (bounded && this.queue.length >= this.queueLimit) {
      this.refused++;
      return Promise.reject(busy());
    }
    return new Promise((resolve, reject) => {
      this.queue.push({ job, resolve, reject });
      this.next();
    });
  }

  private next(): void {
    while (this.queue.length > 0) {
      const worker = this.idle.pop() ?? (this.running.size < this.size ? this.spawn() : null);
      if (!worker) return;
      const task = this.queue.shift() as Task;
      this.running.set(worker, task);
      const started = performance.now();
      worker.once('message', (m: { key?: Uint8Array; error?: string }) => {
        this.running.delete(worker);
        this.averageMs = 0.8 * this.averageMs + 0.2 * (performance.now() - started);
        this.idle.push(worker);
        if (m.key) task.resolve(Buffer.from(m.key.buffer, m.key.byteOffset, m.key.byteLength));
        else task.reject(new Error(m.error ?? 'scrypt falló'));
        this.next();
      });
      worker.postMessage(task.job);
    }
  }

  private spawn(): Worker {
    const worker = new Worker(WORKER_SOURCE, { eval: true });
    // Idle threads never keep the process alive.
    worker.unref();
    const lost = (error: Error) => {
      const task = this.running.get(worker);
      this.running.delete(worker);
      const at = this.idle.indexOf(worker);
      if (at >= 0) this.idle.splice(at, 1);
      task?.reject(error);
      this.next();
    };
    worker.on('error', lost);
    worker.on('exit', (code) => lost(new Error(`el hilo de contraseñas terminó (código ${code})`)));
    return worker;
  }
}

export const scryptPool = new ScryptPool(POOL_SIZE);

function job(password: string, salt: Uint8Array, keyLength: number, N: number, r: number, p: number) {
  return { password, salt, keyLength, options: { N, r, p, maxmem: maxmem(N, r, p) } };
}

export async function hashPassword(password: string): Promise<string> {
  const { N, r, p, keyLength } = SCRYPT;
  const salt = randomBytes(16);
  const key = await scryptPool.run(job(password, salt, keyLength, N, r, p), false);
  return ['scrypt', N, r, p, salt.toString('base64url'), key.toString('base64url')].join('$');
}

/** Whether the password matches; `bounded` (a sign-in) may be refused with a 429 when the pool is full. */
export async function verifyPassword(password: string, stored: string, bounded = false): Promise<boolean> {
  const [scheme, n, r, p, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64url');
  const key = await scryptPool.run(
    job(password, Buffer.from(salt, 'base64url'), expected.length, Number(n), Number(r), Number(p)),
    bounded,
  );
  return timingSafeEqual(key, expected);
}
