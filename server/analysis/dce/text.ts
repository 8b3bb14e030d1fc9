import { stripRepeatedLines } from '../../extraction/clean';
import type { AnalysedDocument, DocumentKind, FactSource } from './types';

/**
 * Lower case, no accents, one kind of apostrophe, dash and space, and crucially the SAME LENGTH
 * as the input: rules match on the folded text and cut their excerpt from the original.
 */
export function fold(text: string): string {
  let out = '';
  for (const char of text) {
    let c = char;
    if (c.length === 1) {
      if (/[’‘ʼ´`]/.test(c)) c = "'";
      else if (/[‐‑‒–—―−]/.test(c)) c = '-';
      else if (/[\u00a0\u202f\u2007\t]/.test(c)) c = ' ';
      else if (c === '«' || c === '»' || c === '“' || c === '”') c = '"';
      else {
        const base = c.normalize('NFD')[0] ?? c;
        const lower = base.toLowerCase();
        c = lower.length === 1 ? lower : base;
      }
    } else if (c.length !== char.length) c = char;
    out += c;
  }
  return out;
}

/** Folded, then every run of spaces made one: for comparing labels. */
export const squash = (text: string) => fold(text).replace(/\s+/g, ' ').trim();

/**
 * One page as rules read it: `flat` joins the lines of a paragraph with one space (a blank line
 * stays a line break), so that a sentence wrapped by the layout is matched whole; `lines` keeps
 * the layout lines for tables (criteria, lots).
 */
export type PageView = {
  doc: AnalysedDocument & { kind: DocumentKind };
  page: number;
  lines: string[];
  flat: string;
  folded: string;
};

// "14.1 - Pénalités de retard": a numbered heading is a paragraph of its own, not the start of
// the sentence below it.
const HEADING_LINE = /^(?:article\s+)?\d{1,2}(?:\.\d{1,2}){0,3}\s*[-–.)]\s*[A-ZÀ-Ý][^%]*$/;

function flatten(lines: string[]): string {
  let flat = '';
  let paragraphOpen = false;
  for (const raw of lines) {
    const line = raw.replace(/[\s\u00a0]+/g, ' ').trim();
    const heading = line.length < 90 && HEADING_LINE.test(line) && !/[.;,]$/.test(line);
    if (!line || heading) {
      if (paragraphOpen) flat += '\n';
      paragraphOpen = false;
      if (heading) flat += `${line}\n`;
      continue;
    }
    if (paragraphOpen) {
      // "sous-\ntraitance" is one word again; any other wrap is a space.
      flat += /[a-zà-ÿ]-$/i.test(flat) && /^[a-zà-ÿ]/.test(line) ? '' : ' ';
    }
    flat += line;
    paragraphOpen = true;
  }
  return flat;
}

export function pageViews(doc: AnalysedDocument & { kind: DocumentKind }): PageView[] {
  // Running headers and footers ("Consultation n°: … Page 4 sur 15") would glue themselves to
  // the sentence that ends a page.
  const texts = stripRepeatedLines(doc.pages.map((page) => page.text));
  return doc.pages.map((page, at) => {
    const lines = (texts[at] ?? '').split('\n').map((line) => line.replace(/\s+$/, ''));
    const flat = flatten(lines);
    return { doc, page: page.page, lines, flat, folded: fold(flat) };
  });
}

// A full stop ends a sentence before a capital or the end ("R. 2123-1" goes on).
const SENTENCE_END = /[.!?;](?=\s+[A-ZÀ-Ý•-]|\s*$)|\n/g;

/** The bounds of the sentence of `flat` around [start, end). */
export function sentenceBounds(flat: string, start: number, end: number): [number, number] {
  let from = 0;
  for (let at = start - 1; at >= 0; at--) {
    const c = flat[at];
    if (c === '\n') {
      from = at + 1;
      break;
    }
    // A full stop ends a sentence when a capital follows ("L. 2123-1" does not end one).
    if ((c === '.' || c === '!' || c === '?' || c === ';') && /^\s+[A-ZÀ-Ý•-]/.test(flat.slice(at + 1, at + 4))) {
      from = at + 1;
      break;
    }
  }
  SENTENCE_END.lastIndex = Math.max(end, from);
  const stop = SENTENCE_END.exec(flat);
  const to = stop ? (stop[0] === '\n' ? stop.index : stop.index + 1) : flat.length;
  return [from, Math.max(to, end)];
}

/** The sentence of `flat` around [start, end), cut to `max` characters around the match. */
export function excerptAt(flat: string, start: number, end: number, max = 300): string {
  let [from, to] = sentenceBounds(flat, start, end);
  if (to - from > max) {
    const room = Math.max(0, max - (end - start));
    from = Math.max(from, start - Math.floor(room / 3));
    to = Math.min(to, from + max);
  }
  return flat.slice(from, to).replace(/\s+/g, ' ').trim();
}

export function sourceOf(view: PageView, start: number, end: number): FactSource {
  const { doc } = view;
  return { documentId: doc.documentId, entry: doc.entry, fileName: doc.fileName, page: view.page, excerpt: excerptAt(view.flat, start, end) };
}

export function lineSource(view: PageView, line: string): FactSource {
  const { doc } = view;
  return { documentId: doc.documentId, entry: doc.entry, fileName: doc.fileName, page: view.page, excerpt: line.replace(/\s+/g, ' ').trim().slice(0, 300) };
}

export type Hit = { view: PageView; match: RegExpExecArray; start: number; end: number };

/** Every match of `pattern` (written for folded text; the g flag is added) over the pages. */
export function scan(views: PageView[], pattern: RegExp): Hit[] {
  const flags = pattern.flags.includes('g') ? pattern.flags : `${pattern.flags}g`;
  const hits: Hit[] = [];
  for (const view of views) {
    const re = new RegExp(pattern.source, flags);
    for (let match = re.exec(view.folded); match; match = re.exec(view.folded)) {
      hits.push({ view, match, start: match.index, end: match.index + match[0].length });
      if (match[0].length === 0) re.lastIndex++;
    }
  }
  return hits;
}

/** The folded sentence around a hit (whole, not cut). */
export function sentenceOf(hit: Hit): string {
  const [from, to] = sentenceBounds(hit.view.flat, hit.start, hit.end);
  return hit.view.folded.slice(from, to);
}

/** The folded sentence up to a hit. */
export function sentencePrefix(hit: Hit): string {
  const [from] = sentenceBounds(hit.view.flat, hit.start, hit.end);
  return hit.view.folded.slice(from, hit.start);
}

/** The folded text just before a hit, for headings and lead-ins. */
export const before = (hit: Hit, chars: number) => hit.view.folded.slice(Math.max(0, hit.start - chars), hit.start);

const NUMBER_WORDS: Record<string, number> = {
  un: 1, une: 1, deux: 2, trois: 3, quatre: 4, cinq: 5, six: 6, sept: 7, huit: 8, neuf: 9, dix: 10, onze: 11, douze: 12,
  quinze: 15, vingt: 20, trente: 30, quarante: 40, soixante: 60, 'dix-huit': 18, 'vingt-quatre': 24, 'trente-six': 36,
  'quarante-huit': 48, 'quatre-vingt-dix': 90, 'cent vingt': 120, 'cent-vingt': 120, cent: 100, 'cent quatre-vingts': 180,
};

/** A quantity written "3", "5 (cinq)", "trois", "trois (3)" or "d'un (1)" (folded text). */
export const QUANTITY = `(?:\\d+(?:[.,]\\d+)?(?:\\s*\\([a-z-]+\\))?|(?:${Object.keys(NUMBER_WORDS)
  .sort((a, b) => b.length - a.length)
  .join('|')})(?:\\s*\\(\\d+\\))?)`;

export function quantityValue(text: string): number | undefined {
  const inParens = /\((\d+)\)/.exec(text);
  if (inParens) return Number(inParens[1]);
  const digits = /\d+(?:[.,]\d+)?/.exec(text);
  if (digits) return Number(digits[0].replace(',', '.'));
  const word = text.trim().replace(/^d'/, '');
  return NUMBER_WORDS[word];
}

const UNIT = `(?:ans?|annees?|mois|semaines?|jours?(?:\\s+(?:calendaires|ouvres|ouvrables|francs))?)`;
export const DURATION = `(${QUANTITY})\\s*${UNIT.replace('(?:', '(')}`;

/** "trois (3) ans" -> "3 ans", "un an" -> "1 an", "30 jours calendaires" as written. */
export function durationText(quantity: string, unit: string): string | undefined {
  const value = quantityValue(quantity);
  if (value === undefined) return undefined;
  let word = unit.replace(/\s+/g, ' ').trim();
  if (/^annees?$/.test(word)) word = 'ans';
  if (/^ans?$/.test(word)) word = value > 1 ? 'ans' : 'an';
  if (/^semaines?$/.test(word)) word = value > 1 ? 'semaines' : 'semaine';
  if (/^jours?/.test(word)) word = word.replace(/^jours?/, value > 1 ? 'jours' : 'jour').replace('ouvres', 'ouvrés');
  return `${String(value).replace('.', ',')} ${word}`;
}

/** A duration's length in days (for offer validity): months as 30 days. */
export function durationDays(value: number, unit: string): number {
  if (/^(ans?|annees?)/.test(unit)) return Math.round(value * 365);
  if (unit.startsWith('mois')) return Math.round(value * 30);
  if (unit.startsWith('semaine')) return Math.round(value * 7);
  return Math.round(value);
}
