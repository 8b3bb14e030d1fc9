// A memory whose outline is the buyer's technical response frame (issue 25): a section per item,
// in the frame's order and with its numbers, carrying the buyer's words and limit, matched to the
// award criteria (by the frame's own "Sous-critère 2.1 - Pondération : 20 %" when the RC's list
// agrees, else by the criterion's name) and to the CCTP requirements (by the articles the item
// cites, "réf. art. 3.1.3 du CCTP", else by ./links' word matching). Writing the answers back into
// the buyer's file is ../../analysis/frame/fill-frame.
import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { tenderDocuments, type MemoryCriterion, type MemoryFrameItem, type MemoryFrameRef } from '../../db/schema';
import type { Storage } from '../../storage/storage';
import { bufferSource, readZipDirectory, unpackZipEntry } from '../../files/zip';
import { AppError } from '../../errors';
import { lexemes } from '../../analysis/retrieval/lexemes';
import type { FrameItem, ResponseFrame } from '../../analysis/frame/types';
import { doc, para, type TipTapDoc } from './tiptap';
import { overruns, type LimitOverrun } from '../../../rules/text-measure';
import { buyerText } from '../../../rules/working-notes';
import { linkRequirements } from './links';
import { isPriceCriterion, type OutlineRequirement } from './outline';

type AnalysisCriterion = { name: string; weight: number; subCriteria?: { name: string; weight: number }[] };
export type FrameSection = {
  title: string;
  level: 1 | 2;
  criterion: MemoryCriterion | null;
  requirementIds: string[];
  content: TipTapDoc;
  frameItem: MemoryFrameItem;
};

/** The frames the latest DCE analysis found among the tender's documents (kind CRT). */
export function frameRefs(analysis: { documents: { documentId: string; entry: string | null; fileName: string; kind: string }[] } | undefined) {
  return (analysis?.documents ?? []).filter((d) => d.kind === 'CRT').map((d) => ({ documentId: d.documentId, entry: d.entry ?? null, fileName: d.fileName }));
}

/** The bytes of a tender's document, or of one entry of it when it is a ZIP; 404 when it is not the tender's. */
export async function tenderFileBytes(db: Database, storage: Storage, tenderId: string, documentId: string, entry: string | null) {
  const [row] = await db
    .select({ fileName: tenderDocuments.fileName, storageKey: tenderDocuments.storageKey })
    .from(tenderDocuments)
    .where(and(eq(tenderDocuments.id, documentId), eq(tenderDocuments.tenderId, tenderId)))
    .limit(1);
  if (!row) throw new AppError(404, 'memory-frame_not_found');
  const file = await storage.get(row.storageKey);
  if (!file) throw new AppError(404, 'memory-frame_not_found');
  const chunks: Buffer[] = [];
  for await (const chunk of file.stream) chunks.push(chunk as Buffer);
  const bytes = Buffer.concat(chunks);
  if (!entry) return { bytes, fileName: row.fileName };
  const source = bufferSource(bytes);
  const found = (await readZipDirectory(source).catch(() => [])).find((e) => e.name === entry);
  if (!found) throw new AppError(404, 'memory-frame_not_found');
  const data = await unpackZipEntry(source, found).catch(() => {
    throw new AppError(400, 'memory-frame_unreadable');
  });
  return { bytes: data, fileName: entry.split('/').pop() ?? entry };
}

export const frameRef = (documentId: string, entry: string | null, fileName: string, frame: ResponseFrame): MemoryFrameRef => ({
  documentId,
  entry,
  fileName,
  format: frame.format,
  fillable: frame.fillable,
});

// "réf. art. 3.1.3 du CCTP", "CCTP art. 3.6, 3.8 et 3.9", "Réf. art. 9.1 et 9.2 du CCTP".
const NUMBER_LIST = String.raw`(\d+(?:\.\d+)*(?:\s*(?:,|et|&)\s*\d+(?:\.\d+)*)*)`;
const CITED_AFTER = new RegExp(String.raw`\bart(?:icles?|s?\.)?\s*` + NUMBER_LIST + String.raw`\s*(?:du|au)\s+C\.?C\.?T\.?P\b`, 'gi');
const CITED_BEFORE = new RegExp(String.raw`\bC\.?C\.?T\.?P\.?\s*,?\s*art(?:icles?|s?\.)?\s*` + NUMBER_LIST, 'gi');

/** The CCTP articles an item cites. */
export function citedArticles(text: string): string[] {
  const found = new Set<string>();
  for (const re of [CITED_AFTER, CITED_BEFORE]) for (const match of text.matchAll(re)) for (const n of match[1]!.split(/\s*(?:,|et|&)\s*/)) found.add(n.trim());
  return [...found].filter(Boolean);
}

const underArticle = (sectionNumber: string, article: string) => sectionNumber === article || sectionNumber.startsWith(`${article}.`);

// "Critère 3 - Pondération : 10 %", "Sous-critère 2.1 - Pondération : 20 %".
const FRAME_CRITERION = /\b(sous[- ]?)?crit[eè]re\s*n?°?\s*(\d+)(?:\.(\d+))?/i;

/**
 * The RC's criterion a frame item is graded on: the one the frame names by its number, when the
 * RC's list has it at that place with the same weight; else the criterion or sub-criterion whose
 * name's words the item's title holds. Price criteria are never a memory's.
 */
function matchCriterion(item: FrameItem, criteria: AnalysisCriterion[]): MemoryCriterion | null {
  const marked = item.criterion ? FRAME_CRITERION.exec(item.criterion.label) : null;
  if (marked && item.criterion) {
    const parent = criteria[Number(marked[2]) - 1];
    const sub = marked[3] ? parent?.subCriteria?.[Number(marked[3]) - 1] : undefined;
    const weight = item.criterion.weight;
    if (parent && !marked[3] && (weight === null || parent.weight === weight)) return { name: parent.name, weight: parent.weight };
    if (parent && sub && (weight === null || sub.weight === weight)) return { name: parent.name, weight: parent.weight, subCriterion: sub.name, subWeight: sub.weight };
  }
  const title = new Set(lexemes(item.title));
  const covers = (name: string) => {
    const wanted = lexemes(name);
    return wanted.length > 0 && wanted.filter((w) => title.has(w)).length / wanted.length >= 0.6;
  };
  for (const parent of criteria) {
    if (isPriceCriterion(parent.name)) continue;
    const sub = parent.subCriteria?.find((s) => covers(s.name));
    if (sub) return { name: parent.name, weight: parent.weight, subCriterion: sub.name, subWeight: sub.weight };
    if (covers(parent.name)) return { name: parent.name, weight: parent.weight };
  }
  return null;
}

/**
 * The memory's sections from the frame: its items in order (the frame's third and deeper levels
 * as the memory's second: the buyer's numbers say the depth), each with the criterion it is graded
 * on (its own, else its parent item's) and the CCTP requirements it covers, and an empty answer.
 */
export function frameOutline(frame: ResponseFrame, criteria: AnalysisCriterion[], requirements: OutlineRequirement[]): FrameSection[] {
  const ownCriteria = frame.items.map((item) => matchCriterion(item, criteria));
  const parents: number[] = [];
  const inherited = frame.items.map((item, index) => {
    while (parents.length && frame.items[parents[parents.length - 1]!]!.level >= item.level) parents.pop();
    const from = [index, ...[...parents].reverse()].find((i) => ownCriteria[i]);
    parents.push(index);
    return from === undefined ? null : ownCriteria[from]!;
  });

  // Requirements: the articles an item cites take theirs; the rest go by words to a clear item.
  const byItem = frame.items.map(() => new Set<string>());
  const cited = new Set<string>();
  frame.items.forEach((item, index) => {
    for (const article of citedArticles(`${item.title}\n${item.prompt}`))
      for (const r of requirements)
        if (underArticle(r.sectionNumber, article)) {
          byItem[index]!.add(r.id);
          cited.add(r.id);
        }
  });
  const rest = requirements.filter((r) => !cited.has(r.id));
  if (rest.length) {
    const links = linkRequirements(
      frame.items.map((item) => ({ name: item.title, passage: item.prompt })),
      rest.map((r) => ({ id: r.id, text: r.text, headings: r.sectionTitle ? [r.sectionTitle] : [] })),
    );
    for (const link of links) if (link.section !== null) byItem[link.section]!.add(link.requirementId);
  }

  return frame.items.map((item, index) => ({
    title: item.title,
    level: item.level <= 1 ? 1 : 2,
    criterion: inherited[index] ?? null,
    requirementIds: [...byItem[index]!],
    content: doc(para()),
    frameItem: { index, number: item.number, prompt: item.prompt, limit: item.limit, criterion: item.criterion },
  }));
}

export type SectionOverrun = LimitOverrun & { sectionId: string; title: string; number: string };

/** The sections over their frame item's character or word limit, counted on what the buyer reads (pages are laid out by LibreOffice, not counted here). */
export function limitOverruns(sections: { id: string; title: string; content: unknown; frameItem: MemoryFrameItem | null }[]): SectionOverrun[] {
  return sections.flatMap((section) => overruns(buyerText(section.content), section.frameItem?.limit).map((over) => ({ ...over, sectionId: section.id, title: section.title, number: section.frameItem!.number })));
}
