import type { FastifyRequest } from 'fastify';
import { unauthorized } from '../errors';
import { pickLanguage } from '../i18n';
import type { Authenticate } from '../openapi/bind';
import type { TokenClaims, TokenService } from './tokens';
import { bearerToken, cookieToken } from './tokens';
import type { UserQueries, ProfileRow } from '../domains/users/queries';

export type Session = { user: ProfileRow; jti: string; exp: number };

export function createAuthenticate(tokens: TokenService, queries: UserQueries): Authenticate {
  return async (request, allowCookie) => {
    const token = bearerToken(request.headers.authorization) ?? (allowCookie ? cookieToken(request.headers.cookie) : undefined);
    if (!token) throw unauthorized();
    const claims = await tokens.verify(token);
    const row = await queries.session(claims.sub, claims.jti);
    if (!row) throw unauthorized('common-token_invalid');
    if (row.revoked) throw unauthorized('common-token_revoked');
    if (!row.active) throw unauthorized('auth-account_disabled');
    if (signedOutByPasswordChange(row, claims)) throw unauthorized('auth-password_changed_sign_in');
    const { revoked: _revoked, tokensValidAfter: _after, keptTokenJti: _kept, ...user } = row;
    // The app sends its language with every call: the emails sent later without a request
    // (alerts, digests, reminders) follow its last signed-in read (a GET: the app reads the
    // profile as it starts and lists on every page; a refused write changes nothing). Written
    // only when it changes, and only when the header names a language of the app.
    const header = request.headers['accept-language'];
    if (request.method === 'GET' && typeof header === 'string' && header) {
      const language = pickLanguage(header);
      const named = header.split(',').some((part) => part.trim().toLowerCase().split(/[-;]/)[0] === language);
      if (named && language !== user.language) {
        await queries.setLanguage(user.id, language);
        user.language = language;
      }
    }
    request.session = { user, jti: claims.jti, exp: claims.exp };
    return user;
  };
}

/** A password reset or change ends the sessions opened before it, except the one that changed it. */
export function signedOutByPasswordChange(user: { tokensValidAfter: Date | null; keptTokenJti: string | null }, claims: Pick<TokenClaims, 'jti' | 'iat' | 'iatMs'>): boolean {
  if (!user.tokensValidAfter || claims.jti === user.keptTokenJti) return false;
  const issuedMs = typeof claims.iatMs === 'number' ? claims.iatMs : (claims.iat ?? 0) * 1000;
  return issuedMs < user.tokensValidAfter.getTime();
}

/** The caller of a secured operation (the binder has authenticated it before the handler). */
export function sessionOf(request: FastifyRequest): Session {
  if (!request.session) throw unauthorized();
  return request.session;
}

declare module 'fastify' {
  interface FastifyRequest {
    session?: Session;
  }
}
