import { assign, fromPromise, setup } from 'xstate';
import {
  getFileStatus,
  isStoredKind,
  type UploadKind,
  type UploadProgress,
  uploadFile,
} from '../../api/files';

/**
 * Upload with confirmation: a chosen file is uploaded at once, unless the kind replaces
 * a stored file — then the current status is read and, when a file exists, the operator confirms
 * 'Ya existe un archivo (name)...' first. Cancel uploads nothing. After a success the status of that
 * kind is refetched. Toasts are the component's business; this only names the steps.
 */

export interface UploadFailure {
  message: string;
  details?: unknown;
  /** A rejected file's error count in all. */
  total?: number;
}

export interface UploadInput {
  kind: UploadKind;
  /** Flights and airports replace the stored file: ask before replacing one. */
  confirmReplace: boolean;
}

export interface UploadContext extends UploadInput {
  file: File | null;
  /** Name of the stored file, as last known by the screen (fallback when the status check fails). */
  knownName: string | null;
  existingName: string | null;
  progress: UploadProgress | null;
  message: string | null;
  error: UploadFailure | null;
}

export type UploadEvent =
  | { type: 'file.selected'; file: File; knownName?: string | null }
  | { type: 'upload.confirmed' }
  | { type: 'upload.cancelled' }
  | { type: 'upload.progress'; loaded: number; total: number };

export interface UploadActorInput {
  kind: UploadKind;
  file: File;
  onProgress: (progress: UploadProgress) => void;
}

export const CONFIRM_MESSAGE = (name: string) =>
  `Ya existe un archivo (${name}). Esto lo reemplazará. ¿Continuar?`;

/** Rejects with an UploadFailure so the failure state can show the message and log the details. */
export const uploadActor = fromPromise<{ message: string }, UploadActorInput>(async ({ input, signal }) => {
  const [result, error] = await uploadFile(input.kind, input.file, { signal, onProgress: input.onProgress });
  if (error)
    throw { message: error.message, details: error.details, total: error.total } satisfies UploadFailure;
  return { message: result.message };
});

export const checkExistingActor = fromPromise<string | null, { kind: UploadKind }>(
  async ({ input, signal }) => {
    // Nothing stored to replace (cancellations): the slot that asks first provides its own check.
    if (!isStoredKind(input.kind)) return null;
    const [status, error] = await getFileStatus(input.kind, signal);
    if (error) throw error;
    return status.exists ? (status.filename ?? input.kind) : null;
  },
);

function toFailure(error: unknown): UploadFailure {
  if (error && typeof error === 'object' && 'message' in error && typeof error.message === 'string') {
    const { details, total } = error as { details?: unknown; total?: unknown };
    return { message: error.message, details, total: typeof total === 'number' ? total : undefined };
  }
  return { message: `Error desconocido ${String(error)}` };
}

const selectFile = [
  {
    guard: 'confirmsReplace' as const,
    target: '#upload.checking',
    actions: 'takeFile' as const,
  },
  { target: '#upload.uploading', actions: 'takeFile' as const },
];

export const uploadMachine = setup({
  types: {
    context: {} as UploadContext,
    events: {} as UploadEvent,
    input: {} as UploadInput,
  },
  actors: {
    uploadFile: uploadActor,
    checkExisting: checkExistingActor,
    /** Refetches the status of the kind; the screen provides it (it owns the query cache). */
    refreshStatus: fromPromise<void, { kind: UploadKind }>(async () => {}),
  },
  actions: {
    takeFile: assign(({ event }) => {
      if (event.type !== 'file.selected') return {};
      return {
        file: event.file,
        knownName: event.knownName ?? null,
        existingName: null,
        progress: null,
        message: null,
        error: null,
      };
    }),
  },
  guards: {
    confirmsReplace: ({ context }) => context.confirmReplace,
  },
}).createMachine({
  id: 'upload',
  context: ({ input }) => ({
    ...input,
    file: null,
    knownName: null,
    existingName: null,
    progress: null,
    message: null,
    error: null,
  }),
  initial: 'idle',
  states: {
    idle: { on: { 'file.selected': selectFile } },
    checking: {
      invoke: {
        src: 'checkExisting',
        input: ({ context }) => ({ kind: context.kind }),
        onDone: [
          {
            guard: ({ event }) => event.output !== null,
            target: 'confirming',
            actions: assign({ existingName: ({ event }) => event.output }),
          },
          { target: 'uploading' },
        ],
        // The status could not be read: rely on what the screen last showed rather than replace blindly.
        onError: [
          {
            guard: ({ context }) => context.knownName !== null,
            target: 'confirming',
            actions: assign({ existingName: ({ context }) => context.knownName }),
          },
          { target: 'uploading' },
        ],
      },
    },
    confirming: {
      on: {
        'upload.confirmed': 'uploading',
        'upload.cancelled': 'cancelled',
      },
    },
    uploading: {
      invoke: {
        src: 'uploadFile',
        input: ({ context, self }) => ({
          kind: context.kind,
          file: context.file as File,
          onProgress: (p: UploadProgress) => self.send({ type: 'upload.progress', ...p }),
        }),
        onDone: {
          target: 'success',
          actions: assign({ message: ({ event }) => event.output.message }),
        },
        onError: {
          target: 'failure',
          actions: assign({ error: ({ event }) => toFailure(event.error) }),
        },
      },
      on: {
        'upload.progress': {
          actions: assign({ progress: ({ event }) => ({ loaded: event.loaded, total: event.total }) }),
        },
      },
    },
    success: {
      // A failed refetch leaves the old status on screen; the status query logs its own failures.
      invoke: { src: 'refreshStatus', input: ({ context }) => ({ kind: context.kind }), onError: {} },
      on: { 'file.selected': selectFile },
    },
    failure: { on: { 'file.selected': selectFile } },
    cancelled: { on: { 'file.selected': selectFile } },
  },
});
