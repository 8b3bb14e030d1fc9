// The chat's retrieval with an embedding model: BM25 and vector similarity fused by reciprocal
// rank fusion (pure tests), the client's embed() against the fake OpenAI-compatible server, and
// the chat on the real Grenoble INP RC: a question BM25 cannot match found by its vector, the
// passages embedded once per index, and failing embeddings leaving BM25 to answer.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildIndex, foldText, hybridSearch, RRF_K, search } from '../../server/analysis/retrieval';
import { createLlm, EMBED_BATCH, LlmError } from '../../server/llm/client';
import { llmConfigFromEnv } from '../../server/config';
import { createTestApp, createUser, type TestContext } from './context';
import { tenderWithReadDocs } from './documents-fixtures';
import { startFakeOpenAi } from '../support/fake-openai';

const DEADLINE_QUESTION = 'Quelle est la date limite de remise des offres ?';
/** None of its lexemes (perm, inspect, local) is in the RC: BM25 finds nothing. */
const SITE_QUESTION = "Est-il permis d'inspecter les locaux ?";
const SITE_SENTENCE = 'Une visite sur site est possible.';

type Message = { answer: string; mode: string; citations: { fileName: string; page: number; excerpt: string }[] };
type Person = Awaited<ReturnType<typeof createUser>>;

const call = (ctx: TestContext, token: string, method: 'GET' | 'POST', url: string, payload?: unknown) =>
  ctx.app.inject({ method, url, headers: { authorization: `Bearer ${token}`, 'accept-language': 'fr' }, ...(payload !== undefined ? { payload: payload as object } : {}) });


/**
 * A toy embedding that means something: one dimension per topic, 1 when the folded text has one
 * of its words. "inspecter les locaux" shares no lexeme with the RC, but its vector is the
 * visit's, so only the RC's passages about the site visit ("Visites sur site", "Visite
 * facultative") have a cosine above 0 with it: the vectors bring them in, BM25 cannot.
 */
const TOPICS = [/visite|inspect|locaux/, /delai|date limite|heure/, /prix|montant/, /signature|signe/];
const topicVector = (text: string) => {
  const folded = foldText(text);
  return TOPICS.map((topic) => (topic.test(folded) ? 1 : 0));
};

describe('hybridSearch: reciprocal rank fusion of BM25 and cosine', () => {
  const index = buildIndex([
    { documentId: 'd', entry: null, fileName: 'RC.pdf', page: 1, body: 'La date limite de remise des offres est fixée au 15 juillet 2026 à 12 h.' },
    { documentId: 'd', entry: null, fileName: 'RC.pdf', page: 2, body: 'Une visite sur site est possible sur demande au service achats.' },
    { documentId: 'd', entry: null, fileName: 'RC.pdf', page: 3, body: 'Le prix est révisable selon l’indice, la date de révision est annuelle.' },
    { documentId: 'd', entry: null, fileName: 'RC.pdf', page: 4, body: 'Les pénalités de retard sont de cent euros par jour calendaire.' },
  ]);
  const passages = index.passages;
  const vector = (...values: number[]) => Float32Array.from(values);
  // Page 1: deadlines; page 2: the visit; page 3: prices and a date; page 4: nothing asked.
  const vectors = [vector(1, 0, 0), vector(0, 1, 0), vector(0.2, 0, 1), vector(0, 0, -1)];
  const pages = (hits: { passage: { page: number } }[]) => hits.map((hit) => hit.passage.page);

  it('adds what BM25 missed by its cosine, and a passage both rankings put first wins', () => {
    const bm25 = search(index, 'Quelle date ?', 50);
    expect(pages(bm25).sort()).toEqual([1, 3]);
    // The question is mostly about deadlines, a little about the visit.
    const hits = hybridSearch(passages, vectors, vector(1, 0.3, 0), bm25, { limit: 5 });
    expect(pages(hits)).toEqual([1, 3, 2]);
    // Page 1: first of both rankings; page 2 comes from its cosine alone (second of 4).
    expect(hits[0]!.score).toBeCloseTo(2 / (RRF_K + 1));
    expect(hits[2]!.score).toBeCloseTo(1 / (RRF_K + 2));
  });

  it('keeps only the vector top N, never a passage with a cosine of 0 or less, and BM25 alone for vectors of another size', () => {
    const none = search(index, 'inspecter les locaux', 50);
    expect(none).toEqual([]);
    expect(pages(hybridSearch(passages, vectors, vector(0, 1, 0.5), none))).toEqual([2, 3]);
    expect(pages(hybridSearch(passages, vectors, vector(0, 1, 0.5), none, { vectorTop: 1 }))).toEqual([2]);
    const bm25 = search(index, 'Quelle date ?', 50);
    expect(pages(hybridSearch(passages, vectors, vector(1, 0), bm25))).toEqual(pages(bm25));
    expect(hybridSearch(passages, vectors, vector(1, 0, 0), bm25, { limit: 1 })).toHaveLength(1);
  });
});

describe('the client\'s embeddings', () => {
  it('reads LLM_EMBEDDING_MODEL, and has embed() only with it', () => {
    const env = { LLM_BASE_URL: 'https://llm.example/v1', LLM_MODEL: 'mistral-small' };
    expect(llmConfigFromEnv({ ...env, LLM_EMBEDDING_MODEL: ' mistral-embed ' })?.embeddingModel).toBe('mistral-embed');
    expect(llmConfigFromEnv({ ...env, LLM_EMBEDDING_MODEL: ' ' })).not.toHaveProperty('embeddingModel');
    // Embeddings alone are not a configuration: they use the chat's endpoint.
    expect(llmConfigFromEnv({ LLM_BASE_URL: 'https://llm.example/v1', LLM_EMBEDDING_MODEL: 'mistral-embed' })).toBeNull();
    expect(createLlm({ baseUrl: 'http://127.0.0.1:1/v1', apiKey: 'k', model: 'm' }).embed).toBeUndefined();
  });

  it(`asks ${EMBED_BATCH} texts a request, in order, and fails as an LlmError`, async () => {
    let status: number | undefined;
    const fake = await startFakeOpenAi({ apiKey: 'sk-e', reply: () => '', embed: (text) => [Number(text), 1], embeddingsStatus: () => status });
    try {
      const llm = createLlm({ baseUrl: fake.url, apiKey: 'sk-e', model: 'chat', embeddingModel: 'embed', maxRetries: 0 });
      const texts = Array.from({ length: EMBED_BATCH * 2 + 2 }, (_, i) => String(i));
      const vectors = await llm.embed!(texts);
      expect(vectors.map((v) => v[0])).toEqual(texts.map(Number));
      expect(vectors[0]).toBeInstanceOf(Float32Array);
      expect(fake.requests.map((r) => [r.path, r.body.model, r.body.input.length])).toEqual([
        ['/v1/embeddings', 'embed', EMBED_BATCH],
        ['/v1/embeddings', 'embed', EMBED_BATCH],
        ['/v1/embeddings', 'embed', 2],
      ]);
      status = 500;
      const error = await llm.embed!(['x']).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(LlmError);
      expect((error as LlmError).key).toBe('llm-unavailable');
    } finally {
      await fake.close();
    }
  });
});

describe('chat with an embedding model (a fake OpenAI-compatible server)', () => {
  let ctx: TestContext;
  let manager: Person;
  let tenderId: string;
  let fake: Awaited<ReturnType<typeof startFakeOpenAi>>;
  let embeddingsStatus: number | undefined;
  /** Embeddings requests that failed, in the first test. */
  let failed = 0;

  beforeAll(async () => {
    fake = await startFakeOpenAi({
      apiKey: 'sk-test',
      embed: topicVector,
      embeddingsStatus: () => embeddingsStatus,
      // The model cites the passage about the site visit when it was given one, else the first.
      reply: (messages) => {
        const prompt = messages.map((m) => m.content).join('\n');
        const visit = prompt.split(/\n\n(?=\[\d+\] )/).find((block) => block.includes(SITE_SENTENCE));
        return visit ? `Oui, sur demande au service achats [${/^\[(\d+)\]/.exec(visit)![1]}].` : 'Voir le règlement de la consultation [1].';
      },
    });
    ctx = await createTestApp({ jobWorkers: 1, captureLogs: true, llm: { baseUrl: fake.url, apiKey: 'sk-test', model: 'fake-model', embeddingModel: 'fake-embed', maxRetries: 0 } });
    manager = await createUser(ctx, 'manager');
    tenderId = await tenderWithReadDocs(ctx, manager, ['RC_2026FCSSA0025 v2.pdf']);
  }, 120_000);
  afterAll(async () => {
    await ctx?.close();
    await fake?.close();
  });

  const ask = async (question: string) => {
    const res = await call(ctx, manager.token, 'POST', `/api/tenders/${tenderId}/chat/messages`, { question });
    expect(res.statusCode).toBe(200);
    return (res.json() as { details: Message }).details;
  };
  const embeddings = () => fake.requests.filter((r) => r.path === '/v1/embeddings');
  const completions = () => fake.requests.filter((r) => r.path === '/v1/chat/completions');

  it('answers with BM25 alone when the embeddings fail', async () => {
    embeddingsStatus = 500;
    try {
      const details = await ask(DEADLINE_QUESTION);
      expect(details.mode).toBe('llm');
      expect(details.citations[0]).toMatchObject({ fileName: 'RC_2026FCSSA0025 v2.pdf' });
      expect(completions().at(-1)!.body.messages.map((m: { content: string }) => m.content).join('\n')).toMatch(/MERCREDI 15 JUILLET 2026/);
      expect(ctx.logLines.some((line) => line.msg === 'embedding model failed, BM25 alone')).toBe(true);
      // Without vectors the question about the premises finds nothing, and the model is not asked.
      const asked = completions().length;
      expect(await ask(SITE_QUESTION)).toMatchObject({ citations: [], answer: expect.stringMatching(/ne semblent rien dire à ce sujet/) });
      expect(completions()).toHaveLength(asked);
      failed = embeddings().length;
      // Each question asked again for the passages: a failure is not kept.
      expect(failed).toBe(4);
    } finally {
      embeddingsStatus = undefined;
    }
  });

  it('finds by its vector the passage a question shares no word with, and cites its page', async () => {
    const details = await ask(SITE_QUESTION);
    expect(details.mode).toBe('llm');
    expect(details.answer).toBe('Oui, sur demande au service achats [1].');
    // "5.2 - Visites sur site / Une visite sur site est possible." is on page 9 of the RC.
    expect(details.citations).toEqual([expect.objectContaining({ fileName: 'RC_2026FCSSA0025 v2.pdf', page: 9 })]);
    // Only the passages and the question went to the endpoint, with the configured model and key.
    const sent = embeddings();
    expect(sent.every((r) => r.body.model === 'fake-embed' && r.headers.authorization === 'Bearer sk-test')).toBe(true);
    expect(sent.at(-1)!.body.input).toEqual([SITE_QUESTION]);
  });

  it('embeds the passages once for the tender\'s index, then only each question', async () => {
    const before = embeddings().length;
    const details = await ask(DEADLINE_QUESTION);
    expect(details).toMatchObject({ mode: 'llm', citations: [{ fileName: 'RC_2026FCSSA0025 v2.pdf' }] });
    // This question: its own text only.
    expect(embeddings().slice(before).map((r) => r.body.input)).toEqual([[DEADLINE_QUESTION]]);
    // The question before it: the passages in batches of EMBED_BATCH, and itself.
    const earlier = embeddings().slice(failed, before);
    const passages = earlier.filter((r) => !(r.body.input.length === 1 && r.body.input[0] === SITE_QUESTION)).flatMap((r) => r.body.input as string[]);
    expect(earlier).toHaveLength(Math.ceil(passages.length / EMBED_BATCH) + 1);
    expect(passages.length).toBeGreaterThan(10);
    expect(passages.some((text) => text.includes(SITE_SENTENCE))).toBe(true);
  });
});
