// Deadline calendar and ICS feed (issue 13): the dated events of a company's tenders for a range
// of days, and a secret per-user address calendar apps subscribe to (RFC 5545), revocable.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { planningTasks, plannings, tenderCalls, tenderGoNoGo, tenders, users } from '../../server/db/schema';
import { addDays, dayIn } from '../../rules/calendar';
import { createTestApp, createUser, errorOf, type TestContext } from './context';

let ctx: TestContext;
let manager: Awaited<ReturnType<typeof createUser>>;
let employee: Awaited<ReturnType<typeof createUser>>;
let outsider: Awaited<ReturnType<typeof createUser>>;
let admin: Awaited<ReturnType<typeof createUser>>;

type Event = { id: string; kind: string; start: string; end: string | null; allDay: boolean; tenderId: string; tenderTitle: string; reference: string; status: string; title: string | null; mandatory: boolean };

// Days relative to today (Paris), so that the feed's window (a month back, a year ahead) holds them.
const today = dayIn(new Date());
const D = addDays(today, 40);
const TITLE = 'Voirie, réseaux; divers \\ lot 2\nTranche ferme — réfection complète des chaussées et trottoirs du centre-bourg';
let seq = 0;

async function insertCall(companyId: string, values: Partial<typeof tenderCalls.$inferInsert> & { submissionDeadline: Date }) {
  const [call] = await ctx.db
    .insert(tenderCalls)
    .values({ reference: `CAL-${Date.now().toString(36)}-${seq++}`, title: 'Entretien des espaces verts', buyer: 'Commune de Vienne', ...values })
    .returning({ id: tenderCalls.id, reference: tenderCalls.reference });
  const [tender] = await ctx.db
    .insert(tenders)
    .values({ tenderCallId: call!.id, companyId, status: 'in_progress', submissionDeadline: values.submissionDeadline })
    .returning({ id: tenders.id });
  return { id: tender!.id, reference: call!.reference };
}

let main: { id: string; reference: string };
let dayOnly: { id: string; reference: string };
let setAside: { id: string; reference: string };
let foreign: { id: string; reference: string };
let taskId: string;
let milestoneId: string;

beforeAll(async () => {
  ctx = await createTestApp();
  manager = await createUser(ctx, 'manager');
  employee = await createUser(ctx, 'employee', { companyId: manager.companyId });
  outsider = await createUser(ctx, 'manager');
  admin = await createUser(ctx, 'admin');
  main = await insertCall(manager.companyId!, {
    title: TITLE,
    buyer: 'Syndicat intercommunal, Isère',
    submissionDeadline: new Date(`${D}T10:00:00Z`),
    questionsDeadline: new Date(`${addDays(D, -7)}T15:30:00Z`),
    siteVisitDate: new Date(`${addDays(D, -10)}T07:00:00Z`),
    siteVisitMandatory: true,
  });
  // Published as a day only: that day's midnight in Paris (22:00 or 23:00 UTC the day before).
  const parisMidnight = new Date(`${addDays(D, 3)}T00:00:00+01:00`);
  dayOnly = await insertCall(manager.companyId!, { title: 'Nettoyage des locaux', submissionDeadline: parisMidnight, deadlineDayOnly: true, deadlineZone: 'Europe/Paris' });
  setAside = await insertCall(manager.companyId!, { title: 'Marché écarté', submissionDeadline: new Date(`${addDays(D, 1)}T10:00:00Z`) });
  await ctx.db.insert(tenderGoNoGo).values({ tenderId: setAside.id, decision: 'no_go', reason: 'Hors zone', decidedAt: new Date() });
  foreign = await insertCall(outsider.companyId!, { title: 'Marché d’une autre société', submissionDeadline: new Date(`${D}T09:00:00Z`) });
  const [planning] = await ctx.db.insert(plannings).values({ tenderId: main.id, companyId: manager.companyId! }).returning({ id: plannings.id });
  const [task, milestone] = await ctx.db
    .insert(planningTasks)
    .values([
      { planningId: planning!.id, position: 0, name: 'Rédaction du mémoire', startDate: addDays(D, -12), endDate: addDays(D, -2) },
      { planningId: planning!.id, position: 1, name: 'Relecture finale', startDate: addDays(D, -1), endDate: addDays(D, -1), milestone: true },
    ])
    .returning({ id: planningTasks.id });
  taskId = task!.id;
  milestoneId = milestone!.id;
});
afterAll(() => ctx?.close());

const call = (token: string | null, method: 'GET' | 'POST' | 'DELETE', url: string, lang = 'fr') =>
  ctx.app.inject({ method, url, headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), 'accept-language': lang } });
const calendarOf = (token: string, companyId: string, from: string, to: string, extra = '') => call(token, 'GET', `/api/companies/${companyId}/calendar?from=${from}&to=${to}${extra}`);
const eventsOf = async (token: string, from: string, to: string, extra = '') => ((await calendarOf(token, manager.companyId!, from, to, extra)).json() as { events: Event[] }).events;

describe('the company calendar', () => {
  it('answers each kind of event of the range: deadlines, site visit, planning task and milestone, a day-only deadline as a day', async () => {
    const events = await eventsOf(employee.token, addDays(D, -15), addDays(D, 15));
    const byId = new Map(events.map((e) => [e.id, e]));
    expect(byId.get(`submission-${main.id}`)).toMatchObject({ kind: 'submission', start: `${D}T10:00:00.000Z`, end: null, allDay: false, tenderTitle: TITLE, reference: main.reference, status: 'in_progress', title: null });
    expect(byId.get(`questions-${main.id}`)).toMatchObject({ kind: 'questions', start: `${addDays(D, -7)}T15:30:00.000Z`, allDay: false });
    expect(byId.get(`site_visit-${main.id}`)).toMatchObject({ kind: 'site_visit', mandatory: true, allDay: false });
    expect(byId.get(`task-${taskId}`)).toMatchObject({ kind: 'task', title: 'Rédaction du mémoire', start: addDays(D, -12), end: addDays(D, -2), allDay: true, tenderId: main.id });
    expect(byId.get(`milestone-${milestoneId}`)).toMatchObject({ kind: 'milestone', title: 'Relecture finale', start: addDays(D, -1), end: null, allDay: true });
    expect(byId.get(`submission-${dayOnly.id}`)).toMatchObject({ kind: 'submission', start: addDays(D, 3), allDay: true });
    // By day, then time.
    const days = events.map((e) => e.start.slice(0, 10));
    expect(days).toEqual([...days].sort());
  });

  it('leaves out no-go tenders unless goNoGo=all, and other companies’ tenders always', async () => {
    const ids = (await eventsOf(manager.token, addDays(D, -15), addDays(D, 15))).map((e) => e.id);
    expect(ids).not.toContain(`submission-${setAside.id}`);
    expect(ids).not.toContain(`submission-${foreign.id}`);
    const all = (await eventsOf(manager.token, addDays(D, -15), addDays(D, 15), '&goNoGo=all')).map((e) => e.id);
    expect(all).toContain(`submission-${setAside.id}`);
    expect(all).not.toContain(`submission-${foreign.id}`);
  });

  it('keeps to the range: a task overlapping its first day is in, events after its last day are out', async () => {
    const ids = (await eventsOf(manager.token, addDays(D, -3), addDays(D, -1))).map((e) => e.id);
    expect(ids).toEqual(expect.arrayContaining([`task-${taskId}`, `milestone-${milestoneId}`]));
    expect(ids).not.toContain(`submission-${main.id}`);
    expect(ids).not.toContain(`site_visit-${main.id}`);
  });

  it('refuses a range backwards or over 62 days, in the caller’s language', async () => {
    const backwards = await calendarOf(manager.token, manager.companyId!, D, addDays(D, -1));
    expect(backwards.statusCode).toBe(400);
    expect(errorOf(backwards).msg).toBe('Le dernier jour de la période doit suivre le premier.');
    const tooLong = await call(manager.token, 'GET', `/api/companies/${manager.companyId}/calendar?from=${D}&to=${addDays(D, 63)}`, 'en');
    expect(tooLong.statusCode).toBe(400);
    expect(errorOf(tooLong).msg).toBe('The period asked for cannot exceed 62 days.');
    expect((await calendarOf(manager.token, manager.companyId!, D, addDays(D, 62))).statusCode).toBe(200);
    expect((await calendarOf(manager.token, manager.companyId!, '2027-02-30', D)).statusCode).toBe(400);
  });

  it('is read by the company’s staff and admins; another company answers 404', async () => {
    expect((await calendarOf(outsider.token, manager.companyId!, D, D)).statusCode).toBe(404);
    const forAdmin = await calendarOf(admin.token, manager.companyId!, D, D);
    expect(forAdmin.statusCode).toBe(200);
    expect((forAdmin.json() as { events: Event[] }).events.map((e) => e.id)).toContain(`submission-${main.id}`);
  });
});

/** A small iCalendar reader: checks the physical lines, unfolds them, and answers the events' properties. */
function parseIcs(text: string) {
  expect(text.endsWith('\r\n')).toBe(true);
  const physical = text.slice(0, -2).split('\r\n');
  for (const line of physical) {
    expect(line, 'no bare LF').not.toMatch(/\n|\r/);
    expect(Buffer.byteLength(line, 'utf8'), `folded at 75 octets: ${line}`).toBeLessThanOrEqual(75);
  }
  const lines: string[] = [];
  for (const line of physical) {
    if (line.startsWith(' ')) lines[lines.length - 1] += line.slice(1);
    else lines.push(line);
  }
  type Prop = { name: string; params: string; value: string };
  const split = (line: string): Prop => {
    const colon = line.indexOf(':');
    const head = line.slice(0, colon);
    const [name, ...params] = head.split(';');
    return { name: name!, params: params.join(';'), value: line.slice(colon + 1) };
  };
  const calendar: Prop[] = [];
  const events: Prop[][] = [];
  let depth: string[] = [];
  for (const line of lines) {
    const prop = split(line);
    if (prop.name === 'BEGIN') {
      depth = [...depth, prop.value];
      if (prop.value === 'VEVENT') events.push([]);
      continue;
    }
    if (prop.name === 'END') {
      expect(depth.at(-1)).toBe(prop.value);
      depth = depth.slice(0, -1);
      continue;
    }
    const where = depth.at(-1);
    if (where === 'VCALENDAR') calendar.push(prop);
    else if (where === 'VEVENT') events.at(-1)!.push(prop);
    else if (where === 'VALARM') events.at(-1)!.push({ ...prop, name: `VALARM.${prop.name}` });
  }
  expect(depth).toEqual([]);
  const unescape = (value: string) => value.replace(/\\([\\;,nN])/g, (_, c: string) => (c === 'n' || c === 'N' ? '\n' : c));
  const get = (props: Prop[], name: string) => props.find((p) => p.name === name);
  return { calendar, events, get, unescape };
}

describe('the calendar feed', () => {
  it('is made once with its secret address, read without a session, and answers the company’s events as RFC 5545 text', async () => {
    expect((await call(manager.token, 'GET', '/api/users/calendar-feed')).json()).toEqual({ active: false });
    const made = await call(manager.token, 'POST', '/api/users/calendar-feed');
    expect(made.statusCode).toBe(201);
    const { url, msg } = made.json() as { url: string; msg: string };
    expect(msg).toMatch(/Copiez-la maintenant/);
    expect(url).toMatch(/^http:\/\/localhost:8080\/api\/calendar\/[A-Za-z0-9_-]{43}\.ics\?lang=fr$/);
    expect((await call(manager.token, 'GET', '/api/users/calendar-feed')).json()).toEqual({ active: true });
    // Only the secret's hash is stored.
    const secret = /calendar\/([^.]+)\.ics/.exec(url)![1]!;
    const [row] = await ctx.db.select({ hash: users.icsTokenHash }).from(users).where(eq(users.id, manager.id));
    expect(row!.hash).toMatch(/^[0-9a-f]{64}$/);
    expect(row!.hash).not.toContain(secret);

    const path = new URL(url).pathname + new URL(url).search;
    const feed = await ctx.app.inject({ method: 'GET', url: path });
    expect(feed.statusCode).toBe(200);
    expect(feed.headers['content-type']).toMatch(/^text\/calendar; charset=utf-8/);
    const { calendar, events, get, unescape } = parseIcs(feed.body);
    expect(get(calendar, 'VERSION')?.value).toBe('2.0');
    expect(get(calendar, 'PRODID')?.value).toMatch(/Soumissio/);
    expect(get(calendar, 'CALSCALE')?.value).toBe('GREGORIAN');
    expect(get(calendar, 'METHOD')?.value).toBe('PUBLISH');
    expect(unescape(get(calendar, 'X-WR-CALNAME')!.value)).toMatch(/^Échéances Société .* \(Soumissio\)$/);

    const byUid = new Map(events.map((props) => [get(props, 'UID')!.value, props]));
    const submission = [...byUid.entries()].find(([uid]) => uid.startsWith(`submission-${main.id}@`))![1];
    expect(get(submission, 'DTSTART')).toMatchObject({ params: '', value: `${D.replace(/-/g, '')}T100000Z` });
    expect(get(submission, 'DTSTAMP')?.value).toMatch(/^\d{8}T\d{6}Z$/);
    // Commas, semicolons, backslashes and line breaks escaped, and read back whole.
    const summary = get(submission, 'SUMMARY')!.value;
    expect(summary).toContain('Voirie\\, réseaux\\; divers \\\\ lot 2\\nTranche ferme');
    expect(unescape(summary)).toBe(`Remise des offres — ${TITLE}`);
    expect(get(submission, 'URL')?.value).toBe(`http://localhost:8080/tenders/${main.id}`);
    expect(get(submission, 'VALARM.TRIGGER')?.value).toBe('-P1D');
    expect(unescape(get(submission, 'DESCRIPTION')!.value)).toContain('Syndicat intercommunal, Isère');

    const day = [...byUid.entries()].find(([uid]) => uid.startsWith(`submission-${dayOnly.id}@`))![1];
    expect(get(day, 'DTSTART')).toMatchObject({ params: 'VALUE=DATE', value: addDays(D, 3).replace(/-/g, '') });
    expect(get(day, 'DTEND')).toMatchObject({ params: 'VALUE=DATE', value: addDays(D, 4).replace(/-/g, '') });

    const task = [...byUid.entries()].find(([uid]) => uid.startsWith(`task-${taskId}@`))![1];
    expect(get(task, 'DTSTART')?.value).toBe(addDays(D, -12).replace(/-/g, ''));
    expect(get(task, 'DTEND')?.value, 'the day after the last one').toBe(addDays(D, -1).replace(/-/g, ''));
    expect(get(task, 'VALARM.TRIGGER'), 'no alarm on a task').toBeUndefined();
    const visit = [...byUid.entries()].find(([uid]) => uid.startsWith(`site_visit-${main.id}@`))![1];
    expect(unescape(get(visit, 'SUMMARY')!.value)).toMatch(/^Visite de site obligatoire — /);

    const uids = [...byUid.keys()];
    expect(uids.some((uid) => uid.includes(foreign.id)), 'another company’s tender').toBe(false);
    expect(uids.some((uid) => uid.includes(setAside.id)), 'a no-go tender').toBe(false);
    // Stable UIDs: the same events, the same identifiers, on the next read.
    const again = parseIcs((await ctx.app.inject({ method: 'GET', url: path })).body);
    expect(again.events.map((props) => get(props, 'UID')!.value).sort()).toEqual([...uids].sort());

    // The names in English when the address says so.
    const english = parseIcs((await ctx.app.inject({ method: 'GET', url: path.replace('lang=fr', 'lang=en') })).body);
    expect(english.unescape(get(english.calendar, 'X-WR-CALNAME')!.value)).toMatch(/ deadlines \(Soumissio\)$/);
  });

  it('stops working when revoked or made again, and for a deactivated account', async () => {
    const first = (await call(employee.token, 'POST', '/api/users/calendar-feed')).json() as { url: string };
    const path = (url: string) => new URL(url).pathname;
    expect((await ctx.app.inject({ method: 'GET', url: path(first.url) })).statusCode).toBe(200);
    const second = (await call(employee.token, 'POST', '/api/users/calendar-feed')).json() as { url: string };
    expect(second.url).not.toBe(first.url);
    expect((await ctx.app.inject({ method: 'GET', url: path(first.url) })).statusCode).toBe(404);
    expect((await ctx.app.inject({ method: 'GET', url: path(second.url) })).statusCode).toBe(200);

    const revoked = await call(employee.token, 'DELETE', '/api/users/calendar-feed');
    expect(revoked.statusCode).toBe(200);
    expect((await ctx.app.inject({ method: 'GET', url: path(second.url) })).statusCode).toBe(404);
    expect((await call(employee.token, 'GET', '/api/users/calendar-feed')).json()).toEqual({ active: false });

    const third = (await call(employee.token, 'POST', '/api/users/calendar-feed')).json() as { url: string };
    await ctx.db.update(users).set({ active: false }).where(eq(users.id, employee.id));
    expect((await ctx.app.inject({ method: 'GET', url: path(third.url) })).statusCode).toBe(404);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/calendar/not-a-secret.ics' })).statusCode).toBe(404);
  });

  it('is for company staff: an admin has none', async () => {
    expect((await call(admin.token, 'POST', '/api/users/calendar-feed')).statusCode).toBe(403);
    expect((await call(null, 'GET', '/api/users/calendar-feed')).statusCode).toBe(401);
  });
});
