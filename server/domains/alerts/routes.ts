import { and, count, desc, eq, isNull } from 'drizzle-orm';
import type { components } from '../../../openapi/schema';
import type { Deps } from '../../deps';
import type { Handlers } from '../../openapi/handlers';
import type { Database } from '../../db/client';
import { notifications, tenderCalls, tenders, users } from '../../db/schema';
import { AppError, notFound } from '../../errors';
import { sessionOf } from '../../auth/session';
import { t } from '../../i18n';
import { pageOf, totalPages } from '../admin/lists';
import { revokeUnsubscribeLinks, UNSUBSCRIBE_LINK_DAYS, unsubscribeLinkExpired, verifyUnsubscribeToken } from './token';

type Notification = components['schemas']['Notification'];
type AlertSettings = components['schemas']['AlertSettings'];

const unreadOf = async (db: Database, userId: string) => {
  const [row] = await db.select({ n: count() }).from(notifications).where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
  return row?.n ?? 0;
};

async function settingsOf(db: Database, userId: string): Promise<AlertSettings> {
  const [row] = await db.select({ digestFrequency: users.digestFrequency, alertEmails: users.alertEmails }).from(users).where(eq(users.id, userId)).limit(1);
  if (!row) throw notFound();
  return row;
}

/** The notification centre (the caller's own notifications), alert settings and the unsubscribe link. */
export function alertsHandlers({ db }: Deps, secret: string): Handlers<'listNotifications' | 'readNotification' | 'readAllNotifications' | 'getAlertSettings' | 'saveAlertSettings' | 'unsubscribeAlerts'> {
  return {
    async listNotifications(request) {
      const { user } = sessionOf(request);
      const { limit, offset, perPage } = pageOf(request.query);
      const mine = eq(notifications.userId, user.id);
      const [[total], unread] = await Promise.all([db.select({ n: count() }).from(notifications).where(mine), unreadOf(db, user.id)]);
      let query = db
        .select({
          id: notifications.id,
          kind: notifications.kind,
          payload: notifications.payload,
          readAt: notifications.readAt,
          createdAt: notifications.createdAt,
          tenderId: tenders.id,
          reference: tenderCalls.reference,
          title: tenderCalls.title,
        })
        .from(notifications)
        .leftJoin(tenders, eq(tenders.id, notifications.tenderId))
        .leftJoin(tenderCalls, eq(tenderCalls.id, tenders.tenderCallId))
        .where(mine)
        .orderBy(desc(notifications.createdAt), desc(notifications.id))
        .offset(offset)
        .$dynamic();
      if (limit !== undefined) query = query.limit(limit);
      const rows = await query;
      const n = total?.n ?? 0;
      return {
        count: n,
        totalPages: totalPages(n, perPage),
        unread,
        notifications: rows.map(
          (row): Notification => ({
            _id: row.id,
            kind: row.kind as Notification['kind'],
            tender: row.tenderId && row.reference !== null && row.title !== null ? { _id: row.tenderId, reference: row.reference, title: row.title } : null,
            payload: row.payload,
            readAt: row.readAt?.toISOString() ?? null,
            createdAt: row.createdAt.toISOString(),
          }),
        ),
      };
    },

    async readNotification(request) {
      const { user } = sessionOf(request);
      const [row] = await db.select({ readAt: notifications.readAt }).from(notifications).where(and(eq(notifications.id, request.params.id), eq(notifications.userId, user.id))).limit(1);
      if (!row) throw notFound();
      if (!row.readAt) await db.update(notifications).set({ readAt: new Date() }).where(eq(notifications.id, request.params.id));
      return { msg: t(request, 'alerts-read'), details: { unread: await unreadOf(db, user.id) } };
    },

    async readAllNotifications(request) {
      const { user } = sessionOf(request);
      await db.update(notifications).set({ readAt: new Date() }).where(and(eq(notifications.userId, user.id), isNull(notifications.readAt)));
      return { msg: t(request, 'alerts-read_all'), details: { unread: 0 } };
    },

    async getAlertSettings(request) {
      return settingsOf(db, sessionOf(request).user.id);
    },

    async saveAlertSettings(request) {
      const { user } = sessionOf(request);
      const { digestFrequency, alertEmails } = request.body;
      // A choice made here is not undone by the link of an older email.
      await db.update(users).set({ digestFrequency, alertEmails, ...revokeUnsubscribeLinks(), updatedAt: new Date() }).where(eq(users.id, user.id));
      return { msg: t(request, 'alerts-settings_saved'), details: await settingsOf(db, user.id) };
    },

    async unsubscribeAlerts(request) {
      const verified = verifyUnsubscribeToken(secret, request.body.token);
      if (!verified) throw new AppError(400, 'alerts-unsubscribe_invalid');
      // Both refusals point to the profile, where alerts can still be turned off.
      if (unsubscribeLinkExpired(verified.issuedAt, new Date())) throw new AppError(400, 'alerts-unsubscribe_expired', { days: UNSUBSCRIBE_LINK_DAYS });
      const [owner] = await db.select({ generation: users.alertLinksGeneration }).from(users).where(eq(users.id, verified.userId)).limit(1);
      if (owner && owner.generation !== verified.generation) throw new AppError(400, 'alerts-unsubscribe_revoked');
      // An account removed since answers the same: there is nothing left to send to it.
      await db.update(users).set({ alertEmails: false, digestFrequency: 'off', updatedAt: new Date() }).where(eq(users.id, verified.userId));
      return { msg: t(request, 'alerts-unsubscribed') };
    },
  };
}
