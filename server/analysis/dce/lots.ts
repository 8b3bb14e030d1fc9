import { QUANTITY, fold, lineSource, quantityValue, scan, sourceOf, type PageView } from './text';
import type { FactSource, Lot, Lots } from './types';

const NOT_ALLOTTED =
  /\bn'est pas alloti|\bnon alloti|\bpas (?:prevu )?de decomposition en lots|\bne fait (?:pas )?l'objet d'(?:aucun|un) allotissement|\bpas d'allotissement|\blot unique\b|\bne (?:pas )?(?:lancer|passer) la consultation en lots separes|\bn'est pas decompose en lots|\baucun allotissement/;
const ALLOTTED = new RegExp(`\\b(?:decompose|reparti|divise|alloti)e?s? en (${QUANTITY}) lots\\b|\\best alloti\\b|\\ballotissement en (${QUANTITY}) lots`);
const LOT_LINE = /^lot\s*(?:n\s*[°o]\.?\s*|no\.?\s*|numero\s*)?(\d{1,3})\b\s*(?:[-:.)]\s*)?(.*)$/;
const AMOUNT = /(?:montant|estimation|estime|evalue)[^\d\n]{0,40}?(\d{1,3}(?:[ .\u00a0\u202f]?\d{3})*(?:,\d{1,2})?)\s*(?:€|euros?|k€)/;

function amountOf(folded: string): number | undefined {
  const m = AMOUNT.exec(folded);
  if (!m) return undefined;
  const value = Number((m[1] as string).replace(/[ .\u00a0\u202f]/g, '').replace(',', '.'));
  return Number.isFinite(value) && value > 0 ? value : undefined;
}

const cleanTitle = (title: string) =>
  title
    .replace(/\.{3,}.*$/, '') // a table of contents' dot leaders and page number
    .replace(/\s+\d{1,3}$/, '')
    .replace(/\s*[-–:(]?\s*(?:montant|estimation|estimé)\b.*$/i, '')
    .replace(/\s+/g, ' ')
    .replace(/^[\s:–-]+|[\s:;,.(–-]+$/g, '')
    .trim();

// A table of lots: a number column and a title column ("N°      Intitulés des lots").
const TABLE_HEADER = /^\s*(?:n\s*[°o]\.?|no\.?|lots?|numeros?|n\s*[°o]\s*(?:de\s*)?lots?)\s{2,}(?:.*\s)?(?:intitules?|designations?|objets?|libelles?|denominations?)\b/;
const TABLE_ROW = /^(\s*)(?:lot\s*(?:n\s*[°o]\s*)?)?(\d{1,2})\s{2,}(?=\S)/;
// A footnote's call glued to the end of a title ("… 500 000€ HT1", the note "1 Se référer …" below).
const FOOTNOTE_CALL = /(?<=[a-zà-ÿ€)])(\d)$/i;

/**
 * The lots of a table read across its pages: rows numbered 1, 2, 3… in order (a footnote or a
 * page's footer between them is skipped), a title running over the lines below it at its column.
 */
function tableLots(views: PageView[]): { lots: Lot[]; sources: FactSource[] } | undefined {
  const lines = views.flatMap((view) => view.lines.map((raw) => ({ view, raw, folded: fold(raw) })));
  for (let at = 0; at < lines.length; at++) {
    if (!TABLE_HEADER.test(lines[at]!.folded)) continue;
    const lots: Lot[] = [];
    const sources: FactSource[] = [];
    const footnotes = new Set<string>();
    // Each page may shift the columns a little, and a page's first line loses its indent.
    const columns: number[] = [];
    let skipped = 0;
    let lastLine = -1;
    for (let row = at + 1; row < lines.length && skipped <= 8; row++) {
      const { view, raw, folded } = lines[row]!;
      if (!raw.trim()) continue;
      const numbered = TABLE_ROW.exec(folded);
      if (numbered && Number(numbered[2]) === lots.length + 1) {
        columns.push(numbered[0].length);
        lots.push({ number: lots.length + 1, title: raw.slice(numbered[0].length).split(/\s{3,}/)[0]!.trim() });
        sources.push(lineSource(view, raw));
        skipped = 0;
        lastLine = row;
        continue;
      }
      const indent = raw.length - raw.trimStart().length;
      const last = lots.at(-1);
      // The title goes on at its column (a new page may shift the layout by a few characters).
      if (last && !numbered && indent >= 4 && (lastLine === row - 1 || columns.some((column) => Math.abs(indent - column) <= 2))) {
        last.title = `${last.title} ${raw.trim().split(/\s{3,}/)[0]}`;
        lastLine = row;
        continue;
      }
      const note = /^\s{0,4}(\d)\s+[A-ZÀ-Ý]/.exec(raw);
      if (note) footnotes.add(note[1]!);
      if (TABLE_HEADER.test(folded) || (lots.length > 0 && /^\s*(?:\d{1,2}(?:\.\d{1,2})*\s*[-.)]?\s+)?[A-ZÀ-Ý][\wÀ-ÿ' ]+:?$/.test(raw) && indent < 4 && !note)) break;
      skipped++;
    }
    if (lots.length < 2) continue;
    for (const lot of lots) {
      const call = FOOTNOTE_CALL.exec(lot.title);
      lot.title = cleanTitle(call && footnotes.has(call[1]!) ? lot.title.slice(0, -1) : lot.title);
    }
    return { lots, sources };
  }
  return undefined;
}

export function findLots(views: PageView[]): { value: Lots; sources: FactSource[]; confidence: number } | undefined {
  const negative = scan(views, NOT_ALLOTTED)[0];
  const lots = new Map<number, Lot>();
  const sources: FactSource[] = [];
  const table = tableLots(views);
  for (const lot of table?.lots ?? []) lots.set(lot.number, lot);
  sources.push(...(table?.sources ?? []));
  // Lot lines ("Lot n°2 : Menuiserie intérieure"); those of a list (two or more on consecutive
  // lines) name their lots before a cover or a running title does.
  type Mention = { lot: Lot; view: PageView; text: string; inList: boolean };
  const mentions: Mention[] = [];
  for (const view of views) {
    let previous = -2;
    view.lines.forEach((raw, at) => {
      const text = raw.replace(/\s+/g, ' ').trim();
      const m = LOT_LINE.exec(fold(text));
      if (!m) return;
      const number = Number(m[1]);
      const title = cleanTitle(text.slice(text.length - (m[2] as string).length));
      if (!title || !/[a-zà-ÿ]{3}/i.test(title) || number === 0) return;
      const around = fold([text, view.lines[at + 1] ?? '', view.lines[at + 2] ?? ''].join(' ').replace(/\s+/g, ' '));
      const estimatedAmount = amountOf(around);
      const inList = previous === at - 1;
      if (inList && mentions.at(-1)) mentions.at(-1)!.inList = true;
      mentions.push({ lot: { number, title, ...(estimatedAmount ? { estimatedAmount } : {}) }, view, text, inList });
      previous = at;
    });
  }
  for (const mention of [...mentions.filter((m) => m.inList), ...mentions.filter((m) => !m.inList)]) {
    const { lot } = mention;
    const known = lots.get(lot.number);
    if (!known) {
      lots.set(lot.number, lot);
      sources.push(lineSource(mention.view, mention.text));
    } else if (lot.estimatedAmount && !known.estimatedAmount) known.estimatedAmount = lot.estimatedAmount;
  }
  const count = scan(views, ALLOTTED)[0];
  if (lots.size >= 2 || (count && lots.size > 0)) {
    const list = [...lots.values()].sort((a, b) => a.number - b.number);
    const announced = count ? quantityValue(count.match[1] ?? count.match[2] ?? '') : undefined;
    const agrees = announced === undefined || announced === list.length;
    return { value: { allotted: true, lots: list }, sources: [...(count ? [sourceOf(count.view, count.start, count.end)] : []), ...sources].slice(0, 12), confidence: agrees ? 0.85 : 0.6 };
  }
  if (negative) return { value: { allotted: false, lots: [] }, sources: [sourceOf(negative.view, negative.start, negative.end)], confidence: 0.9 };
  if (count) return { value: { allotted: true, lots: [] }, sources: [sourceOf(count.view, count.start, count.end)], confidence: 0.5 };
  return undefined;
}
