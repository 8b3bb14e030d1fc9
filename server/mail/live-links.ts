import { and, gt, inArray, isNull, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { emailTokens, invitations } from '../db/schema';
import { digestToken } from '../auth/one-time-tokens';

/** The token a link of an email carries (every action link has one `token` parameter). */
export function tokenOfLink(link: string): string | undefined {
  try {
    return new URL(link).searchParams.get('token') ?? undefined;
  } catch {
    return undefined;
  }
}

/**
 * Which of these email links still work: their token is that of a pending invitation (not
 * accepted, revoked, expired nor replaced by a resend) or of an unused, unexpired email token.
 * The tokens are matched by their digest, the only form the database keeps of them.
 */
export async function liveLinks(db: Pick<Database, 'select'>, links: (string | null)[]): Promise<Set<string>> {
  const byDigest = new Map<string, string>();
  for (const link of links) {
    const token = link && tokenOfLink(link);
    if (link && token) byDigest.set(digestToken(token), link);
  }
  if (byDigest.size === 0) return new Set();
  const digests = [...byDigest.keys()];
  const [invites, tokens] = await Promise.all([
    db
      .select({ digest: invitations.tokenHash })
      .from(invitations)
      .where(and(inArray(invitations.tokenHash, digests), isNull(invitations.acceptedAt), isNull(invitations.revokedAt), gt(invitations.expiresAt, sql`now()`))),
    db
      .select({ digest: emailTokens.tokenHash })
      .from(emailTokens)
      .where(and(inArray(emailTokens.tokenHash, digests), isNull(emailTokens.usedAt), gt(emailTokens.expiresAt, sql`now()`))),
  ]);
  return new Set([...invites, ...tokens].map((row) => byDigest.get(row.digest)!));
}
