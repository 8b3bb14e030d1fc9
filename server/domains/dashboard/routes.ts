import { and, asc, count, eq, gt, inArray, isNotNull, isNull, lte, sql } from 'drizzle-orm';
import type { components } from '../../../openapi/schema';
import type { Deps } from '../../deps';
import type { Handlers } from '../../openapi/handlers';
import type { Database } from '../../db/client';
import { companies, companyDocuments, invitations, outboxEmails, planningTasks, plannings, tenderCalls, tenders, tenderStatusEnum, users } from '../../db/schema';
import { sessionOf } from '../../auth/session';
import { membersCountSql } from '../companies/company';
import { daysLeftSql, EXPIRING_DAYS, validitySql } from '../company-docs/routes';

type Summary = components['schemas']['DashboardSummary'];

const pendingInvite = and(isNull(invitations.acceptedAt), isNull(invitations.revokedAt), gt(invitations.expiresAt, sql`now()`));
/** Statuses of a tender still being answered: its deadline is the company's to meet. */
const OPEN_STATUSES = ['not_started', 'in_progress', 'pending'] as const;
const DEADLINES = 5;
const EXPIRING_DOCUMENTS = 5;
const OPEN_TASKS = 8;

/** What the company has to do: its pipeline, next deadlines, documents to renew and open tasks. */
async function companyWork(db: Database, companyId: string): Promise<Required<Pick<Summary, 'pipeline' | 'nextDeadlines' | 'expiringDocuments' | 'openTasks'>>> {
  const [byStatus, deadlines, documents, tasks] = await Promise.all([
    db.select({ status: tenders.status, n: count() }).from(tenders).where(eq(tenders.companyId, companyId)).groupBy(tenders.status),
    db
      .select({ _id: tenders.id, reference: tenderCalls.reference, title: tenderCalls.title, buyer: tenderCalls.buyer, status: tenders.status, deadline: tenders.submissionDeadline })
      .from(tenders)
      .innerJoin(tenderCalls, eq(tenderCalls.id, tenders.tenderCallId))
      .where(and(eq(tenders.companyId, companyId), inArray(tenders.status, [...OPEN_STATUSES]), gt(tenders.submissionDeadline, sql`now()`)))
      .orderBy(asc(tenders.submissionDeadline), asc(tenders.id))
      .limit(DEADLINES),
    // The vault's own validity rules (Paris date, EXPIRING_DAYS): expired or ending soon.
    db
      .select({ _id: companyDocuments.id, title: companyDocuments.title, kind: companyDocuments.kind, validUntil: companyDocuments.validUntil, validity: validitySql, daysLeft: daysLeftSql })
      .from(companyDocuments)
      .where(and(eq(companyDocuments.companyId, companyId), isNotNull(companyDocuments.validUntil), lte(daysLeftSql, EXPIRING_DAYS)))
      .orderBy(asc(companyDocuments.validUntil), asc(companyDocuments.id))
      .limit(EXPIRING_DOCUMENTS),
    db
      .select({ _id: planningTasks.id, name: planningTasks.name, startDate: planningTasks.startDate, endDate: planningTasks.endDate, milestone: planningTasks.milestone, tenderId: plannings.tenderId, tenderTitle: tenderCalls.title })
      .from(planningTasks)
      .innerJoin(plannings, eq(plannings.id, planningTasks.planningId))
      .innerJoin(tenders, eq(tenders.id, plannings.tenderId))
      .innerJoin(tenderCalls, eq(tenderCalls.id, tenders.tenderCallId))
      .where(and(eq(plannings.companyId, companyId), eq(tenders.companyId, companyId), eq(planningTasks.done, false)))
      .orderBy(asc(planningTasks.endDate), asc(planningTasks.startDate), asc(planningTasks.position), asc(planningTasks.id))
      .limit(OPEN_TASKS),
  ]);
  const counts = new Map(byStatus.map((row) => [row.status, Number(row.n)]));
  return {
    pipeline: tenderStatusEnum.enumValues.map((status) => ({ status, count: counts.get(status) ?? 0 })),
    nextDeadlines: deadlines.map(({ deadline, ...row }) => ({ ...row, submissionDeadline: deadline.toISOString() })),
    expiringDocuments: documents.map((row) => ({ ...row, validUntil: row.validUntil!, daysLeft: Number(row.daysLeft) })),
    openTasks: tasks,
  };
}

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
      const [[company], invitesCount, work] = await Promise.all([
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
        companyWork(db, companyId),
      ]);
      return {
        role: user.role,
        company: company ? { _id: company.id, name: company.name, city: company.city, membersCount: Number(company.membersCount) } : null,
        pendingInvites: invitesCount,
        emailVerified,
        ...work,
      };
    },
  };
}
