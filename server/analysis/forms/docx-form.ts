// The DAJ forms' answer places in word/document.xml, found by their labels, and the splices that
// fill them: text runs inserted into an empty paragraph (or before a unit such as "%"), dots
// replaced by a value, a box ticked. Every edit is recorded against the original XML so that the
// rest of the part stays byte for byte; the other zip entries are copied unchanged.
import { strToU8, zipSync, type Zippable } from 'fflate';
import { unzipSync } from '../../files/zip';
import { bodyParagraphs, child, descendants, escapeXml, parseXml, type XmlNode } from '../frame/ooxml';

/** A splice of the original document.xml: [start, end) replaced by text (start === end: an insertion). */
export type FormEdit = { start: number; end: number; text: string };

const outsideTextBoxes = (n: XmlNode) => n.name === 'w:txbxContent' || n.name === 'mc:Fallback';

/** Lowercase, without accents, typographic apostrophes, no-break spaces or symbol-font bullets: what labels are matched on. */
export const normalise = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[’‘`]/g, "'")
    .replace(/[^\p{L}\p{N}'°%(),.:;/@-]+/gu, ' ')
    .replace(/ {2,}/g, ' ')
    .trim();

type BoxToken = { kind: 'box'; tick: () => FormEdit[] };
type TextToken = { kind: 'text'; text: string };

/** A dotted blank ("……." or "..........") left for a value. */
const DOTS = /[.…_]*…[.…_]*|[._]{3,}/g;
const BOX_GLYPH = /[☐□]/g;
const ZIP_DATE = new Date(1980, 0, 1);

export class FormDocument {
  readonly xml: string;
  readonly paragraphs: XmlNode[];
  /** Each paragraph's text, normalised. */
  readonly texts: string[];
  private readonly entries: Record<string, Uint8Array>;
  private readonly edits: FormEdit[] = [];
  private readonly used = new Set<XmlNode>();

  private constructor(entries: Record<string, Uint8Array>, xml: string, paragraphs: XmlNode[]) {
    this.entries = entries;
    this.xml = xml;
    this.paragraphs = paragraphs;
    this.texts = paragraphs.map((p) => normalise(rawText(p)));
  }

  static open(docx: Uint8Array): FormDocument {
    let entries: Record<string, Uint8Array>;
    try {
      entries = unzipSync(docx);
    } catch {
      throw new Error('dc-form-not_a_docx');
    }
    const bytes = entries['word/document.xml'];
    const xml = bytes ? new TextDecoder('utf-8').decode(bytes) : null;
    const root = xml ? parseXml(xml) : null;
    const body = root && descendants(root, 'w:body')[0];
    if (!xml || !body) throw new Error('dc-form-not_a_docx');
    return new FormDocument(entries, xml, bodyParagraphs(body));
  }

  /** The section headings "A - …", "B - …" (the white-on-blue table rows), by letter: [heading index, next heading index). */
  sections(): Map<string, { start: number; end: number }> {
    const headings: { letter: string; index: number }[] = [];
    this.paragraphs.forEach((p, index) => {
      const match = /^\s*([A-I])\s*[-–]\s+\S/.exec(rawText(p));
      if (match && enclosing(p, 'w:tc')) headings.push({ letter: match[1]!, index });
    });
    const out = new Map<string, { start: number; end: number }>();
    headings.forEach((h, i) => {
      if (!out.has(h.letter)) out.set(h.letter, { start: h.index, end: headings[i + 1]?.index ?? this.paragraphs.length });
    });
    return out;
  }

  /** The first paragraph in [from, to) whose normalised text matches. */
  find(pattern: RegExp, from = 0, to = this.paragraphs.length): number {
    for (let i = from; i < to; i++) if (pattern.test(this.texts[i]!)) return i;
    return -1;
  }

  /** Whether a paragraph holds nothing: no text, field, symbol or picture. */
  isBlank(index: number): boolean {
    const p = this.paragraphs[index];
    if (!p || this.texts[index]) return false;
    return !descendants(p, 'w:fldChar').length && !descendants(p, 'w:sym').length && !descendants(p, 'w:drawing').length && !descendants(p, 'w:pict').length;
  }

  /** The answer place of a label: the first empty paragraph after it, before any other text and before `to`. */
  blankAfter(label: number, to = this.paragraphs.length): number {
    if (label < 0) return -1;
    for (let i = label + 1; i < to; i++) {
      if (this.isBlank(i)) return this.used.has(this.paragraphs[i]!) ? -1 : i;
      if (this.texts[i]) return -1;
    }
    return -1;
  }

  /** The empty paragraphs following a label, up to the next text: room for several blocks. */
  blanksAfter(label: number, to = this.paragraphs.length): number[] {
    const out: number[] = [];
    if (label < 0) return out;
    for (let i = label + 1; i < to; i++) {
      if (this.texts[i]) break;
      if (this.isBlank(i) && !this.used.has(this.paragraphs[i]!)) out.push(i);
    }
    return out;
  }

  /** Writes lines (one line break between them) into an empty paragraph, in the look of its paragraph mark. */
  write(index: number, lines: string[]): boolean {
    const p = this.paragraphs[index];
    const kept = lines.map((l) => l.trim()).filter(Boolean);
    if (!p || !kept.length || this.used.has(p)) return false;
    this.used.add(p);
    const run = runXml(kept, markProperties(this.xml, p));
    const source = this.xml.slice(p.start, p.end);
    if (source.endsWith('/>')) this.edits.push({ start: p.start, end: p.end, text: `${source.slice(0, -2)}>${run}</w:p>` });
    else this.edits.push({ start: p.end - '</w:p>'.length, end: p.end - '</w:p>'.length, text: run });
    return true;
  }

  /** Writes a label's value into the first empty paragraph after it. */
  writeAfter(label: number, lines: string[], to?: number): boolean {
    return this.write(this.blankAfter(label, to), lines);
  }

  /** Writes text into a paragraph just before the run holding `unit` (a cell's "%"), in that run's look. */
  writeBeforeUnit(index: number, unit: string, text: string): boolean {
    const p = this.paragraphs[index];
    const run = p && descendants(p, 'w:r').find((r) => child(r, 'w:t')?.text.trim() === unit);
    if (!p || !run || !text.trim() || this.used.has(p)) return false;
    this.used.add(p);
    const rPr = child(run, 'w:rPr');
    const properties = rPr ? this.xml.slice(rPr.start, rPr.end) : '';
    this.edits.push({ start: run.start, end: run.start, text: `<w:r>${properties}<w:t xml:space="preserve">${escapeXml(text)}</w:t></w:r>` });
    return true;
  }

  /** Replaces the n-th dotted blank of a paragraph (counted over its text runs) with a value. */
  fillDots(index: number, nth: number, value: string): boolean {
    const p = this.paragraphs[index];
    if (!p || !value.trim()) return false;
    let seen = 0;
    for (const t of descendants(p, 'w:t', outsideTextBoxes)) {
      const innerStart = t.openEnd;
      const inner = this.xml.slice(innerStart, closingStart(this.xml, t));
      for (const match of inner.matchAll(DOTS)) {
        if (seen++ !== nth) continue;
        const start = innerStart + match.index;
        this.edits.push({ start, end: start + match[0].length, text: escapeXml(value) });
        return true;
      }
    }
    return false;
  }

  /**
   * Ticks, in paragraphs [from, to), the first box whose following words match `option`
   * ("Le candidat se présente seul", "conjoint", "Oui"): a legacy form field (w:checkBox gets
   * w:checked), a content-control box or a typed ☐ (becomes ☒).
   */
  tick(option: RegExp, from = 0, to = this.paragraphs.length): boolean {
    for (let i = Math.max(0, from); i < to; i++) {
      const tokens = this.tokens(this.paragraphs[i]!);
      for (let k = 0; k < tokens.length; k++) {
        const token = tokens[k]!;
        if (token.kind !== 'box') continue;
        let following = '';
        for (let j = k + 1; j < tokens.length && tokens[j]!.kind === 'text'; j++) following += (tokens[j] as TextToken).text;
        if (option.test(normalise(following))) {
          this.edits.push(...token.tick());
          return true;
        }
      }
    }
    return false;
  }

  /** Whether any paragraph in [from, to) already says something other than the form's own guidance "(…)". */
  hasAnswer(from: number, to: number): boolean {
    for (let i = from; i < to; i++) if (this.texts[i] && !this.texts[i]!.startsWith('(')) return true;
    return false;
  }

  markUsed(index: number) {
    const p = this.paragraphs[index];
    if (p) this.used.add(p);
  }

  /** Adds an edit made outside the helpers (a table row appended). */
  push(edit: FormEdit) {
    this.edits.push(edit);
  }

  /** The edits so far, in the order of the original XML. */
  changes(): FormEdit[] {
    return [...this.edits].sort((a, b) => a.start - b.start || a.end - b.end);
  }

  /** The document with the edits applied; every other entry as it was. */
  save(): Uint8Array {
    const documentXml = applyEdits(this.xml, this.edits);
    const out: Zippable = {};
    for (const [name, bytes] of Object.entries(this.entries)) out[name] = name === 'word/document.xml' ? strToU8(documentXml) : bytes;
    // A fixed date for the entries: the same data gives the same bytes.
    return zipSync(out, { level: 6, mtime: ZIP_DATE });
  }

  private tokens(p: XmlNode): (BoxToken | TextToken)[] {
    const tokens: (BoxToken | TextToken)[] = [];
    const xml = this.xml;
    const walk = (node: XmlNode, contentControlChecked: XmlNode | undefined) => {
      for (const c of node.children) {
        if (outsideTextBoxes(c)) continue;
        if (c.name === 'w:checkBox') {
          tokens.push({ kind: 'box', tick: () => tickFormField(xml, c) });
        } else if (c.name === 'w:t') {
          const innerStart = c.openEnd;
          const inner = xml.slice(innerStart, closingStart(xml, c));
          let last = 0;
          for (const match of inner.matchAll(BOX_GLYPH)) {
            if (match.index > last) tokens.push({ kind: 'text', text: decode(inner.slice(last, match.index)) });
            const at = innerStart + match.index;
            tokens.push({
              kind: 'box',
              tick: () => [{ start: at, end: at + 1, text: '☒' }, ...(contentControlChecked ? setAttribute(xml, contentControlChecked, 'w14:val', '1') : [])],
            });
            last = match.index + 1;
          }
          if (last < inner.length) tokens.push({ kind: 'text', text: decode(inner.slice(last)) });
        } else if (c.name === 'w:sdt') {
          const checked = descendants(child(c, 'w:sdtPr') ?? c, 'w14:checked')[0];
          walk(c, checked ?? contentControlChecked);
        } else walk(c, contentControlChecked);
      }
    };
    walk(p, undefined);
    return tokens;
  }
}

function rawText(p: XmlNode): string {
  return descendants(p, 'w:t', outsideTextBoxes)
    .map((t) => t.text)
    .join('');
}

const enclosing = (node: XmlNode, name: string): XmlNode | null => {
  for (let n: XmlNode | null = node.parent; n; n = n.parent) if (n.name === name) return n;
  return null;
};

const closingStart = (xml: string, node: XmlNode) => (xml.slice(node.start, node.end).endsWith('/>') ? node.end : xml.lastIndexOf('</', node.end - 1));

const decode = (text: string) =>
  text
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&#x([0-9a-f]+);/gi, (_, hex: string) => String.fromCodePoint(parseInt(hex, 16)))
    .replace(/&#(\d+);/g, (_, dec: string) => String.fromCodePoint(Number(dec)))
    .replace(/&amp;/g, '&');

/** A legacy check box: w:checked after w:default (or the size), as the schema orders them. */
function tickFormField(xml: string, box: XmlNode): FormEdit[] {
  const checked = child(box, 'w:checked');
  if (checked) return [{ start: checked.start, end: checked.end, text: '<w:checked/>' }];
  const after = child(box, 'w:default') ?? child(box, 'w:size') ?? child(box, 'w:sizeAuto');
  if (after) return [{ start: after.end, end: after.end, text: '<w:checked/>' }];
  const source = xml.slice(box.start, box.end);
  if (source.endsWith('/>')) return [{ start: box.start, end: box.end, text: `${source.slice(0, -2)}><w:sizeAuto/><w:checked/></w:checkBox>` }];
  return [{ start: box.openEnd, end: box.openEnd, text: '<w:sizeAuto/><w:checked/>' }];
}

function setAttribute(xml: string, node: XmlNode, name: string, value: string): FormEdit[] {
  const tag = xml.slice(node.start, node.openEnd);
  const at = tag.indexOf(`${name}="`);
  if (at < 0) return [];
  const valueStart = node.start + at + name.length + 2;
  return [{ start: valueStart, end: xml.indexOf('"', valueStart), text: value }];
}

/** The paragraph mark's run properties, as the look of what is written there (less tracked changes). */
function markProperties(xml: string, p: XmlNode): string {
  const rPr = child(child(p, 'w:pPr'), 'w:rPr');
  if (!rPr) return '';
  const kept = rPr.children.filter((c) => !['w:ins', 'w:del', 'w:moveFrom', 'w:moveTo', 'w:rPrChange'].includes(c.name)).map((c) => xml.slice(c.start, c.end));
  return kept.length ? `<w:rPr>${kept.join('')}</w:rPr>` : '';
}

function runXml(lines: string[], properties: string): string {
  return `<w:r>${properties}${lines.map((line) => `<w:t xml:space="preserve">${escapeXml(line)}</w:t>`).join('<w:br/>')}</w:r>`;
}

export function applyEdits(xml: string, edits: FormEdit[]): string {
  // From the end, so that earlier offsets stay valid; insertions at one point keep their order.
  const indexed = edits.map((edit, order) => ({ edit, order }));
  indexed.sort((a, b) => b.edit.start - a.edit.start || b.edit.end - a.edit.end || b.order - a.order);
  let out = xml;
  let limit = Infinity;
  for (const { edit } of indexed) {
    if (edit.end > limit) continue; // overlapping places: the first one kept
    out = out.slice(0, edit.start) + edit.text + out.slice(edit.end);
    limit = edit.start;
  }
  return out;
}

/** Text of the document's body and footers, normalised: what detectDcForm reads. */
export function documentTitleText(docx: Uint8Array): { body: string[]; footers: string[] } | null {
  let entries: Record<string, Uint8Array>;
  try {
    entries = unzipSync(docx, { filter: (file) => file.name === 'word/document.xml' || /^word\/footer\d*\.xml$/.test(file.name) });
  } catch {
    return null;
  }
  const decode8 = (bytes: Uint8Array) => new TextDecoder('utf-8').decode(bytes);
  const paragraphsOf = (xml: string) => {
    const root = parseXml(xml);
    return root ? descendants(root, 'w:p', outsideTextBoxes).map((p) => normalise(rawText(p))).filter(Boolean) : [];
  };
  const documentXml = entries['word/document.xml'];
  if (!documentXml) return null;
  return {
    body: paragraphsOf(decode8(documentXml)),
    footers: Object.entries(entries)
      .filter(([name]) => name !== 'word/document.xml')
      .flatMap(([, bytes]) => paragraphsOf(decode8(bytes))),
  };
}
