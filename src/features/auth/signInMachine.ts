import { assign, fromPromise, setup } from 'xstate';
import type { FirstAdminPayload, LoginPayload, SessionDto } from '../../../contract/auth';
import { createFirstAdmin, signIn } from '../../api/session';

/**
 * The sign-in form: idle → sending → signedIn, or back to idle with the server's Spanish message.
 * The same flow creates the first administrador when the page was opened from the one-time link.
 */

export type SignInRequest =
  | { kind: 'entrar'; payload: LoginPayload }
  | { kind: 'alta'; payload: FirstAdminPayload };

export interface SignInContext {
  error: string | null;
  session: SessionDto | null;
}

export const sendSignInActor = fromPromise<SessionDto, SignInRequest>(async ({ input }) => {
  const [session, error] =
    input.kind === 'entrar' ? await signIn(input.payload) : await createFirstAdmin(input.payload);
  if (error) throw new Error(error.message);
  return session;
});

export const signInMachine = setup({
  types: {
    context: {} as SignInContext,
    events: {} as { type: 'form.submitted'; request: SignInRequest },
  },
  actors: { send: sendSignInActor },
}).createMachine({
  id: 'signIn',
  context: { error: null, session: null },
  initial: 'idle',
  states: {
    idle: {
      on: { 'form.submitted': { target: 'sending' } },
    },
    sending: {
      entry: assign({ error: null }),
      invoke: {
        src: 'send',
        input: ({ event }) => event.request,
        onDone: { target: 'signedIn', actions: assign({ session: ({ event }) => event.output }) },
        onError: {
          target: 'idle',
          actions: assign({
            error: ({ event }) => (event.error instanceof Error ? event.error.message : String(event.error)),
          }),
        },
      },
    },
    signedIn: { type: 'final' },
  },
});
