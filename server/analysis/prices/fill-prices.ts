// Writes the company's unit prices into the buyer's own workbook (issue 25): only the price cells'
// XML changes (xl/worksheets/sheetN.xml for XLSX, content.xml for ODS), every formula, style and
// other part stays as the buyer made it, and the workbook is told to recalculate when opened.
// SheetJS's writer is not used: it loses formatting.
import { zipSync, type Zippable } from 'fflate';
import { parseXml, unzip, utf8, type XmlNode } from '../frame/ooxml';
import type { PriceFileRead } from './types';

export class PriceFillError extends Error {}

type Edit = { ref: string; value: number | null };

const encoder = new TextEncoder();
const unescapeXml = (text: string) =>
  text.replace(/&(amp|lt|gt|quot|apos|#\d+|#x[0-9a-f]+);/gi, (_all, code: string) =>
    code === 'amp' ? '&' : code === 'lt' ? '<' : code === 'gt' ? '>' : code === 'quot' ? '"' : code === 'apos' ? "'" : String.fromCodePoint(code[1] === 'x' || code[1] === 'X' ? parseInt(code.slice(2), 16) : Number(code.slice(1))),
  );

/** A price as the file stores it: no binary noise ("0.30000000000000004"), no exponent for ordinary amounts. */
const numberText = (value: number) => String(Number(value.toPrecision(15)));

/** "P12" → { row: 12, column: 16 } (1-based). */
function parseRef(ref: string): { row: number; column: number } {
  const match = /^([A-Z]{1,3})(\d+)$/.exec(ref);
  if (!match) throw new PriceFillError(`not a cell address: ${ref}`);
  let column = 0;
  for (const letter of match[1]!) column = column * 26 + (letter.charCodeAt(0) - 64);
  return { row: Number(match[2]), column };
}

/** The edits for each sheet name, from the lines' unit-price cells; lines not in `prices` are left as they are. */
function editsBySheet(read: PriceFileRead, prices: Map<string, number | null>): Map<string, Edit[]> {
  const bySheet = new Map<string, Edit[]>();
  for (const sheet of read.sheets)
    for (const line of sheet.lines) {
      if (!prices.has(line.id)) continue;
      const value = prices.get(line.id) ?? null;
      if (value !== null && !Number.isFinite(value)) continue;
      const edits = bySheet.get(sheet.name) ?? [];
      edits.push({ ref: line.cells.unitPrice, value });
      bySheet.set(sheet.name, edits);
    }
  return bySheet;
}

function rezip(entries: Record<string, Uint8Array>, changed: Record<string, string>): Buffer {
  const out: Zippable = {};
  for (const [name, bytes] of Object.entries(entries)) {
    const data = name in changed ? encoder.encode(changed[name]!) : bytes;
    // An ODF package's mimetype entry stays first and stored, as the format requires.
    out[name] = name === 'mimetype' ? [data, { level: 0 }] : [data, { level: 6 }];
  }
  return Buffer.from(zipSync(out));
}

/** The buyer's workbook with the prices written in their cells (XLSX or ODS). */
export async function fillPriceWorkbook(file: Buffer, read: PriceFileRead, prices: Map<string, number | null>): Promise<Buffer> {
  if (read.format !== 'xlsx' && read.format !== 'ods') throw new PriceFillError(`a ${read.format} price file cannot be written back`);
  const entries = unzip(file);
  if (!entries) throw new PriceFillError('not a zip');
  const edits = editsBySheet(read, prices);
  return read.format === 'xlsx' ? fillXlsx(entries, edits) : fillOds(entries, edits);
}

// ---------- XLSX ----------

function sheetPaths(entries: Record<string, Uint8Array>): Map<string, string> {
  const workbook = utf8(entries['xl/workbook.xml']);
  const rels = utf8(entries['xl/_rels/workbook.xml.rels']);
  if (!workbook || !rels) throw new PriceFillError('no workbook part');
  const targets = new Map<string, string>();
  for (const rel of rels.match(/<Relationship\b[^>]*>/g) ?? []) {
    const id = /\bId="([^"]*)"/.exec(rel)?.[1];
    const target = /\bTarget="([^"]*)"/.exec(rel)?.[1];
    if (id && target) targets.set(id, target.startsWith('/') ? target.slice(1) : `xl/${target}`.replace(/\/[^/]+\/\.\.\//g, '/'));
  }
  const paths = new Map<string, string>();
  for (const sheet of workbook.match(/<sheet\b[^>]*>/g) ?? []) {
    const name = /\bname="([^"]*)"/.exec(sheet)?.[1];
    const id = /\br:id="([^"]*)"/.exec(sheet)?.[1] ?? /\b\w+:id="([^"]*)"/.exec(sheet)?.[1];
    const path = id ? targets.get(id) : undefined;
    if (name !== undefined && path) paths.set(unescapeXml(name), path);
  }
  return paths;
}

/** fullCalcOnLoad on the workbook's calcPr, so Excel and LibreOffice recompute the buyer's formulas on opening. */
function recalculateOnLoad(workbook: string): string {
  const calcPr = /<calcPr\b[^>]*?(\/?)>/.exec(workbook);
  if (calcPr) {
    const tag = calcPr[0];
    const updated = /\bfullCalcOnLoad="[^"]*"/.test(tag) ? tag.replace(/\bfullCalcOnLoad="[^"]*"/, 'fullCalcOnLoad="1"') : tag.replace(/^<calcPr\b/, '<calcPr fullCalcOnLoad="1"');
    return workbook.slice(0, calcPr.index) + updated + workbook.slice(calcPr.index + tag.length);
  }
  // calcPr comes after these in the schema's order (sheets, functionGroups, externalReferences, definedNames).
  for (const after of ['</definedNames>', '<definedNames/>', '</externalReferences>', '</functionGroups>', '</sheets>']) {
    const at = workbook.indexOf(after);
    if (at !== -1) return `${workbook.slice(0, at + after.length)}<calcPr fullCalcOnLoad="1"/>${workbook.slice(at + after.length)}`;
  }
  throw new PriceFillError('workbook without sheets');
}

function fillXlsx(entries: Record<string, Uint8Array>, edits: Map<string, Edit[]>): Buffer {
  const paths = sheetPaths(entries);
  const changed: Record<string, string> = {};
  for (const [name, sheetEdits] of edits) {
    const path = paths.get(name);
    const xml = path ? utf8(entries[path]) : null;
    if (!path || !xml) throw new PriceFillError(`no sheet ${name}`);
    changed[path] = editSheetXml(xml, sheetEdits);
  }
  changed['xl/workbook.xml'] = recalculateOnLoad(utf8(entries['xl/workbook.xml'])!);
  return rezip(entries, changed);
}

const ROW = /<row\b[^>]*?(?:\/>|>[\s\S]*?<\/row>)/g;
const CELL = /<c\b[^>]*?(?:\/>|>[\s\S]*?<\/c>)/g;
const attrOf = (tag: string, name: string) => new RegExp(`\\s${name}="([^"]*)"`).exec(tag)?.[1];

/** The style a new cell takes: its row's when the row is formatted, else its column's. */
function defaultStyle(xml: string, rowTag: string | null, column: number): string | undefined {
  if (rowTag && attrOf(rowTag, 'customFormat') === '1') return attrOf(rowTag, 's');
  for (const col of xml.match(/<col\b[^>]*>/g) ?? []) {
    if (Number(attrOf(col, 'min')) <= column && column <= Number(attrOf(col, 'max'))) return attrOf(col, 'style');
  }
  return undefined;
}

function priceCell(ref: string, style: string | undefined, value: number | null): string {
  const s = style !== undefined ? ` s="${style}"` : '';
  return value === null ? `<c r="${ref}"${s}/>` : `<c r="${ref}"${s}><v>${numberText(value)}</v></c>`;
}

/** The sheet's XML with each edit's cell holding its number (or emptied), every other byte as it was. */
export function editSheetXml(xml: string, edits: Edit[]): string {
  const dataStart = xml.search(/<sheetData\b/);
  if (dataStart === -1) throw new PriceFillError('sheet without sheetData');
  const selfClosing = /<sheetData\b[^>]*\/>/.exec(xml.slice(dataStart));
  let sheetData = selfClosing && selfClosing.index === 0 ? '' : null;
  const openEnd = xml.indexOf('>', dataStart) + 1;
  const closeAt = sheetData === null ? xml.indexOf('</sheetData>', openEnd) : -1;
  if (sheetData === null) sheetData = xml.slice(openEnd, closeAt);
  const byRow = new Map<number, Edit[]>();
  for (const edit of edits) {
    const { row } = parseRef(edit.ref);
    byRow.set(row, [...(byRow.get(row) ?? []), edit]);
  }
  const seen = new Set<number>();
  let previous = 0;
  let next = sheetData.replace(ROW, (rowXml) => {
    const rowTag = /^<row\b[^>]*?\/?>/.exec(rowXml)![0];
    // r is optional in the schema: a row without it follows the one before.
    const number = Number(attrOf(rowTag, 'r') ?? previous + 1);
    previous = number;
    const rowEdits = byRow.get(number);
    if (!rowEdits) return rowXml;
    seen.add(number);
    return editRow(xml, rowXml, rowTag, rowEdits);
  });
  // Rows the sheet does not hold yet, each in its place.
  for (const [number, rowEdits] of [...byRow].filter(([n]) => !seen.has(n)).sort((a, b) => a[0] - b[0])) {
    const cells = rowEdits
      .map((e) => ({ ...e, column: parseRef(e.ref).column }))
      .sort((a, b) => a.column - b.column)
      .map((e) => priceCell(e.ref, defaultStyle(xml, null, e.column), e.value))
      .join('');
    const rowXml = `<row r="${number}">${cells}</row>`;
    let inserted = false;
    next = next.replace(/<row\b[^>]*?\br="(\d+)"/g, (tag, r: string) => {
      if (inserted || Number(r) < number) return tag;
      inserted = true;
      return rowXml + tag;
    });
    if (!inserted) next += rowXml;
  }
  if (closeAt === -1) {
    const tag = selfClosing![0];
    return `${xml.slice(0, dataStart)}${tag.replace(/\/>$/, '>')}${next}</sheetData>${xml.slice(dataStart + tag.length)}`;
  }
  return xml.slice(0, openEnd) + next + xml.slice(closeAt);
}

function editRow(sheetXml: string, rowXml: string, rowTag: string, edits: Edit[]): string {
  let body = rowTag.endsWith('/>') ? '' : rowXml.slice(rowTag.length, -'</row>'.length);
  for (const edit of edits) {
    const { column } = parseRef(edit.ref);
    let found = false;
    // A cell without r follows the one before it too.
    let previousColumn = 0;
    body = body.replace(CELL, (cellXml) => {
      const cellTag = /^<c\b[^>]*?\/?>/.exec(cellXml)![0];
      const ref = attrOf(cellTag, 'r');
      const cellColumn = ref ? parseRef(ref).column : previousColumn + 1;
      previousColumn = cellColumn;
      if (found || cellColumn !== column) return cellXml;
      found = true;
      // A formula in the price cell is the buyer's: kept, never overwritten.
      if (/<f\b/.test(cellXml)) return cellXml;
      return priceCell(edit.ref, attrOf(cellTag, 's'), edit.value);
    });
    if (found) continue;
    const cell = priceCell(edit.ref, defaultStyle(sheetXml, rowTag, column), edit.value);
    let inserted = false;
    previousColumn = 0;
    body = body.replace(/<c\b[^>]*?(?:\/>|>)/g, (tag) => {
      const ref = attrOf(tag, 'r');
      const cellColumn = ref ? parseRef(ref).column : previousColumn + 1;
      previousColumn = cellColumn;
      if (inserted || cellColumn < column) return tag;
      inserted = true;
      return cell + tag;
    });
    if (!inserted) body += cell;
  }
  const openTag = rowTag.endsWith('/>') ? `${rowTag.slice(0, -2).trimEnd()}>` : rowTag;
  return `${openTag}${body}</row>`;
}

// ---------- ODS ----------

const repeatOf = (node: XmlNode, attr: string) => Math.max(1, Number(node.attrs[attr] ?? 1) || 1);

function rowsOf(table: XmlNode): XmlNode[] {
  const rows: XmlNode[] = [];
  const walk = (node: XmlNode) => {
    for (const child of node.children) {
      if (child.name === 'table:table-row') rows.push(child);
      else if (child.name === 'table:table-header-rows' || child.name === 'table:table-row-group' || child.name === 'table:table-rows') walk(child);
    }
  };
  walk(table);
  return rows;
}

/** A repeated element cut into single copies at `targets` (0-based within its repeat), each edited by `edit`. */
function splitRepeated(xml: string, attr: string, count: number, targets: number[], edit: (single: string, index: number) => string): string {
  const single = xml.replace(new RegExp(`\\s${attr}="\\d+"`), '');
  const withCount = (n: number) => (n === 1 ? single : single.replace(/^(<[\w:-]+)/, `$1 ${attr}="${n}"`));
  let out = '';
  let at = 0;
  for (const target of [...targets].sort((a, b) => a - b)) {
    if (target > at) out += withCount(target - at);
    out += edit(single, target);
    at = target + 1;
  }
  if (count > at) out += withCount(count - at);
  return out;
}

function odsCell(cellXml: string, value: number | null): string {
  const tag = /^<table:table-cell\b[^>]*?\/?>/.exec(cellXml)?.[0];
  if (!tag || /\stable:formula="/.test(tag)) return cellXml;
  const kept = tag
    .replace(/^<table:table-cell|\/?>$/g, '')
    .replace(/\s(office:value-type|office:value|office:currency|office:date-value|office:time-value|office:boolean-value|office:string-value|calcext:value-type)="[^"]*"/g, '')
    .trim();
  const attrs = kept ? ` ${kept}` : '';
  if (value === null) return `<table:table-cell${attrs}/>`;
  const text = numberText(value);
  return `<table:table-cell${attrs} office:value-type="float" office:value="${text}" calcext:value-type="float"><text:p>${text.replace('.', ',')}</text:p></table:table-cell>`;
}

function editOdsRow(rowXml: string, edits: { column: number; value: number | null }[]): string {
  const root = parseXml(rowXml);
  const row = root?.children[0];
  if (!row) return rowXml;
  const cells = row.children.filter((c) => c.name === 'table:table-cell' || c.name === 'table:covered-table-cell');
  const pieces: { start: number; end: number; text: string }[] = [];
  let column = 1;
  for (const cell of cells) {
    const count = repeatOf(cell, 'table:number-columns-repeated');
    const inside = edits.filter((e) => e.column >= column && e.column < column + count);
    if (inside.length && cell.name === 'table:table-cell') {
      const xml = rowXml.slice(cell.start, cell.end);
      const text = splitRepeated(xml, 'table:number-columns-repeated', count, inside.map((e) => e.column - column), (single, index) => odsCell(single, inside.find((e) => e.column - column === index)!.value));
      pieces.push({ start: cell.start, end: cell.end, text });
    }
    column += count;
  }
  // Columns past the row's last cell: empty cells up to them.
  const beyond = edits.filter((e) => e.column >= column).sort((a, b) => a.column - b.column);
  let tail = '';
  for (const edit of beyond) {
    if (edit.column > column) tail += edit.column - column > 1 ? `<table:table-cell table:number-columns-repeated="${edit.column - column}"/>` : '<table:table-cell/>';
    tail += odsCell('<table:table-cell/>', edit.value);
    column = edit.column + 1;
  }
  let out = rowXml;
  if (tail) {
    const close = out.lastIndexOf('</table:table-row>');
    out = close === -1 ? out.replace(/\/>$/, `>${tail}</table:table-row>`) : out.slice(0, close) + tail + out.slice(close);
  }
  for (const piece of pieces.sort((a, b) => b.start - a.start)) out = out.slice(0, piece.start) + piece.text + out.slice(piece.end);
  return out;
}

function fillOds(entries: Record<string, Uint8Array>, edits: Map<string, Edit[]>): Buffer {
  let content = utf8(entries['content.xml']);
  if (!content) throw new PriceFillError('no content.xml');
  const root = parseXml(content);
  if (!root) throw new PriceFillError('content.xml unreadable');
  const tables: XmlNode[] = [];
  const walk = (node: XmlNode) => {
    for (const child of node.children) {
      if (child.name === 'table:table') tables.push(child);
      else walk(child);
    }
  };
  walk(root);
  const pieces: { start: number; end: number; text: string }[] = [];
  for (const [name, sheetEdits] of edits) {
    const table = tables.find((t) => t.attrs['table:name'] === name);
    if (!table) throw new PriceFillError(`no sheet ${name}`);
    const targets = sheetEdits.map((e) => ({ ...parseRef(e.ref), value: e.value }));
    let rowNumber = 1;
    for (const row of rowsOf(table)) {
      const count = repeatOf(row, 'table:number-rows-repeated');
      const inside = targets.filter((t) => t.row >= rowNumber && t.row < rowNumber + count);
      if (inside.length) {
        const xml = content.slice(row.start, row.end);
        const rowsHit = [...new Set(inside.map((t) => t.row - rowNumber))];
        const text = splitRepeated(xml, 'table:number-rows-repeated', count, rowsHit, (single, index) =>
          editOdsRow(single, inside.filter((t) => t.row - rowNumber === index).map((t) => ({ column: t.column, value: t.value }))),
        );
        pieces.push({ start: row.start, end: row.end, text });
      }
      rowNumber += count;
    }
    if (targets.some((t) => t.row >= rowNumber)) throw new PriceFillError(`row past the end of ${name}`);
  }
  for (const piece of pieces.sort((a, b) => b.start - a.start)) content = content.slice(0, piece.start) + piece.text + content.slice(piece.end);
  return rezip(entries, { 'content.xml': content });
}
