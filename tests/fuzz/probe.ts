import type { Readable } from 'node:stream';
import fc from 'fast-check';
import type { Operation } from './openapi';
import { type FuzzRequest, requestsFor } from './requests';
import { harvest, IDENTITIES, type World } from './world';

/**
 * Sends fuzzed requests and judges each answer: a 2xx, or a 4xx whose body is `{ message, code }`
 * with a Spanish message; never a 5xx, never silence; and a refused write leaves every stored table
 * as it was.
 */

export interface Failure {
  operation: string;
  reason: string;
  request: { as: string; method: string; url: string; headers: Record<string, string>; payload?: string };
  status?: number;
  body?: string;
}

export interface OperationCount {
  requests: number;
  byStatus: Record<string, number>;
}

export interface FuzzReport {
  counts: Record<string, OperationCount>;
  failures: Failure[];
}

const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const TIMEOUT_MS = 30_000;
const MAX_BODY = 4 * 1024 * 1024;
// Words of Spanish that every message of the API has at least one of.
const SPANISH =
  /[áéíóúñ¿¡]|\b(el|la|los|las|de|del|no|es|un|una|en|se|con|por|para|debe|falta|sin|ya|hay)\b/i;
// What frameworks and libraries say in English when a message leaks through untranslated.
const ENGLISH =
  /\bmust (be|have|match|not)\b|\bshould\b|Unexpected (token|end)|Bad Request|Not Found|Unsupported Media|Internal Server|Route .* not found|Body cannot be empty|Client Error|is not valid JSON|\bFST_|\bERR_/;

/** Why an answer breaks the rules, or null when it keeps them. */
export function judge(method: string, status: number, type: string, body: string): string | null {
  if (status >= 500) return `respondió ${status}`;
  if (status < 200 || (status >= 300 && status < 400 && status !== 304))
    return `respondió ${status} (ni 2xx ni 4xx)`;
  if (status < 400 || method === 'HEAD') return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return `un ${status} sin cuerpo JSON (${type || 'sin tipo'})`;
  }
  const { message, code } = (parsed ?? {}) as { message?: unknown; code?: unknown };
  if (typeof code !== 'string' || !/^[A-Z][A-Z0-9_]*$/.test(code)) return `un ${status} sin code`;
  if (typeof message !== 'string' || message.trim() === '') return `un ${status} sin message`;
  if (ENGLISH.test(message) || !SPANISH.test(message))
    return `un ${status} con un mensaje que no está en español`;
  return null;
}

async function readAll(stream: Readable, limit: number): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream) {
    const b = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as string);
    size += b.length;
    if (size <= limit) chunks.push(b);
  }
  return Buffer.concat(chunks).toString('utf8');
}

const shown = (payload: FuzzRequest['payload']) => {
  if (payload === undefined) return undefined;
  const text = payload.toString();
  return text.length > 300 ? `${text.slice(0, 300)}… (${text.length} caracteres)` : text;
};

/** A promise that never settles would let the process end silently: a timer keeps it alive and says what hung. */
export async function withTimeout<T>(promise: Promise<T>, what: string, ms = TIMEOUT_MS): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([
      promise,
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`${what}: sin respuesta en ${ms / 1000} s`)), ms);
      }),
    ]);
  } finally {
    clearTimeout(timer);
  }
}

export class Prober {
  readonly report: FuzzReport = { counts: {}, failures: [] };

  constructor(private readonly world: World) {}

  private fail(req: FuzzRequest, reason: string, status?: number, body?: string) {
    this.report.failures.push({
      operation: req.operation,
      reason,
      request: {
        as: req.as,
        method: req.method,
        url: req.url,
        headers: req.headers,
        payload: shown(req.payload),
      },
      status,
      body: body?.slice(0, 500),
    });
  }

  /** Sends one request and records what it showed. */
  async probe(req: FuzzRequest): Promise<void> {
    const { app } = this.world;
    const headers = { ...req.headers };
    const cookie = this.world.cookieFor(req.as);
    if (cookie) headers.cookie = headers.cookie ? `${headers.cookie}; ${cookie}` : cookie;
    const write = WRITES.has(req.method);
    const before = write ? await withTimeout(this.world.digest(), 'el resumen de lo guardado') : null;
    let timer: NodeJS.Timeout | undefined;
    let answer: { status: number; type: string; body: string };
    try {
      const send = async () => {
        const res = await app.inject({
          method: req.method as 'GET',
          url: req.url,
          headers,
          payload: req.payload,
          payloadAsStream: true,
        });
        const type = String(res.headers['content-type'] ?? '');
        // A stream that does not end (live flights): its status and type are the answer.
        if (type.startsWith('text/event-stream')) {
          res.raw.res.destroy();
          return { status: res.statusCode, type, body: '' };
        }
        return { status: res.statusCode, type, body: await readAll(res.stream(), MAX_BODY) };
      };
      answer = await Promise.race([
        send(),
        new Promise<never>((_, reject) => {
          timer = setTimeout(() => reject(new Error('sin respuesta')), TIMEOUT_MS);
        }),
      ]);
    } catch (error) {
      // The request could not be made (a URL the client refuses to build) or never got a whole answer.
      const message = error instanceof Error ? error.message : String(error);
      if (message === 'sin respuesta') this.fail(req, `sin respuesta completa en ${TIMEOUT_MS / 1000} s`);
      this.count(req, message === 'sin respuesta' ? 'sin respuesta' : 'no enviada');
      return;
    } finally {
      clearTimeout(timer);
    }
    const { status, type, body } = answer;
    this.count(req, String(status));
    const reason = judge(req.method, status, type, body);
    if (reason) this.fail(req, reason, status, body);
    if (before && status >= 400) {
      const after = await withTimeout(this.world.digest(), 'el resumen de lo guardado');
      const changed = [...after].filter(([t, d]) => before.get(t) !== d).map(([t]) => t);
      if (changed.length > 0)
        this.fail(req, `rechazada pero cambió lo guardado en ${changed.join(', ')}`, status, body);
    }
    if (status < 300 && type.includes('json') && body) {
      try {
        harvest(JSON.parse(body), this.world.known);
      } catch {
        // A 2xx that is not JSON after all is judged elsewhere.
      }
    }
  }

  private count(req: FuzzRequest, status: string) {
    this.report.counts[req.operation] ??= { requests: 0, byStatus: {} };
    const c = this.report.counts[req.operation];
    c.requests++;
    c.byStatus[status] = (c.byStatus[status] ?? 0) + 1;
  }

  /** `numRuns` fuzzed requests to one operation, from a fixed seed. */
  async fuzz(op: Operation, seed: number, numRuns: number): Promise<void> {
    await this.world.restoreIdentities();
    const requests = requestsFor(op, IDENTITIES, this.world.known);
    await fc.assert(
      fc.asyncProperty(requests, async (req) => {
        await this.probe(req);
      }),
      { seed, numRuns, endOnFailure: true },
    );
  }
}
