// Assisted writing of a memory's section (issue 12): with a language model (a fake OpenAI-compatible
// server) a draft streams from the section's material and the requirement text reaches the model;
// without one the draft is a template made of the same material and the other actions say they
// need a model. The analysis is graded by the model when one is configured, by the rules when it fails.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cctpAnalyses, cctpRequirements, memories, memorySections } from '../../server/db/schema';
import { createTestApp, createUser, errorOf, type TestContext } from './context';
import { insertTender } from './documents-fixtures';
import { startFakeOpenAi } from '../support/fake-openai';

type Person = Awaited<ReturnType<typeof createUser>>;
type Assist = { msg: string; details: { action: string; text: string; mode: string } };

const REQUIREMENT = 'La machine doit graver des pistes de 50 µm de largeur minimale sur substrat FR4.';
const PASSAGE = 'Apprécié au regard de la largeur minimale de piste atteignable par le système. Le candidat précise les données techniques qui le justifient.';
const DRAFT = 'Notre système grave des pistes de 50 µm sur FR4, comme le montrent les essais joints.';

const call = (ctx: TestContext, token: string, url: string, payload: unknown, headers: Record<string, string> = {}) =>
  ctx.app.inject({ method: 'POST', url, headers: { authorization: `Bearer ${token}`, 'accept-language': 'fr', ...headers }, payload: payload as object });

const events = (body: string) =>
  body
    .split('\n\n')
    .filter((block) => block.trim())
    .map((block) => ({ event: /^event: (.*)$/m.exec(block)![1]!, data: JSON.parse(/^data: (.*)$/m.exec(block)![1]!) as Record<string, unknown> }));

/** A tender with a CCTP requirement, a library block and a memory whose section answers a sub-criterion with the buyer's passage quoted. */
async function memoryWithSection(ctx: TestContext, manager: Person) {
  const tender = await insertTender(ctx, manager.companyId!);
  const [analysis] = await ctx.db.insert(cctpAnalyses).values({ tenderId: tender.id }).returning({ id: cctpAnalyses.id });
  const [requirement] = await ctx.db
    .insert(cctpRequirements)
    .values({ analysisId: analysis!.id, position: 0, documentId: analysis!.id, fileName: 'CCTP.pdf', page: 4, text: REQUIREMENT, kind: 'performance' })
    .returning({ id: cctpRequirements.id });
  const block = await ctx.app.inject({
    method: 'POST',
    url: `/api/companies/${manager.companyId}/library`,
    headers: { authorization: `Bearer ${manager.token}` },
    payload: { title: 'Finesse de gravure laser', content: { type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text: 'Notre source UV 355 nm grave des pistes fines et régulières.' }] }] } },
  });
  expect(block.statusCode).toBe(201);
  const [memory] = await ctx.db.insert(memories).values({ tenderId: tender.id, companyId: manager.companyId!, title: 'Mémoire technique' }).returning({ id: memories.id });
  const content = { type: 'doc', content: [{ type: 'blockquote', content: [{ type: 'paragraph', content: [{ type: 'text', text: PASSAGE }] }] }, { type: 'paragraph' }] };
  const [section] = await ctx.db
    .insert(memorySections)
    .values({
      memoryId: memory!.id,
      position: 0,
      title: 'Finesse de structuration laser',
      content,
      text: PASSAGE,
      criterion: { name: 'Performances techniques du système', weight: 40, subCriterion: 'Finesse de structuration laser', subWeight: 20 },
      requirementIds: [requirement!.id],
      source: 'criteria',
    })
    .returning({ id: memorySections.id });
  return { memoryId: memory!.id, url: `/api/memories/${memory!.id}/sections/${section!.id}/assist` };
}

describe('assisted writing without a language model', () => {
  let ctx: TestContext;
  let manager: Person;
  let outsider: Person;
  let target: Awaited<ReturnType<typeof memoryWithSection>>;

  beforeAll(async () => {
    ctx = await createTestApp();
    manager = await createUser(ctx, 'manager');
    outsider = await createUser(ctx, 'manager');
    target = await memoryWithSection(ctx, manager);
  }, 60_000);
  afterAll(() => ctx?.close());

  it('says the memory is written with templates', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: `/api/memories/${target.memoryId}`, headers: { authorization: `Bearer ${manager.token}` } });
    expect((res.json() as { assist: string }).assist).toBe('template');
  });

  it('drafts a template: a heading per point the buyer asks, the requirement to answer, the library block', async () => {
    const res = await call(ctx, manager.token, target.url, { action: 'draft' });
    expect(res.statusCode).toBe(200);
    const { details, msg } = res.json() as Assist;
    expect(details.mode).toBe('template');
    expect(msg).toContain('sans modèle de langue');
    expect(details.text).toContain('### Apprécié au regard de la largeur minimale de piste atteignable par le système.');
    expect(details.text).toContain(`Exigence : « ${REQUIREMENT} » — Notre réponse :`);
    expect(details.text).toContain('### Dans notre bibliothèque : Finesse de gravure laser');
    expect(details.text).toContain('Notre source UV 355 nm grave des pistes fines et régulières.');
  });

  it('streams the template too when asked for events', async () => {
    const res = await call(ctx, manager.token, target.url, { action: 'draft' }, { accept: 'text/event-stream' });
    expect(res.headers['content-type']).toContain('text/event-stream');
    const stream = events(res.body);
    expect(stream.at(-1)!.event).toBe('done');
    expect(stream.filter((e) => e.event === 'token').map((e) => e.data.text).join('')).toBe((stream.at(-1)!.data as Assist).details.text);
  });

  it('refuses to rewrite without a model, saying what to do instead', async () => {
    const res = await call(ctx, manager.token, target.url, { action: 'rewrite', text: 'Nous gravons des pistes fines.' });
    expect(res.statusCode).toBe(409);
    expect(errorOf(res).msg).toContain("Aucun modèle de langue n'est configuré");
    expect(errorOf(res).msg).toContain('brouillon modèle');
  });

  it('asks for the text to work on', async () => {
    const res = await call(ctx, manager.token, target.url, { action: 'shorten', text: '   ' });
    expect(res.statusCode).toBe(400);
    expect(errorOf(res).msg).toBe('Sélectionnez le texte à retravailler (ou écrivez d\'abord dans la section).');
    expect((await call(ctx, manager.token, target.url, { action: 'translate', text: 'x'.repeat(20_001) })).statusCode).toBe(400);
  });

  it("another company's memory is not found", async () => {
    const res = await call(ctx, outsider.token, target.url, { action: 'draft' });
    expect(res.statusCode).toBe(404);
  });
});

describe('assisted writing and grading with a language model (a fake OpenAI-compatible server)', () => {
  let ctx: TestContext;
  let manager: Person;
  let target: Awaited<ReturnType<typeof memoryWithSection>>;
  let failing = false;
  let grades = (criterion: string) => JSON.stringify({ criteria: [{ criterion, score: 99, reason: 'Réponse précise et chiffrée.' }] });
  let fake: Awaited<ReturnType<typeof startFakeOpenAi>>;

  beforeAll(async () => {
    fake = await startFakeOpenAi({
      apiKey: 'sk-test',
      reply: (messages, body) => {
        if (failing) return { status: 500 };
        // The grading asks for JSON; the writing streams text.
        if ((body as { response_format?: unknown }).response_format) return grades('Performances techniques du système');
        return messages.at(-1)!.content.includes('Traduis') ? 'We etch 50 µm tracks.' : DRAFT;
      },
    });
    ctx = await createTestApp({ llm: { baseUrl: fake.url, apiKey: 'sk-test', model: 'fake-model', maxRetries: 0 } });
    manager = await createUser(ctx, 'manager');
    target = await memoryWithSection(ctx, manager);
  }, 60_000);
  afterAll(async () => {
    await ctx?.close();
    await fake?.close();
  });

  it('streams a draft written from the section\'s criterion, passages, requirement and library', async () => {
    const res = await call(ctx, manager.token, target.url, { action: 'draft' }, { accept: 'text/event-stream' });
    expect(res.statusCode).toBe(200);
    const stream = events(res.body);
    const tokens = stream.filter((e) => e.event === 'token').map((e) => e.data.text as string);
    expect(tokens.length).toBeGreaterThan(1);
    const done = stream.at(-1)!;
    expect(done.event).toBe('done');
    expect((done.data as Assist).details).toEqual({ action: 'draft', text: DRAFT, mode: 'llm' });
    expect(tokens.join('')).toBe(DRAFT);
    const sent = fake.requests.at(-1)!.body as { messages: { role: string; content: string }[] };
    const prompt = sent.messages.map((m) => m.content).join('\n');
    expect(prompt).toContain(REQUIREMENT);
    expect(prompt).toContain(PASSAGE);
    expect(prompt).toContain('Sous-critère : Finesse de structuration laser (pondération 20)');
    expect(prompt).toContain('Finesse de gravure laser');
    expect(prompt).toContain("N'invente jamais de certification");
  });

  it('translates the selected text, as JSON when no stream is asked', async () => {
    const res = await call(ctx, manager.token, target.url, { action: 'translate', text: 'Nous gravons des pistes de 50 µm.', language: 'en' });
    expect(res.statusCode).toBe(200);
    expect((res.json() as Assist).details).toEqual({ action: 'translate', text: 'We etch 50 µm tracks.', mode: 'llm' });
    expect(fake.requests.at(-1)!.body.messages.at(-1).content).toContain('Traduis ce texte en anglais');
    const memory = await ctx.app.inject({ method: 'GET', url: `/api/memories/${target.memoryId}`, headers: { authorization: `Bearer ${manager.token}` } });
    expect((memory.json() as { assist: string }).assist).toBe('llm');
  });

  it('a model that fails answers 503 with its message, never a 500', async () => {
    failing = true;
    try {
      const res = await call(ctx, manager.token, target.url, { action: 'rewrite', text: 'Nous gravons des pistes.' }, { accept: 'text/event-stream' });
      expect(res.statusCode).toBe(503);
      expect(errorOf(res).msg).toBe('Le modèle de langue ne répond pas. Réessayez dans un moment.');
    } finally {
      failing = false;
    }
  });

  it('grades with the model (bounded to the criterion\'s weight, its reason shown), and by the rules when it fails', async () => {
    const analyse = () => ctx.app.inject({ method: 'POST', url: `/api/memories/${target.memoryId}/analysis`, headers: { authorization: `Bearer ${manager.token}`, 'accept-language': 'fr' } });
    type Analysis = { mode: string; total: { score: number; max: number }; criteria: { criterion: string; score: number; max: number; reasons: { kind: string; msg: string }[] }[] };
    const graded = (await analyse()).json() as { analysis: Analysis };
    expect(graded.analysis.mode).toBe('llm');
    const criterion = graded.analysis.criteria[0]!;
    expect(criterion.score).toBe(criterion.max);
    expect(graded.analysis.total.score).toBe(criterion.max);
    expect(criterion.reasons[0]).toMatchObject({ kind: 'model', msg: 'Avis du modèle de langue : Réponse précise et chiffrée.' });
    const rulesScore = async () => {
      failing = true;
      try {
        return (await analyse()).json() as { analysis: Analysis };
      } finally {
        failing = false;
      }
    };
    const fallback = await rulesScore();
    expect(fallback.analysis.mode).toBe('rules');
    expect(fallback.analysis.criteria[0]!.score).toBeLessThan(criterion.max);
    expect(fallback.analysis.criteria[0]!.reasons.some((r) => r.kind === 'model')).toBe(false);
    // A score out of bounds the other way is kept at 0.
    grades = (name) => JSON.stringify({ criteria: [{ criterion: name, score: -5, reason: 'Hors sujet.' }] });
    expect(((await analyse()).json() as { analysis: Analysis }).analysis.criteria[0]!.score).toBe(0);
  });
});
