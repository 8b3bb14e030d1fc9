// The outline of a memory drawn from the tender's latest DCE analysis: a chapter per award
// criterion, heaviest first, a section per sub-criterion, each opening with what the buyer asks
// (the DCE passages about it, with their pages) and the CCTP requirements it must cover (matched
// by ./links: a requirement goes to a criterion only when the match is clear, the rest to a last
// "Exigences du CCTP" section). Price criteria get no chapter: the price is judged on the price
// schedule, not on the memory.
import { and, desc, eq, isNotNull, isNull, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { cctpAnalyses, cctpRequirements, dceAnalyses, documentPages, jobs, memories, memorySections, tenderDocuments, type MemoryCriterion } from '../../db/schema';
import { buildIndex, extractiveAnswer, search, type Citation, type PageText } from '../../analysis/retrieval';
import { fold } from '../../analysis/dce/text';
import { bold, bullets, doc, para, quote, type TipTapDoc, type TipTapNode } from './tiptap';
import { criterionPassages, headingPaths, linkRequirements, type LinkSection } from './links';
import { NOTE_HEADINGS } from '../../../rules/working-notes';

type AnalysisCriterion = { name: string; weight: number; subCriteria?: { name: string; weight: number }[] };
type Source = { documentId: string; entry: string | null; fileName: string; page: number; excerpt: string };
export type OutlineRequirement = {
  id: string;
  text: string;
  fileName: string;
  page: number;
  sectionNumber: string;
  /** The CCTP heading it sits under, and its document: the headings above it are read from the document's pages. */
  sectionTitle?: string;
  documentId?: string;
  entry?: string | null;
  status: string;
};
export type OutlineSection = { title: string; level: 1 | 2; criterion: MemoryCriterion | null; requirementIds: string[]; content: TipTapDoc };
export type Note = { key: string; vars: Record<string, string | number> };

const PRICE = /\b(?:prix|couts?|montants?)\b/;
export const isPriceCriterion = (name: string) => PRICE.test(fold(name));

const finishedJob = or(eq(jobs.status, 'done'), and(isNull(jobs.id), isNotNull(dceAnalyses.finishedAt)));

/** The latest finished DCE analysis of the tender: its award criteria, their sources and the documents it read. */
export async function latestDceAnalysis(db: Database, tenderId: string) {
  const [row] = await db
    .select({ id: dceAnalyses.id, facts: dceAnalyses.facts, documents: dceAnalyses.documents })
    .from(dceAnalyses)
    .leftJoin(jobs, eq(jobs.id, dceAnalyses.jobId))
    .where(and(eq(dceAnalyses.tenderId, tenderId), finishedJob))
    .orderBy(desc(dceAnalyses.createdAt), desc(dceAnalyses.id))
    .limit(1);
  return row;
}

/** The requirements of the tender's latest finished CCTP analysis (none without one). */
export async function latestRequirements(db: Database, tenderId: string): Promise<OutlineRequirement[]> {
  const [analysis] = await db
    .select({ id: cctpAnalyses.id })
    .from(cctpAnalyses)
    .leftJoin(jobs, eq(jobs.id, cctpAnalyses.jobId))
    .where(and(eq(cctpAnalyses.tenderId, tenderId), or(eq(jobs.status, 'done'), and(isNull(jobs.id), isNotNull(cctpAnalyses.finishedAt)))))
    .orderBy(desc(cctpAnalyses.createdAt), desc(cctpAnalyses.id))
    .limit(1);
  if (!analysis) return [];
  return db
    .select({
      id: cctpRequirements.id,
      text: cctpRequirements.text,
      fileName: cctpRequirements.fileName,
      page: cctpRequirements.page,
      sectionNumber: cctpRequirements.sectionNumber,
      sectionTitle: cctpRequirements.sectionTitle,
      documentId: cctpRequirements.documentId,
      entry: cctpRequirements.entry,
      status: cctpRequirements.status,
    })
    .from(cctpRequirements)
    .where(eq(cctpRequirements.analysisId, analysis.id))
    .orderBy(cctpRequirements.position);
}

export async function tenderPages(db: Database, tenderId: string): Promise<PageText[]> {
  const rows = await db
    .select({ documentId: documentPages.documentId, entry: documentPages.entry, fileName: tenderDocuments.fileName, page: documentPages.page, body: documentPages.body })
    .from(documentPages)
    .innerJoin(tenderDocuments, eq(tenderDocuments.id, documentPages.documentId))
    .where(eq(documentPages.tenderId, tenderId))
    .orderBy(documentPages.documentId, documentPages.entry, documentPages.page);
  return rows.map((r) => ({ ...r, entry: r.entry || null, fileName: r.entry ? (r.entry.split('/').pop() ?? r.entry) : r.fileName }));
}

const PAGE_LIMIT = /\bmemoire\b[^.]{0,160}?\b(\d{1,3})\s*pages?\b|\b(\d{1,3})\s*pages?\s*(?:maximum|au maximum|max\b)[^.]{0,120}?\bmemoire\b/;
const WORD_LIMIT = /\bmemoire\b[^.]{0,160}?\b(\d{1,2}(?:[ .\u202f]?\d{3})?)\s*mots\b/;

/** The RC's page or word limit for the memory: a fact of the analysis when it has one, else the RC's words. */
export function limitsOf(facts: { key: string; value: unknown }[], pages: PageText[], rcFiles: Set<string>): { pages?: number; words?: number } | null {
  const fact = facts.find((f) => f.key === 'memoryLimits' || f.key === 'memoryPageLimit');
  if (fact) {
    const value = fact.value as { pages?: number; words?: number } | number;
    if (typeof value === 'number' && value > 0) return { pages: value };
    if (typeof value === 'object' && value && (value.pages || value.words)) return { ...(value.pages ? { pages: value.pages } : {}), ...(value.words ? { words: value.words } : {}) };
  }
  for (const page of pages) {
    if (rcFiles.size && !rcFiles.has(page.documentId)) continue;
    const text = fold(page.body).replace(/\s+/g, ' ');
    const p = PAGE_LIMIT.exec(text);
    if (p) return { pages: Number(p[1] ?? p[2]) };
    const w = WORD_LIMIT.exec(text);
    if (w) return { words: Number((w[1] as string).replace(/\D/g, '')) };
  }
  return null;
}

const cut = (text: string, max: number) => (text.length <= max ? text : `${text.slice(0, max - 1).replace(/\s+\S*$/, '')}…`);
const quoteLine = (c: { excerpt: string; fileName: string; page: number }) => para(`« ${cut(c.excerpt.replace(/\s+/g, ' ').trim(), 400)} » (${c.fileName}, p. ${c.page})`);
const requirementLine = (r: OutlineRequirement) => `${cut(r.text.replace(/\s+/g, ' ').trim(), 300)} (${r.fileName}, p. ${r.page})`;

/** A criterion section's opening: the buyer's words, the requirements to cover, and room to write. */
export function briefContent(citations: Pick<Citation, 'excerpt' | 'fileName' | 'page'>[], requirements: OutlineRequirement[]): TipTapDoc {
  const blocks: TipTapNode[] = [];
  if (citations.length) blocks.push(quote(para(bold(NOTE_HEADINGS.buyer)), ...citations.map(quoteLine)));
  if (requirements.length) blocks.push(quote(para(bold(NOTE_HEADINGS.requirements)), bullets(requirements.map(requirementLine))));
  blocks.push(para());
  return doc(...blocks);
}

/** Without the tender's pages, the criteria's sources (the RC's lines) as the RC's text. */
function sourcePages(sources: Source[]): PageText[] {
  const pages = new Map<string, PageText>();
  for (const s of sources) {
    const key = `${s.documentId}\u0000${s.entry ?? ''}\u0000${s.page}`;
    const page = pages.get(key) ?? { documentId: s.documentId, entry: s.entry, fileName: s.fileName, page: s.page, body: '' };
    page.body += `${s.excerpt}\n`;
    pages.set(key, page);
  }
  return [...pages.values()];
}

/** A section a requirement goes to: a criterion without sub-criteria, or a sub-criterion of one. */
export type RequirementTarget = { name: string; subCriterion?: string };

/**
 * The section each requirement goes to, or null (./links): by the criterion's name and the RC's
 * words under it (on the pages of the criteria's sources, the RC), and by the requirement's text
 * and the CCTP headings above it (on its document's pages). Price criteria take part as sections
 * of their own whose requirements go to none: the price is answered on the price schedule.
 */
export function requirementSections(criteria: AnalysisCriterion[], sources: Source[], pages: PageText[], requirements: OutlineRequirement[]): (RequirementTarget | null)[] {
  const targets: (RequirementTarget & { section: LinkSection; price: boolean })[] = [];
  const names = criteria.flatMap((c) => [c.name, ...(c.subCriteria ?? []).map((s) => s.name)]);
  if (!requirements.length || !names.length) return requirements.map(() => null);
  const passages = criterionPassages(names, pages.length ? pages : sourcePages(sources), new Set(sources.map((s) => s.documentId)));
  const passageOf = new Map(names.map((name, at) => [name, passages[at] ?? '']));
  for (const c of criteria) {
    const price = isPriceCriterion(c.name);
    if (c.subCriteria?.length && !price) {
      for (const s of c.subCriteria) targets.push({ name: c.name, subCriterion: s.name, price, section: { name: s.name, parent: c.name, passage: passageOf.get(s.name) } });
    } else targets.push({ name: c.name, price, section: { name: c.name, passage: passageOf.get(c.name) } });
  }
  const paths = headingPaths(requirements, pages);
  const links = linkRequirements(
    targets.map((t) => t.section),
    requirements.map((r, at) => ({ id: r.id, text: r.text, headings: paths[at] ?? [] })),
  );
  return links.map((link) => {
    const target = link.section === null ? undefined : targets[link.section];
    return target && !target.price ? { name: target.name, ...(target.subCriterion ? { subCriterion: target.subCriterion } : {}) } : null;
  });
}

type Draft = { title: string; level: 1 | 2; criterion: MemoryCriterion | null; query: string; citations: Source[]; requirements: OutlineRequirement[] };

/**
 * The criterion sections of the outline, and the notes on it. `criteria` as the analysis found
 * them; `sources` the fact's sources (the RC's lines of the criteria table).
 */
export function criteriaOutline(criteria: AnalysisCriterion[], sources: Source[], pages: PageText[], requirements: OutlineRequirement[]): { sections: OutlineSection[]; notes: Note[] } {
  const notes: Note[] = [];
  const technical = criteria
    .map((c, at) => ({ c, at }))
    .filter(({ c }) => {
      if (!isPriceCriterion(c.name)) return true;
      notes.push({ key: 'memory-note_price_left_out', vars: { name: c.name, weight: c.weight } });
      return false;
    })
    .sort((a, b) => b.c.weight - a.c.weight || a.at - b.at)
    .map(({ c }) => c);
  const index = pages.length ? buildIndex(pages) : null;
  const cite = (query: string, name: string): Source[] => {
    const own = sources.filter((s) => fold(s.excerpt).includes(fold(name).slice(0, 40)));
    const found = index ? (extractiveAnswer(query, search(index, query, 8))?.citations ?? []) : [];
    const out: Source[] = [];
    for (const c of [...own, ...found]) if (out.length < 4 && !out.some((o) => o.excerpt === c.excerpt || (o.page === c.page && o.documentId === c.documentId && fold(o.excerpt).includes(fold(c.excerpt).slice(0, 60))))) out.push(c);
    return out;
  };
  const drafts: Draft[] = [];
  for (const c of technical) {
    const subs = [...(c.subCriteria ?? [])].map((s, at) => ({ s, at })).sort((a, b) => b.s.weight - a.s.weight || a.at - b.at);
    drafts.push({ title: c.name, level: 1, criterion: { name: c.name, weight: c.weight }, query: c.name, citations: cite(c.name, c.name), requirements: [] });
    for (const { s } of subs) {
      const query = `${s.name} ${c.name}`;
      drafts.push({ title: s.name, level: 2, criterion: { name: c.name, weight: c.weight, subCriterion: s.name, subWeight: s.weight }, query, citations: cite(query, s.name), requirements: [] });
    }
  }
  // Each requirement goes to the section it clearly matches (./links); a chapter with
  // sub-criteria leaves its requirements to them; the rest go to "Exigences du CCTP".
  const leftover: OutlineRequirement[] = [];
  const placed = requirementSections(criteria, sources, pages, requirements);
  requirements.forEach((requirement, at) => {
    const target = placed[at];
    const draft = target && drafts.find((d) => d.criterion?.name === target.name && (d.criterion?.subCriterion ?? null) === (target.subCriterion ?? null));
    if (draft) draft.requirements.push(requirement);
    else leftover.push(requirement);
  });
  const sections: OutlineSection[] = drafts.map((d) => ({ title: d.title, level: d.level, criterion: d.criterion, requirementIds: d.requirements.map((r) => r.id), content: briefContent(d.citations, d.requirements) }));
  if (leftover.length) sections.push({ title: 'Exigences du CCTP', level: 1, criterion: null, requirementIds: leftover.map((r) => r.id), content: briefContent([], leftover) });
  return { sections, notes };
}

/** The award criteria a memory's sections answer, in their order: each chapter's criterion, with the sub-criteria of its sections. */
export function criteriaOfSections(criteria: (MemoryCriterion | null)[]): AnalysisCriterion[] {
  const out: AnalysisCriterion[] = [];
  for (const c of criteria) {
    if (!c) continue;
    let criterion = out.find((o) => o.name === c.name);
    if (!criterion) out.push((criterion = { name: c.name, weight: c.weight }));
    if (c.subCriterion && !criterion.subCriteria?.some((s) => s.name === c.subCriterion)) (criterion.subCriteria ??= []).push({ name: c.subCriterion, weight: c.subWeight ?? 0 });
  }
  return out;
}

/**
 * When a CCTP analysis ends: each memory of the tender drawn from its criteria before the analysis
 * (the demo's, or one made while it ran), none of whose sections has a requirement yet, gets its
 * criterion sections' links as the outline would have made them. Only `requirementIds` change: the
 * text stays as written, and a section linked meanwhile by hand is left alone. Returns the number
 * of memories linked.
 */
export async function linkUnlinkedMemories(db: Database, tenderId: string): Promise<number> {
  const rows = await db.select({ id: memories.id }).from(memories).where(eq(memories.tenderId, tenderId));
  if (!rows.length) return 0;
  const requirements = await latestRequirements(db, tenderId);
  if (!requirements.length) return 0;
  let read: { pages: PageText[]; sources: Source[] } | null = null;
  let linked = 0;
  for (const memory of rows) {
    const sections = await db
      .select({ id: memorySections.id, criterion: memorySections.criterion, requirementIds: memorySections.requirementIds })
      .from(memorySections)
      .where(eq(memorySections.memoryId, memory.id));
    if (sections.some((s) => s.requirementIds.length > 0) || !sections.some((s) => s.criterion)) continue;
    if (!read) {
      const analysis = await latestDceAnalysis(db, tenderId);
      const sources = (analysis?.facts.find((f) => f.key === 'awardCriteria')?.sources ?? []) as Source[];
      read = { pages: await tenderPages(db, tenderId), sources };
    }
    const placed = requirementSections(criteriaOfSections(sections.map((s) => s.criterion)), read.sources, read.pages, requirements);
    const idsOf = new Map<string, string[]>();
    placed.forEach((target, at) => {
      if (!target) return;
      const section = sections.find((s) => s.criterion?.name === target.name && (s.criterion.subCriterion ?? null) === (target.subCriterion ?? null));
      if (section) idsOf.set(section.id, [...(idsOf.get(section.id) ?? []), (requirements[at] as OutlineRequirement).id]);
    });
    if (!idsOf.size) continue;
    await db.transaction(async (tx) => {
      for (const [id, ids] of idsOf) {
        await tx
          .update(memorySections)
          .set({ requirementIds: ids })
          .where(and(eq(memorySections.id, id), sql`${memorySections.requirementIds} = '[]'::jsonb`));
      }
    });
    linked++;
  }
  return linked;
}
