import { assign, fromPromise, setup } from 'xstate';
import type { RunDto, RunMode, StartRunPayload } from '../../../contract';
import { pauseRun, resumeRun, setRunSpeed, startRun, stopRun } from '../../api/runs';

/**
 * One run screen's controls: what the operator may do with the mode's run, and the requests that do it.
 * The run itself lives on the server (every browser sees the same one): `run.synced` brings each new
 * reading, and the machine rests in the state that reading names. Starting over a moving run, and
 * stopping one, ask first. A start intent carries one idempotency key, so a double click or a retry of
 * the same intent starts one run. Toasts and query refreshes are the component's business.
 */

export type RunSpeed = number | 'max';

/** What 'Iniciar' sends besides the speed (chosen in the machine) and `reemplazar` (the confirmation). */
export type StartRequest = Omit<StartRunPayload, 'velocidad' | 'reemplazar' | 'modo'>;

export type RunCommand = 'pause' | 'resume' | 'speed' | 'stop';

export interface RunMachineInput {
  mode: RunMode;
  run: RunDto | null;
  speed: RunSpeed;
  /** Makes a start intent's key (tests and stories pass a fixed one). */
  newKey?: () => string;
}

interface Context {
  mode: RunMode;
  run: RunDto | null;
  speed: RunSpeed;
  newKey: () => string;
  /** The start waiting for its confirmation or its answer. */
  pending: StartRunPayload | null;
  key: string | null;
  /** What the open confirmation is about. */
  confirm: 'replace' | 'stop' | null;
  /** The server's word when it refused a start because a run was going (its 409 message). */
  conflict: string | null;
  command: RunCommand | null;
  error: string | null;
}

export type RunEvent =
  | { type: 'run.synced'; run: RunDto | null }
  | { type: 'run.start'; request: StartRequest }
  | { type: 'run.confirmed' }
  | { type: 'run.dismissed' }
  | { type: 'run.stop' }
  | { type: 'run.pause' }
  | { type: 'run.resume' }
  | { type: 'speed.changed'; speed: RunSpeed };

export interface StartInput {
  payload: StartRunPayload;
  key: string;
}

export interface CommandInput {
  command: RunCommand;
  id: string;
  speed: RunSpeed;
}

export const startRunActor = fromPromise<RunDto, StartInput>(({ input, signal }) =>
  startRun(input.payload, input.key, signal),
);

export const commandActor = fromPromise<RunDto, CommandInput>(({ input, signal }) => {
  switch (input.command) {
    case 'pause':
      return pauseRun(input.id, signal);
    case 'resume':
      return resumeRun(input.id, signal);
    case 'speed':
      return setRunSpeed(input.id, input.speed, signal);
    case 'stop':
      return stopRun(input.id, signal);
  }
});

/** A random key from the browser's generator (randomUUID exists only on https and localhost). */
export function newIntentKey(): string {
  const bytes = new Uint8Array(16);
  globalThis.crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

const messageOf = (error: unknown) =>
  error && typeof error === 'object' && 'message' in error
    ? String((error as { message: unknown }).message)
    : `Error desconocido ${String(error)}`;

const isConflict = (error: unknown) =>
  !!error && typeof error === 'object' && (error as { code?: unknown }).code === 'SIMULACION_EN_CURSO';

const estadoOf = (context: Context) => context.run?.estado ?? null;

/** A reading older than the run the machine already knows (a poll sent before a start answered). */
const isStale = (context: Context, run: RunDto | null) =>
  context.run !== null &&
  (run === null ||
    (run.id !== context.run.id && Date.parse(run.creadoEn) < Date.parse(context.run.creadoEn)));

const runSetup = setup({
  types: {
    context: {} as Context,
    events: {} as RunEvent,
    input: {} as RunMachineInput,
  },
  actors: { startRun: startRunActor, command: commandActor },
  guards: {
    isRunning: ({ context }) => estadoOf(context) === 'en_curso',
    isPaused: ({ context }) => estadoOf(context) === 'pausada',
    isCollapsed: ({ context }) => estadoOf(context) === 'colapsada',
    isFinished: ({ context }) => estadoOf(context) === 'terminada' || estadoOf(context) === 'detenida',
    isFailed: ({ context }) => estadoOf(context) === 'fallida',
    isFresh: ({ context, event }) => event.type === 'run.synced' && !isStale(context, event.run),
    startFailed: ({ context, event }) =>
      context.error !== null &&
      event.type === 'run.synced' &&
      event.run?.estado !== 'en_curso' &&
      event.run?.estado !== 'pausada',
    confirmsReplace: ({ context }) => context.confirm === 'replace',
    confirmsStop: ({ context }) => context.confirm === 'stop',
    isConflict: ({ event }) => 'error' in event && isConflict(event.error),
  },
  actions: {
    // A going run's speed is the one the controls show (another browser may have set it).
    storeRun: assign(({ context, event }) => {
      const run = event.type === 'run.synced' ? event.run : null;
      const going = run?.estado === 'en_curso' || run?.estado === 'pausada';
      return { run, speed: going && run ? run.velocidad : context.speed };
    }),
    prepareStart: assign(({ context, event }) =>
      event.type === 'run.start'
        ? {
            pending: { modo: context.mode, ...event.request },
            key: context.newKey(),
            error: null,
            conflict: null,
          }
        : {},
    ),
    askReplace: assign({ confirm: 'replace' as const }),
    askStop: assign({ confirm: 'stop' as const, error: null }),
    replaceIntent: assign(({ context }) => ({
      // Confirming is a new intent: the refused request's key must not answer for it.
      key: context.newKey(),
      pending: context.pending ? { ...context.pending, reemplazar: true } : null,
      confirm: null,
    })),
    clearIntent: assign({ pending: null, key: null, confirm: null, conflict: null }),
    setSpeed: assign({
      speed: ({ context, event }) => (event.type === 'speed.changed' ? event.speed : context.speed),
    }),
  },
});

/**
 * A going run (running or paused): 'run.pause' or 'run.resume' and a speed change send one command,
 * while 'Iniciar' over it and 'Detener' ask first. Both states share it; only the toggle differs.
 */
const goingRun = (toggle: { event: 'run.pause' | 'run.resume'; command: 'pause' | 'resume' }) =>
  runSetup.createStateConfig({
    initial: 'ready',
    states: {
      ready: {
        on: {
          'run.synced': { guard: 'isFresh', target: '#run.settling', actions: 'storeRun' },
          [toggle.event]: { target: 'sending', actions: assign({ command: toggle.command, error: null }) },
          'speed.changed': {
            target: 'sending',
            actions: ['setSpeed', assign({ command: 'speed' as const, error: null })],
          },
        },
      },
      sending: {
        tags: ['busy'],
        on: { 'run.synced': { guard: 'isFresh', actions: 'storeRun' } },
        invoke: {
          src: 'command',
          input: ({ context }) => ({
            command: context.command as RunCommand,
            id: context.run?.id as string,
            speed: context.speed,
          }),
          onDone: { target: '#run.settling', actions: assign({ run: ({ event }) => event.output }) },
          onError: { target: 'ready', actions: assign({ error: ({ event }) => messageOf(event.error) }) },
        },
      },
    },
    on: {
      'run.start': { target: 'confirming', actions: ['prepareStart', 'askReplace'] },
      'run.stop': { target: 'confirming', actions: 'askStop' },
    },
  });

export const runMachine = runSetup.createMachine({
  id: 'run',
  context: ({ input }) => ({
    mode: input.mode,
    run: input.run,
    speed: input.speed,
    newKey: input.newKey ?? newIntentKey,
    pending: null,
    key: null,
    confirm: null,
    conflict: null,
    command: null,
    error: null,
  }),
  initial: 'settling',
  on: {
    'speed.changed': { actions: 'setSpeed' },
  },
  states: {
    /** Rests in the state the run's reading names. */
    settling: {
      always: [
        { guard: 'isRunning', target: 'running' },
        { guard: 'isPaused', target: 'paused' },
        { guard: 'isCollapsed', target: 'collapsed' },
        { guard: 'isFinished', target: 'finished' },
        { guard: 'isFailed', target: 'failed' },
        { target: 'idle' },
      ],
    },
    idle: {
      on: {
        'run.synced': { guard: 'isFresh', target: 'settling', actions: 'storeRun' },
        'run.start': { target: 'starting', actions: 'prepareStart' },
      },
    },
    confirming: {
      on: {
        'run.synced': { guard: 'isFresh', actions: 'storeRun' },
        'run.confirmed': [
          { guard: 'confirmsReplace', target: 'starting', actions: 'replaceIntent' },
          { guard: 'confirmsStop', target: 'stopping' },
        ],
        'run.dismissed': { target: 'settling', actions: 'clearIntent' },
      },
    },
    starting: {
      invoke: {
        src: 'startRun',
        input: ({ context }) => ({
          payload: { ...(context.pending as StartRunPayload), velocidad: context.speed },
          key: context.key as string,
        }),
        onDone: {
          target: 'settling',
          actions: [assign({ run: ({ event }) => event.output }), 'clearIntent'],
        },
        onError: [
          {
            // Another operator started one meanwhile: ask, with the server's own words.
            guard: 'isConflict',
            target: 'confirming',
            actions: [assign({ conflict: ({ event }) => messageOf(event.error) }), 'askReplace'],
          },
          {
            target: 'failed',
            actions: [assign({ error: ({ event }) => messageOf(event.error) }), 'clearIntent'],
          },
        ],
      },
    },
    running: goingRun({ event: 'run.pause', command: 'pause' }),
    paused: goingRun({ event: 'run.resume', command: 'resume' }),
    stopping: {
      invoke: {
        src: 'command',
        input: ({ context }) => ({
          command: 'stop' as const,
          id: context.run?.id as string,
          speed: context.speed,
        }),
        onDone: {
          target: 'settling',
          actions: [assign({ run: ({ event }) => event.output }), 'clearIntent'],
        },
        onError: {
          target: 'settling',
          actions: [assign({ error: ({ event }) => messageOf(event.error) }), 'clearIntent'],
        },
      },
    },
    finished: {
      on: {
        'run.synced': { guard: 'isFresh', target: 'settling', actions: 'storeRun' },
        'run.start': { target: 'starting', actions: 'prepareStart' },
      },
    },
    collapsed: {
      on: {
        'run.synced': { guard: 'isFresh', target: 'settling', actions: 'storeRun' },
        'run.start': { target: 'starting', actions: 'prepareStart' },
      },
    },
    failed: {
      on: {
        // A refused start stays on screen until the operator acts, unless a run starts meanwhile.
        'run.synced': [
          { guard: 'startFailed', actions: 'storeRun' },
          { guard: 'isFresh', target: 'settling', actions: 'storeRun' },
        ],
        'run.start': { target: 'starting', actions: 'prepareStart' },
      },
    },
  },
});

/** The states a screen names (the machine's top level). */
export const RUN_MACHINE_STATES = [
  'idle',
  'confirming',
  'starting',
  'running',
  'paused',
  'finished',
  'collapsed',
  'failed',
] as const;
