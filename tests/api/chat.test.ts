// Chat with a tender's documents, on the real Grenoble INP DCE: without a model the documents'
// own sentences answer with their pages; with an OpenAI-compatible endpoint (a fake one started
// here) the answer streams and cites the passages it was given; a failing model falls back to
// the documents. And the tender's notes, where an answer is copied.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { request } from 'node:http';
import { and, eq } from 'drizzle-orm';
import { dceAnalyses, tenderDocuments, tenders, type StoredFact } from '../../server/db/schema';
import { createTestApp, createUser, type TestContext } from './context';
import { insertTender, tenderWithReadDocs } from './documents-fixtures';
import { startFakeOpenAi } from '../support/fake-openai';
import { askedFacts, factAnswer } from '../../server/domains/chat/facts';

const DEADLINE_QUESTION = 'Quelle est la date limite de remise des offres ?';

type Message = { _id: string; question: string; answer: string; mode: string; citations: { fileName: string; page: number; excerpt: string }[] };
type Person = Awaited<ReturnType<typeof createUser>>;

/** A finished DCE analysis of the tender with these facts, as the analysis job writes it. */
async function insertAnalysis(ctx: TestContext, tenderId: string, facts: StoredFact[]) {
  const [row] = await ctx.db.insert(dceAnalyses).values({ tenderId, facts, finishedAt: new Date() }).returning({ id: dceAnalyses.id });
  return row!.id;
}

/** A fact of the Grenoble RC, at the page that says it. */
async function rcFact(ctx: TestContext, tenderId: string, key: string, value: unknown, status: StoredFact['status'], page: number, excerpt: string): Promise<StoredFact> {
  const [rc] = await ctx.db
    .select({ id: tenderDocuments.id })
    .from(tenderDocuments)
    .where(and(eq(tenderDocuments.tenderId, tenderId), eq(tenderDocuments.fileName, 'RC_2026FCSSA0025 v2.pdf')));
  return { key, value, sources: [{ documentId: rc!.id, entry: null, fileName: 'RC_2026FCSSA0025 v2.pdf', page, excerpt }], confidence: 0.9, status, origin: status === 'corrected' ? 'user' : 'rules' };
}

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
  it('answers what the DCE analysis found first, from the reviewed fact, with its sources; other questions and people without it search the documents', async () => {
    const url = `/api/tenders/${tenderId}/chat/messages`;
    const ask = async (person: Person, question: string, lang = 'fr', stream = false) => {
      const res = await call(ctx, person.token, 'POST', url, { question }, { 'accept-language': lang, ...(stream ? { accept: 'text/event-stream' } : {}) });
      expect(res.statusCode).toBe(200);
      if (!stream) return res.json() as { msg: string; details: Message };
      const done = events(res.body).at(-1)!;
      return done.data as { msg: string; details: Message };
    };
    // Without an analysis the documents answer, as before: not the pieces of the offer, boilerplate.
    const before = await ask(manager, 'Quels documents dois-je joindre à mon offre ?');
    expect(before.msg).toBe("Réponse tirée des documents de l'appel d'offres.");
    expect(before.details.answer).toMatch(/^« /);

    const offer = await rcFact(ctx, tenderId, 'offerDocuments', ['AE', 'MEMOIRE_TECHNIQUE', 'BPU'], 'extracted', 9, "Les pièces de l'offre");
    const candidature = await rcFact(ctx, tenderId, 'candidatureDocuments', ['DC1', 'DC2'], 'extracted', 8, 'Pour présenter leur candidature');
    const deadline = await rcFact(ctx, tenderId, 'submissionDeadline', '2026-07-15T12:00:00+02:00', 'confirmed', 1, 'Date et heure limites de réception des offres : MERCREDI 15 JUILLET 2026 A 12:00');
    const older = await insertAnalysis(ctx, tenderId, [{ ...offer, value: ['KBIS'] }]);
    // The latest analysis is the one that answers; within it, a reviewed fact before an extracted one.
    await ctx.db.update(dceAnalyses).set({ createdAt: new Date(Date.now() - 86_400_000) }).where(eq(dceAnalyses.id, older));
    await insertAnalysis(ctx, tenderId, [offer, candidature, { ...deadline, status: 'extracted', value: '2026-07-14T12:00:00+02:00' }, deadline]);

    const pieces = await ask(manager, 'Quels documents dois-je joindre à mon offre ?');
    expect(pieces.msg).toBe("Réponse tirée de l'analyse du DCE.");
    expect(pieces.details.answer).toBe("Pièces à joindre à l'offre :\n• Acte d'engagement\n• Mémoire technique\n• Bordereau des prix unitaires\nD'après l'analyse du DCE, à vérifier à la source.");
    expect(pieces.details.citations).toEqual([{ documentId: offer.sources[0]!.documentId, entry: null, fileName: 'RC_2026FCSSA0025 v2.pdf', page: 9, excerpt: "Les pièces de l'offre" }]);
    expect(pieces.details.mode).toBe('extractive');
    const application = await ask(manager, 'Quelles pièces faut-il fournir pour la candidature ?');
    expect(application.details.answer.split('\n').slice(0, 3)).toEqual(['Pièces à fournir pour la candidature :', '• DC1', '• DC2']);

    // The confirmed date, in the interface's language, on Paris's clock; streamed like any answer.
    const english = await ask(manager, 'What is the deadline for submitting the tender?', 'en', true);
    // (ICU writes "Wednesday, 15 July" or "Wednesday 15 July" as its version goes.)
    expect(english.details.answer).toMatch(/^Deadline for submitting offers: Wednesday,? 15 July 2026 at 12:00 \(Paris time\)\.\nFrom the DCE analysis, checked by your team\.$/);
    expect(english.details.citations.map((c) => c.page)).toEqual([1]);
    const french = await ask(manager, 'Quelle est la date limite de remise des offres ?');
    expect(french.details.answer).toBe("Date limite de remise des offres : mercredi 15 juillet 2026 à 12:00 (heure de Paris).\nD'après l'analyse du DCE, vérifiée par votre équipe.");

    // A narrower question (one lot) searches the documents.
    expect((await ask(manager, 'Quelle est la date limite de remise des offres du lot 2 ?')).msg).toBe("Réponse tirée des documents de l'appel d'offres.");
    // An employee does not see the analysis: only what a person checked answers.
    expect((await ask(employee, 'Quelle est la date limite de remise des offres ?')).msg).toBe("Réponse tirée de l'analyse du DCE.");
    expect((await ask(employee, 'Quels documents dois-je joindre à mon offre ?')).msg).toBe("Réponse tirée des documents de l'appel d'offres.");
    // A fact the analysis did not find: the documents answer.
    expect((await ask(manager, 'Quelles sont les pénalités de retard ?')).msg).toBe("Réponse tirée des documents de l'appel d'offres.");
    await ctx.db.delete(dceAnalyses).where(eq(dceAnalyses.tenderId, tenderId));
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

  it('answers what the DCE analysis found without asking the model; the model writes in the interface\'s language', async () => {
    const url = `/api/tenders/${tenderId}/chat/messages`;
    await insertAnalysis(ctx, tenderId, [await rcFact(ctx, tenderId, 'submissionDeadline', '2026-07-15T12:00:00+02:00', 'corrected', 1, 'MERCREDI 15 JUILLET 2026 A 12:00')]);
    const asked = fake.requests.length;
    const res = await call(ctx, manager.token, 'POST', url, { question: DEADLINE_QUESTION });
    expect(res.json()).toMatchObject({ msg: "Réponse tirée de l'analyse du DCE.", details: { mode: 'extractive', citations: [{ page: 1 }] } });
    expect(fake.requests.length).toBe(asked);
    await ctx.db.delete(dceAnalyses).where(eq(dceAnalyses.tenderId, tenderId));
    // Other questions go to the model, told to answer in English and to quote the documents as written.
    await call(ctx, manager.token, 'POST', url, { question: 'Can we visit the premises before answering?' }, { 'accept-language': 'en' });
    expect(fake.requests.length).toBe(asked + 1);
    const system = (fake.requests.at(-1)!.body.messages as { content: string }[])[0]!.content;
    expect(system).toContain('Réponds en anglais');
    expect(system).toContain('reste en français');
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

describe('questions the DCE analysis answers', () => {
  const fact = (key: string, value: unknown, status: StoredFact['status'] = 'extracted'): StoredFact => ({
    key,
    value,
    sources: [{ documentId: 'd1', entry: null, fileName: 'RC.pdf', page: 3, excerpt: key }],
    confidence: 0.9,
    status,
    origin: 'rules',
  });

  it('knows each fact asked in French or in English, and leaves narrower questions to the documents', () => {
    const cases: [string, string[]][] = [
      ['Quelle est la date limite de remise des offres ?', ['submissionDeadline']],
      ["Jusqu'à quand peut-on déposer notre offre ?", ['submissionDeadline']],
      ['When is the bid deadline?', ['submissionDeadline']],
      ["Jusqu'à quand peut-on poser des questions à l'acheteur ?", ['questionsDeadline']],
      ['Until when can questions be asked to the buyer?', ['questionsDeadline']],
      ['Quels sont les critères de jugement des offres et leur pondération ?', ['awardCriteria']],
      ['What are the award criteria and their weights?', ['awardCriteria']],
      ['Quels documents dois-je joindre à mon offre ?', ['offerDocuments']],
      ['Quelles pièces faut-il fournir pour la candidature ?', ['candidatureDocuments']],
      ['Which documents must be provided for the application and the offer?', ['candidatureDocuments', 'offerDocuments']],
      ['Une visite des lieux est-elle obligatoire ?', ['siteVisit']],
      ['Is the site visit mandatory?', ['siteVisit']],
      ['Quelles sont les pénalités de retard ?', ['penalties']],
      ['What are the late penalties?', ['penalties']],
      ['Combien de temps notre offre doit-elle rester valable ?', ['offerValidityDays']],
      ['How long must our offer remain valid?', ['offerValidityDays']],
      ['Quelle est la durée du marché ?', ['contractDuration']],
      ['How long does the framework agreement last, renewal included?', ['contractDuration']],
      // Narrower than the fact, or another subject: the documents are searched.
      ['Quelle est la date limite de remise des offres du lot 2 ?', []],
      ["Quelles pénalités en cas d'interruption de service ?", []],
      ['What penalty applies if the first firm tranche is late?', []],
      ['Auprès de qui faut-il prendre rendez-vous pour la visite ?', []],
      ['Quel est le prix du caviar à Moscou ?', []],
    ];
    for (const [question, keys] of cases) expect(askedFacts(question), question).toEqual(keys);
  });

  it('says each value in the interface language, dates on Paris time, the documents quoted as written', () => {
    const facts = [
      fact('awardCriteria', [{ name: 'Valeur technique', weight: 60, subCriteria: [{ name: 'Méthodologie', weight: 35 }, { name: 'Moyens', weight: 25 }] }, { name: 'Prix', weight: 40 }], 'confirmed'),
      fact('siteVisit', { required: true, date: '2026-03-29T23:30:00Z' }),
      fact('penalties', { summary: 'une pénalité de 1/1000 du montant par jour de retard' }),
      fact('offerValidityDays', 120),
      fact('contractDuration', '4 ans'),
    ];
    const nbsp = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');
    expect(nbsp(factAnswer('Quels sont les critères d’attribution ?', facts, 'fr', false)!.answer)).toBe(
      "Critères d'attribution :\n• Valeur technique : 60 %\n   – Méthodologie : 35 %\n   – Moyens : 25 %\n• Prix : 40 %\nD'après l'analyse du DCE, vérifiée par votre équipe.",
    );
    expect(factAnswer('What are the award criteria?', facts, 'en', false)!.answer.split('\n').slice(0, 2)).toEqual(['Award criteria:', '• Valeur technique: 60%']);
    // 23:30 UTC on 29 March 2026 is 01:30 on the 30th in Paris (summer time since that night).
    expect(factAnswer('Is the site visit mandatory?', facts, 'en', false)!.answer).toMatch(/^The site visit is mandatory: Monday,? 30 March 2026 at 01:30 \(Paris time\)\.\n/);
    expect(factAnswer('Quelles sont les pénalités de retard ?', facts, 'fr', false)!.answer).toMatch(/^Pénalités de retard : « une pénalité de 1\/1000 du montant par jour de retard »\n/);
    expect(factAnswer('How long must our offer remain valid?', facts, 'en', false)!.answer).toMatch(/^Offers must remain valid for 120 days\.\nFrom the DCE analysis, to be checked at the source\.$/);
    expect(factAnswer('Quelle est la durée du marché ?', facts, 'fr', false)).toEqual({ answer: "Durée du marché : « 4 ans »\nD'après l'analyse du DCE, à vérifier à la source.", citations: [facts[4]!.sources[0]] });
    // What nobody checked is not said to an employee; what the analysis lacks is not said at all.
    expect(factAnswer('Quelle est la durée du marché ?', facts, 'fr', true)).toBeNull();
    expect(factAnswer('Quelle est la date limite de remise des offres ?', facts, 'fr', false)).toBeNull();
  });
});
