// Award criteria per group of lots, on the real DAE-AMOA RC (lots 1 to 6, lot 7): the analysis
// gives awardCriteriaByLots, a correction is checked group by group, the chat answers with each
// group, and a mémoire written for lot 7 is outlined from lot 7's criteria and says so.
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { tenders } from '../../server/db/schema';
import { createTestApp, createUser, type TestContext } from './context';
import { formRequest, insertTender } from './documents-fixtures';

let ctx: TestContext;
let manager: Awaited<ReturnType<typeof createUser>>;
let tenderId: string;
let analysisId: string;

type Criterion = { name: string; weight: number; subCriteria?: { name: string; weight: number }[] };
type Group = { lots: number[]; criteria: Criterion[] };
type Fact = { key: string; value: unknown; status: string };

const call = (method: 'GET' | 'POST' | 'PATCH', url: string, payload?: unknown) =>
  ctx.app.inject({ method, url, headers: { authorization: `Bearer ${manager.token}`, 'accept-language': 'fr' }, ...(payload !== undefined ? { payload: payload as object } : {}) });

beforeAll(async () => {
  ctx = await createTestApp({ jobWorkers: 1 });
  manager = await createUser(ctx, 'manager');
  const tender = await insertTender(ctx, manager.companyId!);
  tenderId = tender.id;
  await ctx.db.update(tenders).set({ answeredLots: [7] }).where(eq(tenders.id, tenderId));
  const rc = { filename: 'RC_DAE-AMOA-2025.pdf', data: readFileSync('tests/fixtures/dce/dae-amoa-2025/RC_DAE-AMOA-2025.pdf') };
  expect((await ctx.app.inject(formRequest('POST', `/api/tenderDocs?companyId=${manager.companyId}`, manager.token, { tenderId }, rc))).statusCode).toBe(201);
  const started = await call('POST', `/api/tenders/${tenderId}/dce-analyses`);
  analysisId = (started.json() as { details: { _id: string } }).details._id;
  for (const end = Date.now() + 90_000; ; ) {
    const status = ((await call('GET', `/api/dce-analyses/${analysisId}`)).json() as { status: string }).status;
    if (status === 'done') break;
    if (status === 'failed' || Date.now() > end) throw new Error(`analysis ${status}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}, 120_000);

afterAll(() => ctx?.close());

describe('award criteria per group of lots', () => {
  it('are read per group, never merged into one list', async () => {
    const facts = ((await call('GET', `/api/dce-analyses/${analysisId}`)).json() as { facts: Fact[] }).facts;
    expect(facts.find((f) => f.key === 'awardCriteria')).toBeUndefined();
    const groups = facts.find((f) => f.key === 'awardCriteriaByLots')?.value as Group[];
    expect(groups.map((g) => g.lots)).toEqual([[1, 2, 3, 4, 5, 6], [7]]);
    expect(groups.map((g) => g.criteria.map((c) => c.weight))).toEqual([
      [35, 50, 15],
      [40, 45, 15],
    ]);
  });

  it('are corrected group by group: a group that does not make 100 % is refused and named', async () => {
    const groups = (((await call('GET', `/api/dce-analyses/${analysisId}`)).json() as { facts: Fact[] }).facts.find((f) => f.key === 'awardCriteriaByLots')!.value as Group[]);
    const wrong = [groups[0], { lots: [7], criteria: [{ name: 'Prix', weight: 40 }, { name: 'Valeur technique', weight: 45 }] }];
    const refused = await call('PATCH', `/api/dce-analyses/${analysisId}/facts/awardCriteriaByLots`, { value: wrong });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ msg: 'Les pondérations des critères doivent totaliser 100 % (ici 85 %).' });
    expect(JSON.stringify(refused.json())).toContain('value.1.criteria');
    const confirmed = await call('PATCH', `/api/dce-analyses/${analysisId}/facts/awardCriteriaByLots`, { status: 'confirmed' });
    expect(confirmed.statusCode).toBe(200);
  });

  it('answer a question on the criteria in the chat, group by group', async () => {
    const res = await call('POST', `/api/tenders/${tenderId}/chat/messages`, { question: 'Quels sont les critères de jugement des offres ?' });
    expect(res.statusCode).toBe(200);
    const { answer } = (res.json() as { details: { answer: string } }).details;
    expect(answer).toContain('Lots 1, 2, 3, 4, 5, 6 :');
    expect(answer).toContain('Lots 7 :');
    expect(answer).toMatch(/Prix\s:\s40\s%/);
  });

  it('outline a mémoire written for lot 7 from lot 7’s criteria, with a note that says so', async () => {
    const res = await call('POST', `/api/tenders/${tenderId}/memories`, { from: 'analysis', title: 'Mémoire – lot 7' });
    expect(res.statusCode).toBe(201);
    const memory = (res.json() as { details: { notes: { key?: string; msg?: string }[]; sections: { title: string }[] } }).details;
    expect(JSON.stringify(memory.notes)).toContain('lots 7');
    const titles = memory.sections.map((s) => s.title).join(' | ');
    expect(titles).toContain('Evaluation de la gestion des déplacements des consultants');
    expect(titles).not.toContain('Prise en compte et gestion des enjeux de sécurité');
  });
});
