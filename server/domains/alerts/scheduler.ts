import { and, desc, eq, gt, inArray, isNotNull, isNull, lte, notExists, or, sql, type AnyColumn } from 'drizzle-orm';
import { callFeedback, callMatches, tenderCalls, tenders, users } from '../../db/schema';
import { translate } from '../../i18n';
import type { Language } from '../../i18n';
import { daysUntil } from '../../../rules/calendar';
import { savedSearchDigest, type SavedSearchHit } from '../saved-searches/digest';
import { companyRecipients, formatDate, notify, notSetAsideByNoGo, pageLink, PIPELINE_STATUSES, type AlertContext, type AlertKind } from './notify';

const DAY_MS = 86_400_000;
/** Reminders go out this many days before each date, the nearer one last. */
export const REMINDER_DAYS = [7, 2] as const;
/** Calls listed in one digest email (the notification counts them all). */
export const DIGEST_MAX_CALLS = 20;
const PERIOD_MS = { daily: DAY_MS, weekly: 7 * DAY_MS } as const;

type DateKind = { kind: AlertKind; field: 'submissionDeadline' | 'questionsDeadline' | 'siteVisitDate'; mail: string };
const DATE_KINDS: DateKind[] = [
  { kind: 'reminder_submission', field: 'submissionDeadline', mail: 'submission' },
  { kind: 'reminder_questions', field: 'questionsDeadline', mail: 'questions' },
  { kind: 'reminder_site_visit', field: 'siteVisitDate', mail: 'site_visit' },
];

export type AlertsPass = { reminders: number; digests: number };

/**
 * One pass of the alerts, at `now` (injected: tests move the clock): the reminders due and the
 * digests due. Safe to run as often as wanted: each reminder is once per user, tender, kind and
 * date (the notification's dedupe key), each digest once per period.
 */
export async function runAlerts(ctx: AlertContext & { now: Date }): Promise<AlertsPass> {
  return { reminders: await sendReminders(ctx), digests: await sendDigests(ctx) };
}

/** The digests due at `now` only (after an import: its new matches go out at once). */
export async function runDigests(ctx: AlertContext & { now: Date }): Promise<number> {
  return sendDigests(ctx);
}

/**
 * Reminders 7 and 2 days before a pipeline tender's submission deadline, questions deadline and
 * site visit. A date between 2 and 7 days away gets the 7-day one; under 2 days, the 2-day one
 * only (a tender added late gets the nearer reminder, not both). A date moved later is a new date:
 * its reminders come again.
 */
async function sendReminders(ctx: AlertContext & { now: Date }): Promise<number> {
  const { db, now } = ctx;
  const horizon = new Date(now.getTime() + REMINDER_DAYS[0] * DAY_MS);
  const within = (column: AnyColumn) => and(gt(column, now), lte(column, horizon));
  const rows = await db
    .select({
      tenderId: tenders.id,
      companyId: tenders.companyId,
      tenderCallId: tenderCalls.id,
      reference: tenderCalls.reference,
      title: tenderCalls.title,
      submissionDeadline: tenderCalls.submissionDeadline,
      questionsDeadline: tenderCalls.questionsDeadline,
      siteVisitDate: tenderCalls.siteVisitDate,
    })
    .from(tenders)
    .innerJoin(tenderCalls, eq(tenderCalls.id, tenders.tenderCallId))
    .where(
      and(
        inArray(tenders.status, [...PIPELINE_STATUSES]),
        notSetAsideByNoGo(),
        eq(tenderCalls.status, 'open'),
        or(within(tenderCalls.submissionDeadline), within(tenderCalls.questionsDeadline), within(tenderCalls.siteVisitDate)),
      ),
    );
  let created = 0;
  const recipientsOf = new Map<string, Awaited<ReturnType<typeof companyRecipients>>>();
  for (const row of rows) {
    for (const dateKind of DATE_KINDS) {
      const date = row[dateKind.field];
      if (!date) continue;
      const left = date.getTime() - now.getTime();
      if (left <= 0 || left > REMINDER_DAYS[0] * DAY_MS) continue;
      const threshold = left <= REMINDER_DAYS[1] * DAY_MS ? REMINDER_DAYS[1] : REMINDER_DAYS[0];
      // J-n as the calendar and the dashboard count it: Paris days, 0 for later today.
      const days = daysUntil(date, now);
      if (!recipientsOf.has(row.companyId)) recipientsOf.set(row.companyId, await companyRecipients(db, row.companyId));
      const vars = (lng: Language) => ({ reference: row.reference, title: row.title, date: formatDate(lng, date), days });
      created += await notify(
        ctx,
        recipientsOf.get(row.companyId)!,
        { kind: dateKind.kind, tenderId: row.tenderId, tenderCallId: row.tenderCallId, payload: { days, date: date.toISOString() }, dedupeKey: `reminder:${dateKind.field}:${threshold}:${row.tenderId}:${date.toISOString()}` },
        ({ language: lng }) => ({
          subject: translate(lng, `mail-alert_${dateKind.mail}_subject`, vars(lng)),
          text: translate(lng, `mail-alert_${dateKind.mail}_text`, vars(lng)),
          link: pageLink(ctx.mailer, `/tenders/${row.tenderId}`),
        }),
        now,
      );
    }
  }
  return created;
}

type Reason = { criterion: string; points: number; matched: string[] };
/** A call of a digest: matched by the profile (its score and reasons), by saved searches (their names), or both. */
type DigestCall = { tenderCallId: string; reference: string; title: string; buyer: string; deadline: Date; score: number | null; reasons: Reason[]; searches: string[] };

function reasonLine(lng: Language, reason: Reason): string {
  const key = `tender-reason_${reason.criterion}`;
  const values = reason.matched.join(', ');
  const text = translate(lng, key, { values });
  return text === key ? `${reason.criterion} : ${values}` : text;
}

/**
 * The digest of new matching calls, for users who asked for one (daily or weekly) and whose last
 * digest is a period old: the calls matched since then (high or medium), still open with a future
 * deadline, not in the company's pipeline nor set aside as not relevant; and (issue 24) the calls
 * new since then matching one of the company's saved searches with alerts on, each call once,
 * saying which search found it. Nothing is sent when there is none; the period starts again either way.
 */
async function sendDigests(ctx: AlertContext & { now: Date }): Promise<number> {
  const { db, now } = ctx;
  const due = await db
    .select({ id: users.id, email: users.email, username: users.username, language: users.language, companyId: users.companyId, frequency: users.digestFrequency, sentAt: users.digestSentAt })
    .from(users)
    .where(
      and(
        eq(users.active, true),
        isNotNull(users.companyId),
        inArray(users.digestFrequency, ['daily', 'weekly']),
        or(
          isNull(users.digestSentAt),
          and(eq(users.digestFrequency, 'daily'), lte(users.digestSentAt, new Date(now.getTime() - PERIOD_MS.daily))),
          and(eq(users.digestFrequency, 'weekly'), lte(users.digestSentAt, new Date(now.getTime() - PERIOD_MS.weekly))),
        ),
      ),
    );
  let sent = 0;
  const savedOf = new Map<string, (since: Date) => Promise<Map<string, SavedSearchHit>>>();
  for (const user of due) {
    const lng = user.language;
    if (user.frequency === 'off' || !user.companyId) continue;
    // A first digest covers the last period.
    const since = user.sentAt ?? new Date(now.getTime() - PERIOD_MS[user.frequency]);
    const companyId = user.companyId;
    const matches = await db
      .select({
        tenderCallId: tenderCalls.id,
        reference: tenderCalls.reference,
        title: tenderCalls.title,
        buyer: tenderCalls.buyer,
        deadline: tenderCalls.submissionDeadline,
        score: callMatches.score,
        reasons: callMatches.reasons,
      })
      .from(callMatches)
      .innerJoin(tenderCalls, eq(tenderCalls.id, callMatches.tenderCallId))
      .where(
        and(
          eq(callMatches.companyId, companyId),
          gt(callMatches.computedAt, since),
          lte(callMatches.computedAt, now),
          inArray(callMatches.status, ['high', 'medium']),
          eq(tenderCalls.status, 'open'),
          gt(tenderCalls.submissionDeadline, now),
          notExists(db.select({ one: sql`1` }).from(tenders).where(and(eq(tenders.companyId, companyId), eq(tenders.tenderCallId, callMatches.tenderCallId)))),
          notExists(
            db
              .select({ one: sql`1` })
              .from(callFeedback)
              .where(and(eq(callFeedback.companyId, companyId), eq(callFeedback.tenderCallId, callMatches.tenderCallId), eq(callFeedback.verdict, 'not_relevant'))),
          ),
        ),
      )
      .orderBy(desc(callMatches.score), tenderCalls.submissionDeadline);
    // The calls new since then that match a saved search with alerts on (issue 24), beside the
    // profile's: a call in both is listed once, with the searches that found it.
    if (!savedOf.has(companyId)) savedOf.set(companyId, await savedSearchDigest(db, companyId, now));
    const found = await savedOf.get(companyId)!(since);
    const profileIds = new Set(matches.map((m) => m.tenderCallId));
    const calls: DigestCall[] = [
      ...matches.map((m) => ({ ...m, score: m.score as number | null, searches: found.get(m.tenderCallId)?.searches ?? [] })),
      ...[...found.values()].filter((f) => !profileIds.has(f.tenderCallId)).map((f) => ({ ...f, score: null, reasons: [] })),
    ];
    await db.update(users).set({ digestSentAt: now }).where(eq(users.id, user.id));
    if (!calls.length) continue;
    const link = pageLink(ctx.mailer, '/potential-tenders');
    const listed = calls.slice(0, DIGEST_MAX_CALLS).map((m) =>
      [
        `• ${m.reference} — ${m.title}`,
        m.score === null
          ? `  ${translate(lng, 'mail-alert_digest_call_saved', { buyer: m.buyer, date: formatDate(lng, m.deadline) })}`
          : `  ${translate(lng, 'mail-alert_digest_call', { buyer: m.buyer, date: formatDate(lng, m.deadline), score: m.score })}`,
        ...m.reasons.map((r) => `  – ${reasonLine(lng, r)}`),
        ...m.searches.map((name) => `  – ${translate(lng, 'mail-alert_digest_saved_search', { name })}`),
        `  ${pageLink(ctx.mailer, '/potential-tenders')}?search=${encodeURIComponent(m.reference)}`,
      ].join('\n'),
    );
    const more = calls.length > DIGEST_MAX_CALLS ? `\n\n${translate(lng, 'mail-alert_digest_more', { count: calls.length - DIGEST_MAX_CALLS })}` : '';
    const key = user.frequency === 'daily' ? 'daily' : 'weekly';
    const created = await notify(
      ctx,
      [{ id: user.id, email: user.email, username: user.username, alertEmails: true, language: lng }],
      { kind: 'digest', tenderId: null, tenderCallId: null, payload: { count: calls.length }, dedupeKey: `digest:${now.toISOString()}` },
      () => ({
        subject: translate(lng, `mail-alert_digest_${key}_subject`, { count: calls.length }),
        text: `${translate(lng, 'mail-alert_digest_text', { count: calls.length })}\n\n${listed.join('\n\n')}${more}`,
        link,
      }),
      now,
    );
    sent += created;
  }
  return sent;
}
