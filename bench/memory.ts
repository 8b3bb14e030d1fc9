// `npm run bench:memory`: prints figures, never fails on a slow machine. A generated 50-page
// technical memory (about 25,000 words in 10 sections over three criteria, 40 CCTP requirements linked,
// and a second memory of the company to compare for boilerplate), on the in-process server with
// the test database (PGlite, or DATABASE_URL's PostgreSQL):
//  1. autosave round trip (PATCH of a 1,500-word section with its version), p50/p95 over 100 saves
//     (target p95 ≤ 150 ms on PostgreSQL);
//  2. the rules' analysis of the whole memory, p50/max over 10 runs (target ≤ 2 s).
import { loadavg } from 'node:os';
import { cctpAnalyses, cctpRequirements, memories, memorySections, tenderCalls, tenders } from '../server/db/schema';
import { createTestApp, createUser } from '../tests/api/context';
import { plainText, type TipTapDoc } from '../server/domains/memories/tiptap';

const SAVES = Number(process.env.BENCH_MEMORY_SAVES ?? 100);
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
  } finally {
    await ctx.close();
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exitCode = 1;
});
