// The outline of a memory drawn from the tender's latest DCE analysis: a chapter per award
// criterion, heaviest first, a section per sub-criterion, each opening with what the buyer asks
// (the DCE passages about it, with their pages) and the CCTP requirements it must cover. Price
// criteria get no chapter: the price is judged on the price schedule, not on the memory.
import { and, desc, eq, isNotNull, isNull, or } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { cctpAnalyses, cctpRequirements, dceAnalyses, documentPages, jobs, tenderDocuments, type MemoryCriterion } from '../../db/schema';
import { buildIndex, extractiveAnswer, lexemes, search, type Citation, type PageText } from '../../analysis/retrieval';
import { fold } from '../../analysis/dce/text';
import { bold, bullets, doc, para, quote, type TipTapDoc, type TipTapNode } from './tiptap';

type AnalysisCriterion = { name: string; weight: number; subCriteria?: { name: string; weight: number }[] };
type Source = { documentId: string; entry: string | null; fileName: string; page: number; excerpt: string };
export type OutlineRequirement = { id: string; text: string; fileName: string; page: number; sectionNumber: string; status: string };
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
    .select({ id: cctpRequirements.id, text: cctpRequirements.text, fileName: cctpRequirements.fileName, page: cctpRequirements.page, sectionNumber: cctpRequirements.sectionNumber, status: cctpRequirements.status })
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

// Words every requirement and criterion share: they tell nothing about which criterion a requirement answers.
const GENERIC = new Set(lexemes('titulaire prestataire fournisseur marché système prestation prestations candidat offre acheteur pouvoir adjudicateur cahier charges article document devra être fourni fournir ensemble cadre présent présente apprécié regard'));

const keyLexemes = (text: string) => new Set(lexemes(text).filter((l) => !GENERIC.has(l)));
const cut = (text: string, max: number) => (text.length <= max ? text : `${text.slice(0, max - 1).replace(/\s+\S*$/, '')}…`);
const quoteLine = (c: { excerpt: string; fileName: string; page: number }) => para(`« ${cut(c.excerpt.replace(/\s+/g, ' ').trim(), 400)} » (${c.fileName}, p. ${c.page})`);
const requirementLine = (r: OutlineRequirement) => `${cut(r.text.replace(/\s+/g, ' ').trim(), 300)} (${r.fileName}, p. ${r.page})`;

/** A criterion section's opening: the buyer's words, the requirements to cover, and room to write. */
export function briefContent(citations: Pick<Citation, 'excerpt' | 'fileName' | 'page'>[], requirements: OutlineRequirement[]): TipTapDoc {
  const blocks: TipTapNode[] = [];
  if (citations.length) blocks.push(quote(para(bold("Ce que demande l'acheteur")), ...citations.map(quoteLine)));
  if (requirements.length) blocks.push(quote(para(bold('Exigences du CCTP à couvrir')), bullets(requirements.map(requirementLine))));
  blocks.push(para());
  return doc(...blocks);
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
  // Each requirement goes to the section whose criterion words (and the buyer's words about it)
  // it shares most, a word counting less the more sections have it; a chapter with sub-criteria
  // leaves its requirements to them.
  const targets = drafts.filter((d, at) => d.level === 2 || drafts[at + 1]?.level !== 2);
  const vocabularies = targets.map((d) => keyLexemes(`${d.query} ${d.citations.map((c) => c.excerpt).join(' ')}`));
  const spread = new Map<string, number>();
  for (const vocabulary of vocabularies) for (const term of vocabulary) spread.set(term, (spread.get(term) ?? 0) + 1);
  const leftover: OutlineRequirement[] = [];
  for (const requirement of requirements) {
    const terms = keyLexemes(requirement.text);
    let best = -1;
    let bestScore = 0;
    vocabularies.forEach((vocabulary, at) => {
      let score = 0;
      for (const term of terms) if (vocabulary.has(term)) score += 1 / (spread.get(term) as number);
      if (score > bestScore) [best, bestScore] = [at, score];
    });
    if (best >= 0 && bestScore >= 1) (targets[best] as Draft).requirements.push(requirement);
    else leftover.push(requirement);
  }
  const sections: OutlineSection[] = drafts.map((d) => ({ title: d.title, level: d.level, criterion: d.criterion, requirementIds: d.requirements.map((r) => r.id), content: briefContent(d.citations, d.requirements) }));
  if (leftover.length) sections.push({ title: 'Exigences du CCTP', level: 1, criterion: null, requirementIds: leftover.map((r) => r.id), content: briefContent([], leftover) });
  return { sections, notes };
}
