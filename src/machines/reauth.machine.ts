import { assign, fromPromise, setup } from 'xstate';
import { toRequestError, type RequestError } from '../common/request-result';

export type ReauthContext = {
  /** The signed-in user's email: the new sign-in is for the same person (the drafts are theirs). */
  email: string | null;
  error: RequestError | null;
};

export type ReauthEvent =
  | { type: 'reauth.required'; email: string | null }
  | { type: 'reauth.submit'; password: string }
  /** The user would rather leave: the session ends as any dead session does (drafts stay kept). */
  | { type: 'reauth.giveUp' };

/**
 * Signing in again in place, when the session dies (401 + need2Logout) while an editor holds
 * text the server does not have: instead of /sign-in, a dialog asks for the password of the same
 * account; on success the new token is handed on (`renewed`) and the waiting saves go on.
 * Effects (the sign-in call, storing the token, ending the session) are provided by src/app.
 */
export const reauthMachine = setup({
  types: {
    context: {} as ReauthContext,
    events: {} as ReauthEvent,
  },
  actors: {
    loginUser: fromPromise<{ token: string; message: string }, { email: string; password: string }>(async () => {
      throw new Error('loginUser not provided');
    }),
  },
  actions: {
    renewed: (_, _params: { token: string }) => undefined,
    gaveUp: () => undefined,
  },
}).createMachine({
  id: 'reauth',
  initial: 'idle',
  context: { email: null, error: null },
  states: {
    idle: {
      on: { 'reauth.required': { target: 'prompting', actions: assign({ email: ({ event }) => event.email, error: null }) } },
    },
    prompting: {
      on: {
        'reauth.submit': { guard: ({ context }) => context.email !== null, target: 'signingIn' },
        'reauth.giveUp': { target: 'idle', actions: ['gaveUp', assign({ error: null })] },
      },
    },
    signingIn: {
      tags: ['submitting'],
      invoke: {
        src: 'loginUser',
        input: ({ context, event }) => ({ email: context.email!, password: (event as Extract<ReauthEvent, { type: 'reauth.submit' }>).password }),
        onDone: { target: 'idle', actions: [{ type: 'renewed', params: ({ event }) => ({ token: event.output.token }) }, assign({ error: null })] },
        onError: { target: 'prompting', actions: assign({ error: ({ event }) => toRequestError(event.error) }) },
      },
    },
  },
});
