import { type FastifyReply, type FastifyRequest, LogController } from 'fastify';

/** A kind of refused request (status and code) is logged at most once in this long. */
export const REFUSAL_LOG_INTERVAL_MS = 60_000;
// Kinds are the server's own codes, a few dozen; the bound only guards against a surprise.
const MAX_KINDS = 1_000;

const refusals = new WeakMap<FastifyRequest, { code: string; message: string }>();

/** Tells the request log what a refusal was (its code and Spanish message), for its one line. */
export function noteRefusal(request: FastifyRequest, code: string, message: string): void {
  refusals.set(request, { code, message });
}

/**
 * One log line per request, when it completes (method, URL, status, time), instead of Fastify's two.
 * A refused request (4xx) is logged at most once a minute per kind, the line saying how many of that
 * kind went unlogged since: a client sending garbage, or a fuzzer, cannot flood the log.
 */
export class RefusalLogController extends LogController {
  private readonly kinds = new Map<string, { loggedAt: number; omitted: number }>();

  constructor(private readonly now: () => number = Date.now) {
    super();
  }

  override incomingRequest(): void {
    // The completion line carries the request.
  }

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    if (this.isLogDisabled(request)) return;
    const fields = { req: request, res: reply, responseTime: reply.elapsedTime };
    if (error) {
      reply.log.error({ ...fields, err: error }, 'request errored');
      return;
    }
    const status = reply.statusCode;
    if (status < 400 || status >= 500) {
      reply.log.info(fields, 'request completed');
      return;
    }
    const refusal = refusals.get(request);
    const key = `${status} ${refusal?.code ?? ''}`;
    const now = this.now();
    const seen = this.kinds.get(key);
    if (seen && now - seen.loggedAt < REFUSAL_LOG_INTERVAL_MS) {
      seen.omitted++;
      return;
    }
    if (!seen && this.kinds.size >= MAX_KINDS) this.kinds.clear();
    this.kinds.set(key, { loggedAt: now, omitted: 0 });
    const omitted = seen?.omitted ? { omitidasDesdeLaAnterior: seen.omitted } : {};
    reply.log.info({ ...fields, code: refusal?.code, ...omitted }, refusal?.message ?? 'solicitud rechazada');
  }
}
