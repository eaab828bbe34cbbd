import { assign, setup } from 'xstate';

/**
 * A drop zone: idle until something happens, dragging while a file hovers, dialogOpen while
 * the system file picker is up, then accepted (with how many files are ready) or rejected (with the
 * first rejection message). Leaving a drag or cancelling the picker returns to the last outcome.
 */
export type DropZoneEvent =
  | { type: 'drag.entered' }
  | { type: 'drag.left' }
  | { type: 'dialog.opened' }
  | { type: 'dialog.cancelled' }
  | { type: 'files.accepted'; count: number }
  | { type: 'files.rejected'; message: string }
  | { type: 'zone.reset' };

export interface DropZoneContext {
  outcome: 'none' | 'accepted' | 'rejected';
  count: number;
  message: string;
}

export const REJECTED_FALLBACK = 'Archivo no permitido';

export const dropZoneMachine = setup({
  types: {
    context: {} as DropZoneContext,
    events: {} as DropZoneEvent,
  },
  actions: {
    recordAccepted: assign(({ event }) => {
      if (event.type !== 'files.accepted') return {};
      return { outcome: 'accepted' as const, count: event.count, message: '' };
    }),
    recordRejected: assign(({ event }) => {
      if (event.type !== 'files.rejected') return {};
      return { outcome: 'rejected' as const, count: 0, message: event.message || REJECTED_FALLBACK };
    }),
    forget: assign({ outcome: 'none' as const, count: 0, message: '' }),
  },
  guards: {
    lastAccepted: ({ context }) => context.outcome === 'accepted',
    lastRejected: ({ context }) => context.outcome === 'rejected',
  },
}).createMachine({
  id: 'dropZone',
  context: { outcome: 'none', count: 0, message: '' },
  initial: 'idle',
  on: {
    'files.accepted': { target: '.accepted', actions: 'recordAccepted' },
    'files.rejected': { target: '.rejected', actions: 'recordRejected' },
    'zone.reset': { target: '.idle', actions: 'forget' },
  },
  states: {
    idle: {
      on: { 'drag.entered': 'dragging', 'dialog.opened': 'dialogOpen' },
    },
    dragging: {
      on: { 'drag.left': 'settled' },
    },
    dialogOpen: {
      on: { 'dialog.cancelled': 'settled' },
    },
    /** Back to whatever the zone showed before the drag or the picker. */
    settled: {
      always: [
        { guard: 'lastAccepted', target: 'accepted' },
        { guard: 'lastRejected', target: 'rejected' },
        { target: 'idle' },
      ],
    },
    accepted: {
      on: { 'drag.entered': 'dragging', 'dialog.opened': 'dialogOpen' },
    },
    rejected: {
      on: { 'drag.entered': 'dragging', 'dialog.opened': 'dialogOpen' },
    },
  },
});
