import createClient, { type Middleware } from 'openapi-fetch';
import type { paths } from '../../openapi/schema';
import type { RequestError } from '../common/request-result';
import type { AuthState } from './auth-state';
import { normaliseError, type Translate } from './errors';

export type ApiClient = ReturnType<typeof createClient<paths>>;

export type ApiOptions = {
  /** Backend base address; same origin when empty. */
  baseUrl?: string;
  fetch?: typeof globalThis.fetch;
  getLanguage: () => string;
  translate: Translate;
  auth: AuthState;
};

/**
 * One client for the whole app. The token comes from the auth state (not from the cookie per
 * request) so that sign-out clears the auth header at once. No default timeout: long uploads
 * must not be cut.
 */
export function createApi({ baseUrl = '', fetch, getLanguage, translate, auth }: ApiOptions) {

  const client = createClient<paths>({ baseUrl, ...(fetch ? { fetch } : {}) });

  /** The headers of every call; uploads sent with XMLHttpRequest (src/app/upload.ts) use them too. */
  function headers(): Record<string, string> {
    const token = auth.getToken();
    return { ...(token ? { Authorization: `Bearer ${token}` } : {}), 'Accept-Language': getLanguage() };
  }

  /** A 401 with need2Logout means the token is dead (expired, revoked, forged): tell the session. */
  function reportDeadToken(status: number, body: unknown) {
    if (status !== 401 || !auth.hasListeners()) return;
    const error = (typeof body === 'object' && body !== null ? body : {}) as { msg?: string; need2Logout?: boolean };
    if (error.need2Logout) auth.emitUnauthorized(error.msg);
  }

  const middleware: Middleware = {
    onRequest({ request }) {
      for (const [name, value] of Object.entries(headers())) request.headers.set(name, value);
      return request;
    },
    async onResponse({ response }) {
      if (response.status === 401 && auth.hasListeners()) reportDeadToken(response.status, await response.clone().json().catch(() => null));
      return response;
    },
  };
  client.use(middleware);

  /** Runs one call; resolves with its data, rejects with a normalised RequestError. */
  async function call<T>(request: () => Promise<{ data?: T; error?: unknown; response: Response }>): Promise<T> {
    let result: { data?: T; error?: unknown; response: Response };
    try {
      result = await request();
    } catch (cause) {
      if (cause instanceof DOMException && cause.name === 'AbortError') throw cause;
      throw normaliseError({ kind: 'network', cause }, translate);
    }
    const { data, error, response } = result;
    if (!response.ok || error !== undefined) {
      throw normaliseError({ kind: 'response', status: response.status, body: error, statusText: response.statusText }, translate);
    }
    return data as T;
  }

  return { client, call, baseUrl, headers, reportDeadToken, translate };
}

export type Api = ReturnType<typeof createApi>;
export type { RequestError };
