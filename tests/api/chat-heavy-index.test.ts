// Issue 23, security review: the chat's passage index of a tender whose documents are amplified
// PDFs (pages sharing one content stream, each document at its 4 MB of text, the tender at its
// 16 MB) is built in a worker thread from pages read a slice at a time: another company's
// requests keep flowing while it is built (built on the server's thread, it held them all for
// seconds), the answer still comes, and the people who ask meanwhile share one build. And the
// pages of a tender with more pages than one slice are all read, in their order.
import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { documentPages, tenderDocuments } from '../../server/db/schema';
import { createPassageIndexes, indexBuildsStarted } from '../../server/domains/chat/passages';
import { MAX_TENDER_TEXT_BYTES } from '../../server/extraction/limits';
import { amplifiedPdf } from './amplified-pdf';
import { createTestApp, createUser, type TestContext } from './context';
import { formRequest, insertTender } from './documents-fixtures';

type Person = Awaited<ReturnType<typeof createUser>>;
type Message = { answer: string; mode: string; citations: { fileName: string; page: number }[] };

const QUESTION = 'Quelle norme pour les équipements ?';
const DOCUMENTS = 4;

let ctx: TestContext;
let manager: Person;
let colleague: Person;
let neighbour: Person;
let tenderId: string;

const get = (token: string, url: string) => ctx.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}`, 'accept-language': 'fr' } });
const ask = (person: Person, question = QUESTION) =>
  ctx.app.inject({ method: 'POST', url: `/api/tenders/${tenderId}/chat/messages`, headers: { authorization: `Bearer ${person.token}`, 'accept-language': 'fr' }, payload: { question } });
const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

beforeAll(async () => {
  ctx = await createTestApp({ jobWorkers: 1 });
  manager = await createUser(ctx, 'manager');
  colleague = await createUser(ctx, 'employee', { companyId: manager.companyId });
  neighbour = await createUser(ctx, 'manager');
  tenderId = (await insertTender(ctx, manager.companyId!)).id;
  // One amplified PDF read as any upload (its text cut to the document's 4 MB), then its rows
  // copied as three more uploads of it would give them: reading each takes half a minute.
  const res = await ctx.app.inject(formRequest('POST', `/api/tenderDocs?companyId=${manager.companyId}`, manager.token, { tenderId }, { filename: 'CCTP-amplifie-1.pdf', data: amplifiedPdf(300) }));
  expect(res.statusCode, res.body).toBe(201);
  const firstId = (res.json() as { details: { _id: string } }).details._id;
  for (const end = Date.now() + 120_000; ; ) {
    const doc = (await get(manager.token, `/api/tenderDocs/${firstId}`)).json() as { extraction: { status: string } | null };
    if (doc.extraction?.status === 'done') break;
    if (doc.extraction?.status === 'failed' || Date.now() > end) throw new Error(`extraction ${doc.extraction?.status}`);
    await sleep(200);
  }
  const [first] = await ctx.db.select().from(tenderDocuments).where(eq(tenderDocuments.id, firstId));
  for (let n = 2; n <= DOCUMENTS; n++) {
    const id = randomUUID();
    await ctx.db.insert(tenderDocuments).values({ ...first!, id, fileName: `CCTP-amplifie-${n}.pdf`, storageKey: `${first!.storageKey}-${n}`, createdAt: new Date(first!.createdAt.getTime() + n) });
    await ctx.db.execute(
      sql`insert into document_pages (document_id, tender_id, entry, page, text, body, ocr) select ${id}::uuid, tender_id, entry, page, text, body, ocr from document_pages where document_id = ${firstId}::uuid`,
    );
  }
}, 240_000);
afterAll(() => ctx?.close());

describe("the chat's index of a tender at its text limit", () => {
  it('is built while another company waits under 300 ms, once for two people asking at once, and answers', { timeout: 180_000 }, async () => {
    const [stored] = await ctx.db
      .select({
        text: sql<number>`sum(octet_length(${documentPages.text}))`.mapWith(Number),
        body: sql<number>`sum(octet_length(${documentPages.body}))`.mapWith(Number),
        pages: sql<number>`count(*)`.mapWith(Number),
      })
      .from(documentPages)
      .where(eq(documentPages.tenderId, tenderId));
    console.info(`tender text: ${(stored!.text / 1024 / 1024).toFixed(1)} MB on ${stored!.pages} pages (${(stored!.body / 1024 / 1024).toFixed(1)} MB without running headers)`);
    expect(stored!.text).toBeGreaterThan(MAX_TENDER_TEXT_BYTES * 0.95);
    expect(stored!.text).toBeLessThanOrEqual(MAX_TENDER_TEXT_BYTES);

    // Another company's profile, asked every 10 ms, each request timed from when it was due (as in
    // heavy-documents.test.ts): what waits behind the build counts. A second before the question
    // is printed apart, to tell a busy machine from a blocked server.
    const samples: number[] = [];
    let finished = false;
    const asking = (async () => {
      const answers: Promise<void>[] = [];
      for (let due = performance.now(); !finished; due += 10) {
        const wait = due - performance.now();
        if (wait > 0) await sleep(wait);
        const at = due;
        answers.push(
          get(neighbour.token, '/api/users/profile').then((res) => {
            samples.push(performance.now() - at);
            expect(res.statusCode).toBe(200);
          }),
        );
      }
      await Promise.all(answers);
    })();
    await sleep(1000);
    const before = samples.splice(0).sort((a, b) => a - b);
    const builds = indexBuildsStarted();
    const started = performance.now();
    // Two people of the company ask at once: one build.
    const [first, second] = await Promise.all([ask(manager), ask(colleague)]);
    const took = performance.now() - started;
    finished = true;
    await asking;
    const during = [...samples].sort((a, b) => a - b);
    console.info(
      `index of the tender built and answered in ${(took / 1000).toFixed(1)} s; another company's profile GETs meanwhile: ${during.length}, ` +
        `p50 ${percentile(during, 50).toFixed(1)} ms, p99 ${percentile(during, 99).toFixed(1)} ms, max ${during.at(-1)!.toFixed(1)} ms ` +
        `(the second before: p50 ${percentile(before, 50).toFixed(1)} ms, p99 ${percentile(before, 99).toFixed(1)} ms)`,
    );

    for (const res of [first!, second!]) {
      expect(res.statusCode, res.body).toBe(200);
      const { details } = res.json() as { details: Message };
      expect(details.mode).toBe('extractive');
      expect(details.answer).toContain('la norme NF EN');
      expect(details.citations[0]!.fileName).toMatch(/^CCTP-amplifie-\d\.pdf$/);
    }
    expect(indexBuildsStarted() - builds).toBe(1);
    expect(during.length).toBeGreaterThan(20);
    // Under 300 ms; on a machine already that slow before the question (other test files run
    // beside this one), no worse than twice what it was: a build on the server's thread blocked
    // every request for seconds (2.4 s on an idle machine).
    expect(percentile(during, 99)).toBeLessThan(Math.max(300, 2 * percentile(before, 99)));

    // The index is kept (it is within the cache's budget): the next question builds nothing.
    const again = await ask(manager, 'Quels équipements le titulaire fournit-il ?');
    expect(again.statusCode).toBe(200);
    expect(indexBuildsStarted() - builds).toBe(1);

    // The index built in the thread holds every page of every document.
    const entry = await createPassageIndexes(ctx.db)(tenderId);
    console.info(`index: ${entry.index.passages.length} passages, about ${(entry.index.bytes / 1024 / 1024).toFixed(1)} MB`);
    expect(entry.pages).toBe(stored!.pages);
    const pagesHeld = new Set(entry.index.passages.map((passage) => `${passage.documentId}:${passage.page}`));
    const pagesStored = await ctx.db.select({ documentId: documentPages.documentId, page: documentPages.page }).from(documentPages).where(eq(documentPages.tenderId, tenderId));
    expect(pagesHeld).toEqual(new Set(pagesStored.map((row) => `${row.documentId}:${row.page}`)));
    expect(new Set(entry.index.passages.map((passage) => passage.fileName)).size).toBe(DOCUMENTS);
  });
});

describe('the pages of a tender', () => {
  it('are read in slices, every page once and in the order they were before, whatever their number', { timeout: 120_000 }, async () => {
    const tender = (await insertTender(ctx, neighbour.companyId!)).id;
    // Two documents, one an archive of two entries: 2,600 short pages, more than a slice of rows holds.
    const documents: { id: string; entries: string[]; pages: number }[] = [
      { id: randomUUID(), entries: [''], pages: 1000 },
      { id: randomUUID(), entries: ['lot-1/CCTP.pdf', 'lot-2/CCTP.pdf'], pages: 800 },
    ];
    for (const [at, doc] of documents.entries()) {
      await ctx.db.insert(tenderDocuments).values({
        id: doc.id,
        tenderId: tender,
        companyId: neighbour.companyId!,
        fileName: `dossier-${at + 1}.${doc.entries.length > 1 ? 'zip' : 'pdf'}`,
        mime: 'application/pdf',
        size: 1000,
        sha256: '0'.repeat(64),
        storageKey: `tender-docs/${neighbour.companyId}/${tender}/${doc.id}`,
        createdAt: new Date(Date.now() + at),
      });
      for (const entry of doc.entries) {
        const rows = Array.from({ length: doc.pages }, (_, k) => {
          const text = k % 10 === 9 ? '' : `Article ${k + 1} du ${entry || 'dossier'} : le titulaire livre la piece ${at}-${k + 1}.`;
          return { documentId: doc.id, tenderId: tender, entry, page: k + 1, text, body: text };
        });
        for (let from = 0; from < rows.length; from += 500) await ctx.db.insert(documentPages).values(rows.slice(from, from + 500));
      }
    }
    const entry = await createPassageIndexes(ctx.db)(tender);
    expect(entry.pages).toBe(2600);
    // In the database's order, as before: document, entry, page.
    const read = entry.index.passages.map((passage) => `${passage.documentId}|${passage.fileName}|${passage.entry ?? ''}|${passage.page}`);
    const expected = [...documents]
      .sort((x, y) => (x.id < y.id ? -1 : 1))
      .flatMap((doc) =>
        doc.entries.flatMap((name) =>
          Array.from({ length: doc.pages }, (_, k) => k)
            .filter((k) => k % 10 !== 9)
            .map((k) => `${doc.id}|${name ? name.split('/').pop() : `dossier-${documents.indexOf(doc) + 1}.pdf`}|${name}|${k + 1}`),
        ),
      );
    expect(read).toEqual(expected);
    expect(entry.index.passages.find((passage) => passage.entry === 'lot-2/CCTP.pdf' && passage.page === 799)!.text).toContain('piece 1-799');
  });
});
