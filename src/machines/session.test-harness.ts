import { createActor, fromPromise, SimulatedClock } from 'xstate';
import { notificationsMachine, PROFILE_ERROR_TOAST_MS, UNAUTHORIZED_TOAST_MS } from './notifications.machine';
import { sessionMachine, type SessionInput } from './session.machine';
import type { Profile } from './types';

// Deferred actors: a test decides when and how each server call answers.
type Deferred = { resolve: (value: unknown) => void; reject: (error: unknown) => void };

export const profile: Profile = {
  _id: '00000000-0000-4000-8000-000000000001',
  username: 'Ann',
  primaryEmail: 'ann@example.com',
  role: 'manager',
  profilePicture: null,
  company: { _id: '00000000-0000-4000-8000-0000000000c1', name: 'Durand Bâtiment' },
  createdAt: '2026-01-01T00:00:00.000Z',
};

// A manager who registered and has not created the company yet.
export const newManager: Profile = { ...profile, _id: '00000000-0000-4000-8000-000000000002', username: 'Noé', company: null };

export const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

export function startSession(input: SessionInput, tokens: { undecodable?: string[]; expired?: string[] } = {}) {
  const pending: Record<'loginUser' | 'getProfile' | 'logoutUser', Deferred[]> = { loginUser: [], getProfile: [], logoutUser: [] };
  const effects: string[] = [];
  // Toasts run on a simulated clock: a test moves time on instead of waiting for it.
  const clock = new SimulatedClock();
  const notifications = createActor(notificationsMachine, { clock }).start();
  let resets = 0;
  const record = (name: string) => (_: unknown, params?: unknown) => {
    effects.push(params === undefined ? name : `${name} ${JSON.stringify(params)}`);
  };
  const deferred = <TOutput, TInput>(name: keyof typeof pending) =>
    fromPromise<TOutput, TInput>(
      () => new Promise<TOutput>((resolve, reject) => pending[name].push({ resolve: resolve as (v: unknown) => void, reject })),
    );
  const logic = sessionMachine.provide({
    actors: {
      loginUser: deferred<{ token: string; message: string }, { email: string; password: string }>('loginUser'),
      getProfile: deferred<Profile, { token: string }>('getProfile'),
      logoutUser: deferred<unknown, { token: string }>('logoutUser'),
    },
    guards: {
      isTokenUndecodable: (_, { token }) => tokens.undecodable?.includes(token) ?? false,
      isTokenExpired: (_, { token }) => tokens.expired?.includes(token) ?? false,
    },
    actions: {
      storeToken: record('storeToken'),
      removeToken: record('removeToken'),
      storeProfile: (_, { profile: p }) => effects.push(`storeProfile ${p.username}`),
      removeProfile: record('removeProfile'),
      setAuthToken: record('setAuthToken'),
      clearAuthToken: record('clearAuthToken'),
      logDecodeError: record('logDecodeError'),
      notifyUnauthorized: (_, params) => {
        record('notifyUnauthorized')(_, params);
        notifications.send({ type: 'notify.show', toastType: 'error', message: params.message || 'common-not_authorized_token_failed', duration: UNAUTHORIZED_TOAST_MS });
      },
      notifyProfileError: (_, params) => {
        record('notifyProfileError')(_, params);
        notifications.send({ type: 'notify.show', toastType: 'error', message: params.message, duration: PROFILE_ERROR_TOAST_MS });
      },
      resetStateFamilies: () => {
        resets += 1;
      },
    },
  });
  const actor = createActor(logic, { input, clock }).start();
  const answer = async (name: keyof typeof pending, outcome: { ok: unknown } | { error: unknown }) => {
    const next = pending[name].shift();
    if (!next) throw new Error(`no pending ${name}`);
    if ('ok' in outcome) next.resolve(outcome.ok);
    else next.reject(outcome.error);
    await flush();
  };
  const toasts = () => notifications.getSnapshot().context.toasts;
  return { actor, effects, answer, pending, clock, toasts, resets: () => resets };
}
