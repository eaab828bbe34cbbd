import type { FastifyReply, FastifyRequest } from 'fastify';
import type { RunMode } from '../../../contract';
import { ApiError } from '../../domain/errors';

/** Marks a call one instance passed to another (the sender's id): it is never passed on again. */
const HOP_HEADER = 'x-morapack-reenvio';
/** The sender's token (Coordinator.token), proving the call was passed on and not sent by a client. */
const TOKEN_HEADER = 'x-morapack-reenvio-clave';
/** How long a call waits for a mode to have a leader (another instance takes over within seconds). */
const WAIT_MS = 12_000;
const RETRY_MS = 250;
const ANSWER_TIMEOUT_MS = 120_000;
const NOT_FORWARDED = new Set([
  'host',
  'connection',
  'keep-alive',
  'content-length',
  'transfer-encoding',
  'accept-encoding',
  'expect',
  'upgrade',
]);

const moving = () =>
  new ApiError(
    503,
    'SIN_LIDER',
    'La simulación está pasando a otro servidor; vuelve a intentarlo en unos segundos',
  );

const refused = (error: unknown) => {
  const cause = (error as { cause?: { code?: string } }).cause;
  return cause?.code === 'ECONNREFUSED';
};

const isUpload = (request: FastifyRequest) =>
  (request.headers['content-type'] ?? '').startsWith('multipart/');

async function bodyOf(request: FastifyRequest): Promise<Uint8Array<ArrayBuffer> | undefined> {
  if (isUpload(request)) {
    const chunks: Buffer[] = [];
    for await (const chunk of request.raw) chunks.push(chunk as Buffer);
    return new Uint8Array(Buffer.concat(chunks));
  }
  return request.body === undefined ? undefined : new TextEncoder().encode(JSON.stringify(request.body));
}

/**
 * True for a call another instance of this cluster passed on (its token proves it, whatever a client
 * sends): that instance already counted it against the caller's rate limit.
 */
export async function forwardedByPeer(request: FastifyRequest): Promise<boolean> {
  const coordinator = request.server.simulation?.coordinator;
  const id = request.headers[HOP_HEADER];
  const token = request.headers[TOKEN_HEADER];
  if (!coordinator || typeof id !== 'string' || typeof token !== 'string') return false;
  return coordinator.vouches(id, token);
}

/**
 * A preHandler for calls that a mode's run must answer (its controls, its worker's reads, orders and
 * cancellations for it): on an instance that does not lead the mode, the call goes as it came (cookie
 * included) to the instance that does, and its answer comes back as is. With one instance it does nothing.
 */
export function leaderOnly(modeOf: (request: FastifyRequest) => RunMode | null) {
  return async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
    const coordinator = request.server.simulation.coordinator;
    if (!coordinator) return;
    const modo = modeOf(request);
    if (modo === null || coordinator.leads(modo)) return;
    if (request.headers[HOP_HEADER]) throw moving();
    const body = await bodyOf(request);
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries(request.headers))
      if (value !== undefined && !NOT_FORWARDED.has(name))
        headers[name] = Array.isArray(value) ? value.join(', ') : value;
    headers[HOP_HEADER] = coordinator.id;
    headers[TOKEN_HEADER] = coordinator.token;
    const write = request.method !== 'GET';
    const deadline = Date.now() + WAIT_MS;
    for (;;) {
      if (coordinator.leads(modo)) {
        // Became the leader meanwhile: a JSON call is answered here; an upload's body is already read.
        if (isUpload(request)) throw moving();
        return;
      }
      const leader = await coordinator.leaderOf(modo);
      if (leader?.address && leader.id !== coordinator.id) {
        try {
          const res = await fetch(`${leader.address}${request.url}`, {
            method: request.method,
            headers,
            body,
            signal: AbortSignal.timeout(ANSWER_TIMEOUT_MS),
          });
          // 503: the leader lost its lock meanwhile; ask the next one.
          if (res.status !== 503) {
            const answer = Buffer.from(await res.arrayBuffer());
            reply.status(res.status);
            const type = res.headers.get('content-type');
            if (type) reply.type(type);
            await reply.send(answer);
            return;
          }
        } catch (error) {
          // A refused connection never reached the leader (it just died); anything else may have.
          if (!refused(error) && write)
            throw new ApiError(
              502,
              'SERVIDOR_CAIDO',
              'El servidor que lleva la simulación no respondió; comprueba si el cambio se aplicó',
            );
        }
      }
      if (Date.now() > deadline) throw moving();
      await new Promise((resolve) => setTimeout(resolve, RETRY_MS));
    }
  };
}
