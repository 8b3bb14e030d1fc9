// The DCE analysis with a language model configured (a fake OpenAI-compatible server on
// 127.0.0.1), on the real Grenoble INP RC: the facts the rules miss there (price type, warranty,
// penalties) are asked in one JSON request with a few passages; only an answer that has its key's
// shape, names a passage sent and quotes it is kept, marked as the model's; a failing model leaves
// the rules' facts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createTestApp, createUser, type TestContext } from './context';
import { formRequest, insertTender, type FileSpec } from './documents-fixtures';
import { startFakeOpenAi, type FakeMessage, type FakeReply } from '../support/fake-openai';

const GRENOBLE = join(__dirname, '../fixtures/dce/grenoble-inp_2026FCSSA0025');
const RC = 'RC_2026FCSSA0025 v2.pdf';
const WARRANTY_EXCERPT = 'au-delà de la garantie de base prévue au CCTP';

type Fact = { key: string; value: unknown; status: string; origin: string; confidence: number; sources: { fileName: string; page: number; excerpt: string }[] };
type Analysis = { _id: string; status: string; facts: Fact[] };

let ctx: TestContext;
let fake: Awaited<ReturnType<typeof startFakeOpenAi>>;
let manager: Awaited<ReturnType<typeof createUser>>;
let tenderId: string;
let reply: (messages: FakeMessage[]) => FakeReply = () => ({ status: 500 });

const call = (method: 'GET' | 'POST', url: string) => ctx.app.inject({ method, url, headers: { authorization: `Bearer ${manager.token}`, 'accept-language': 'fr' } });
const flat = (text: string) => text.replace(/\s+/g, ' ');

/** The passages of the request, by number. */
function passagesOf(messages: FakeMessage[]): Map<number, string> {
  const user = messages.find((m) => m.role === 'user')!.content;
  const blocks = user.split(/\n\n(?=\[\d+\] )/).filter((block) => /^\[\d+\] /.test(block));
  return new Map(blocks.map((block) => [Number(/^\[(\d+)\]/.exec(block)![1]), block]));
}
const passageHolding = (messages: FakeMessage[], phrase: string) => [...passagesOf(messages)].find(([, text]) => flat(text).includes(phrase))?.[0];
/** The keys the request asks for: its "- key : shape" lines. */
const askedKeys = (messages: FakeMessage[]) => [...messages.find((m) => m.role === 'user')!.content.matchAll(/^- (\w+) : /gm)].map((m) => m[1]).sort();

async function analyse(): Promise<Analysis> {
  const res = await call('POST', `/api/tenders/${tenderId}/dce-analyses`);
  expect(res.statusCode).toBe(202);
  const id = (res.json() as { details: Analysis }).details._id;
  for (const end = Date.now() + 90_000; ; ) {
    const analysis = (await call('GET', `/api/dce-analyses/${id}`)).json() as Analysis;
    if (analysis.status === 'done' || analysis.status === 'failed') return analysis;
    if (Date.now() > end) throw new Error(`analysis still ${analysis.status}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

beforeAll(async () => {
  fake = await startFakeOpenAi({ apiKey: 'k', reply: (messages) => reply(messages) });
  ctx = await createTestApp({ jobWorkers: 1, captureLogs: true, llm: { baseUrl: fake.url, apiKey: 'k', model: 'm', maxRetries: 0 } });
  manager = await createUser(ctx, 'manager');
  tenderId = (await insertTender(ctx, manager.companyId!)).id;
  const file: FileSpec = { filename: RC, data: readFileSync(join(GRENOBLE, RC)) };
  expect((await ctx.app.inject(formRequest('POST', `/api/tenderDocs?companyId=${manager.companyId}`, manager.token, { tenderId }, file))).statusCode).toBe(201);
  // Read before the tests start, so that each test times its analysis only.
  for (const end = Date.now() + 90_000; ; ) {
    const docs = (await call('GET', `/api/tenders/${tenderId}/docs`)).json() as { documents: { extraction: { status: string } | null }[] };
    if (docs.documents.every((d) => d.extraction?.status === 'done')) break;
    if (Date.now() > end) throw new Error('the RC is still being read');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}, 120_000);
afterAll(async () => {
  await ctx?.close();
  await fake?.close();
});

describe('the DCE analysis with a language model', () => {
  it('asks only for the missing facts, with the passages, and keeps only the answer it can check', async () => {
    reply = (messages) => {
      const warranty = passageHolding(messages, WARRANTY_EXCERPT)!;
      return JSON.stringify({
        facts: {
          warranty: { value: 'Garantie de base prévue au CCTP ; extension d’1 an ou de 3 ans en option (PSE)', passage: warranty, excerpt: `« ${WARRANTY_EXCERPT} »` },
          // Wrong shape: the rate is a fraction, not text.
          penalties: { value: { summary: 'Pénalités de retard', perDay: { fraction: '1/1000' } }, passage: warranty, excerpt: WARRANTY_EXCERPT },
          // No such passage.
          priceType: { value: 'firm', passage: 99, excerpt: 'Le prix est exprimé en forfait HT' },
          // Not asked: the rules found it.
          submissionDeadline: { value: '2030-01-01T12:00:00+01:00', passage: warranty, excerpt: WARRANTY_EXCERPT },
        },
      });
    };
    const analysis = await analyse();
    expect(analysis.status).toBe('done');

    expect(fake.requests).toHaveLength(1);
    const sent = fake.requests[0]!;
    expect(sent.path).toBe('/v1/chat/completions');
    expect(sent.body).toMatchObject({ model: 'm', response_format: { type: 'json_object' } });
    const messages = sent.body.messages as FakeMessage[];
    expect(askedKeys(messages)).toEqual(['penalties', 'priceType', 'warranty']);
    const passages = passagesOf(messages);
    expect(passages.size).toBeGreaterThan(0);
    expect(passages.size).toBeLessThanOrEqual(6);
    for (const text of passages.values()) expect(text).toMatch(/^\[\d+\] RC_2026FCSSA0025 v2\.pdf, p\. \d+\n/);
    expect(messages.reduce((sum, m) => sum + m.content.length, 0)).toBeLessThanOrEqual(6000);

    const byKey = new Map(analysis.facts.map((f) => [f.key, f]));
    expect(byKey.get('warranty')).toMatchObject({
      value: 'Garantie de base prévue au CCTP ; extension d’1 an ou de 3 ans en option (PSE)',
      status: 'extracted',
      origin: 'llm',
      confidence: 0.5,
      sources: [{ fileName: RC, page: 5, excerpt: WARRANTY_EXCERPT }],
    });
    expect(byKey.has('penalties')).toBe(false);
    expect(byKey.has('priceType')).toBe(false);
    expect(byKey.get('submissionDeadline')).toMatchObject({ value: '2026-07-15T12:00:00+02:00', origin: 'rules' });
    expect(analysis.facts.filter((f) => f.origin === 'llm').map((f) => f.key)).toEqual(['warranty']);
  });

  it('drops a fact whose excerpt is not in its passage', async () => {
    reply = (messages) =>
      JSON.stringify({
        facts: {
          priceType: { value: 'firm', passage: passageHolding(messages, WARRANTY_EXCERPT)!, excerpt: 'Les prix sont fermes et définitifs.' },
          warranty: null,
          penalties: null,
        },
      });
    const analysis = await analyse();
    expect(analysis.status).toBe('done');
    expect(fake.requests).toHaveLength(2);
    expect(analysis.facts.filter((f) => f.origin === 'llm')).toEqual([]);
  });

  it('keeps the rules\' facts when the model fails', async () => {
    reply = () => ({ status: 500 });
    const analysis = await analyse();
    expect(analysis.status).toBe('done');
    expect(fake.requests).toHaveLength(3);
    expect(analysis.facts.find((f) => f.key === 'submissionDeadline')).toMatchObject({ origin: 'rules' });
    expect(analysis.facts.filter((f) => f.origin === 'llm')).toEqual([]);
    expect(ctx.logLines.some((line) => line.msg === "the language model did not fill the DCE facts; the rules' facts are kept")).toBe(true);
  });
});
