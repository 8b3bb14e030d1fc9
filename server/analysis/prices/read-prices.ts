// Reads a buyer's price file (BPU, DQE, DPGF, cadre de réponse financier) into priced lines tied to
// their cells (issue 25). The rules come from the vocabulary of French public procurement price
// documents: a header row naming the designation and the price columns (n°, désignation, unité,
// quantité, prix unitaire, montant), the priced lines below it, and the rows the buyer totals.
import { squash } from '../dce/text';
import { documentGrids, workbookGrids, type Grid, type GridCell } from './grid';
import { readPdfPrices } from './read-pdf-prices';
import { priceFileKind } from './kind';
import type { PriceFileRead, PriceLine, PriceSheet, PriceTotal } from './types';

type Role = 'ref' | 'label' | 'unit' | 'quantity' | 'unitPrice' | 'total' | 'ttc' | 'vat';

/** A header cell's role, from its folded words. The order matters: "prix total" is a total, "prix TTC" no price to fill. */
export function headerRole(header: string): Role | null {
  const h = squash(header).replace(/[():*]/g, ' ').replace(/\s+/g, ' ').trim();
  if (!h) return null;
  if (/\bt\.?\s?t\.?\s?c\.?(\b|$)|toutes taxes/.test(h)) return 'ttc';
  if (/^(taux|montant)?\s*(de )?(la )?t\.?v\.?a\b|\btaux de tva\b/.test(h)) return 'vat';
  if (/^((prix )?n ?[°o]|no\b|num(ero)?\b|ref(erence)?s?\b|art(icle)?s?\b|poste\b|code\b|repere\b|item\b|u\.?o\.?$|lot\b)/.test(h) && !/designation|libelle/.test(h)) return 'ref';
  if (/\b(montant|total)\b/.test(h) && !/unitaire/.test(h)) return 'total';
  if (/\bprix\b|^p\.?\s?u\.?(\b|$)|\bp\.u\.?/.test(h)) return 'unitPrice';
  if (/^(quantites?|qtes?|q|qt|nombre|nb|quantite estimee)\b|\bquantite/.test(h)) return 'quantity';
  if (/^u\.?$|^unites?\b|\bunite\b|^modalite/.test(h)) return 'unit';
  if (/designation|libelle|intitule|description|nature (des|de la)|prestations?\b|ouvrages?\b|fournitures?\b|objet\b|qualite\b/.test(h)) return 'label';
  return null;
}

// The designation column's own names come before looser ones ("Description", "Prestations").
const labelRank = (header: string) => (/designation|libelle|intitule/.test(squash(header)) ? 0 : 1);

/** A row that totals rather than prices: "Total HT", "Sous-total lot 2", "TVA 20 %", "Montant TTC", "Net à payer". */
function totalKind(text: string): PriceTotal['kind'] | null {
  const t = squash(text);
  if (/^sous[- ]?(total|totaux)\b/.test(t)) return 'subtotal';
  if (/^(total|montant)( general| global| de la| du| des)?\s*(t\.?v\.?a|tva)\b|^(taux de )?t\.?v\.?a\b|^montant (de la )?t\.?v\.?a/.test(t)) return 'vat';
  if (/^(total|montant|prix)\b.*\b(t\.?\s?t\.?\s?c|toutes taxes)|^net a payer/.test(t)) return 'incl_vat';
  if (/^(total|montant total|montant global|montant h\.?t|prix total|prix global)\b/.test(t)) return 'excl_vat';
  return null;
}

// A line or heading outside the base offer: a PSE (prestation supplémentaire éventuelle), an option or a variant.
const OPTIONAL = /^(pse|p\.s\.e)\b|prestations? supplementaires? eventuelles?|^(\d+[\s.-]*)?options?\b|\bvariantes?\b|ne pas totaliser|non totalise/;
const BASE = /\b(offre|solution) de base\b|^base\b|^tranche ferme\b/;

type Columns = Partial<Record<Exclude<Role, 'ttc' | 'vat'>, number>> & { unitPrice: number; label: number };

type HeaderMatch = { columns: Columns; height: 1 | 2 };

const hasLetter = (text: string) => /\p{L}{2,}/u.test(text);

function rolesOf(headers: string[]): Map<Role, number[]> {
  const roles = new Map<Role, number[]>();
  headers.forEach((header, c) => {
    const role = headerRole(header);
    if (role) roles.set(role, [...(roles.get(role) ?? []), c]);
  });
  return roles;
}

/** The row `r` as a price table's header (alone, or with the row below it as a second header row), or null. */
function headerAt(grid: Grid, r: number): HeaderMatch | null {
  const row = grid.rows[r] ?? [];
  const texts = row.map((cell) => cell?.text ?? '');
  // A header holds words: no formula, no amount.
  if (texts.filter(Boolean).length < 2 || row.some((cell) => cell && !cell.covered && (cell.formula || (cell.value !== null && Number(cell.text) > 31)))) return null;
  const single = rolesOf(texts);
  if (!single.has('unitPrice')) return null;
  const next = grid.rows[r + 1] ?? [];
  const labelColumn = pickLabel(single, texts);
  // A second header row: words under the first ("H.T." under "Prix"), no number, nothing in the designation column.
  const twoRows =
    next.some((cell) => cell && !cell.covered && cell.text) &&
    next.every((cell) => !cell || cell.covered || !cell.text || (cell.value === null && cell.text.length <= 40)) &&
    (labelColumn === undefined || !next[labelColumn]?.text || next[labelColumn]?.covered);
  const headers = twoRows ? texts.map((text, c) => `${text} ${next[c]?.covered ? '' : (next[c]?.text ?? '')}`.trim()) : texts;
  for (let c = texts.length; twoRows && c < next.length; c++) headers[c] = next[c]?.text ?? '';
  const roles = twoRows ? rolesOf(headers) : single;
  const label = pickLabel(roles, headers);
  const prices = roles.get('unitPrice');
  if (label === undefined || !prices) return null;
  // Three roles, or a designation named as such next to the price: a line whose unit reads "Prix unitaire" is no header.
  if (roles.size < 3 && !(roles.get('label')?.includes(label) && labelRank(headers[label]!) === 0)) return null;
  const dataStart = r + (twoRows ? 2 : 1);
  const unitPrice = pickPrice(grid, prices, headers, dataStart);
  const first = (role: Role) => roles.get(role)?.find((c) => c !== label && c !== unitPrice);
  const columns: Columns = { label, unitPrice };
  const ref = first('ref');
  if (ref !== undefined && ref < label) columns.ref = ref;
  const unit = first('unit');
  if (unit !== undefined) columns.unit = unit;
  const quantity = first('quantity');
  if (quantity !== undefined) columns.quantity = quantity;
  const total = roles.get('total')?.find((c) => c > unitPrice) ?? first('total');
  if (total !== undefined) columns.total = total;
  return { columns, height: twoRows ? 2 : 1 };
}

function pickLabel(roles: Map<Role, number[]>, headers: string[]): number | undefined {
  const labels = roles.get('label');
  if (labels?.length) return [...labels].sort((a, b) => labelRank(headers[a]!) - labelRank(headers[b]!) || a - b)[0];
  // No designation header: the first text column left of the price that is no reference.
  const price = roles.get('unitPrice')?.[0];
  if (price === undefined) return undefined;
  for (let c = 0; c < price; c++) if (headers[c] && !roles.get('ref')?.includes(c) && !headerRole(headers[c]!)) return c;
  return undefined;
}

/**
 * Of several price columns, the one the candidate fills: not computed by a formula in the lines
 * below ("Prix unitaire HT" = D19/50 on a cadre financier), and named "unitaire", "PU" or "à renseigner".
 */
function pickPrice(grid: Grid, candidates: number[], headers: string[], dataStart: number): number {
  if (candidates.length === 1) return candidates[0]!;
  const score = (c: number) => {
    let formulas = 0;
    let cells = 0;
    for (let r = dataStart; r < Math.min(grid.rows.length, dataStart + 60); r++) {
      const cell = grid.rows[r]?.[c];
      if (!cell || cell.covered) continue;
      cells++;
      if (cell.formula) formulas++;
    }
    const h = squash(headers[c] ?? '');
    return (/unitaire|\bp\.?\s?u\b|renseigner|a remplir|a completer/.test(h) ? 2 : 0) + (/renseigner|a remplir|a completer/.test(h) ? 1 : 0) - (cells && formulas / cells > 0.5 ? 3 : 0);
  };
  return [...candidates].sort((a, b) => score(b) - score(a) || a - b)[0]!;
}

const textAt = (row: (GridCell | undefined)[], c: number | undefined) => (c === undefined ? '' : (row[c]?.text ?? ''));

/** The price tables of one grid: their lines and totals. */
function readGrid(grid: Grid, sheetIndex: number): { sheet: PriceSheet; preamble: string; columns: Columns[] } {
  const lines: PriceLine[] = [];
  const totals: PriceTotal[] = [];
  const found: Columns[] = [];
  let preamble = '';
  let header: HeaderMatch | null = null;
  let optional = false;
  for (let r = 0; r < grid.rows.length; r++) {
    const row = grid.rows[r] ?? [];
    const again = headerAt(grid, r);
    if (again) {
      header = again;
      found.push(again.columns);
      optional = false;
      r += again.height - 1;
      continue;
    }
    if (!header) {
      if (preamble.length < 4000) preamble += ` ${row.map((cell) => (cell && !cell.covered ? cell.text : '')).join(' ')}`;
      continue;
    }
    const { columns } = header;
    const priceCell = row[columns.unitPrice];
    // The words before the price column, for a total's label ("Sous-total PSE 4" sits in the n° column).
    const leading = row
      .slice(0, columns.unitPrice)
      .filter((cell) => cell && !cell.covered && cell.text)
      .map((cell) => cell!.text);
    const totalLabel = leading.find((text) => totalKind(text));
    if (totalLabel) {
      const valueCell = [columns.total, columns.unitPrice].map((c) => (c === undefined ? undefined : row[c])).find((cell) => cell && !cell.covered && (cell.formula || cell.value !== null)) ??
        row.slice(columns.unitPrice).find((cell) => cell && !cell.covered && (cell.formula || cell.value !== null)) ??
        row[columns.total ?? columns.unitPrice];
      totals.push({
        label: totalLabel,
        kind: totalKind(totalLabel)!,
        value: valueCell?.value ?? null,
        cell: valueCell?.ref ?? cellRef(grid, r, columns.total ?? columns.unitPrice),
        ...(valueCell?.formula ? { formula: valueCell.formula } : {}),
        row: r + 1,
      });
      continue;
    }
    const labelCell = row[columns.label];
    const label = labelCell && !labelCell.covered ? labelCell.text : '';
    const ref = textAt(row, columns.ref);
    if (!hasLetter(label) && !hasLetter(ref)) continue;
    const unit = columns.unit !== undefined && !row[columns.unit]?.covered ? textAt(row, columns.unit) : '';
    const quantityCell = columns.quantity === undefined ? undefined : row[columns.quantity];
    const quantity = quantityCell && !quantityCell.covered ? quantityCell.value : null;
    const hasMeasure = columns.unit === undefined && columns.quantity === undefined ? true : Boolean(unit) || quantity !== null;
    // A price cell swallowed by a merge from the left, or holding words ("Inclus", "Pour mémoire"), is no place for a price.
    const priceTaken = priceCell?.covered || (priceCell && !priceCell.formula && priceCell.text && priceCell.value === null);
    if (!hasLetter(label) || !hasMeasure || priceTaken) {
      // A chapter heading: it opens or closes a run of options.
      const heading = squash(`${ref} ${label || leading.join(' ')}`);
      if (OPTIONAL.test(heading) || OPTIONAL.test(squash(label))) optional = true;
      else if (BASE.test(heading) || BASE.test(squash(label))) optional = false;
      continue;
    }
    const totalCell = columns.total === undefined ? undefined : row[columns.total];
    const line: PriceLine = {
      id: `${sheetIndex}:${r + 1}`,
      ref,
      label,
      unit,
      quantity,
      unitPrice: priceCell?.value ?? null,
      total: totalCell && !totalCell.covered ? totalCell.value : null,
      row: r + 1,
      cells: {
        label: labelCell?.ref ?? cellRef(grid, r, columns.label),
        unitPrice: priceCell?.ref ?? cellRef(grid, r, columns.unitPrice),
        ...(columns.ref !== undefined ? { ref: row[columns.ref]?.ref ?? cellRef(grid, r, columns.ref) } : {}),
        ...(columns.unit !== undefined ? { unit: row[columns.unit]?.ref ?? cellRef(grid, r, columns.unit) } : {}),
        ...(columns.quantity !== undefined ? { quantity: row[columns.quantity]?.ref ?? cellRef(grid, r, columns.quantity) } : {}),
        ...(columns.total !== undefined ? { total: totalCell?.ref ?? cellRef(grid, r, columns.total) } : {}),
      },
      ...(totalCell?.formula ? { totalFormula: totalCell.formula } : {}),
    };
    if (optional || OPTIONAL.test(squash(ref))) line.optional = true;
    lines.push(line);
  }
  return { sheet: { name: grid.name, lines, totals }, preamble, columns: found };
}

/** A cell's address where the grid holds no cell: A1 in a workbook, synthetic in a document's table. */
function cellRef(grid: Grid, r: number, c: number): string {
  if (grid.table !== undefined) return `T${grid.table}R${r + 1}C${c + 1}`;
  let letters = '';
  for (let n = c + 1; n > 0; n = Math.floor((n - 1) / 26)) letters = String.fromCharCode(65 + ((n - 1) % 26)) + letters;
  return `${letters}${r + 1}`;
}

function fromGrids(grids: Grid[], fileName: string, format: PriceFileRead['format']): PriceFileRead {
  const read = grids.map((grid, index) => readGrid(grid, index));
  const sheets = read.map((r) => r.sheet);
  const columns = read.flatMap((r) => r.columns);
  const priced = read.filter((r) => r.sheet.lines.length);
  const words = [fileName, ...priced.map((r) => `${r.sheet.name} ${r.preamble}`), grids[0]?.context.slice(0, 3000) ?? ''].join(' ');
  const hasQuantities = sheets.some((s) => s.lines.some((l) => l.quantity !== null)) || columns.some((c) => c.quantity !== undefined);
  const hasTotals = columns.some((c) => c.total !== undefined);
  return { kind: priceFileKind(words, hasQuantities, hasTotals), format, sheets };
}

const isZip = (file: Buffer) => file.length > 4 && file[0] === 0x50 && file[1] === 0x4b;

/** The price lines of a buyer's file, or null when it is no file we read (or holds no price table). */
export async function readPriceFile(file: Buffer, fileName: string): Promise<PriceFileRead | null> {
  const extension = /\.([a-z0-9]+)$/i.exec(fileName)?.[1]?.toLowerCase() ?? '';
  let read: PriceFileRead | null = null;
  if ((extension === 'xlsx' || extension === 'xlsm' || extension === 'ods') && isZip(file)) {
    const grids = workbookGrids(file);
    if (grids) read = fromGrids(grids, fileName, extension === 'ods' ? 'ods' : 'xlsx');
  } else if ((extension === 'docx' || extension === 'odt') && isZip(file)) {
    const grids = documentGrids(file, extension === 'odt' ? 'odt' : 'docx');
    // An ODT is read as a document table, like a DOCX: it cannot be written back either.
    if (grids) read = fromGrids(grids, fileName, 'docx');
  } else if (extension === 'pdf') {
    read = await readPdfPrices(file, fileName);
  }
  if (!read) return null;
  read.sheets = read.sheets.filter((sheet) => sheet.lines.length || sheet.totals.length);
  return read.sheets.some((sheet) => sheet.lines.length) ? read : null;
}
