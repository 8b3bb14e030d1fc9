// Technical memories (issue 12) on the real Grenoble INP DCE: the outline follows the award criteria
// and their weights (price left out), resource sections come from the charts, resumes and planning
// and go stale when they change, autosave refuses a stale save, versions restore, and the rules'
// analysis lists a requirement not covered until the text covers it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { memories, memoryVersions, organigrammes, planningTasks, plannings, resumes, users } from '../../server/db/schema';
import { createTestApp, createUser, errorOf, type TestContext } from './context';
import { insertTender, tenderWithReadDocs } from './documents-fixtures';
import { DEMO_MEMORY_TITLE, seedDemoMemory } from '../../server/db/demo-memory';

type Section = {
  _id: string;
  title: string;
  order: number;
  level: number;
  content: { type: string; content: unknown[] };
  text: string;
  criterion: { name: string; weight: number; subCriterion?: string; subWeight?: number } | null;
  requirementIds: string[];
  status: string;
  version: number;
  source: string | null;
  assigneeId: string | null;
  updatedBy?: { _id: string; username: string } | null;
};
type Memory = { _id: string; title: string; version: number; notes: string[]; sections: Section[]; stale: { sectionId: string; source: string }[]; limits: unknown };
type Reason = { kind: string; ok: boolean; key: string; msg: string; requirementIds?: string[] };
type Analysis = { total: { score: number; max: number }; criteria: { criterion: string; weight: number; score: number; max: number; reasons: Reason[] }[] };

let ctx: TestContext;
let manager: Awaited<ReturnType<typeof createUser>>;
let employee: Awaited<ReturnType<typeof createUser>>;
let outsider: Awaited<ReturnType<typeof createUser>>;
let tenderId: string;
let memory: Memory;
let cctpId: string;

const call = (token: string, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: unknown, lang = 'fr') =>
  ctx.app.inject({ method, url, headers: { authorization: `Bearer ${token}`, 'accept-language': lang }, ...(payload !== undefined ? { payload: payload as object } : {}) });

async function finished(url: string) {
  for (const end = Date.now() + 120_000; ; ) {
    const analysis = (await call(manager.token, 'GET', url)).json() as { status: string };
    if (analysis.status === 'done' || analysis.status === 'failed') return analysis;
    if (Date.now() > end) throw new Error(`analysis still ${analysis.status}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const paragraphs = (...texts: string[]) => ({ type: 'doc', content: texts.map((text) => ({ type: 'paragraph', content: [{ type: 'text', text }] })) });
const sectionOf = (m: Memory, test: (s: Section) => boolean) => m.sections.find(test)!;
const getMemory = async (id = memory._id) => (await call(employee.token, 'GET', `/api/memories/${id}`)).json() as Memory;

beforeAll(async () => {
  ctx = await createTestApp({ jobWorkers: 1 });
  manager = await createUser(ctx, 'manager');
  employee = await createUser(ctx, 'employee', { companyId: manager.companyId });
  outsider = await createUser(ctx, 'manager');
  tenderId = await tenderWithReadDocs(ctx, manager, ['RC_2026FCSSA0025 v2.pdf', 'CCTP_2026FCSSA0025 v2.pdf']);
  const dce = (await call(manager.token, 'POST', `/api/tenders/${tenderId}/dce-analyses`)).json() as { details: { _id: string } };
  expect((await finished(`/api/dce-analyses/${dce.details._id}`)).status).toBe('done');
  const cctp = (await call(manager.token, 'POST', `/api/tenders/${tenderId}/cctp-analyses`)).json() as { details: { _id: string } };
  expect((await finished(`/api/cctp-analyses/${cctp.details._id}`)).status).toBe('done');
  cctpId = cctp.details._id;
  // The company's construction chart, two resumes in it, and the tender's planning.
  const companyId = manager.companyId!;
  await ctx.db.insert(organigrammes).values({
    companyId,
    type: 'construction',
    positions: [
      { _id: 'cp', parentId: null, title: 'Chef de projet', name: 'Anne Vial', contact: '' },
      { _id: 'tech', parentId: 'cp', title: 'Technicien de mise en service', name: 'Hugo Blanc', contact: '' },
    ],
  });
  await ctx.db.insert(resumes).values([
    { companyId, fullName: 'Anne Vial', jobTitle: 'Ingénieure projet', yearsExperience: 12, positions: [{ chart: 'construction', positionId: 'cp' }], projects: [{ title: 'Ligne de prototypage PCB', client: 'CEA Grenoble', year: 2024, amount: 180000, role: 'Cheffe de projet' }] },
    { companyId, fullName: 'Hugo Blanc', jobTitle: 'Technicien laser', yearsExperience: 6, certifications: [{ name: 'Habilitation électrique BR', issuer: null, obtainedOn: null, validUntil: '2027-05-01' }], positions: [{ chart: 'construction', positionId: 'tech' }] },
  ]);
  const [planning] = await ctx.db.insert(plannings).values({ tenderId, companyId }).returning({ id: plannings.id });
  await ctx.db.insert(planningTasks).values([
    { planningId: planning!.id, position: 0, name: 'Livraison de la machine', startDate: '2026-09-01', endDate: '2026-09-03' },
    { planningId: planning!.id, position: 1, name: 'Formation des utilisateurs', startDate: '2026-09-07', endDate: '2026-09-08' },
  ]);
}, 240_000);
afterAll(() => ctx?.close());

describe('a memory drafted from the DCE analysis', () => {
  it('has a chapter per technical criterion by weight, a section per sub-criterion, price left out with a note', async () => {
    const res = await call(manager.token, 'POST', `/api/tenders/${tenderId}/memories`, { from: 'analysis', title: 'Mémoire – prototypage laser' });
    expect(res.statusCode).toBe(201);
    memory = (res.json() as { details: Memory }).details;
    const criteria = memory.sections.filter((s) => s.source === 'criteria' && s.criterion);
    const chapters = criteria.filter((s) => s.level === 1);
    expect(chapters.map((s) => [s.criterion!.name, s.criterion!.weight])).toEqual([
      ['Performances techniques du système', 40],
      [expect.stringMatching(/^Qualité des services associés/), 10],
      [expect.stringMatching(/^Performances en matière de protection de l'environnement/), 10],
    ]);
    expect(memory.sections.some((s) => /prix/i.test(s.title))).toBe(false);
    expect(memory.notes[0]).toMatch(/Prix des prestations.*40 %.*n'a pas de chapitre/);
    const subs = criteria.filter((s) => s.level === 2);
    expect(subs.map((s) => [s.criterion!.subCriterion, s.criterion!.subWeight])).toEqual([
      ['Finesse de structuration laser', 20],
      ['Performances du procédé de fabrication intégré', 20],
    ]);
    // Order: the chapter, then its sub-criteria.
    expect(memory.sections.findIndex((s) => s._id === subs[0]!._id)).toBe(memory.sections.findIndex((s) => s._id === chapters[0]!._id) + 1);
    // What the buyer asks, quoted with its page, and the CCTP requirements to cover.
    const laser = subs[0]!;
    expect(laser.text).toMatch(/Ce que demande l'acheteur/);
    expect(laser.text).toMatch(/p\. \d+\)/);
    const withRequirements = memory.sections.filter((s) => s.requirementIds.length > 0);
    expect(withRequirements.length).toBeGreaterThan(0);
    expect(withRequirements.some((s) => s.text.includes('Exigences du CCTP à couvrir'))).toBe(true);
    expect(memory.sections.slice(-3).map((s) => [s.title, s.source])).toEqual([
      ['Moyens humains', 'staff'],
      ['Planning', 'planning'],
      ['Références', 'references'],
    ]);
  });

  it('carries the linked CCTP requirements with their text, page, analysis and status', async () => {
    const linked = [...new Set(memory.sections.flatMap((s) => s.requirementIds))];
    const requirements = (memory as Memory & { requirements: { _id: string; analysisId: string; text: string; fileName: string; page: number; status: string }[] }).requirements;
    expect(requirements.map((r) => r._id).sort()).toEqual(linked.sort());
    expect(requirements.every((r) => r.analysisId === cctpId && r.text.length > 0 && r.page >= 1 && /CCTP/.test(r.fileName) && r.status === 'todo')).toBe(true);
  });

  it('links each CCTP requirement to the section of its subject, the unclear ones to "Exigences du CCTP" (issue 23)', () => {
    const requirements = (memory as Memory & { requirements: { _id: string; text: string }[] }).requirements;
    const textsOf = (title: RegExp) => sectionOf(memory, (s) => title.test(s.title)).requirementIds.map((id) => requirements.find((r) => r._id === id)!.text);
    const laser = textsOf(/^Finesse de structuration laser$/);
    expect(laser.some((t) => /Largeur minimale de piste/.test(t))).toBe(true);
    expect(laser.every((t) => /piste/i.test(t))).toBe(true);
    const services = textsOf(/^Qualité des services associés/);
    expect(services.some((t) => /livraison/i.test(t))).toBe(true);
    expect(services.some((t) => /garantie/i.test(t))).toBe(true);
    expect(services.some((t) => /pièces détachées/.test(t))).toBe(true);
    expect(textsOf(/^Performances du procédé/).some((t) => /Perçage mécanique/.test(t))).toBe(true);
    expect(textsOf(/^Performances en matière de protection/).some((t) => /emballages/.test(t))).toBe(true);
    // The chapter with sub-criteria leaves its requirements to them; the unclear ones are listed last.
    expect(sectionOf(memory, (s) => s.title === 'Performances techniques du système').requirementIds).toEqual([]);
    expect(textsOf(/^Exigences du CCTP$/).some((t) => /230 V|Classe laser|marquage CE/.test(t))).toBe(true);
  });

  it('fills the resource sections from the chart, the resumes and the planning', () => {
    const staff = sectionOf(memory, (s) => s.source === 'staff');
    expect(staff.text).toMatch(/Organigramme de chantier/);
    expect(staff.text).toMatch(/Chef de projet : Anne Vial \(Ingénieure projet, 12 ans d'expérience/);
    expect(staff.text).toMatch(/Habilitation électrique BR/);
    expect(staff.text.indexOf('Anne Vial')).toBeLessThan(staff.text.indexOf('Hugo Blanc'));
    expect(sectionOf(memory, (s) => s.source === 'planning').text).toMatch(/Livraison de la machine : du 01\/09\/2026 au 03\/09\/2026/);
    expect(sectionOf(memory, (s) => s.source === 'references').text).toMatch(/Ligne de prototypage PCB — CEA Grenoble, 2024, 180\s000 € HT/);
    expect(memory.stale).toEqual([]);
  });

  it('is listed with its summary', async () => {
    const res = await call(employee.token, 'GET', `/api/tenders/${tenderId}/memories`);
    expect(res.statusCode).toBe(200);
    const [summary] = (res.json() as { memories: { _id: string; sectionsCount: number; words: number; score: unknown }[] }).memories;
    expect(summary).toMatchObject({ _id: memory._id, sectionsCount: memory.sections.length, score: null });
    expect(summary!.words).toBeGreaterThan(50);
  });
});

describe('autosave', () => {
  it('saves a section and refuses a save made from a stale version, nothing written', async () => {
    const section = sectionOf(memory, (s) => s.level === 2);
    const first = await call(manager.token, 'PATCH', `/api/memories/${memory._id}/sections/${section._id}`, { version: section.version, content: paragraphs('Notre système grave des pistes de 50 µm.') });
    expect(first.statusCode).toBe(200);
    const saved = (first.json() as { details: Section }).details;
    expect(saved.version).toBe(section.version + 1);
    expect(saved.text).toBe('Notre système grave des pistes de 50 µm.');
    const second = await call(employee.token, 'PATCH', `/api/memories/${memory._id}/sections/${section._id}`, { version: section.version, content: paragraphs('Autre texte') });
    expect(second.statusCode).toBe(409);
    expect(errorOf(second).msg).toMatch(/Quelqu'un a enregistré cette section/);
    expect((errorOf(second).details as unknown as Section).text).toBe('Notre système grave des pistes de 50 µm.');
    expect(sectionOf(await getMemory(), (s) => s._id === section._id).text).toBe('Notre système grave des pistes de 50 µm.');
  });

  it("a refused save says who saved the newer version: the same user (another tab) or a colleague (issue 24)", async () => {
    // Not the section the versions' tests read back.
    const section = (await getMemory()).sections.filter((s) => s.level === 2).at(-1)!;
    const url = `/api/memories/${memory._id}/sections/${section._id}`;
    const byManager = await call(manager.token, 'PATCH', url, { version: section.version, content: paragraphs('Version du responsable.') });
    expect(byManager.statusCode).toBe(200);
    // The manager's other tab, on the old version: the newer one is their own.
    const ownTab = await call(manager.token, 'PATCH', url, { version: section.version, content: paragraphs('Autre onglet.') });
    expect(ownTab.statusCode).toBe(409);
    expect((errorOf(ownTab).details as unknown as Section).updatedBy).toEqual({ _id: manager.id, username: 'Test manager' });
    // The employee on the same old version: the newer one is the manager's, by name.
    const colleague = await call(employee.token, 'PATCH', url, { version: section.version, content: paragraphs('Texte du collègue.') });
    expect((errorOf(colleague).details as unknown as Section).updatedBy).toEqual({ _id: manager.id, username: 'Test manager' });
  });

  it('refuses bad content with a localised 400', async () => {
    const section = sectionOf(await getMemory(), (s) => s.level === 2);
    const url = `/api/memories/${memory._id}/sections/${section._id}`;
    for (const [content, msg] of [
      [{ type: 'paragraph' }, /pas un document valide/],
      [{ type: 'doc', content: [{ type: 'image', attrs: { src: 'data:image/png;base64,AAAA' } }] }, /données intégrées/],
      [{ type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text: 'x'.repeat(1000) }] }], evil: 1 }, /pas un document valide/],
    ] as const) {
      const res = await call(manager.token, 'PATCH', url, { version: section.version, content });
      expect(res.statusCode).toBe(400);
      expect(errorOf(res).msg).toMatch(msg);
    }
    const english = await call(manager.token, 'PATCH', url, { version: section.version, content: { type: 'doc' } }, 'en');
    expect(errorOf(english).msg).toBe("The section's content is not a valid document.");
    expect((await call(manager.token, 'PATCH', url, { version: section.version, assigneeId: outsider.id })).statusCode).toBe(400);
    expect((await call(manager.token, 'PATCH', url, { version: section.version, requirementIds: [outsider.id] })).statusCode).toBe(400);
    expect((await call(manager.token, 'PATCH', url, { version: section.version, colour: 'red' })).statusCode).toBe(400);
    // Over the server's body limit: a localised 413, nothing written.
    const huge = await call(manager.token, 'PATCH', url, { version: section.version, content: paragraphs('x'.repeat(1_200_000)) });
    expect(huge.statusCode).toBe(413);
    expect(errorOf(huge).msg).toBeTruthy();
    expect(sectionOf(await getMemory(), (s) => s._id === section._id).version).toBe(section.version);
  });

  it('adds and removes sections at a position', async () => {
    const added = await call(manager.token, 'POST', `/api/memories/${memory._id}/sections`, { title: 'Préambule', position: 0 });
    expect(added.statusCode).toBe(201);
    const after = await getMemory();
    expect(after.sections[0]!.title).toBe('Préambule');
    expect(after.sections.map((s) => s.order)).toEqual(after.sections.map((_, i) => i));
    const id = (added.json() as { details: Section }).details._id;
    expect((await call(manager.token, 'DELETE', `/api/memories/${memory._id}/sections/${id}`)).statusCode).toBe(200);
    expect((await getMemory()).sections.map((s) => s.order)).toEqual(memory.sections.map((_, i) => i));
  });
});

describe('versions', () => {
  it('keeps one on demand and every 10 minutes of editing, and restores one (the current state kept first)', async () => {
    const before = await getMemory();
    const section = sectionOf(before, (s) => s.level === 2);
    const kept = await call(manager.token, 'POST', `/api/memories/${memory._id}/versions`);
    expect(kept.statusCode).toBe(201);
    const versionId = (kept.json() as { details: { _id: string; reason: string } }).details._id;
    await call(manager.token, 'PATCH', `/api/memories/${memory._id}/sections/${section._id}`, { version: section.version, content: paragraphs('Texte remplacé par erreur.') });
    // Ten minutes later, the next save keeps a version by itself.
    await ctx.db.update(memories).set({ lastSnapshotAt: new Date(Date.now() - 11 * 60_000) }).where(eq(memories.id, memory._id));
    const current = sectionOf(await getMemory(), (s) => s._id === section._id);
    await call(manager.token, 'PATCH', `/api/memories/${memory._id}/sections/${section._id}`, { version: current.version, status: 'to_review' });
    const list = (await call(employee.token, 'GET', `/api/memories/${memory._id}/versions`)).json() as { versions: { _id: string; reason: string; author: { username: string } | null; words: number }[] };
    expect(list.versions.map((v) => v.reason).slice(0, 2)).toEqual(['auto', 'manual']);
    expect(list.versions[1]!.author?.username).toBe('Test manager');
    const restored = await call(employee.token, 'POST', `/api/memories/${memory._id}/versions/${versionId}/restore`);
    expect(restored.statusCode).toBe(200);
    const back = sectionOf((restored.json() as { details: Memory }).details, (s) => s._id === section._id);
    expect(back.text).toBe('Notre système grave des pistes de 50 µm.');
    expect(back.version).toBeGreaterThan(current.version + 1);
    const reasons = ((await call(employee.token, 'GET', `/api/memories/${memory._id}/versions`)).json() as { versions: { reason: string }[] }).versions.map((v) => v.reason);
    expect(reasons[0]).toBe('restore');
    expect((await call(employee.token, 'POST', `/api/memories/${memory._id}/versions/${outsider.id}/restore`)).statusCode).toBe(404);
  });
});

describe('versions of a removed assignee', () => {
  it('restores the sections without an assignee who has left the company', async () => {
    const leaver = await createUser(ctx, 'employee', { companyId: manager.companyId });
    const section = sectionOf(await getMemory(), (s) => s.source === 'planning');
    expect((await call(manager.token, 'PATCH', `/api/memories/${memory._id}/sections/${section._id}`, { version: section.version, assigneeId: leaver.id })).statusCode).toBe(200);
    const kept = (await call(manager.token, 'POST', `/api/memories/${memory._id}/versions`)).json() as { details: { _id: string } };
    await ctx.db.delete(users).where(eq(users.id, leaver.id));
    const restored = await call(manager.token, 'POST', `/api/memories/${memory._id}/versions/${kept.details._id}/restore`);
    expect(restored.statusCode).toBe(200);
    expect(sectionOf((restored.json() as { details: Memory }).details, (s) => s._id === section._id)).toMatchObject({ assigneeId: null });
  });
});

describe('resources coupled live', () => {
  it('shows the staff section stale after a resume changes, and refreshes it (the old content kept as a version)', async () => {
    await ctx.db.update(resumes).set({ jobTitle: 'Directrice de projet' }).where(eq(resumes.fullName, 'Anne Vial'));
    const stale = await getMemory();
    const staff = sectionOf(stale, (s) => s.source === 'staff');
    expect(stale.stale).toEqual([{ sectionId: staff._id, source: 'staff' }]);
    const versionsBefore = (await ctx.db.select().from(memoryVersions).where(eq(memoryVersions.memoryId, memory._id))).length;
    const res = await call(employee.token, 'POST', `/api/memories/${memory._id}/sections/${staff._id}/refresh`);
    expect(res.statusCode).toBe(200);
    expect((res.json() as { details: Section }).details.text).toMatch(/Anne Vial \(Directrice de projet/);
    expect((await getMemory()).stale).toEqual([]);
    const versions = await ctx.db.select().from(memoryVersions).where(eq(memoryVersions.memoryId, memory._id));
    expect(versions.length).toBe(versionsBefore + 1);
    expect(versions.some((v) => v.reason === 'refresh' && v.sections.some((s) => s.text.includes('Ingénieure projet')))).toBe(true);
    const chapter = sectionOf(stale, (s) => s.level === 2);
    expect((await call(employee.token, 'POST', `/api/memories/${memory._id}/sections/${chapter._id}/refresh`)).statusCode).toBe(400);
  });
});

describe('analysis', () => {
  it('lists a linked requirement not covered, then covered once the text says it: the score rises', async () => {
    const current = await getMemory();
    const section = current.sections.find((s) => s.criterion && s.requirementIds.length > 0)!;
    const requirementId = section.requirementIds[0]!;
    const first = await call(manager.token, 'POST', `/api/memories/${memory._id}/analysis`);
    expect(first.statusCode).toBe(200);
    const before = (first.json() as { analysis: Analysis; details: { score: { score: number } } }).analysis;
    const grade = before.criteria.find((c) => c.criterion === section.criterion!.name)!;
    expect(grade.max).toBe(section.criterion!.weight);
    const missing = grade.reasons.find((r) => r.key === 'memoryreason-requirement_missing' && r.requirementIds?.includes(requirementId));
    expect(missing?.msg).toMatch(/^Exigence non couverte/);
    expect(before.criteria.map((c) => c.criterion)).not.toContain('Prix des prestations');
    expect(before.total.max).toBe(60);
    // The requirement's own words, written as the company's answer, cover it.
    const matrix = (await call(manager.token, 'GET', `/api/cctp-analyses/${cctpId}`)).json() as { requirements: { _id: string; text: string }[] };
    const requirementText = matrix.requirements.find((r) => r._id === requirementId)!.text;
    const content = { ...section.content, content: [...section.content.content, ...paragraphs(`Nous garantissons ce point : ${requirementText}`, 'Nos techniciens le vérifient à la réception. Le procès-verbal est remis au client.').content] };
    const saved = await call(manager.token, 'PATCH', `/api/memories/${memory._id}/sections/${section._id}`, { version: section.version, content });
    expect(saved.statusCode).toBe(200);
    const second = await call(manager.token, 'POST', `/api/memories/${memory._id}/analysis`);
    const after = (second.json() as { analysis: Analysis }).analysis;
    const regrade = after.criteria.find((c) => c.criterion === section.criterion!.name)!;
    expect(regrade.reasons.some((r) => r.key === 'memoryreason-requirement_missing' && r.requirementIds?.includes(requirementId))).toBe(false);
    expect(regrade.score).toBeGreaterThan(grade.score);
    expect(after.total.score).toBeGreaterThan(before.total.score);
    const summary = ((await call(employee.token, 'GET', `/api/tenders/${tenderId}/memories`)).json() as { memories: { _id: string; score: { score: number } | null }[] }).memories.find((m) => m._id === memory._id);
    expect(summary?.score?.score).toBe(after.total.score);
  });

  it('finds text copied word for word from another memory of the company', async () => {
    const copy = await call(manager.token, 'POST', `/api/tenders/${tenderId}/memories`, { from: 'memory', memoryId: memory._id });
    expect(copy.statusCode).toBe(201);
    const copied = (copy.json() as { details: Memory }).details;
    expect(copied.sections.filter((s) => s.source === 'staff')).toHaveLength(1);
    const res = await call(manager.token, 'POST', `/api/memories/${copied._id}/analysis`);
    const analysis = (res.json() as { analysis: Analysis }).analysis;
    expect(analysis.criteria.some((c) => c.reasons.some((r) => r.key === 'memoryreason-boilerplate'))).toBe(true);
    expect((await call(manager.token, 'DELETE', `/api/memories/${copied._id}`)).statusCode).toBe(200);
  });
});

describe('scope, roles and refusals', () => {
  it('refuses the outline without a DCE analysis, with a clear message; a blank memory has the resource sections only', async () => {
    const other = (await insertTender(ctx, manager.companyId!)).id;
    const res = await call(manager.token, 'POST', `/api/tenders/${other}/memories`, { from: 'analysis' });
    expect(res.statusCode).toBe(409);
    expect(errorOf(res).msg).toMatch(/Aucune analyse du DCE terminée/);
    expect((await call(manager.token, 'GET', `/api/tenders/${other}/memories`)).json()).toEqual({ memories: [], frames: [] });
    const blank = await call(employee.token, 'POST', `/api/tenders/${other}/memories`, { from: 'blank' });
    expect(blank.statusCode).toBe(201);
    expect((blank.json() as { details: Memory }).details.sections.map((s) => s.source)).toEqual(['staff', 'planning', 'references']);
    expect((await call(manager.token, 'POST', `/api/tenders/${other}/memories`, { from: 'memory' })).statusCode).toBe(400);
    expect((await call(manager.token, 'POST', `/api/tenders/${other}/memories`, { from: 'nowhere' })).statusCode).toBe(400);
  });

  it('names blank memories after the call, never twice the same default on one tender; a name given is kept', async () => {
    const other = (await insertTender(ctx, manager.companyId!)).id;
    const create = async (body: Record<string, unknown>) => ((await call(manager.token, 'POST', `/api/tenders/${other}/memories`, body)).json() as { details: Memory }).details.title;
    expect(await create({ from: 'blank' })).toBe('Mémoire technique — Réfection de la toiture du gymnase');
    expect(await create({ from: 'blank' })).toBe('Mémoire technique — Réfection de la toiture du gymnase (2)');
    expect(await create({ from: 'blank', title: '  Variante bac acier ' })).toBe('Variante bac acier');
    // Two at once: the tender's row is locked while a name is chosen.
    const [a, b] = await Promise.all([create({ from: 'blank' }), create({ from: 'blank' })]);
    expect([a, b].sort()).toEqual(['Mémoire technique — Réfection de la toiture du gymnase (3)', 'Mémoire technique — Réfection de la toiture du gymnase (4)']);
  });

  it("lists the company's memories across its tenders, with their call, to start from; another company's list is 404", async () => {
    const res = await call(employee.token, 'GET', `/api/companies/${manager.companyId}/memories`);
    expect(res.statusCode).toBe(200);
    const { memories: listed } = res.json() as { memories: { _id: string; tenderId: string; title: string; tenderTitle: string; tenderReference: string }[] };
    expect(listed.find((m) => m._id === memory._id)).toMatchObject({ tenderId, title: memory.title });
    expect(listed.find((m) => m._id === memory._id)!.tenderReference.length).toBeGreaterThan(0);
    // Memories of the company's other tenders are offered too (a blank one was made on another tender above).
    expect(new Set(listed.map((m) => m.tenderId)).size).toBeGreaterThan(1);
    expect((await call(outsider.token, 'GET', `/api/companies/${manager.companyId}/memories`)).statusCode).toBe(404);
    const theirs = (await call(outsider.token, 'GET', `/api/companies/${outsider.companyId}/memories`)).json() as { memories: { _id: string }[] };
    expect(theirs.memories.some((m) => m._id === memory._id)).toBe(false);
  });

  it("hides a memory from another company (404) and refuses another company's memory as a source", async () => {
    expect((await call(outsider.token, 'GET', `/api/memories/${memory._id}`)).statusCode).toBe(404);
    expect((await call(outsider.token, 'PATCH', `/api/memories/${memory._id}`, { version: 1, title: 'Volé' })).statusCode).toBe(404);
    const theirs = (await insertTender(ctx, outsider.companyId!)).id;
    const res = await call(outsider.token, 'POST', `/api/tenders/${theirs}/memories`, { from: 'memory', memoryId: memory._id });
    expect(res.statusCode).toBe(404);
  });

  it('renames with the version it was read at; a stale one is a 409 with the current memory', async () => {
    const current = await getMemory();
    const ok = await call(employee.token, 'PATCH', `/api/memories/${memory._id}`, { version: current.version, title: 'Mémoire technique v2', status: 'to_review' });
    expect(ok.statusCode).toBe(200);
    const stale = await call(manager.token, 'PATCH', `/api/memories/${memory._id}`, { version: current.version, title: 'Autre' });
    expect(stale.statusCode).toBe(409);
    expect((errorOf(stale).details as unknown as Memory).title).toBe('Mémoire technique v2');
  });
});

describe('the demo', () => {
  it('has a memory in progress on the Grenoble call: the criteria outline, two sections written, the resource sections; seeded once', async () => {
    const demoTender = (await insertTender(ctx, manager.companyId!)).id;
    await seedDemoMemory(ctx.db, manager.companyId!, demoTender, manager.id, { documentId: demoTender, fileName: 'RC_2026FCSSA0025 v2.pdf' });
    await seedDemoMemory(ctx.db, manager.companyId!, demoTender, manager.id, undefined);
    const list = (await call(employee.token, 'GET', `/api/tenders/${demoTender}/memories`)).json() as { memories: { _id: string; title: string }[] };
    expect(list.memories.map((m) => m.title)).toEqual([DEMO_MEMORY_TITLE]);
    const demo = await getMemory(list.memories[0]!._id);
    expect(demo.sections.map((s) => s.title)).toEqual([
      'Performances techniques du système',
      'Finesse de structuration laser',
      'Performances du procédé de fabrication intégré',
      expect.stringMatching(/^Qualité des services associés/),
      expect.stringMatching(/^Performances en matière de protection/),
      'Moyens humains',
      'Planning',
      'Références',
    ]);
    const laser = demo.sections[1]!;
    expect(laser.text).toMatch(/« 2\.1-Finesse de structuration laser .*» \(RC_2026FCSSA0025 v2\.pdf, p\. 11\)/);
    expect(laser.text).toMatch(/pistes de 50 µm/);
    expect(laser.status).toBe('to_review');
    expect(demo.sections[3]!.text).toMatch(/sous quarante-huit heures/);
    expect(demo.notes[0]).toMatch(/Prix des prestations/);
    const analysis = (await call(manager.token, 'POST', `/api/memories/${demo._id}/analysis`)).json() as { analysis: Analysis };
    const grades = Object.fromEntries(analysis.analysis.criteria.map((c) => [c.criterion, c.score]));
    expect(grades['Performances techniques du système']).toBeGreaterThan(0);
    expect(analysis.analysis.criteria.find((c) => c.criterion.startsWith('Performances en matière'))!.reasons.some((r) => r.key === 'memoryreason-too_short')).toBe(true);
  });

  it('gets the links of its sections when a CCTP analysis ends after it was seeded (issue 23)', async () => {
    // Seeded on a tender whose CCTP is analysed again: the analysis links it as the outline would have.
    await seedDemoMemory(ctx.db, manager.companyId!, tenderId, manager.id, undefined);
    const list = (await call(employee.token, 'GET', `/api/tenders/${tenderId}/memories`)).json() as { memories: { _id: string; title: string }[] };
    const demoId = list.memories.find((m) => m.title === DEMO_MEMORY_TITLE)!._id;
    expect((await getMemory(demoId)).sections.every((s) => s.requirementIds.length === 0)).toBe(true);
    const linkedBefore = (await getMemory()).sections.map((s) => s.requirementIds);
    const rerun = (await call(manager.token, 'POST', `/api/tenders/${tenderId}/cctp-analyses`)).json() as { details: { _id: string } };
    expect((await finished(`/api/cctp-analyses/${rerun.details._id}`)).status).toBe('done');
    const demo = (await getMemory(demoId)) as Memory & { requirements: { _id: string; text: string }[] };
    const laser = demo.sections.find((s) => s.title === 'Finesse de structuration laser')!;
    const texts = laser.requirementIds.map((id) => demo.requirements.find((r) => r._id === id)!.text);
    expect(texts.length).toBeGreaterThan(0);
    expect(texts.every((t) => /piste/i.test(t))).toBe(true);
    const services = demo.sections.find((s) => s.title.startsWith('Qualité des services associés'))!;
    expect(services.requirementIds.length).toBeGreaterThan(3);
    // Its text is left as written, and a memory already linked keeps its links.
    expect(laser.text).toMatch(/pistes de 50 µm/);
    expect((await getMemory()).sections.map((s) => s.requirementIds)).toEqual(linkedBefore);
    // The written laser section covers its requirements: the score counts them there, not 1 of 39.
    const analysis = (await call(manager.token, 'POST', `/api/memories/${demoId}/analysis`)).json() as { analysis: Analysis };
    const technical = analysis.analysis.criteria.find((c) => c.criterion === 'Performances techniques du système')!;
    const covered = technical.reasons.find((r) => r.key === 'memoryreason-requirements_covered')!;
    expect(covered.requirementIds!.filter((id) => laser.requirementIds.includes(id)).length).toBeGreaterThanOrEqual(2);
  });
});
