// The DCE analysis of a tender, on the real Grenoble INP DCE: a job that classifies the documents,
// finds the facts with their pages, lists what the DCE template expects and is missing, raises red
// flags; facts are confirmed or corrected (shapes checked), key dates go into the planning.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { dceTemplates, planningTasks, plannings, tenderCalls, tenders } from '../../server/db/schema';
import { createTestApp, createUser, type TestContext } from './context';
import { formRequest, grenobleFile, insertTender } from './documents-fixtures';


let ctx: TestContext;
let manager: Awaited<ReturnType<typeof createUser>>;
let employee: Awaited<ReturnType<typeof createUser>>;
let outsider: Awaited<ReturnType<typeof createUser>>;
let tenderId: string;

type Analysis = {
  _id: string;
  status: string;
  progress: number;
  documents: { fileName: string; kind: string; pages: number }[];
  missing: { code: string }[];
  facts: { key: string; value: unknown; status: string; origin: string; sources: { fileName: string; page: number; excerpt: string }[] }[];
  redFlags: { key: string; msg: string }[];
};

const call = (token: string, method: 'GET' | 'POST' | 'PATCH', url: string, payload?: unknown, lang = 'fr') =>
  ctx.app.inject({ method, url, headers: { authorization: `Bearer ${token}`, 'accept-language': lang }, ...(payload !== undefined ? { payload: payload as object } : {}) });

async function finished(id: string): Promise<Analysis> {
  for (const end = Date.now() + 90_000; ; ) {
    const analysis = (await call(manager.token, 'GET', `/api/dce-analyses/${id}`)).json() as Analysis;
    if (analysis.status === 'done' || analysis.status === 'failed') return analysis;
    if (Date.now() > end) throw new Error(`analysis still ${analysis.status}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

beforeAll(async () => {
  ctx = await createTestApp({ jobWorkers: 1 });
  manager = await createUser(ctx, 'manager');
  employee = await createUser(ctx, 'employee', { companyId: manager.companyId });
  outsider = await createUser(ctx, 'manager');
  const tender = await insertTender(ctx, manager.companyId!);
  tenderId = tender.id;
  const [template] = await ctx.db
    .insert(dceTemplates)
    .values({
      name: 'Fournitures',
      documents: [
        { code: 'RC', label: 'Règlement de la consultation', required: true },
        { code: 'CCAP', label: 'CCAP', required: true },
        { code: 'CCTP', label: 'CCTP', required: true },
        { code: 'AE', label: 'Acte d’engagement', required: true },
        { code: 'DPGF', label: 'Décomposition du prix global et forfaitaire', required: false },
      ],
    })
    .returning({ id: dceTemplates.id });
  await ctx.db.update(tenderCalls).set({ dceTemplateId: template!.id }).where(eq(tenderCalls.id, tender.callId));
  // Documents are uploaded and the analysis asked for at once: it waits for their text.
  for (const name of ['RC_2026FCSSA0025 v2.pdf', 'CCAP_2026FCSSA0025.pdf', 'CCTP_2026FCSSA0025 v2.pdf', 'DC1.docx']) {
    const res = await ctx.app.inject(formRequest('POST', `/api/tenderDocs?companyId=${manager.companyId}`, manager.token, { tenderId }, grenobleFile(name)));
    expect(res.statusCode).toBe(201);
  }
}, 60_000);
afterAll(() => ctx?.close());

describe('the DCE analysis', () => {
  let analysis: Analysis;

  it('runs as a job and finds the kinds, the missing pieces, the deadline with its page, and the red flags', async () => {
    const res = await call(manager.token, 'POST', `/api/tenders/${tenderId}/dce-analyses`);
    expect(res.statusCode).toBe(202);
    expect(res.json()).toMatchObject({ msg: 'Analyse du DCE lancée.', details: { status: 'queued', progress: 0, facts: [] } });
    // One run at a time.
    expect((await call(manager.token, 'POST', `/api/tenders/${tenderId}/dce-analyses`)).json()).toMatchObject({ msg: 'Une analyse de ce DCE est déjà en cours.' });
    analysis = await finished((res.json() as { details: Analysis }).details._id);
    expect(analysis.status).toBe('done');
    expect(Object.fromEntries(analysis.documents.map((d) => [d.fileName, d.kind]))).toEqual({
      'RC_2026FCSSA0025 v2.pdf': 'RC',
      'CCAP_2026FCSSA0025.pdf': 'CCAP',
      'CCTP_2026FCSSA0025 v2.pdf': 'CCTP',
      'DC1.docx': 'DC1',
    });
    expect(analysis.missing.map((m) => m.code)).toEqual(['AE', 'DPGF']);
    const deadline = analysis.facts.find((f) => f.key === 'submissionDeadline')!;
    expect(deadline).toMatchObject({ value: '2026-07-15T12:00:00+02:00', status: 'extracted', origin: 'rules' });
    expect(deadline.sources[0]).toMatchObject({ fileName: 'RC_2026FCSSA0025 v2.pdf', page: 1 });
    expect(deadline.sources[0]!.excerpt).toMatch(/15 JUILLET 2026/);
    const criteria = analysis.facts.find((f) => f.key === 'awardCriteria')!.value as { name: string; weight: number }[];
    expect(criteria.find((c) => /prix/i.test(c.name))?.weight).toBe(40);
    // The real deadline (July 2026) is behind us: the analysis says so, in the caller's language.
    const passed = analysis.redFlags.find((f) => f.key === 'deadline_passed');
    if (Date.now() > Date.parse('2026-07-15T10:00:00Z')) expect(passed?.msg).toBe('La date limite de remise des offres est dépassée.');
  });

  it('lists the runs newest first; employees and other companies are kept out', async () => {
    const list = (await call(manager.token, 'GET', `/api/tenders/${tenderId}/dce-analyses`)).json() as { count: number; analyses: Analysis[] };
    expect(list.count).toBe(1);
    expect(list.analyses[0]!._id).toBe(analysis._id);
    expect((await call(employee.token, 'GET', `/api/tenders/${tenderId}/dce-analyses`)).statusCode).toBe(403);
    expect((await call(employee.token, 'POST', `/api/tenders/${tenderId}/dce-analyses`)).statusCode).toBe(403);
    expect((await call(outsider.token, 'GET', `/api/dce-analyses/${analysis._id}`)).statusCode).toBe(404);
    expect((await call(outsider.token, 'PATCH', `/api/dce-analyses/${analysis._id}/facts/procedure`, { status: 'confirmed' })).statusCode).toBe(404);
  });

  it('confirms a fact, corrects another, and refuses a value of the wrong shape or weights that do not make 100 %', async () => {
    const confirmed = await call(manager.token, 'PATCH', `/api/dce-analyses/${analysis._id}/facts/submissionDeadline`, { status: 'confirmed' });
    expect(confirmed.statusCode).toBe(200);
    expect((confirmed.json() as { details: Analysis }).details.facts.find((f) => f.key === 'submissionDeadline')).toMatchObject({ status: 'confirmed', origin: 'rules' });

    const bad = await call(manager.token, 'PATCH', `/api/dce-analyses/${analysis._id}/facts/awardCriteria`, { value: [{ name: 'Prix', weight: 40 }, { name: 'Valeur technique', weight: 50 }] });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ msg: 'Les pondérations des critères doivent totaliser 100 % (ici 90 %).' });
    const shape = await call(manager.token, 'PATCH', `/api/dce-analyses/${analysis._id}/facts/siteVisit`, { value: { required: 'oui' } });
    expect(shape.statusCode).toBe(400);
    expect((await call(manager.token, 'PATCH', `/api/dce-analyses/${analysis._id}/facts/submissionDeadline`, { value: '15/07/2026' })).statusCode).toBe(400);
    expect((await call(manager.token, 'PATCH', `/api/dce-analyses/${analysis._id}/facts/nope`, { value: 1 })).statusCode).toBe(400);
    expect((await call(manager.token, 'PATCH', `/api/dce-analyses/${analysis._id}/facts/procedure`, { value: 'open', status: 'confirmed' })).statusCode).toBe(400);

    const visit = await call(manager.token, 'PATCH', `/api/dce-analyses/${analysis._id}/facts/siteVisit`, { value: { required: true, date: '2026-06-30T10:00:00+02:00' } });
    expect(visit.statusCode).toBe(200);
    const details = (visit.json() as { msg: string; details: Analysis }).details;
    expect(details.facts.find((f) => f.key === 'siteVisit')).toMatchObject({ value: { required: true, date: '2026-06-30T10:00:00+02:00' }, status: 'corrected', origin: 'user' });
    // A fact the rules did not find can be entered, but not confirmed.
    const missing = ['warranty', 'executionDelay', 'submissionPlatform'].find((key) => !details.facts.some((f) => f.key === key));
    if (missing) {
      expect((await call(manager.token, 'PATCH', `/api/dce-analyses/${analysis._id}/facts/${missing}`, { status: 'confirmed' })).statusCode).toBe(404);
      expect((await call(manager.token, 'PATCH', `/api/dce-analyses/${analysis._id}/facts/${missing}`, { value: 'Saisi à la main' })).statusCode).toBe(200);
    }
  });

  it('gives the tender its key facts from the analysis: every one with its state for managers, the reviewed ones for employees, and the call record beside a date that differs', async () => {
    type KeyFacts = { analysisId: string; facts: { key: string; value: unknown; status: string; conflict: { callValue: unknown } | null; reviewedBy: { username: string } | null }[] };
    const keyFactsOf = async (token: string) => ((await call(token, 'GET', `/api/tenders/${tenderId}`)).json() as { keyFacts: KeyFacts | null }).keyFacts!;
    const [record] = await ctx.db.select({ deadline: tenderCalls.submissionDeadline }).from(tenderCalls).innerJoin(tenders, eq(tenders.tenderCallId, tenderCalls.id)).where(eq(tenders.id, tenderId));
    const managers = await keyFactsOf(manager.token);
    expect(managers.analysisId).toBe(analysis._id);
    expect(managers.facts.map((f) => f.key)).toEqual(expect.arrayContaining(['submissionDeadline', 'siteVisit', 'awardCriteria']));
    // The call was recorded with another deadline than the RC's: both are given, the record as the conflict.
    expect(managers.facts.find((f) => f.key === 'submissionDeadline')).toMatchObject({ value: '2026-07-15T12:00:00+02:00', status: 'confirmed', reviewedBy: { username: 'Test manager' }, conflict: { callValue: record!.deadline.toISOString() } });
    expect(managers.facts.find((f) => f.key === 'awardCriteria')).toMatchObject({ status: 'extracted', conflict: null });
    // Employees do not open the analysis: they get what a person checked.
    const employees = await keyFactsOf(employee.token);
    expect(employees.facts.map((f) => [f.key, f.status]).sort()).toEqual([
      ['siteVisit', 'corrected'],
      ['submissionDeadline', 'confirmed'],
    ]);
    expect((await call(outsider.token, 'GET', `/api/tenders/${tenderId}`)).statusCode).toBe(404);
  });

  it('puts the confirmed and corrected dates in the planning as milestones, once', async () => {
    const res = await call(manager.token, 'POST', `/api/dce-analyses/${analysis._id}/planning`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ msg: '2 dates ajoutées au planning.', details: { added: 2 } });
    const [planning] = await ctx.db.select().from(plannings).where(eq(plannings.tenderId, tenderId));
    const tasks = await ctx.db.select().from(planningTasks).where(eq(planningTasks.planningId, planning!.id));
    expect(tasks.map((task) => [task.name, task.startDate, task.milestone]).sort()).toEqual([
      ['Remise des offres', '2026-07-15', true],
      ['Visite du site', '2026-06-30', true],
    ]);
    // Asked again: nothing added, and the message says why rather than "0".
    expect((await call(manager.token, 'POST', `/api/dce-analyses/${analysis._id}/planning`)).json()).toMatchObject({
      msg: 'Aucune date ajoutée : les 2 dates confirmées sont déjà au planning.',
      details: { added: 0 },
    });
  });

  it('a new run keeps what was confirmed and corrected, with who and when, and flags a fact whose source changed', async () => {
    const rerun = async () => {
      const res = await call(manager.token, 'POST', `/api/tenders/${tenderId}/dce-analyses`);
      expect(res.statusCode).toBe(202);
      return finished((res.json() as { details: Analysis }).details._id);
    };
    const fact = (a: Analysis, key: string) => a.facts.find((f) => f.key === key) as Analysis['facts'][number] & { reviewedBy?: { username: string } | null; reviewedAt?: string | null; sourceChanged?: boolean };
    const second = await rerun();
    expect(second._id).not.toBe(analysis._id);
    expect(fact(second, 'submissionDeadline')).toMatchObject({ status: 'confirmed', value: '2026-07-15T12:00:00+02:00', reviewedBy: { username: 'Test manager' }, sourceChanged: false });
    expect(Date.parse(fact(second, 'submissionDeadline').reviewedAt!)).toBeGreaterThan(Date.now() - 120_000);
    expect(fact(second, 'siteVisit')).toMatchObject({ status: 'corrected', origin: 'user', value: { required: true, date: '2026-06-30T10:00:00+02:00' }, reviewedBy: { username: 'Test manager' }, sourceChanged: false });
    // An unreviewed fact is read anew.
    expect(fact(second, 'procedure')).toMatchObject({ status: 'extracted' });

    // The RC that stated the confirmed deadline is removed: the confirmed value stays, to review.
    const docs = (await call(manager.token, 'GET', `/api/tenders/${tenderId}/docs`)).json() as { documents: { _id: string; fileName: string }[] };
    const rc = docs.documents.find((d) => d.fileName.startsWith('RC_'))!;
    expect((await ctx.app.inject({ method: 'DELETE', url: `/api/tenderDocs/${rc._id}`, headers: { authorization: `Bearer ${manager.token}` } })).statusCode).toBe(200);
    const third = await rerun();
    expect(fact(third, 'submissionDeadline')).toMatchObject({ status: 'confirmed', value: '2026-07-15T12:00:00+02:00', sourceChanged: true });
  });

  it('a tender whose work has not started is not analysed', async () => {
    await ctx.db.update(tenders).set({ status: 'not_started' }).where(eq(tenders.id, tenderId));
    const res = await call(manager.token, 'POST', `/api/tenders/${tenderId}/dce-analyses`, undefined, 'en');
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ msg: 'Start working on this tender before analysing its DCE.' });
    await ctx.db.update(tenders).set({ status: 'in_progress' }).where(eq(tenders.id, tenderId));
  });
});
