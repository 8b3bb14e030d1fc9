import { describe, expect, it, vi } from 'vitest';
import { createAuthState } from './auth-state';
import { createApi } from './client';
import { normaliseError } from './errors';

const t = (key: string) => `[${key}]`;
const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

function setup(fetchImpl: (request: Request) => Promise<Response>, language = 'fr') {
  const auth = createAuthState();
  const fetch = vi.fn(fetchImpl);
  const api = createApi({ baseUrl: 'http://api.test', fetch: fetch as unknown as typeof globalThis.fetch, getLanguage: () => language, translate: t, auth });
  return { api, auth, fetch };
}

describe('api client', () => {
  it('sends Accept-Language always and the bearer token only when there is one', async () => {
    const { api, auth, fetch } = setup(async () => json(200, { status: 'ok', database: 'pglite' }), 'en');
    await api.call(() => api.client.GET('/api/health'));
    let request = fetch.mock.calls[0]![0];
    expect(request.headers.get('Accept-Language')).toBe('en');
    expect(request.headers.get('Authorization')).toBeNull();
    auth.setToken('abc.def.ghi');
    await api.call(() => api.client.GET('/api/health'));
    request = fetch.mock.calls[1]![0];
    expect(request.headers.get('Authorization')).toBe('Bearer abc.def.ghi');
    auth.setToken(null);
    await api.call(() => api.client.GET('/api/health'));
    expect(fetch.mock.calls[2]![0].headers.get('Authorization')).toBeNull();
  });

  it('rejects with the server msg, details, msgType and status', async () => {
    const { api } = setup(async () => json(409, { msg: 'Email taken', msgType: 'auth-email_taken', details: { field: 'email' } }));
    await expect(
      api.call(() => api.client.POST('/api/users/register', { body: { username: 'Ann', email: 'a@b.fr', password: '0123456789' } })),
    ).rejects.toEqual({ message: 'Email taken', msgType: 'auth-email_taken', details: { field: 'email' }, status: 409 });
  });

  it('a network failure becomes common-no_response_from_the_server', async () => {
    const { api } = setup(async () => {
      throw new TypeError('Failed to fetch');
    });
    await expect(api.call(() => api.client.GET('/api/health'))).rejects.toEqual({ message: '[common-no_response_from_the_server]' });
  });

  it('signals a 401 with need2Logout, not a 401 without it', async () => {
    let answer = json(401, { msg: 'Session expirée', need2Logout: true });
    const { api, auth } = setup(async () => answer);
    const listener = vi.fn();
    auth.onUnauthorized(listener);
    await expect(api.call(() => api.client.GET('/api/users/profile'))).rejects.toMatchObject({ status: 401, need2Logout: true });
    expect(listener).toHaveBeenCalledWith('Session expirée');
    answer = json(401, { msg: 'Wrong password' });
    await expect(api.call(() => api.client.POST('/api/users/login', { body: { email: 'a@b.fr', password: 'x' } }))).rejects.toMatchObject({ status: 401 });
    expect(listener).toHaveBeenCalledTimes(1);
  });
});

describe('normaliseError (spec section 8)', () => {
  it('500 without msg', () => {
    expect(normaliseError({ kind: 'response', status: 500, body: undefined }, t)).toEqual({ message: '[common-internal_server_error]', status: 500 });
  });
  it('another status without msg: something went wrong + the error text', () => {
    expect(normaliseError({ kind: 'response', status: 502, body: 'Bad Gateway' }, t)).toEqual({ message: '[common-something_went_wrong] Bad Gateway', status: 502 });
    expect(normaliseError({ kind: 'response', status: 418, body: {}, statusText: "I'm a teapot" }, t).message).toBe("[common-something_went_wrong] I'm a teapot");
  });
  it('a 500 with a msg keeps the msg', () => {
    expect(normaliseError({ kind: 'response', status: 500, body: { msg: 'Boom' } }, t)).toEqual({ message: 'Boom', status: 500 });
  });
});
