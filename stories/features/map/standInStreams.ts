import { fromCallback } from 'xstate';
import type { LiveState } from '../../../contract';
import { connectionMachine, type SseEvent } from '../../../src/features/connection/connectionMachine';
import { advance, type SyntheticFlight } from '../../../src/features/map/syntheticFlights';

/** Stand-in stream actors for stories: no EventSource, no network. */

export interface StandInOptions {
  /**
   * Act like the compact stream: send at most the `limit` of the connection's URL, busiest first as
   * given, and say how many fly in all (the instant's `enAire`).
   */
  compact?: boolean;
}

const limitOf = (url: string) => Number(new URL(url, 'http://x').searchParams.get('limit') ?? Infinity);

/** Opens, then sends the flights every second, advanced in time (like the server's live view). */
export function liveStream(
  flights: readonly SyntheticFlight[],
  intervalMs = 1000,
  options: StandInOptions = {},
) {
  return connectionMachine.provide({
    actors: {
      eventSource: fromCallback<SseEvent, { url: string }>(({ sendBack, input }) => {
        let current = flights;
        const limit = options.compact ? limitOf(input.url) : Infinity;
        const send = () =>
          sendBack({
            type: 'sse.message',
            flights: current.slice(0, limit),
            instant: options.compact
              ? { t: 0, velocidad: 600, enAire: current.length, estado: 'en_curso', simulacion: 'run-1' }
              : undefined,
          });
        sendBack({ type: 'sse.opened' });
        send();
        const timer = setInterval(() => {
          current = advance(current, intervalMs / 1000);
          send();
        }, intervalMs);
        return () => clearInterval(timer);
      }),
    },
  });
}

/** Fails at once, every time: the map stays disconnected (between retries). */
export const failingStream = connectionMachine.provide({
  actors: {
    eventSource: fromCallback<SseEvent, { url: string }>(({ sendBack }) => {
      const timer = setTimeout(() => sendBack({ type: 'sse.error' }), 0);
      return () => clearTimeout(timer);
    }),
  },
});

/** Never opens: the machine stays connecting. */
export const silentStream = connectionMachine.provide({
  actors: { eventSource: fromCallback<SseEvent, { url: string }>(() => () => {}) },
});

/** Opens and tells only the run's instant (epoch minutes), speed and state: no flight in the air. */
export function clockStream(t: number, velocidad: number | null = 600, estado: LiveState = 'en_curso') {
  return connectionMachine.provide({
    actors: {
      eventSource: fromCallback<SseEvent, { url: string }>(({ sendBack }) => {
        sendBack({ type: 'sse.opened' });
        sendBack({
          type: 'sse.message',
          flights: [],
          instant: { t, velocidad, enAire: 0, estado, simulacion: 'run-1' },
        });
        return () => {};
      }),
    },
  });
}
