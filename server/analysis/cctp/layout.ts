// From `pdftotext -layout` pages to the pieces rules judge: paragraphs, bullets with the
// sentence that introduces them, table rows, and the text of a table's columns.
import { stripRepeatedLines } from '../../extraction/clean';
import type { AnalysedDocument } from '../dce/types';

export type Section = { number: string; title: string };

/**
 * paragraph: text of a paragraph (split into sentences later); bullet: one list item, with the
 * sentence ending in ':' above it (leadIn) or, when none, `headed` says it sits right under a
 * heading or under a paragraph that already states an obligation; row: the cells of a table row;
 * column: the text of one column of a table whose cells wrap over several lines. A table's rows
 * and columns carry the sentence that announces the table (leadIn: "… les points suivants
 * devront être contrôlés"), rows the table's first row (header), columns their cells' lines and
 * whether they are the leftmost one (first).
 */
export type Unit = {
  kind: 'paragraph' | 'bullet' | 'row' | 'column';
  text: string;
  cells?: string[];
  header?: string;
  lines?: string[];
  first?: boolean;
  leadIn: string | null;
  headed: boolean;
  page: number;
  section: Section;
};

type Line = { page: number; raw: string; text: string; indent: number; bullet: boolean; markerIndent: number };

// Dot leaders and a page number: a line of the table of contents.
const TOC_LINE = /(?:\.{4,}|…{2,}|(?:\. ){4,}|_{4,})\s*\d{1,3}\s*$/;
// •, -, o, ▪, and the private-use glyphs of Word's symbol fonts.
const BULLET = /^(?:[•●▪■◦○·∙►➢✓*\-–—]|o(?=\s)|[\uE000-\uF8FF])\s*/u;
const NUMBERED = /^(?:(?:article|art\.)\s+)?(\d{1,2}(?:\.\d{1,2}){0,4})\.?(?:\s*[-–—:]\s*|\s+)(\S.*)$/i;
const ARTICLE = /^(article|chapitre|titre)\s+(\d{1,2}(?:\.\d{1,2}){0,4}|[IVXL]{1,6})\.?\s*(?:[-–—:.]\s*(.*))?$/i;
const ROMAN = /^([IVXL]{1,6})\s*[-–—.)]\s*(\S.*)$/;
const ANNEX = /^(annexe\s+(?:n°\s*)?(?:\d{1,2}|[IVX]{1,4}))\b\s*[-–—:]?\s*(.*)$/i;
// A sentence that announces a list or a table below it without a colon: "les points suivants".
const ANNOUNCES = /\b(?:suivant|suivants|suivante|suivantes|ci-dessous|ci-apr[eè]s)\b/i;
// A markdown rule ("---") and the page marker of a PDF converted to markdown ("## Page 18"):
// where a page of the source ended, no text.
const MARKDOWN_RULE = /^(?:-{3,}|\*{3,}|_{3,})$/;
const MARKDOWN_PAGE = /\n[ \t]*(?:-{3,}|\*{3,}|_{3,})[ \t]*\n(?:[ \t]*\n)*[ \t]*#{1,6}[ \t]*page[ \t]+\d+[ \t]*(?=\n|$)/gi;
// "a) Traitement autorisé": a sub-heading that changes no section number.
const LETTERED = /^[a-z]\)\s+[A-ZÀ-Ý]/;
const CAPITAL = /^[A-ZÀ-Ý]/;

/** The section a line opens, if it is a heading. */
export function headingOf(text: string): Section | null {
  const line = text.replace(/\s+/g, ' ').trim();
  if (line.length > 140 || /[.;,:]$/.test(line)) return null;
  const article = ARTICLE.exec(line);
  if (article) return { number: (article[2] ?? '').replace(/\.$/, ''), title: (article[3] ?? '').trim() || line };
  const annex = ANNEX.exec(line);
  if (annex) return { number: (annex[1] ?? '').replace(/^annexe/i, 'Annexe').replace(/\s+/g, ' '), title: line };
  const numbered = NUMBERED.exec(line);
  if (numbered && CAPITAL.test(numbered[2] ?? '') && !/^\d/.test(numbered[2] ?? '')) return { number: numbered[1] ?? '', title: (numbered[2] ?? '').trim() };
  const roman = ROMAN.exec(line);
  if (roman && CAPITAL.test(roman[2] ?? '')) return { number: roman[1] ?? '', title: (roman[2] ?? '').trim() };
  return null;
}

/** Lines joined into one text: "sous-\ntraitance" is one word again, any other wrap a space. */
export function joinLines(lines: string[]): string {
  let out = '';
  for (const raw of lines) {
    const line = raw.replace(/\s+/g, ' ').trim();
    if (!line) continue;
    if (out) out += /[A-Za-zÀ-ÿ]-$/.test(out) && /^[a-zà-ÿ]/.test(line) ? '' : ' ';
    out += line;
  }
  return out;
}

/** The table of contents goes: on a page of dot leaders, everything down to the last one. */
function withoutToc(lines: string[]): string[] {
  const toc = lines.flatMap((line, at) => (TOC_LINE.test(line) ? [at] : []));
  const last = toc.at(-1);
  if (last !== undefined && toc.length >= 3) {
    const above = lines.slice(0, last + 1).filter((line) => line.trim()).length;
    if (toc.length >= above * 0.3) return lines.slice(last + 1);
  }
  return lines.filter((line) => !TOC_LINE.test(line));
}

type Cell = { start: number; end: number; text: string };

/** The cells of a layout line: text runs parted by 3 spaces or more (or a tab). */
function cellsOf(raw: string): Cell[] {
  const line = raw.replace(/\t/g, '    ');
  return [...line.matchAll(/\S+(?: {1,2}\S+)*/g)].map((m) => ({ start: m.index, end: m.index + m[0].length, text: m[0] }));
}

function toLine(page: number, raw: string): Line {
  const expanded = raw.replace(/\t/g, '    ').replace(/\s+$/, '');
  const indent = expanded.length - expanded.trimStart().length;
  const trimmed = expanded.trim();
  const marker = BULLET.exec(trimmed);
  // "- 5 %" or "-10 °C" is a value, not a list; "- 23 h – 6 h tous les jours" is an item.
  const value = /^[-–]\s*\d/.test(trimmed) && !/[a-zà-ÿ]{4,}/i.test(trimmed);
  const bullet = Boolean(marker && marker[0].length < trimmed.length && !value && !MARKDOWN_RULE.test(trimmed));
  const text = bullet && marker ? ' '.repeat(indent + marker[0].length) + trimmed.slice(marker[0].length) : expanded;
  return { page, raw: text, text: text.trim(), indent, bullet, markerIndent: indent };
}

/**
 * Whether the blank line at `at` cuts a sentence: the line above ends with no punctuation, the
 * line below goes on in lower case, and neither is a table's row ("de la phase de\n\nconception").
 */
function goesOn(lines: Line[], at: number): boolean {
  let above = at - 1;
  while (above >= 0 && !lines[above]?.text) above--;
  let below = at + 1;
  while (below < lines.length && !lines[below]?.text) below++;
  const before = lines[above];
  const after = lines[below];
  if (!before || !after || after.bullet) return false;
  if (/[.:;!?)]$/.test(before.text) || !/^[a-zà-ÿ]/.test(after.text)) return false;
  return cellsOf(before.raw).length < 2 && cellsOf(after.raw).length < 2;
}

/** Every unit of the document, in reading order, each with the heading it sits under. */
export function unitsOf(document: AnalysedDocument, paragraphStatesObligation: (text: string) => boolean): Unit[] {
  const texts = stripRepeatedLines(document.pages.map((page) => page.text));
  const stream: (Line | null)[] = [];
  // A markdown conversion's source pages are read as pages, under the page number of the file.
  const pages = document.pages.flatMap((page, at) => (texts[at] ?? '').split(MARKDOWN_PAGE).map((text) => ({ page: page.page, text })));
  pages.forEach((page) => {
    const raws = withoutToc(page.text.split('\n'));
    // The extraction trims each page, so its first line lost its indent: under a table's
    // column, it takes the indent of the line below it.
    const below = raws[1] === undefined ? undefined : toLine(page.page, raws[1]);
    if (raws[0] && !/^\s/.test(raws[0]) && below?.text && !below.bullet && below.indent >= 8 && / {3,}\S/.test(raws[0].trim())) {
      raws[0] = ' '.repeat(below.indent) + raws[0];
    }
    const lines = raws.map((raw) => toLine(page.page, raw));
    const first = lines.find((line) => line.text);
    const previous = [...stream].reverse().find((line) => line !== null);
    // A sentence cut by the page break goes on: the page ended mid-sentence and the next
    // page starts in lower case.
    const continues = previous && first && !/[.:;!?]$/.test(previous.text) && /^[a-zà-ÿ]/.test(first.text) && !first.bullet;
    if (!continues) stream.push(null);
    lines.forEach((line, at) => {
      if (line.text) stream.push(line);
      else if (!goesOn(lines, at)) stream.push(null);
    });
  });

  const units: Unit[] = [];
  let section: Section = { number: '', title: '' };
  let leadIn: { text: string; indent: number } | null = null;
  let headed = false;
  let subLead: { text: string; indent: number } | null = null;
  // The last sentence of the paragraph just above, when it announces what follows.
  let tableLead: string | null = null;

  const emitBlock = (block: Line[]) => {
    const lead = tableLead;
    tableLead = null;
    const multi = block.filter((line) => cellsOf(line.raw).length >= 2).length;
    const plain = block.filter((line) => !line.bullet).map((line) => line.indent);
    const spread = plain.length ? Math.max(...plain) - Math.min(...plain) : 0;
    if (multi >= 2 || (multi >= 1 && spread >= 20 && block.length >= 2)) {
      tableLead = lead;
      emitTable(block);
      tableLead = null;
      return;
    }
    let paragraph: Line[] = [];
    let bullet: Line[] = [];
    const endParagraph = () => {
      if (!paragraph.length) return;
      const text = joinLines(paragraph.map((line) => line.text));
      const indent = paragraph[0]?.indent ?? 0;
      // An indented paragraph right under "… le nombre d'heures suivant :" is that list's item.
      if (leadIn && indent > leadIn.indent + 3) {
        units.push({ kind: 'bullet', text, leadIn: leadIn.text, headed: false, page: paragraph[0]?.page ?? 0, section });
      } else {
        units.push({ kind: 'paragraph', text, leadIn: null, headed: false, page: paragraph[0]?.page ?? 0, section });
        const sentences = splitSentences(text);
        const last = sentences.at(-1) ?? '';
        leadIn = last.endsWith(':') ? { text: last, indent } : null;
        tableLead = last.endsWith(':') || (ANNOUNCES.test(last) && !last.endsWith('.')) ? last : null;
        headed = !leadIn && paragraphStatesObligation(text);
      }
      subLead = null;
      paragraph = [];
    };
    const endBullet = () => {
      const head = bullet[0];
      if (!head) return;
      const text = joinLines(bullet.map((line) => line.text));
      // A nested item reads under both lead-ins: "Description des travaux : Prise de connaissance :".
      const parent = subLead && head.markerIndent > subLead.indent ? subLead.text : null;
      const lead: string | null = parent ? (leadIn ? `${leadIn.text} ${parent}` : parent) : (leadIn?.text ?? null);
      units.push({ kind: 'bullet', text, leadIn: lead, headed: lead === null && headed, page: head.page, section });
      tableLead = null;
      if (!(subLead && head.markerIndent > subLead.indent)) subLead = text.endsWith(':') ? { text, indent: head.markerIndent } : null;
      bullet = [];
    };
    for (const line of block) {
      if (line.bullet) {
        endParagraph();
        endBullet();
        bullet = [line];
      } else if (bullet.length && (line.indent > (bullet[0]?.markerIndent ?? 0) || (/^[a-zà-ÿ]/.test(line.text) && !/[.;:]$/.test(bullet.at(-1)?.text ?? '')))) {
        bullet.push(line);
      } else {
        endBullet();
        paragraph.push(line);
      }
    }
    endParagraph();
    endBullet();
  };

  const emitTable = (block: Line[]) => {
    const lead = tableLead;
    const rows = block.map((line) => ({ line, cells: cellsOf(line.raw) }));
    const rowMode = rows.every((row) => row.cells.length >= 2) && rows.slice(1).every((row) => row.cells.every((cell) => !/^[a-zà-ÿ]/.test(cell.text)));
    if (rowMode) {
      const header = rows.length >= 2 ? rows[0]?.cells.map((c) => c.text).join(' : ') : undefined;
      rows.forEach(({ line, cells }, at) => {
        const text = cells.map((c) => c.text).join(' : ');
        units.push({ kind: 'row', text, cells: cells.map((c) => c.text), header: at > 0 ? header : undefined, leadIn: lead, headed: false, page: line.page, section });
      });
      return;
    }
    // Cells of one column overlap horizontally; each goes to the column it overlaps most.
    // `marked` keeps the list dash a cell's line began with ("-les jours fériés"), which
    // tells where an entry of the column starts.
    const columns: { start: number; end: number; lines: string[]; marked: string[]; page: number }[] = [];
    for (const { line, cells } of rows) {
      for (const cell of cells) {
        const marked = line.bullet && cell === cells[0] ? `- ${cell.text}` : cell.text;
        let best: (typeof columns)[number] | undefined;
        let bestOverlap = 0;
        for (const column of columns) {
          const overlap = Math.min(column.end, cell.end) - Math.max(column.start, cell.start);
          if (overlap > bestOverlap) [best, bestOverlap] = [column, overlap];
        }
        if (best) {
          best.lines.push(cell.text);
          best.marked.push(marked);
          // Widen the column only where no other column lies.
          const others = columns.filter((c) => c !== best);
          if (!others.some((c) => Math.min(c.end, cell.end) - Math.max(c.start, cell.start) > 0)) {
            best.start = Math.min(best.start, cell.start);
            best.end = Math.max(best.end, cell.end);
          }
        } else columns.push({ start: cell.start, end: cell.end, lines: [cell.text], marked: [marked], page: line.page });
      }
    }
    columns.sort((a, b) => a.start - b.start);
    columns.forEach((column, at) =>
      units.push({ kind: 'column', text: joinLines(column.lines), lines: column.marked, first: at === 0, leadIn: lead, headed: false, page: column.page, section }),
    );
  };

  let block: Line[] = [];
  const flush = () => {
    if (block.length) emitBlock(block);
    block = [];
  };
  for (const line of stream) {
    if (!line) {
      flush();
      continue;
    }
    const heading = line.bullet ? null : headingOf(line.text);
    if (heading) {
      flush();
      tableLead = null;
      section = heading;
      leadIn = null;
      subLead = null;
      headed = true;
      continue;
    }
    if (!line.bullet && LETTERED.test(line.text) && !/[.;,]$/.test(line.text)) {
      flush();
      leadIn = null;
      headed = false;
      continue;
    }
    block.push(line);
  }
  flush();
  return units;
}

// A full stop ends a sentence before a capital, except after an initial or a short abbreviation.
const ABBREVIATION = /(?:^|[\s(])(?:[A-Z]|art|cf|n°|no|ex|env|réf|ref|p|pp|M|MM|Mme|St|av|bd)\.$/i;

/** A paragraph's sentences, whitespace collapsed. */
export function splitSentences(text: string): string[] {
  const sentences: string[] = [];
  let from = 0;
  for (const match of text.matchAll(/[.!?](?=\s+[«"(A-ZÀ-Ý•])/g)) {
    const end = match.index + 1;
    if (ABBREVIATION.test(text.slice(Math.max(from, end - 6), end))) continue;
    sentences.push(text.slice(from, end).trim());
    from = end;
  }
  sentences.push(text.slice(from).trim());
  return sentences.filter(Boolean);
}
