import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { Deps } from '../../deps';
import type { Handlers } from '../../openapi/handlers';
import { companies, users } from '../../db/schema';
import { AppError, notFound } from '../../errors';
import { sessionOf } from '../../auth/session';
import { digestToken } from '../../auth/one-time-tokens';
import { pickLanguage, t, translate, type Language } from '../../i18n';
import { readScope } from '../companies/scope';
import { addDays, dayIn, daysBetween } from '../../../rules/calendar';
import { companyEvents, MAX_RANGE_DAYS, type FeedEvent } from './events';
import { renderCalendar, type IcsEvent } from './ics';

/** The feed covers what a member plans with: the last month and the year ahead. */
export const FEED_DAYS_BACK = 30;
export const FEED_DAYS_AHEAD = 365;
/** Kinds that are deadlines: an alarm the day before. */
const DEADLINES = new Set<FeedEvent['kind']>(['submission', 'questions', 'site_visit']);

/** The feed's secret: 32 random bytes, base64url (43 characters); only its SHA-256 is kept. */
export const newFeedSecret = () => randomBytes(32).toString('base64url');

function kindLabel(lng: Language, event: FeedEvent): string {
  if (event.kind === 'site_visit' && event.mandatory) return translate(lng, 'calendar-kind_site_visit_mandatory');
  return translate(lng, `calendar-kind_${event.kind}`);
}

/** The feed's VEVENT for one event: UID from the event's stable id, whole days as VALUE=DATE. */
export function icsEventOf(lng: Language, event: FeedEvent, tenderUrl: string, host: string): IcsEvent {
  const what = event.title ?? kindLabel(lng, event);
  const summary = translate(lng, 'calendar-ics_summary', { what, title: event.tenderTitle });
  const start = event.allDay ? { kind: 'day' as const, day: event.start } : { kind: 'instant' as const, at: new Date(event.start) };
  return {
    uid: `${event.id}@${host}`,
    start,
    // DTEND of whole days is exclusive: the day after the last one.
    end: event.allDay ? { kind: 'day', day: addDays(event.end ?? event.start, 1) } : undefined,
    summary,
    description: `${translate(lng, 'calendar-ics_description', { kind: kindLabel(lng, event), reference: event.reference, buyer: event.buyer })}\n${tenderUrl}`,
    url: tenderUrl,
    categories: kindLabel(lng, event),
    alarm: DEADLINES.has(event.kind) ? { before: 'P1D', text: translate(lng, 'calendar-ics_alarm', { summary }) } : undefined,
  };
}

export function calendarHandlers({ db, mailer }: Deps): Handlers<'getCompanyCalendar' | 'getCalendarFeed' | 'createCalendarFeed' | 'deleteCalendarFeed' | 'getCalendarFeedIcs'> {
  /** An absolute address on the app (the emails' base). */
  const appUrl = (path: string) => mailer.link(path, {}).replace(/\?$/, '');

  return {
    async getCompanyCalendar(request) {
      const { user } = sessionOf(request);
      const { companyId } = request.params;
      readScope(user, companyId);
      const { from, to, goNoGo } = request.query;
      const span = daysBetween(from, to);
      if (span < 0) throw new AppError(400, 'calendar-range_order');
      if (span > MAX_RANGE_DAYS) throw new AppError(400, 'calendar-range_too_long', { max: MAX_RANGE_DAYS });
      if (user.role === 'admin') {
        const [company] = await db.select({ id: companies.id }).from(companies).where(eq(companies.id, companyId)).limit(1);
        if (!company) throw notFound();
      }
      const events = await companyEvents(db, companyId, from, to, goNoGo);
      return { events: events.map(({ buyer: _buyer, ...event }) => event) };
    },

    async getCalendarFeed(request) {
      const { user } = sessionOf(request);
      const [row] = await db.select({ hash: users.icsTokenHash }).from(users).where(eq(users.id, user.id)).limit(1);
      return { active: !!row?.hash };
    },

    async createCalendarFeed(request, reply) {
      const { user } = sessionOf(request);
      const secret = newFeedSecret();
      // One feed per user: the new hash replaces the old one, whose address stops working.
      await db.update(users).set({ icsTokenHash: digestToken(secret) }).where(eq(users.id, user.id));
      const lng = pickLanguage(request.headers['accept-language']);
      reply.code(201);
      return { msg: t(request, 'calendar-feed_created'), url: mailer.link(`/api/calendar/${secret}.ics`, { lang: lng }) };
    },

    async deleteCalendarFeed(request) {
      const { user } = sessionOf(request);
      await db.update(users).set({ icsTokenHash: null }).where(eq(users.id, user.id));
      return { msg: t(request, 'calendar-feed_revoked') };
    },

    async getCalendarFeedIcs(request, reply) {
      const secret = request.params.feedToken;
      const [owner] = await db
        .select({ companyId: users.companyId, company: companies.name })
        .from(users)
        .innerJoin(companies, eq(companies.id, users.companyId))
        .where(and(eq(users.icsTokenHash, digestToken(secret)), eq(users.active, true)))
        .limit(1);
      if (!owner?.companyId) throw notFound();
      const lng: Language = request.query.lang ?? pickLanguage(request.headers['accept-language']);
      const today = dayIn(new Date());
      const events = await companyEvents(db, owner.companyId, addDays(today, -FEED_DAYS_BACK), addDays(today, FEED_DAYS_AHEAD));
      const host = new URL(appUrl('/')).hostname;
      const body = renderCalendar({
        prodId: '-//Soumissio//Calendar of tenders//FR',
        name: translate(lng, 'calendar-ics_name', { company: owner.company }),
        stamp: new Date(),
        events: events.map((event) => icsEventOf(lng, event, appUrl(`/tenders/${event.tenderId}`), host)),
      });
      return reply
        .type('text/calendar; charset=utf-8')
        .header('Content-Disposition', 'inline; filename="soumissio.ics"')
        // The address is the secret: it must not leak through a referrer or be cached by a proxy.
        .header('Cache-Control', 'private, no-store')
        .send(body);
    },
  };
}
