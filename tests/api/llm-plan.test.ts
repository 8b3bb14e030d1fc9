// The plan's language-model features (issue 14, "LLM features on/off"): with a model configured
// (a fake OpenAI-compatible server that keeps every request), a company on the free plan sends
// nothing of its documents or texts to the model: the chat answers from the documents, the DCE
// analysis by rules, the memory's draft is a template and its grading the rules', a CV is read by
// rules; the actions that exist only with the model answer 402 naming the plan that includes them.
// The same company on Essentiel does reach the model.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Document, Packer, Paragraph } from 'docx';
import { memories, memorySections } from '../../server/db/schema';
import { createTestApp, createUser, errorOf, type TestContext } from './context';
import { formRequest, insertTender, tenderWithReadDocs } from './documents-fixtures';
import { startFakeOpenAi } from '../support/fake-openai';

type Person = Awaited<ReturnType<typeof createUser>>;

let ctx: TestContext;
let fake: Awaited<ReturnType<typeof startFakeOpenAi>>;
let admin: Person;

const call = (token: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown, headers: Record<string, string> = {}) =>
  ctx.app.inject({ method, url, headers: { authorization: `Bearer ${token}`, 'accept-language': 'fr', ...headers }, ...(payload !== undefined ? { payload: payload as object } : {}) });

const setPlan = async (companyId: string, plan: 'free' | 'essential') => {
  const res = await call(admin.token, 'PUT', `/api/billing/${companyId}/plan`, { plan, reason: 'Test des fonctions du modèle' });
  expect(res.statusCode, res.body).toBe(200);
};

/** What the model was sent while `run` ran. */
async function sentDuring(run: () => Promise<void>) {
  const before = fake.requests.length;
  await run();
  return fake.requests.slice(before);
}

async function waitFor<T>(read: () => Promise<T>, done: (value: T) => boolean, what: string): Promise<T> {
  for (const end = Date.now() + 90_000; ; ) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > end) throw new Error(`${what} still running`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function memoryWithSection(person: Person) {
  const tender = await insertTender(ctx, person.companyId!);
  const [memory] = await ctx.db.insert(memories).values({ tenderId: tender.id, companyId: person.companyId!, title: 'Mémoire technique' }).returning({ id: memories.id });
  const text = 'Apprécié au regard de la largeur minimale de piste atteignable par le système.';
  const [section] = await ctx.db
    .insert(memorySections)
    .values({
      memoryId: memory!.id,
      position: 0,
      title: 'Finesse de structuration laser',
      content: { type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text }] }] },
      text,
      criterion: { name: 'Performances techniques du système', weight: 40 },
      requirementIds: [],
      source: 'criteria',
    })
    .returning({ id: memorySections.id });
  return { memoryId: memory!.id, assistUrl: `/api/memories/${memory!.id}/sections/${section!.id}/assist` };
}

const cvDocx = () =>
  Packer.toBuffer(
    new Document({ sections: [{ children: ['Nom : Karim HADDAD', "11 ans d'expérience en génie climatique", 'Dépannage de pompes à chaleur'].map((line) => new Paragraph(line)) }] }),
  );

/** One company's tour of the model's features; what the model was sent, per feature. */
async function tour(person: Person, tenderId: string) {
  const chat = await sentDuring(async () => {
    const res = await call(person.token, 'POST', `/api/tenders/${tenderId}/chat/messages`, { question: 'Quelle est la date limite de remise des offres ?' });
    expect(res.statusCode, res.body).toBe(200);
  });
  const history = (await call(person.token, 'GET', `/api/tenders/${tenderId}/chat/messages`)).json() as { mode: string; llmNotInPlan?: boolean; messages: { mode: string; answer: string; citations: unknown[] }[] };

  let analysis: { status: string; facts: { key: string; origin: string }[] } | undefined;
  const dce = await sentDuring(async () => {
    const res = await call(person.token, 'POST', `/api/tenders/${tenderId}/dce-analyses`);
    expect(res.statusCode, res.body).toBe(202);
    const id = (res.json() as { details: { _id: string } }).details._id;
    analysis = await waitFor(async () => (await call(person.token, 'GET', `/api/dce-analyses/${id}`)).json() as NonNullable<typeof analysis>, (a) => a.status === 'done' || a.status === 'failed', 'the analysis');
  });

  const target = await memoryWithSection(person);
  const memory = (await call(person.token, 'GET', `/api/memories/${target.memoryId}`)).json() as { assist: string; llmNotInPlan?: boolean };
  let draft: { details: { mode: string; text: string } } | undefined;
  let rewrite: Awaited<ReturnType<typeof call>> | undefined;
  let graded: { mode: string } | undefined;
  const assist = await sentDuring(async () => {
    const res = await call(person.token, 'POST', target.assistUrl, { action: 'draft' });
    expect(res.statusCode, res.body).toBe(200);
    draft = res.json() as NonNullable<typeof draft>;
    rewrite = await call(person.token, 'POST', target.assistUrl, { action: 'rewrite', text: 'Nous gravons des pistes fines.' });
    const analysed = await call(person.token, 'POST', `/api/memories/${target.memoryId}/analysis`);
    expect(analysed.statusCode, analysed.body).toBe(200);
    graded = (analysed.json() as { analysis: { mode: string } }).analysis;
  });

  let resume: { parseStatus: string; fullName: string; yearsExperience: number | null; filledFrom: Record<string, string> } | undefined;
  const cv = await sentDuring(async () => {
    const res = await ctx.app.inject(formRequest('POST', `/api/companies/${person.companyId}/resumes`, person.token, {}, { filename: 'CV Karim.docx', data: await cvDocx() }));
    expect(res.statusCode, res.body).toBe(201);
    const id = (res.json() as { details: { _id: string } }).details._id;
    resume = await waitFor(async () => (await call(person.token, 'GET', `/api/resumes/${id}`)).json() as NonNullable<typeof resume>, (r) => r.parseStatus !== 'parsing', 'the CV');
  });

  return { chat, history, dce, analysis: analysis!, memory, assist, draft: draft!, rewrite: rewrite!, graded: graded!, cv, resume: resume! };
}

beforeAll(async () => {
  fake = await startFakeOpenAi({
    apiKey: 'k',
    // JSON for the requests that ask for it (facts, CV fields, grading), a cited sentence otherwise.
    reply: (_messages, body) => ((body as { response_format?: unknown })?.response_format ? '{"facts":{},"fields":{},"criteria":[]}' : 'La date limite est le 15 juillet 2026 [1].'),
  });
  ctx = await createTestApp({ jobWorkers: 1, llm: { baseUrl: fake.url, apiKey: 'k', model: 'm', maxRetries: 0 } });
  admin = await createUser(ctx, 'admin');
}, 60_000);
afterAll(async () => {
  await ctx?.close();
  await fake?.close();
});

describe('a company whose plan leaves the language model out', () => {
  it('sends nothing to the model: the chat, the DCE analysis, the memory and the CV take their path without one, and say so', async () => {
    const manager = await createUser(ctx, 'manager');
    await setPlan(manager.companyId!, 'free');
    const tenderId = await tenderWithReadDocs(ctx, manager, ['RC_2026FCSSA0025 v2.pdf']);
    const seen = await tour(manager, tenderId);

    expect(seen.chat).toEqual([]);
    expect(seen.history).toMatchObject({ mode: 'extractive', llmNotInPlan: true });
    expect(seen.history.messages[0]).toMatchObject({ mode: 'extractive', answer: expect.stringMatching(/15 JUILLET 2026/) });
    expect(seen.history.messages[0]!.citations.length).toBeGreaterThan(0);

    expect(seen.dce).toEqual([]);
    expect(seen.analysis.status).toBe('done');
    expect(seen.analysis.facts.length).toBeGreaterThan(0);
    expect(seen.analysis.facts.every((f) => f.origin === 'rules')).toBe(true);

    expect(seen.memory).toMatchObject({ assist: 'template', llmNotInPlan: true });
    expect(seen.assist).toEqual([]);
    expect(seen.draft.details.mode).toBe('template');
    expect(seen.draft.details.text).toContain('Performances techniques du système');
    // Rewriting exists only with the model: refused, naming the plan that includes it.
    expect(seen.rewrite.statusCode).toBe(402);
    expect(errorOf(seen.rewrite).msg).toBe("Votre formule Gratuit n'inclut pas les fonctions du modèle de langue (réponses rédigées, reformulation, notation et lecture assistées). Passez à la formule Essentiel pour en profiter.");
    expect(seen.graded.mode).toBe('rules');

    expect(seen.cv).toEqual([]);
    expect(seen.resume).toMatchObject({ parseStatus: 'parsed', yearsExperience: 11 });
    expect(Object.values(seen.resume.filledFrom).every((origin) => origin === 'rules')).toBe(true);
  }, 240_000);

  it('reaches the model once the company moves to Essentiel', async () => {
    const manager = await createUser(ctx, 'manager');
    await setPlan(manager.companyId!, 'free');
    const tenderId = await tenderWithReadDocs(ctx, manager, ['RC_2026FCSSA0025 v2.pdf']);
    await setPlan(manager.companyId!, 'essential');
    const seen = await tour(manager, tenderId);

    expect(seen.chat.some((r) => r.path === '/v1/chat/completions')).toBe(true);
    expect(JSON.stringify(seen.chat.at(-1)!.body)).toContain('Quelle est la date limite');
    expect(seen.history.mode).toBe('llm');
    expect(seen.history.llmNotInPlan).toBeUndefined();
    expect(seen.history.messages[0]!.mode).toBe('llm');

    expect(seen.dce.length).toBeGreaterThan(0);
    expect(seen.memory).toEqual(expect.objectContaining({ assist: 'llm' }));
    expect(seen.memory.llmNotInPlan).toBeUndefined();
    expect(seen.draft.details.mode).toBe('llm');
    expect(seen.rewrite.statusCode).toBe(200);
    expect(seen.assist.length).toBeGreaterThanOrEqual(3);
    expect(seen.cv.length).toBe(1);
  }, 240_000);
});
