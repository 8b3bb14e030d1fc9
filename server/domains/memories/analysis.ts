// The memory's analysis: per award criterion, a self-score out of its weight with the reasons a
// grader would give — CCTP requirements covered or not, length against the RC's limits, text shared
// with the company's other memories, missing evidence, readability. Rules only and pure (no DB);
// a model grader plugs in behind MemoryGrader and marks its answer mode 'llm'.
import { lexemes } from '../../analysis/retrieval';
import { words } from '../../analysis/retrieval/lexemes';
import type { MemoryCriterion } from '../../db/schema';

export type AnalysedSection = { id: string; title: string; level: number; text: string; ownText: string; criterion: MemoryCriterion | null; requirementIds: string[]; source: string | null };
export type AnalysedRequirement = { id: string; text: string; fileName: string; page: number; status: string };
export type Evidence = { charts: number; staffResumes: number; references: number; tasks: number };
export type AnalysisInput = {
  sections: AnalysedSection[];
  requirements: Map<string, AnalysedRequirement>;
  limits: { pages?: number; words?: number } | null;
  /** Word shingles of the company's other memories (see shinglesOf). */
  otherShingles: Set<string>;
  evidence: Evidence;
};
export type Reason = { kind: 'requirement' | 'length' | 'boilerplate' | 'evidence' | 'readability' | 'model'; ok: boolean; key: string; vars: Record<string, string | number>; requirementIds?: string[] };
export type CriterionGrade = { criterion: string; weight: number; score: number; max: number; sectionIds: string[]; reasons: Reason[] };
export type MemoryAnalysis = { mode: 'rules' | 'llm'; total: { score: number; max: number }; words: number; reasons: Reason[]; criteria: CriterionGrade[] };

/** A grader: the rules below, or a language model given the same input (and the rules' answer to start from). */
export interface MemoryGrader {
  grade(input: AnalysisInput, options?: { log?: { warn: (obj: object, msg: string) => void } }): Promise<MemoryAnalysis>;
}

export const SHINGLE = 8;
/** Words a page of a memory holds, to compare with a page limit. */
export const WORDS_PER_PAGE = 500;
/** The fewest words of the company's own a section answering a criterion needs. */
export const MIN_SECTION_WORDS = 120;
const LONG_SENTENCE = 40;
const AVERAGE_SENTENCE = 25;
const WEIGHTS = { requirement: 0.45, length: 0.2, boilerplate: 0.15, evidence: 0.1, readability: 0.1 };

const round1 = (n: number) => Math.round(n * 10) / 10;
const countWords = (text: string) => words(text).length;
const cut = (text: string, max: number) => (text.length <= max ? text : `${text.slice(0, max - 1).replace(/\s+\S*$/, '')}…`);

/** Sentences of a plain text: at full stops, question and exclamation marks, and line ends. */
export const sentencesOf = (text: string) =>
  text
    .split(/(?<=[.!?…])\s+|\n+/)
    .map((s) => s.trim())
    .filter((s) => countWords(s) > 0);

/** The 8-word shingles of a text's sentences (folded words), to find text copied from elsewhere. */
export function shinglesOf(text: string, into = new Set<string>()): Set<string> {
  for (const sentence of sentencesOf(text)) {
    const w = words(sentence);
    for (let at = 0; at + SHINGLE <= w.length; at++) into.add(w.slice(at, at + SHINGLE).join(' '));
  }
  return into;
}

const GENERIC = new Set(lexemes('titulaire prestataire fournisseur marché système prestation prestations candidat offre acheteur pouvoir adjudicateur cahier charges article document devra être fourni fournir ensemble cadre présent présente notamment'));

/**
 * The words that say what a requirement is about: its rarest content lexemes among the memory's
 * requirements. Numbers aside: they are the requirement's thresholds ("≤ 100 µm"), which an answer
 * meets with its own values ("pistes de 50 µm").
 */
function keyTermsOf(requirements: AnalysedRequirement[]): Map<string, string[]> {
  const termsOf = new Map(requirements.map((r) => [r.id, [...new Set(lexemes(r.text))].filter((l) => !GENERIC.has(l) && l.length > 2 && !/^\d/.test(l))]));
  const df = new Map<string, number>();
  for (const terms of termsOf.values()) for (const term of terms) df.set(term, (df.get(term) ?? 0) + 1);
  const out = new Map<string, string[]>();
  for (const [id, terms] of termsOf) out.set(id, [...terms].sort((a, b) => (df.get(a) as number) - (df.get(b) as number)).slice(0, 6));
  return out;
}

/** A requirement is covered when the text holds most of its key terms, or when the team ticked it covered. */
export function isCovered(keyTerms: string[], text: Set<string>, ticked: boolean): boolean {
  if (ticked) return true;
  if (!keyTerms.length) return false;
  const present = keyTerms.filter((term) => text.has(term)).length;
  return present >= Math.ceil(keyTerms.length * 0.6);
}

function readability(text: string): { average: number; long: number; ok: boolean } {
  const sentences = sentencesOf(text).map(countWords);
  if (!sentences.length) return { average: 0, long: 0, ok: true };
  const average = round1(sentences.reduce((a, b) => a + b, 0) / sentences.length);
  const long = sentences.filter((n) => n > LONG_SENTENCE).length;
  return { average, long, ok: average <= AVERAGE_SENTENCE && long === 0 };
}

/** The share (0-1) of a text's words in sentences found word for word in other memories. */
function sharedShare(text: string, other: Set<string>): number {
  if (!other.size) return 0;
  let total = 0;
  let shared = 0;
  for (const sentence of sentencesOf(text)) {
    const w = words(sentence);
    total += w.length;
    for (let at = 0; at + SHINGLE <= w.length; at++) {
      if (other.has(w.slice(at, at + SHINGLE).join(' '))) {
        shared += w.length;
        break;
      }
    }
  }
  return total ? shared / total : 0;
}

function evidenceReasons(evidence: Evidence): { reasons: Reason[]; share: number } {
  const reasons: Reason[] = [];
  if (evidence.staffResumes === 0) reasons.push({ kind: 'evidence', ok: false, key: evidence.charts ? 'memoryreason-no_staff_resumes' : 'memoryreason-no_chart', vars: {} });
  if (evidence.references === 0) reasons.push({ kind: 'evidence', ok: false, key: 'memoryreason-no_references', vars: {} });
  if (evidence.tasks === 0) reasons.push({ kind: 'evidence', ok: false, key: 'memoryreason-no_planning', vars: {} });
  if (!reasons.length) reasons.push({ kind: 'evidence', ok: true, key: 'memoryreason-evidence_ok', vars: { resumes: evidence.staffResumes, references: evidence.references } });
  return { reasons, share: (3 - reasons.filter((r) => !r.ok).length) / 3 };
}

/** The rules' analysis. */
export function analyseMemory(input: AnalysisInput): MemoryAnalysis {
  const { sections, requirements, limits } = input;
  const totalWords = sections.reduce((n, s) => n + countWords(s.text), 0);
  const limitWords = limits?.words ?? (limits?.pages ? limits.pages * WORDS_PER_PAGE : undefined);
  const overLimit = limitWords !== undefined && totalWords > limitWords;
  const reasons: Reason[] = [];
  if (limitWords !== undefined) {
    reasons.push(
      overLimit
        ? { kind: 'length', ok: false, key: limits?.words ? 'memoryreason-over_word_limit' : 'memoryreason-over_page_limit', vars: { words: totalWords, limit: limits?.words ?? limits?.pages ?? 0, pages: Math.ceil(totalWords / WORDS_PER_PAGE) } }
        : { kind: 'length', ok: true, key: 'memoryreason-within_limit', vars: { words: totalWords, limit: limitWords } },
    );
  }
  const linked = [...new Set(sections.flatMap((s) => s.requirementIds))].map((id) => requirements.get(id)).filter((r): r is AnalysedRequirement => !!r);
  const keyTerms = keyTermsOf(linked);
  const evidence = evidenceReasons(input.evidence);

  // Chapters: the sections answering one criterion, in the memory's order.
  const chapters = new Map<string, { weight: number; sections: AnalysedSection[] }>();
  for (const section of sections) {
    if (!section.criterion) continue;
    const chapter = chapters.get(section.criterion.name) ?? { weight: section.criterion.weight, sections: [] };
    chapter.sections.push(section);
    chapters.set(section.criterion.name, chapter);
  }
  const criteria: CriterionGrade[] = [];
  for (const [name, chapter] of chapters) {
    const own = chapter.sections.map((s) => s.ownText).join('\n');
    const ownWords = countWords(own);
    const chapterReasons: Reason[] = [];
    const sectionIds = chapter.sections.map((s) => s.id);
    if (ownWords === 0) {
      chapterReasons.push({ kind: 'length', ok: false, key: 'memoryreason-empty', vars: {} });
      for (const id of new Set(chapter.sections.flatMap((s) => s.requirementIds))) {
        const r = requirements.get(id);
        if (r) chapterReasons.push({ kind: 'requirement', ok: false, key: 'memoryreason-requirement_missing', vars: { text: cut(r.text, 140), fileName: r.fileName, page: r.page }, requirementIds: [id] });
      }
      criteria.push({ criterion: name, weight: chapter.weight, score: 0, max: chapter.weight, sectionIds, reasons: chapterReasons });
      continue;
    }
    // Requirements: the text of the section they are linked to decides (its sub-criterion's).
    let covered = 0;
    let total = 0;
    const coveredIds: string[] = [];
    for (const section of chapter.sections) {
      const present = new Set(lexemes(section.ownText));
      for (const id of section.requirementIds) {
        const requirement = requirements.get(id);
        if (!requirement) continue;
        total++;
        if (isCovered(keyTerms.get(id) ?? [], present, requirement.status === 'covered')) {
          covered++;
          coveredIds.push(id);
        } else {
          chapterReasons.push({ kind: 'requirement', ok: false, key: 'memoryreason-requirement_missing', vars: { text: cut(requirement.text, 140), fileName: requirement.fileName, page: requirement.page }, requirementIds: [id] });
        }
      }
    }
    if (total) chapterReasons.unshift({ kind: 'requirement', ok: covered === total, key: 'memoryreason-requirements_covered', vars: { covered, total }, requirementIds: coveredIds });
    const requirementShare = total ? covered / total : 1;

    const min = MIN_SECTION_WORDS * Math.max(1, chapter.sections.filter((s) => s.level === 2).length || 1);
    let lengthShare = Math.min(1, ownWords / min);
    chapterReasons.push(ownWords >= min ? { kind: 'length', ok: true, key: 'memoryreason-length_ok', vars: { words: ownWords } } : { kind: 'length', ok: false, key: 'memoryreason-too_short', vars: { words: ownWords, min } });
    if (overLimit) lengthShare *= 0.5;

    const shared = sharedShare(own, input.otherShingles);
    const percent = Math.round(shared * 100);
    chapterReasons.push(shared > 0.2 ? { kind: 'boilerplate', ok: false, key: 'memoryreason-boilerplate', vars: { share: percent } } : { kind: 'boilerplate', ok: true, key: 'memoryreason-original', vars: { share: percent } });
    const originality = shared > 0.2 ? 1 - shared : 1;

    chapterReasons.push(...evidence.reasons);

    const read = readability(own);
    chapterReasons.push(
      read.ok ? { kind: 'readability', ok: true, key: 'memoryreason-readable', vars: { average: read.average } } : { kind: 'readability', ok: false, key: 'memoryreason-long_sentences', vars: { average: read.average, long: read.long } },
    );
    const share =
      WEIGHTS.requirement * requirementShare + WEIGHTS.length * lengthShare + WEIGHTS.boilerplate * originality + WEIGHTS.evidence * evidence.share + WEIGHTS.readability * (read.ok ? 1 : 0.5);
    criteria.push({ criterion: name, weight: chapter.weight, score: round1(chapter.weight * share), max: chapter.weight, sectionIds, reasons: chapterReasons });
  }
  // Requirements outside any criterion's chapter ("Exigences du CCTP"): listed when not covered.
  for (const section of sections) {
    if (section.criterion) continue;
    const present = new Set(lexemes(section.ownText));
    for (const id of section.requirementIds) {
      const requirement = requirements.get(id);
      if (requirement && !isCovered(keyTerms.get(id) ?? [], present, requirement.status === 'covered')) {
        reasons.push({ kind: 'requirement', ok: false, key: 'memoryreason-requirement_missing', vars: { text: cut(requirement.text, 140), fileName: requirement.fileName, page: requirement.page }, requirementIds: [id] });
      }
    }
  }
  const score = round1(criteria.reduce((n, c) => n + c.score, 0));
  const max = round1(criteria.reduce((n, c) => n + c.max, 0));
  return { mode: 'rules', total: { score, max }, words: totalWords, reasons, criteria };
}

export const rulesGrader: MemoryGrader = { grade: async (input) => analyseMemory(input) };
