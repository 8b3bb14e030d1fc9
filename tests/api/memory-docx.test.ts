// The technical memory's Word export (issue 12): a real DOCX whose document.xml holds the cover,
// a table of contents field, the chapters and sections as numbered Heading 1/2 in order, the
// section's own headings as Heading 3, lists, a quote and a table with its header row; another
// company's memory is a 404. With LibreOffice installed, the file converts to a PDF holding the
// headings over several pages.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { randomUUID } from 'node:crypto';
import { unzipSync, strFromU8 } from 'fflate';
import { createTestApp, createUser, errorOf, type TestContext } from './context';
import { insertTender } from './documents-fixtures';
import { DEMO_MEMORY_TITLE, seedDemoMemory } from '../../server/db/demo-memory';
import { companies } from '../../server/db/schema';
import { eq } from 'drizzle-orm';

const run = promisify(execFile);
const SOFFICE = '/usr/bin/soffice';
const hasSoffice = existsSync(SOFFICE);
if (!hasSoffice) console.warn(`memory-docx: ${SOFFICE} is missing (apt-get install libreoffice-writer-nogui): the PDF conversion test is skipped.`);

let ctx: TestContext;
let manager: Awaited<ReturnType<typeof createUser>>;
let outsider: Awaited<ReturnType<typeof createUser>>;
let memoryId: string;
let tenderId: string;

const call = (token: string, method: 'GET' | 'POST', url: string, payload?: unknown) =>
  ctx.app.inject({ method, url, headers: { authorization: `Bearer ${token}` }, ...(payload !== undefined ? { payload: payload as object } : {}) });
const text = (value: string, marks?: string[]) => ({ type: 'text', text: value, ...(marks ? { marks: marks.map((type) => ({ type })) } : {}) });
const p = (...content: object[]) => ({ type: 'paragraph', content });
const cell = (type: string, value: string) => ({ type, content: [p(text(value))] });

const METHOD = {
  type: 'doc',
  content: [
    p(text('Notre méthode est '), text('éprouvée', ['bold']), text(' et '), text('documentée', ['italic']), text('.')),
    { type: 'heading', attrs: { level: 3 }, content: [text('Phasage des travaux')] },
    { type: 'bulletList', content: [{ type: 'listItem', content: [p(text('Dépose de la couverture'))] }, { type: 'listItem', content: [p(text('Pose des bacs acier'))] }] },
    { type: 'orderedList', content: [{ type: 'listItem', content: [p(text('Installation du chantier'))] }, { type: 'listItem', content: [p(text('Repli'))] }] },
    { type: 'blockquote', content: [p(text("Le candidat décrit sa méthode d'intervention."))] },
    {
      type: 'table',
      content: [
        { type: 'tableRow', content: [cell('tableHeader', 'Phase'), cell('tableHeader', 'Durée')] },
        { type: 'tableRow', content: [cell('tableCell', 'Dépose'), cell('tableCell', '2 semaines')] },
      ],
    },
  ],
};

const unzip = (body: Buffer) => {
  const files = unzipSync(new Uint8Array(body));
  return (name: string) => strFromU8(files[name]!);
};
const unescapeXml = (value: string) => value.replace(/&(lt|gt|quot|apos|amp);/g, (_, name: string) => ({ lt: '<', gt: '>', quot: '"', apos: "'", amp: '&' })[name]!);
/** Paragraphs in a heading style, as [style, text], in document order. */
const headingsOf = (xml: string) =>
  [...xml.matchAll(/<w:p>(?:(?!<\/w:p>).)*?<w:pStyle w:val="(Heading[123])"\/>(.*?)<\/w:p>/gs)].map((m) => [m[1], [...m[2]!.matchAll(/<w:t(?: [^>]*)?>([^<]*)<\/w:t>/g)].map((t) => unescapeXml(t[1]!)).join('')]);

beforeAll(async () => {
  ctx = await createTestApp();
  manager = await createUser(ctx, 'manager');
  outsider = await createUser(ctx, 'manager');
  await ctx.db.update(companies).set({ name: 'Toitures Dauphinoises' }).where(eq(companies.id, manager.companyId!));
  tenderId = (await insertTender(ctx, manager.companyId!)).id;
  const created = await call(manager.token, 'POST', `/api/tenders/${tenderId}/memories`, { from: 'blank', title: 'Mémoire « toiture » été' });
  expect(created.statusCode).toBe(201);
  memoryId = (created.json() as { details: { _id: string } }).details._id;
  const sections = [
    { title: "Méthodologie d'intervention", level: 1, content: METHOD },
    {
      title: 'Sécurité du chantier',
      level: 2,
      content: { type: 'doc', content: [p(text('Un plan de prévention est signé.')), { type: 'orderedList', content: [{ type: 'listItem', content: [p(text('Accueil sécurité'))] }] }] },
    },
    { title: 'Environnement', level: 1, content: { type: 'doc', content: [p(text('Tri des déchets sur place.'))] } },
  ];
  for (const [position, section] of sections.entries()) expect((await call(manager.token, 'POST', `/api/memories/${memoryId}/sections`, { ...section, position })).statusCode).toBe(201);
}, 60_000);
afterAll(() => ctx?.close());

describe('GET /api/memories/{id}/export.docx', () => {
  it('is a DOCX attachment named from the title, with the cover, a TOC field, numbered headings in order, lists, a quote and a table', async () => {
    const res = await call(manager.token, 'GET', `/api/memories/${memoryId}/export.docx`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.wordprocessingml.document');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="Memoire _ toiture _ ete.docx"; filename*=UTF-8''M%C3%A9moire%20%C2%AB%20toiture%20%C2%BB%20%C3%A9t%C3%A9.docx`);
    const read = unzip(res.rawPayload);
    const document = read('word/document.xml');
    expect(headingsOf(document)).toEqual([
      ['Heading1', "Méthodologie d'intervention"],
      ['Heading3', 'Phasage des travaux'],
      ['Heading2', 'Sécurité du chantier'],
      ['Heading1', 'Environnement'],
      ['Heading1', 'Moyens humains'],
      ['Heading1', 'Planning'],
      ['Heading1', 'Références'],
    ]);
    // The cover: company, call, reference, buyer, a date in French.
    expect(document).toContain('Toitures Dauphinoises');
    expect(document).toContain('Réfection de la toiture du gymnase');
    expect(document).toMatch(/Référence : DOCS-/);
    expect(document).toContain('Acheteur : Commune de Vienne');
    expect(document).toMatch(/\d{1,2} (janvier|février|mars|avril|mai|juin|juillet|août|septembre|octobre|novembre|décembre) 20\d\d/);
    // The table of contents field, before the first chapter, and filled on opening.
    expect(document).toMatch(/<w:instrText[^>]*>\s*TOC [^<]*\\o &quot;1-3&quot;/);
    expect(document.indexOf('TOC ')).toBeLessThan(document.indexOf('Méthodologie'));
    expect(read('word/settings.xml')).toMatch(/<w:updateFields(?: w:val="(?:true|1)")?\/>/);
    // Numbered heading styles that carry their outline level.
    const styles = read('word/styles.xml');
    for (const [id, level] of [['Heading1', 0], ['Heading2', 1]] as const) {
      const style = new RegExp(`<w:style [^>]*w:styleId="${id}".*?</w:style>`, 's').exec(styles)![0];
      expect(style).toContain(`<w:outlineLvl w:val="${level}"/>`);
      expect(style).toMatch(new RegExp(`<w:numPr><w:ilvl w:val="${level}"/><w:numId w:val="\\d+"/></w:numPr>`));
    }
    expect(read('word/numbering.xml')).toMatch(/<w:lvlText w:val="%1\.%2\."\/>/);
    // Bold and italic runs, list items, the quote in its style, the table with a header row.
    expect(document).toMatch(/<w:r><w:rPr><w:b\/><w:bCs\/><\/w:rPr><w:t[^>]*>éprouvée<\/w:t>/);
    expect(document).toMatch(/<w:r><w:rPr><w:i\/><w:iCs\/><\/w:rPr><w:t[^>]*>documentée<\/w:t>/);
    expect(document.match(/<w:numPr>/g)!.length).toBeGreaterThanOrEqual(5);
    // Each ordered list is its own numbering instance: the second section's list counts from 1.
    const numIdOf = (item: string) => new RegExp(`<w:numId w:val="(\\d+)"/></w:numPr></w:pPr><w:r><w:t[^>]*>${item}<`).exec(document)![1];
    expect(numIdOf('Installation du chantier')).toBe(numIdOf('Repli'));
    expect(numIdOf('Accueil sécurité')).not.toBe(numIdOf('Installation du chantier'));
    expect(document).toMatch(/<w:pStyle w:val="Citation"\/>.*?Le candidat décrit sa méthode/s);
    const table = /<w:tbl>.*?<\/w:tbl>/s.exec(document)![0];
    expect(table).toContain('<w:tblHeader/>');
    expect(table.indexOf('Phase')).toBeLessThan(table.indexOf('Dépose'));
    expect(table).toContain('2 semaines');
    // "Page X sur Y" and the company in the header.
    const footers = Object.keys(unzipSync(new Uint8Array(res.rawPayload))).filter((n) => /^word\/footer\d+\.xml$/.test(n)).map(read).join('');
    expect(footers).toMatch(/PAGE.*sur.*NUMPAGES/s);
    const headers = Object.keys(unzipSync(new Uint8Array(res.rawPayload))).filter((n) => /^word\/header\d+\.xml$/.test(n)).map(read).join('');
    expect(headers).toContain('Toitures Dauphinoises');
  });

  it('takes the token cookie, as a link downloads it', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: `/api/memories/${memoryId}/export.docx`, headers: { cookie: `token=${encodeURIComponent(manager.token)}` } });
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.subarray(0, 2).toString()).toBe('PK');
  });

  it("answers 404 for another company's memory, and 401 without a session", async () => {
    const res = await call(outsider.token, 'GET', `/api/memories/${memoryId}/export.docx`);
    expect(res.statusCode).toBe(404);
    expect(errorOf(res)).not.toContain('toiture');
    expect((await ctx.app.inject({ method: 'GET', url: `/api/memories/${memoryId}/export.docx` })).statusCode).toBe(401);
  });

  it.skipIf(!hasSoffice)(
    'converts with LibreOffice to a PDF holding the demo memory headings on several pages',
    async () => {
      const demoTender = (await insertTender(ctx, manager.companyId!)).id;
      await seedDemoMemory(ctx.db, manager.companyId!, demoTender, manager.id, undefined);
      const demo = ((await call(manager.token, 'GET', `/api/tenders/${demoTender}/memories`)).json() as { memories: { _id: string; title: string }[] }).memories[0]!;
      expect(demo.title).toBe(DEMO_MEMORY_TITLE);
      const sections = ((await call(manager.token, 'GET', `/api/memories/${demo._id}`)).json() as { sections: { title: string }[] }).sections;
      const started = performance.now();
      const res = await call(manager.token, 'GET', `/api/memories/${demo._id}/export.docx`);
      console.info(`memory-docx: the demo memory (${sections.length} sections) exported in ${Math.round(performance.now() - started)} ms, ${res.rawPayload.length} bytes`);
      expect(res.statusCode).toBe(200);
      const dir = await mkdtemp(join(tmpdir(), 'memory-docx-'));
      try {
        await writeFile(join(dir, 'memoire.docx'), res.rawPayload);
        const profile = `file://${join(dir, `lo-${randomUUID()}`)}`;
        await run(SOFFICE, [`-env:UserInstallation=${profile}`, '--headless', '--convert-to', 'pdf', '--outdir', dir, join(dir, 'memoire.docx')], { timeout: 60_000 });
        const { stdout } = await run('pdftotext', ['-layout', join(dir, 'memoire.pdf'), '-'], { maxBuffer: 16 * 1024 * 1024 });
        const pages = stdout.split('\f').filter((page) => page.trim());
        expect(pages.length).toBeGreaterThanOrEqual(2);
        // The headings after the cover and the table of contents, chapters numbered.
        const body = pages.slice(2).join(' ').replace(/\s+/g, ' ');
        for (const section of sections) expect(body).toContain(section.title.replace(/\s+/g, ' '));
        expect(body).toMatch(new RegExp(`1\\. ${sections[0]!.title}`));
        const flat = stdout.replace(/\s+/g, ' ');
        expect(flat).toMatch(/Page 2 sur \d+/);
        expect((await readFile(join(dir, 'memoire.pdf'))).subarray(0, 4).toString()).toBe('%PDF');
      } finally {
        await rm(dir, { recursive: true, force: true });
      }
    },
    90_000,
  );
});
