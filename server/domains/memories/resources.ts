// The memory's resource sections, generated from the company's live data: "Moyens humains" from the
// organisation charts (construction first) and the resumes of the people in them, "Planning" from
// the tender's planning, "Références" from the resumes' past projects and the vault's reference
// letters. Each keeps the hash of the data it was made from: a different hash now means stale.
import { createHash } from 'node:crypto';
import { and, asc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { companyDocuments, organigrammes, planningTasks, plannings, resumes } from '../../db/schema';
import { bold, bullets, doc, heading, italic, nestedBullets, para, type TipTapDoc, type TipTapNode } from './tiptap';

export type ResourceSource = 'staff' | 'planning' | 'references';
export const RESOURCE_SOURCES: ResourceSource[] = ['staff', 'planning', 'references'];
export const RESOURCE_TITLES: Record<ResourceSource, string> = { staff: 'Moyens humains', planning: 'Planning', references: 'Références' };

type Chart = { type: 'normal' | 'construction'; positions: { _id: string; parentId: string | null; title: string; name: string }[] };
type Resume = {
  id: string;
  fullName: string;
  jobTitle: string | null;
  yearsExperience: number | null;
  certifications: { name: string; validUntil: string | null }[];
  skills: string[];
  projects: { title: string; client: string | null; year: number | null; amount: number | null; role: string | null }[];
  positions: { chart: 'normal' | 'construction'; positionId: string }[];
};
type Task = { name: string; startDate: string; endDate: string; milestone: boolean; done: boolean };
type Letter = { title: string; issueDate: string | null };

/** Everything the resource sections are made of, read in four queries. */
export type Resources = { charts: Chart[]; resumes: Resume[]; tasks: Task[]; letters: Letter[] };

export async function loadResources(db: Database, companyId: string, tenderId: string): Promise<Resources> {
  const [charts, people, tasks, letters] = await Promise.all([
    db.select({ type: organigrammes.type, positions: organigrammes.positions }).from(organigrammes).where(eq(organigrammes.companyId, companyId)),
    db
      .select({
        id: resumes.id,
        fullName: resumes.fullName,
        jobTitle: resumes.jobTitle,
        yearsExperience: resumes.yearsExperience,
        certifications: resumes.certifications,
        skills: resumes.skills,
        projects: resumes.projects,
        positions: resumes.positions,
      })
      .from(resumes)
      .where(eq(resumes.companyId, companyId))
      .orderBy(asc(resumes.fullName), asc(resumes.id)),
    db
      .select({ name: planningTasks.name, startDate: planningTasks.startDate, endDate: planningTasks.endDate, milestone: planningTasks.milestone, done: planningTasks.done })
      .from(planningTasks)
      .innerJoin(plannings, eq(plannings.id, planningTasks.planningId))
      .where(eq(plannings.tenderId, tenderId))
      .orderBy(asc(planningTasks.position)),
    db
      .select({ title: companyDocuments.title, issueDate: companyDocuments.issueDate })
      .from(companyDocuments)
      .where(and(eq(companyDocuments.companyId, companyId), eq(companyDocuments.kind, 'reference_letter')))
      .orderBy(asc(companyDocuments.issueDate), asc(companyDocuments.title)),
  ]);
  // Construction site team first: it is the one a buyer reads for "moyens humains".
  charts.sort((a, b) => (a.type === b.type ? 0 : a.type === 'construction' ? -1 : 1));
  return {
    charts: charts.map((c) => ({ type: c.type, positions: c.positions.map(({ _id, parentId, title, name }) => ({ _id, parentId, title, name })) })),
    resumes: people.map((r) => ({ ...r, certifications: r.certifications.map(({ name, validUntil }) => ({ name, validUntil })) })),
    tasks,
    letters,
  };
}

/** The positions of a chart in tree order (a parent before its children). */
function treeOrder(chart: Chart) {
  const out: { position: Chart['positions'][number]; depth: number }[] = [];
  const visit = (parentId: string | null, depth: number) => {
    for (const position of chart.positions.filter((p) => p.parentId === parentId)) {
      out.push({ position, depth });
      if (depth < 20) visit(position._id, depth + 1);
    }
  };
  visit(null, 0);
  return out;
}

const resumesAt = (resources: Resources, chart: Chart['type'], positionId: string) => resources.resumes.filter((r) => r.positions.some((p) => p.chart === chart && p.positionId === positionId));
const CHART_NAMES: Record<Chart['type'], string> = { construction: 'Organigramme de chantier', normal: "Organigramme de l'entreprise" };
const frDay = (day: string) => day.split('-').reverse().join('/');
const amount = (n: number) => `${new Intl.NumberFormat('fr-FR').format(n)} € HT`;

function resumeLine(resume: Resume): string {
  const parts = [resume.jobTitle, resume.yearsExperience !== null ? `${resume.yearsExperience} ans d'expérience` : null].filter(Boolean);
  const certifications = resume.certifications.map((c) => c.name).slice(0, 6);
  const skills = resume.skills.slice(0, 6);
  return [
    parts.join(', '),
    certifications.length ? `certifications : ${certifications.join(', ')}` : '',
    skills.length ? `compétences : ${skills.join(', ')}` : '',
  ]
    .filter(Boolean)
    .join(' ; ');
}

/** The people of the charts and who they are, as a buyer reads an organisation of the site. */
export function staffPart(resources: Resources): { data: unknown; content: TipTapDoc } {
  const blocks: TipTapNode[] = [];
  const used = new Set<string>();
  const data: unknown[] = [];
  for (const chart of resources.charts) {
    const rows = treeOrder(chart);
    if (!rows.length) continue;
    blocks.push(heading(3, CHART_NAMES[chart.type]));
    // The hierarchy as nested lists (Word indents each level), never as dashes before the title.
    blocks.push(
      nestedBullets(
        rows.map(({ position, depth }) => {
          const people = resumesAt(resources, chart.type, position._id);
          for (const person of people) used.add(person.id);
          const who = people.length ? people.map((p) => p.fullName).join(', ') : position.name;
          const detail = people.map(resumeLine).filter(Boolean).join(' / ');
          return { depth, line: [bold(position.title), ` : ${who || 'à pourvoir'}`, ...(detail ? [` (${detail})`] : [])] };
        }),
      ),
    );
    data.push({ chart: chart.type, rows: rows.map(({ position, depth }) => ({ position, depth, people: resumesAt(resources, chart.type, position._id) })) });
  }
  if (!blocks.length) blocks.push(para(italic("Aucun organigramme n'est encore dessiné pour l'entreprise : dessinez-le, puis mettez cette section à jour.")));
  else if (used.size === 0) blocks.push(para(italic("Aucun CV n'est rattaché aux postes de l'organigramme : rattachez les CV de l'équipe pour présenter son expérience.")));
  return { data, content: doc(para("L'équipe affectée au marché et l'expérience de chacun :"), ...blocks) };
}

const DASHES = /^((?:— )+)/;

/**
 * A staff section written before the charts were nested lists: its flat lists whose titles began
 * with a dash a level ('— — Chef d'équipe'), nested as staffPart writes them now, for the export.
 */
export function nestedChartLists(content: unknown): unknown {
  const doc = content as TipTapDoc | null;
  if (!doc || !Array.isArray(doc.content)) return content;
  const dashed = (item: TipTapNode) => DASHES.exec(item.content?.[0]?.content?.[0]?.text ?? '');
  return {
    ...doc,
    content: doc.content.map((node) => {
      const items = node.type === 'bulletList' ? (node.content ?? []) : [];
      if (!items.some(dashed) || items.some((item) => item.content?.length !== 1 || item.content[0]?.type !== 'paragraph')) return node;
      return nestedBullets(
        items.map((item) => {
          const [first, ...rest] = item.content![0]!.content ?? [];
          const dashes = first ? dashed(item) : null;
          const line = first ? [{ ...first, text: (first.text ?? '').slice(dashes?.[1]?.length ?? 0) }, ...rest] : [];
          return { depth: dashes ? dashes[1]!.length / 2 : 0, line };
        }),
      );
    }),
  };
}

export function planningPart(resources: Resources): { data: unknown; content: TipTapDoc } {
  const { tasks } = resources;
  if (!tasks.length) return { data: [], content: doc(para(italic("Le planning de la réponse n'est pas encore établi : créez-le, puis mettez cette section à jour."))) };
  return {
    data: tasks,
    content: doc(
      para('Les étapes prévues et leurs dates :'),
      bullets(tasks.map((task) => (task.milestone ? [bold(task.name), ` : le ${frDay(task.startDate)}`] : [bold(task.name), ` : du ${frDay(task.startDate)} au ${frDay(task.endDate)}`]))),
    ),
  };
}

export function referencesPart(resources: Resources): { data: unknown; content: TipTapDoc } {
  const projects = resources.resumes
    .flatMap((r) => r.projects.map((p) => ({ ...p, person: r.fullName })))
    .sort((a, b) => (b.year ?? 0) - (a.year ?? 0) || a.title.localeCompare(b.title, 'fr'));
  const blocks: TipTapNode[] = [];
  if (projects.length) {
    blocks.push(heading(3, 'Réalisations de l’équipe'));
    blocks.push(
      bullets(
        projects.map((p) => [
          bold(p.title),
          [p.client, p.year?.toString(), p.amount !== null ? amount(p.amount) : null].filter(Boolean).length ? ` — ${[p.client, p.year?.toString(), p.amount !== null ? amount(p.amount) : null].filter(Boolean).join(', ')}` : '',
          ` (${[p.person, p.role].filter(Boolean).join(', ')})`,
        ]),
      ),
    );
  }
  if (resources.letters.length) {
    blocks.push(heading(3, 'Attestations de bonne exécution'));
    blocks.push(bullets(resources.letters.map((l) => [bold(l.title), l.issueDate ? ` — ${frDay(l.issueDate)}` : ''])));
  }
  if (!blocks.length) blocks.push(para(italic("Aucune référence : ajoutez les projets passés aux CV de l'équipe ou des attestations de bonne exécution au coffre-fort, puis mettez cette section à jour.")));
  return { data: { projects, letters: resources.letters }, content: doc(...blocks) };
}

const PARTS: Record<ResourceSource, (r: Resources) => { data: unknown; content: TipTapDoc }> = { staff: staffPart, planning: planningPart, references: referencesPart };

const hashOf = (data: unknown) => createHash('sha256').update(JSON.stringify(data)).digest('hex').slice(0, 32);

/** A resource section's content as the data stand now, and the hash of that data. */
export function resourceSection(source: ResourceSource, resources: Resources): { content: TipTapDoc; hash: string } {
  const { data, content } = PARTS[source](resources);
  return { content, hash: hashOf(data) };
}

/** The current hash of each resource. */
export function resourceHashes(resources: Resources): Record<ResourceSource, string> {
  return { staff: hashOf(staffPart(resources).data), planning: hashOf(planningPart(resources).data), references: hashOf(referencesPart(resources).data) };
}

/**
 * What the evidence holds, for the analysis. A resume counts as the team's when it sits in a chart
 * or when the memory names its person (a CV inserted from the side panel carries the full name).
 */
export function evidenceOf(resources: Resources, memoryText = '') {
  const folded = memoryText.toLocaleLowerCase('fr');
  const staff = resources.resumes.filter(
    (r) =>
      r.positions.some((p) => resources.charts.some((c) => c.type === p.chart && c.positions.some((q) => q._id === p.positionId))) ||
      (r.fullName.trim().length > 3 && folded.includes(r.fullName.trim().toLocaleLowerCase('fr'))),
  );
  return {
    charts: resources.charts.filter((c) => c.positions.length > 0).length,
    staffResumes: staff.length,
    references: resources.resumes.reduce((n, r) => n + r.projects.length, 0) + resources.letters.length,
    tasks: resources.tasks.length,
  };
}
