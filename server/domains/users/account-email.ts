import { and, count, eq, gt, isNull, max, sql } from 'drizzle-orm';
import type { Deps } from '../../deps';
import type { Handlers } from '../../openapi/handlers';
import type { Database } from '../../db/client';
import { ValidationFailure } from '../../http/error-handler';
import { AppError } from '../../errors';
import { emailTokens, users } from '../../db/schema';
import { hashPassword, verifyPassword } from '../../auth/passwords';
import { assertAcceptablePassword } from '../../auth/password-policy';
import { DAY_MS, HOUR_MS, digestToken, newLinkToken } from '../../auth/one-time-tokens';
import { sessionOf } from '../../auth/session';
import { composeMail, type Mailer } from '../../mail/mailer';
import { pickLanguage, t, type Language } from '../../i18n';
import { revokeUnsubscribeLinks } from '../alerts/token';

export const VERIFY_TTL_MS = DAY_MS;
export const RESET_TTL_MS = HOUR_MS;
/** Reset emails per address and hour; beyond, the answer stays the same but nothing is sent. */
export const RESETS_PER_HOUR = 3;
export const VERIFY_RESEND_INTERVAL_MS = 60_000;

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];
type EmailTokenKind = 'verify_email' | 'reset_password';

async function issueEmailToken(tx: Tx, userId: string, kind: EmailTokenKind, ttlMs: number): Promise<string> {
  const token = newLinkToken();
  await tx.insert(emailTokens).values({ userId, kind, tokenHash: digestToken(token), expiresAt: new Date(Date.now() + ttlMs) });
  return token;
}

/** Writes a verification token and its email in `tx`; the caller delivers the email once committed. */
export async function recordVerificationEmail(tx: Tx, mailer: Mailer, lng: Language, user: { id: string; email: string; username: string }) {
  const token = await issueEmailToken(tx, user.id, 'verify_email', VERIFY_TTL_MS);
  return mailer.record(
    { to: user.email, kind: 'verify_email', link: mailer.link('/verify-email', { token }), ...composeMail(lng, 'verify_email', { username: user.username }) },
    tx,
  );
}

/** Marks a token used, once: false when it was used, or expired, in the meantime. */
async function claimToken(tx: Tx, id: string): Promise<boolean> {
  const claimed = await tx
    .update(emailTokens)
    .set({ usedAt: new Date() })
    .where(and(eq(emailTokens.id, id), isNull(emailTokens.usedAt), gt(emailTokens.expiresAt, sql`now()`)))
    .returning({ id: emailTokens.id });
  return claimed.length === 1;
}

export function accountEmailHandlers({ db, userQueries, mailer, loginLimits, passwordResetLimit }: Deps): Handlers<
  'requestPasswordReset' | 'resetPassword' | 'changePassword' | 'verifyEmail' | 'resendVerificationEmail'
> {
  const findToken = async (token: string, kind: EmailTokenKind) => {
    const [row] = await db
      .select({ id: emailTokens.id, userId: emailTokens.userId, expiresAt: emailTokens.expiresAt, usedAt: emailTokens.usedAt, email: users.email, username: users.username })
      .from(emailTokens)
      .innerJoin(users, eq(users.id, emailTokens.userId))
      .where(and(eq(emailTokens.tokenHash, digestToken(token)), eq(emailTokens.kind, kind)))
      .limit(1);
    return row;
  };

  /** The reset email, unless the account is unknown or disabled, or has had its share this hour. */
  async function sendResetEmail(email: string, lng: Language) {
    const user = await userQueries.byEmail(email);
    if (!user || !user.active) return;
    const mail = await db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`reset:${user.id}`}))`);
      const [{ n }] = (await tx
        .select({ n: count() })
        .from(emailTokens)
        .where(and(eq(emailTokens.userId, user.id), eq(emailTokens.kind, 'reset_password'), gt(emailTokens.createdAt, new Date(Date.now() - HOUR_MS))))) as [{ n: number }];
      if (n >= RESETS_PER_HOUR) return undefined;
      const token = await issueEmailToken(tx, user.id, 'reset_password', RESET_TTL_MS);
      return mailer.record(
        { to: user.email, kind: 'reset_password', link: mailer.link('/reset-password', { token }), ...composeMail(lng, 'reset_password', { username: user.username }) },
        tx,
      );
    });
    if (mail) mailer.deliver(mail);
  }

  return {
    async requestPasswordReset(request, reply) {
      const wait = await passwordResetLimit.hit(request.ip);
      if (wait !== undefined) {
        reply.header('Retry-After', String(wait));
        throw new AppError(429, 'common-too_many_requests', { seconds: wait });
      }
      // The lookup and the email happen after the answer: the same answer, in the same time,
      // whether the account exists or not.
      const email = request.body.email.trim().toLowerCase();
      const lng = pickLanguage(request.headers['accept-language']);
      mailer.later(() => sendResetEmail(email, lng));
      return { msg: t(request, 'password-reset_requested') };
    },

    async resetPassword(request) {
      const { token, password } = request.body;
      const found = await findToken(token, 'reset_password');
      if (!found) throw new AppError(400, 'password-reset_token_unknown');
      if (found.usedAt || found.expiresAt <= new Date()) throw new AppError(410, 'password-reset_token_invalid');
      await assertAcceptablePassword(password, found, 'password', pickLanguage(request.headers['accept-language']));
      const passwordHash = await hashPassword(password);
      await db.transaction(async (tx) => {
        if (!(await claimToken(tx, found.id))) throw new AppError(410, 'password-reset_token_invalid');
        // Every session opened before the reset ends; the email link also proves the address.
        await tx
          .update(users)
          .set({ passwordHash, tokensValidAfter: new Date(), keptTokenJti: null, emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, now())`, ...revokeUnsubscribeLinks(), updatedAt: new Date() })
          .where(eq(users.id, found.userId));
        await tx
          .update(emailTokens)
          .set({ usedAt: new Date() })
          .where(and(eq(emailTokens.userId, found.userId), eq(emailTokens.kind, 'reset_password'), isNull(emailTokens.usedAt)));
      });
      await loginLimits.perEmail.reset(found.email.toLowerCase());
      return { msg: t(request, 'password-reset_done') };
    },

    async changePassword(request) {
      const { user, jti } = sessionOf(request);
      const { currentPassword, newPassword } = request.body;
      const [row] = await db.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, user.id)).limit(1);
      if (!(await verifyPassword(row?.passwordHash, currentPassword))) throw new ValidationFailure([{ field: 'currentPassword', key: 'password-current_wrong', vars: {} }]);
      await assertAcceptablePassword(newPassword, user, 'newPassword', pickLanguage(request.headers['accept-language']));
      const passwordHash = await hashPassword(newPassword);
      await db.transaction(async (tx) => {
        // The other sessions end; this one, which proved the current password, goes on. So do the
        // unsubscribe links of emails sent before (whoever read the mailbox may hold them).
        await tx.update(users).set({ passwordHash, tokensValidAfter: new Date(), keptTokenJti: jti, ...revokeUnsubscribeLinks(), updatedAt: new Date() }).where(eq(users.id, user.id));
        // A reset link asked for earlier must not undo this change.
        await tx
          .update(emailTokens)
          .set({ usedAt: new Date() })
          .where(and(eq(emailTokens.userId, user.id), eq(emailTokens.kind, 'reset_password'), isNull(emailTokens.usedAt)));
      });
      return { msg: t(request, 'password-changed') };
    },

    async verifyEmail(request) {
      const found = await findToken(request.body.token, 'verify_email');
      if (!found) throw new AppError(400, 'verify-token_unknown');
      if (found.usedAt || found.expiresAt <= new Date()) throw new AppError(410, 'verify-token_invalid');
      await db.transaction(async (tx) => {
        if (!(await claimToken(tx, found.id))) throw new AppError(410, 'verify-token_invalid');
        await tx.update(users).set({ emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, now())` }).where(eq(users.id, found.userId));
      });
      return { msg: t(request, 'verify-done') };
    },

    async resendVerificationEmail(request, reply) {
      const { user } = sessionOf(request);
      if (user.emailVerifiedAt) throw new AppError(409, 'verify-already_verified');
      const lng = pickLanguage(request.headers['accept-language']);
      const mail = await db.transaction(async (tx) => {
        await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`verify:${user.id}`}))`);
        const [last] = await tx
          .select({ at: max(emailTokens.createdAt) })
          .from(emailTokens)
          .where(and(eq(emailTokens.userId, user.id), eq(emailTokens.kind, 'verify_email')));
        const since = last?.at ? Date.now() - last.at.getTime() : Infinity;
        if (since < VERIFY_RESEND_INTERVAL_MS) {
          const seconds = Math.max(1, Math.ceil((VERIFY_RESEND_INTERVAL_MS - since) / 1000));
          reply.header('Retry-After', String(seconds));
          throw new AppError(429, 'verify-resend_too_soon', { seconds });
        }
        return recordVerificationEmail(tx, mailer, lng, user);
      });
      mailer.deliver(mail);
      return { msg: t(request, 'verify-resent', { email: user.email }) };
    },
  };
}
