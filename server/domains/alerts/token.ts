import { createHmac, timingSafeEqual } from 'node:crypto';

/** What an unsubscribe link turns off: the alert emails and the digest. */
export const UNSUBSCRIBE_SCOPE = 'alerts';
const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

const signature = (secret: string, userId: string, scope: string) =>
  createHmac('sha256', secret).update(`soumissio-unsubscribe:${userId}:${scope}`).digest('base64url');

/**
 * The token of an email's unsubscribe link: the user's id and the scope, signed with the server's
 * secret. Nothing is stored: the link works as long as the secret stays the same, and a forged or
 * altered token fails the signature.
 */
export function unsubscribeToken(secret: string, userId: string, scope = UNSUBSCRIBE_SCOPE): string {
  return `${userId}.${scope}.${signature(secret, userId, scope)}`;
}

/** The user id a token was signed for, or null when it is not one of ours. */
export function verifyUnsubscribeToken(secret: string, token: string): { userId: string; scope: string } | null {
  const [userId, scope, sig, ...rest] = token.split('.');
  if (rest.length || !userId || !scope || !sig || !uuidPattern.test(userId) || scope !== UNSUBSCRIBE_SCOPE) return null;
  const expected = Buffer.from(signature(secret, userId, scope));
  const given = Buffer.from(sig);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  return { userId, scope };
}
