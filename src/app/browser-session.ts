import Cookies from 'js-cookie';
import { jwtDecode } from 'jwt-decode';
import type { Profile } from '../machines/types';

// The browser side of the session: the token cookie, the stored profile and token decoding.
export const TOKEN_COOKIE = 'token';
export const PROFILE_STORAGE_KEY = 'userProfile';

const cookieAttributes = { path: '/', secure: true, sameSite: 'Strict' } as const;

export function readToken(): string | null {
  return Cookies.get(TOKEN_COOKIE) ?? null;
}

/** Decoded expiry in ms, or null when the token cannot be decoded or has no exp. */
export function tokenExpiry(token: string): number | null {
  try {
    const { exp } = jwtDecode<{ exp?: number }>(token);
    return typeof exp === 'number' ? exp * 1000 : null;
  } catch {
    return null;
  }
}

export function isTokenUndecodable(token: string): boolean {
  try {
    jwtDecode(token);
    return false;
  } catch {
    return true;
  }
}

export function isTokenExpired(token: string, now = Date.now()): boolean {
  const expiry = tokenExpiry(token);
  return expiry !== null && expiry <= now;
}

/** "Remember me": the cookie lives until the token's exp; otherwise it ends with the browser session. */
export function writeToken(token: string, remember: boolean) {
  const expiry = remember ? tokenExpiry(token) : null;
  Cookies.set(TOKEN_COOKIE, token, expiry ? { ...cookieAttributes, expires: new Date(expiry) } : cookieAttributes);
}

export function removeToken() {
  Cookies.remove(TOKEN_COOKIE, { path: '/' });
}

export function readProfile(): Profile | null {
  try {
    const raw = localStorage.getItem(PROFILE_STORAGE_KEY);
    return raw ? (JSON.parse(raw) as Profile) : null;
  } catch {
    return null;
  }
}

export function writeProfile(profile: Profile) {
  localStorage.setItem(PROFILE_STORAGE_KEY, JSON.stringify(profile));
}

export function removeProfile() {
  localStorage.removeItem(PROFILE_STORAGE_KEY);
}
