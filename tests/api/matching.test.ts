// Matching at scale (issue 13): stored matches of every call for every company, their criteria
// (docs/decisions.md, "How a call matches a company"), kept up to date by the events they depend
// on, and the company's verdicts on calls.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, eq } from 'drizzle-orm';
import type { components } from '../../openapi/schema';
import { callMatches, companies, tenderCalls, tenders } from '../../server/db/schema';
import { createImportRun, runImport } from '../../server/domains/sourcing/store';
import { certificationTerms, matchCall } from '../../server/domains/tenders/match';
import { createTestApp, createUser, multipart, type TestContext } from './context';
import { pdf } from './documents-fixtures';

type PotentialTender = components['schemas']['PotentialTender'];
type Person = Awaited<ReturnType<typeof createUser>>;

let ctx: TestContext;
let admin: Person;
let manager: Person;
let employee: Person;
let other: Person;
let tmp: string;

const auth = (person: Person) => ({ authorization: `Bearer ${person.token}`, 'accept-language': 'fr' });
const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();
let sequence = 0;

async function createCall(input: Record<string, unknown>): Promise<string> {
  const payload = { reference: `MATCH-${++sequence}`, buyer: 'Commune de Grenoble', procedure: 'open', submissionDeadline: inDays(30), description: '', cpvCodes: [], ...input };
  const res = await ctx.app.inject({ method: 'POST', url: '/api/tenderCalls', headers: auth(admin), payload });
  expect(res.statusCode, res.body).toBe(201);
  return (res.json() as { details: { _id: string } }).details._id;
}

async function setProfile(person: Person, profile: Record<string, unknown>) {
  const res = await ctx.app.inject({ method: 'PATCH', url: `/api/companies/${person.companyId}`, headers: auth(person), payload: { profile } });
  expect(res.statusCode, res.body).toBe(200);
}

/** The stored match of a call for a company: score and reasons by criterion (none when no row). */
async function stored(companyId: string, callId: string) {
  const [row] = await ctx.db.select().from(callMatches).where(and(eq(callMatches.companyId, companyId), eq(callMatches.tenderCallId, callId)));
  return row ? { score: row.score, status: row.status, points: Object.fromEntries(row.reasons.map((r) => [r.criterion + (r.points < 0 ? '-' : ''), r.points])), reasons: row.reasons } : undefined;
}

async function potential(person: Person, query = '') {
  const res = await ctx.app.inject({ method: 'GET', url: `/api/tenders/potential?perPage=all${query}`, headers: auth(person) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { count: number; totalPages: number; hiddenCount?: number; tenders: PotentialTender[] };
}

const feedback = (person: Person, callId: string, payload: object) => ctx.app.inject({ method: 'PUT', url: `/api/tenderCalls/${callId}/feedback`, headers: auth(person), payload });

// Company A roofs buildings around Grenoble for 50 k€–1 M€ contracts.
const ROOFER = { keywords: ['couverture', 'zinguerie'], cpvCodes: ['45261000'], departments: ['38'], regions: ['Auvergne-Rhône-Alpes'], amountMin: 50_000, amountMax: 1_000_000 };

let full: string; // 100: both keywords 35, CPV category 35, département 20, amount 10
let partial: string; // 55: one keyword 20, CPV category 35
let low: string; // 30: CPV division 15, region 15
let unrelated: string; // no row

beforeAll(async () => {
  ctx = await createTestApp();
  tmp = await mkdtemp(join(tmpdir(), 'matching-'));
  admin = await createUser(ctx, 'admin');
  manager = await createUser(ctx, 'manager');
  employee = await createUser(ctx, 'employee', { companyId: manager.companyId });
  other = await createUser(ctx, 'manager');
  await setProfile(manager, ROOFER);
  full = await createCall({ title: 'Réfection de la couverture et zinguerie du gymnase', department: '38', cpvCodes: ['45261210-9'], estimatedAmount: 200_000 });
  partial = await createCall({ title: 'Couverture du marché couvert', buyer: 'Ville de Marseille', department: '13', region: 'Provence-Alpes-Côte d’Azur', cpvCodes: ['45261000-4'] });
  low = await createCall({ title: 'Entretien des toitures', buyer: 'Commune de Chambéry', description: 'Charpentes', department: '73', region: 'Auvergne-Rhône-Alpes', cpvCodes: ['45262000-1'], estimatedAmount: 5_000_000 });
  unrelated = await createCall({ title: 'Restauration scolaire', buyer: 'Ville de Lille', department: '59', cpvCodes: ['55523100-3'] });
});
afterAll(async () => {
  await ctx?.close();
  await rm(tmp, { recursive: true, force: true });
});

describe('scores, worked by hand', () => {
  it('adds keywords, CPV, place and amount, and stores only scores above 0', async () => {
    expect(await stored(manager.companyId!, full)).toMatchObject({ score: 100, status: 'high', points: { keywords: 35, cpv: 35, place: 20, amount: 10 } });
    expect(await stored(manager.companyId!, partial)).toMatchObject({ score: 55, status: 'medium', points: { keywords: 20, cpv: 35 } });
    expect(await stored(manager.companyId!, low)).toMatchObject({ score: 30, status: 'low', points: { cpv: 15, place: 15 } });
    expect(await stored(manager.companyId!, unrelated)).toBeUndefined();
    // The other company has an empty profile: no rows at all.
    expect(await ctx.db.select().from(callMatches).where(eq(callMatches.companyId, other.companyId!))).toEqual([]);
  });

  it('reads certification terms from a vault title and counts those a call names', () => {
    expect(certificationTerms('Certificat Qualibat 1552 — Couverture')).toEqual(['qualibat 1552']);
    expect(certificationTerms('ISO 9001:2015')).toEqual(['iso 9001']);
    expect(certificationTerms('Attestation MASE')).toEqual(['mase']);
    expect(certificationTerms('Assurance décennale')).toEqual([]);
    const profile = { keywords: [], cpvCodes: [], departments: [], regions: [], amountMin: null, amountMax: null, certifications: ['Qualibat 1552', 'MASE'] };
    const call = { title: 'Toiture', description: 'Qualification QUALIBAT 1552 exigée.', lotTitles: [], cpvCodes: [], department: null, region: null, estimatedAmount: null };
    expect(matchCall(call, profile)).toMatchObject({ score: 15, status: 'low', reasons: [{ criterion: 'certification', points: 15, matched: ['Qualibat 1552'] }] });
    expect(matchCall({ ...call, description: 'Qualibat 15521' }, profile).score).toBe(0);
  });

  it('adds 10 for a won call of the same buyer or CPV group, and keeps the score within 100', () => {
    const base = { keywords: [], cpvCodes: [], departments: [], regions: [], amountMin: null, amountMax: null };
    const call = { id: 'c', title: 'Toiture', description: '', lotTitles: [], cpvCodes: ['45261100-5'], department: null, region: null, estimatedAmount: null, buyer: 'Commune de Voiron' };
    const wins = [{ id: 'w', title: 'Zinguerie de la mairie', buyer: 'COMMUNE DE VOIRON', cpvCodes: ['44000000-0'] }];
    expect(matchCall(call, { ...base, wins }).reasons).toEqual([{ criterion: 'past_wins', points: 10, matched: ['Zinguerie de la mairie'] }]);
    expect(matchCall(call, { ...base, wins: [{ ...wins[0]!, buyer: 'Autre', cpvCodes: ['45100000-8'] }] }).score).toBe(0);
    expect(matchCall(call, { ...base, wins: [{ ...wins[0]!, buyer: 'Autre', cpvCodes: ['45210000-2'] }] }).score).toBe(10);
  });
});

describe('kept up to date', () => {
  it('matches a newly imported notice against every company once', async () => {
    const [dunkirk] = await ctx.db.insert(companies).values({ name: 'Aménagements du Nord', departments: ['59'], keywords: ['amenagement'] }).returning({ id: companies.id });
    const [lille] = await ctx.db.insert(companies).values({ name: 'Travaux de Lille', departments: ['59'] }).returning({ id: companies.id });
    // BOAMP notices of January 2026 whose deadlines are moved a year ahead, so that it is open.
    const source = await readFile(join(import.meta.dirname, '../fixtures/sourcing/jpbenga_boamp-where-date_2026_fnsimple_5records.TRANSCRIBED.json'), 'utf8');
    const path = join(tmp, 'boamp-open.json');
    await writeFile(path, source.replace(/2026-0([23])-/g, `${new Date().getUTCFullYear() + 1}-0$1-`));
    const runId = await createImportRun(ctx.db, { fileName: 'boamp-open.json', size: 0, status: 'running' });
    await runImport({ db: ctx.db, runId, input: path });
    const [call] = await ctx.db.select({ id: tenderCalls.id }).from(tenderCalls).where(eq(tenderCalls.reference, '26-7298'));
    expect(call).toBeDefined();
    const rows = await ctx.db.select().from(callMatches).where(eq(callMatches.tenderCallId, call!.id));
    const matched = rows.map((r) => r.companyId);
    // Once per company whose profile it fits, none for a company whose profile is empty.
    expect(matched).toEqual(expect.arrayContaining([dunkirk!.id, lille!.id]));
    expect(new Set(matched).size).toBe(matched.length);
    expect(matched).not.toContain(other.companyId);
    expect((await stored(dunkirk!.id, call!.id))!.points).toEqual({ keywords: 20, place: 20 });
    expect((await stored(lille!.id, call!.id))!.points).toEqual({ place: 20 });
  });

  it('matches a company again when its profile changes', async () => {
    await setProfile(other, { keywords: ['restauration scolaire'], departments: ['59'] });
    expect(await stored(other.companyId!, unrelated)).toMatchObject({ score: 40, points: { keywords: 20, place: 20 } });
    expect(await stored(other.companyId!, full)).toBeUndefined();
    await setProfile(other, { keywords: [], departments: [] });
    expect(await stored(other.companyId!, unrelated)).toBeUndefined();
  });

  it('drops the rows of a call that closes, and counts a vault certification and a won call', async () => {
    const closing = await createCall({ title: 'Couverture de la halle', department: '38', cpvCodes: ['45261000-4'] });
    expect((await stored(manager.companyId!, closing))!.score).toBe(75);
    const res = await ctx.app.inject({ method: 'PATCH', url: `/api/tenderCalls/${closing}`, headers: auth(admin), payload: { submissionDeadline: inDays(-1), publicationDate: null, questionsDeadline: null, siteVisit: null } });
    expect(res.statusCode, res.body).toBe(200);
    expect(await stored(manager.companyId!, closing)).toBeUndefined();

    const asking = await createCall({ title: 'Travaux de bardage', buyer: 'Département de l’Isère', description: 'Entreprise certifiée Qualibat 1552 ou équivalent.', cpvCodes: ['45262650-2'] });
    // A shared CPV division alone is no match.
    expect(await stored(manager.companyId!, asking)).toBeUndefined();
    const form = multipart([{ name: 'kind', value: 'certification' }, { name: 'title', value: 'Certificat Qualibat 1552' }, { name: 'validUntil', value: inDays(200).slice(0, 10) }, { name: 'file', filename: 'Qualibat.pdf', type: 'application/pdf', data: pdf() }]);
    const upload = await ctx.app.inject({
      method: 'POST',
      url: `/api/companies/${manager.companyId}/documents`,
      ...form,
      headers: { ...form.headers, ...auth(manager) },
    });
    expect(upload.statusCode, upload.body).toBe(201);
    expect(await stored(manager.companyId!, asking)).toMatchObject({ score: 30, points: { cpv: 15, certification: 15 } });

    // A call of the same buyer is won: this one rises by 10, naming the won call.
    const won = await createCall({ title: 'Étanchéité du collège', buyer: 'Département de l’Isère', cpvCodes: ['71221000-3'] });
    const [tender] = await ctx.db.insert(tenders).values({ tenderCallId: won, companyId: manager.companyId!, submissionDeadline: new Date(inDays(30)), status: 'submitted' }).returning({ id: tenders.id });
    const moved = await ctx.app.inject({ method: 'PATCH', url: `/api/tenders/${tender!.id}`, headers: auth(manager), payload: { status: 'won' } });
    expect(moved.statusCode, moved.body).toBe(200);
    const after = await stored(manager.companyId!, asking);
    expect(after).toMatchObject({ score: 40, status: 'medium', points: { cpv: 15, certification: 15, past_wins: 10 } });
    expect(after!.reasons.find((r) => r.criterion === 'past_wins')!.matched).toEqual(['Étanchéité du collège']);
  });

  it('deletes the rows of a deleted call or company (triggers, where foreign keys cascaded)', async () => {
    const [company] = await ctx.db.insert(companies).values({ name: 'Couvreurs du Vercors', keywords: ['couverture'], departments: ['38'] }).returning({ id: companies.id });
    const gone = await createCall({ title: 'Couverture de la salle des fêtes', department: '38' });
    const kept = await createCall({ title: 'Couverture du préau', department: '38' });
    expect(await stored(company!.id, gone)).toBeDefined();
    expect(await stored(manager.companyId!, gone)).toBeDefined();
    const res = await ctx.app.inject({ method: 'DELETE', url: `/api/tenderCalls/${gone}`, headers: auth(admin) });
    expect(res.statusCode, res.body).toBe(200);
    expect(await ctx.db.select().from(callMatches).where(eq(callMatches.tenderCallId, gone))).toEqual([]);
    expect(await stored(company!.id, kept)).toBeDefined();
    const removed = await ctx.app.inject({ method: 'DELETE', url: `/api/companies/${company!.id}`, headers: auth(admin) });
    expect(removed.statusCode, removed.body).toBe(200);
    expect(await ctx.db.select().from(callMatches).where(eq(callMatches.companyId, company!.id))).toEqual([]);
    expect(await stored(manager.companyId!, kept)).toBeDefined();
  });
});

describe('potential tenders read the stored matches', () => {
  it('lists matching calls by score then deadline, those matching nothing on demand, and pages in SQL', async () => {
    const list = await potential(employee);
    const ids = list.tenders.map((t) => t._id);
    expect(ids.indexOf(full)).toBe(0);
    expect(ids.indexOf(partial)).toBeLessThan(ids.indexOf(low));
    // Calls matching nothing are asked for apart (matchStatus=none).
    expect(ids).not.toContain(unrelated);
    expect(list.tenders.every((t) => t.matchScore > 0)).toBe(true);
    expect((await potential(employee, '&matchStatus=high')).tenders.map((t) => t._id)).toEqual([full]);
    expect((await potential(employee, '&matchStatus=low')).tenders.map((t) => t._id)).toContain(low);
    const none = await potential(employee, '&matchStatus=none');
    expect(none.tenders.map((t) => t._id)).toContain(unrelated);
    expect(none.tenders.find((t) => t._id === unrelated)).toMatchObject({ matchStatus: 'none', matchScore: 0, matchReasons: [], feedback: null });
    expect(none.tenders.every((t) => t.matchStatus === 'none')).toBe(true);
    // Pages cut across matched and unmatched calls without losing or repeating one.
    const pages: string[] = [];
    for (let page = 1; page <= Math.ceil(list.count / 2); page++) {
      const res = await ctx.app.inject({ method: 'GET', url: `/api/tenders/potential?perPage=2&page=${page}`, headers: auth(employee) });
      pages.push(...(res.json() as { tenders: PotentialTender[] }).tenders.map((t) => t._id));
    }
    expect(pages).toEqual(ids);
  });
});

describe('feedback', () => {
  it('not relevant needs a reason, hides the call and lowers similar ones, naming it', async () => {
    const refused = await feedback(employee, partial, { verdict: 'not_relevant', reason: '' });
    expect(refused.statusCode).toBe(400);
    expect((refused.json() as { msg: string }).msg).toBe('Dites pourquoi cet appel n’est pas pertinent.');
    expect((await feedback(employee, partial, { verdict: 'not_relevant', reason: 'x'.repeat(501) })).statusCode).toBe(400);

    // A similar call: same CPV category (45261) as the one judged.
    const similar = await createCall({ title: 'Couverture de l’église', buyer: 'Commune de Nice', department: '06', cpvCodes: ['45261900-3'] });
    expect((await stored(manager.companyId!, similar))!.score).toBe(55);
    const res = await feedback(employee, partial, { verdict: 'not_relevant', reason: 'Trop loin de nos chantiers' });
    expect(res.statusCode, res.body).toBe(200);

    const list = await potential(employee);
    expect(list.tenders.map((t) => t._id)).not.toContain(partial);
    expect(list.hiddenCount).toBe(1);
    const lowered = list.tenders.find((t) => t._id === similar)!;
    expect(lowered.matchScore).toBe(35);
    expect(lowered.matchReasons).toContainEqual({ criterion: 'feedback', points: -20, matched: ['Couverture du marché couvert'] });
    const hidden = await potential(employee, '&hidden=true');
    expect(hidden.tenders.map((t) => t._id)).toEqual([partial]);
    expect(hidden.tenders[0]!.feedback).toEqual({ verdict: 'not_relevant', reason: 'Trop loin de nos chantiers' });

    // Another company sees neither the verdict nor its effect.
    await setProfile(other, ROOFER);
    const theirs = await potential(other);
    expect(theirs.hiddenCount).toBe(0);
    expect(theirs.tenders.find((t) => t._id === partial)).toMatchObject({ matchScore: 55, feedback: null });
    expect(theirs.tenders.find((t) => t._id === similar)!.matchScore).toBe(55);

    // Taken back: the call shows again and the similar one is restored.
    const undo = await ctx.app.inject({ method: 'DELETE', url: `/api/tenderCalls/${partial}/feedback`, headers: auth(employee) });
    expect(undo.statusCode, undo.body).toBe(200);
    const again = await potential(employee);
    expect(again.hiddenCount).toBe(0);
    expect(again.tenders.find((t) => t._id === partial)).toMatchObject({ matchScore: 55, feedback: null });
    expect(again.tenders.find((t) => t._id === similar)!.matchScore).toBe(55);
  });

  it('relevant raises calls of the same buyer, and admins have no verdict to give', async () => {
    const sameBuyer = await createCall({ title: 'Ravalement de façade', buyer: 'Commune de Chambéry', cpvCodes: ['45443000-4'] });
    expect(await stored(manager.companyId!, sameBuyer)).toBeUndefined();
    const res = await feedback(manager, low, { verdict: 'relevant', reason: '' });
    expect(res.statusCode, res.body).toBe(200);
    const raised = await stored(manager.companyId!, sameBuyer);
    expect(raised).toMatchObject({ score: 25, points: { cpv: 15, feedback: 10 } });
    expect(raised!.reasons.find((r) => r.criterion === 'feedback')!.matched).toEqual(['Entretien des toitures']);
    // The judged call itself keeps its own score and stays listed, with its verdict.
    const listed = (await potential(employee)).tenders.find((t) => t._id === low)!;
    expect(listed).toMatchObject({ matchScore: 30, feedback: { verdict: 'relevant', reason: '' } });
    expect((await feedback(admin, low, { verdict: 'relevant' })).statusCode).toBe(403);
  });
});

describe('the count of the first page', () => {
  it('counts out the calls set aside once each: in the pipeline, judged not relevant, or both', async () => {
    const page = async () => {
      const res = await ctx.app.inject({ method: 'GET', url: '/api/tenders/potential?page=1&perPage=1', headers: auth(employee) });
      expect(res.statusCode, res.body).toBe(200);
      return (res.json() as { count: number }).count;
    };
    const before = await page();
    const all = await potential(employee);
    expect(before).toBe(all.tenders.length);
    const [first, second] = all.tenders.map((t) => t._id);
    // The first call judged not relevant, then added to the pipeline as well; the second added only.
    expect((await feedback(employee, first!, { verdict: 'not_relevant', reason: 'Hors de notre zone' })).statusCode).toBe(200);
    for (const callId of [first!, second!]) {
      const res = await ctx.app.inject({ method: 'POST', url: '/api/tenders', headers: auth(manager), payload: { tenderCallId: callId } });
      expect(res.statusCode, res.body).toBe(201);
    }
    expect(await page()).toBe(before - 2);
    expect((await potential(employee)).tenders).toHaveLength(before - 2);
  });
});
