// Reads a buyer's technical response frame (cadre de réponse technique, cadre de mémoire technique,
// questionnaire technique): its numbered items in order, the buyer's words under each, where the
// answers go in the buyer's own file, and the limits and award criteria stated per item.
// DOCX natively; ODT through LibreOffice (outline only when it is missing); PDF as an outline.
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { attr, bodyParagraphs, child, children, descendants, parseXml, unzip, utf8, type XmlNode } from './ooxml';
import type { FrameAnswerPlace, FrameItem, FrameLimit, ResponseFrame } from './types';
import { tuning } from '../../config';

const SOFFICE = tuning.soffice();
const CONVERT_TIMEOUT_MS = 120_000;

/** An ODT as a DOCX through LibreOffice; the server's is its `Office` (warm, or on a worker), tests use a cold soffice. */
export type OdtToDocx = (odt: Buffer) => Promise<Buffer | null>;

export async function readFrame(file: Buffer, fileName: string, convert: OdtToDocx = odtToDocx): Promise<ResponseFrame | null> {
  try {
    const extension = fileName.toLowerCase().split('.').pop();
    if (extension === 'docx' || extension === 'docm') return readDocxFrame(file, fileName, 'docx');
    if (extension === 'odt') return await readOdtFrame(file, fileName, convert);
    if (extension === 'pdf') return await readPdfFrame(file, fileName);
    return null;
  } catch {
    return null;
  }
}

// ---------------------------------------------------------------------------------------------
// Vocabulary

const clean = (text: string) => text.replace(/[\u00a0\u202f\u2007]/g, ' ').replace(/\t+/g, ' ').replace(/ {2,}/g, ' ').trim();

/** A document calling itself a response frame (its title or its file name). */
const FRAME_TITLE =
  /cadre\s+(?:de\s+)?(?:la\s+)?r[ée]ponses?(?!\s+financi)|cadre\s+(?:du\s+|de\s+)?m[ée]moire|questionnaire\s+(?:technique|qualit|environnement|d[ée]veloppement|rse)|trame\s+(?:de\s+|du\s+)?(?:m[ée]moire|r[ée]ponse)|m[ée]moire\s+technique\s+(?:type|[àa]\s+(?:compl[ée]ter|renseigner))|mod[èe]le\s+de\s+m[ée]moire/i;
const FRAME_FILE_ABBREVIATION = /(?:^|[^a-z])(?:CRTE?|CRT[-_ ]?E|QT|CMT)(?:[^a-z]|$)/i;
/** Documents of a DCE that are not technical frames, by their own title. */
const OTHER_DOCUMENT =
  /lettre\s+de\s+candidature|d[ée]claration\s+du\s+candidat|\bDC\s?[1-4]\b|acte\s+d['’]\s?engagement|\bATTRI\s?\d|cahier\s+des\s+clauses|r[èe]glement\s+(?:de\s+(?:la\s+)?)?consultation|bordereau\s+(?:des\s+)?prix|d[ée]tail\s+quantitatif|d[ée]composition\s+(?:du\s+)?prix|cadre\s+de\s+r[ée]ponse\s+financi|avis\s+d['’]\s?appel/i;
const OTHER_FILE = /(?:^|[^a-z])(?:DC[1-4]|AE|ATTRI\d?|CCTP|CCAP|CCAG|RC|BPU|DQE|DPGF|CRF)(?:[^a-z]|$)/i;

/** Unnumbered headings that are not items: the document's own title, its contents, the identity block. */
const NOT_AN_ITEM =
  /^(?:sommaire|table\s+des\s+mati[èe]res|candidat|identification|identit[ée]|nom|pr[ée]nom|adresse|t[ée]l[ée]phone|courriel|e-?mail|raison\s+sociale|d[ée]nomination|siret|interlocuteur|signature|date\s+et\s+signature)\b/i;

/** "2.1.1", "1.", "2.3" typed at the start of a paragraph, before a title starting with a capital. */
const TYPED_NUMBER = /^((?:\d{1,2}\.)*\d{1,2})(\.?)[\s\u00a0]*(?:[-–—:)][\s\u00a0]*)?(?=[\p{Lu}«"(])(.*)$/u;
/** "Question 3 :", "Q3 -", "Question n° 3". */
const QUESTION_NUMBER = /^(Q(?:uestion)?[\s\u00a0]*(?:n[°o][\s\u00a0]*)?\d{1,3}(?:\.\d{1,3})*)[\s\u00a0]*[-–—:.)]?[\s\u00a0]*(.*)$/i;

/** Column headings of the cells the candidate fills. */
const ANSWER_COLUMN =
  /valeur\s+propos|r[ée]ponse|propos[ée]e?s?\s+par|commentaire|pr[ée]cision|observation|[àa]\s+(?:compl[ée]ter|renseigner)|candidat|soumissionnaire|conforme|conformit[ée]|oui\s*\/\s*non|engagement|valeur|proposition/i;
/** A paragraph announcing the answer: "Réponse du candidat :". */
const ANSWER_LABEL =
  /^(?:r[ée]ponse|commentaires?|proposition|observations?|pr[ée]cisions?)(?:\s+(?:du|de\s+l['’]\s?)\s*(?:candidat|soumissionnaire|titulaire|entreprise|prestataire|fournisseur|op[ée]rateur))?\s*:?[\s.…_]*$/i;

const CHECKBOX = /[☐☑☒□■▢]/;
/** A line of dots left for the answer: at least four dots' worth of '.', '…' or '_'. */
const DOT_RUN = /(?:[.…_]{2,})/g;
const dotWorth = (run: string) => [...run].reduce((sum, c) => sum + (c === '…' ? 3 : 1), 0);
export const hasDots = (text: string) => (text.match(DOT_RUN) ?? []).some((run) => dotWorth(run) >= 4);
export const isDotsOnly = (text: string) => hasDots(text) && /^[\s.…_·\-–]*$/.test(text);

// ---------------------------------------------------------------------------------------------
// Limits and criteria, from the item's own words

const FRENCH_NUMBERS: Record<string, number> = { un: 1, une: 1, deux: 2, trois: 3, quatre: 4, cinq: 5, six: 6, sept: 7, huit: 8, neuf: 9, dix: 10, quinze: 15, vingt: 20, trente: 30 };
const NUMBER = String.raw`(\d{1,3}(?:[\s\u00a0\u202f.]\d{3})*|\d+|un|une|deux|trois|quatre|cinq|six|sept|huit|neuf|dix|quinze|vingt|trente)`;
const toNumber = (raw: string) => FRENCH_NUMBERS[raw.toLowerCase()] ?? Number(raw.replace(/[\s\u00a0\u202f.]/g, ''));
const UNITS = { pages: String.raw`pages?(?:\s+A4)?`, characters: String.raw`caract[èe]res`, words: String.raw`mots` } as const;
const BEFORE = String.raw`(?:maximum|max\.?|au\s+plus|au\s+maximum|limit[ée]e?s?\s+[àa]|n['’]\s?exc[ée]dant\s+pas|ne\s+(?:doit|doivent|devra|devront|pourra|pourront|peut|peuvent)\s+pas\s+(?:exc[ée]der|d[ée]passer)|dans\s+la\s+limite\s+de|inf[ée]rieure?\s+ou\s+[ée]gale?\s+[àa])`;

function findLimit(prompt: string): FrameLimit | null {
  const limit: FrameLimit = { excerpt: '' };
  const excerpts: string[] = [];
  for (const [key, unit] of Object.entries(UNITS) as [keyof typeof UNITS, string][]) {
    const after = new RegExp(String.raw`${NUMBER}\s+${unit}(?:\s*\([^)]{0,40}\))?\s+(?:maximum|max\.?|au\s+maximum|au\s+plus)`, 'i');
    const before = new RegExp(String.raw`${BEFORE}\s+(?:de\s+|d['’])?${NUMBER}\s+${unit}`, 'i');
    const match = prompt.match(after) ?? prompt.match(before);
    if (!match) continue;
    const value = toNumber(match[1]!);
    if (!Number.isFinite(value) || value <= 0) continue;
    limit[key] = value;
    excerpts.push(sentenceAround(prompt, match.index!, match[0].length));
  }
  if (!excerpts.length) return null;
  limit.excerpt = [...new Set(excerpts)].join(' … ');
  return limit;
}

/** The line holding a match, trimmed to a readable excerpt. */
function sentenceAround(text: string, index: number, length: number): string {
  const start = text.lastIndexOf('\n', index) + 1;
  const endLine = text.indexOf('\n', index + length);
  const line = text.slice(start, endLine < 0 ? undefined : endLine).trim();
  return line.length <= 240 ? line : text.slice(Math.max(index - 80, start), Math.min(index + length + 80, endLine < 0 ? text.length : endLine)).trim();
}

const CRITERION =
  /((?:sous[-\s]?)?crit[èe]re\s*(?:n[°o]\s*)?[\dA-Z][\w.]*[^\n]{0,120}?(?:pond[ée]ration|pond[ée]r[ée]\s+[àa]|coefficient|not[ée]\s+sur)?[^\n%]{0,40}?(\d{1,3}(?:[,.]\d+)?)\s*%)/i;
const CRITERION_POINTS = /((?:sous[-\s]?)?crit[èe]re\s*(?:n[°o]\s*)?[\dA-Z][\w.]*[^\n]{0,120}?\d{1,3}\s*points)/i;

function findCriterion(prompt: string): FrameItem['criterion'] {
  const match = prompt.match(CRITERION);
  if (match) return { label: match[1]!.trim(), weight: Number(match[2]!.replace(',', '.')) };
  const points = prompt.match(CRITERION_POINTS);
  return points ? { label: points[1]!.trim(), weight: null } : null;
}

// ---------------------------------------------------------------------------------------------
// DOCX: styles and numbering

type StyleInfo = { name: string; outline: number | null; numId: string | null; ilvl: number | null; bordered: boolean; toc: boolean };
type Level = { start: number; format: string; text: string; legal: boolean };
type Numbering = { abstracts: Map<string, Level[]>; nums: Map<string, { abstractId: string; starts: Map<number, number> }> };

const val = (node: XmlNode | undefined) => attr(node, 'w:val');

function readStyles(xml: string | null): Map<string, StyleInfo> {
  const styles = new Map<string, StyleInfo>();
  const root = xml ? parseXml(xml) : null;
  if (!root) return styles;
  const raw = new Map<string, XmlNode>();
  for (const style of descendants(root, 'w:style')) if (attr(style, 'w:type') === 'paragraph' && attr(style, 'w:styleId')) raw.set(attr(style, 'w:styleId')!, style);
  const resolve = (id: string, depth: number): StyleInfo => {
    const known = styles.get(id);
    if (known) return known;
    const node = raw.get(id);
    const base = node && depth < 12 && val(child(node, 'w:basedOn')) ? resolve(val(child(node, 'w:basedOn'))!, depth + 1) : null;
    const pPr = child(node, 'w:pPr');
    const numPr = child(pPr, 'w:numPr');
    const name = (val(child(node, 'w:name')) ?? id).toLowerCase();
    const outline = val(child(pPr, 'w:outlineLvl'));
    const headingName = name.match(/^heading (\d)$/);
    const info: StyleInfo = {
      name,
      outline: outline !== undefined ? Number(outline) : headingName ? Number(headingName[1]) - 1 : (base?.outline ?? null),
      numId: numPr ? (val(child(numPr, 'w:numId')) ?? base?.numId ?? null) : (base?.numId ?? null),
      ilvl: numPr && val(child(numPr, 'w:ilvl')) !== undefined ? Number(val(child(numPr, 'w:ilvl'))) : (base?.ilvl ?? null),
      bordered: Boolean(child(pPr, 'w:pBdr')) || Boolean(base?.bordered),
      toc: /^toc \d|^table of (?:contents|figures)/.test(name) || Boolean(base?.toc),
    };
    if (info.outline !== null && (info.outline < 0 || info.outline > 8)) info.outline = null;
    styles.set(id, info);
    return info;
  };
  for (const id of raw.keys()) resolve(id, 0);
  return styles;
}

function readNumbering(xml: string | null): Numbering {
  const numbering: Numbering = { abstracts: new Map(), nums: new Map() };
  const root = xml ? parseXml(xml) : null;
  if (!root) return numbering;
  for (const abstract of descendants(root, 'w:abstractNum')) {
    const levels: Level[] = [];
    for (const lvl of children(abstract, 'w:lvl')) {
      const ilvl = Number(attr(lvl, 'w:ilvl') ?? 0);
      levels[ilvl] = {
        start: Number(val(child(lvl, 'w:start')) ?? 1),
        format: val(child(lvl, 'w:numFmt')) ?? 'decimal',
        text: val(child(lvl, 'w:lvlText')) ?? '',
        legal: Boolean(child(lvl, 'w:isLgl')) && val(child(lvl, 'w:isLgl')) !== '0',
      };
    }
    numbering.abstracts.set(attr(abstract, 'w:abstractNumId') ?? '', levels);
  }
  for (const num of descendants(root, 'w:num')) {
    const starts = new Map<number, number>();
    for (const override of children(num, 'w:lvlOverride')) {
      const start = val(child(override, 'w:startOverride'));
      if (start !== undefined) starts.set(Number(attr(override, 'w:ilvl') ?? 0), Number(start));
    }
    numbering.nums.set(attr(num, 'w:numId') ?? '', { abstractId: val(child(num, 'w:abstractNumId')) ?? '', starts });
  }
  return numbering;
}

const ROMAN: [number, string][] = [[1000, 'M'], [900, 'CM'], [500, 'D'], [400, 'CD'], [100, 'C'], [90, 'XC'], [50, 'L'], [40, 'XL'], [10, 'X'], [9, 'IX'], [5, 'V'], [4, 'IV'], [1, 'I']];
function formatNumber(value: number, format: string): string {
  const roman = () => {
    let rest = value;
    let out = '';
    for (const [n, s] of ROMAN)
      while (rest >= n) {
        out += s;
        rest -= n;
      }
    return out;
  };
  const letter = () => String.fromCharCode(65 + ((value - 1) % 26)).repeat(Math.floor((value - 1) / 26) + 1);
  switch (format) {
    case 'upperRoman': return roman();
    case 'lowerRoman': return roman().toLowerCase();
    case 'upperLetter': return letter();
    case 'lowerLetter': return letter().toLowerCase();
    case 'decimalZero': return String(value).padStart(2, '0');
    case 'none': return '';
    default: return String(value);
  }
}

/** Word's list counters: one per abstract list, a num with start overrides restarting it. */
function numberer(numbering: Numbering) {
  const states = new Map<string, { numId: string; counts: (number | null)[] }>();
  return (numId: string, ilvl: number): { label: string; bullet: boolean; abstractId: string } | null => {
    const num = numbering.nums.get(numId);
    const levels = num && numbering.abstracts.get(num.abstractId);
    const level = levels?.[ilvl];
    if (!num || !levels || !level) return null;
    const startOf = (l: number) => num.starts.get(l) ?? levels[l]?.start ?? 1;
    let state = states.get(num.abstractId);
    if (!state || (state.numId !== numId && num.starts.size)) {
      state = { numId, counts: [] };
      states.set(num.abstractId, state);
    }
    state.numId = numId;
    state.counts[ilvl] = state.counts[ilvl] == null ? startOf(ilvl) : state.counts[ilvl]! + 1;
    for (let deeper = ilvl + 1; deeper < 9; deeper++) state.counts[deeper] = null;
    if (level.format === 'bullet') return { label: '•', bullet: true, abstractId: num.abstractId };
    const counts = state.counts;
    const label = level.text.replace(/%([1-9])/g, (_, n: string) => {
      const l = Number(n) - 1;
      return formatNumber(counts[l] ?? startOf(l), level.legal ? 'decimal' : (levels[l]?.format ?? 'decimal'));
    });
    return { label, bullet: false, abstractId: num.abstractId };
  };
}

// ---------------------------------------------------------------------------------------------
// DOCX: the body's paragraphs

type Cell = { table: number; row: number; column: number; node: XmlNode; firstParagraph: number };
type Paragraph = {
  index: number;
  node: XmlNode;
  text: string;
  style: StyleInfo | null;
  outline: number | null;
  list: { label: string; bullet: boolean; abstractId: string; ilvl: number } | null;
  bordered: boolean;
  /** The paragraph holds a text box (the room many frames leave for the answer), and what it says. */
  textBox: string | null;
  toc: boolean;
  cell: Cell | null;
};

const SKIP_TEXT = new Set(['w:txbxContent', 'mc:Fallback', 'w:delText', 'w:instrText', 'w:del', 'w:moveFrom', 'w:pPr', 'w:rPr']);
/** Wingdings / Symbol private-use glyphs drawn as check boxes. */
const CHECKBOX_SYMBOLS = new Set(['F06F', 'F0A8', 'F071', 'F072', 'F0FE', 'F0FD', 'F0A3', 'F0A1', '00A8', '006F', '0071']);

function paragraphText(node: XmlNode): string {
  let out = '';
  const walk = (n: XmlNode) => {
    for (const c of n.children) {
      if (SKIP_TEXT.has(c.name)) continue;
      if (c.name === 'w:t') out += c.text;
      else if (c.name === 'w:tab' || c.name === 'w:ptab') out += '\t';
      else if (c.name === 'w:br' || c.name === 'w:cr') out += '\n';
      else if (c.name === 'w:noBreakHyphen') out += '-';
      else if (c.name === 'w:sym') out += CHECKBOX_SYMBOLS.has((attr(c, 'w:char') ?? '').toUpperCase()) ? '☐' : '';
      else if (c.name === 'w14:checkbox' || c.name === 'w14:checked') continue;
      else walk(c);
    }
  };
  walk(node);
  return out;
}

function textBoxText(node: XmlNode): string | null {
  const boxes = descendants(node, 'w:txbxContent', (n) => n.name === 'mc:Fallback');
  if (!boxes.length) return null;
  return boxes.map((box) => descendants(box, 'w:p').map(paragraphText).join('\n')).join('\n');
}

/** Rows of a table and cells of a row, through the content controls and custom XML that may wrap them. */
const WRAPPERS = new Set(['w:sdt', 'w:sdtContent', 'w:customXml', 'w:smartTag']);
function wrapped(node: XmlNode, name: string): XmlNode[] {
  const out: XmlNode[] = [];
  for (const c of node.children) {
    if (c.name === name) out.push(c);
    else if (WRAPPERS.has(c.name)) out.push(...wrapped(c, name));
  }
  return out;
}

function readParagraphs(body: XmlNode, styles: Map<string, StyleInfo>, numbering: Numbering): { paragraphs: Paragraph[]; tables: XmlNode[] } {
  const nodes = bodyParagraphs(body);
  const position = new Map(nodes.map((node, index) => [node, index]));
  const tables = descendants(body, 'w:tbl', (n) => n.name === 'w:txbxContent' || n.name === 'mc:Fallback');
  const cellOf = new Map<XmlNode, Cell>();
  tables.forEach((table, tableIndex) => {
    wrapped(table, 'w:tr').forEach((tr, row) => {
      wrapped(tr, 'w:tc').forEach((tc, column) => {
        const first = descendants(tc, 'w:p', (n) => n.name === 'w:txbxContent' || n.name === 'mc:Fallback')[0];
        const cell: Cell = { table: tableIndex, row, column, node: tc, firstParagraph: first ? position.get(first)! : -1 };
        // A paragraph belongs to its innermost cell: nested tables come later in `tables` and overwrite.
        for (const p of descendants(tc, 'w:p', (n) => n.name === 'w:txbxContent' || n.name === 'mc:Fallback')) cellOf.set(p, cell);
      });
    });
  });

  const number = numberer(numbering);
  const tocSdt = new Set<XmlNode>();
  for (const sdt of descendants(body, 'w:sdt')) {
    const gallery = descendants(child(sdt, 'w:sdtPr') ?? sdt, 'w:docPartGallery')[0];
    if (gallery && /table of contents/i.test(val(gallery) ?? '')) for (const p of descendants(sdt, 'w:p')) tocSdt.add(p);
  }
  // Complex fields span paragraphs: a TOC field's result is the table of contents.
  const fields: string[] = [];
  const paragraphs = nodes.map((node, index): Paragraph => {
    let inToc = fields.some((f) => /^\s*TOC\b/.test(f));
    const walkFields = (n: XmlNode) => {
      for (const c of n.children) {
        if (c.name === 'w:txbxContent' || c.name === 'mc:Fallback') continue;
        if (c.name === 'w:fldChar') {
          const type = attr(c, 'w:fldCharType');
          if (type === 'begin') fields.push('');
          else if (type === 'end') fields.pop();
        } else if (c.name === 'w:instrText' && fields.length) fields[fields.length - 1] += c.text;
        else if (c.name === 'w:fldSimple' && /^\s*TOC\b/.test(attr(c, 'w:instr') ?? '')) inToc = true;
        else walkFields(c);
        if (fields.some((f) => /^\s*TOC\b/.test(f))) inToc = true;
      }
    };
    walkFields(node);
    const pPr = child(node, 'w:pPr');
    const styleId = val(child(pPr, 'w:pStyle'));
    const style = (styleId && styles.get(styleId)) || styles.get('Normal') || null;
    const ownNumPr = child(pPr, 'w:numPr');
    const numId = ownNumPr ? (val(child(ownNumPr, 'w:numId')) ?? style?.numId ?? null) : (style?.numId ?? null);
    const ilvlRaw = ownNumPr && val(child(ownNumPr, 'w:ilvl')) !== undefined ? val(child(ownNumPr, 'w:ilvl')) : undefined;
    const ilvl = ilvlRaw !== undefined ? Number(ilvlRaw) : (style?.ilvl ?? 0);
    const deleted = Boolean(child(child(pPr, 'w:rPr'), 'w:del'));
    const counted = numId && numId !== '0' && !deleted ? number(numId, ilvl) : null;
    const ownOutline = val(child(pPr, 'w:outlineLvl'));
    const outline = ownOutline !== undefined && Number(ownOutline) <= 8 ? Number(ownOutline) : (style?.outline ?? null);
    return {
      index,
      node,
      text: paragraphText(node),
      style,
      outline,
      list: counted ? { ...counted, ilvl } : null,
      bordered: Boolean(child(pPr, 'w:pBdr')) || Boolean(style?.bordered),
      textBox: textBoxText(node),
      toc: inToc || tocSdt.has(node) || Boolean(style?.toc),
      cell: cellOf.get(node) ?? null,
    };
  });
  return { paragraphs, tables };
}

// ---------------------------------------------------------------------------------------------
// DOCX: items and answer places

type Heading = { paragraph: number; number: string; title: string; level: number };

const stripNumber = (label: string) => label.replace(/[\s.):–-]+$/, '').trim();

function headingOf(p: Paragraph, outlineLists: Set<string>): Heading | null {
  const text = clean(p.text);
  if (!text || p.toc || p.cell || text.length > 300) return null;
  const numberedOutline = p.list && !p.list.bullet && (p.outline !== null || outlineLists.has(p.list.abstractId));
  if (numberedOutline) {
    const number = stripNumber(p.list!.label);
    return { paragraph: p.index, number, title: text, level: p.list!.ilvl + 1 };
  }
  const typed = text.match(TYPED_NUMBER);
  const question = text.match(QUESTION_NUMBER);
  if (p.outline !== null && !(p.list && !p.list.bullet)) {
    if (typed && (typed[2] || typed[1]!.includes('.') || /\t/.test(p.text))) return { paragraph: p.index, number: typed[1]!, title: clean(typed[3]!), level: typed[1]!.split('.').length };
    if (question) return { paragraph: p.index, number: clean(question[1]!), title: clean(question[2]!), level: p.outline + 1 };
    if (NOT_AN_ITEM.test(text) || FRAME_TITLE.test(text)) return null;
    return { paragraph: p.index, number: '', title: text, level: p.outline + 1 };
  }
  if (p.list) return null;
  // Numbers typed in the text: "2.1.1<tab>Title", "1. Title", "8.1.4 - Title".
  if (typed && (typed[2] || typed[1]!.includes('.') || /^\s*[\d.]+\s*\t/.test(p.text)) && clean(typed[3]!).length >= 3 && !/[;,]$/.test(text) && text.length <= 200) {
    return { paragraph: p.index, number: typed[1]!, title: clean(typed[3]!), level: typed[1]!.split('.').length };
  }
  if (question && /^Q(?:uestion)?\s*(?:n[°o]\s*)?\d/i.test(text) && text.length <= 400) return { paragraph: p.index, number: clean(question[1]!), title: clean(question[2]!), level: 1 };
  return null;
}

const isCheckbox = (text: string) => CHECKBOX.test(text);

/** The cells the candidate fills, table by table. */
function answerCells(tables: XmlNode[], paragraphs: Paragraph[]): Map<number, FrameAnswerPlace & { kind: 'cell' }> {
  const places = new Map<number, FrameAnswerPlace & { kind: 'cell' }>();
  const byIndex = (i: number) => paragraphs[i];
  const cellText = (tc: XmlNode) =>
    descendants(tc, 'w:p', (n) => n.name === 'w:txbxContent' || n.name === 'mc:Fallback' || n.name === 'w:tbl')
      .map(paragraphText)
      .join('\n');
  const hasCheckboxControl = (tc: XmlNode) => descendants(tc, 'w14:checkbox').length > 0;
  tables.forEach((table, tableIndex) => {
    const rows = wrapped(table, 'w:tr').map((tr) => wrapped(tr, 'w:tc'));
    const columns = Math.max(0, ...rows.map((r) => r.length));
    const header = rows[0]?.map((tc) => clean(cellText(tc))) ?? [];
    const single = rows.length === 1 && columns === 1;
    rows.forEach((cells, row) => {
      cells.forEach((tc, column) => {
        const first = descendants(tc, 'w:p', (n) => n.name === 'w:txbxContent' || n.name === 'mc:Fallback')[0];
        const p = first ? paragraphs.find((q) => q.node === first) : undefined;
        if (!p || p.cell?.table !== tableIndex) return;
        const text = clean(cellText(tc));
        const columnLabel = row > 0 ? (header[column] ?? '') : '';
        const answerColumn = row > 0 && ANSWER_COLUMN.test(columnLabel) && (column > 0 || columns === 1);
        const fillable =
          (single && !text && !byIndex(p.index)?.textBox) ||
          (column > 0 && (isCheckbox(text) || hasCheckboxControl(tc) || hasDots(text))) ||
          (answerColumn && (!text || isDotsOnly(text)));
        if (!fillable) return;
        const rowLabel = column > 0 ? clean(cellText(cells[0]!)) : '';
        places.set(p.index, { kind: 'cell', paragraphIndex: p.index, table: tableIndex, row, column, rowLabel, columnLabel });
      });
    });
  });
  return places;
}

function docxItems(paragraphs: Paragraph[], tables: XmlNode[]): FrameItem[] {
  const outlineLists = new Set(paragraphs.filter((p) => p.outline !== null && p.list && !p.list.bullet && clean(p.text)).map((p) => p.list!.abstractId));
  const headings = paragraphs.map((p) => headingOf(p, outlineLists)).filter((h): h is Heading => h !== null);
  if (!headings.length) return [];
  const cells = answerCells(tables, paragraphs);
  const minLevel = Math.min(...headings.map((h) => h.level));

  return headings.map((heading, at): FrameItem => {
    const end = headings[at + 1]?.paragraph ?? paragraphs.length;
    const isLeaf = !headings[at + 1] || headings[at + 1]!.level <= heading.level;
    const places: FrameAnswerPlace[] = [];
    const placeIndices = new Set<number>();
    const addParagraph = (index: number) => {
      if (placeIndices.has(index)) return;
      placeIndices.add(index);
      places.push({ kind: 'paragraph', paragraphIndex: index });
    };
    let awaitingRoom: number | null = null;
    let lastText = heading.paragraph;
    for (let i = heading.paragraph + 1; i < end; i++) {
      const p = paragraphs[i]!;
      const cell = cells.get(i);
      if (cell) {
        places.push(cell);
        placeIndices.add(i);
        continue;
      }
      if (p.cell || p.toc) {
        if (clean(p.text)) lastText = i;
        continue;
      }
      const text = clean(p.text);
      const blankBox = p.textBox !== null && (!clean(p.textBox) || isDotsOnly(clean(p.textBox)));
      if (blankBox || isDotsOnly(text) || (!text && p.bordered && p.outline === null && !p.list)) {
        addParagraph(i);
        awaitingRoom = null;
        continue;
      }
      if (!text) {
        if (awaitingRoom !== null) {
          addParagraph(i);
          awaitingRoom = null;
        }
        continue;
      }
      if (awaitingRoom !== null) addParagraph(awaitingRoom);
      awaitingRoom = ANSWER_LABEL.test(text) && /r[ée]ponse|candidat|soumissionnaire|titulaire|entreprise/i.test(text) ? i : null;
      if (awaitingRoom !== null && hasDots(text)) {
        addParagraph(i);
        awaitingRoom = null;
      }
      lastText = i;
    }
    if (awaitingRoom !== null) addParagraph(awaitingRoom);
    // A question with no room drawn for its answer: the empty line after its last words.
    if (!places.length && isLeaf && lastText > heading.paragraph) {
      for (let i = lastText + 1; i < end; i++) {
        const p = paragraphs[i]!;
        if (p.cell || p.toc || clean(p.text)) break;
        if (p.outline === null) {
          addParagraph(i);
          break;
        }
      }
    }

    const prompt = promptOf(paragraphs, heading.paragraph + 1, end, placeIndices);
    return {
      number: heading.number,
      title: heading.title,
      level: heading.level - minLevel + 1,
      prompt,
      answerPlaces: places,
      limit: findLimit(prompt),
      criterion: findCriterion(prompt),
    };
  });
}

/** The buyer's words between two items: paragraphs as lines, a table row as its cells apart by " | ". */
function promptOf(paragraphs: Paragraph[], from: number, to: number, places: Set<number>): string {
  const lines: string[] = [];
  let row: { key: string; cells: Map<number, string[]> } | null = null;
  const flushRow = () => {
    if (row) {
      const cells = [...row.cells.values()].map((parts) => parts.join(' ').trim()).filter(Boolean);
      if (cells.length) lines.push(cells.join(' | '));
    }
    row = null;
  };
  let inPlaceCell: Cell | null = null;
  for (let i = from; i < to; i++) {
    const p = paragraphs[i]!;
    if (p.toc) continue;
    if (places.has(i) && p.cell) inPlaceCell = p.cell;
    if (p.cell) {
      if (inPlaceCell && inPlaceCell.node === p.cell.node) continue;
      const key = `${p.cell.table}:${p.cell.row}`;
      if (!row || row.key !== key) {
        flushRow();
        row = { key, cells: new Map() };
      }
      const text = clean(p.text);
      if (text) {
        const parts = row.cells.get(p.cell.column) ?? [];
        parts.push(p.list && !p.list.bullet ? `${p.list.label} ${text}` : text);
        row.cells.set(p.cell.column, parts);
      }
      continue;
    }
    flushRow();
    inPlaceCell = null;
    if (places.has(i)) continue;
    const text = clean(p.text);
    if (!text || isDotsOnly(text)) continue;
    lines.push(p.list ? `${p.list.bullet ? '•' : p.list.label} ${text}` : text);
  }
  flushRow();
  return lines.join('\n');
}

/** Whether the document presents itself as a technical response frame. */
function looksLikeFrame(fileName: string, opening: string, items: FrameItem[]): boolean {
  if (items.length < 2) return false;
  const base = fileName.replace(/\.[a-z0-9]+$/i, '');
  if (OTHER_FILE.test(base) && !FRAME_TITLE.test(base) && !FRAME_FILE_ABBREVIATION.test(base)) return false;
  const positive = opening.search(FRAME_TITLE);
  const negative = opening.search(OTHER_DOCUMENT);
  if (negative >= 0 && (positive < 0 || negative < positive)) return false;
  if (positive >= 0 || FRAME_TITLE.test(base) || FRAME_FILE_ABBREVIATION.test(base)) return true;
  // An untitled frame: most of its items leave room for an answer.
  const answered = items.filter((item) => item.answerPlaces.length).length;
  return answered >= 3 && answered >= items.length / 2;
}

function readDocxFrame(file: Buffer, fileName: string, format: 'docx' | 'odt'): ResponseFrame | null {
  const entries = unzip(file);
  const documentXml = utf8(entries?.['word/document.xml']);
  if (!entries || !documentXml) return null;
  const root = parseXml(documentXml);
  const body = root && descendants(root, 'w:body')[0];
  if (!body) return null;
  const styles = readStyles(utf8(entries['word/styles.xml']));
  const numbering = readNumbering(utf8(entries['word/numbering.xml']));
  const { paragraphs, tables } = readParagraphs(body, styles, numbering);
  const items = docxItems(paragraphs, tables);
  const opening = paragraphs
    .map((p) => clean(p.text))
    .filter(Boolean)
    .slice(0, 40)
    .join('\n');
  if (!looksLikeFrame(fileName, opening, items)) return null;
  return { format, fillable: true, items };
}

// ---------------------------------------------------------------------------------------------
// ODT and PDF

function run(command: string, args: string[], timeout: number): Promise<{ ok: boolean; stdout: string }> {
  return new Promise((resolve) =>
    execFile(command, args, { timeout, maxBuffer: 64 * 1024 * 1024, encoding: 'utf8' }, (error, stdout) => resolve({ ok: !error, stdout: stdout ?? '' })),
  );
}

async function readOdtFrame(file: Buffer, fileName: string, convert: OdtToDocx): Promise<ResponseFrame | null> {
  const converted = await convert(file).catch(() => null);
  const frame = converted && readDocxFrame(converted, fileName, 'odt');
  return frame || readOdtOutline(file, fileName);
}

/**
 * The DOCX the answers are written into: the file itself for a DOCX, LibreOffice's conversion for
 * an ODT (null when LibreOffice is missing or fails), null for a PDF. An ODT frame's answer places
 * index this conversion's paragraphs.
 */
export async function frameDocx(file: Buffer, fileName: string, convert: OdtToDocx = odtToDocx): Promise<Buffer | null> {
  const extension = fileName.toLowerCase().split('.').pop();
  if (extension === 'docx' || extension === 'docm') return file;
  if (extension === 'odt') return convert(file).catch(() => null);
  return null;
}

async function odtToDocx(file: Buffer): Promise<Buffer | null> {
  if (!existsSync(SOFFICE)) return null;
  const dir = await mkdtemp(join(tmpdir(), 'frame-odt-'));
  try {
    const input = join(dir, 'frame.odt');
    await writeFile(input, file);
    // Its own profile: a running LibreOffice (the export's instance) would otherwise take the job.
    const converted = await run(SOFFICE, [`-env:UserInstallation=file://${join(dir, 'profile')}`, '--headless', '--norestore', '--convert-to', 'docx', '--outdir', dir, input], CONVERT_TIMEOUT_MS);
    const output = join(dir, 'frame.docx');
    return converted.ok && existsSync(output) ? await readFile(output) : null;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** Without LibreOffice: the ODT's headings (text:h) as an outline, not fillable. */
function readOdtOutline(file: Buffer, fileName: string): ResponseFrame | null {
  const content = utf8(unzip(file)?.['content.xml']);
  const root = content ? parseXml(content) : null;
  if (!root) return null;
  const lines: { heading: Heading | null; text: string }[] = [];
  const textOf = (n: XmlNode): string =>
    n.children
      .map((c) => (c.name === 'text:number' ? '' : c.name === 'text:tab' ? '\t' : c.name === 'text:line-break' ? '\n' : c.name === 'text:s' ? ' ' : c.text + textOf(c)))
      .join('');
  const walk = (n: XmlNode) => {
    for (const c of n.children) {
      if (c.name === 'text:h') {
        const text = clean(textOf(c));
        const printed = clean(descendants(c, 'text:number')[0]?.text ?? '');
        const typed = text.match(TYPED_NUMBER);
        const number = printed ? stripNumber(printed) : typed ? typed[1]! : '';
        const title = !printed && typed ? clean(typed[3]!) : text;
        const level = Number(attr(c, 'text:outline-level') ?? 1);
        lines.push({ heading: text && !(!number && NOT_AN_ITEM.test(text)) ? { paragraph: lines.length, number, title, level } : null, text });
      } else if (c.name === 'text:p') lines.push({ heading: null, text: clean(textOf(c)) });
      else walk(c);
    }
  };
  walk(root);
  const items = outlineItems(lines);
  return looksLikeFrame(fileName, lines.slice(0, 40).map((l) => l.text).join('\n'), items) ? { format: 'odt', fillable: false, items } : null;
}

function outlineItems(lines: { heading: Heading | null; text: string }[]): FrameItem[] {
  const headings = lines.flatMap((line, index) => (line.heading ? [{ ...line.heading, paragraph: index }] : []));
  if (!headings.length) return [];
  const minLevel = Math.min(...headings.map((h) => h.level));
  return headings.map((heading, at) => {
    const end = headings[at + 1]?.paragraph ?? lines.length;
    const prompt = lines
      .slice(heading.paragraph + 1, end)
      .map((l) => l.text)
      .filter((t) => t && !isDotsOnly(t))
      .join('\n');
    return { number: heading.number, title: heading.title, level: heading.level - minLevel + 1, prompt, answerPlaces: [], limit: findLimit(prompt), criterion: findCriterion(prompt) };
  });
}

/** A table of contents' line: dot leaders or a wide gap before a page number. */
const TOC_LINE = /(?:\.{4,}|…{2,}|\s{3,})\s*\d{1,3}\s*$/;

async function readPdfFrame(file: Buffer, fileName: string): Promise<ResponseFrame | null> {
  const dir = await mkdtemp(join(tmpdir(), 'frame-pdf-'));
  let text: string;
  try {
    const input = join(dir, 'frame.pdf');
    await writeFile(input, file);
    const result = await run('pdftotext', ['-layout', '-enc', 'UTF-8', '-l', '200', input, '-'], 60_000);
    if (!result.ok) return null;
    text = result.stdout;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
  const pages = text.split('\f');
  const raw = pages.flatMap((page) => page.split('\n'));
  const lines: { heading: Heading | null; text: string }[] = [];
  for (const line of raw) {
    const cleaned = clean(line);
    if (!cleaned) continue;
    if (TOC_LINE.test(line) && TYPED_NUMBER.test(cleaned)) continue;
    const typed = cleaned.match(TYPED_NUMBER);
    const question = cleaned.match(QUESTION_NUMBER);
    let heading: Heading | null = null;
    if (typed && (typed[2] || typed[1]!.includes('.')) && cleaned.length <= 160 && clean(typed[3]!).length >= 3 && !/[;,]$/.test(cleaned))
      heading = { paragraph: lines.length, number: typed[1]!, title: clean(typed[3]!), level: typed[1]!.split('.').length };
    else if (question && /^Q(?:uestion)?\s*(?:n[°o]\s*)?\d/i.test(cleaned)) heading = { paragraph: lines.length, number: clean(question[1]!), title: clean(question[2]!), level: 1 };
    lines.push({ heading, text: cleaned });
  }
  // Keep one heading per number: a number seen again is the body's heading after the contents'.
  const lastOf = new Map<string, number>();
  lines.forEach((line, index) => line.heading && lastOf.set(line.heading.number, index));
  lines.forEach((line, index) => {
    if (line.heading && lastOf.get(line.heading.number) !== index) line.heading = null;
  });
  const items = outlineItems(lines);
  const opening = (pages[0] ?? '').split('\n').map(clean).filter(Boolean).slice(0, 40).join('\n');
  return looksLikeFrame(fileName, opening, items) ? { format: 'pdf', fillable: false, items } : null;
}
