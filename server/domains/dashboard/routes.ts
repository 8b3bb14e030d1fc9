import { and, count, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Deps } from '../../deps';
import type { Handlers } from '../../openapi/handlers';
import { companies, invitations, outboxEmails, users } from '../../db/schema';
import { sessionOf } from '../../auth/session';
import { membersCountSql } from '../companies/company';

const pendingInvite = and(isNull(invitations.acceptedAt), isNull(invitations.revokedAt), gt(invitations.expiresAt, sql`now()`));

export function dashboardHandlers({ db }: Deps): Handlers<'getDashboardSummary'> {
  const countOf = async (query: Promise<{ n: number }[]>) => (await query)[0]?.n ?? 0;

  return {
    async getDashboardSummary(request) {
      const { user } = sessionOf(request);
      const [me] = await db.select({ verifiedAt: users.emailVerifiedAt }).from(users).where(eq(users.id, user.id)).limit(1);
      const emailVerified = !!me?.verifiedAt;

      if (user.role === 'admin') {
        const [usersCount, companiesCount, invitesCount, emailsCount] = await Promise.all([
          countOf(db.select({ n: count() }).from(users)),
          countOf(db.select({ n: count() }).from(companies)),
          countOf(db.select({ n: count() }).from(invitations).where(pendingInvite)),
          countOf(db.select({ n: count() }).from(outboxEmails)),
        ]);
        return { role: user.role, platform: { users: usersCount, companies: companiesCount, pendingInvites: invitesCount, outboxEmails: emailsCount }, emailVerified };
      }

      if (!user.companyId) return { role: user.role, company: null, pendingInvites: 0, emailVerified };
      const companyId = user.companyId;
      const [[company], invitesCount] = await Promise.all([
        db
          .select({
            id: companies.id,
            name: companies.name,
            city: companies.city,
            membersCount: membersCountSql,
          })
          .from(companies)
          .where(eq(companies.id, companyId))
          .limit(1),
        countOf(db.select({ n: count() }).from(invitations).where(and(eq(invitations.companyId, companyId), pendingInvite))),
      ]);
      return {
        role: user.role,
        company: company ? { _id: company.id, name: company.name, city: company.city, membersCount: Number(company.membersCount) } : null,
        pendingInvites: invitesCount,
        emailVerified,
      };
    },
  };
}
