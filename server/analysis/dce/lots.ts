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

export function findLots(views: PageView[]): { value: Lots; sources: FactSource[]; confidence: number } | undefined {
  const negative = scan(views, NOT_ALLOTTED)[0];
  const lots = new Map<number, Lot>();
  const sources: FactSource[] = [];
  for (const view of views) {
    view.lines.forEach((raw, at) => {
      const text = raw.replace(/\s+/g, ' ').trim();
      const m = LOT_LINE.exec(fold(text));
      if (!m) return;
      const number = Number(m[1]);
      const title = cleanTitle(text.slice(text.length - (m[2] as string).length));
      if (!title || !/[a-zà-ÿ]{3}/i.test(title) || number === 0) return;
      const around = fold([text, view.lines[at + 1] ?? '', view.lines[at + 2] ?? ''].join(' ').replace(/\s+/g, ' '));
      const estimatedAmount = amountOf(around);
      const known = lots.get(number);
      if (!known) {
        lots.set(number, { number, title, ...(estimatedAmount ? { estimatedAmount } : {}) });
        sources.push(lineSource(view, text));
      } else if (estimatedAmount && !known.estimatedAmount) known.estimatedAmount = estimatedAmount;
    });
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
