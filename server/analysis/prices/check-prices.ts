// The checks a buyer makes before declaring an offer irregular (issue 25): a line left blank, a
// total that does not follow from its lines, the buyer's designation, unit or quantity changed, the
// same item priced differently in two price documents, a total that differs from the AE. Each
// issue names its cell and a catalogue key (prices-issue_<kind>[_<detail>]) with its variables.
// Outliers need the company's past prices: the caller adds them.
import { squash } from '../dce/text';
import type { PriceFileRead, PriceIssue, PriceLine, PriceLineField, PriceSheet, PriceTotal } from './types';

const CENT = 0.01;
const cents = (value: number) => Math.round(value * 100) / 100;
const differs = (a: number, b: number) => Math.abs(a - b) > CENT + 1e-9;

/**
 * What a line adds to its total: its total cell when the file holds one, else quantity × unit
 * price, else (a lump sum with no quantity) its price; nothing on a BPU, whose lines are rates.
 */
function amountOf(line: PriceLine, kind: PriceFileRead['kind']): number | null {
  if (line.total !== null) return line.total;
  if (line.unitPrice === null) return null;
  if (line.quantity !== null) return line.unitPrice * line.quantity;
  return kind === 'BPU' ? null : line.unitPrice;
}

const VAT_IN_LABEL = /(\d{1,2}(?:[.,]\d{1,2})?)\s*%/;
const VAT_IN_FORMULA = /\*\s*(0[.,]\d+|\d{1,2}(?:[.,]\d+)?\s*%)|(0[.,]\d+|\d{1,2}(?:[.,]\d+)?\s*%)\s*\*/;

/** The VAT rate the file states on its VAT row, as a fraction ("TVA 20 %", "=E30*0,2"), or null. */
function vatRate(file: PriceFileRead): number | null {
  for (const total of file.sheets.flatMap((s) => s.totals)) {
    if (total.kind !== 'vat') continue;
    const inLabel = VAT_IN_LABEL.exec(total.label);
    if (inLabel) return Number(inLabel[1]!.replace(',', '.')) / 100;
    const inFormula = total.formula ? VAT_IN_FORMULA.exec(total.formula) : null;
    const written = inFormula?.[1] ?? inFormula?.[2];
    if (written) return written.includes('%') ? Number(written.replace('%', '').replace(',', '.').trim()) / 100 : Number(written.replace(',', '.'));
  }
  return null;
}

/**
 * The offer's totals from our lines: excl. VAT the sum of the base offer's line amounts (options
 * and PSE apart), incl. VAT only when the file states its VAT rate. A BPU, made of rates, has none.
 */
export function priceTotals(file: PriceFileRead): { totalExclVat: number | null; totalInclVat: number | null } {
  const lines = file.sheets.flatMap((s) => s.lines).filter((l) => !l.optional);
  // Quantity × unit price first: a total cell's cached value may predate the prices.
  const amounts = lines
    .map((l) => (l.quantity !== null && l.unitPrice !== null ? l.quantity * l.unitPrice : amountOf(l, file.kind)))
    .filter((a): a is number => a !== null);
  if (!amounts.length) return { totalExclVat: null, totalInclVat: null };
  const totalExclVat = cents(amounts.reduce((sum, a) => sum + a, 0));
  const rate = vatRate(file);
  return { totalExclVat, totalInclVat: rate === null ? null : cents(totalExclVat * (1 + rate)) };
}

const issue = (sheet: PriceSheet, line: PriceLine | null, row: number, kind: PriceIssue['kind'], cell: string | null, key: string, vars: PriceIssue['vars']): PriceIssue => ({
  sheet: sheet.name,
  row,
  lineId: line?.id ?? null,
  kind,
  cell,
  field: fieldOf(line, cell),
  key,
  vars: { row, ...vars },
});

/** Which of the line's cells an address is (the grid marks that cell, not the whole line). */
export const fieldOf = (line: PriceLine | null, cell: string | null): PriceLineField | null =>
  line && cell ? ((Object.keys(line.cells) as PriceLineField[]).find((field) => line.cells[field] === cell) ?? null) : null;

// Amounts as numbers to the cent: the caller writes them in the reader's language.
const money = (value: number) => cents(value);

function blankAndArithmetic(file: PriceFileRead): PriceIssue[] {
  const issues: PriceIssue[] = [];
  for (const sheet of file.sheets) {
    for (const line of sheet.lines) {
      // An option or PSE may stay blank: the candidate is free not to offer it.
      if (line.unitPrice === null) {
        if (!line.optional) issues.push(issue(sheet, line, line.row, 'blank', line.cells.unitPrice, 'prices-issue_blank', { label: line.label }));
      } else if (line.quantity !== null && line.total !== null && differs(line.quantity * line.unitPrice, line.total))
        issues.push(
          issue(sheet, line, line.row, 'arithmetic', line.cells.total ?? line.cells.unitPrice, 'prices-issue_arithmetic', {
            quantity: line.quantity,
            unitPrice: money(line.unitPrice),
            expected: money(line.quantity * line.unitPrice),
            total: money(line.total),
          }),
        );
    }
    issues.push(...sumsThatDoNotAddUp(sheet, file.kind));
  }
  return issues;
}

/**
 * A sub-total sums the lines since the previous total; a total excl. VAT the base offer's lines
 * since the previous total excl. VAT (a sub-total of options sums options); incl. VAT is excl. VAT plus VAT.
 */
function sumsThatDoNotAddUp(sheet: PriceSheet, kind: PriceFileRead['kind']): PriceIssue[] {
  const issues: PriceIssue[] = [];
  const totals = [...sheet.totals].sort((a, b) => a.row - b.row);
  let since = 0;
  let sinceExcl = 0;
  let excl: PriceTotal | null = null;
  let vat: PriceTotal | null = null;
  for (const total of totals) {
    const from = total.kind === 'excl_vat' ? sinceExcl : since;
    if (total.kind === 'subtotal' || total.kind === 'excl_vat') {
      const scope = sheet.lines.filter((l) => l.row > from && l.row < total.row);
      const base = scope.filter((l) => !l.optional);
      const counted = total.kind === 'excl_vat' || base.length ? base : scope;
      const amounts = counted.map((l) => amountOf(l, kind));
      if (total.value !== null && counted.length && amounts.some((a) => a !== null)) {
        const sum = amounts.reduce<number>((s, a) => s + (a ?? 0), 0);
        if (differs(sum, total.value))
          issues.push(issue(sheet, null, total.row, 'arithmetic', total.cell, 'prices-issue_arithmetic_total', { label: total.label, expected: money(sum), total: money(total.value) }));
      }
      since = total.row;
      if (total.kind === 'excl_vat') {
        sinceExcl = total.row;
        excl = total;
      }
    } else if (total.kind === 'vat') vat = total;
    else if (total.kind === 'incl_vat' && excl?.value != null && vat?.value != null && total.value !== null && differs(excl.value + vat.value, total.value))
      issues.push(issue(sheet, null, total.row, 'arithmetic', total.cell, 'prices-issue_arithmetic_total', { label: total.label, expected: money(excl.value + vat.value), total: money(total.value) }));
  }
  return issues;
}

const lineKey = (line: PriceLine) => `${squash(line.ref)}|${squash(line.label)}`;

/** The original's lines paired with the current ones in order; a line only on one side is added or removed. */
function pairLines(original: PriceLine[], current: PriceLine[]): { before: PriceLine | null; after: PriceLine | null }[] {
  const pairs: { before: PriceLine | null; after: PriceLine | null }[] = [];
  let i = 0;
  let j = 0;
  const LOOK = 20;
  while (i < original.length || j < current.length) {
    const before = original[i];
    const after = current[j];
    if (!before) pairs.push({ before: null, after: current[j++]! });
    else if (!after) pairs.push({ before: original[i++]!, after: null });
    else if (lineKey(before) === lineKey(after)) pairs.push({ before: original[i++]!, after: current[j++]! });
    else {
      const ahead = current.slice(j + 1, j + LOOK).findIndex((l) => lineKey(l) === lineKey(before));
      const behind = original.slice(i + 1, i + LOOK).findIndex((l) => lineKey(l) === lineKey(after));
      if (ahead !== -1 && (behind === -1 || ahead <= behind)) for (let k = 0; k <= ahead; k++) pairs.push({ before: null, after: current[j++]! });
      else if (behind !== -1) for (let k = 0; k <= behind; k++) pairs.push({ before: original[i++]!, after: null });
      else pairs.push({ before: original[i++]!, after: current[j++]! });
    }
  }
  return pairs;
}

function changes(current: PriceFileRead, original: PriceFileRead): PriceIssue[] {
  const issues: PriceIssue[] = [];
  for (const sheet of original.sheets) {
    const now = current.sheets.find((s) => s.name === sheet.name);
    if (!now) {
      for (const line of sheet.lines) issues.push(issue(sheet, line, line.row, 'changed', line.cells.label, 'prices-issue_changed_removed', { label: line.label }));
      continue;
    }
    for (const { before, after } of pairLines(sheet.lines, now.lines)) {
      if (!after) {
        issues.push(issue(now, before, before!.row, 'changed', before!.cells.label, 'prices-issue_changed_removed', { label: before!.label }));
        continue;
      }
      if (!before) {
        issues.push(issue(now, after, after.row, 'changed', after.cells.label, 'prices-issue_changed_added', { label: after.label }));
        continue;
      }
      if (squash(before.label) !== squash(after.label))
        issues.push(issue(now, after, after.row, 'changed', after.cells.label, 'prices-issue_changed_label', { before: before.label, after: after.label }));
      if (squash(before.unit) !== squash(after.unit))
        issues.push(issue(now, after, after.row, 'changed', after.cells.unit ?? after.cells.label, 'prices-issue_changed_unit', { before: before.unit, after: after.unit }));
      const quantityChanged = (before.quantity === null) !== (after.quantity === null) || (before.quantity !== null && after.quantity !== null && Math.abs(before.quantity - after.quantity) > 1e-9);
      if (quantityChanged)
        issues.push(
          issue(now, after, after.row, 'changed', after.cells.quantity ?? after.cells.label, 'prices-issue_changed_quantity', { before: before.quantity ?? '—', after: after.quantity ?? '—' }),
        );
      if (before.totalFormula && !after.totalFormula && after.cells.total)
        issues.push(issue(now, after, after.row, 'changed', after.cells.total, 'prices-issue_changed_formula', { formula: before.totalFormula }));
    }
    // A total's formula replaced by a figure.
    for (const total of sheet.totals) {
      const same = now.totals.find((t) => t.cell === total.cell);
      if (total.formula && same && !same.formula)
        issues.push(issue(now, null, same.row, 'changed', same.cell, 'prices-issue_changed_formula', { formula: total.formula }));
    }
  }
  for (const sheet of current.sheets)
    if (!original.sheets.some((s) => s.name === sheet.name))
      for (const line of sheet.lines) issues.push(issue(sheet, line, line.row, 'changed', line.cells.label, 'prices-issue_changed_added', { label: line.label }));
  return issues;
}

const isRates = (kind: PriceFileRead['kind']) => kind === 'BPU';
const isQuantified = (kind: PriceFileRead['kind']) => kind === 'DQE' || kind === 'DPGF';
const sheetKind = (name: string, fileKind: PriceFileRead['kind']): PriceFileRead['kind'] => {
  const n = squash(name);
  return /\bbpu\b|bordereau/.test(n) ? 'BPU' : /\bdqe\b|quantitatif/.test(n) ? 'DQE' : /\bdpgf\b|forfaitaire/.test(n) ? 'DPGF' : fileKind;
};

/** The same designation (and unit) priced differently in the BPU and in a DQE or DPGF: the buyer reads one against the other. */
function inconsistencies(current: PriceFileRead, others: PriceFileRead[]): PriceIssue[] {
  const issues: PriceIssue[] = [];
  const elsewhere = [
    ...others.flatMap((file) => file.sheets.map((sheet) => ({ sheet, kind: sheetKind(sheet.name, file.kind) }))),
    ...current.sheets.map((sheet) => ({ sheet, kind: sheetKind(sheet.name, current.kind) })),
  ];
  for (const sheet of current.sheets) {
    const kind = sheetKind(sheet.name, current.kind);
    const counterparts = elsewhere.filter((e) => e.sheet !== sheet && ((isRates(kind) && isQuantified(e.kind)) || (isQuantified(kind) && isRates(e.kind))));
    if (!counterparts.length) continue;
    for (const line of sheet.lines) {
      if (line.unitPrice === null || !squash(line.label)) continue;
      for (const { sheet: other } of counterparts) {
        const twin = other.lines.find(
          (l) => l.unitPrice !== null && squash(l.label) === squash(line.label) && (!l.unit || !line.unit || squash(l.unit) === squash(line.unit)) && differs(l.unitPrice, line.unitPrice!),
        );
        if (twin) {
          issues.push(
            issue(sheet, line, line.row, 'inconsistent', line.cells.unitPrice, 'prices-issue_inconsistent', {
              label: line.label,
              price: money(line.unitPrice),
              otherPrice: money(twin.unitPrice!),
              otherSheet: other.name,
            }),
          );
          break;
        }
      }
    }
  }
  return issues;
}

/**
 * Every issue of `current` (the file as priced) against `original` (the buyer's file as read),
 * the tender's other price files and the amount written on the AE when one is given.
 */
export function checkPrices(current: PriceFileRead, original: PriceFileRead, others: PriceFileRead[] = [], aeTotal: number | null = null): PriceIssue[] {
  const issues = [...blankAndArithmetic(current), ...changes(current, original), ...inconsistencies(current, others)];
  if (aeTotal !== null && aeTotal !== undefined) {
    const { totalExclVat } = priceTotals(current);
    if (totalExclVat !== null && differs(totalExclVat, aeTotal)) {
      const sheet = current.sheets.find((s) => s.totals.some((t) => t.kind === 'excl_vat')) ?? current.sheets[0];
      const total = sheet?.totals.find((t) => t.kind === 'excl_vat');
      if (sheet) issues.push(issue(sheet, null, total?.row ?? 0, 'ae_mismatch', total?.cell ?? null, 'prices-issue_ae_mismatch', { total: money(totalExclVat), ae: money(aeTotal) }));
    }
  }
  return issues;
}
