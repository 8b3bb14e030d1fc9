import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { companies, revokedTokens, users } from '../../db/schema';
import type { Language } from '../../i18n';

const sessionColumns = {
  id: users.id,
  username: users.username,
  email: users.email,
  role: users.role,
  companyId: users.companyId,
  companyName: companies.name,
  pictureKey: users.pictureKey,
  pictureVersion: users.pictureVersion,
  active: users.active,
  emailVerifiedAt: users.emailVerifiedAt,
  createdAt: users.createdAt,
  language: users.language,
};

export function createUserQueries(db: Database) {
  // The token check and the profile read are one round trip: the user, its company and
  // whether the token was revoked come back together (benchmarked against a bare SELECT).
  const session = db
    .select({
      ...sessionColumns,
      revoked: sql<boolean>`exists (select 1 from ${revokedTokens} where ${revokedTokens.jti} = ${sql.placeholder('jti')})`,
      tokensValidAfter: users.tokensValidAfter,
      keptTokenJti: users.keptTokenJti,
    })
    .from(users)
    .leftJoin(companies, eq(companies.id, users.companyId))
    .where(eq(users.id, sql.placeholder('id')))
    .prepare('session_user');

  const profile = db
    .select(sessionColumns)
    .from(users)
    .leftJoin(companies, eq(companies.id, users.companyId))
    .where(eq(users.id, sql.placeholder('id')))
    .prepare('profile_user');

  return {
    async session(id: string, jti: string) {
      const [row] = await session.execute({ id, jti });
      return row;
    },
    async profile(id: string) {
      const [row] = await profile.execute({ id });
      return row;
    },
    async byEmail(email: string) {
      const [row] = await db
        .select({ id: users.id, role: users.role, companyId: users.companyId, passwordHash: users.passwordHash, active: users.active, username: users.username, email: users.email })
        .from(users)
        .where(eq(sql`lower(${users.email})`, email.toLowerCase()))
        .limit(1);
      return row;
    },
    async emailTaken(email: string) {
      const [row] = await db.select({ id: users.id }).from(users).where(eq(sql`lower(${users.email})`, email.toLowerCase())).limit(1);
      return !!row;
    },
    /** The language of the emails sent to the user without a request (alerts, reminders). */
    async setLanguage(id: string, language: Language) {
      await db.update(users).set({ language }).where(eq(users.id, id));
    },
    async picture(id: string) {
      const [row] = await db
        .select({ key: users.pictureKey, mime: users.pictureMime, companyId: users.companyId })
        .from(users)
        .where(and(eq(users.id, id), eq(users.active, true)))
        .limit(1);
      return row?.key && row.mime ? { key: row.key, mime: row.mime, companyId: row.companyId } : undefined;
    },
  };
}

export type UserQueries = ReturnType<typeof createUserQueries>;
export type ProfileRow = NonNullable<Awaited<ReturnType<UserQueries['profile']>>>;
