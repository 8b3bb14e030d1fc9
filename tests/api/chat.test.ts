// Chat with a tender's documents, on the real Grenoble INP DCE: without a model the documents'
// own sentences answer with their pages; with an OpenAI-compatible endpoint (a fake one started
// here) the answer streams and cites the passages it was given; a failing model falls back to
// the documents. And the tender's notes, where an answer is copied.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { request } from 'node:http';
import { eq } from 'drizzle-orm';
import { tenders } from '../../server/db/schema';
import { createTestApp, createUser, type TestContext } from './context';
import { insertTender, tenderWithReadDocs } from './documents-fixtures';
import { startFakeOpenAi } from '../support/fake-openai';

const DEADLINE_QUESTION = 'Quelle est la date limite de remise des offres ?';

type Message = { _id: string; question: string; answer: string; mode: string; citations: { fileName: string; page: number; excerpt: string }[] };
type Person = Awaited<ReturnType<typeof createUser>>;

const call = (ctx: TestContext, token: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown, headers: Record<string, string> = {}) =>
  ctx.app.inject({ method, url, headers: { authorization: `Bearer ${token}`, 'accept-language': 'fr', ...headers }, ...(payload !== undefined ? { payload: payload as object } : {}) });


/** The server-sent events of a streamed answer. */
const events = (body: string) =>
  body
    .split('\n\n')
    .filter(Boolean)
    .map((block) => ({ event: /^event: (.*)$/m.exec(block)![1]!, data: JSON.parse(/^data: (.*)$/m.exec(block)![1]!) as Record<string, unknown> }));

describe('chat without a language model', () => {
  let ctx: TestContext;
  let manager: Person;
  let employee: Person;
  let outsider: Person;
  let tenderId: string;

  beforeAll(async () => {
    ctx = await createTestApp({ jobWorkers: 1 });
    manager = await createUser(ctx, 'manager');
    employee = await createUser(ctx, 'employee', { companyId: manager.companyId });
    outsider = await createUser(ctx, 'manager');
    tenderId = await tenderWithReadDocs(ctx, manager, ['RC_2026FCSSA0025 v2.pdf', 'CCAP_2026FCSSA0025.pdf', 'CCTP_2026FCSSA0025 v2.pdf']);
  }, 120_000);
  afterAll(() => ctx?.close());

  it('answers with the documents\' own sentences and the page they are on, and keeps the exchange', async () => {
    const res = await call(ctx, employee.token, 'POST', `/api/tenders/${tenderId}/chat/messages`, { question: `  ${DEADLINE_QUESTION}  ` });
    expect(res.statusCode).toBe(200);
    const { msg, details } = res.json() as { msg: string; details: Message };
    expect(msg).toBe("Réponse tirée des documents de l'appel d'offres.");
    expect(details).toMatchObject({ question: DEADLINE_QUESTION, mode: 'extractive' });
    expect(details.answer).toMatch(/15 JUILLET 2026/);
    expect(details.citations[0]).toMatchObject({ fileName: 'RC_2026FCSSA0025 v2.pdf', page: 1 });
    const history = (await call(ctx, employee.token, 'GET', `/api/tenders/${tenderId}/chat/messages`)).json() as { messages: Message[]; mode: string };
    expect(history).toMatchObject({ mode: 'extractive', messages: [{ _id: details._id, question: DEADLINE_QUESTION }] });
    // Each person has their own history.
    expect(((await call(ctx, manager.token, 'GET', `/api/tenders/${tenderId}/chat/messages`)).json() as { messages: Message[] }).messages).toEqual([]);
  });

  it('streams the answer as server-sent events when asked to', async () => {
    const res = await call(ctx, manager.token, 'POST', `/api/tenders/${tenderId}/chat/messages`, { question: 'Quelle est la surface utile minimale de la machine ?' }, { accept: 'text/event-stream' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/event-stream; charset=utf-8');
    const stream = events(res.body);
    expect(stream.map((e) => e.event)).toEqual(['token', 'done']);
    const done = stream[1]!.data as { details: Message };
    expect(stream[0]!.data.text).toBe(done.details.answer);
    expect(done.details.answer).toMatch(/200 mm/);
    expect(done.details.citations.some((c) => c.fileName === 'CCTP_2026FCSSA0025 v2.pdf')).toBe(true);
  });

  it('says so when the documents do not answer, or when none has been read', async () => {
    const res = await call(ctx, manager.token, 'POST', `/api/tenders/${tenderId}/chat/messages`, { question: 'Quel est le prix du caviar à Moscou ?' });
    expect((res.json() as { details: Message }).details).toMatchObject({ citations: [], answer: expect.stringMatching(/ne semblent rien dire à ce sujet/) });
    const empty = (await insertTender(ctx, manager.companyId!)).id;
    const none = await call(ctx, manager.token, 'POST', `/api/tenders/${empty}/chat/messages`, { question: DEADLINE_QUESTION });
    expect((none.json() as { details: Message }).details.answer).toMatch(/Aucun document de cet appel d'offres n'a encore été lu/);
  });

  it('refuses a blank or too long question, a tender not started, and other companies', async () => {
    const url = `/api/tenders/${tenderId}/chat/messages`;
    const blank = await call(ctx, manager.token, 'POST', url, { question: '   ' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json()).toMatchObject({ msg: 'Écrivez une question.' });
    expect((await call(ctx, manager.token, 'POST', url, { question: 'x'.repeat(1001) })).statusCode).toBe(400);
    expect((await call(ctx, outsider.token, 'POST', url, { question: DEADLINE_QUESTION })).statusCode).toBe(404);
    expect((await call(ctx, outsider.token, 'GET', url)).statusCode).toBe(404);
    expect((await call(ctx, outsider.token, 'DELETE', url)).statusCode).toBe(404);
    await ctx.db.update(tenders).set({ status: 'not_started' }).where(eq(tenders.id, tenderId));
    const closed = await call(ctx, manager.token, 'POST', url, { question: DEADLINE_QUESTION }, { accept: 'text/event-stream' });
    expect(closed.statusCode).toBe(409);
    expect(closed.json()).toMatchObject({ msg: "Démarrez le travail sur cet appel d'offres avant d'interroger ses documents." });
    await ctx.db.update(tenders).set({ status: 'in_progress' }).where(eq(tenders.id, tenderId));
  });

  it('clears only the caller\'s history', async () => {
    const url = `/api/tenders/${tenderId}/chat/messages`;
    expect((await call(ctx, manager.token, 'DELETE', url)).json()).toMatchObject({ msg: 'Conversation effacée.' });
    expect(((await call(ctx, manager.token, 'GET', url)).json() as { messages: Message[] }).messages).toEqual([]);
    expect(((await call(ctx, employee.token, 'GET', url)).json() as { messages: Message[] }).messages).toHaveLength(1);
  });

  it('keeps the team\'s notes: a first save, a stale save refused with the current text, an answer added at the end', async () => {
    const url = `/api/tenders/${tenderId}/notes`;
    expect((await call(ctx, employee.token, 'GET', url)).json()).toEqual({ text: '', version: 0, updatedAt: null, updatedBy: null });
    const first = await call(ctx, employee.token, 'PUT', url, { text: 'Visite facultative : y aller quand même.', version: 0 });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ msg: 'Notes enregistrées.', details: { text: 'Visite facultative : y aller quand même.', version: 1, updatedBy: { _id: employee.id } } });
    const stale = await call(ctx, manager.token, 'PUT', url, { text: 'Autre chose', version: 0 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ details: { text: 'Visite facultative : y aller quand même.', version: 1 } });
    const added = await call(ctx, manager.token, 'POST', `${url}/entries`, { text: 'Question : date limite ?\n15 juillet 2026 à 12 h' });
    expect(added.json()).toMatchObject({ msg: "Ajouté aux notes de l'appel d'offres.", details: { text: 'Visite facultative : y aller quand même.\n\nQuestion : date limite ?\n15 juillet 2026 à 12 h', version: 2 } });
    expect((await call(ctx, manager.token, 'POST', `${url}/entries`, { text: '  ' })).statusCode).toBe(400);
    expect((await call(ctx, manager.token, 'PUT', url, { text: 'x'.repeat(50_001), version: 2 })).statusCode).toBe(400);
    expect((await call(ctx, outsider.token, 'GET', url)).statusCode).toBe(404);
    expect((await call(ctx, outsider.token, 'POST', `${url}/entries`, { text: 'x' })).statusCode).toBe(404);
  });
});

describe('chat with a language model (a fake OpenAI-compatible server)', () => {
  let ctx: TestContext;
  let manager: Person;
  let tenderId: string;
  let fake: Awaited<ReturnType<typeof startFakeOpenAi>>;
  let failing = false;
  const fakeOptions: Parameters<typeof startFakeOpenAi>[0] = {
    apiKey: 'sk-test',
    reply: () => (failing ? { status: 500 } : 'La date limite est le mercredi 15 juillet 2026 à 12 h [1], heure de Paris [7].'),
  };

  beforeAll(async () => {
    fake = await startFakeOpenAi(fakeOptions);
    ctx = await createTestApp({ jobWorkers: 1, llm: { baseUrl: fake.url, apiKey: 'sk-test', model: 'fake-model', maxRetries: 0 } });
    manager = await createUser(ctx, 'manager');
    tenderId = await tenderWithReadDocs(ctx, manager, ['RC_2026FCSSA0025 v2.pdf']);
  }, 120_000);
  afterAll(async () => {
    await ctx?.close();
    await fake?.close();
  });

  it('streams the model\'s answer and keeps as citations the passages it cites', async () => {
    expect(((await call(ctx, manager.token, 'GET', `/api/tenders/${tenderId}/chat/messages`)).json() as { mode: string }).mode).toBe('llm');
    const res = await call(ctx, manager.token, 'POST', `/api/tenders/${tenderId}/chat/messages`, { question: DEADLINE_QUESTION }, { accept: 'text/event-stream' });
    const stream = events(res.body);
    const tokens = stream.filter((e) => e.event === 'token').map((e) => e.data.text as string);
    expect(tokens.length).toBeGreaterThan(1);
    const done = stream.at(-1)!;
    expect(done.event).toBe('done');
    const details = (done.data as { details: Message }).details;
    expect(details.mode).toBe('llm');
    // [7] named no passage: it is dropped, and the answer is what streamed.
    expect(details.answer).toBe('La date limite est le mercredi 15 juillet 2026 à 12 h [1], heure de Paris.');
    expect(tokens.join('')).toBe(details.answer);
    expect(details.citations).toHaveLength(1);
    expect(details.citations[0]!.fileName).toBe('RC_2026FCSSA0025 v2.pdf');
    // The model was given the question and the passages, with the key configured.
    const sent = fake.requests.at(-1)!;
    expect(sent.headers.authorization).toBe('Bearer sk-test');
    expect(sent.body.model).toBe('fake-model');
    const prompt = (sent.body.messages as { content: string }[]).map((m) => m.content).join('\n');
    expect(prompt).toContain(DEADLINE_QUESTION);
    expect(prompt).toMatch(/MERCREDI 15 JUILLET 2026/);
  });

  it('falls back to the documents\' sentences when the model fails', async () => {
    failing = true;
    const res = await call(ctx, manager.token, 'POST', `/api/tenders/${tenderId}/chat/messages`, { question: DEADLINE_QUESTION });
    failing = false;
    expect(res.statusCode).toBe(200);
    const { msg, details } = res.json() as { msg: string; details: Message };
    expect(msg).toBe("Le modèle de langue n'a pas répondu : voici les passages des documents qui répondent.");
    expect(details.mode).toBe('extractive');
    expect(details.answer).toMatch(/15 JUILLET 2026/);
  });

  it('stops the model when the person leaves in the middle of the answer, and keeps nothing', async () => {
    fakeOptions.chunkDelayMs = 400;
    const address = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    const before = ((await call(ctx, manager.token, 'GET', `/api/tenders/${tenderId}/chat/messages`)).json() as { messages: Message[] }).messages.length;
    // The person leaves: the connection closes after the first words.
    await new Promise<void>((resolve, reject) => {
      const asking = request(`${address}/api/tenders/${tenderId}/chat/messages`, {
        method: 'POST',
        headers: { authorization: `Bearer ${manager.token}`, 'content-type': 'application/json', accept: 'text/event-stream' },
      });
      asking.on('response', (res) =>
        res.once('data', (chunk: Buffer) => {
          expect(chunk.toString()).toMatch(/^event: token/);
          asking.destroy();
          resolve();
        }),
      );
      asking.on('error', (error) => (asking.destroyed ? undefined : reject(error)));
      asking.end(JSON.stringify({ question: DEADLINE_QUESTION }));
    });
    await expect.poll(() => fake.cutStreams(), { timeout: 5_000 }).toBe(1);
    fakeOptions.chunkDelayMs = 0;
    const after = ((await call(ctx, manager.token, 'GET', `/api/tenders/${tenderId}/chat/messages`)).json() as { messages: Message[] }).messages.length;
    expect(after).toBe(before);
  });
});
