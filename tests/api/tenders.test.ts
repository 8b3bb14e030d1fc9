import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { companies, tenderCalls, tenderStatusChanges, tenders } from '../../server/db/schema';
import { matchCall } from '../../server/domains/tenders/match';
import type { components } from '../../openapi/schema';
import { createTestApp, createUser, errorOf, rowCount, type TestContext } from './context';
import { atFromToday, dayFromToday } from '../support/days';

type Tender = components['schemas']['Tender'];
type TenderCall = components['schemas']['TenderCall'];
type PotentialTender = components['schemas']['PotentialTender'];
type Person = Awaited<ReturnType<typeof createUser>>;

let ctx: TestContext;
let admin: Person;
let managerA: Person;
let employeeA: Person;
let managerB: Person;

const auth = (person: Person, lang = 'fr') => ({ authorization: `Bearer ${person.token}`, 'accept-language': lang });
const inDays = (days: number) => atFromToday(days).toISOString();
let refSeq = 0;
const callInput = (overrides: Record<string, unknown> = {}) => ({
  reference: `2026-AO-${String(++refSeq).padStart(4, '0')}`,
  title: 'Réhabilitation énergétique des écoles maternelles',
  buyer: 'Ville de Lyon',
  procedure: 'open',
  cpvCodes: ['45421000-4', '45321000-3'],
  department: '69',
  region: 'Auvergne-Rhône-Alpes',
  estimatedAmount: 850_000,
  publicationDate: dayFromToday(-5),
  submissionDeadline: inDays(30),
  questionsDeadline: inDays(20),
  siteVisit: { date: inDays(10), mandatory: true },
  noticeUrl: 'https://www.boamp.fr/avis/detail/26-12345',
  description: 'Remplacement des menuiseries extérieures et isolation thermique par l’extérieur de trois groupes scolaires.',
  lots: [
    { number: 1, title: 'Menuiseries extérieures', estimatedAmount: 500_000 },
    { number: 2, title: 'Isolation thermique par l’extérieur', estimatedAmount: 350_000 },
  ],
  ...overrides,
});

async function createCall(overrides: Record<string, unknown> = {}): Promise<TenderCall> {
  const res = await ctx.app.inject({ method: 'POST', url: '/api/tenderCalls', headers: auth(admin), payload: callInput(overrides) });
  expect(res.statusCode, res.body).toBe(201);
  return (res.json() as { details: TenderCall }).details;
}

async function createTender(callId: string, companyId: string): Promise<Tender> {
  const res = await ctx.app.inject({ method: 'POST', url: '/api/tenders', headers: auth(admin), payload: { tenderCallId: callId, companyId } });
  expect(res.statusCode, res.body).toBe(201);
  return (res.json() as { details: Tender }).details;
}

const patch = (person: Person, id: string, payload: object, lang = 'fr') => ctx.app.inject({ method: 'PATCH', url: `/api/tenders/${id}`, headers: auth(person, lang), payload });

beforeAll(async () => {
  ctx = await createTestApp();
  admin = await createUser(ctx, 'admin');
  managerA = await createUser(ctx, 'manager');
  employeeA = await createUser(ctx, 'employee', { companyId: managerA.companyId });
  managerB = await createUser(ctx, 'manager');
  // Company A does building envelope work around Lyon, for contracts between 100 k€ and 2 M€.
  await ctx.db
    .update(companies)
    .set({ keywords: ['menuiserie', 'isolation thermique', 'charpente'], cpvCodes: ['45420000'], departments: ['69', '01'], regions: ['Auvergne-Rhône-Alpes'], amountMin: 100_000, amountMax: 2_000_000 })
    .where(eq(companies.id, managerA.companyId!));
});
afterAll(() => ctx?.close());

describe('calls for tenders (admin)', () => {
  it('are created with their lots, and refused with a clear message when inconsistent', async () => {
    const call = await createCall();
    expect(call.lots.map((l) => l.number)).toEqual([1, 2]);
    expect(call.siteVisit).toEqual({ date: expect.any(String), mandatory: true });
    expect(call.source).toBe('manual');

    const duplicateLots = await ctx.app.inject({ method: 'POST', url: '/api/tenderCalls', headers: auth(admin), payload: callInput({ lots: [{ number: 1, title: 'A' }, { number: 1, title: 'B' }] }) });
    expect(duplicateLots.statusCode).toBe(400);
    expect(errorOf(duplicateLots).details).toEqual([expect.objectContaining({ field: 'lots', msg: 'Deux lots portent le même numéro.' })]);

    const lateQuestions = await ctx.app.inject({ method: 'POST', url: '/api/tenderCalls', headers: auth(admin, 'en'), payload: callInput({ questionsDeadline: inDays(40) }) });
    expect(lateQuestions.statusCode).toBe(400);
    expect(errorOf(lateQuestions).details).toEqual([expect.objectContaining({ field: 'questionsDeadline' })]);

    const extra = await ctx.app.inject({ method: 'POST', url: '/api/tenderCalls', headers: auth(admin), payload: { ...callInput(), status: 'won' } });
    expect(extra.statusCode).toBe(400);

    const sameReference = await ctx.app.inject({ method: 'POST', url: '/api/tenderCalls', headers: auth(admin), payload: callInput({ reference: call.reference }) });
    expect(sameReference.statusCode).toBe(409);

    const byStaff = await ctx.app.inject({ method: 'POST', url: '/api/tenderCalls', headers: auth(managerA), payload: callInput() });
    expect(byStaff.statusCode).toBe(403);
  });

  it('cannot be deleted while a company works them', async () => {
    const call = await createCall();
    const tender = await createTender(call._id, managerB.companyId!);
    expect((await ctx.app.inject({ method: 'DELETE', url: `/api/tenderCalls/${call._id}`, headers: auth(admin) })).statusCode).toBe(409);
    expect((await ctx.app.inject({ method: 'DELETE', url: `/api/tenders/${tender._id}`, headers: auth(admin) })).statusCode).toBe(200);
    expect((await ctx.app.inject({ method: 'DELETE', url: `/api/tenderCalls/${call._id}`, headers: auth(admin) })).statusCode).toBe(200);
    expect(await ctx.db.select().from(tenderCalls).where(eq(tenderCalls.id, call._id))).toEqual([]);
  });
});

describe('a company works a tender', () => {
  it('an admin puts a call in a company pipeline: its staff see it, another company does not', async () => {
    const call = await createCall();
    const noCompany = await ctx.app.inject({ method: 'POST', url: '/api/tenders', headers: auth(admin), payload: { tenderCallId: call._id } });
    expect(noCompany.statusCode).toBe(400);

    const tender = await createTender(call._id, managerA.companyId!);
    expect(tender.status).toBe('not_started');
    expect(tender.company._id).toBe(managerA.companyId);
    expect(tender.tenderCall.reference).toBe(call.reference);

    const again = await ctx.app.inject({ method: 'POST', url: '/api/tenders', headers: auth(admin), payload: { tenderCallId: call._id, companyId: managerA.companyId } });
    expect(again.statusCode).toBe(409);

    const mine = await ctx.app.inject({ method: 'GET', url: '/api/tenders/my-company', headers: auth(employeeA) });
    expect((mine.json() as { tenderCalls: Tender[] }).tenderCalls.map((t) => t._id)).toContain(tender._id);
    const theirs = await ctx.app.inject({ method: 'GET', url: '/api/tenders/my-company', headers: auth(managerB) });
    expect((theirs.json() as { tenderCalls: Tender[] }).tenderCalls.map((t) => t._id)).not.toContain(tender._id);
    expect((await ctx.app.inject({ method: 'GET', url: `/api/tenders/${tender._id}`, headers: auth(managerB) })).statusCode).toBe(404);
    expect((await patch(managerB, tender._id, { status: 'in_progress' })).statusCode).toBe(404);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/tenders', headers: auth(managerA) })).statusCode).toBe(403);
  });

  it('moves only along the lifecycle, and every change is kept in its history', async () => {
    const tender = await createTender((await createCall())._id, managerA.companyId!);

    const skip = await patch(managerA, tender._id, { status: 'submitted' });
    expect(skip.statusCode).toBe(409);
    expect(errorOf(skip).msg).toBe('Impossible de passer du statut « Non démarré » au statut « Déposé ».');
    const skipEn = await patch(managerA, tender._id, { status: 'won' }, 'en');
    expect(errorOf(skipEn).msg).toBe('A tender cannot move from “Not started” to “Won”.');

    for (const status of ['in_progress', 'pending', 'in_progress', 'submitted', 'won'] as const) {
      const res = await patch(employeeA, tender._id, { status });
      expect(res.statusCode, `${status}: ${res.body}`).toBe(200);
      expect((res.json() as { details: Tender }).details.status).toBe(status);
    }
    // Decided: nothing moves any more.
    expect((await patch(managerA, tender._id, { status: 'lost' })).statusCode).toBe(409);
    expect((await patch(managerA, tender._id, { status: 'won' })).statusCode).toBe(409);

    const history = (await ctx.app.inject({ method: 'GET', url: `/api/tenders/${tender._id}/history`, headers: auth(managerA) })).json() as {
      history: { from: string | null; to: string; changedBy: { _id: string } | null }[];
    };
    expect(history.history.map((h) => [h.from, h.to])).toEqual([
      [null, 'not_started'],
      ['not_started', 'in_progress'],
      ['in_progress', 'pending'],
      ['pending', 'in_progress'],
      ['in_progress', 'submitted'],
      ['submitted', 'won'],
    ]);
    expect(history.history[0]!.changedBy?._id).toBe(admin.id);
    expect(history.history[5]!.changedBy?._id).toBe(employeeA.id);
  });

  it('is reopened after submission by a manager or an admin, with a reason kept in its history', async () => {
    const tender = await createTender((await createCall())._id, managerA.companyId!);
    for (const status of ['in_progress', 'submitted'] as const) expect((await patch(employeeA, tender._id, { status })).statusCode).toBe(200);
    expect((await patch(employeeA, tender._id, { responseStep: 6 })).statusCode).toBe(200);
    const reopen = (person: Person, payload: object, lang = 'fr') => ctx.app.inject({ method: 'POST', url: `/api/tenders/${tender._id}/reopen`, headers: auth(person, lang), payload });
    // A plain status change cannot take it back: only the reopening can.
    expect((await patch(managerA, tender._id, { status: 'in_progress' })).statusCode).toBe(409);

    const before = await rowCount(ctx.db, tenderStatusChanges);
    const byEmployee = await reopen(employeeA, { reason: 'Erreur dans le bordereau de prix.' });
    expect(byEmployee.statusCode).toBe(403);
    expect((await reopen(managerB, { reason: 'Erreur dans le bordereau de prix.' })).statusCode).toBe(404);
    const missing = await reopen(managerA, {});
    expect(missing.statusCode).toBe(400);
    expect(errorOf(missing).msg).toMatch(/obligatoire/);
    const blank = await reopen(managerA, { reason: '   ' });
    expect(blank.statusCode).toBe(400);
    expect(errorOf(blank).msg).toBe('Indiquez pourquoi le dossier déposé est rouvert.');
    expect(errorOf(await reopen(managerA, { reason: ' ' }, 'en')).msg).toBe('Say why the submitted tender is reopened.');
    const tooLong = await reopen(managerA, { reason: 'x'.repeat(501) });
    expect(tooLong.statusCode).toBe(400);
    expect(errorOf(tooLong).msg).toMatch(/500/);
    // Nothing written by the refusals.
    expect(await rowCount(ctx.db, tenderStatusChanges)).toBe(before);
    expect((await ctx.db.select({ status: tenders.status }).from(tenders).where(eq(tenders.id, tender._id)))[0]!.status).toBe('submitted');

    const ok = await reopen(managerA, { reason: '  Erreur dans le bordereau de prix : lot 2 à corriger.  ' });
    expect(ok.statusCode, ok.body).toBe(200);
    // Every step was done: the submission step is to do again.
    expect(ok.json()).toMatchObject({ msg: "L'appel d'offres est de nouveau en cours : la réouverture est notée dans son historique.", details: { status: 'in_progress', responseStep: 5 } });
    // Only a submitted tender reopens.
    const again = await reopen(managerA, { reason: 'Encore' }, 'en');
    expect(again.statusCode).toBe(409);
    expect(errorOf(again).msg).toBe('Only a submitted tender can be reopened; this one is “In progress”.');

    // It goes on along the lifecycle: submitted again, then reopened by an admin.
    expect((await patch(employeeA, tender._id, { status: 'submitted' })).statusCode).toBe(200);
    expect((await reopen(admin, { reason: 'Pièce manquante signalée par l’acheteur.' })).statusCode).toBe(200);

    const history = (await ctx.app.inject({ method: 'GET', url: `/api/tenders/${tender._id}/history`, headers: auth(employeeA) })).json() as {
      history: { from: string | null; to: string; reason: string | null; changedBy: { _id: string; username: string } | null }[];
    };
    expect(history.history.map((h) => [h.from, h.to, h.reason, h.changedBy?._id])).toEqual([
      [null, 'not_started', null, admin.id],
      ['not_started', 'in_progress', null, employeeA.id],
      ['in_progress', 'submitted', null, employeeA.id],
      ['submitted', 'in_progress', 'Erreur dans le bordereau de prix : lot 2 à corriger.', managerA.id],
      ['in_progress', 'submitted', null, employeeA.id],
      ['submitted', 'in_progress', 'Pièce manquante signalée par l’acheteur.', admin.id],
    ]);
  });

  it('refuses a change that is not a move along the lifecycle without writing anything', async () => {
    const tender = await createTender((await createCall())._id, managerA.companyId!);
    const before = await rowCount(ctx.db, tenderStatusChanges);
    // A valid lots change together with a refused status: neither is applied.
    const res = await patch(managerA, tender._id, { status: 'lost', answeredLots: [1] });
    expect(res.statusCode).toBe(409);
    expect(await rowCount(ctx.db, tenderStatusChanges)).toBe(before);
    const [row] = await ctx.db.select().from(tenders).where(eq(tenders.id, tender._id));
    expect(row).toMatchObject({ status: 'not_started', answeredLots: [] });
  });

  it('records the lots the company answers and the response step', async () => {
    const tender = await createTender((await createCall())._id, managerA.companyId!);
    const unknown = await patch(managerA, tender._id, { answeredLots: [2, 7] });
    expect(unknown.statusCode).toBe(400);
    expect(errorOf(unknown).details).toEqual([expect.objectContaining({ field: 'answeredLots', msg: "Ces lots n'existent pas dans l'appel d'offres : 7." })]);

    const ok = await patch(employeeA, tender._id, { answeredLots: [2, 1], responseStep: 3 });
    expect((ok.json() as { details: Tender }).details).toMatchObject({ answeredLots: [1, 2], responseStep: 3 });
    expect((await patch(employeeA, tender._id, { responseStep: 7 })).statusCode).toBe(400);

    const lots = (await ctx.app.inject({ method: 'GET', url: `/api/tenders/${tender._id}/lots`, headers: auth(employeeA) })).json() as {
      lots: { number: number; answered: boolean }[];
      tenderCall: { reference: string };
      company: { _id: string };
    };
    expect(lots.lots.map((l) => [l.number, l.answered])).toEqual([
      [1, true],
      [2, true],
    ]);
    expect(lots.company._id).toBe(managerA.companyId);

    // The call loses its second lot: the company no longer answers it.
    const update = await ctx.app.inject({ method: 'PATCH', url: `/api/tenderCalls/${tender.tenderCall._id}`, headers: auth(admin), payload: { lots: [{ number: 1, title: 'Menuiseries extérieures' }] } });
    expect(update.statusCode, update.body).toBe(200);
    const after = (await ctx.app.inject({ method: 'GET', url: `/api/tenders/${tender._id}`, headers: auth(managerA) })).json() as Tender;
    expect(after.answeredLots).toEqual([1]);
  });
});

describe('matching a call to the company profile', () => {
  it('scores keywords, CPV codes, place and amount, and gives the reasons', async () => {
    const tender = await createTender((await createCall())._id, managerA.companyId!);
    expect(tender.matchStatus).toBe('high');
    expect(tender.matchScore).toBe(100);
    const reasons = Object.fromEntries(tender.matchReasons.map((r) => [r.criterion, r]));
    expect(reasons.keywords!.matched).toEqual(['menuiserie', 'isolation thermique']);
    expect(reasons.cpv!.matched).toEqual(['45421000-4']);
    expect(reasons.place!.matched).toEqual(['69']);
    expect(reasons.amount!.points).toBe(10);
  });

  it('is computed again when the company profile changes', async () => {
    const [company] = await ctx.db.insert(companies).values({ name: 'Plomberie du Nord', keywords: ['plomberie'] }).returning({ id: companies.id });
    const manager = await createUser(ctx, 'manager', { companyId: company!.id });
    const tender = await createTender((await createCall())._id, company!.id);
    expect(tender.matchStatus).toBe('none');
    const res = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/companies/${company!.id}`,
      headers: auth(manager),
      payload: { profile: { keywords: ['menuiserie'], cpvCodes: ['45000000'], departments: ['69'] } },
    });
    expect(res.statusCode, res.body).toBe(200);
    const after = (await ctx.app.inject({ method: 'GET', url: `/api/tenders/${tender._id}`, headers: auth(manager) })).json() as Tender;
    // One keyword (20) + CPV in the construction category (35) + département (20).
    expect(after.matchScore).toBe(75);
    expect(after.matchStatus).toBe('high');
  });

  it('gives partial points for a shared CPV division, a region, and one keyword', () => {
    const match = matchCall(
      { title: 'Entretien des toitures', description: 'Charpentes', lotTitles: [], cpvCodes: ['45260000-7'], department: '38', region: 'Auvergne-Rhône-Alpes', estimatedAmount: 5_000_000 },
      { keywords: ['charpente', 'zinguerie'], cpvCodes: ['45420000'], departments: ['69'], regions: ['auvergne-rhone-alpes'], amountMin: 100_000, amountMax: 2_000_000 },
    );
    expect(match.reasons.map((r) => [r.criterion, r.points])).toEqual([
      ['keywords', 20],
      ['cpv', 15],
      ['place', 15],
    ]);
    expect(match).toMatchObject({ score: 50, status: 'medium' });
  });
});

describe('lists', () => {
  let manager: Person;
  let companyId: string;
  beforeAll(async () => {
    const [company] = await ctx.db.insert(companies).values({ name: 'Recherche SA', keywords: ['voirie'] }).returning({ id: companies.id });
    companyId = company!.id;
    manager = await createUser(ctx, 'manager', { companyId });
    const open = { questionsDeadline: null, siteVisit: null };
    await createTender((await createCall({ ...open, title: 'Rénovation de l’École élémentaire Jean-Jaurès', description: 'Électricité et menuiseries', submissionDeadline: inDays(10) }))._id, companyId);
    await createTender((await createCall({ ...open, title: 'Entretien de la voirie communale', buyer: 'Commune de Vienne', description: 'Enrobés', cpvCodes: ['45233141-9'], submissionDeadline: inDays(5) }))._id, companyId);
    const closed = await createCall({ ...open, title: 'Restauration scolaire des écoles', description: 'Fourniture et livraison de repas', publicationDate: null, submissionDeadline: inDays(-3) });
    const tender = await createTender(closed._id, companyId);
    await patch(manager, tender._id, { status: 'in_progress' });
  });
  const list = async (query: string) => {
    const res = await ctx.app.inject({ method: 'GET', url: `/api/tenders/my-company?${query}`, headers: auth(manager) });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { count: number; totalPages: number; tenderCalls: Tender[] };
  };
  const titles = async (query: string) => (await list(query)).tenderCalls.map((t) => t.tenderCall.title);

  it('searches in French: accents, case and plurals folded, words taken as prefixes', async () => {
    expect(await titles('search=ecoles')).toEqual(['Rénovation de l’École élémentaire Jean-Jaurès', 'Restauration scolaire des écoles']);
    expect(await titles('search=ÉLECTRICITÉ')).toEqual(['Rénovation de l’École élémentaire Jean-Jaurès']);
    expect(await titles('search=menuis')).toEqual(['Rénovation de l’École élémentaire Jean-Jaurès']);
    expect(await titles(`search=${encodeURIComponent('vienne voirie')}`)).toEqual(['Entretien de la voirie communale']);
    expect(await titles('search=piscine')).toEqual([]);
    // A reference, whole or in part, though the text search splits it at its hyphen.
    const reference = (await list('search=voirie')).tenderCalls[0]!.tenderCall.reference;
    expect(await titles(`search=${encodeURIComponent(reference)}`)).toEqual(['Entretien de la voirie communale']);
    expect(await titles(`search=${encodeURIComponent(reference.slice(-6))}`)).toEqual(['Entretien de la voirie communale']);
  });

  it('puts open calls first, nearest deadline first, and filters by status and match', async () => {
    expect(await titles('')).toEqual(['Entretien de la voirie communale', 'Rénovation de l’École élémentaire Jean-Jaurès', 'Restauration scolaire des écoles']);
    expect(await titles('filterBy=in_progress')).toEqual(['Restauration scolaire des écoles']);
    expect(await titles('matchStatus=low')).toEqual(['Entretien de la voirie communale']);
    const page = await list('perPage=2&page=2');
    expect(page).toMatchObject({ count: 3, totalPages: 2 });
    expect(page.tenderCalls).toHaveLength(1);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/tenders/my-company?filterBy=archived', headers: auth(manager) })).statusCode).toBe(400);
  });

  it("keeps the order when a call's deadline is moved", async () => {
    const schools = (await list('search=jaures')).tenderCalls[0]!;
    const moved = await ctx.app.inject({ method: 'PATCH', url: `/api/tenderCalls/${schools.tenderCall._id}`, headers: auth(admin), payload: { submissionDeadline: inDays(2) } });
    expect(moved.statusCode, moved.body).toBe(200);
    expect((await titles(''))[0]).toBe('Rénovation de l’École élémentaire Jean-Jaurès');
    await ctx.app.inject({ method: 'PATCH', url: `/api/tenderCalls/${schools.tenderCall._id}`, headers: auth(admin), payload: { submissionDeadline: inDays(10) } });
    expect((await titles(''))[0]).toBe('Entretien de la voirie communale');
  });

  it('lets an admin list every company or one', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: `/api/tenders?companyId=${companyId}&perPage=all`, headers: auth(admin) });
    const body = res.json() as { count: number; tenderCalls: Tender[] };
    expect(body.count).toBe(3);
    expect(new Set(body.tenderCalls.map((t) => t.company.name))).toEqual(new Set(['Recherche SA']));
  });

  it('pages across open and closed calls: open nearest first, then closed latest first, each once', async () => {
    const [company] = await ctx.db.insert(companies).values({ name: 'Pages SARL' }).returning({ id: companies.id });
    const reader = await createUser(ctx, 'employee', { companyId: company!.id });
    const days = [12, -40, 3, -2, 25, -9, 7];
    for (const day of days) await createTender((await createCall({ title: `Échéance ${day}`, questionsDeadline: null, siteVisit: null, publicationDate: null, submissionDeadline: inDays(day) }))._id, company!.id);
    const expected = ['Échéance 3', 'Échéance 7', 'Échéance 12', 'Échéance 25', 'Échéance -2', 'Échéance -9', 'Échéance -40'];
    const seen: string[] = [];
    for (let page = 1; page <= 3; page++) {
      const res = await ctx.app.inject({ method: 'GET', url: `/api/tenders/my-company?perPage=3&page=${page}`, headers: auth(reader) });
      const body = res.json() as { count: number; totalPages: number; tenderCalls: Tender[] };
      expect(body).toMatchObject({ count: 7, totalPages: 3 });
      seen.push(...body.tenderCalls.map((t) => t.tenderCall.title));
    }
    expect(seen).toEqual(expected);
    const past = await ctx.app.inject({ method: 'GET', url: '/api/tenders/my-company?perPage=3&page=4', headers: auth(reader) });
    expect(past.json()).toMatchObject({ count: 7, totalPages: 3, tenderCalls: [] });
  });

  it("gives the board every status's count and first tenders, in the list's order, for the caller's company only", async () => {
    const board = async (person: Person, query = '') => ctx.app.inject({ method: 'GET', url: `/api/tenders/my-company/board${query}`, headers: auth(person) });
    const res = await board(manager, '?perColumn=1');
    expect(res.statusCode, res.body).toBe(200);
    const { columns } = res.json() as { columns: { status: string; count: number; tenders: Tender[] }[] };
    expect(columns.map((c) => c.status)).toEqual(['not_started', 'in_progress', 'pending', 'submitted', 'won', 'lost', 'non_compliant']);
    const byStatus = Object.fromEntries(columns.map((c) => [c.status, c]));
    expect(byStatus.not_started).toMatchObject({ count: 2 });
    expect(byStatus.not_started!.tenders.map((t) => t.tenderCall.title)).toEqual(['Entretien de la voirie communale']);
    expect(byStatus.in_progress).toMatchObject({ count: 1 });
    expect(byStatus.in_progress!.tenders.map((t) => t.tenderCall.title)).toEqual(['Restauration scolaire des écoles']);
    expect(byStatus.won).toMatchObject({ count: 0, tenders: [] });
    // A column's next cards: that column alone, after those shown.
    const next = (await (await board(manager, '?status=not_started&skip=1&perColumn=20')).json()) as { columns: { status: string; count: number; tenders: Tender[] }[] };
    expect(next.columns).toHaveLength(1);
    expect(next.columns[0]).toMatchObject({ status: 'not_started', count: 2 });
    expect(next.columns[0]!.tenders.map((t) => t.tenderCall.title)).toEqual(['Rénovation de l’École élémentaire Jean-Jaurès']);
    // Another company's manager sees its own board; admins have no company board; bounds are checked.
    const other = (await (await board(managerB)).json()) as { columns: { tenders: Tender[] }[] };
    expect(other.columns.flatMap((c) => c.tenders).some((t) => t.company.name === 'Recherche SA')).toBe(false);
    expect((await board(admin)).statusCode).toBe(403);
    expect((await board(manager, '?perColumn=0')).statusCode).toBe(400);
    expect((await board(manager, '?perColumn=101')).statusCode).toBe(400);
  });
});

describe('potential tenders', () => {
  it('are the open calls not yet in the company pipeline, best match first, and can be added by staff', async () => {
    const [company] = await ctx.db
      .insert(companies)
      .values({ name: 'Toitures du Dauphiné', keywords: ['couverture', 'zinguerie'], cpvCodes: ['45261000'], departments: ['38'] })
      .returning({ id: companies.id });
    const employee = await createUser(ctx, 'employee', { companyId: company!.id });
    const roofs = await createCall({ title: 'Réfection de la couverture et zinguerie du gymnase', buyer: 'Commune de Voiron', department: '38', cpvCodes: ['45261210-9'], questionsDeadline: null, siteVisit: null });
    const elsewhere = await createCall({ title: 'Couverture du marché couvert', department: '13', region: 'Provence-Alpes-Côte d’Azur', cpvCodes: ['45261000-4'], questionsDeadline: null, siteVisit: null });
    const closed = await createCall({ title: 'Couverture et zinguerie de la mairie', department: '38', submissionDeadline: inDays(-1), publicationDate: null, questionsDeadline: null, siteVisit: null });

    const potential = async (query = '') => {
      const res = await ctx.app.inject({ method: 'GET', url: `/api/tenders/potential?perPage=all${query}`, headers: auth(employee) });
      expect(res.statusCode, res.body).toBe(200);
      return (res.json() as { count: number; tenders: PotentialTender[] }).tenders;
    };
    const first = await potential();
    const ids = first.map((p) => p._id);
    expect(ids.indexOf(roofs._id)).toBe(0);
    expect(ids.indexOf(elsewhere._id)).toBe(1);
    expect(ids).not.toContain(closed._id);
    expect(first[0]).toMatchObject({ status: 'new', matchStatus: 'high', tenderId: null });
    expect(first.slice(1).every((p) => p.matchScore <= first[0]!.matchScore)).toBe(true);
    expect((await potential('&matchStatus=high')).map((p) => p._id)).toEqual([roofs._id]);

    // Another company's id is refused; the own company is taken by default.
    const other = await ctx.app.inject({ method: 'POST', url: '/api/tenders', headers: auth(employee), payload: { tenderCallId: roofs._id, companyId: managerA.companyId } });
    expect(other.statusCode).toBe(404);
    const added = await ctx.app.inject({ method: 'POST', url: '/api/tenders', headers: auth(employee), payload: { tenderCallId: roofs._id } });
    expect(added.statusCode, added.body).toBe(201);
    const tender = (added.json() as { details: Tender }).details;
    expect(tender).toMatchObject({ status: 'not_started', matchStatus: 'high', company: { _id: company!.id } });
    expect((await potential()).map((p) => p._id)).not.toContain(roofs._id);

    const call = (await ctx.app.inject({ method: 'GET', url: `/api/tenderCalls/${roofs._id}`, headers: auth(employee) })).json() as PotentialTender;
    expect(call.tenderId).toBe(tender._id);
  });

  it('are every call for an admin, with how many companies work each', async () => {
    const call = await createCall({ questionsDeadline: null, siteVisit: null });
    await createTender(call._id, managerA.companyId!);
    await createTender(call._id, managerB.companyId!);
    const res = await ctx.app.inject({ method: 'GET', url: '/api/tenders/potential?perPage=all', headers: auth(admin) });
    const found = (res.json() as { tenders: PotentialTender[] }).tenders.find((p) => p._id === call._id);
    expect(found).toMatchObject({ companiesCount: 2, matchStatus: 'none' });
  });
});
