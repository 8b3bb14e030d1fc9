import { act, render } from '@testing-library/react';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { fromPromise } from 'xstate';
import { createAuthState } from '../api/auth-state';
import { createI18n } from '../i18n/i18n';
import type { Profile } from '../machines/types';
import fr from '../../locales/fr/translation.json';
import en from '../../locales/en/translation.json';
import { App } from './App';
import { PROFILE_STORAGE_KEY, TOKEN_COOKIE } from './browser-session';
import type { Operations } from './operations';

// The whole client (App, session, route table, layouts, lazy pages) in jsdom at a memory location,
// with server answers decided by the test.

const company = { _id: '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d', name: 'BTP Lyon Rénovation' };
const base = { profilePicture: null, createdAt: '2026-01-15T09:30:00.000Z' };

export const users = {
  admin: { ...base, _id: 'a0000000-0000-4000-8000-000000000001', username: 'Alice Admin', primaryEmail: 'alice@soumissio.fr', role: 'admin', company: null },
  manager: { ...base, _id: 'a0000000-0000-4000-8000-000000000002', username: 'Camille Martin', primaryEmail: 'camille@btp-lyon.fr', role: 'manager', company },
  employee: { ...base, _id: 'a0000000-0000-4000-8000-000000000003', username: 'Élise Durand', primaryEmail: 'elise@btp-lyon.fr', role: 'employee', company },
  registered: { ...base, _id: 'a0000000-0000-4000-8000-000000000004', username: 'Noé Petit', primaryEmail: 'noe@example.fr', role: 'manager', company: null },
} satisfies Record<string, Profile>;

export type Who = keyof typeof users | 'anonymous';

// A decodable token that expires in an hour; the signature is the server's business.
export function fakeToken(sub: string) {
  const encode = (value: object) => btoa(JSON.stringify(value)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
  return `${encode({ alg: 'HS256', typ: 'JWT' })}.${encode({ sub, exp: Math.floor(Date.now() / 1000) + 3600 })}.signature`;
}

const never = () => new Promise<never>(() => {});

/** Operations answering as the server would for `accounts`; anything else stays pending. */
export function fakeOperations(accounts: { current: Profile | null; byEmail?: Record<string, Profile> }, overrides: Partial<Record<keyof Operations, unknown>> = {}) {
  const known: Record<string, unknown> = {
    loginUser: fromPromise(async ({ input }: { input: { email: string } }) => {
      const user = accounts.byEmail?.[input.email];
      if (!user) throw { message: 'E-mail ou mot de passe incorrect.', status: 401 };
      accounts.current = user;
      return { token: fakeToken(user._id), message: 'ok' };
    }),
    getProfile: fromPromise(async () => {
      if (!accounts.current) throw { message: 'Session expirée', status: 401, need2Logout: true };
      return accounts.current;
    }),
    logoutUser: fromPromise(async () => {
      accounts.current = null;
      return { msg: 'ok' };
    }),
    ...overrides,
  };
  return new Proxy(known, { get: (target, key: string) => target[key] ?? fromPromise(never) }) as unknown as Operations;
}

// jsdom has no matchMedia (the theme follows a system that prefers light) nor ResizeObserver.
function stubBrowser() {
  // Ark's positioning watches sizes; nothing resizes in jsdom.
  if (typeof window.ResizeObserver !== 'function') {
    window.ResizeObserver = class {
      observe() {}
      unobserve() {}
      disconnect() {}
    };
  }
  if (typeof window.matchMedia === 'function') return;
  window.matchMedia = (query: string) =>
    ({ matches: false, media: query, onchange: null, addEventListener() {}, removeEventListener() {}, addListener() {}, removeListener() {}, dispatchEvent: () => false }) as MediaQueryList;
}

export async function renderApp({ path, who, operations }: { path: string; who: Who; operations?: Operations }) {
  stubBrowser();
  const profile = who === 'anonymous' ? null : users[who];
  if (profile) {
    document.cookie = `${TOKEN_COOKIE}=${fakeToken(profile._id)}; path=/`;
    localStorage.setItem(PROFILE_STORAGE_KEY, JSON.stringify(profile));
  }
  const i18n = await createI18n({ resources: { fr: { translation: fr }, en: { translation: en } }, lng: 'fr' });
  const location = memoryLocation({ path, record: true });
  const services = { auth: createAuthState(), operations: operations ?? fakeOperations({ current: profile }) };
  let view!: ReturnType<typeof render>;
  await act(async () => {
    view = render(
      <Router hook={location.hook}>
        <App i18n={i18n} services={services} />
      </Router>,
    );
  });
  const current = () => location.history.at(-1)!.replace(/\?.*$/, '');
  return { ...view, location, current, services };
}
