import { and, eq, inArray, notExists, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { notifications, tenderCalls, tenderGoNoGo, tenders, users } from '../../db/schema';
import { translate, type Language } from '../../i18n';
import type { Mailer } from '../../mail/mailer';
import type { CallCancelled, DeadlineMove, ImportHooks } from '../sourcing/store';
import { unsubscribeToken } from './token';

export type AlertKind = 'reminder_submission' | 'reminder_questions' | 'reminder_site_visit' | 'deadline_moved' | 'cancelled' | 'digest';
export type Recipient = { id: string; email: string; username: string; alertEmails: boolean; language: Language };
export type AlertContext = { db: Database; mailer: Mailer; secret: string; log?: { error: (obj: object, msg: string) => void } };

// Emails of alerts are written in each recipient's language (users.language: the language of
// their last signed-in request, French until then): a scheduled pass or an import has no request
// to take one from. The in-app notifications are worded by the client in the reader's language.

/** Statuses of a tender still being worked: reminders and changes concern them. */
export const PIPELINE_STATUSES = ['not_started', 'in_progress', 'pending'] as const;
/** A change of the call also concerns a tender already submitted (the offer may need amending). */
const CHANGE_STATUSES = [...PIPELINE_STATUSES, 'submitted'] as const;

const noNoGo = () =>
  notExists(sql`(select 1 from ${tenderGoNoGo} where ${tenderGoNoGo.tenderId} = ${tenders.id} and ${tenderGoNoGo.decision} = 'no_go')`);
export { noNoGo as notSetAsideByNoGo };

/** The active accounts of a company. */
export async function companyRecipients(db: Database, companyId: string): Promise<Recipient[]> {
  return db
    .select({ id: users.id, email: users.email, username: users.username, alertEmails: users.alertEmails, language: users.language })
    .from(users)
    .where(and(eq(users.companyId, companyId), eq(users.active, true)));
}

/** An absolute link to a page of the app (the mailer's, without parameters). */
export const pageLink = (mailer: Mailer, path: string) => mailer.link(path, {}).replace(/\?$/, '');

export function formatDate(lng: Language, iso: string | Date): string {
  return new Intl.DateTimeFormat(lng === 'fr' ? 'fr-FR' : 'en-GB', { dateStyle: 'full', timeStyle: 'short', timeZone: 'Europe/Paris' }).format(new Date(iso));
}

/**
 * The sentence every alert email ends with: the link that turns alert emails and the digest off,
 * dated `issuedAt` and of the user's current generation of links (read now: a save of the settings
 * just before must not be undone by this email).
 */
export async function unsubscribeFooter(ctx: AlertContext, lng: Language, userId: string, issuedAt = new Date()): Promise<string> {
  const [row] = await ctx.db.select({ generation: users.alertLinksGeneration }).from(users).where(eq(users.id, userId)).limit(1);
  const link = ctx.mailer.link('/alerts/unsubscribe', { token: unsubscribeToken(ctx.secret, userId, { generation: row?.generation ?? 0, issuedAt }) });
  return translate(lng, 'mail-alert_unsubscribe', { link });
}

export type NewNotification = { kind: AlertKind; tenderId: string | null; tenderCallId: string | null; payload: Record<string, unknown>; dedupeKey: string };
type MailContent = { subject: string; text: string; link: string };

/**
 * One notification per recipient, once per dedupe key (a second call with the same key does
 * nothing), and the email to those who keep alert emails on, only when the notification is new.
 * Answers how many notifications were created.
 */
export async function notify(ctx: AlertContext, recipients: Recipient[], notification: NewNotification, mail: ((r: Recipient) => MailContent) | null, now?: Date): Promise<number> {
  let created = 0;
  for (const recipient of recipients) {
    const inserted = await ctx.db
      .insert(notifications)
      .values({ userId: recipient.id, ...notification, ...(now ? { createdAt: now } : {}) })
      .onConflictDoNothing()
      .returning({ id: notifications.id });
    if (!inserted.length) continue;
    created++;
    if (!mail || !recipient.alertEmails) continue;
    const lng = recipient.language;
    const content = mail(recipient);
    await ctx.mailer.send({ to: recipient.email, kind: notification.kind === 'digest' ? 'digest' : 'alert', subject: content.subject, text: `${translate(lng, 'mail-alert_greeting', { username: recipient.username })}\n\n${content.text}\n\n${await unsubscribeFooter(ctx, lng, recipient.id, now)}`, link: content.link });
  }
  return created;
}

type WorkedTender = { tenderId: string; companyId: string; reference: string; title: string };

/** The tenders of the companies working a call (not set aside by a no-go, not decided). */
async function tendersWorking(db: Database, tenderCallId: string): Promise<WorkedTender[]> {
  return db
    .select({ tenderId: tenders.id, companyId: tenders.companyId, reference: tenderCalls.reference, title: tenderCalls.title })
    .from(tenders)
    .innerJoin(tenderCalls, eq(tenderCalls.id, tenders.tenderCallId))
    .where(and(eq(tenders.tenderCallId, tenderCallId), inArray(tenders.status, [...CHANGE_STATUSES]), noNoGo()));
}

/** A call's deadline moved (an imported correction, or an edit): every company working it is told. */
export async function notifyDeadlineMoved(ctx: AlertContext, move: { tenderCallId: string; from: string; to: string }): Promise<number> {
  if (new Date(move.from).getTime() === new Date(move.to).getTime()) return 0;
  let created = 0;
  for (const tender of await tendersWorking(ctx.db, move.tenderCallId)) {
    const vars = (lng: Language) => ({ reference: tender.reference, title: tender.title, from: formatDate(lng, move.from), to: formatDate(lng, move.to) });
    created += await notify(
      ctx,
      await companyRecipients(ctx.db, tender.companyId),
      { kind: 'deadline_moved', tenderId: tender.tenderId, tenderCallId: move.tenderCallId, payload: { from: new Date(move.from).toISOString(), to: new Date(move.to).toISOString() }, dedupeKey: `moved:${tender.tenderId}:${new Date(move.to).toISOString()}` },
      ({ language: lng }) => ({ subject: translate(lng, 'mail-alert_moved_subject', vars(lng)), text: translate(lng, 'mail-alert_moved_text', vars(lng)), link: pageLink(ctx.mailer, `/tenders/${tender.tenderId}`) }),
    );
  }
  return created;
}

/** A call was cancelled: every company working it is told. */
export async function notifyCancelled(ctx: AlertContext, event: { tenderCallId: string }): Promise<number> {
  let created = 0;
  for (const tender of await tendersWorking(ctx.db, event.tenderCallId)) {
    const vars = { reference: tender.reference, title: tender.title };
    created += await notify(
      ctx,
      await companyRecipients(ctx.db, tender.companyId),
      { kind: 'cancelled', tenderId: tender.tenderId, tenderCallId: event.tenderCallId, payload: {}, dedupeKey: `cancelled:${tender.tenderId}` },
      ({ language: lng }) => ({ subject: translate(lng, 'mail-alert_cancelled_subject', vars), text: translate(lng, 'mail-alert_cancelled_text', vars), link: pageLink(ctx.mailer, `/tenders/${tender.tenderId}`) }),
    );
  }
  return created;
}

/**
 * The import's hooks: a correction moving a deadline, a cancellation; and, once a file is
 * imported, the digests due (the new calls are matched: a digest due goes out with them rather
 * than at the scheduler's next pass).
 */
export function alertImportHooks(ctx: AlertContext): ImportHooks & { imported(): Promise<void> } {
  return {
    imported: () =>
      import('./scheduler')
        .then(({ runDigests }) => runDigests({ ...ctx, now: new Date() }))
        .then(
          () => undefined,
          (err: unknown) => ctx.log?.error({ err }, 'digests after an import not sent'),
        ),
    // A failing notification never fails the import: the change is stored and recorded anyway.
    deadlineMoved: (move: DeadlineMove) =>
      notifyDeadlineMoved(ctx, move).then(
        () => undefined,
        (err: unknown) => ctx.log?.error({ err, tenderCallId: move.tenderCallId }, 'deadline move not notified'),
      ),
    cancelled: (event: CallCancelled) =>
      notifyCancelled(ctx, event).then(
        () => undefined,
        (err: unknown) => ctx.log?.error({ err, tenderCallId: event.tenderCallId }, 'cancellation not notified'),
      ),
  };
}
