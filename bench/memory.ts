// `npm run bench:memory`: prints figures, never fails on a slow machine. A generated 50-page
// technical memory (about 25,000 words in 10 sections over three criteria, 40 CCTP requirements linked,
// and a second memory of the company to compare for boilerplate), on the in-process server with
// the test database (PGlite, or DATABASE_URL's PostgreSQL):
//  1. autosave round trip (PATCH of a 1,500-word section with its version), p50/p95 over 100 saves
//     (target p95 ≤ 150 ms on PostgreSQL);
//  2. the rules' analysis of the whole memory, p50/max over 10 runs (target ≤ 2 s);
//  3. its DOCX export through the route (no LibreOffice), p50/max over 5 runs (target ≤ 3 s),
//     against a bare docx Packer of the same paragraphs made in the same process (the ratio is the
//     cost of the cover, styles, numbering, table of contents and pictures);
//  4. with LibreOffice: the export with the table of contents' pages (cold, then warm instance),
//     the PDF conversion by the warm instance, and one cold `soffice --convert-to pdf`.
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { loadavg, tmpdir } from 'node:os';
import { promisify } from 'node:util';
import { asc, eq } from 'drizzle-orm';
import { Document, Packer, Paragraph } from 'docx';
import { cctpAnalyses, cctpRequirements, memories, memorySections, tenderCalls, tenders } from '../server/db/schema';
import { exportDocx } from '../server/domains/memories/export';
import { createOffice, DEFAULT_SOFFICE } from '../server/domains/memories/office';
import { createTestApp, createUser } from '../tests/api/context';
import { plainText, type TipTapDoc } from '../server/domains/memories/tiptap';

const SAVES = Number(process.env.BENCH_MEMORY_SAVES ?? 100);
const EXPORTS = Number(process.env.BENCH_MEMORY_EXPORTS ?? 5);
const ANALYSES = Number(process.env.BENCH_MEMORY_ANALYSES ?? 10);
const percentile = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * p))]!;
const ms = (x: number) => `${x.toFixed(1)} ms`;

// A deterministic generator of plausible French sentences.
let seed = 42;
const random = () => ((seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648) / 2_147_483_648);
const pick = <T>(xs: T[]) => xs[Math.floor(random() * xs.length)]!;
const SUBJECTS = ['Notre équipe', 'Le chef de projet', 'Le technicien de mise en service', 'Notre service après-vente', 'Le responsable qualité', 'Notre bureau d’études'];
const VERBS = ['assure', 'contrôle', 'documente', 'planifie', 'vérifie', 'organise', 'garantit'];
const OBJECTS = ['la calibration du laser', 'le perçage des cartes double face', 'la formation des utilisateurs', 'la maintenance préventive annuelle', 'le tri des déchets d’emballage', 'la traçabilité des pièces détachées', 'le réglage de la station d’extraction', 'la mise à jour du logiciel de pilotage'];
const COMPLEMENTS = ['avant la réception', 'selon la norme NF EN ISO 9001', 'dans un délai de quarante-huit heures', 'avec un procès-verbal signé', 'en présence du référent de l’établissement', 'à chaque intervention sur site'];
const sentence = () => `${pick(SUBJECTS)} ${pick(VERBS)} ${pick(OBJECTS)} ${pick(COMPLEMENTS)}.`;
function content(words: number): TipTapDoc {
  const blocks: TipTapDoc['content'] = [];
  let count = 0;
  while (count < words) {
    const paragraph = Array.from({ length: 5 }, sentence).join(' ');
    count += paragraph.split(/\s+/).length;
    blocks.push({ type: 'paragraph', content: [{ type: 'text', text: paragraph }] });
  }
  return { type: 'doc', content: blocks };
}

async function main() {
  console.info(`bench:memory, load ${loadavg()[0]!.toFixed(1)}, ${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'}`);
  const ctx = await createTestApp();
  try {
    const manager = await createUser(ctx, 'manager');
    const companyId = manager.companyId!;
    const submissionDeadline = new Date(Date.now() + 20 * 86_400_000);
    const [call] = await ctx.db.insert(tenderCalls).values({ reference: 'BENCH-MEMOIRE', title: 'Machine de prototypage', buyer: 'Grenoble INP', submissionDeadline }).returning({ id: tenderCalls.id });
    const [tender] = await ctx.db.insert(tenders).values({ tenderCallId: call!.id, companyId, status: 'in_progress', submissionDeadline }).returning({ id: tenders.id });
    const [analysis] = await ctx.db.insert(cctpAnalyses).values({ tenderId: tender!.id, finishedAt: new Date() }).returning({ id: cctpAnalyses.id });
    const requirements = await ctx.db
      .insert(cctpRequirements)
      .values(Array.from({ length: 40 }, (_, i) => ({ analysisId: analysis!.id, position: i, documentId: tender!.id, fileName: 'CCTP.pdf', page: 1 + i, text: `Le titulaire doit assurer ${pick(OBJECTS)} ${pick(COMPLEMENTS)} (exigence ${i + 1}).`, kind: 'obligation' as const })))
      .returning({ id: cctpRequirements.id });
    const criteria = [
      { name: 'Performances techniques du système', weight: 40, subs: ['Finesse de structuration laser', 'Performances du procédé de fabrication intégré'] },
      { name: 'Qualité des services associés', weight: 10, subs: ['Livraison et installation', 'Formation', 'SAV et support'] },
      { name: 'Protection de l’environnement', weight: 10, subs: ['Emballages', 'Consommation'] },
    ];
    const makeMemory = async (title: string) => {
      const [memory] = await ctx.db.insert(memories).values({ tenderId: tender!.id, companyId, title }).returning({ id: memories.id });
      const rows: (typeof memorySections.$inferInsert)[] = [];
      let requirement = 0;
      for (const c of criteria) {
        rows.push({ memoryId: memory!.id, position: rows.length, title: c.name, level: 1, content: content(300), criterion: { name: c.name, weight: c.weight } });
        for (const sub of c.subs) {
          const ids = requirements.slice(requirement, requirement + 6).map((r) => r.id);
          requirement += 6;
          rows.push({ memoryId: memory!.id, position: rows.length, title: sub, level: 2, content: content(3_500), criterion: { name: c.name, weight: c.weight, subCriterion: sub, subWeight: c.weight / c.subs.length }, requirementIds: ids });
        }
      }
      for (const row of rows) row.text = plainText(row.content as TipTapDoc);
      await ctx.db.insert(memorySections).values(rows);
      return memory!.id;
    };
    await makeMemory('Mémoire précédent');
    const memoryId = await makeMemory('Mémoire de 50 pages');
    const auth = { authorization: `Bearer ${manager.token}` };
    const memory = (await ctx.app.inject({ method: 'GET', url: `/api/memories/${memoryId}`, headers: auth })).json() as { sections: { _id: string; version: number; text: string }[] };
    const words = memory.sections.reduce((n, s) => n + s.text.split(/\s+/).length, 0);
    console.info(`memory: ${memory.sections.length} sections, ${words} words (~${Math.round(words / 500)} pages)`);

    // 1. Autosave.
    const section = memory.sections[1]!;
    let version = section.version;
    const saves: number[] = [];
    for (let i = 0; i < SAVES; i++) {
      const body = { version, content: content(1_500) };
      const started = performance.now();
      const res = await ctx.app.inject({ method: 'PATCH', url: `/api/memories/${memoryId}/sections/${section._id}`, headers: auth, payload: body });
      saves.push(performance.now() - started);
      if (res.statusCode !== 200) throw new Error(`save ${i}: ${res.statusCode} ${res.body}`);
      version = (res.json() as { details: { version: number } }).details.version;
    }
    console.info(`autosave round trip: p50 ${ms(percentile(saves, 0.5))}, p95 ${ms(percentile(saves, 0.95))} (target p95 ≤ 150 ms on PostgreSQL)`);

    // 2. Analysis.
    const runs: number[] = [];
    let score = '';
    for (let i = 0; i < ANALYSES; i++) {
      const started = performance.now();
      const res = await ctx.app.inject({ method: 'POST', url: `/api/memories/${memoryId}/analysis`, headers: auth });
      runs.push(performance.now() - started);
      if (res.statusCode !== 200) throw new Error(`analysis: ${res.statusCode} ${res.body}`);
      const total = (res.json() as { analysis: { total: { score: number; max: number } } }).analysis.total;
      score = `${total.score}/${total.max}`;
    }
    console.info(`analysis of the 50-page memory: p50 ${ms(percentile(runs, 0.5))}, max ${ms(Math.max(...runs))} (target ≤ 2000 ms), score ${score}`);

    // 3. DOCX export, against a bare Packer of the same paragraphs.
    const exports: number[] = [];
    let docxBytes = 0;
    for (let i = 0; i < EXPORTS; i++) {
      const started = performance.now();
      const res = await ctx.app.inject({ method: 'GET', url: `/api/memories/${memoryId}/export.docx`, headers: auth });
      exports.push(performance.now() - started);
      if (res.statusCode !== 200) throw new Error(`export: ${res.statusCode} ${res.body}`);
      docxBytes = res.rawPayload.length;
    }
    const rows = await ctx.db.select().from(memorySections).where(eq(memorySections.memoryId, memoryId)).orderBy(asc(memorySections.position));
    const bare: number[] = [];
    for (let i = 0; i < EXPORTS; i++) {
      const started = performance.now();
      const paragraphs = rows.flatMap((row) => [new Paragraph(row.title), ...((row.content as TipTapDoc).content ?? []).map((block) => new Paragraph(plainText({ type: 'doc', content: [block] })))]);
      await Packer.toBuffer(new Document({ sections: [{ children: paragraphs }] }));
      bare.push(performance.now() - started);
    }
    const exportP50 = percentile(exports, 0.5);
    console.info(
      `DOCX export of the 50-page memory: p50 ${ms(exportP50)}, max ${ms(Math.max(...exports))} (target ≤ 3000 ms), ${Math.round(docxBytes / 1024)} KB; ` +
        `bare Packer of the same paragraphs p50 ${ms(percentile(bare, 0.5))}, ratio ${(exportP50 / percentile(bare, 0.5)).toFixed(2)}`,
    );

    // 4. With LibreOffice, when the machine has it.
    if (!existsSync(DEFAULT_SOFFICE)) {
      console.info(`LibreOffice: ${DEFAULT_SOFFICE} missing, the table of contents' pages and the PDF are not measured`);
      return;
    }
    const office = createOffice();
    const dir = await mkdtemp(join(tmpdir(), 'bench-memory-'));
    try {
      const input = { title: 'Mémoire de 50 pages', company: 'Bench', call: { title: 'Machine de prototypage', reference: 'BENCH-MEMOIRE', buyer: 'Grenoble INP' }, sections: rows };
      const owner = { companyId, tenderId: tender!.id };
      let started = performance.now();
      let result = await exportDocx({ db: ctx.db, office }, owner, input);
      const cold = performance.now() - started;
      const warm: number[] = [];
      for (let i = 0; i < 3; i++) {
        started = performance.now();
        result = await exportDocx({ db: ctx.db, office }, owner, input);
        warm.push(performance.now() - started);
      }
      if (!result.tocPages) throw new Error('LibreOffice did not give the table of contents its pages');
      console.info(`DOCX export with the table of contents' pages: first ${ms(cold)} (LibreOffice starting), then p50 ${ms(percentile(warm, 0.5))} with the warm instance`);
      const pdfs: number[] = [];
      let pdfBytes = 0;
      for (let i = 0; i < 3; i++) {
        started = performance.now();
        pdfBytes = (await office.pdf(result.file)).length;
        pdfs.push(performance.now() - started);
      }
      await writeFile(join(dir, 'memoire.docx'), result.file);
      started = performance.now();
      await promisify(execFile)(DEFAULT_SOFFICE, [`-env:UserInstallation=file://${join(dir, 'profile')}`, '--headless', '--convert-to', 'pdf', '--outdir', dir, join(dir, 'memoire.docx')], { timeout: 180_000 });
      const coldPdf = performance.now() - started;
      const warmPdf = percentile(pdfs, 0.5);
      console.info(`PDF conversion: warm instance p50 ${ms(warmPdf)} (${Math.round(pdfBytes / 1024)} KB), cold soffice --convert-to ${ms(coldPdf)}, ratio ${(coldPdf / warmPdf).toFixed(1)}× in favour of the warm instance`);
    } finally {
      await office.close();
      await rm(dir, { recursive: true, force: true });
    }
  } finally {
    await ctx.close();
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exitCode = 1;
});
