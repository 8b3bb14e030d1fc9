import { and, count, desc, eq, gt, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import type { FastifyReply } from 'fastify';
import type { Deps } from '../../deps';
import type { Handlers } from '../../openapi/handlers';
import type { components } from '../../../openapi/schema';
import { ValidationFailure } from '../../http/error-handler';
import { AppError, notFound } from '../../errors';
import { isUniqueViolation, type Database } from '../../db/client';
import { companies, invitations, outboxEmails, users } from '../../db/schema';
import { hashPassword } from '../../auth/passwords';
import { assertAcceptablePassword } from '../../auth/password-policy';
import { DAY_MS, digestToken, newLinkToken } from '../../auth/one-time-tokens';
import { sessionOf } from '../../auth/session';
import { composeMail } from '../../mail/mailer';
import { tokenOfLink } from '../../mail/live-links';
import { pickLanguage, t, translate, type Language } from '../../i18n';
import { readScope, type Caller } from '../companies/scope';
import { pageOf, searchAny, totalPages } from '../admin/lists';
import { toProfile } from '../users/profile';
import { enforceLimit } from '../billing/store';

type Invite = components['schemas']['Invite'];
type InviteStatus = components['schemas']['InviteStatus'];

export const INVITE_TTL_MS = 7 * DAY_MS;

/** Invitations keep only the SHA-256 of their token. */
export const hashInviteToken = digestToken;

/** Why an invitation cannot be used now, if it cannot. */
export function invitationProblem(
  invite: { acceptedAt: Date | null; revokedAt?: Date | null; expiresAt: Date } | undefined,
  now = new Date(),
): AppError | undefined {
  if (!invite) return new AppError(404, 'invite-not_found');
  if (invite.acceptedAt) return new AppError(409, 'invite-used');
  if (invite.revokedAt) return new AppError(410, 'invite-revoked');
  if (invite.expiresAt <= now) return new AppError(410, 'invite-expired');
  return undefined;
}

// The status is computed, never stored: an invitation expires without anyone writing it.
const statusSql = sql<InviteStatus>`case when ${invitations.acceptedAt} is not null then 'accepted' when ${invitations.revokedAt} is not null then 'revoked' when ${invitations.expiresAt} <= now() then 'expired' else 'pending' end`;
const pendingSql = and(isNull(invitations.acceptedAt), isNull(invitations.revokedAt), gt(invitations.expiresAt, sql`now()`));

const inviteColumns = {
  id: invitations.id,
  email: invitations.email,
  role: invitations.role,
  status: statusSql,
  companyId: invitations.companyId,
  companyName: companies.name,
  invitedById: users.id,
  invitedByName: users.username,
  expiresAt: invitations.expiresAt,
  acceptedAt: invitations.acceptedAt,
  createdAt: invitations.createdAt,
};

const selectInvites = (db: Pick<Database, 'select'>, where: SQL | undefined) =>
  db
    .select(inviteColumns)
    .from(invitations)
    .innerJoin(companies, eq(companies.id, invitations.companyId))
    .leftJoin(users, eq(users.id, invitations.invitedBy))
    .where(where)
    .$dynamic();

type InviteRow = Awaited<ReturnType<typeof selectInvites>>[number];

function toInvite(row: InviteRow): Invite {
  return {
    _id: row.id,
    email: row.email,
    role: row.role,
    status: row.status,
    company: { _id: row.companyId, name: row.companyName },
    invitedBy: row.invitedById && row.invitedByName !== null ? { _id: row.invitedById, username: row.invitedByName } : null,
    expiresAt: row.expiresAt.toISOString(),
    acceptedAt: row.acceptedAt ? row.acceptedAt.toISOString() : null,
    createdAt: row.createdAt.toISOString(),
  };
}

/** The company an invitation is written to: a manager's own, or the one an admin names. */
function targetCompany(caller: Caller, companyId: string | undefined): string {
  if (caller.role === 'admin') {
    if (!companyId) throw new AppError(400, 'invite-company_required');
    return companyId;
  }
  if (companyId) readScope(caller, companyId);
  if (!caller.companyId) throw new AppError(409, 'invite-no_company');
  return caller.companyId;
}

export function invitesHandlers({ db, userQueries, mailer, inviteLimits }: Deps): Handlers<
  'registerInvitedUser' | 'createInvite' | 'listInvites' | 'getInviteByToken' | 'resendInvite' | 'revokeInvite' | 'getInviteLink'
> {
  /** Each invitation sent (or sent again) counts for its sender and for the company. */
  const countInvitation = async (reply: FastifyReply, userId: string, companyId: string) => {
    const [userWait, companyWait] = await Promise.all([inviteLimits.perUser.blocked(userId), inviteLimits.perCompany.blocked(companyId)]);
    const wait = userWait ?? companyWait;
    if (wait !== undefined) {
      reply.header('Retry-After', String(wait));
      throw new AppError(429, 'common-too_many_requests', { seconds: wait });
    }
    await Promise.all([inviteLimits.perUser.fail(userId), inviteLimits.perCompany.fail(companyId)]);
  };

  /**
   * Whether the address already has an account, and where. A member of the inviting company is
   * no secret to its managers (they list their users); an account anywhere else must not show:
   * the answer stays that of a new address, and the person gets an email saying so instead.
   */
  const accountOf = async (email: string, companyId: string): Promise<'none' | 'member' | 'elsewhere'> => {
    const account = await userQueries.byEmail(email);
    if (!account) return 'none';
    return account.companyId === companyId ? 'member' : 'elsewhere';
  };

  const inviteById = async (id: string) => {
    const [row] = await selectInvites(db, eq(invitations.id, id)).limit(1);
    return row;
  };

  /** An invitation the caller may manage: another company's answers 404 like a missing one. */
  const managedInvite = async (caller: Caller, id: string) => {
    const row = await inviteById(id);
    if (!row) throw notFound();
    readScope(caller, row.companyId);
    return row;
  };

  const invitationMail = (lng: Language, invite: { email: string; role: 'manager' | 'employee'; companyName: string }, inviter: string, token: string) => ({
    to: invite.email,
    kind: 'invitation' as const,
    link: mailer.link('/employee/sign-up', { token }),
    ...composeMail(lng, 'invitation', { inviter, company: invite.companyName, role: translate(lng, `role-${invite.role}`).toLowerCase() }),
  });

  /** What someone who already has an account gets instead of a link: an account belongs to one company. */
  const existingAccountMail = (lng: Language, invite: { email: string; companyName: string }, inviter: string) => ({
    to: invite.email,
    kind: 'invitation' as const,
    link: null,
    subject: translate(lng, 'mail-invitation_subject', { inviter, company: invite.companyName }),
    text: translate(lng, 'mail-invitation_existing_text', { inviter, company: invite.companyName }),
  });

  return {
    async listInvites(request) {
      const { user } = sessionOf(request);
      const { companyId, filterBy, search } = request.query;
      if (companyId) readScope(user, companyId);
      const scope = companyId ?? (user.role === 'admin' ? undefined : user.companyId);
      // A manager who has not created the company yet has no invitations.
      if (scope === null) return { count: 0, totalPages: 0, invites: [] };
      const where = and(
        scope ? eq(invitations.companyId, scope) : undefined,
        filterBy ? sql`${statusSql} = ${filterBy}` : undefined,
        searchAny(search, [invitations.email]),
      );
      const { limit, offset, perPage } = pageOf(request.query);
      const [{ n }] = (await db.select({ n: count() }).from(invitations).where(where)) as [{ n: number }];
      let page = selectInvites(db, where).orderBy(desc(invitations.createdAt), desc(invitations.id)).offset(offset);
      if (limit !== undefined) page = page.limit(limit);
      const rows = n > offset ? await page : [];
      return { count: n, totalPages: totalPages(n, perPage), invites: rows.map(toInvite) };
    },

    async createInvite(request, reply) {
      const { user } = sessionOf(request);
      const email = request.body.email.trim().toLowerCase();
      const { role } = request.body;
      const companyId = targetCompany(user, request.body.companyId);
      const [company] = await db.select({ name: companies.name }).from(companies).where(eq(companies.id, companyId)).limit(1);
      if (!company) throw notFound();
      await countInvitation(reply, user.id, companyId);
      const account = await accountOf(email, companyId);
      if (account === 'member') throw new AppError(409, 'invite-already_member');

      const token = newLinkToken();
      const lng = pickLanguage(request.headers['accept-language']);
      const { id, mail } = await db.transaction(async (tx) => {
        // The plan's user limit counts members and pending invitations (402 past it), under the
        // company's lock until this invitation is written.
        await enforceLimit(tx, request, companyId, 'users');
        // Two managers inviting the same address at once: the second waits, then sees the first.
        await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`invite:${companyId}:${email}`}))`);
        const [pending] = await tx
          .select({ id: invitations.id })
          .from(invitations)
          .where(and(eq(invitations.companyId, companyId), eq(sql`lower(${invitations.email})`, email), pendingSql))
          .limit(1);
        if (pending) throw new AppError(409, 'invite-already_pending');
        const [row] = await tx
          .insert(invitations)
          .values({ companyId, email, role, tokenHash: hashInviteToken(token), expiresAt: new Date(Date.now() + INVITE_TTL_MS), invitedBy: user.id })
          .returning({ id: invitations.id });
        // An account elsewhere: the same invitation row (the same answer and list), but its link is
        // never sent: the email explains instead, and the row expires unused.
        const mail =
          account === 'elsewhere'
            ? existingAccountMail(lng, { email, companyName: company.name }, user.username)
            : invitationMail(lng, { email, role, companyName: company.name }, user.username, token);
        const recorded = await mailer.record(mail, tx);
        return { id: row!.id, mail: recorded };
      });
      mailer.deliver(mail);
      reply.code(201);
      return { msg: t(request, 'invite-sent', { email }), details: toInvite((await inviteById(id))!) };
    },

    async getInviteByToken(request) {
      const [invite] = await db
        .select({ email: invitations.email, role: invitations.role, acceptedAt: invitations.acceptedAt, revokedAt: invitations.revokedAt, expiresAt: invitations.expiresAt, companyName: companies.name })
        .from(invitations)
        .innerJoin(companies, eq(companies.id, invitations.companyId))
        .where(eq(invitations.tokenHash, hashInviteToken(request.params.token)))
        .limit(1);
      const problem = invitationProblem(invite);
      if (problem || !invite) throw problem;
      return { email: invite.email, role: invite.role, company: { name: invite.companyName } };
    },

    async resendInvite(request, reply) {
      const { user } = sessionOf(request);
      const invite = await managedInvite(user, request.params.id);
      if (invite.status === 'accepted') throw new AppError(409, 'invite-used');
      if (invite.status === 'revoked') throw new AppError(409, 'invite-revoked');
      await countInvitation(reply, user.id, invite.companyId);
      const account = await accountOf(invite.email, invite.companyId);
      if (account === 'member') throw new AppError(409, 'invite-already_member');

      const token = newLinkToken();
      const lng = pickLanguage(request.headers['accept-language']);
      const mail = await db.transaction(async (tx) => {
        // A new token replaces the old one: the link sent before stops working.
        const updated = await tx
          .update(invitations)
          .set({ tokenHash: hashInviteToken(token), expiresAt: new Date(Date.now() + INVITE_TTL_MS) })
          .where(and(eq(invitations.id, invite.id), isNull(invitations.acceptedAt), isNull(invitations.revokedAt)))
          .returning({ id: invitations.id });
        if (updated.length === 0) throw new AppError(409, 'invite-used');
        return mailer.record(account === 'elsewhere' ? existingAccountMail(lng, invite, user.username) : invitationMail(lng, invite, user.username, token), tx);
      });
      mailer.deliver(mail);
      return { msg: t(request, 'invite-resent', { email: invite.email }), details: toInvite((await inviteById(invite.id))!) };
    },

    async getInviteLink(request) {
      const { user } = sessionOf(request);
      const invite = await managedInvite(user, request.params.id);
      // Only the sender's own invitations: a colleague's link is theirs to hand over.
      if (invite.invitedById !== user.id) throw notFound();
      // With SMTP the link went by email and was not kept: nobody but its addressee holds it.
      if (!mailer.keepsLinks) throw new AppError(409, 'invite-link_not_kept');
      if (invite.status !== 'pending') throw new AppError(409, invite.status === 'accepted' ? 'invite-used' : invite.status === 'revoked' ? 'invite-revoked' : 'invite-expired');
      // The link is the one in the outbox whose token is the invitation's current one (a resend
      // replaces it); the database keeps no other copy of it.
      const [{ tokenHash } = { tokenHash: '' }] = await db.select({ tokenHash: invitations.tokenHash }).from(invitations).where(eq(invitations.id, invite.id));
      const mails = await db
        .select({ link: outboxEmails.link })
        .from(outboxEmails)
        .where(and(eq(outboxEmails.kind, 'invitation'), eq(sql`lower(${outboxEmails.to})`, invite.email.toLowerCase()), isNotNull(outboxEmails.link)))
        .orderBy(desc(outboxEmails.createdAt))
        .limit(20);
      const link = mails.map((m) => m.link!).find((l) => {
        const token = tokenOfLink(l);
        return token !== undefined && hashInviteToken(token) === tokenHash;
      });
      if (!link) throw new AppError(409, 'invite-link_not_kept');
      return { link, expiresAt: invite.expiresAt.toISOString() };
    },

    async revokeInvite(request) {
      const { user } = sessionOf(request);
      const invite = await managedInvite(user, request.params.id);
      if (invite.status === 'accepted') throw new AppError(409, 'invite-used');
      const updated = await db
        .update(invitations)
        .set({ revokedAt: sql`coalesce(${invitations.revokedAt}, now())` })
        .where(and(eq(invitations.id, invite.id), isNull(invitations.acceptedAt)))
        .returning({ id: invitations.id });
      if (updated.length === 0) throw new AppError(409, 'invite-used');
      return { msg: t(request, 'invite-revoke_done', { email: invite.email }) };
    },

    async registerInvitedUser(request, reply) {
      const { token, username, password } = request.body;
      const [invite] = await db.select().from(invitations).where(eq(invitations.tokenHash, hashInviteToken(token))).limit(1);
      const problem = invitationProblem(invite);
      if (problem || !invite) throw problem;
      await assertAcceptablePassword(password, { email: invite.email, username }, 'password', pickLanguage(request.headers['accept-language']));
      if (await userQueries.emailTaken(invite.email)) throw new ValidationFailure([{ field: 'email', key: 'auth-email_taken', vars: {} }], 409);
      const passwordHash = await hashPassword(password);
      let id: string;
      try {
        id = await db.transaction(async (tx) => {
          // Claiming the invitation and creating the account commit together, once; a revocation
          // or expiry that lands meanwhile wins.
          const claimed = await tx
            .update(invitations)
            .set({ acceptedAt: new Date() })
            .where(and(eq(invitations.id, invite.id), isNull(invitations.acceptedAt), isNull(invitations.revokedAt), gt(invitations.expiresAt, sql`now()`)))
            .returning({ id: invitations.id });
          if (claimed.length === 0) {
            const [now] = await tx.select().from(invitations).where(eq(invitations.id, invite.id));
            throw invitationProblem(now) ?? new AppError(409, 'invite-used');
          }
          // The invitation link reached this address: it is verified, no second email needed.
          const [row] = await tx
            .insert(users)
            .values({
              username: username.trim(),
              email: invite.email.toLowerCase(),
              passwordHash,
              role: invite.role,
              companyId: invite.companyId,
              emailVerifiedAt: new Date(),
            })
            .returning({ id: users.id });
          return row!.id;
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw new ValidationFailure([{ field: 'email', key: 'auth-email_taken', vars: {} }], 409);
        throw error;
      }
      const row = await userQueries.profile(id);
      reply.code(201);
      return { msg: t(request, 'invite-register_success'), details: toProfile(row!) };
    },
  };
}
