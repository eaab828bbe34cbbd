import { describe, expect, it, vi } from 'vitest';
import { createActor, fromCallback } from 'xstate';
import { parseLiveMessage } from '../../api/live';
import { connectionMachine, RETRY_MAX_MS, retryDelay, type SseEvent } from './connectionMachine';

/** A stand-in stream: the test pushes raw SSE data or errors through the returned controls. */
function standInStream() {
  const opened: string[] = [];
  let send: ((event: SseEvent) => void) | null = null;
  let closed = 0;
  const logic = fromCallback<SseEvent, { url: string }>(({ sendBack, input }) => {
    opened.push(input.url);
    send = sendBack;
    return () => {
      closed++;
    };
  });
  return {
    logic,
    opened,
    closedCount: () => closed,
    open: () => send?.({ type: 'sse.opened' }),
    // Same filtering as the real actor: only JSON arrays get through.
    data: (raw: string) => {
      const flights = parseLiveMessage(raw);
      if (flights) send?.({ type: 'sse.message', flights });
    },
    fail: () => send?.({ type: 'sse.error' }),
  };
}

const flight = (id: string, progress: number) => ({
  id,
  originLat: -12,
  originLon: -77,
  destLat: 40.4,
  destLon: -3.7,
  progress,
});

function start() {
  const stream = standInStream();
  const actor = createActor(connectionMachine.provide({ actors: { eventSource: stream.logic } }), {
    input: { url: '/api/vuelos/live?limit=200&modo=operacion' },
  });
  actor.start();
  return { actor, stream };
}

describe('connectionMachine', () => {
  it('another list of the same run closes the stream and opens the new one, keeping the last flights until it speaks', () => {
    const { actor, stream } = start();
    stream.open();
    stream.data(JSON.stringify([flight('A', 0.5)]));
    actor.send({ type: 'connection.url', url: '/api/vuelos/live?limit=5000&modo=operacion' });
    expect(stream.closedCount()).toBe(1);
    expect(stream.opened).toEqual([
      '/api/vuelos/live?limit=200&modo=operacion',
      '/api/vuelos/live?limit=5000&modo=operacion',
    ]);
    expect(actor.getSnapshot().context.flights.map((f) => f.id)).toEqual(['A']);
    expect(actor.getSnapshot().matches({ live: 'connecting' })).toBe(true);
  });

  it('connects to the given url and is connected on open', () => {
    const { actor, stream } = start();
    expect(actor.getSnapshot().matches({ live: 'connecting' })).toBe(true);
    expect(stream.opened).toEqual(['/api/vuelos/live?limit=200&modo=operacion']);
    stream.open();
    expect(actor.getSnapshot().matches({ live: 'connected' })).toBe(true);
    actor.stop();
  });

  it('replaces the flight list with each array message and ignores malformed ones', () => {
    const { actor, stream } = start();
    stream.open();
    stream.data(JSON.stringify([flight('a', 0.1), flight('b', 0.5)]));
    expect(actor.getSnapshot().context.flights.map((f) => f.id)).toEqual(['a', 'b']);
    stream.data('{"not":"an array"}');
    stream.data('not json at all');
    stream.data('42');
    expect(actor.getSnapshot().context.flights.map((f) => f.id)).toEqual(['a', 'b']);
    stream.data(JSON.stringify([flight('c', 0.2), { id: 'no-coords' }]));
    expect(actor.getSnapshot().context.flights.map((f) => f.id)).toEqual(['c']);
    stream.data('[]');
    expect(actor.getSnapshot().context.flights).toEqual([]);
    actor.stop();
  });

  it('becomes disconnected on error, closes the stream and retries with growing back-off', () => {
    vi.useFakeTimers();
    try {
      const { actor, stream } = start();
      stream.open();
      stream.fail();
      expect(actor.getSnapshot().matches('disconnected')).toBe(true);
      expect(stream.closedCount()).toBe(1);
      vi.advanceTimersByTime(999);
      expect(actor.getSnapshot().matches('disconnected')).toBe(true);
      vi.advanceTimersByTime(1);
      expect(actor.getSnapshot().matches({ live: 'connecting' })).toBe(true);
      expect(stream.opened).toHaveLength(2);
      // Second failure in a row waits 2 s.
      stream.fail();
      vi.advanceTimersByTime(1_999);
      expect(actor.getSnapshot().matches('disconnected')).toBe(true);
      vi.advanceTimersByTime(1);
      expect(stream.opened).toHaveLength(3);
      // Once open again the back-off starts over at 1 s.
      stream.open();
      stream.fail();
      vi.advanceTimersByTime(1_000);
      expect(actor.getSnapshot().matches({ live: 'connecting' })).toBe(true);
      actor.stop();
    } finally {
      vi.useRealTimers();
    }
  });

  it('keeps the last flights while disconnected', () => {
    const { actor, stream } = start();
    stream.data(JSON.stringify([flight('a', 0.3)]));
    expect(actor.getSnapshot().matches({ live: 'connected' })).toBe(true);
    stream.fail();
    expect(actor.getSnapshot().context.flights.map((f) => f.id)).toEqual(['a']);
    actor.stop();
  });

  it('caps the back-off at 30 s', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 20].map(retryDelay)).toEqual([
      1_000,
      2_000,
      4_000,
      8_000,
      16_000,
      RETRY_MAX_MS,
      RETRY_MAX_MS,
      RETRY_MAX_MS,
    ]);
  });
});
