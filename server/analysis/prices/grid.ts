// A price file seen as grids of cells, whatever it came from: a workbook's sheets (XLSX, ODS) with
// their A1 addresses, or the tables of a DOCX or ODT with synthetic addresses ("T1R5C4"). The
// reader finds price tables in these grids, so one set of rules serves every format.
import * as XLSX from '@e965/xlsx';
import { descendants, parseXml, unzip, utf8, type XmlNode } from '../frame/ooxml';

export type GridCell = {
  ref: string;
  text: string;
  /** The numeric value the cell holds or displays, null when none. */
  value: number | null;
  formula?: string;
  /** Inside a merged range without being its top-left cell: `text` is then the range's text. */
  covered?: boolean;
};

export type Grid = {
  name: string;
  /** rows[r][c], 0-based; a row's 1-based number is r + 1. */
  rows: (GridCell | undefined)[][];
  /** Text around the grid (a document's title and paragraphs), for telling the file's kind. */
  context: string;
  /** A document's table number (1-based): its cells are named "T<table>R<row>C<column>". */
  table?: number;
};

/** "1 234,50 €", "12.5", "-3" → number; anything else → null. */
export function parseNumber(text: string): number | null {
  const cleaned = text.replace(/[\s\u00a0\u202f€]/g, '').replace(/,(?=\d{1,}$)/, '.');
  if (!/^-?\d+(\.\d+)?$/.test(cleaned)) return null;
  return Number(cleaned);
}

const cellText = (cell: XLSX.CellObject) => {
  if (cell.v === undefined || cell.v === null || cell.v === '') return '';
  return (typeof cell.v === 'string' ? cell.v : XLSX.utils.format_cell(cell)).replace(/\s+/g, ' ').trim();
};

/** A workbook's sheets (XLSX or ODS) as grids; merged ranges spread their text over their cells. */
export function workbookGrids(file: Buffer): Grid[] | null {
  let workbook: XLSX.WorkBook;
  try {
    workbook = XLSX.read(file, { type: 'buffer', dense: true, cellFormula: true, cellHTML: false, cellStyles: false, bookVBA: false });
  } catch {
    return null;
  }
  return workbook.SheetNames.map((name) => {
    const sheet = workbook.Sheets[name]!;
    const data = (sheet['!data'] ?? []) as (XLSX.CellObject[] | undefined)[];
    const rows: (GridCell | undefined)[][] = data.map((row, r) =>
      Array.from(row ?? [], (cell, c) => {
        if (!cell) return undefined;
        const text = cellText(cell);
        const value = typeof cell.v === 'number' ? cell.v : parseNumber(text);
        return { ref: XLSX.utils.encode_cell({ r, c }), text, value, ...(cell.f ? { formula: cell.f } : {}) };
      }),
    );
    for (const merge of sheet['!merges'] ?? []) {
      const top = rows[merge.s.r]?.[merge.s.c];
      for (let r = merge.s.r; r <= merge.e.r; r++)
        for (let c = merge.s.c; c <= merge.e.c; c++) {
          if (r === merge.s.r && c === merge.s.c) continue;
          (rows[r] ??= [])[c] = { ref: XLSX.utils.encode_cell({ r, c }), text: top?.text ?? '', value: null, covered: true };
        }
    }
    return { name, rows, context: '' };
  });
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };
const decode = (text: string) =>
  text.replace(/&(#x[0-9a-f]+|#\d+|\w+);/gi, (all, code: string) =>
    code[0] === '#' ? String.fromCodePoint(code[1] === 'x' || code[1] === 'X' ? parseInt(code.slice(2), 16) : Number(code.slice(1))) : (ENTITIES[code] ?? all),
  );

/** The text of an XML fragment in reading order: runs joined as written, paragraphs and tabs as spaces. */
function fragmentText(xml: string, node: XmlNode, format: 'docx' | 'odt'): string {
  const slice = xml.slice(node.start, node.end);
  const text =
    format === 'docx'
      ? slice.replace(/<w:tab\/>|<w:br\/>|<\/w:p>/g, ' ').replace(/<w:t(?:\s[^>]*)?>([^<]*)<\/w:t>|<[^>]+>/g, (_all, run: string | undefined) => run ?? '')
      : slice.replace(/<text:s(?:\s[^>]*)?\/>|<text:tab\/>|<text:line-break\/>|<\/text:p>|<\/text:h>/g, ' ').replace(/<[^>]+>/g, '');
  return decode(text).replace(/\s+/g, ' ').trim();
}

/** The tables of a DOCX (word/document.xml) or ODT (content.xml) as grids, spans spread over their columns. */
export function documentGrids(file: Buffer, format: 'docx' | 'odt'): Grid[] | null {
  const entries = unzip(file);
  const xml = utf8(entries?.[format === 'docx' ? 'word/document.xml' : 'content.xml']);
  if (!xml) return null;
  const root = parseXml(xml);
  if (!root) return null;
  const tableName = format === 'docx' ? 'w:tbl' : 'table:table';
  // Nested tables are read as part of their cell's text only.
  const tables = descendants(root, tableName, (n) => n.name === tableName && n.parent !== null && hasAncestor(n.parent, tableName));
  const body = descendants(root, format === 'docx' ? 'w:body' : 'office:text')[0];
  const context = body ? fragmentText(xml, body, format).slice(0, 20_000) : '';
  return tables.map((table, t) => {
    const rows: (GridCell | undefined)[][] = [];
    const rowNodes = descendants(table, format === 'docx' ? 'w:tr' : 'table:table-row', (n) => n.name === tableName);
    // Text of cells spanning rows (ODT number-rows-spanned), by "row:column" of the cells they cover.
    const spanning = new Map<string, string>();
    rowNodes.forEach((rowNode, r) => {
      const row: (GridCell | undefined)[] = [];
      const isCell = (n: XmlNode) => (format === 'docx' ? n.name === 'w:tc' : n.name === 'table:table-cell' || n.name === 'table:covered-table-cell');
      for (const cellNode of rowNode.children.filter(isCell)) {
        const repeat = spanOf(cellNode, format);
        const covered = cellNode.name === 'table:covered-table-cell' || (format === 'docx' && isVMergeContinue(cellNode));
        for (let k = 0; k < repeat; k++) {
          const c = row.length;
          // A covered cell shows the text of the cell it continues: above it (vertical merge) or to its left.
          const text = covered
            ? (format === 'docx' ? (rows[r - 1]?.[c]?.text ?? '') : (spanning.get(`${r}:${c}`) ?? row[c - 1]?.text ?? ''))
            : fragmentText(xml, cellNode, format);
          const cell: GridCell = { ref: `T${t + 1}R${r + 1}C${c + 1}`, text, value: covered || (format === 'docx' && k > 0) ? null : parseNumber(text) };
          if (covered || (format === 'docx' && k > 0)) cell.covered = true;
          row.push(cell);
          const rowSpan = format === 'odt' && !covered ? Number(cellNode.attrs['table:number-rows-spanned'] ?? 1) || 1 : 1;
          const colSpan = format === 'odt' && !covered ? Number(cellNode.attrs['table:number-columns-spanned'] ?? 1) || 1 : 1;
          for (let dr = 0; dr < Math.min(rowSpan, 500); dr++) for (let dc = 0; dc < Math.min(colSpan, 64); dc++) if (dr || dc) spanning.set(`${r + dr}:${c + dc}`, text);
        }
      }
      rows.push(row);
    });
    const name = (format === 'odt' ? table.attrs['table:name'] : undefined) ?? `Tableau ${t + 1}`;
    return { name, rows, context, table: t + 1 };
  });
}

function hasAncestor(node: XmlNode, name: string): boolean {
  for (let n: XmlNode | null = node; n; n = n.parent) if (n.name === name) return true;
  return false;
}

function spanOf(cell: XmlNode, format: 'docx' | 'odt'): number {
  if (format === 'odt') return Math.max(1, Math.min(64, Number(cell.attrs['table:number-columns-repeated'] ?? 1) || 1));
  const tcPr = cell.children.find((c) => c.name === 'w:tcPr');
  const gridSpan = tcPr?.children.find((c) => c.name === 'w:gridSpan');
  return Math.max(1, Math.min(64, Number(gridSpan?.attrs['w:val'] ?? 1) || 1));
}

function isVMergeContinue(cell: XmlNode): boolean {
  const vMerge = cell.children.find((c) => c.name === 'w:tcPr')?.children.find((c) => c.name === 'w:vMerge');
  return vMerge !== undefined && vMerge.attrs['w:val'] !== 'restart';
}
