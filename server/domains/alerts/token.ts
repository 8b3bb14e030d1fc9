import { createHmac, timingSafeEqual } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { users } from '../../db/schema';

/** What an unsubscribe link turns off: the alert emails and the digest. */
export const UNSUBSCRIBE_SCOPE = 'alerts';
/** How long an unsubscribe link works: a quarter, longer than any digest period, shorter than forever. */
export const UNSUBSCRIBE_LINK_DAYS = 90;
const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

const signature = (secret: string, userId: string, scope: string, issued: string, generation: number) =>
  createHmac('sha256', secret).update(`soumissio-unsubscribe:${userId}:${scope}:${issued}:${generation}`).digest('base64url');

/**
 * The token of an email's unsubscribe link: the user's id, the scope, the day it was issued
 * (seconds, base 36) and the user's generation of alert links (`users.alert_links_generation`),
 * signed with the server's secret. Nothing is stored per email: the link stops working after
 * UNSUBSCRIBE_LINK_DAYS, or as soon as the generation moves on (alert settings saved, password
 * changed or reset), and a forged or altered token fails the signature.
 */
export function unsubscribeToken(secret: string, userId: string, options: { generation: number; issuedAt: Date }, scope = UNSUBSCRIBE_SCOPE): string {
  const issued = Math.floor(options.issuedAt.getTime() / 1000).toString(36);
  return `${userId}.${scope}.${issued}.${options.generation}.${signature(secret, userId, scope, issued, options.generation)}`;
}

export type UnsubscribeClaims = { userId: string; scope: string; issuedAt: Date; generation: number };

/** What a token was signed for, or null when it is not one of ours (forged, altered, an old format). */
export function verifyUnsubscribeToken(secret: string, token: string): UnsubscribeClaims | null {
  const [userId, scope, issued, generationText, sig, ...rest] = token.split('.');
  if (rest.length || !userId || !scope || !issued || !generationText || !sig || !uuidPattern.test(userId) || scope !== UNSUBSCRIBE_SCOPE) return null;
  if (!/^[0-9a-z]{1,9}$/.test(issued) || !/^\d{1,9}$/.test(generationText)) return null;
  const generation = Number(generationText);
  const expected = Buffer.from(signature(secret, userId, scope, issued, generation));
  const given = Buffer.from(sig);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  return { userId, scope, issuedAt: new Date(parseInt(issued, 36) * 1000), generation };
}

/** Whether a link issued then is past its life now. */
export const unsubscribeLinkExpired = (issuedAt: Date, now: Date) => now.getTime() - issuedAt.getTime() > UNSUBSCRIBE_LINK_DAYS * 86_400_000;

/** Set with an update of the user's row: every unsubscribe link sent before stops working. */
export const revokeUnsubscribeLinks = () => ({ alertLinksGeneration: sql`${users.alertLinksGeneration} + 1` });
