import { fromCallback } from 'xstate';
import { connectionMachine, type SseEvent } from '../../../src/features/connection/connectionMachine';
import { advance, type SyntheticFlight } from '../../../src/features/map/syntheticFlights';

/** Stand-in stream actors for stories: no EventSource, no network. */

/** Opens, then sends the flights every second, advanced in time (like the server's live view). */
export function liveStream(flights: readonly SyntheticFlight[], intervalMs = 1000) {
  return connectionMachine.provide({
    actors: {
      eventSource: fromCallback<SseEvent, { url: string }>(({ sendBack }) => {
        let current = flights;
        sendBack({ type: 'sse.opened' });
        sendBack({ type: 'sse.message', flights: [...current] });
        const timer = setInterval(() => {
          current = advance(current, intervalMs / 1000);
          sendBack({ type: 'sse.message', flights: [...current] });
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
