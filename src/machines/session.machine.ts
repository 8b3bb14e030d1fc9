import { assign, fromPromise, setup } from 'xstate';
import { type Profile } from './types';
import { toRequestError, type RequestError } from '../common/request-result';

export type Credentials = { email: string; password: string; remember: boolean };

export type SessionInput = { token: string | null; profile: Profile | null };

export type SessionContext = {
  token: string | null;
  profile: Profile | null;
  remember: boolean;
  email: string | null;
  error: RequestError | null;
  /** Why the last session ended without the user signing out (expired, revoked): the sign-in page keeps saying it. */
  ended: { message: string | null } | null;
};

export type SessionEvent =
  | { type: 'session.signIn'; email: string; password: string; remember: boolean }
  | { type: 'session.registered'; token: string; profile: Profile }
  | { type: 'session.signOut' }
  | { type: 'session.unauthorized'; message?: string }
  | { type: 'session.profileUpdated'; profile: Profile }
  | { type: 'session.companyCreated' }
  | { type: 'session.clearError' }
  /** Signed in again in place (reauth.machine) for the same user: the new token replaces the dead one. */
  | { type: 'session.renewed'; token: string };

/**
 * The signed-in user. Cookies, localStorage, token decoding, the API's auth header and toasts
 * are effects named here and provided in src/app, so tests and stories swap them.
 */
/** Every way out of a session forgets all of it, so the next user sees nothing of this one. */
const endSession = ['removeToken', 'removeProfile', 'clearAuthToken', 'resetStateFamilies', 'forget'] as const;

export const sessionMachine = setup({
  types: {
    context: {} as SessionContext,
    events: {} as SessionEvent,
    input: {} as SessionInput,
  },
  actors: {
    loginUser: fromPromise<{ token: string; message: string }, { email: string; password: string }>(async () => {
      throw new Error('loginUser not provided');
    }),
    getProfile: fromPromise<Profile, { token: string }>(async () => {
      throw new Error('getProfile not provided');
    }),
    logoutUser: fromPromise<unknown, { token: string }>(async () => {
      throw new Error('logoutUser not provided');
    }),
  },
  guards: {
    hasToken: ({ context }) => context.token !== null,
    isTokenUndecodable: (_, _params: { token: string }) => false,
    isTokenExpired: (_, _params: { token: string }) => false,
    hasProfile: ({ context }) => context.profile !== null,
    // A manager without a company has registered but not finished onboarding (docs/decisions.md).
    needsCompany: (_, params: { profile: Profile | null }) => params.profile?.role === 'manager' && !params.profile.company,
    needsLogout: ({ event }) => Boolean((event as { error?: RequestError }).error?.need2Logout),
  },
  actions: {
    storeToken: (_, _params: { token: string; remember: boolean }) => {},
    removeToken: () => {},
    storeProfile: (_, _params: { profile: Profile }) => {},
    removeProfile: () => {},
    setAuthToken: (_, _params: { token: string }) => {},
    clearAuthToken: () => {},
    logDecodeError: () => {},
    notifyUnauthorized: (_, _params: { message?: string }) => {},
    notifyProfileError: (_, _params: { message: string }) => {},
    // Every other state family of the app (page requests, cached lists) forgets the user too.
    resetStateFamilies: () => {},
    forget: assign({ token: null, profile: null, remember: false, email: null }),
    recordEnding: assign({ ended: (_, params: { message?: string }) => ({ message: params.message || null }) }),
  },
}).createMachine({
  id: 'session',
  context: ({ input }) => ({
    token: input.token,
    profile: input.profile,
    remember: false,
    email: null,
    error: null,
    ended: null,
  }),
  initial: 'starting',
  on: {
    'session.unauthorized': {
      target: '.signedOut',
      actions: [
        { type: 'notifyUnauthorized', params: ({ event }) => ({ message: event.message }) },
        { type: 'recordEnding', params: ({ event }) => ({ message: event.message }) },
        ...endSession,
      ],
    },
  },
  states: {
    starting: {
      always: [
        { guard: { type: 'hasToken' }, target: 'checkingToken' },
        { target: 'signedOut', actions: ['removeProfile', 'resetStateFamilies', 'forget'] },
      ],
    },
    // Separate from `starting` so the decode guards only ever see a token.
    checkingToken: {
      always: [
        {
          guard: { type: 'isTokenUndecodable', params: ({ context }) => ({ token: context.token! }) },
          target: 'signedOut',
          actions: ['logDecodeError', 'removeToken', 'removeProfile', 'resetStateFamilies', 'forget'],
        },
        {
          guard: { type: 'isTokenExpired', params: ({ context }) => ({ token: context.token! }) },
          target: 'signedOut',
          actions: ['removeToken', 'removeProfile', 'resetStateFamilies', 'forget'],
        },
        { target: 'restoring', actions: { type: 'setAuthToken', params: ({ context }) => ({ token: context.token! }) } },
      ],
    },
    signedOut: {
      on: {
        'session.signIn': {
          target: 'signingIn',
          actions: assign({
            email: ({ event }) => event.email,
            remember: ({ event }) => event.remember,
            error: null,
            ended: null,
          }),
        },
        'session.registered': {
          target: 'profileLoaded',
          actions: [
            assign({ token: ({ event }) => event.token, profile: ({ event }) => event.profile, remember: false, error: null, ended: null }),
            { type: 'storeToken', params: ({ event }) => ({ token: event.token, remember: false }) },
            { type: 'setAuthToken', params: ({ event }) => ({ token: event.token }) },
            { type: 'storeProfile', params: ({ event }) => ({ profile: event.profile }) },
          ],
        },
        'session.clearError': { actions: assign({ error: null }) },
      },
    },
    signingIn: {
      tags: ['submitting'],
      // A 401 here means wrong credentials, handled by onError, not an expired session.
      on: { 'session.unauthorized': {} },
      initial: 'authenticating',
      states: {
        authenticating: {
          invoke: {
            src: 'loginUser',
            input: ({ event }) => {
              const { email, password } = event as Extract<SessionEvent, { type: 'session.signIn' }>;
              return { email, password };
            },
            onDone: {
              target: 'loadingProfile',
              actions: [
                assign({ token: ({ event }) => event.output.token }),
                { type: 'storeToken', params: ({ context, event }) => ({ token: event.output.token, remember: context.remember }) },
                { type: 'setAuthToken', params: ({ event }) => ({ token: event.output.token }) },
              ],
            },
            onError: {
              target: '#session.signedOut',
              actions: assign({ error: ({ event }) => toRequestError(event.error) }),
            },
          },
        },
        loadingProfile: {
          invoke: {
            src: 'getProfile',
            input: ({ context }) => ({ token: context.token! }),
            onDone: {
              target: '#session.profileLoaded',
              actions: [
                assign({ profile: ({ event }) => event.output }),
                { type: 'storeProfile', params: ({ event }) => ({ profile: event.output }) },
              ],
            },
            onError: [
              {
                guard: 'needsLogout',
                target: '#session.signedOut',
                actions: [
                  { type: 'notifyUnauthorized', params: ({ event }) => ({ message: toRequestError(event.error).message }) },
                  { type: 'recordEnding', params: ({ event }) => ({ message: toRequestError(event.error).message }) },
                  ...endSession,
                ],
              },
              // A passing network failure keeps a known user signed in with the stored profile.
              {
                guard: 'hasProfile',
                target: '#session.profileLoaded',
                actions: { type: 'notifyProfileError', params: ({ event }) => ({ message: toRequestError(event.error).message }) },
              },
              {
                target: '#session.signedOut',
                actions: [
                  { type: 'notifyProfileError', params: ({ event }) => ({ message: toRequestError(event.error).message }) },
                  ...endSession,
                ],
              },
            ],
          },
        },
      },
    },
    // A stored, still valid token: the profile is refreshed before pages render.
    restoring: {
      invoke: {
        src: 'getProfile',
        input: ({ context }) => ({ token: context.token! }),
        onDone: {
          target: 'profileLoaded',
          actions: [
            assign({ profile: ({ event }) => event.output }),
            { type: 'storeProfile', params: ({ event }) => ({ profile: event.output }) },
          ],
        },
        onError: [
          {
            guard: 'needsLogout',
            target: '#session.signedOut',
            actions: [
              { type: 'notifyUnauthorized', params: ({ event }) => ({ message: toRequestError(event.error).message }) },
              { type: 'recordEnding', params: ({ event }) => ({ message: toRequestError(event.error).message }) },
              ...endSession,
            ],
          },
          // A passing network failure keeps a known user signed in with the stored profile.
          {
            guard: 'hasProfile',
            target: 'profileLoaded',
            actions: { type: 'notifyProfileError', params: ({ event }) => ({ message: toRequestError(event.error).message }) },
          },
          {
            target: '#session.signedOut',
            actions: [
              { type: 'notifyProfileError', params: ({ event }) => ({ message: toRequestError(event.error).message }) },
              ...endSession,
            ],
          },
        ],
      },
    },
    // Every way in (sign-in, restore, registration) passes here to pick the right place.
    profileLoaded: {
      always: [
        { guard: { type: 'needsCompany', params: ({ context }) => ({ profile: context.profile }) }, target: 'registered' },
        { target: 'signedIn' },
      ],
    },
    // Signed in, but the manager has no company yet: only /create-company is open.
    registered: {
      on: {
        'session.signOut': { target: 'signingOut' },
        'session.companyCreated': { target: 'joiningCompany' },
        'session.profileUpdated': {
          actions: [
            assign({ profile: ({ event }) => event.profile }),
            { type: 'storeProfile', params: ({ event }) => ({ profile: event.profile }) },
          ],
        },
      },
    },
    // The company exists: the profile is reloaded so that it carries the company and its id.
    joiningCompany: {
      invoke: {
        src: 'getProfile',
        input: ({ context }) => ({ token: context.token! }),
        onDone: {
          target: 'profileLoaded',
          actions: [
            assign({ profile: ({ event }) => event.output }),
            { type: 'storeProfile', params: ({ event }) => ({ profile: event.output }) },
          ],
        },
        onError: [
          {
            guard: 'needsLogout',
            target: 'signedOut',
            actions: [
              { type: 'notifyUnauthorized', params: ({ event }) => ({ message: toRequestError(event.error).message }) },
              { type: 'recordEnding', params: ({ event }) => ({ message: toRequestError(event.error).message }) },
              ...endSession,
            ],
          },
          {
            target: 'registered',
            actions: { type: 'notifyProfileError', params: ({ event }) => ({ message: toRequestError(event.error).message }) },
          },
        ],
      },
    },
    signedIn: {
      on: {
        'session.signOut': { target: 'signingOut' },
        'session.renewed': {
          actions: [
            assign({ token: ({ event }) => event.token }),
            { type: 'storeToken', params: ({ context, event }) => ({ token: event.token, remember: context.remember }) },
            { type: 'setAuthToken', params: ({ event }) => ({ token: event.token }) },
          ],
        },
        'session.profileUpdated': {
          actions: [
            assign({ profile: ({ event }) => event.profile }),
            { type: 'storeProfile', params: ({ event }) => ({ profile: event.profile }) },
          ],
        },
      },
    },
    signingOut: {
      // The token is being revoked anyway: a 401 on the way out is not news for the user.
      on: { 'session.unauthorized': {} },
      invoke: {
        src: 'logoutUser',
        input: ({ context }) => ({ token: context.token! }),
        onDone: { target: 'signedOut', actions: [...endSession] },
        onError: { target: 'signedOut', actions: [...endSession] },
      },
    },
  },
});
