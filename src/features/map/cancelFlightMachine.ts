import { assign, fromPromise, setup } from 'xstate';
import type { CancellationDto, RunMode } from '../../../contract';
import { cancelFlight, fetchFlightDetail } from '../../api/map';

/**
 * Cancelling a flight from its card: asked, confirmed, sent; then what the server re-planned, or why it
 * refused. Toasts and query refreshes are the component's business.
 */

export interface CancelFlightInput {
  /** Flight instance id (ORIG-DEST-HH:MM@minute). */
  flightId: string;
  mode: RunMode;
}

export interface CancelOutcome {
  result: CancellationDto;
  /** Products that were booked on the flight when it was cancelled: all of them are re-planned. */
  productos: number;
}

interface Context extends CancelFlightInput {
  outcome: CancelOutcome | null;
  error: string | null;
}

export type CancelFlightEvent =
  | { type: 'cancel.requested' }
  | { type: 'cancel.confirmed' }
  | { type: 'cancel.dismissed' };

/**
 * Reads the flight's load just before cancelling (the card's copy may be a few seconds old), then
 * cancels. The server's answer names the orders moved, not their products: the load is that count.
 */
export const cancelFlightActor = fromPromise<CancelOutcome, CancelFlightInput>(async ({ input, signal }) => {
  const before = await fetchFlightDetail(input.flightId, input.mode, signal);
  const result = await cancelFlight(input.flightId, input.mode, signal);
  return { result, productos: before.carga };
});

const messageOf = (error: unknown) =>
  error instanceof Error || (error && typeof error === 'object' && 'message' in error)
    ? String((error as { message: unknown }).message)
    : `Error desconocido ${String(error)}`;

export const cancelFlightMachine = setup({
  types: {
    context: {} as Context,
    events: {} as CancelFlightEvent,
    input: {} as CancelFlightInput,
  },
  actors: { cancelFlight: cancelFlightActor },
}).createMachine({
  id: 'cancelFlight',
  context: ({ input }) => ({ ...input, outcome: null, error: null }),
  initial: 'idle',
  states: {
    idle: { on: { 'cancel.requested': 'confirming' } },
    confirming: {
      on: {
        'cancel.confirmed': { target: 'cancelling', actions: assign({ error: null }) },
        'cancel.dismissed': 'idle',
      },
    },
    cancelling: {
      invoke: {
        src: 'cancelFlight',
        input: ({ context }) => ({ flightId: context.flightId, mode: context.mode }),
        onDone: { target: 'cancelled', actions: assign({ outcome: ({ event }) => event.output }) },
        onError: { target: 'failed', actions: assign({ error: ({ event }) => messageOf(event.error) }) },
      },
    },
    cancelled: { type: 'final' },
    failed: { on: { 'cancel.requested': 'confirming' } },
  },
});
