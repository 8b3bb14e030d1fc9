import { asc, eq, sql, type SQL } from 'drizzle-orm';
import type { components } from '../../../openapi/schema';
import type { Database } from '../../db/client';
import { companies, users } from '../../db/schema';
import { pictureUrl } from '../users/profile';
import { foldedSql, pageOf, totalPages, type ListQuery } from './lists';

export type UserSummary = components['schemas']['UserSummary'];

const summaryColumns = {
  id: users.id,
  username: users.username,
  email: users.email,
  role: users.role,
  active: users.active,
  emailVerifiedAt: users.emailVerifiedAt,
  pictureKey: users.pictureKey,
  pictureVersion: users.pictureVersion,
  companyId: users.companyId,
  companyName: companies.name,
  createdAt: users.createdAt,
};

const selectSummaries = (db: Database) => db.select(summaryColumns).from(users).leftJoin(companies, eq(companies.id, users.companyId));
type SummaryRow = Awaited<ReturnType<typeof selectSummaries>>[number];

export function toUserSummary(row: SummaryRow): UserSummary {
  return {
    _id: row.id,
    username: row.username,
    primaryEmail: row.email,
    role: row.role,
    active: row.active,
    emailVerified: row.emailVerifiedAt !== null,
    profilePicture: row.pictureKey && row.pictureVersion !== null ? { url: pictureUrl(row.id, row.pictureVersion) } : null,
    company: row.companyId && row.companyName !== null ? { _id: row.companyId, name: row.companyName } : null,
    createdAt: row.createdAt.toISOString(),
  };
}

export async function userSummaries(db: Database, where: SQL | undefined): Promise<UserSummary[]> {
  const rows = await selectSummaries(db).where(where).orderBy(asc(foldedSql(users.username)), asc(users.id));
  return rows.map(toUserSummary);
}

export async function userSummary(db: Database, id: string): Promise<UserSummary | undefined> {
  const [row] = await selectSummaries(db).where(eq(users.id, id)).limit(1);
  return row && toUserSummary(row);
}

/** A page of users sorted by name, with the list envelope. */
export async function userPage(db: Database, where: SQL | undefined, query: ListQuery) {
  const { limit, offset, perPage } = pageOf(query);
  const [{ n }] = (await db.select({ n: sql<number>`count(*)::int` }).from(users).leftJoin(companies, eq(companies.id, users.companyId)).where(where)) as [{ n: number }];
  let items = selectSummaries(db).where(where).orderBy(asc(foldedSql(users.username)), asc(users.id)).offset(offset).$dynamic();
  if (limit !== undefined) items = items.limit(limit);
  const rows = n > offset ? await items : [];
  return { count: n, totalPages: totalPages(n, perPage), users: rows.map(toUserSummary) };
}
