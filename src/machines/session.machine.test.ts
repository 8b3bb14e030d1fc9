import { afterEach, describe, expect, it, vi } from 'vitest';
import { profile, startSession } from './session.test-harness';

afterEach(() => vi.restoreAllMocks());

describe('session machine at start', () => {
  it('no token: signed out, a stale profile is removed', () => {
    const { actor, effects } = startSession({ token: null, profile });
    expect(actor.getSnapshot().value).toBe('signedOut');
    expect(actor.getSnapshot().context.profile).toBeNull();
    expect(effects).toEqual(['removeProfile']);
  });

  it('an expired token is discarded with the profile', () => {
    const { actor, effects } = startSession({ token: 'old', profile }, { expired: ['old'] });
    expect(actor.getSnapshot().value).toBe('signedOut');
    expect(effects).toEqual(['removeToken', 'removeProfile']);
  });

  it('an undecodable token is removed with the profile and the decode error is logged', () => {
    const { actor, effects } = startSession({ token: 'garbage', profile }, { undecodable: ['garbage'] });
    expect(actor.getSnapshot().value).toBe('signedOut');
    expect(effects).toEqual(['logDecodeError', 'removeToken', 'removeProfile']);
  });

  it('a valid token restores the session after the profile loads', async () => {
    const { actor, effects, answer } = startSession({ token: 'good', profile: null });
    expect(actor.getSnapshot().value).toBe('restoring');
    expect(effects).toEqual(['setAuthToken {"token":"good"}']);
    await answer('getProfile', { ok: profile });
    expect(actor.getSnapshot().value).toBe('signedIn');
    expect(effects).toContain('storeProfile Ann');
  });

  it('a profile load failure shows the 10 s toast and keeps a known user signed in', async () => {
    const { actor, effects, answer } = startSession({ token: 'good', profile });
    await answer('getProfile', { error: { message: 'Le serveur ne répond pas.' } });
    expect(actor.getSnapshot().value).toBe('signedIn');
    expect(effects).toContain('notifyProfileError {"message":"Le serveur ne répond pas."}');
  });

  it('a 401 need2Logout while restoring signs out with the unauthorized toast', async () => {
    const { actor, effects, answer } = startSession({ token: 'revoked', profile });
    await answer('getProfile', { error: { message: 'Session révoquée', status: 401, need2Logout: true } });
    expect(actor.getSnapshot().value).toBe('signedOut');
    expect(effects).toEqual(expect.arrayContaining(['notifyUnauthorized {"message":"Session révoquée"}', 'removeToken', 'removeProfile', 'clearAuthToken']));
  });
});

describe('session machine sign-in and sign-out', () => {
  it('remember me reaches storeToken; the profile is loaded then stored', async () => {
    const { actor, effects, answer } = startSession({ token: null, profile: null });
    actor.send({ type: 'session.signIn', email: 'ann@example.com', password: 'pw', remember: true });
    expect(actor.getSnapshot().hasTag('submitting')).toBe(true);
    await answer('loginUser', { ok: { token: 'jwt', message: 'ok' } });
    expect(actor.getSnapshot().matches({ signingIn: 'loadingProfile' })).toBe(true);
    expect(effects).toContain('storeToken {"token":"jwt","remember":true}');
    await answer('getProfile', { ok: profile });
    expect(actor.getSnapshot().value).toBe('signedIn');
    expect(actor.getSnapshot().context.profile?.username).toBe('Ann');
  });

  it('a rejected sign-in keeps the server message for the banner', async () => {
    const { actor, answer } = startSession({ token: null, profile: null });
    actor.send({ type: 'session.signIn', email: 'ann@example.com', password: 'bad', remember: false });
    await answer('loginUser', { error: { message: 'E-mail ou mot de passe incorrect.', status: 401 } });
    expect(actor.getSnapshot().value).toBe('signedOut');
    expect(actor.getSnapshot().context.error).toEqual({ message: 'E-mail ou mot de passe incorrect.', status: 401 });
    actor.send({ type: 'session.signIn', email: 'ann@example.com', password: 'good', remember: false });
    expect(actor.getSnapshot().context.error).toBeNull();
  });

  it('sign-out clears cookie, profile and auth header whatever the server answers', async () => {
    for (const outcome of [{ ok: { msg: 'bye' } }, { error: { message: 'down' } }]) {
      const { actor, effects, answer } = startSession({ token: 'good', profile });
      await answer('getProfile', { ok: profile });
      effects.length = 0;
      actor.send({ type: 'session.signOut' });
      expect(actor.getSnapshot().value).toBe('signingOut');
      await answer('logoutUser', outcome);
      expect(actor.getSnapshot().value).toBe('signedOut');
      expect(actor.getSnapshot().context).toMatchObject({ token: null, profile: null });
      expect(effects).toEqual(['removeToken', 'removeProfile', 'clearAuthToken']);
    }
  });

  it('registration signs the user in with a session cookie', () => {
    const { actor, effects } = startSession({ token: null, profile: null });
    effects.length = 0;
    actor.send({ type: 'session.registered', token: 'new', profile });
    expect(actor.getSnapshot().value).toBe('signedIn');
    expect(effects).toEqual(['storeToken {"token":"new","remember":false}', 'setAuthToken {"token":"new"}', 'storeProfile Ann']);
  });

  it('401 need2Logout when signed in: error toast with the server msg, then signed out', async () => {
    const { actor, effects, answer } = startSession({ token: 'good', profile });
    await answer('getProfile', { ok: profile });
    actor.send({ type: 'session.unauthorized', message: 'Votre session a expiré.' });
    expect(actor.getSnapshot().value).toBe('signedOut');
    expect(effects).toContain('notifyUnauthorized {"message":"Votre session a expiré."}');
  });

  it('the reason a session ended stays for the sign-in page until the user signs in again', async () => {
    const { actor, answer } = startSession({ token: 'good', profile });
    await answer('getProfile', { ok: profile });
    actor.send({ type: 'session.unauthorized', message: 'Votre session a été fermée.' });
    expect(actor.getSnapshot().context.ended).toEqual({ message: 'Votre session a été fermée.' });
    actor.send({ type: 'session.signIn', email: 'ann@exemple.fr', password: 'x', remember: false });
    expect(actor.getSnapshot().context.ended).toBeNull();
  });
});

describe('session machine, signed in again in place (issue 24)', () => {
  it('a renewed token replaces the dead one, stored and sent, the user staying signed in', async () => {
    const { actor, effects, answer } = startSession({ token: 'good', profile });
    await answer('getProfile', { ok: profile });
    effects.length = 0;
    actor.send({ type: 'session.renewed', token: 'fresh' });
    expect(actor.getSnapshot().value).toBe('signedIn');
    expect(actor.getSnapshot().context.token).toBe('fresh');
    expect(actor.getSnapshot().context.profile?.username).toBe('Ann');
    expect(effects).toEqual(['storeToken {"token":"fresh","remember":false}', 'setAuthToken {"token":"fresh"}']);
  });

  it('a renewal when nobody is signed in does nothing', () => {
    const { actor, effects } = startSession({ token: null, profile: null });
    effects.length = 0;
    actor.send({ type: 'session.renewed', token: 'fresh' });
    expect(actor.getSnapshot().value).toBe('signedOut');
    expect(effects).toEqual([]);
  });
});
