import { assign, fromCallback, setup } from 'xstate';
import type { LiveFlightDto, LiveNetworkDto, LiveSnapshotDto, LiveTickDto } from '../../../contract';
import { parseLiveMessage } from '../../api/live';
import { CompactLiveDecoder, type SimInstant } from '../../api/liveCompact';

/** A compact event's JSON, or undefined when it cannot be read (ignored, like a malformed message). */
function parseJson<T>(data: string): T | undefined {
  try {
    return JSON.parse(data) as T;
  } catch {
    return undefined;
  }
}

/**
 * The live stream's connection: connecting, connected on open, disconnected on error; retries
 * with back-off 1 s, 2 s, 4 s... up to 30 s. Each accepted message replaces the flight list.
 */

export type SseEvent =
  | { type: 'sse.opened' }
  | { type: 'sse.message'; flights: LiveFlightDto[]; instant?: SimInstant }
  | { type: 'sse.error' };

export type ConnectionEvent =
  | SseEvent
  | { type: 'connection.retry' }
  /** Another list of the same run (e.g. every flight instead of the busiest): a new stream, same actor. */
  | { type: 'connection.url'; url: string };

export interface ConnectionInput {
  url: string;
}

export interface ConnectionContext {
  url: string;
  flights: LiveFlightDto[];
  /** Consecutive failed attempts; sets the next back-off. */
  attempts: number;
  /** Date.now() of the last accepted message (animation timing). */
  receivedAt: number | null;
  /** The run's instant, speed and flights in the air, as the compact format tells them; null otherwise. */
  instant: SimInstant | null;
}

export const RETRY_BASE_MS = 1_000;
export const RETRY_MAX_MS = 30_000;
export const retryDelay = (attempts: number) =>
  Math.min(RETRY_MAX_MS, RETRY_BASE_MS * 2 ** Math.max(0, attempts - 1));

/**
 * Wraps an EventSource. Only JSON arrays reach the machine; the browser's own reconnection is cut
 * (close on error) so the machine owns the back-off.
 */
export const eventSourceLogic = fromCallback<SseEvent, ConnectionInput>(({ sendBack, input }) => {
  const source = new EventSource(input.url);
  source.onopen = () => sendBack({ type: 'sse.opened' });
  source.onmessage = (event: MessageEvent<string>) => {
    const flights = parseLiveMessage(event.data);
    if (flights) sendBack({ type: 'sse.message', flights });
  };
  // The compact format: a decoder per connection, so a reconnection starts again from 'red' + 'foto'.
  const compact = new CompactLiveDecoder();
  const on = <T>(name: string, apply: (payload: T) => LiveFlightDto[] | null) =>
    source.addEventListener(name, (event) => {
      const payload = parseJson<T>((event as MessageEvent<string>).data);
      if (payload === undefined) return;
      const flights = apply(payload);
      if (flights) sendBack({ type: 'sse.message', flights, instant: compact.instant });
    });
  on<LiveNetworkDto>('red', (p) => {
    compact.setNetwork(p);
    return null;
  });
  on<LiveSnapshotDto>('foto', (p) => compact.snapshot(p));
  on<LiveTickDto>('tick', (p) => compact.tick(p));
  source.onerror = () => {
    source.close();
    sendBack({ type: 'sse.error' });
  };
  return () => source.close();
});

export const connectionMachine = setup({
  types: {
    context: {} as ConnectionContext,
    events: {} as ConnectionEvent,
    input: {} as ConnectionInput,
  },
  actors: { eventSource: eventSourceLogic },
  actions: {
    storeFlights: assign({
      flights: (_, params: { flights: LiveFlightDto[]; instant?: SimInstant }) => params.flights,
      instant: (_, params: { flights: LiveFlightDto[]; instant?: SimInstant }) => params.instant ?? null,
      receivedAt: () => Date.now(),
    }),
    resetAttempts: assign({ attempts: 0 }),
    countAttempt: assign({ attempts: ({ context }) => context.attempts + 1 }),
  },
  delays: {
    backoff: ({ context }) => retryDelay(context.attempts),
  },
}).createMachine({
  id: 'connection',
  context: ({ input }) => ({ url: input.url, flights: [], attempts: 0, receivedAt: null, instant: null }),
  initial: 'live',
  on: {
    'connection.url': {
      target: '.live',
      reenter: true,
      actions: assign({ url: ({ event }) => event.url, attempts: 0 }),
    },
  },
  states: {
    // One stream actor per visit of 'live': leaving it (error) closes the EventSource; a retry opens a new one.
    live: {
      invoke: { id: 'stream', src: 'eventSource', input: ({ context }) => ({ url: context.url }) },
      initial: 'connecting',
      states: {
        connecting: {
          on: { 'sse.opened': { target: 'connected', actions: 'resetAttempts' } },
        },
        connected: {},
      },
      on: {
        // Data proves the stream is up even if the open event was missed.
        'sse.message': {
          target: '.connected',
          actions: [
            'resetAttempts',
            {
              type: 'storeFlights',
              params: ({ event }) => ({ flights: event.flights, instant: event.instant }),
            },
          ],
        },
        'sse.error': { target: 'disconnected', actions: 'countAttempt' },
      },
    },
    disconnected: {
      after: { backoff: 'live' },
      on: { 'connection.retry': 'live' },
    },
  },
});
