import { describe, expect, it } from 'vitest';
import { createMachine } from 'xstate';
import { createTestModel } from 'xstate/graph';
import { newManager, profile, startSession } from './session.test-harness';

// What a user sees of the session, without invoke or after: the real machine is driven from
// each path's steps, with every server answer decided by the test and time on a SimulatedClock.
const userModel = createMachine({
  id: 'sessionModel',
  initial: 'signedOut',
  states: {
    signedOut: { on: { 'user.signIn': 'signingIn', 'server.registered': 'registered' } },
    signingIn: {
      on: {
        'server.loginRejected': 'signedOut',
        'server.loginAccepted': 'signedIn',
        'server.loginAcceptedWithoutCompany': 'registered',
        'server.profileFailed': 'signedOut',
      },
    },
    registered: { on: { 'user.createdCompany': 'joiningCompany', 'user.signOut': 'signingOut', 'server.sessionExpired': 'signedOut' } },
    joiningCompany: { on: { 'server.profileWithCompany': 'signedIn', 'server.companyProfileFailed': 'registered' } },
    signedIn: { on: { 'user.signOut': 'signingOut', 'server.sessionExpired': 'signedOut' } },
    signingOut: { on: { 'server.logoutAnswered': 'signedOut', 'server.logoutFailed': 'signedOut' } },
  },
});

const withCompany = { ...newManager, company: { _id: 'c-new', name: 'Petit Rénovation' } };

describe('session machine, model-based', () => {
  const model = createTestModel(userModel);
  const paths = [...model.getShortestPaths(), ...model.getSimplePaths()];

  it('covers every state of the user model', () => {
    const reached = new Set(paths.flatMap((p) => [p.state, ...p.steps.map((step) => step.state)].map((state) => String(state.value))));
    expect([...reached].sort()).toEqual(['joiningCompany', 'registered', 'signedIn', 'signedOut', 'signingIn', 'signingOut']);
  });

  for (const path of paths) {
    it(path.description, async () => {
      const session = startSession({ token: null, profile: null });
      const { actor, answer, clock, toasts } = session;
      const value = () => actor.getSnapshot().value;
      // Each sign-out (asked for or forced) must reset the other state families exactly once.
      // (The start without a token already clears whatever a previous visit left.)
      let expectedResets = 1;
      await path.test({
        events: {
          'user.signIn': () => {
            actor.send({ type: 'session.signIn', email: 'ann@example.com', password: 'pw', remember: false });
          },
          'server.loginRejected': () => answer('loginUser', { error: { message: 'Refusé', status: 401 } }),
          'server.loginAccepted': async () => {
            await answer('loginUser', { ok: { token: 'jwt', message: 'ok' } });
            await answer('getProfile', { ok: profile });
          },
          'server.loginAcceptedWithoutCompany': async () => {
            await answer('loginUser', { ok: { token: 'jwt', message: 'ok' } });
            await answer('getProfile', { ok: newManager });
          },
          'server.profileFailed': async () => {
            await answer('loginUser', { ok: { token: 'jwt', message: 'ok' } });
            await answer('getProfile', { error: { message: 'Panne' } });
            expectedResets += 1;
            // Spec 9: the profile error stays 10 s.
            expect(toasts().at(-1)).toMatchObject({ message: 'Panne', duration: 10000 });
            clock.increment(9999);
            expect(toasts().some((t) => t.message === 'Panne')).toBe(true);
            clock.increment(1);
            expect(toasts().some((t) => t.message === 'Panne')).toBe(false);
          },
          'server.registered': () => {
            actor.send({ type: 'session.registered', token: 'jwt', profile: newManager });
          },
          'user.createdCompany': () => {
            actor.send({ type: 'session.companyCreated' });
          },
          'server.profileWithCompany': () => answer('getProfile', { ok: withCompany }),
          'server.companyProfileFailed': async () => {
            await answer('getProfile', { error: { message: 'Hors ligne' } });
            expect(toasts().at(-1)).toMatchObject({ message: 'Hors ligne', duration: 10000 });
          },
          'user.signOut': () => {
            actor.send({ type: 'session.signOut' });
          },
          'server.logoutAnswered': async () => {
            await answer('logoutUser', { ok: { msg: 'bye' } });
            expectedResets += 1;
          },
          'server.logoutFailed': async () => {
            await answer('logoutUser', { error: { message: 'down' } });
            expectedResets += 1;
          },
          'server.sessionExpired': () => {
            actor.send({ type: 'session.unauthorized', message: 'Expirée' });
            expectedResets += 1;
            // Spec 8: an error toast for 7 s with the server's message.
            expect(toasts().at(-1)).toMatchObject({ type: 'error', message: 'Expirée', duration: 7000 });
            clock.increment(7000);
            expect(toasts().some((t) => t.message === 'Expirée')).toBe(false);
          },
        },
        states: {
          signedOut: () => {
            expect(value()).toBe('signedOut');
            expect(actor.getSnapshot().context.token).toBeNull();
            expect(actor.getSnapshot().context.profile).toBeNull();
            expect(session.resets()).toBe(expectedResets);
          },
          signingIn: () => {
            expect(actor.getSnapshot().hasTag('submitting')).toBe(true);
          },
          registered: () => {
            expect(value()).toBe('registered');
            expect(actor.getSnapshot().context.profile?.company).toBeNull();
            expect(actor.getSnapshot().can({ type: 'session.companyCreated' })).toBe(true);
            expect(actor.getSnapshot().can({ type: 'session.signOut' })).toBe(true);
          },
          joiningCompany: () => {
            expect(value()).toBe('joiningCompany');
          },
          signedIn: () => {
            expect(value()).toBe('signedIn');
            expect(actor.getSnapshot().context.profile?.company).not.toBeNull();
            expect(actor.getSnapshot().can({ type: 'session.signOut' })).toBe(true);
            expect(actor.getSnapshot().can({ type: 'session.companyCreated' })).toBe(false);
          },
          signingOut: () => {
            expect(value()).toBe('signingOut');
          },
        },
      });
    });
  }
});
