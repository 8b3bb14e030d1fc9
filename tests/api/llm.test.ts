import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer, type AddressInfo } from 'node:net';
import OpenAI from 'openai';
import { createLlm, LlmError, type ChatMessage } from '../../server/llm/client';
import { llmConfigFromEnv } from '../../server/config';
import { answerWithCitations, citedAnswerMessages, type SourcePassage } from '../../server/llm/cited-answer';
import { fakeEmbedding, startFakeOpenAi } from '../support/fake-openai';

type Fake = Awaited<ReturnType<typeof startFakeOpenAi>>;

const KEY = 'sk-test-soumissio';
const REPLY = 'La date limite de remise des offres est le 15 juillet 2026 à 12 h 00.';
const question: ChatMessage[] = [{ role: 'user', content: 'Quelle est la date limite ?' }];

/** A port where nothing listens: taken, then released. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

async function failureOf(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected a failure');
}

async function collect(stream: AsyncIterable<string>): Promise<string[]> {
  const chunks: string[] = [];
  for await (const chunk of stream) chunks.push(chunk);
  return chunks;
}

describe('LLM client against a fake OpenAI-compatible server', () => {
  const fakes: Fake[] = [];
  const start = async (options: Parameters<typeof startFakeOpenAi>[0]) => {
    const fake = await startFakeOpenAi(options);
    fakes.push(fake);
    return fake;
  };
  const llmFor = (fake: Fake, apiKey = KEY) => createLlm({ baseUrl: fake.url, apiKey, model: 'fake-model', maxRetries: 0, timeoutMs: 5_000 });
  let fake: Fake;
  beforeAll(async () => {
    fake = await start({ apiKey: KEY, reply: () => REPLY });
  });
  afterAll(async () => {
    await Promise.all(fakes.map((f) => f.close()));
  });

  it('completes: the whole answer, with the model, the messages and json mode sent', async () => {
    const llm = llmFor(fake);
    expect(llm.model).toBe('fake-model');
    expect(await llm.complete(question, { temperature: 0.2, maxTokens: 100, json: true })).toBe(REPLY);
    const request = fake.requests.at(-1)!;
    expect(request.path).toBe('/v1/chat/completions');
    expect(request.body).toMatchObject({ model: 'fake-model', messages: question, temperature: 0.2, max_tokens: 100, response_format: { type: 'json_object' } });
    expect(request.body.stream).toBeFalsy();
  });

  it('streams: several chunks in order that join into the reply', async () => {
    const chunks = await collect(llmFor(fake).stream(question));
    expect(chunks.length).toBeGreaterThan(1);
    expect(chunks.join('')).toBe(REPLY);
    expect(fake.requests.at(-1)!.body.stream).toBe(true);
  });

  it('sends the key as a Bearer token, and no OpenAI organisation or project header', async () => {
    await llmFor(fake).complete(question);
    const { headers } = fake.requests.at(-1)!;
    expect(headers.authorization).toBe(`Bearer ${KEY}`);
    expect(headers['openai-organization']).toBeUndefined();
    expect(headers['openai-project']).toBeUndefined();
  });

  it('a wrong key (401) is llm-refused, for complete and stream', async () => {
    const llm = llmFor(fake, 'sk-wrong');
    const error = await failureOf(llm.complete(question));
    expect(error).toBeInstanceOf(LlmError);
    expect((error as LlmError).key).toBe('llm-refused');
    const streamError = await failureOf(collect(llm.stream(question)));
    expect((streamError as LlmError).key).toBe('llm-refused');
  });

  it('403 is llm-refused and 429 is llm-rate_limited', async () => {
    const forbidden = await start({ reply: () => ({ status: 403 }) });
    expect(((await failureOf(llmFor(forbidden).complete(question))) as LlmError).key).toBe('llm-refused');
    const limited = await start({ reply: () => ({ status: 429 }) });
    expect(((await failureOf(llmFor(limited).complete(question))) as LlmError).key).toBe('llm-rate_limited');
  });

  it('a server error (500) is llm-unavailable, with the SDK error as cause', async () => {
    const broken = await start({ reply: () => ({ status: 500 }) });
    const error = await failureOf(llmFor(broken).complete(question));
    expect(error).toBeInstanceOf(LlmError);
    expect((error as LlmError).key).toBe('llm-unavailable');
    expect((error as LlmError).cause).toBeInstanceOf(OpenAI.InternalServerError);
    expect(((await failureOf(collect(llmFor(broken).stream(question)))) as LlmError).key).toBe('llm-unavailable');
  });

  it('a closed port is llm-unavailable', async () => {
    const llm = createLlm({ baseUrl: `http://127.0.0.1:${await closedPort()}/v1`, apiKey: KEY, model: 'fake-model', maxRetries: 0 });
    const error = await failureOf(llm.complete(question));
    expect((error as LlmError).key).toBe('llm-unavailable');
    expect((error as LlmError).cause).toBeInstanceOf(OpenAI.APIConnectionError);
    expect(((await failureOf(collect(llm.stream(question)))) as LlmError).key).toBe('llm-unavailable');
  });

  it('a stream that stalls longer than timeoutMs is llm-unavailable', async () => {
    const slow = await start({ reply: () => 'un deux trois quatre cinq six', chunkDelayMs: 400 });
    const llm = createLlm({ baseUrl: slow.url, apiKey: KEY, model: 'fake-model', maxRetries: 0, timeoutMs: 150 });
    const error = await failureOf(collect(llm.stream(question)));
    expect((error as LlmError).key).toBe('llm-unavailable');
  });

  it('an abort mid-stream stops the stream and throws the abort, not an LlmError', async () => {
    const slow = await start({ reply: () => 'un deux trois quatre cinq six sept huit', chunkDelayMs: 50 });
    const controller = new AbortController();
    const chunks: string[] = [];
    const error = await failureOf(
      (async () => {
        for await (const chunk of llmFor(slow).stream(question, { signal: controller.signal })) {
          chunks.push(chunk);
          controller.abort();
        }
      })(),
    );
    expect(chunks).toHaveLength(1);
    expect(error).not.toBeInstanceOf(LlmError);
    expect((error as Error).name).toBe('AbortError');
  });

  it('an abort before the answer throws the abort, not an LlmError', async () => {
    const controller = new AbortController();
    controller.abort();
    const error = await failureOf(llmFor(fake).complete(question, { signal: controller.signal }));
    expect(error).not.toBeInstanceOf(LlmError);
    expect(error).toBeInstanceOf(OpenAI.APIUserAbortError);
  });

  it('the fake answers embeddings as base64, which the SDK decodes into 8 deterministic dims', async () => {
    const client = new OpenAI({ baseURL: fake.url, apiKey: KEY, maxRetries: 0 });
    const result = await client.embeddings.create({ model: 'fake-embed', input: ['date limite', 'pénalités'] });
    expect(fake.requests.at(-1)!.body.encoding_format).toBe('base64');
    expect(result.data.map((d) => d.embedding.length)).toEqual([8, 8]);
    expect(result.data[0]!.embedding[0]).toBeCloseTo(fakeEmbedding('date limite')[0]!, 5);
    expect(result.data[0]!.embedding).not.toEqual(result.data[1]!.embedding);
  });
});

describe('llmConfigFromEnv', () => {
  it('is null unless the base URL and the model are set', () => {
    expect(llmConfigFromEnv({})).toBeNull();
    expect(llmConfigFromEnv({ LLM_BASE_URL: 'https://llm.example/v1' })).toBeNull();
    expect(llmConfigFromEnv({ LLM_MODEL: 'mistral-small' })).toBeNull();
    expect(llmConfigFromEnv({ LLM_BASE_URL: ' ', LLM_MODEL: 'mistral-small' })).toBeNull();
  });

  it('reads the three variables', () => {
    expect(llmConfigFromEnv({ LLM_BASE_URL: 'https://llm.example/v1', LLM_API_KEY: 'sk-1', LLM_MODEL: 'mistral-small' })).toEqual({
      baseUrl: 'https://llm.example/v1',
      apiKey: 'sk-1',
      model: 'mistral-small',
    });
  });

  it('sends a placeholder key when none is set (local Ollama or vLLM)', () => {
    const config = llmConfigFromEnv({ LLM_BASE_URL: 'http://127.0.0.1:11434/v1', LLM_MODEL: 'qwen2.5', LLM_API_KEY: '' });
    expect(config?.apiKey).toBeTruthy();
  });
});

describe('answers with citations', () => {
  const passages: SourcePassage[] = [
    { documentId: 'doc-rc', entry: null, fileName: 'RC.pdf', page: 3, text: 'Date limite de réception des offres : 15/07/2026 à 12h00.' },
    { documentId: 'doc-dce', entry: 'CCAP.pdf', fileName: 'DCE.zip', page: 12, text: `Pénalités de retard : 1/1000 du montant par jour. ${'Clause longue. '.repeat(40)}` },
    { documentId: 'doc-cctp', entry: null, fileName: 'CCTP.docx', page: 7, text: 'Visite du site facultative.' },
  ];

  it('citedAnswerMessages: a French system prompt, each passage with its number, file and page, then the question', () => {
    const messages = citedAnswerMessages('Quelles pénalités ?', passages);
    expect(messages[0]!.role).toBe('system');
    expect(messages[0]!.content).toMatch(/uniquement/);
    expect(messages[0]!.content).toMatch(/\[1\]/);
    const user = messages.at(-1)!;
    expect(user.role).toBe('user');
    expect(user.content).toContain('[1] RC.pdf, p. 3\nDate limite de réception');
    expect(user.content).toContain('[2] DCE.zip, p. 12\nPénalités de retard');
    expect(user.content).toContain('[3] CCTP.docx, p. 7\nVisite du site');
    expect(user.content.indexOf('Quelles pénalités ?')).toBeGreaterThan(user.content.indexOf('[3] CCTP.docx'));
  });

  it('keeps only the cited passages, in order of first citation, renumbered; drops [9]; onToken gets the stream', async () => {
    const reply = 'Les pénalités sont de 1/1000 par jour [2]. La date limite est le 15 juillet [1][9]. Rien sur les lots [9]. Encore [2, 9].';
    const fake = await startFakeOpenAi({ reply: () => reply });
    try {
      const llm = createLlm({ baseUrl: fake.url, apiKey: KEY, model: 'fake-model', maxRetries: 0 });
      const tokens: string[] = [];
      const result = await answerWithCitations(llm, 'Pénalités et date limite ?', passages, { onToken: (t) => tokens.push(t) });
      expect(result.answer).toBe('Les pénalités sont de 1/1000 par jour [1]. La date limite est le 15 juillet [2]. Rien sur les lots. Encore [1].');
      expect(result.citations.map((c) => c.documentId)).toEqual(['doc-dce', 'doc-rc']);
      expect(result.citations[0]).toMatchObject({ entry: 'CCAP.pdf', fileName: 'DCE.zip', page: 12 });
      expect(result.citations[0]!.excerpt.length).toBeLessThanOrEqual(301);
      // Cut at a word: what precedes the ellipsis is a prefix of the text that ends before a space.
      const cut = result.citations[0]!.excerpt.replace(/…$/, '');
      expect(result.citations[0]!.excerpt).toMatch(/^Pénalités de retard : 1\/1000 .*Clause…$/);
      expect(passages[1]!.text.startsWith(cut)).toBe(true);
      expect(passages[1]!.text[cut.length]).toMatch(/[\s.]/);
      expect(result.citations[1]!.excerpt).toBe(passages[0]!.text);
      expect(tokens.length).toBeGreaterThan(1);
      expect(tokens.join('')).toBe(result.answer);
      expect(fake.requests[0]!.body.messages).toEqual(citedAnswerMessages('Pénalités et date limite ?', passages));
    } finally {
      await fake.close();
    }
  });

  it('a marker split across chunks is still read; an answer with no citation keeps none', async () => {
    const chunked = {
      model: 'fake',
      complete: async () => '',
      async *stream() {
        yield* ['Visite facultative [', '3', '] et ', 'rien d’autre [', '7]', '.'];
      },
    };
    const result = await answerWithCitations(chunked, 'Visite ?', passages, {});
    expect(result.answer).toBe('Visite facultative [1] et rien d’autre.');
    expect(result.citations.map((c) => c.documentId)).toEqual(['doc-cctp']);
    const none = await answerWithCitations({ ...chunked, stream: async function* () { yield 'Les extraits ne le disent pas.'; } }, 'Lots ?', passages, {});
    expect(none).toEqual({ answer: 'Les extraits ne le disent pas.', citations: [] });
  });
});
