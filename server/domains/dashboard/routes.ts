import { and, count, eq, gt, inArray, isNull, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { components } from '../../../openapi/schema';
import type { Deps } from '../../deps';
import type { Handlers } from '../../openapi/handlers';
import type { Database } from '../../db/client';
import { companies, companyDocuments, invitations, outboxEmails, planningTasks, plannings, tenderCalls, tenderGoNoGo, tenders, tenderStatusEnum, users } from '../../db/schema';
import { sessionOf } from '../../auth/session';
import { daysLeftSql, EXPIRING_DAYS, validitySql } from '../company-docs/routes';
import { notSetAside } from '../tenders/go-no-go';

type Summary = components['schemas']['DashboardSummary'];

const pendingInvite = and(isNull(invitations.acceptedAt), isNull(invitations.revokedAt), gt(invitations.expiresAt, sql`now()`));
/** Statuses of a tender still being answered: its deadline is the company's to meet. */
const OPEN_STATUSES = ['not_started', 'in_progress', 'pending'] as const;
const DEADLINES = 5;
const EXPIRING_DOCUMENTS = 5;
const OPEN_TASKS = 8;

/** An instant as the API writes it (Date#toISOString), from SQL. */
const isoSql = (instant: SQLWrapper) => sql`to_char(${instant} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
/** A JSON array of a subquery's rows, [] when it has none. */
const rowsOf = (query: SQL) => sql`(select coalesce(json_agg(r), '[]'::json) from (${query}) as r)`;

type Work = Required<Pick<Summary, 'pipeline' | 'nextDeadlines' | 'expiringDocuments' | 'openTasks' | 'decisions'>>;
type CompanyRow = { company: Summary['company']; pendingInvites: number; documentsCount: number; byStatus: Work['pipeline'] } & Omit<Work, 'pipeline'>;

/**
 * Everything a member's dashboard shows, in one statement (one round trip, one pooled connection
 * per request; seven parallel queries held seven under load): the company, its pending
 * invitations, its pipeline, next deadlines, vault size, documents to renew and open tasks, each as JSON.
 * The bench's baseline runs this same statement (bench/baseline-server.ts).
 */
export async function companyDashboardRow(db: Database, companyId: string): Promise<CompanyRow> {
  const result = await db.execute(sql`select
    (select json_build_object('_id', ${companies.id}, 'name', ${companies.name}, 'city', ${companies.city},
        'membersCount', (select count(*)::int from ${users} where ${users.companyId} = ${companies.id}))
      from ${companies} where ${companies.id} = ${companyId}) as "company",
    (select count(*)::int from ${invitations} where ${invitations.companyId} = ${companyId} and ${pendingInvite}) as "pendingInvites",
    (select count(*)::int from ${companyDocuments} where ${companyDocuments.companyId} = ${companyId}) as "documentsCount",
    ${rowsOf(sql`select ${tenders.status} as "status", count(*)::int as "count" from ${tenders} where ${tenders.companyId} = ${companyId} and ${notSetAside()} group by ${tenders.status}`)} as "byStatus",
    (select json_build_object('go', count(*) filter (where ${tenderGoNoGo.decision} = 'go')::int, 'noGo', count(*) filter (where ${tenderGoNoGo.decision} = 'no_go')::int)
      from ${tenderGoNoGo} inner join ${tenders} on ${tenders.id} = ${tenderGoNoGo.tenderId} where ${tenders.companyId} = ${companyId}) as "decisions",
    ${rowsOf(sql`select ${tenders.id} as "_id", ${tenderCalls.reference} as "reference", ${tenderCalls.title} as "title", ${tenderCalls.buyer} as "buyer",
        ${tenders.status} as "status", ${isoSql(tenders.submissionDeadline)} as "submissionDeadline"
      from ${tenders} inner join ${tenderCalls} on ${tenderCalls.id} = ${tenders.tenderCallId}
      where ${tenders.companyId} = ${companyId} and ${inArray(tenders.status, [...OPEN_STATUSES])} and ${notSetAside()} and ${tenders.submissionDeadline} > now()
      order by ${tenders.submissionDeadline}, ${tenders.id} limit ${DEADLINES}`)} as "nextDeadlines",
    ${rowsOf(sql`select ${companyDocuments.id} as "_id", ${companyDocuments.title} as "title", ${companyDocuments.kind} as "kind",
        ${companyDocuments.validUntil} as "validUntil", ${validitySql} as "validity", ${daysLeftSql} as "daysLeft"
      from ${companyDocuments}
      where ${companyDocuments.companyId} = ${companyId} and ${companyDocuments.validUntil} is not null and ${daysLeftSql} <= ${EXPIRING_DAYS}
      order by ${companyDocuments.validUntil}, ${companyDocuments.id} limit ${EXPIRING_DOCUMENTS}`)} as "expiringDocuments",
    ${rowsOf(sql`select ${planningTasks.id} as "_id", ${planningTasks.name} as "name", ${planningTasks.startDate} as "startDate", ${planningTasks.endDate} as "endDate",
        ${planningTasks.milestone} as "milestone", ${plannings.tenderId} as "tenderId", ${tenderCalls.title} as "tenderTitle"
      from ${planningTasks}
      inner join ${plannings} on ${plannings.id} = ${planningTasks.planningId}
      inner join ${tenders} on ${tenders.id} = ${plannings.tenderId}
      inner join ${tenderCalls} on ${tenderCalls.id} = ${tenders.tenderCallId}
      where ${plannings.companyId} = ${companyId} and ${tenders.companyId} = ${companyId} and ${planningTasks.done} = false
      order by ${planningTasks.endDate}, ${planningTasks.startDate}, ${planningTasks.position}, ${planningTasks.id} limit ${OPEN_TASKS}`)} as "openTasks"`);
  const rows = (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as CompanyRow[];
  return rows[0]!;
}

export function dashboardHandlers({ db }: Deps): Handlers<'getDashboardSummary' | 'getMenuBadges'> {
  const countOf = async (query: Promise<{ n: number }[]>) => (await query)[0]?.n ?? 0;

  return {
    async getMenuBadges(request) {
      const { user } = sessionOf(request);
      if (!user.companyId) return { pendingInvites: 0 };
      return { pendingInvites: await countOf(db.select({ n: count() }).from(invitations).where(and(eq(invitations.companyId, user.companyId), pendingInvite))) };
    },
    async getDashboardSummary(request) {
      const { user } = sessionOf(request);
      // The session's own read of the caller carries the verification: no query of its own.
      const emailVerified = !!user.emailVerifiedAt;

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
      const row = await companyDashboardRow(db, user.companyId);
      const counts = new Map(row.byStatus.map((r) => [r.status, r.count]));
      return {
        role: user.role,
        company: row.company,
        pendingInvites: row.pendingInvites,
        emailVerified,
        pipeline: tenderStatusEnum.enumValues.map((status) => ({ status, count: counts.get(status) ?? 0 })),
        nextDeadlines: row.nextDeadlines,
        documentsCount: row.documentsCount,
        expiringDocuments: row.expiringDocuments,
        openTasks: row.openTasks,
        decisions: row.decisions,
      };
    },
  };
}
