// The technical memory's Word export (issue 12): a real DOCX whose document.xml holds the cover,
// a table of contents field, the chapters and sections as numbered Heading 1/2 in order, the
// section's own headings as Heading 3, lists, a quote and a table with its header row; another
// company's memory is a 404. The organisation chart and the planning are PNG pictures in their
// sections and the company's monogram is on the cover and in the header (word/media). Without
// LibreOffice (the test app's default) the DOCX still exports, Word filling the table's pages, and
// the PDF answers 503 with its reason. With it (a second app naming /usr/bin/soffice, one warm
// instance for all its asserts): the table of contents carries the pages LibreOffice laid out, and
// the PDF export holds the cover, that table and the headings on the pages it names.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { unzipSync, strFromU8 } from 'fflate';
import { createTestApp, createUser, errorOf, type TestContext } from './context';
import { insertTender } from './documents-fixtures';
import { DEMO_MEMORY_TITLE, seedDemoMemory } from '../../server/db/demo-memory';
import { companies, memories, memorySections, organigrammes, planningTasks, plannings } from '../../server/db/schema';
import { briefContent } from '../../server/domains/memories/outline';
import { and, eq } from 'drizzle-orm';
import { requiredUnderCi } from '../support/ci-tools';

const run = promisify(execFile);
const SOFFICE = '/usr/bin/soffice';
const hasSoffice = existsSync(SOFFICE);
if (!hasSoffice) console.warn(`memory-docx: ${SOFFICE} is missing (apt-get install libreoffice-writer-nogui): the LibreOffice tests (table of contents pages, PDF export) are skipped.`);

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

/** The document's text, a paragraph a line. */
const textOf = (xml: string) =>
  [...xml.matchAll(/<w:p[ >].*?<\/w:p>/gs)].map((m) => [...m[0].matchAll(/<w:t(?: [^>]*)?>([^<]*)<\/w:t>/g)].map((t) => unescapeXml(t[1]!)).join('')).join('\n');
/** The list level of the paragraph holding `text` (its w:ilvl), or null when it is no list item. */
const listLevelOf = (xml: string, text: string) => {
  const paragraph = [...xml.matchAll(/<w:p[ >].*?<\/w:p>/gs)].map((m) => m[0]).find((p) => unescapeXml(p).includes(text));
  const level = paragraph && /<w:ilvl w:val="(\d+)"\/>/.exec(paragraph);
  return level ? Number(level[1]) : null;
};
/** A raw source reference, as the outline cites a document: "(CCTP_2026 v2.pdf, p. 4)". */
const SOURCE_REFERENCE = /\([^()]*\.pdf, p\. \d+\)/;
/** A criterion section as the outline opens it (what the buyer asks, the requirements), a passage inserted from the side panel, then the company's answer. */
const NOTED = {
  type: 'doc',
  content: [
    ...briefContent(
      [{ excerpt: 'Le candidat précise la largeur minimale de piste atteignable.', fileName: 'RC_2026FCSSA0025 v2.pdf', page: 11 }],
      [{ id: 'r1', text: 'Répétabilité de positionnement ± 2 µm', fileName: 'CCTP_2026FCSSA0025 v2.pdf', page: 4, sectionNumber: '3.1', status: 'open' }],
    ).content.filter((node) => node.type === 'blockquote'),
    { type: 'blockquote', content: [p(text('« La machine est livrée sous 8 semaines » (CCTP_2026FCSSA0025 v2.pdf, p. 7)'))] },
    p(text('Notre machine grave des pistes de 50 µm.')),
  ],
};

beforeAll(async () => {
  ctx = await createTestApp();
  manager = await createUser(ctx, 'manager');
  outsider = await createUser(ctx, 'manager');
  await ctx.db.update(companies).set({ name: 'Toitures Dauphinoises' }).where(eq(companies.id, manager.companyId!));
  tenderId = (await insertTender(ctx, manager.companyId!)).id;
  await ctx.db.insert(organigrammes).values({
    companyId: manager.companyId!,
    type: 'construction',
    positions: [
      { _id: 'p1', parentId: null, title: 'Conducteur de travaux', name: 'Paul Roux', contact: '' },
      { _id: 'p2', parentId: 'p1', title: "Chef d'équipe", name: 'Léa Martin', contact: '' },
      { _id: 'p3', parentId: 'p2', title: 'Compagnon couvreur', name: 'Hugo Bel', contact: '' },
    ],
  });
  const [planning] = await ctx.db.insert(plannings).values({ tenderId, companyId: manager.companyId! }).returning({ id: plannings.id });
  await ctx.db.insert(planningTasks).values([
    { planningId: planning!.id, position: 0, name: 'Dépose', startDate: '2027-03-01', endDate: '2027-03-19' },
    { planningId: planning!.id, position: 1, name: 'Réception', startDate: '2027-04-02', endDate: '2027-04-02', milestone: true },
  ]);
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
  let noted: string;
  beforeAll(async () => {
    const created = await call(manager.token, 'POST', `/api/tenders/${tenderId}/memories`, { from: 'blank', title: 'Mémoire annoté' });
    noted = (created.json() as { details: { _id: string } }).details._id;
    expect((await call(manager.token, 'POST', `/api/memories/${noted}/sections`, { title: 'Finesse de structuration laser', level: 1, content: NOTED, position: 0 })).statusCode).toBe(201);
  });

  it("leaves the writers' notes out by default: no \"Ce que demande l'acheteur\", no requirements to cover, no \"(….pdf, p. N)\"; workingNotes=true keeps them", async () => {
    const res = await call(manager.token, 'GET', `/api/memories/${noted}/export.docx`);
    expect(res.statusCode).toBe(200);
    const buyer = textOf(unzip(res.rawPayload)('word/document.xml'));
    expect(buyer).toContain('Notre machine grave des pistes de 50 µm.');
    expect(buyer).not.toContain("Ce que demande l'acheteur");
    expect(buyer).not.toContain('Exigences du CCTP à couvrir');
    expect(buyer).not.toContain('largeur minimale de piste');
    expect(buyer).not.toMatch(SOURCE_REFERENCE);
    // The passage the writer inserted stays, without its file and page.
    expect(buyer).toContain('« La machine est livrée sous 8 semaines »');

    const withNotes = await call(manager.token, 'GET', `/api/memories/${noted}/export.docx?workingNotes=true`);
    expect(withNotes.statusCode).toBe(200);
    const editor = textOf(unzip(withNotes.rawPayload)('word/document.xml'));
    expect(editor).toContain("Ce que demande l'acheteur");
    expect(editor).toContain('Répétabilité de positionnement ± 2 µm (CCTP_2026FCSSA0025 v2.pdf, p. 4)');
    expect(editor).toContain('(RC_2026FCSSA0025 v2.pdf, p. 11)');
    expect(editor).toContain('Notre machine grave des pistes de 50 µm.');

    expect((await call(manager.token, 'GET', `/api/memories/${noted}/export.docx?workingNotes=peut-être`)).statusCode).toBe(400);
  });

  it('shows the organisation chart as a picture and its people as a list indented by level, without dashes, also for a section written with them', async () => {
    const check = async () => {
      const res = await call(manager.token, 'GET', `/api/memories/${noted}/export.docx`);
      const document = unzip(res.rawPayload)('word/document.xml');
      const staff = textOf(document.slice(document.indexOf('>Moyens humains<'), document.indexOf('>Planning<')));
      expect(staff).toContain("Chef d'équipe : Léa Martin");
      expect(staff).not.toMatch(/—/);
      expect([listLevelOf(document, 'Conducteur de travaux'), listLevelOf(document, "Chef d'équipe"), listLevelOf(document, 'Compagnon couvreur')]).toEqual([0, 1, 2]);
      expect(document.slice(document.indexOf('>Moyens humains<'), document.indexOf('>Planning<'))).toMatch(/<wp:docPr [^>]*title="Organigramme de chantier"/);
    };
    await check();
    // A staff section stored before the lists were nested: a flat list, a dash a level.
    const dashed = (title: string, depth: number, who: string) => ({ type: 'listItem', content: [p(text(`${'— '.repeat(depth)}${title}`, ['bold']), text(` : ${who}`))] });
    await ctx.db
      .update(memorySections)
      .set({
        content: {
          type: 'doc',
          content: [
            { type: 'heading', attrs: { level: 3 }, content: [text('Organigramme de chantier')] },
            { type: 'bulletList', content: [dashed('Conducteur de travaux', 0, 'Paul Roux'), dashed("Chef d'équipe", 1, 'Léa Martin'), dashed('Compagnon couvreur', 2, 'Hugo Bel')] },
          ],
        },
      })
      .where(and(eq(memorySections.memoryId, noted), eq(memorySections.source, 'staff')));
    await check();
  });

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
      ['Heading3', 'Organigramme de chantier'],
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
    // Pictures as PNG files in word/media: the chart at the end of "Moyens humains", the planning at
    // the end of "Planning", the monogram on the cover and in the header.
    const files = unzipSync(new Uint8Array(res.rawPayload));
    const media = Object.keys(files).filter((n) => n.startsWith('word/media/'));
    expect(media.length).toBeGreaterThanOrEqual(3);
    for (const name of media) expect(strFromU8(files[name]!.subarray(1, 4))).toBe('PNG');
    const between = (from: string, to: string) => document.slice(document.indexOf(`>${from}<`), document.indexOf(`>${to}<`));
    expect(between('Moyens humains', 'Planning')).toMatch(/<wp:docPr [^>]*title="Organigramme de chantier"/);
    expect(between('Planning', 'Références')).toMatch(/<wp:docPr [^>]*title="Planning prévisionnel"/);
    expect(document.slice(0, document.indexOf('Référence : '))).toMatch(/<wp:docPr [^>]*descr="Logo Toitures Dauphinoises"/);
    expect(headers).toContain('<w:drawing>');
    // No LibreOffice here: the table's entries are written, without pages, and Word updates them.
    const toc = /<w:sdt>.*?<\/w:sdt>/s.exec(document)![0];
    expect(toc).toMatch(/>1\. Méthodologie d&apos;intervention</);
    expect(toc).toMatch(/>1\.1\. Sécurité du chantier</);
    expect(toc).toContain('w:fldCharType="begin" w:dirty="true"');
  });

  it('answers 503 for the PDF when the server has no LibreOffice, saying the Word export works', async () => {
    const res = await call(manager.token, 'GET', `/api/memories/${memoryId}/export.pdf`);
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({ msgType: 'memory-pdf_unavailable' });
    expect((res.json() as { msg: string }).msg).toMatch(/LibreOffice n'est pas installé.*export Word fonctionne/);
    expect((await call(outsider.token, 'GET', `/api/memories/${memoryId}/export.pdf`)).statusCode).toBe(404);
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
});

requiredUnderCi(`LibreOffice (${SOFFICE})`, hasSoffice, 'libreoffice-writer-nogui and python3-uno');
const hasSymbola = await run('fc-list', ['-q', 'Symbola']).then(
  () => true,
  () => false,
);
requiredUnderCi('the Symbola font (fc-list)', hasSymbola, 'fonts-symbola');

let kept = 0;
/** MEMORY_PDF_KEEP=/tmp/memoire keeps each PDF the tests read (/tmp/memoire-1.pdf…), to look at. */
const keep = (pdf: Buffer) => (process.env.MEMORY_PDF_KEEP ? writeFile(`${process.env.MEMORY_PDF_KEEP}-${++kept}.pdf`, pdf) : undefined);

/** The PDF's text (pdftotext) and its fonts (pdffonts). */
async function readPdf(pdf: Buffer): Promise<{ text: string; fonts: string }> {
  const dir = await mkdtemp(join(tmpdir(), 'memory-pdf-'));
  try {
    await writeFile(join(dir, 'memoire.pdf'), pdf);
    await keep(pdf);
    const [{ stdout: text }, { stdout: fonts }] = await Promise.all([run('pdftotext', [join(dir, 'memoire.pdf'), '-']), run('pdffonts', [join(dir, 'memoire.pdf')])]);
    return { text, fonts };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

const EMOJI_SECTION = { type: 'doc', content: [...NOTED.content, p(text('Objectifs 🎯 atteints ✅, zéro accident 👷'))] };
/** A memory whose only written section has the outline's notes, a passage with its source and emoji. */
async function emojiMemory(app: TestContext, token: string, companyId: string) {
  const tender = (await insertTender(app, companyId)).id;
  const headers = { authorization: `Bearer ${token}` };
  const created = await app.app.inject({ method: 'POST', url: `/api/tenders/${tender}/memories`, headers, payload: { from: 'blank', title: 'Mémoire 🚧 sécurité' } });
  const id = (created.json() as { details: { _id: string } }).details._id;
  expect((await app.app.inject({ method: 'POST', url: `/api/memories/${id}/sections`, headers, payload: { title: 'Sécurité ✅', level: 1, content: EMOJI_SECTION, position: 0 } })).statusCode).toBe(201);
  return id;
}

describe.skipIf(!hasSoffice)('with LibreOffice on the server', () => {
  let office: TestContext;
  let owner: Awaited<ReturnType<typeof createUser>>;
  let demo: { _id: string; title: string };
  let sections: { title: string; level: number }[];
  beforeAll(async () => {
    office = await createTestApp({ soffice: SOFFICE });
    owner = await createUser(office, 'manager');
    const demoTender = (await insertTender(office, owner.companyId!)).id;
    await seedDemoMemory(office.db, owner.companyId!, demoTender, owner.id, undefined);
    const get = (url: string) => office.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${owner.token}` } });
    demo = ((await get(`/api/tenders/${demoTender}/memories`)).json() as { memories: { _id: string; title: string }[] }).memories[0]!;
    sections = ((await get(`/api/memories/${demo._id}`)).json() as { sections: { title: string; level: number }[] }).sections;
  }, 60_000);
  afterAll(() => office?.close());
  const get = (url: string) => office.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${owner.token}` } });

  it(
    'writes the table of contents with the pages LibreOffice laid out, and the PDF shows the headings on those pages',
    async () => {
      expect(demo.title).toBe(DEMO_MEMORY_TITLE);
      let started = performance.now();
      const docx = await get(`/api/memories/${demo._id}/export.docx`);
      console.info(`memory-docx: the demo memory (${sections.length} sections) exported with its pages in ${Math.round(performance.now() - started)} ms (LibreOffice started cold)`);
      expect(docx.statusCode).toBe(200);
      const read = unzip(docx.rawPayload);
      const toc = /<w:sdt>.*?<\/w:sdt>/s.exec(read('word/document.xml'))![0];
      // Each entry ends with its page; the field is clean, and Word is not asked to update it.
      const entries = [...toc.matchAll(/<w:t[^>]*>([^<]*)<\/w:t><w:tab\/><w:t[^>]*>(\d+)<\/w:t>/g)].map((m) => [unescapeXml(m[1]!), Number(m[2])] as const);
      expect(entries.length).toBeGreaterThanOrEqual(sections.length);
      expect(toc).not.toContain('w:dirty="true"');
      expect(read('word/settings.xml')).not.toMatch(/<w:updateFields(?: w:val="(?:true|1)")?\/>/);

      started = performance.now();
      const res = await get(`/api/memories/${demo._id}/export.pdf`);
      console.info(`memory-docx: PDF with the warm instance in ${Math.round(performance.now() - started)} ms`);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/pdf');
      expect(res.headers['content-disposition']).toMatch(/^attachment; filename=".*\.pdf"/);
      expect(res.rawPayload.subarray(0, 4).toString()).toBe('%PDF');
      const dir = await mkdtemp(join(tmpdir(), 'memory-pdf-'));
      try {
        await writeFile(join(dir, 'memoire.pdf'), res.rawPayload);
        await keep(res.rawPayload);
        const { stdout } = await run('pdftotext', ['-layout', join(dir, 'memoire.pdf'), '-'], { maxBuffer: 16 * 1024 * 1024 });
        const pages = stdout.split('\f').map((page) => page.replace(/\s+/g, ' '));
        if (!pages[pages.length - 1]!.trim()) pages.pop();
        // The footer counts the pages the PDF has.
        expect(pages.join(' ')).toContain(`Page 2 sur ${pages.length}`);
        expect(pages.length).toBeGreaterThan(sections.length / 2);
        // The table of contents (page 2): every chapter on a line ending with its page number.
        const tocPage = pages[1]!;
        expect(tocPage).toContain('Sommaire');
        for (const [title, page] of entries.filter(([title]) => /^\d+\. /.test(title))) {
          expect(tocPage).toMatch(new RegExp(`${title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/ /g, '\\s*')}[\\s.]*${page}\\b`));
          // …and the chapter really starts on that page.
          expect(pages[page - 1]).toContain(title.replace(/^\d+\. /, ''));
        }
        for (const section of sections) expect(pages.slice(2).join(' ')).toContain(section.title.replace(/\s+/g, ' '));
        expect(pages.slice(2).join(' ')).toMatch(new RegExp(`1\\. ${sections[0]!.title}`));
        expect(pages[0]).toContain(DEMO_MEMORY_TITLE);
      } finally {
        await rm(dir, { recursive: true, force: true });
      }
    },
    120_000,
  );

  it(
    "leaves the writers' notes out of the PDF unless asked, and draws emoji in Symbola rather than as boxes",
    async () => {
      const id = await emojiMemory(office, owner.token, owner.companyId!);
      const res = await get(`/api/memories/${id}/export.pdf`);
      expect(res.statusCode).toBe(200);
      expect(res.headers['x-export-warning']).toBeUndefined();
      const { text: buyer, fonts } = await readPdf(res.rawPayload);
      expect(buyer).toContain('Notre machine grave des pistes de 50 µm.');
      expect(buyer).not.toContain("Ce que demande l'acheteur");
      expect(buyer).not.toContain('Exigences du CCTP à couvrir');
      expect(buyer).not.toMatch(SOURCE_REFERENCE);
      if (hasSymbola) {
        expect(buyer).toContain('🎯');
        expect(fonts).toMatch(/\+Symbola\b/);
      }

      const withNotes = await readPdf((await get(`/api/memories/${id}/export.pdf?workingNotes=true`)).rawPayload);
      expect(withNotes.text).toContain("Ce que demande l'acheteur");
      expect(withNotes.text.replace(/\s+/g, ' ')).toMatch(/\(CCTP_2026FCSSA0025 v2\.pdf, p\. 4\)/);
    },
    120_000,
  );
});

describe.skipIf(!hasSoffice)('with LibreOffice but no emoji font on the server', () => {
  let bare: TestContext;
  beforeAll(async () => {
    bare = await createTestApp({ soffice: SOFFICE, emojiFont: null });
  }, 60_000);
  afterAll(() => bare?.close());

  it(
    'leaves the emoji out of the PDF (no boxes) and says so in a warning the page shows; the Word file keeps them',
    async () => {
      const owner = await createUser(bare, 'manager');
      const id = await emojiMemory(bare, owner.token, owner.companyId!);
      const get = (url: string) => bare.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${owner.token}` } });
      const res = await get(`/api/memories/${id}/export.pdf`);
      expect(res.statusCode).toBe(200);
      expect(res.headers['x-export-warning']).toBe('memory-pdf_emoji_left_out');
      const { text } = await readPdf(res.rawPayload);
      expect(text).toContain('Objectifs atteints, zéro accident');
      expect(text).toContain('Mémoire sécurité');
      expect(text).not.toMatch(/[🎯✅👷🚧]/u);
      const docx = await get(`/api/memories/${id}/export.docx`);
      expect(docx.headers['x-export-warning']).toBeUndefined();
      expect(textOf(unzip(docx.rawPayload)('word/document.xml'))).toContain('Objectifs 🎯 atteints ✅');
    },
    120_000,
  );

  it(
    'counts the PDF’s pages against the RC’s page limit: a warning with the file, the count in the submission folder until a section changes',
    async () => {
      const owner = await createUser(bare, 'manager');
      const id = await emojiMemory(bare, owner.token, owner.companyId!);
      const get = (url: string) => bare.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${owner.token}`, 'accept-language': 'fr' } });
      await get(`/api/memories/${id}/export.pdf`);
      const [first] = await bare.db.select({ pdfPages: memories.pdfPages, tenderId: memories.tenderId }).from(memories).where(eq(memories.id, id));
      const pages = first!.pdfPages!.count;
      // As poppler reads it: a form feed ends each page.
      expect(pages).toBe(((await readPdf((await get(`/api/memories/${id}/export.pdf`)).rawPayload)).text.match(/\f/g) ?? []).length);
      await bare.db.update(memories).set({ limits: { pages: pages - 1 } }).where(eq(memories.id, id));
      const over = await get(`/api/memories/${id}/export.pdf`);
      expect(over.headers['x-export-warning']).toBe('memory-pdf_over_pages');
      type Piece = { code: string; checks: { key: string; ok: boolean; msg: string }[] };
      const pageCheck = async () => ((await get(`/api/tenders/${first!.tenderId}/submission`)).json() as { pieces: Piece[] }).pieces.find((p) => p.code === 'MEMOIRE_TECHNIQUE')!.checks.find((c) => c.key === 'page_limit')!;
      expect(await pageCheck()).toMatchObject({ ok: false, msg: `Le mémoire mis en page compte ${pages} pages pour ${pages - 1} autorisées par le RC.` });
      // A section changed since: the count is no longer the memory's.
      await bare.db.update(memorySections).set({ updatedAt: new Date(Date.now() + 1000) }).where(eq(memorySections.memoryId, id));
      expect((await pageCheck()).msg).toMatch(/exportez-le tel qu'il sera déposé/);
    },
    120_000,
  );
});
