import { randomUUID } from 'node:crypto';
import { SignJWT, jwtVerify } from 'jose';
import { unauthorized } from '../errors';
import type { Role } from '../db/schema';

export type TokenClaims = { sub: string; role: Role; companyId: string | null; jti: string; exp: number; iat?: number; iatMs?: number };

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function createTokenService(secret: string, expiresIn: string | number = '7d') {
  const key = new TextEncoder().encode(secret);
  // Verifying an HMAC through WebCrypto costs ~50 µs, most of a profile read: a token already
  // verified is remembered (bounded, oldest first out). Expiry is still checked on every use;
  // revocation and the account's state are checked in the database on every use.
  const verified = new Map<string, TokenClaims>();
  return {
    sign(user: { id: string; role: Role; companyId: string | null }): Promise<string> {
      // iatMs: a password reset ends the tokens issued before it, to the millisecond, so that a
      // sign-in in the same second as the reset is not mistaken for one of them.
      return new SignJWT({ role: user.role, companyId: user.companyId, iatMs: Date.now() })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(user.id)
        .setJti(randomUUID())
        .setIssuedAt()
        .setExpirationTime(expiresIn)
        .sign(key);
    },
    /** Signature and expiry only; revocation and the account's state are checked in the database. */
    async verify(token: string): Promise<TokenClaims> {
      const known = verified.get(token);
      if (known) {
        if (known.exp * 1000 > Date.now()) return known;
        verified.delete(token);
        throw unauthorized('common-token_expired');
      }
      try {
        const { payload } = await jwtVerify(token, key, { algorithms: ['HS256'] });
        if (typeof payload.sub !== 'string' || !uuidPattern.test(payload.sub) || typeof payload.jti !== 'string' || typeof payload.exp !== 'number') {
          throw unauthorized('common-token_invalid');
        }
        const claims = payload as unknown as TokenClaims;
        if (verified.size >= 10_000) verified.delete(verified.keys().next().value!);
        verified.set(token, claims);
        return claims;
      } catch (error) {
        if ((error as { code?: string }).code === 'ERR_JWT_EXPIRED') throw unauthorized('common-token_expired');
        throw unauthorized('common-token_invalid');
      }
    },
  };
}

export type TokenService = ReturnType<typeof createTokenService>;

export function bearerToken(header: string | undefined): string | undefined {
  const match = header ? /^Bearer\s+(\S+)$/i.exec(header) : null;
  return match?.[1];
}

export function cookieToken(header: string | undefined): string | undefined {
  for (const pair of header?.split(';') ?? []) {
    const [name, ...value] = pair.trim().split('=');
    if (name === 'token' && value.length) return decodeURIComponent(value.join('='));
  }
  return undefined;
}
