import { and, count, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { components } from '../../../openapi/schema';
import type { Deps } from '../../deps';
import type { Handlers } from '../../openapi/handlers';
import { AppError, notFound } from '../../errors';
import type { Database } from '../../db/client';
import { companies, outboxEmails, users, type Role } from '../../db/schema';
import { sessionOf } from '../../auth/session';
import { t } from '../../i18n';
import { liveLinks } from '../../mail/live-links';
import { idsOf, pageOf, searchAny, totalPages } from './lists';
import { userPage, userSummaries, userSummary } from './user-summary';

type OutboxEmail = components['schemas']['OutboxEmail'];
type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

/**
 * Changes one account under the rules that keep the platform administrable: nobody changes
 * their own role or status, and the last active admin stays an active admin. The admin rows
 * are locked so that two concurrent demotions cannot both see "another admin is left".
 */
async function changeAccount(db: Database, callerId: string, id: string, change: { role?: Role; active?: boolean }) {
  if (id === callerId) throw new AppError(409, 'user-cannot_change_self');
  await db.transaction(async (tx: Transaction) => {
    await tx
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.role, 'admin'), eq(users.active, true)))
      .for('update');
    const [target] = await tx.select({ role: users.role, active: users.active }).from(users).where(eq(users.id, id)).limit(1);
    if (!target) throw notFound();
    const losesAdmin = target.role === 'admin' && target.active && ((change.role !== undefined && change.role !== 'admin') || change.active === false);
    if (losesAdmin) {
      const [others] = await tx
        .select({ n: count() })
        .from(users)
        .where(and(eq(users.role, 'admin'), eq(users.active, true), ne(users.id, id)));
      if (others!.n === 0) throw new AppError(409, 'user-last_admin');
    }
    await tx
      .update(users)
      .set({ ...change, updatedAt: new Date() })
      .where(eq(users.id, id));
  });
}

const toOutboxEmail = (row: typeof outboxEmails.$inferSelect, live: Set<string>): OutboxEmail => ({
  _id: row.id,
  to: row.to,
  subject: row.subject,
  text: row.text,
  link: row.link && live.has(row.link) ? row.link : null,
  kind: row.kind as OutboxEmail['kind'],
  sentAt: row.sentAt?.toISOString() ?? null,
  error: row.error,
  createdAt: row.createdAt.toISOString(),
});

export function adminHandlers({ db, mailer }: Deps): Handlers<'listUsers' | 'listSelectedUsers' | 'getUser' | 'updateUserRole' | 'setUserActive' | 'listOutboxEmails'> {
  const summaryOf = async (id: string) => {
    const user = await userSummary(db, id);
    if (!user) throw notFound();
    return user;
  };

  return {
    async listUsers(request) {
      const { search, filterBy, companyId } = request.query;
      const where = and(
        filterBy ? eq(users.role, filterBy) : undefined,
        companyId ? eq(users.companyId, companyId) : undefined,
        searchAny(search, [users.username, users.email, companies.name]),
      );
      return userPage(db, where, request.query);
    },

    async listSelectedUsers(request) {
      const ids = idsOf(request.query.ids);
      if (ids.length > 100) throw new AppError(400, 'common-invalid_request');
      return { users: ids.length ? await userSummaries(db, inArray(users.id, ids)) : [] };
    },

    async getUser(request) {
      const { user } = sessionOf(request);
      const found = await userSummary(db, request.params.id);
      // Staff see themselves and their colleagues; anyone else does not exist for them.
      const visible = found && (user.role === 'admin' || found._id === user.id || (user.companyId !== null && found.company?._id === user.companyId));
      if (!visible) throw notFound();
      return found;
    },

    async updateUserRole(request) {
      const { id } = request.params;
      await changeAccount(db, sessionOf(request).user.id, id, { role: request.body.role });
      return { msg: t(request, 'user-role_updated'), details: await summaryOf(id) };
    },

    async setUserActive(request) {
      const { id } = request.params;
      const { active } = request.body;
      await changeAccount(db, sessionOf(request).user.id, id, { active });
      return { msg: t(request, active ? 'user-reactivated' : 'user-deactivated'), details: await summaryOf(id) };
    },

    async listOutboxEmails(request) {
      const { search, filterBy } = request.query;
      const where = and(filterBy ? eq(outboxEmails.kind, filterBy) : undefined, searchAny(search, [outboxEmails.to, outboxEmails.subject]));
      const { limit, offset, perPage } = pageOf(request.query);
      const [{ n }] = (await db.select({ n: sql<number>`count(*)::int` }).from(outboxEmails).where(where)) as [{ n: number }];
      let items = db.select().from(outboxEmails).where(where).orderBy(desc(outboxEmails.createdAt), desc(outboxEmails.id)).offset(offset).$dynamic();
      if (limit !== undefined) items = items.limit(limit);
      const rows = n > offset ? await items : [];
      // Without SMTP this list is the delivery, so a link shows while it can still be used; a used,
      // expired or replaced one opens nothing any more and is hidden. With SMTP no link is shown.
      const live = mailer.keepsLinks ? await liveLinks(db, rows.map((row) => row.link)) : new Set<string>();
      return { count: n, totalPages: totalPages(n, perPage), emails: rows.map((row) => toOutboxEmail(row, live)), delivery: mailer.keepsLinks ? 'outbox' : 'smtp' };
    },
  };
}
