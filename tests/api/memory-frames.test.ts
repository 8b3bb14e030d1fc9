// A memory from the buyer's technical response frame (issue 25), on the real Grenoble INP DCE: the
// frame offered with the memories, the outline in the CRTE's order and numbering with the buyer's
// words, criteria and CCTP requirements per item; the answers written into the buyer's own DOCX;
// exports over an item's limit refused until confirmed.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { strFromU8, unzipSync } from 'fflate';
import { memories, memorySections } from '../../server/db/schema';
import { NOTE_HEADINGS } from '../../rules/working-notes';
import { createTestApp, createUser, errorOf, type TestContext } from './context';
import { tenderWithReadDocs } from './documents-fixtures';
import { existsSync } from 'node:fs';

// With LibreOffice, the frame filled is laid out to measure its items' pages; it starts only for that test.
const SOFFICE = '/usr/bin/soffice';
const hasSoffice = existsSync(SOFFICE);

type FrameItem = { index: number; number: string; prompt: string; limit: { characters?: number; words?: number; excerpt: string } | null; criterion: { label: string; weight: number | null } | null };
type Section = { _id: string; title: string; level: number; text: string; version: number; source: string | null; criterion: { name: string; weight: number; subCriterion?: string } | null; requirementIds: string[]; frameItem?: FrameItem | null };
type Memory = { _id: string; title: string; notes: string[]; sections: Section[]; frame: { documentId: string; fileName: string; format: string; fillable: boolean } | null };
type Frame = { documentId: string; entry: string | null; fileName: string };

const CRTE = 'CRTE_2026FCSSA0025 v2.docx';
let ctx: TestContext;
let manager: Awaited<ReturnType<typeof createUser>>;
let outsider: Awaited<ReturnType<typeof createUser>>;
let tenderId: string;
let frames: Frame[];
let rcId: string;
let memory: Memory;

const call = (token: string, method: 'GET' | 'POST' | 'PATCH', url: string, payload?: unknown) =>
  ctx.app.inject({ method, url, headers: { authorization: `Bearer ${token}`, 'accept-language': 'fr' }, ...(payload !== undefined ? { payload: payload as object } : {}) });

async function finished(url: string) {
  for (const end = Date.now() + 120_000; ; ) {
    const analysis = (await call(manager.token, 'GET', url)).json() as { status: string };
    if (analysis.status === 'done' || analysis.status === 'failed') return analysis;
    if (Date.now() > end) throw new Error(`analysis still ${analysis.status}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
const documentXml = (body: Buffer) => strFromU8(unzipSync(new Uint8Array(body))['word/document.xml']!);
const textOf = (xml: string) => [...xml.matchAll(/<w:t(?: [^>]*)?>([^<]*)<\/w:t>/g)].map((m) => m[1]).join('');
const section = (number: string) => memory.sections.find((s) => s.frameItem?.number === number)!;

beforeAll(async () => {
  ctx = await createTestApp({ jobWorkers: 1, soffice: hasSoffice ? SOFFICE : null });
  manager = await createUser(ctx, 'manager');
  outsider = await createUser(ctx, 'manager');
  tenderId = await tenderWithReadDocs(ctx, manager, ['RC_2026FCSSA0025 v2.pdf', 'CCTP_2026FCSSA0025 v2.pdf', CRTE]);
  const dce = (await call(manager.token, 'POST', `/api/tenders/${tenderId}/dce-analyses`)).json() as { details: { _id: string } };
  expect((await finished(`/api/dce-analyses/${dce.details._id}`)).status).toBe('done');
  const cctp = (await call(manager.token, 'POST', `/api/tenders/${tenderId}/cctp-analyses`)).json() as { details: { _id: string } };
  expect((await finished(`/api/cctp-analyses/${cctp.details._id}`)).status).toBe('done');
  const docs = (await call(manager.token, 'GET', `/api/tenders/${tenderId}/docs`)).json() as { documents: { _id: string; fileName: string }[] };
  rcId = docs.documents.find((d) => d.fileName.startsWith('RC_'))!._id;
}, 240_000);
afterAll(() => ctx?.close());

describe('a memory from the buyer\u2019s response frame', () => {
  it('offers the CRTE the DCE analysis found, with the memories', async () => {
    const res = await call(manager.token, 'GET', `/api/tenders/${tenderId}/memories`);
    expect(res.statusCode).toBe(200);
    frames = (res.json() as { frames: Frame[] }).frames;
    expect(frames.map((f) => f.fileName)).toEqual([CRTE]);
  });

  it('follows the frame\u2019s items in its order and numbering, with the buyer\u2019s words, criteria and CCTP requirements', async () => {
    const res = await call(manager.token, 'POST', `/api/tenders/${tenderId}/memories`, { from: 'frame', documentId: frames[0]!.documentId });
    expect(res.statusCode).toBe(201);
    memory = (res.json() as { details: Memory }).details;
    expect(memory.frame).toMatchObject({ fileName: CRTE, format: 'docx', fillable: true });
    expect(memory.notes.join(' ')).toContain(CRTE);
    const numbered = memory.sections.filter((s) => s.frameItem).map((s) => s.frameItem!.number);
    expect(numbered.slice(0, 4)).toEqual(['1', '2', '2.1', '2.2']);
    expect(numbered).toContain('2.2.1');
    expect(numbered).toContain('5.2.8');
    expect(numbered.indexOf('3.1')).toBeLessThan(numbered.indexOf('4'));
    expect(section('2.1').title).toMatch(/Finesse de structuration laser/);
    expect(section('2.2.1').level).toBe(2);
    // The buyer's words travel with the item, never as its text.
    expect(section('2.1').frameItem!.prompt).toMatch(/largeur minimale de piste/i);
    expect(section('2.1').text).toBe('');
    expect(section('2.1').frameItem!.criterion).toMatchObject({ weight: 20 });
    // The item cites art. 3.1.3 of the CCTP: its requirements come with it.
    expect(section('2.2.1').requirementIds.length).toBeGreaterThan(0);
    // The staff, planning and references sections follow the frame's items.
    expect(memory.sections.at(-1)!.frameItem ?? null).toBeNull();
  });

  it('writes the answers into the buyer\u2019s own DOCX, under their items, the rest of the file as it was', async () => {
    const target = section('3.3');
    const content = { type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text: 'Formation de deux jours sur site pour huit personnes.' }] }] };
    const saved = await call(manager.token, 'PATCH', `/api/memories/${memory._id}/sections/${target._id}`, { version: target.version, content });
    expect(saved.statusCode).toBe(200);
    const res = await call(manager.token, 'GET', `/api/memories/${memory._id}/export.docx?into=frame`);
    expect(res.statusCode).toBe(200);
    const text = textOf(documentXml(res.rawPayload));
    const at = text.indexOf('Formation de deux jours sur site');
    expect(at).toBeGreaterThan(text.indexOf('Réf. art. 8 du CCTP'));
    expect(at).toBeLessThan(text.indexOf('Garantie, SAV et support technique', text.indexOf('Réf. art. 8 du CCTP')));
    // The buyer's headings and the other items' placeholders stay.
    expect(text).toContain('Qualité des services associés');
    expect(text).toContain('PSE n°10f - Maintenance complète 3 ans');
  });

  it('prints the buyer\u2019s numbers in our designed export', async () => {
    const res = await call(manager.token, 'GET', `/api/memories/${memory._id}/export.docx`);
    expect(res.statusCode).toBe(200);
    expect(textOf(documentXml(res.rawPayload))).toContain('2.2.1 Qualité de gravure');
  });

  it('refuses an export over an item\u2019s limit until the writer confirms', async () => {
    const target = section('3.3');
    await ctx.db
      .update(memorySections)
      .set({ frameItem: { ...target.frameItem!, limit: { characters: 20, excerpt: '20 caractères maximum' } } })
      .where(eq(memorySections.id, target._id));
    const refused = await call(manager.token, 'GET', `/api/memories/${memory._id}/export.docx?into=frame`);
    expect(refused.statusCode).toBe(409);
    expect(errorOf(refused).msgType).toBe('memory-limits_exceeded');
    expect(JSON.stringify(refused.json())).toContain('"limit":"characters"');
    expect((await call(manager.token, 'GET', `/api/memories/${memory._id}/export.pdf`)).statusCode).toBe(409);
    expect((await call(manager.token, 'GET', `/api/memories/${memory._id}/export.docx?into=frame&acceptLimits=true`)).statusCode).toBe(200);
  });

  it.skipIf(!hasSoffice)(
    'measures each item\u2019s pages as the buyer\u2019s frame and the PDF are laid out, against the item\u2019s page limit',
    async () => {
      const onePage = (number: string) => {
        const target = section(number);
        return ctx.db.update(memorySections).set({ frameItem: { ...target.frameItem!, limit: { pages: 1, excerpt: '1 page maximum' } } }).where(eq(memorySections.id, target._id));
      };
      await Promise.all([onePage('3.3'), onePage('2.1')]);
      const line = 'Formation de deux jours sur site pour huit personnes, avec un support écrit remis à chacun et une évaluation en fin de session. ';
      const long = { type: 'doc', content: Array.from({ length: 60 }, () => ({ type: 'paragraph', content: [{ type: 'text', text: line.repeat(2) }] })) };
      await ctx.db.update(memorySections).set({ content: long }).where(eq(memorySections.id, section('3.3')._id));
      await ctx.db.update(memorySections).set({ content: { type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text: 'Largeur de piste de 20 µm.' }] }] } }).where(eq(memorySections.id, section('2.1')._id));
      const pagesOf = async () => (await ctx.db.select({ pdfPages: memories.pdfPages }).from(memories).where(eq(memories.id, memory._id)))[0]!.pdfPages!;
      const spanOf = (measured: Awaited<ReturnType<typeof pagesOf>>, number: string) => measured.sections!.find((s) => s.sectionId === section(number)._id)?.pages;

      const filled = await call(manager.token, 'GET', `/api/memories/${memory._id}/export.docx?into=frame&acceptLimits=true`);
      expect(filled.statusCode).toBe(200);
      const frame = await pagesOf();
      expect(frame.layout).toBe('frame');
      expect(spanOf(frame, '3.3')).toBeGreaterThan(1.5);
      expect(spanOf(frame, '2.1')).toBeLessThanOrEqual(1);
      // The folder's mémoire (the frame filled) fails on item 3.3 only, with the item's own words as the rule's source.
      const folder = (await call(manager.token, 'GET', `/api/tenders/${tenderId}/submission`)).json() as { pieces: { checks: { key: string; ok: boolean; msg: string; source: string | null }[] }[] };
      const pages = folder.pieces.flatMap((p) => p.checks).find((c) => c.key === 'item_pages')!;
      expect(pages).toMatchObject({ ok: false, source: expect.stringContaining('1 page maximum') });
      expect(pages.msg).toMatch(/^1 rubrique\(s\).*3\.3 : \d+,\d+ pages pour 1/);

      const pdf = await call(manager.token, 'GET', `/api/memories/${memory._id}/export.pdf?acceptLimits=true`);
      expect(pdf.statusCode).toBe(200);
      expect(pdf.headers['x-export-warning']).toBe('memory-pdf_item_over_pages');
      const laidOut = await pagesOf();
      expect(laidOut.layout).toBe('pdf');
      expect(spanOf(laidOut, '3.3')).toBeGreaterThan(1.5);
      expect(spanOf(laidOut, '2.1')).toBeLessThanOrEqual(1);
    },
    120_000,
  );

  it('counts the whole memory against the RC\u2019s word limit without the writers\u2019 notes', async () => {
    const blank = (await call(manager.token, 'POST', `/api/tenders/${tenderId}/memories`, { from: 'blank', title: 'Limite de mots' })).json() as { details: Memory };
    // One section with a note and four words of the writer's; the others emptied.
    await ctx.db.update(memorySections).set({ content: { type: 'doc', content: [{ type: 'paragraph' }] } }).where(eq(memorySections.memoryId, blank.details._id));
    const [first] = await ctx.db.select().from(memorySections).where(eq(memorySections.memoryId, blank.details._id)).limit(1);
    const words = (text: string) => ({ type: 'paragraph', content: [{ type: 'text', text }] });
    const content = {
      type: 'doc',
      content: [
        { type: 'blockquote', content: [{ type: 'paragraph', content: [{ type: 'text', text: NOTE_HEADINGS.buyer, marks: [{ type: 'bold' }] }] }, words('Le candidat présente sa méthodologie, ses moyens humains et matériels, son planning détaillé.')] },
        words('Méthodologie en trois phases.'),
      ],
    };
    await ctx.db.update(memorySections).set({ content }).where(eq(memorySections.id, first!.id));
    // Four words the buyer reads; thirteen more in the note.
    await ctx.db.update(memories).set({ limits: { words: 4 } }).where(eq(memories.id, blank.details._id));
    const within = await call(manager.token, 'GET', `/api/memories/${blank.details._id}/export.docx`);
    expect(within.statusCode, within.body.slice(0, 300)).toBe(200);
    await ctx.db.update(memories).set({ limits: { words: 3 } }).where(eq(memories.id, blank.details._id));
    const refused = await call(manager.token, 'GET', `/api/memories/${blank.details._id}/export.docx`);
    expect(refused.statusCode).toBe(409);
    expect(JSON.stringify(refused.json())).toContain('"actual":4');
  });

  it('refuses what is no frame, another company\u2019s document, and a buyer\u2019s export of a memory without one', async () => {
    expect((await call(manager.token, 'POST', `/api/tenders/${tenderId}/memories`, { from: 'frame' })).statusCode).toBe(400);
    const rc = await call(manager.token, 'POST', `/api/tenders/${tenderId}/memories`, { from: 'frame', documentId: rcId });
    expect(rc.statusCode).toBe(400);
    expect(rc.json().msg).toMatch(/cadre de réponse/);
    const elsewhere = await call(outsider.token, 'POST', `/api/tenders/${tenderId}/memories`, { from: 'frame', documentId: frames[0]!.documentId });
    expect(elsewhere.statusCode).toBe(404);
    const blank = (await call(manager.token, 'POST', `/api/tenders/${tenderId}/memories`, { from: 'blank', title: 'Sans cadre' })).json() as { details: Memory };
    const res = await call(manager.token, 'GET', `/api/memories/${blank.details._id}/export.docx?into=frame`);
    expect(res.statusCode).toBe(409);
  });
});
