// Writes the mémoire's sections into the buyer's own frame: only the answer places of
// word/document.xml change (a placeholder paragraph becomes the section's paragraphs, an answer
// cell gets its value); every other byte of the XML and every other part of the package stays
// as the buyer made it. Lists are written as indented "•" / "1." paragraphs so numbering.xml is
// untouched; images are left out and reported.
import { strToU8, zipSync, type Zippable } from 'fflate';
import type { TipTapDoc, TipTapMark, TipTapNode } from '../../domains/memories/tiptap';
import { attr, bodyParagraphs, child, descendants, escapeXml, parseXml, unzip, utf8, type XmlNode } from './ooxml';
import { hasDots, isDotsOnly } from './read-frame';
import type { FrameAnswerPlace, ResponseFrame } from './types';

export type FrameAnswer = { item: number /* index in frame.items */; content: TipTapDoc /* the section's editor JSON */ };
/** What could not be written into the frame, per item index: "image", "table" (no answer cell for it), "text" (no paragraph place). */
export type FillReport = { leftOut: { item: number; elements: string[] }[] };

export async function fillFrame(docx: Buffer, frame: ResponseFrame, answers: FrameAnswer[]): Promise<Buffer> {
  return (await fillFrameWithReport(docx, frame, answers)).docx;
}

export async function fillFrameWithReport(docx: Buffer, frame: ResponseFrame, answers: FrameAnswer[]): Promise<{ docx: Buffer } & FillReport> {
  const entries = unzip(docx);
  const xml = utf8(entries?.['word/document.xml']);
  const root = xml ? parseXml(xml) : null;
  const body = root && descendants(root, 'w:body')[0];
  if (!entries || !xml || !body) throw new Error('frame-not_a_docx');
  const paragraphs = bodyParagraphs(body);
  const edits: Edit[] = [];
  const leftOut: FillReport['leftOut'] = [];

  for (const answer of answers) {
    const item = frame.items[answer.item];
    if (!item) continue;
    const section = readSection(answer.content);
    const missing = new Set(section.leftOut);
    const paragraphPlaces = item.answerPlaces.filter((p) => p.kind === 'paragraph');
    const cellPlaces = item.answerPlaces.filter((p): p is FrameAnswerPlace & { kind: 'cell' } => p.kind === 'cell');

    if (section.blocks.length) {
      const first = paragraphPlaces.map((p) => paragraphs[p.paragraphIndex]).find((p): p is XmlNode => Boolean(p));
      if (!first) missing.add('text');
      else {
        for (const place of paragraphPlaces) {
          const node = paragraphs[place.paragraphIndex];
          if (!node) continue;
          const written = node === first ? renderBlocks(section.blocks, paragraphProperties(xml, node), runBase(node)) : '';
          // A place that says something ("Réponse du candidat :") stays; the answer follows it.
          if (isLabel(node)) edits.push({ start: node.end, end: node.end, text: written });
          else edits.push({ start: node.start, end: node.end, text: written });
        }
      }
    }

    if (cellPlaces.length) {
      const tables = [...new Set(cellPlaces.map((p) => p.table))];
      // A table whose rows name the frame's parameters is matched by those names only: a row the
      // section leaves out must not take another row's value by its position.
      const labelled = new Set(cellPlaces.filter((place) => rowByLabel(section.tables[tables.indexOf(place.table)], place)).map((place) => place.table));
      for (const place of cellPlaces) {
        const table = section.tables[tables.indexOf(place.table)];
        const value = table && cellFor(table, place, labelled.has(place.table));
        const node = paragraphs[place.paragraphIndex];
        const tc = node && enclosing(node, 'w:tc');
        if (!value || !tc) continue;
        edits.push(...fillCell(xml, tc, value));
      }
      if (section.tables.length > tables.length) missing.add('table');
    } else if (section.tables.length) missing.add('table');

    if (missing.size) leftOut.push({ item: answer.item, elements: [...missing] });
  }

  const documentXml = applyEdits(xml, edits);
  const out: Zippable = {};
  for (const [name, bytes] of Object.entries(entries)) out[name] = name === 'word/document.xml' ? strToU8(documentXml) : bytes;
  return { docx: Buffer.from(zipSync(out, { level: 6 })), leftOut };
}

// ---------------------------------------------------------------------------------------------
// The section's content

type Run = { text: string; bold?: boolean; italic?: boolean; underline?: boolean } | { break: true };
type Block = { runs: Run[]; indent: number; prefix: string };
type CellValue = Block[];
type SectionTable = CellValue[][];

function readSection(content: TipTapDoc): { blocks: Block[]; tables: SectionTable[]; leftOut: string[] } {
  const blocks: Block[] = [];
  const tables: SectionTable[] = [];
  const leftOut = new Set<string>();
  const inline = (nodes: TipTapNode[] | undefined, marks: { bold?: boolean } = {}): Run[] =>
    (nodes ?? []).flatMap((node): Run[] => {
      if (node.type === 'text') {
        const has = (type: string) => (node.marks ?? []).some((m: TipTapMark) => m.type === type);
        return [{ text: node.text ?? '', bold: marks.bold || has('bold'), italic: has('italic'), underline: has('underline') }];
      }
      if (node.type === 'hardBreak') return [{ break: true }];
      if (node.type === 'image') {
        leftOut.add('image');
        return [];
      }
      return inline(node.content, marks);
    });
  const walk = (nodes: TipTapNode[] | undefined, into: Block[], depth: number) => {
    for (const node of nodes ?? []) {
      switch (node.type) {
        case 'paragraph':
        case 'codeBlock':
          into.push({ runs: inline(node.content), indent: depth, prefix: '' });
          break;
        case 'heading':
          into.push({ runs: inline(node.content, { bold: true }), indent: depth, prefix: '' });
          break;
        case 'bulletList':
        case 'orderedList':
        case 'taskList': {
          let n = Number(node.attrs?.start ?? 1) || 1;
          for (const entry of node.content ?? []) {
            const before = into.length;
            walk(entry.content, into, depth + 1);
            const marker = node.type === 'orderedList' ? `${n++}. ` : node.type === 'taskList' ? (entry.attrs?.checked ? '☒ ' : '☐ ') : '• ';
            // The marker goes on the item's first line; its nested lists keep their own.
            if (into[before]) into[before] = { ...into[before]!, prefix: marker };
          }
          break;
        }
        case 'table':
          tables.push(
            (node.content ?? []).map((row) =>
              (row.content ?? []).map((cell) => {
                const cellBlocks: Block[] = [];
                walk(cell.content, cellBlocks, 0);
                return cellBlocks;
              }),
            ),
          );
          break;
        case 'image':
          leftOut.add('image');
          break;
        // The buyer's words quoted in a section are not the candidate's answer.
        case 'blockquote':
        case 'horizontalRule':
          break;
        default:
          walk(node.content, into, depth);
      }
    }
  };
  walk(content.content, blocks, 0);
  const hasText = (b: Block) => b.runs.some((r) => 'text' in r && r.text.trim());
  return { blocks: blocks.some(hasText) ? trimEmpty(blocks) : [], tables, leftOut: [...leftOut] };
}

const trimEmpty = (blocks: Block[]) => {
  const empty = (b: Block) => !b.prefix && b.runs.every((r) => 'text' in r && !r.text.trim());
  let start = 0;
  let end = blocks.length;
  while (start < end && empty(blocks[start]!)) start++;
  while (end > start && empty(blocks[end - 1]!)) end--;
  return blocks.slice(start, end);
};

const blockText = (blocks: Block[]) => blocks.map((b) => b.runs.map((r) => ('text' in r ? r.text : '\n')).join('')).join('\n');

// ---------------------------------------------------------------------------------------------
// WordprocessingML

// The schema's order of w:pPr's children: Word refuses a part whose children are out of order.
const PPR_ORDER = ['w:pStyle', 'w:keepNext', 'w:keepLines', 'w:pageBreakBefore', 'w:framePr', 'w:widowControl', 'w:numPr', 'w:suppressLineNumbers', 'w:pBdr', 'w:shd', 'w:tabs', 'w:suppressAutoHyphens', 'w:kinsoku', 'w:wordWrap', 'w:overflowPunct', 'w:topLinePunct', 'w:autoSpaceDE', 'w:autoSpaceDN', 'w:bidi', 'w:adjustRightInd', 'w:snapToGrid', 'w:spacing', 'w:ind', 'w:contextualSpacing', 'w:mirrorIndents', 'w:suppressOverlap', 'w:jc', 'w:textDirection', 'w:textAlignment', 'w:textboxTightWrap', 'w:outlineLvl', 'w:divId', 'w:cnfStyle', 'w:rPr', 'w:sectPr', 'w:pPrChange'];

type PProps = { parts: { name: string; xml: string }[]; left: number };

/** The place paragraph's properties, less what must not be repeated (its list, a section break, tracked changes). */
function paragraphProperties(xml: string, p: XmlNode): PProps {
  const pPr = child(p, 'w:pPr');
  const parts = (pPr?.children ?? [])
    .filter((c) => !['w:numPr', 'w:sectPr', 'w:pPrChange', 'w:outlineLvl'].includes(c.name))
    .map((c) => ({ name: c.name, xml: xml.slice(c.start, c.end) }));
  const ind = child(pPr, 'w:ind');
  const left = Number(attr(ind, 'w:left') ?? attr(ind, 'w:start') ?? 0) || 0;
  return { parts, left };
}

function pPrXml(props: PProps, indent: number, hanging: boolean): string {
  let parts = props.parts;
  if (indent > 0) {
    const ind = `<w:ind w:left="${props.left + 360 * indent}"${hanging ? ' w:hanging="284"' : ''}/>`;
    parts = [...parts.filter((p) => p.name !== 'w:ind'), { name: 'w:ind', xml: ind }];
  }
  const rank = (name: string) => {
    const at = PPR_ORDER.indexOf(name);
    return at < 0 ? PPR_ORDER.length : at;
  };
  const sorted = [...parts].sort((a, b) => rank(a.name) - rank(b.name));
  return sorted.length ? `<w:pPr>${sorted.map((p) => p.xml).join('')}</w:pPr>` : '';
}

/** The run look of the place: the fonts, size, colour and language of its paragraph mark. */
function runBase(p: XmlNode): { fonts: string; color: string; size: string; lang: string } {
  const rPr = child(child(p, 'w:pPr'), 'w:rPr');
  const pick = (name: string, attrs: string[]) => {
    const node = child(rPr, name);
    if (!node) return '';
    const kept = attrs.filter((a) => node.attrs[a] !== undefined).map((a) => ` ${a}="${escapeXml(node.attrs[a]!)}"`);
    return kept.length ? `<${name}${kept.join('')}/>` : '';
  };
  return {
    fonts: pick('w:rFonts', ['w:ascii', 'w:hAnsi', 'w:eastAsia', 'w:cs', 'w:asciiTheme', 'w:hAnsiTheme', 'w:eastAsiaTheme', 'w:cstheme', 'w:hint']),
    // A dotted placeholder is often grey: the answer is written in the text's colour.
    color: '',
    size: pick('w:sz', ['w:val']) + pick('w:szCs', ['w:val']),
    lang: pick('w:lang', ['w:val', 'w:eastAsia', 'w:bidi']),
  };
}

function runXml(run: Run, base: ReturnType<typeof runBase>): string {
  if ('break' in run) return '<w:r><w:br/></w:r>';
  // rPr children in the schema's order: rFonts, b, bCs, i, iCs, color, sz, szCs, u, lang.
  const rPr =
    base.fonts + (run.bold ? '<w:b/><w:bCs/>' : '') + (run.italic ? '<w:i/><w:iCs/>' : '') + base.color + base.size + (run.underline ? '<w:u w:val="single"/>' : '') + base.lang;
  return `<w:r>${rPr ? `<w:rPr>${rPr}</w:rPr>` : ''}<w:t xml:space="preserve">${escapeXml(run.text)}</w:t></w:r>`;
}

function renderBlocks(blocks: Block[], props: PProps, base: ReturnType<typeof runBase>): string {
  return blocks
    .map((block) => {
      const runs = block.prefix ? [{ text: block.prefix }, ...block.runs] : block.runs;
      return `<w:p>${pPrXml(props, block.indent, Boolean(block.prefix))}${runs.map((r) => runXml(r, base)).join('')}</w:p>`;
    })
    .join('');
}

const PLACEHOLDER_ONLY = (text: string) => !text.trim() || isDotsOnly(text.trim());
function isLabel(p: XmlNode): boolean {
  const text = descendants(p, 'w:t', (n) => n.name === 'w:txbxContent' || n.name === 'mc:Fallback')
    .map((t) => t.text)
    .join('');
  return !PLACEHOLDER_ONLY(text.replace(/[\u00a0]/g, ' '));
}

const enclosing = (node: XmlNode, name: string): XmlNode | null => {
  for (let n: XmlNode | null = node.parent; n; n = n.parent) if (n.name === name) return n;
  return null;
};

// ---------------------------------------------------------------------------------------------
// Cells

const normal = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();

/** The section's value for an answer cell: the row whose first cell names the same parameter, else the same position. */
function rowByLabel(table: SectionTable | undefined, place: FrameAnswerPlace & { kind: 'cell' }): CellValue[] | undefined {
  const label = normal(place.rowLabel);
  if (!table || !label) return undefined;
  const head = label.slice(0, 30);
  return table.find((r) => r[0] && normal(blockText(r[0])) === label) ?? table.find((r) => r[0] && normal(blockText(r[0])).startsWith(head));
}

function cellFor(table: SectionTable, place: FrameAnswerPlace & { kind: 'cell' }, byLabelOnly: boolean): CellValue | null {
  const row = rowByLabel(table, place) ?? (byLabelOnly ? undefined : table[place.row]);
  const value = row?.[place.column];
  return value && value.some((b) => b.runs.some((r) => 'text' in r && r.text.trim())) ? value : null;
}

type Edit = { start: number; end: number; text: string };

function fillCell(xml: string, tc: XmlNode, value: CellValue): Edit[] {
  const paragraphs = tc.children.filter((c) => c.name === 'w:p');
  const cellText = paragraphs.map((p) => descendants(p, 'w:t').map((t) => t.text).join('')).join('\n');
  const single = value.length === 1 && value[0]!.runs.every((r) => 'text' in r && !r.bold && !r.italic && !r.underline);
  const answer = blockText(value).trim();

  // "☐ Oui ☐ Non": the box before the chosen option is ticked, the rest of the cell kept.
  if (single && /[☐□]/.test(cellText)) {
    const option = normal(answer);
    for (const t of descendants(tc, 'w:t')) {
      const match = [...t.text.matchAll(/[☐□]([\s\u00a0]*)([^☐□]+)/g)].find((m) => normal(m[2]!) === option);
      if (match) {
        const source = xml.slice(t.openEnd, t.end);
        const closing = source.lastIndexOf('</');
        const inner = source.slice(0, closing);
        const ticked = inner.replace(new RegExp(`[☐□]((?:\\s|\u00a0|&#160;|&#xA0;)*${escapeRegExp(escapeXml(match[2]!.trimEnd()))})`), '☒$1');
        if (ticked !== inner) return [{ start: t.openEnd, end: t.openEnd + closing, text: ticked }];
      }
    }
  }
  // "……… µm": a short value takes the dots' place, the unit stays.
  if (single && hasDots(cellText) && !isDotsOnly(cellText) && !answer.includes('\n')) {
    const texts = descendants(tc, 'w:t');
    const at = texts.findIndex((t) => (t.text.match(/[.…_]{2,}|…/g) ?? []).length > 0 && /[.…_]$|[.…_]{2,}|…/.test(t.text));
    const edits: Edit[] = [];
    // The dots may be split over several runs: the first run's dots take the value, the runs of dots right after it go.
    for (let i = at; i >= 0 && i < texts.length; i++) {
      const t = texts[i]!;
      const source = xml.slice(t.openEnd, t.end);
      const closing = source.lastIndexOf('</');
      const inner = source.slice(0, closing);
      const tag = xml.slice(t.start, t.openEnd);
      const preserve = /xml:space=/.test(tag) ? tag : tag.replace(/^<w:t/, '<w:t xml:space="preserve"');
      if (i === at) edits.push({ start: t.start, end: t.openEnd + closing, text: preserve + inner.replace(/[.…_]*[.…_]/, () => escapeXml(answer)) });
      else edits.push({ start: t.start, end: t.openEnd + closing, text: preserve + inner.replace(/^[.…_]+/, '') });
      if (!/^[.…_]*$/.test(i === at ? t.text.slice(t.text.search(/[.…_]/)) : t.text)) break;
    }
    if (edits.length) return edits;
  }
  // Otherwise the cell's content is the value, the cell's properties (w:tcPr) kept.
  const first = paragraphs[0];
  const last = paragraphs[paragraphs.length - 1];
  if (!first || !last) return [];
  return [{ start: first.start, end: last.end, text: renderBlocks(value, paragraphProperties(xml, first), runBase(first)) }];
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

function applyEdits(xml: string, edits: Edit[]): string {
  const sorted = [...edits].sort((a, b) => b.start - a.start || b.end - a.end);
  let out = xml;
  let limit = Infinity;
  for (const edit of sorted) {
    if (edit.end > limit) continue; // overlapping places: the first one wins
    out = out.slice(0, edit.start) + edit.text + out.slice(edit.end);
    limit = edit.start;
  }
  return out;
}
