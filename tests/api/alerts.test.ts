// Alerts (issue 13): reminders 7 and 2 days before a tender's dates, the digest of new matching
// calls, the notification centre, the alert settings and the unsubscribe link, with the clock
// injected into each pass; a correction imported by an admin moving a deadline tells the company.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { and, eq, inArray } from 'drizzle-orm';
import { callFeedback, callMatches, companies, notifications, outboxEmails, tenderCalls, tenderGoNoGo, tenders, users } from '../../server/db/schema';
import { runAlerts } from '../../server/domains/alerts/scheduler';
import { createJobQueue } from '../../server/jobs/queue';
import { ensureSchedules, scheduleHandlers, type Schedule } from '../../server/jobs/schedules';
import { unsubscribeToken, verifyUnsubscribeToken } from '../../server/domains/alerts/token';
import { importNotices } from '../../server/domains/sourcing/index';
import { createImportRun, storeBatch } from '../../server/domains/sourcing/store';
import { createTestApp, createUser, errorOf, multipart, type TestContext } from './context';
import { atFromToday } from '../support/days';

const DAY = 86_400_000;
const FIXTURES = join(import.meta.dirname, '../fixtures/sourcing');

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({ jobWorkers: 1 });
});
afterAll(async () => {
  await ctx?.close();
});

const pass = (now: Date) => runAlerts({ db: ctx.db, mailer: ctx.app.mailer, secret: ctx.jwtSecret, now });
const auth = (token: string) => ({ authorization: `Bearer ${token}` });

let seq = 0;
/** A company with a manager and an employee (both signed in). */
async function company() {
  const [row] = await ctx.db.insert(companies).values({ name: `Alertes ${seq++}` }).returning({ id: companies.id });
  const manager = await createUser(ctx, 'manager', { companyId: row!.id });
  const employee = await createUser(ctx, 'employee', { companyId: row!.id });
  return { id: row!.id, manager, employee };
}

async function call(values: Partial<typeof tenderCalls.$inferInsert> & { submissionDeadline: Date }) {
  const [row] = await ctx.db
    .insert(tenderCalls)
    .values({ reference: `AL-${seq++}`, title: 'Réfection de la toiture du gymnase', buyer: 'Commune de Vienne', ...values })
    .returning({ id: tenderCalls.id, reference: tenderCalls.reference });
  return row!;
}

async function tender(companyId: string, tenderCallId: string, submissionDeadline: Date, status: typeof tenders.$inferInsert.status = 'in_progress') {
  const [row] = await ctx.db.insert(tenders).values({ tenderCallId, companyId, status, submissionDeadline }).returning({ id: tenders.id });
  return row!.id;
}

const notificationsOf = (userId: string) => ctx.db.select().from(notifications).where(eq(notifications.userId, userId)).orderBy(notifications.createdAt);
const mailsTo = (email: string) => ctx.db.select().from(outboxEmails).where(eq(outboxEmails.to, email)).orderBy(outboxEmails.createdAt);

describe('deadline reminders', () => {
  it('are sent by the first pass, as the server starts, not an interval later', async () => {
    const c = await company();
    const deadline = atFromToday(5);
    const { id: callId } = await call({ submissionDeadline: deadline });
    const tenderId = await tender(c.id, callId, deadline);
    // The alerts' schedule as a worker starts it (server/app.ts): its first pass is due at once.
    const alerts: Schedule = { name: 'alerts', everyMs: 3_600_000, run: () => runAlerts({ db: ctx.db, mailer: ctx.app.mailer, secret: ctx.jwtSecret, now: new Date() }) };
    await ensureSchedules(ctx.db, [alerts]);
    const worker = createJobQueue(ctx.db, { workers: 1, pollMs: 10, handlers: scheduleHandlers(ctx.db, [alerts], console) });
    await worker.start();
    for (const end = Date.now() + 5_000; (await notificationsOf(c.manager.id)).length === 0 && Date.now() < end; ) await new Promise((resolve) => setTimeout(resolve, 20));
    await worker.stop();
    expect(await notificationsOf(c.manager.id)).toMatchObject([{ kind: 'reminder_submission', tenderId, payload: { days: 5, date: deadline.toISOString() } }]);
  });

  it('count J-n in Paris calendar days, as the calendar and the dashboard do: just after midnight and across the autumn clock change', async () => {
    const c = await company();
    // 00:30 in Paris on 11 March 2031 (23:30 UTC the day before); deadline 17 March at noon: 6 days,
    // though 6.5 days of time are left (a count of 24-hour periods said 7 until 01:00 in Paris).
    const march = new Date('2031-03-17T11:00:00Z');
    const first = await call({ submissionDeadline: march });
    await tender(c.id, first.id, march);
    await pass(new Date('2031-03-10T23:30:00Z'));
    // 00:30 in Paris on 25 October 2031, summer time; the clocks go back on the 26th; deadline 31 October at noon: 6 days.
    const october = new Date('2031-10-31T11:00:00Z');
    const second = await call({ submissionDeadline: october });
    await tender(c.id, second.id, october);
    await pass(new Date('2031-10-24T22:30:00Z'));
    expect((await notificationsOf(c.manager.id)).map((n) => n.payload.days)).toEqual([6, 6]);
    expect((await mailsTo(c.manager.email)).map((m) => /\(J-(\d+)\)/.exec(m.text)?.[1])).toEqual(['6', '6']);
  });

  it('7 and 2 days before the submission deadline, once each, to every active user of the company, by email unless turned off', async () => {
    const c = await company();
    await ctx.db.update(users).set({ alertEmails: false }).where(eq(users.id, c.employee.id));
    const deadline = new Date('2031-03-20T11:00:00Z');
    const { id: callId } = await call({ submissionDeadline: deadline });
    const tenderId = await tender(c.id, callId, deadline);

    // Eight days before: nothing yet.
    await pass(new Date(deadline.getTime() - 8 * DAY));
    expect(await notificationsOf(c.manager.id)).toHaveLength(0);

    // Seven days before, and passes every quarter of an hour after it: one reminder.
    const seven = new Date(deadline.getTime() - 7 * DAY + 60_000);
    await pass(seven);
    await pass(new Date(seven.getTime() + 15 * 60_000));
    await pass(new Date(seven.getTime() + DAY));
    let mine = await notificationsOf(c.manager.id);
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({ kind: 'reminder_submission', tenderId, payload: { days: 7, date: deadline.toISOString() } });
    expect(await notificationsOf(c.employee.id)).toHaveLength(1);

    // Two days before: the second one, once.
    const two = new Date(deadline.getTime() - 2 * DAY + 60_000);
    await pass(two);
    await pass(new Date(two.getTime() + 3600_000));
    mine = await notificationsOf(c.manager.id);
    expect(mine.map((n) => n.payload.days)).toEqual([7, 2]);
    // After the deadline: nothing more.
    await pass(new Date(deadline.getTime() + 60_000));
    expect(await notificationsOf(c.manager.id)).toHaveLength(2);

    const mails = await mailsTo(c.manager.email);
    expect(mails).toHaveLength(2);
    expect(mails[0]).toMatchObject({ kind: 'alert', link: `http://localhost:8080/tenders/${tenderId}` });
    expect(mails[0]!.subject).toMatch(/^Rappel : remise des offres le jeudi 20 mars 2031 à 12:00 — AL-/);
    expect(mails[0]!.text).toContain('(J-7)');
    expect(mails[1]!.text).toContain('(J-2)');
    expect(mails[0]!.text).toMatch(/http:\/\/localhost:8080\/alerts\/unsubscribe\?token=[\w.-]+/);
    // The employee turned alert emails off: notified in the app only.
    expect(await mailsTo(c.employee.email)).toHaveLength(0);
  });

  it('each email is in its recipient\'s language: the language of their last signed-in request, French until one says otherwise', async () => {
    const c = await company();
    // The manager's app is in English: its calls say so; the employee never said (French).
    expect((await ctx.db.select({ language: users.language }).from(users).where(eq(users.id, c.manager.id)))[0]!.language).toBe('fr');
    const profile = await ctx.app.inject({ method: 'GET', url: '/api/users/profile', headers: { ...auth(c.manager.token), 'accept-language': 'en' } });
    expect(profile.statusCode).toBe(200);
    // A request without the header, naming no language of the app, or a write, changes nothing.
    await ctx.app.inject({ method: 'PUT', url: '/api/users/alert-settings', headers: { ...auth(c.employee.token), 'accept-language': 'en' }, payload: { digestFrequency: 'off', alertEmails: true } });
    await ctx.app.inject({ method: 'GET', url: '/api/notifications', headers: auth(c.manager.token) });
    await ctx.app.inject({ method: 'GET', url: '/api/notifications', headers: { ...auth(c.manager.token), 'accept-language': 'de-DE,de;q=0.9' } });
    await ctx.app.inject({ method: 'GET', url: '/api/notifications', headers: { ...auth(c.employee.token), 'accept-language': 'fr-FR,fr;q=0.9,en;q=0.8' } });
    const stored = await ctx.db.select({ id: users.id, language: users.language }).from(users).where(inArray(users.id, [c.manager.id, c.employee.id]));
    expect(Object.fromEntries(stored.map((u) => [u.id, u.language]))).toEqual({ [c.manager.id]: 'en', [c.employee.id]: 'fr' });

    const deadline = new Date('2031-04-17T10:00:00Z');
    const { id: callId, reference } = await call({ submissionDeadline: deadline });
    await tender(c.id, callId, deadline);
    await pass(new Date(deadline.getTime() - 7 * DAY + 60_000));
    const [english] = await mailsTo(c.manager.email);
    expect(english!.subject).toBe(`Reminder: tenders due on Thursday, 17 April 2031 at 12:00 — ${reference}`);
    expect(english!.text).toMatch(/^Hello Test manager,\n\nThe tender submission deadline of /);
    expect(english!.text).toContain('(D-7)');
    expect(english!.text).toMatch(/To stop these alerts and the digest: http:\/\/localhost:8080\/alerts\/unsubscribe\?token=[\w.-]+$/);
    const [french] = await mailsTo(c.employee.email);
    expect(french!.subject).toBe(`Rappel : remise des offres le jeudi 17 avril 2031 à 12:00 — ${reference}`);
    expect(french!.text).toMatch(/^Bonjour Test employee,/);

    // Back to French in the app: the next email is French.
    await ctx.app.inject({ method: 'GET', url: '/api/users/profile', headers: { ...auth(c.manager.token), 'accept-language': 'fr' } });
    await ctx.app.inject({ method: 'PATCH', url: `/api/tenderCalls/${callId}`, headers: auth((await createUser(ctx, 'admin')).token), payload: { submissionDeadline: '2031-04-24T10:00:00.000Z' } });
    const moved = (await mailsTo(c.manager.email)).at(-1)!;
    expect(moved.subject).toBe(`Date limite modifiée — ${reference}`);
  });

  it('the questions deadline and the site visit have their own reminders', async () => {
    const c = await company();
    const deadline = new Date('2031-05-30T10:00:00Z');
    const questions = new Date('2031-05-20T10:00:00Z');
    const visit = new Date('2031-05-12T08:00:00Z');
    const { id: callId } = await call({ submissionDeadline: deadline, questionsDeadline: questions, siteVisitDate: visit });
    await tender(c.id, callId, deadline, 'not_started');
    await pass(new Date(visit.getTime() - 2 * DAY + 1000));
    // Seven days before the visit is past: the nearer reminder only; the questions deadline is 10 days away.
    expect((await notificationsOf(c.manager.id)).map((n) => [n.kind, n.payload.days])).toEqual([['reminder_site_visit', 2]]);
    await pass(new Date(questions.getTime() - 7 * DAY + 1000));
    expect((await notificationsOf(c.manager.id)).map((n) => [n.kind, n.payload.days])).toEqual([
      ['reminder_site_visit', 2],
      ['reminder_questions', 7],
    ]);
    expect((await mailsTo(c.manager.email)).map((m) => m.subject.split(' — ')[0])).toEqual(['Rappel : visite de site le lundi 12 mai 2031 à 10:00', 'Rappel : questions à poser avant le mardi 20 mai 2031 à 12:00']);
  });

  it('none for a tender decided no-go, submitted or won, nor for an inactive user', async () => {
    const c = await company();
    const deadline = new Date('2031-07-10T10:00:00Z');
    const noGo = await tender(c.id, (await call({ submissionDeadline: deadline })).id, deadline, 'in_progress');
    await ctx.db.insert(tenderGoNoGo).values({ tenderId: noGo, decision: 'no_go', reason: 'Hors zone', decidedBy: c.manager.id, decidedAt: new Date() });
    await tender(c.id, (await call({ submissionDeadline: deadline })).id, deadline, 'submitted');
    await tender(c.id, (await call({ submissionDeadline: deadline })).id, deadline, 'won');
    await pass(new Date(deadline.getTime() - 2 * DAY + 1000));
    expect(await notificationsOf(c.manager.id)).toHaveLength(0);

    await tender(c.id, (await call({ submissionDeadline: deadline })).id, deadline, 'pending');
    await ctx.db.update(users).set({ active: false }).where(eq(users.id, c.employee.id));
    await pass(new Date(deadline.getTime() - 2 * DAY + 2000));
    expect(await notificationsOf(c.manager.id)).toHaveLength(1);
    expect(await notificationsOf(c.employee.id)).toHaveLength(0);
  });

  it('a deadline moved later gets its reminders again', async () => {
    const c = await company();
    const first = new Date('2031-09-10T10:00:00Z');
    const { id: callId } = await call({ submissionDeadline: first });
    const tenderId = await tender(c.id, callId, first);
    await pass(new Date(first.getTime() - 2 * DAY + 1000));
    const later = new Date('2031-09-24T10:00:00Z');
    await ctx.db.update(tenderCalls).set({ submissionDeadline: later }).where(eq(tenderCalls.id, callId));
    await ctx.db.update(tenders).set({ submissionDeadline: later }).where(eq(tenders.id, tenderId));
    await pass(new Date(later.getTime() - 7 * DAY + 1000));
    await pass(new Date(later.getTime() - 2 * DAY + 1000));
    expect((await notificationsOf(c.manager.id)).map((n) => [n.payload.date, n.payload.days])).toEqual([
      [first.toISOString(), 2],
      [later.toISOString(), 7],
      [later.toISOString(), 2],
    ]);
  });
});

describe('digest of new matching calls', () => {
  async function match(companyId: string, computedAt: Date, values: { status?: 'high' | 'medium' | 'low'; score?: number; deadline?: Date; callStatus?: 'open' | 'cancelled'; title?: string } = {}) {
    const deadline = values.deadline ?? new Date('2031-12-01T11:00:00Z');
    const c = await call({ submissionDeadline: deadline, status: values.callStatus ?? 'open', title: values.title ?? 'Entretien des espaces verts' });
    await ctx.db.insert(callMatches).values({
      companyId,
      tenderCallId: c.id,
      deadline,
      score: values.score ?? 70,
      status: values.status ?? 'high',
      reasons: [{ criterion: 'keywords', points: 30, matched: ['espaces verts'] }],
      computedAt,
    });
    return c;
  }

  it('lists the new high and medium matches, once a day for a daily digest, nothing when empty', async () => {
    const c = await company();
    const now = new Date('2031-10-01T06:00:00Z');
    await ctx.db.update(users).set({ digestFrequency: 'daily', digestSentAt: new Date(now.getTime() - DAY - 1000) }).where(eq(users.id, c.manager.id));
    const kept = await match(c.id, new Date(now.getTime() - 3600_000), { score: 85, title: 'Tonte des stades' });
    const medium = await match(c.id, new Date(now.getTime() - 7200_000), { status: 'medium', score: 45, title: 'Élagage des platanes' });
    // Left out: low, old, closed or past calls, one already in the pipeline, one set aside.
    const low = await match(c.id, new Date(now.getTime() - 3600_000), { status: 'low', score: 10 });
    const old = await match(c.id, new Date(now.getTime() - 3 * DAY));
    const cancelled = await match(c.id, new Date(now.getTime() - 3600_000), { callStatus: 'cancelled' });
    const past = await match(c.id, new Date(now.getTime() - 3600_000), { deadline: new Date(now.getTime() - DAY) });
    const worked = await match(c.id, new Date(now.getTime() - 3600_000));
    await tender(c.id, worked.id, new Date('2031-12-01T11:00:00Z'));
    const refused = await match(c.id, new Date(now.getTime() - 3600_000));
    await ctx.db.insert(callFeedback).values({ companyId: c.id, tenderCallId: refused.id, verdict: 'not_relevant', reason: 'Hors métier' });

    const result = await pass(now);
    expect(result.digests).toBe(1);
    const [mail, ...others] = await mailsTo(c.manager.email);
    expect(others).toHaveLength(0);
    expect(mail).toMatchObject({ kind: 'digest', subject: "Nouveaux appels d'offres pour vous aujourd'hui (2)", link: 'http://localhost:8080/potential-tenders' });
    expect(mail!.text).toContain(`${kept.reference} — Tonte des stades`);
    expect(mail!.text).toContain(`${medium.reference} — Élagage des platanes`);
    expect(mail!.text.indexOf(kept.reference)).toBeLessThan(mail!.text.indexOf(medium.reference));
    expect(mail!.text).toContain('Mots-clés de votre activité trouvés : espaces verts');
    for (const left of [low, old, cancelled, past, worked, refused]) expect(mail!.text).not.toContain(`${left.reference} —`);
    expect(mail!.text).toContain('/alerts/unsubscribe?token=');
    const [note] = await notificationsOf(c.manager.id);
    expect(note).toMatchObject({ kind: 'digest', payload: { count: 2 } });
    const [manager] = await ctx.db.select().from(users).where(eq(users.id, c.manager.id));
    expect(manager!.digestSentAt?.toISOString()).toBe(now.toISOString());
    // The employee did not ask for a digest.
    expect(await mailsTo(c.employee.email)).toHaveLength(0);

    // An hour later: not due. A day later with nothing new: nothing sent, the period starts again.
    await pass(new Date(now.getTime() + 3600_000));
    await pass(new Date(now.getTime() + DAY));
    expect(await mailsTo(c.manager.email)).toHaveLength(1);
    expect(await notificationsOf(c.manager.id)).toHaveLength(1);
    const [again] = await ctx.db.select().from(users).where(eq(users.id, c.manager.id));
    expect(again!.digestSentAt?.toISOString()).toBe(new Date(now.getTime() + DAY).toISOString());
  });

  it('an import sends the digests due as soon as its calls are matched, before the run says done, in the user\'s language', async () => {
    const [row] = await ctx.db.insert(companies).values({ name: 'Menuiseries des Aravis', keywords: ['accessibilité'], cpvCodes: ['45421000'], departments: ['74'] }).returning({ id: companies.id });
    const manager = await createUser(ctx, 'manager', { companyId: row!.id });
    const admin = await createUser(ctx, 'admin');
    await ctx.app.inject({ method: 'PUT', url: '/api/users/alert-settings', headers: auth(manager.token), payload: { digestFrequency: 'daily', alertEmails: true } });
    // The manager's app is in English.
    await ctx.app.inject({ method: 'GET', url: '/api/users/profile', headers: { ...auth(manager.token), 'accept-language': 'en' } });
    // The 2026 notices, their dates moved to 2031 (deadlines to come).
    const text = (await import('node:fs/promises').then((fs) => fs.readFile(join(FIXTURES, 'jpbenga_boamp-where-date_2026_fnsimple_5records.TRANSCRIBED.json'), 'utf8'))).replaceAll('"2026-', '"2031-');
    const form = multipart([{ name: 'file', filename: 'boamp.json', type: 'application/json', data: Buffer.from(text) }]);
    const res = await ctx.app.inject({ method: 'POST', url: '/api/admin/imports', headers: { ...auth(admin.token), ...form.headers }, payload: form.payload });
    expect(res.statusCode).toBe(202);
    const runId = (res.json() as { details: { _id: string } }).details._id;
    let status = '';
    for (let i = 0; i < 300 && status !== 'done'; i++) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      const list = (await ctx.app.inject({ method: 'GET', url: '/api/admin/imports?perPage=all', headers: auth(admin.token) })).json() as { imports: { _id: string; status: string }[] };
      status = list.imports.find((r) => r._id === runId)?.status ?? '';
    }
    expect(status).toBe('done');
    // Done means told: the digest is there already.
    const [note] = await notificationsOf(manager.id);
    expect(note).toMatchObject({ kind: 'digest', payload: { count: 1 } });
    const [mail] = await mailsTo(manager.email);
    expect(mail).toMatchObject({ kind: 'digest', subject: 'New calls for tenders for you today (1)' });
    expect(mail!.text).toContain('26-7319 — Relance_Lot 2_FINITIONS et Lot 5_MENUISERIE_Travaux de mise en accessibilité du lycée Louis Lachenal (74 - Argonay)');
    expect(mail!.text).toContain('Keywords of your business found: accessibilité');
  });

  it('a weekly digest waits a week', async () => {
    const c = await company();
    const now = new Date('2031-11-03T06:00:00Z');
    await ctx.db.update(users).set({ digestFrequency: 'weekly', digestSentAt: new Date(now.getTime() - 2 * DAY) }).where(eq(users.id, c.employee.id));
    await match(c.id, new Date(now.getTime() - DAY));
    await pass(now);
    expect(await mailsTo(c.employee.email)).toHaveLength(0);
    await pass(new Date(now.getTime() + 5 * DAY));
    const mails = await mailsTo(c.employee.email);
    expect(mails.map((m) => m.subject)).toEqual(["Nouveaux appels d'offres pour vous cette semaine (1)"]);
  });
});

describe('notification centre and settings', () => {
  it('lists the caller\'s notifications newest first with the unread count, marks one or all read, never another user\'s', async () => {
    const c = await company();
    const other = await company();
    const deadline = new Date('2032-01-20T10:00:00Z');
    const { id: callId, reference } = await call({ submissionDeadline: deadline });
    const tenderId = await tender(c.id, callId, deadline);
    await pass(new Date(deadline.getTime() - 7 * DAY + 1000));
    await pass(new Date(deadline.getTime() - 2 * DAY + 1000));

    const list = await ctx.app.inject({ method: 'GET', url: '/api/notifications?perPage=1', headers: auth(c.manager.token) });
    expect(list.statusCode).toBe(200);
    const body = list.json() as { count: number; totalPages: number; unread: number; notifications: { _id: string; kind: string; tender: unknown; payload: { days: number }; readAt: string | null }[] };
    expect(body).toMatchObject({ count: 2, totalPages: 2, unread: 2 });
    expect(body.notifications[0]).toMatchObject({ kind: 'reminder_submission', tender: { _id: tenderId, reference, title: 'Réfection de la toiture du gymnase' }, payload: { days: 2 }, readAt: null });

    const id = body.notifications[0]!._id;
    const foreign = await ctx.app.inject({ method: 'POST', url: `/api/notifications/${id}/read`, headers: auth(other.manager.token) });
    expect(foreign.statusCode).toBe(404);
    const read = await ctx.app.inject({ method: 'POST', url: `/api/notifications/${id}/read`, headers: auth(c.manager.token) });
    expect(read.json()).toMatchObject({ details: { unread: 1 } });
    // The employee's copy is theirs: still unread.
    expect(((await ctx.app.inject({ method: 'GET', url: '/api/notifications', headers: auth(c.employee.token) })).json() as { unread: number }).unread).toBe(2);
    const all = await ctx.app.inject({ method: 'POST', url: '/api/notifications/read-all', headers: { ...auth(c.manager.token), 'accept-language': 'en' } });
    expect(all.json()).toEqual({ msg: 'All notifications are marked as read.', details: { unread: 0 } });
    expect(((await ctx.app.inject({ method: 'GET', url: '/api/notifications', headers: auth(other.manager.token) })).json() as { count: number }).count).toBe(0);
  });

  it('each user reads and changes their own alert settings', async () => {
    const c = await company();
    const get = await ctx.app.inject({ method: 'GET', url: '/api/users/alert-settings', headers: auth(c.employee.token) });
    expect(get.json()).toEqual({ digestFrequency: 'off', alertEmails: true });
    const put = await ctx.app.inject({ method: 'PUT', url: '/api/users/alert-settings', headers: auth(c.employee.token), payload: { digestFrequency: 'weekly', alertEmails: false } });
    expect(put.json()).toEqual({ msg: "Préférences d'alerte enregistrées.", details: { digestFrequency: 'weekly', alertEmails: false } });
    const bad = await ctx.app.inject({ method: 'PUT', url: '/api/users/alert-settings', headers: auth(c.employee.token), payload: { digestFrequency: 'hourly', alertEmails: true } });
    expect(bad.statusCode).toBe(400);
    expect(((await ctx.app.inject({ method: 'GET', url: '/api/users/alert-settings', headers: auth(c.manager.token) })).json() as { digestFrequency: string }).digestFrequency).toBe('off');
  });
});

describe('unsubscribe', () => {
  it('the link of an email turns alert emails and the digest off; a forged or altered token is refused', async () => {
    const c = await company();
    await ctx.db.update(users).set({ digestFrequency: 'daily' }).where(eq(users.id, c.manager.id));
    const deadline = new Date('2032-03-20T10:00:00Z');
    await tender(c.id, (await call({ submissionDeadline: deadline })).id, deadline);
    await pass(new Date(deadline.getTime() - 7 * DAY + 1000));
    const [mail] = await mailsTo(c.manager.email);
    const token = new URL(/http\S+\/alerts\/unsubscribe\?token=\S+/.exec(mail!.text)![0]).searchParams.get('token')!;
    // Signed for this user, dated by the pass that sent it.
    expect(verifyUnsubscribeToken(ctx.jwtSecret, token)).toEqual({ userId: c.manager.id, scope: 'alerts', issuedAt: new Date(deadline.getTime() - 7 * DAY + 1000), generation: 0 });

    const forged = await ctx.app.inject({ method: 'POST', url: '/api/alerts/unsubscribe', payload: { token: unsubscribeToken('another-secret', c.manager.id, { generation: 0, issuedAt: new Date() }) } });
    expect(forged.statusCode).toBe(400);
    expect(errorOf(forged).msg).toBe("Ce lien de désabonnement n'est pas valide. Vous pouvez régler vos alertes depuis votre profil.");
    const altered = await ctx.app.inject({ method: 'POST', url: '/api/alerts/unsubscribe', payload: { token: token.replace(c.manager.id, c.employee.id) } });
    expect(altered.statusCode).toBe(400);
    expect((await ctx.db.select().from(users).where(eq(users.id, c.employee.id)))[0]!.alertEmails).toBe(true);

    const res = await ctx.app.inject({ method: 'POST', url: '/api/alerts/unsubscribe', payload: { token } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ msg: "C'est fait : vous ne recevrez plus d'alertes ni de récapitulatif par e-mail. Vous pouvez les réactiver depuis votre profil." });
    const [after] = await ctx.db.select().from(users).where(eq(users.id, c.manager.id));
    expect(after).toMatchObject({ alertEmails: false, digestFrequency: 'off' });
    // The 2-day reminder is in the app only now.
    await pass(new Date(deadline.getTime() - 2 * DAY + 1000));
    expect(await notificationsOf(c.manager.id)).toHaveLength(2);
    expect(await mailsTo(c.manager.email)).toHaveLength(1);
  });
});

describe('the life of an unsubscribe link (issue 24)', () => {
  const unsubscribe = (token: string, lang = 'en') => ctx.app.inject({ method: 'POST', url: '/api/alerts/unsubscribe', headers: { 'accept-language': lang }, payload: { token } });
  const alertEmailsOf = async (userId: string) => (await ctx.db.select().from(users).where(eq(users.id, userId)))[0]!.alertEmails;
  /** The unsubscribe token of the last alert email sent to someone. */
  const lastLinkTo = async (email: string) => {
    const mails = await mailsTo(email);
    return new URL(/http\S+\/alerts\/unsubscribe\?token=\S+/.exec(mails.at(-1)!.text)![0]).searchParams.get('token')!;
  };

  it('works for 90 days, then says it expired and where alerts can still be turned off', async () => {
    const c = await company();
    const day89 = unsubscribeToken(ctx.jwtSecret, c.manager.id, { generation: 0, issuedAt: new Date(Date.now() - 89 * DAY) });
    const day91 = unsubscribeToken(ctx.jwtSecret, c.manager.id, { generation: 0, issuedAt: new Date(Date.now() - 91 * DAY) });
    const expired = await unsubscribe(day91);
    expect(expired.statusCode).toBe(400);
    expect(errorOf(expired)).toMatchObject({ msgType: 'alerts-unsubscribe_expired', msg: 'This unsubscribe link has expired (links work for 90 days). You can still turn alerts off from your profile.' });
    expect(errorOf(await unsubscribe(day91, 'fr')).msg).toBe('Ce lien de désabonnement a expiré (les liens valent 90 jours). Vous pouvez toujours couper les alertes depuis votre profil.');
    expect(await alertEmailsOf(c.manager.id)).toBe(true);
    // The date is signed: moving it forward breaks the signature.
    const [id, scope, , generation, sig] = day91.split('.');
    const redated = await unsubscribe([id, scope, Math.floor(Date.now() / 1000).toString(36), generation, sig].join('.'));
    expect(errorOf(redated).msgType).toBe('alerts-unsubscribe_invalid');
    // Still in its life: works. And the settings still turn alerts back on, and off.
    expect((await unsubscribe(day89)).statusCode).toBe(200);
    expect(await alertEmailsOf(c.manager.id)).toBe(false);
  });

  it('saving the alert settings or changing the password (a reset too, same update) revokes the links of emails sent before; an email sent after carries a working one', async () => {
    const c = await company();
    const deadline = new Date('2033-05-20T10:00:00Z');
    await tender(c.id, (await call({ submissionDeadline: deadline })).id, deadline);
    await pass(new Date(deadline.getTime() - 7 * DAY + 1000));
    const first = await lastLinkTo(c.employee.email);
    // The user turns the digest on from the profile: the old email's link must not undo it.
    const saved = await ctx.app.inject({ method: 'PUT', url: '/api/users/alert-settings', headers: auth(c.employee.token), payload: { digestFrequency: 'weekly', alertEmails: true } });
    expect(saved.statusCode).toBe(200);
    const revoked = await unsubscribe(first);
    expect(revoked.statusCode).toBe(400);
    expect(errorOf(revoked)).toMatchObject({ msgType: 'alerts-unsubscribe_revoked', msg: 'This unsubscribe link was replaced: your alert settings or your password changed since this email. You can turn alerts off from your profile.' });
    expect((await ctx.db.select().from(users).where(eq(users.id, c.employee.id)))[0]).toMatchObject({ alertEmails: true, digestFrequency: 'weekly' });

    // The next email's link works, until the password changes.
    await pass(new Date(deadline.getTime() - 2 * DAY + 1000));
    const second = await lastLinkTo(c.employee.email);
    expect(second).not.toBe(first);
    const changed = await ctx.app.inject({ method: 'PATCH', url: '/api/users/password', headers: auth(c.employee.token), payload: { currentPassword: c.employee.password, newPassword: 'Cheval-Agrafe-Batterie-1987' } });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(errorOf(await unsubscribe(second)).msgType).toBe('alerts-unsubscribe_revoked');
    expect(await alertEmailsOf(c.employee.id)).toBe(true);

    // A link of the current generation works; someone else's settings do not revoke it.
    const current = unsubscribeToken(ctx.jwtSecret, c.employee.id, { generation: 2, issuedAt: new Date() });
    await ctx.app.inject({ method: 'PUT', url: '/api/users/alert-settings', headers: auth(c.manager.token), payload: { digestFrequency: 'daily', alertEmails: true } });
    expect((await unsubscribe(current)).statusCode).toBe(200);
    expect(await alertEmailsOf(c.employee.id)).toBe(false);
  });
});

describe('changes of a call', () => {
  it('a correction imported by an admin moving the deadline notifies the users of the company working the call, and emails them', async () => {
    const c = await company();
    const bystander = await company();
    const admin = await createUser(ctx, 'admin');
    // The call the fixture's correction (BWP06184060013B) names, as first published: due 10 July 2006.
    let correction;
    for await (const r of importNotices(join(FIXTURES, 'akshaiyganesh_json_api_boamp_2006_v110_20records.json'))) if ('notice' in r && r.notice.sourceId === 'BWP06184060013B') correction = r.notice;
    const runId = await createImportRun(ctx.db, { fileName: 'original.json', size: 0, status: 'running' });
    await storeBatch(ctx.db, runId, 'original.json', [{ notice: { ...correction!, sourceId: 'BWP06173060423D', kind: 'call', related: [], deadline: '2006-07-10T12:00:00+02:00', deadlineDate: '2006-07-10' } }]);
    const [original] = await ctx.db.select().from(tenderCalls).where(eq(tenderCalls.sourceId, 'BWP06173060423D'));
    const tenderId = await tender(c.id, original!.id, original!.submissionDeadline);

    const form = multipart([{ name: 'file', filename: 'boamp.json', type: 'application/json', data: await import('node:fs/promises').then((fs) => fs.readFile(join(FIXTURES, 'akshaiyganesh_json_api_boamp_2006_v110_20records.json'))) }]);
    const res = await ctx.app.inject({ method: 'POST', url: '/api/admin/imports', headers: { ...auth(admin.token), ...form.headers }, payload: form.payload });
    expect(res.statusCode).toBe(202);
    let moved: (typeof notifications.$inferSelect)[] = [];
    for (let i = 0; i < 200 && moved.length < 2; i++) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      moved = await ctx.db.select().from(notifications).where(and(eq(notifications.tenderId, tenderId), eq(notifications.kind, 'deadline_moved')));
    }
    expect(moved.map((n) => n.userId).sort()).toEqual([c.manager.id, c.employee.id].sort());
    expect(moved[0]!.payload).toEqual({ from: '2006-07-10T10:00:00.000Z', to: '2006-07-24T10:00:00.000Z' });
    const [mail] = await mailsTo(c.manager.email);
    expect(mail).toMatchObject({ kind: 'alert', link: `http://localhost:8080/tenders/${tenderId}` });
    expect(mail!.subject).toBe(`Date limite modifiée — ${original!.reference}`);
    expect(mail!.text).toContain('elle passe du lundi 10 juillet 2006 à 12:00 au lundi 24 juillet 2006 à 12:00');
    expect(await notificationsOf(bystander.manager.id)).toHaveLength(0);

    const list = (await ctx.app.inject({ method: 'GET', url: '/api/notifications', headers: auth(c.manager.token) })).json() as { unread: number; notifications: { kind: string; tender: { _id: string } }[] };
    expect(list.unread).toBe(1);
    expect(list.notifications[0]).toMatchObject({ kind: 'deadline_moved', tender: { _id: tenderId } });
  });

  it('a deadline changed by hand notifies the same way; a cancellation too', async () => {
    const c = await company();
    const admin = await createUser(ctx, 'admin');
    const deadline = new Date('2032-06-10T10:00:00Z');
    const { id: callId } = await call({ submissionDeadline: deadline });
    const tenderId = await tender(c.id, callId, deadline);
    const res = await ctx.app.inject({ method: 'PATCH', url: `/api/tenderCalls/${callId}`, headers: auth(admin.token), payload: { submissionDeadline: '2032-06-17T10:00:00.000Z' } });
    expect(res.statusCode).toBe(200);
    const notes = await notificationsOf(c.employee.id);
    expect(notes.map((n) => [n.kind, n.payload])).toEqual([['deadline_moved', { from: deadline.toISOString(), to: '2032-06-17T10:00:00.000Z' }]]);

    const { notifyCancelled } = await import('../../server/domains/alerts/notify');
    await notifyCancelled({ db: ctx.db, mailer: ctx.app.mailer, secret: ctx.jwtSecret }, { tenderCallId: callId });
    await notifyCancelled({ db: ctx.db, mailer: ctx.app.mailer, secret: ctx.jwtSecret }, { tenderCallId: callId });
    const kinds = (await ctx.db.select().from(notifications).where(inArray(notifications.userId, [c.manager.id, c.employee.id]))).map((n) => n.kind).sort();
    expect(kinds).toEqual(['cancelled', 'cancelled', 'deadline_moved', 'deadline_moved']);
    expect((await mailsTo(c.manager.email)).map((m) => m.subject.split(' — ')[0])).toEqual(['Date limite modifiée', "Appel d'offres annulé"]);
    expect(tenderId).toBeTruthy();
  });
});
