// The memory outline's requirement links against the hand labels of tests/fixtures/section-labels:
// shared by `npm run bench:links` and tests/api/memory-links.test.ts. A labelled set is read as the
// product reads it (runExtraction, one document per file or ZIP entry, classifyDocument; the pages'
// bodies without their running headers and footers, as stored), its CCTP requirements found by the
// rules (server/analysis/cctp) of the documents the CCTP analysis reads, and the outline drawn from
// the labelled award criteria (tests/fixtures/dce-labels; for a set whose criteria differ by lot,
// the first group's), the RC's documents standing for the criteria's sources.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { extractRequirements } from '../../server/analysis/cctp';
import { classifyDocument, type AnalysedDocument, type Criterion, type DocumentKind } from '../../server/analysis/dce';
import type { PageText } from '../../server/analysis/retrieval';
import { stripRepeatedLines } from '../../server/extraction/clean';
import { runExtraction } from '../../server/extraction/run';
import { criteriaOutline, type OutlineRequirement, type OutlineSection } from '../../server/domains/memories/outline';
import { fold } from './dce-labels';

const FIXTURES = 'tests/fixtures/dce';
const DCE_LABELS = 'tests/fixtures/dce-labels';
export const SECTION_LABELS = 'tests/fixtures/section-labels';

export type SectionLabel = {
  set: string;
  file: string;
  notes: string;
  /** Code → the labelled criterion (and sub-criterion) it stands for. */
  sections: Record<string, { criterion: string; subCriterion?: string }>;
  links: { page: number; cctpSection: string; contains: string; section: string }[];
};
type DceLabel = { set: string; kinds: Record<string, string>; facts: { awardCriteria?: Criterion[]; awardCriteriaByLots?: { lots: number[]; criteria: Criterion[] }[] } };

export const sectionLabels = (): SectionLabel[] =>
  readdirSync(SECTION_LABELS)
    .filter((name) => name.endsWith('.json'))
    .sort()
    .map((name) => JSON.parse(readFileSync(join(SECTION_LABELS, name), 'utf8')) as SectionLabel);

type ReadDoc = AnalysedDocument & { kind: DocumentKind };
export type ReadSet = { set: string; docs: ReadDoc[]; pages: PageText[]; criteria: Criterion[]; problems: string[] };

/** The set's documents as the product reads them, and its labelled criteria. */
export async function readLabelledSet(set: string): Promise<ReadSet> {
  const label = JSON.parse(readFileSync(join(DCE_LABELS, `${set}.json`), 'utf8')) as DceLabel;
  const docs: ReadDoc[] = [];
  const pages: PageText[] = [];
  const problems: string[] = [];
  for (const file of Object.keys(label.kinds)) {
    const path = join(FIXTURES, set, file);
    if (!existsSync(path)) {
      problems.push(`${file}: not in ${join(FIXTURES, set)}`);
      continue;
    }
    const result = await runExtraction({ path, fileName: file }, {});
    for (const part of result.parts) {
      const fileName = part.entry ? (part.entry.split('/').pop() ?? part.entry) : file;
      const documentId = `${set}/${file}${part.entry ? `/${part.entry}` : ''}`;
      const texts = part.pages.map((page) => page.text.replaceAll('\0', ''));
      const bodies = stripRepeatedLines(texts);
      const docPages = part.pages.map((page, at) => ({ page: page.page, text: texts[at] ?? '' }));
      docs.push({ documentId, entry: part.entry, fileName, pages: docPages, kind: classifyDocument(fileName, docPages) });
      part.pages.forEach((page, at) => pages.push({ documentId, entry: part.entry, fileName, page: page.page, body: bodies[at] ?? '' }));
    }
  }
  const criteria = label.facts.awardCriteria ?? label.facts.awardCriteriaByLots?.[0]?.criteria ?? [];
  return { set, docs, pages, criteria, problems };
}

/** The requirements the CCTP analysis lists (the CCTP or CCP; without one, the CCAP and other documents), as the outline reads them. */
export function requirementsOf(read: ReadSet): OutlineRequirement[] {
  const cctp = read.docs.filter((d) => d.kind === 'CCTP' || d.kind === 'CCP');
  const technical = cctp.length ? cctp : read.docs.filter((d) => d.kind === 'CCAP' || d.kind === 'OTHER');
  return technical
    .flatMap((doc) => extractRequirements(doc))
    .map((r, at) => ({ id: `r${at}`, documentId: r.documentId, entry: r.entry, text: r.text, fileName: r.fileName, page: r.page, sectionNumber: r.section.number, sectionTitle: r.section.title, status: 'todo' }));
}

/** The outline's criterion sections, the RC's documents standing for the criteria's sources. */
export function outlineOf(read: ReadSet, requirements: OutlineRequirement[]): OutlineSection[] {
  const sources = read.docs
    .filter((d) => d.kind === 'RC')
    .map((d) => ({ documentId: d.documentId, entry: d.entry, fileName: d.fileName, page: d.pages[0]?.page ?? 1, excerpt: '' }));
  return criteriaOutline(read.criteria, sources, read.pages, requirements).sections;
}

export type LinkOutcome = {
  contains: string;
  page: number;
  /** The requirement the snippet was found in ('' when missing). */
  text: string;
  expected: string;
  /** The code of the section the outline put it in; 'none' for the leftover section; 'missing' when the rules did not find it. */
  got: string;
};
export type LinkCount = { labelled: number; found: number; linked: number; right: number; wrongOnNone: number; expectedLinks: number };

/** Each labelled requirement's section in the outline, against its label. */
export function judgeLinks(label: SectionLabel, requirements: OutlineRequirement[], sections: OutlineSection[]): LinkOutcome[] {
  const codeOf = (section: OutlineSection): string => {
    if (!section.criterion) return 'none';
    const match = Object.entries(label.sections).find(
      ([, s]) => fold(s.criterion) === fold(section.criterion!.name) && fold(s.subCriterion ?? '') === fold(section.criterion!.subCriterion ?? ''),
    );
    if (!match) throw new Error(`${label.set}: the outline's section "${section.title}" has no code in the labels`);
    return match[0];
  };
  const sectionOf = new Map<string, string>();
  for (const section of sections) for (const id of section.requirementIds) sectionOf.set(id, codeOf(section));
  return label.links.map((link) => {
    // The shortest requirement of the page holding the snippet: a lead-in is also the start of its items.
    const candidates = requirements.filter((r) => r.page === link.page && fold(r.text).includes(fold(link.contains))).sort((a, b) => a.text.length - b.text.length);
    const found = candidates[0];
    return { contains: link.contains, page: link.page, text: found?.text ?? '', expected: link.section, got: found ? (sectionOf.get(found.id) ?? 'none') : 'missing' };
  });
}

/**
 * Counts: precision = right links / links made (among labelled requirements found), a link on a
 * requirement labelled none being wrong; recall = right links / requirements labelled with a section
 * (both among the labelled requirements the rules found: `found` of `labelled`).
 */
export function countLinks(outcomes: LinkOutcome[]): LinkCount {
  const found = outcomes.filter((o) => o.got !== 'missing');
  const linked = found.filter((o) => o.got !== 'none');
  return {
    labelled: outcomes.length,
    found: found.length,
    linked: linked.length,
    right: linked.filter((o) => o.got === o.expected).length,
    wrongOnNone: linked.filter((o) => o.expected === 'none').length,
    expectedLinks: found.filter((o) => o.expected !== 'none').length,
  };
}

export const precisionOf = (c: LinkCount) => (c.linked ? c.right / c.linked : 1);
export const recallOf = (c: LinkCount) => (c.expectedLinks ? c.right / c.expectedLinks : 1);
