// The company's prices laid over the buyer's price file, the totals they make, and the prices far
// from the company's own past ones (issue 25).
import { and, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { companyUnitPrices } from '../../db/schema';
import { fold } from '../../analysis/dce/text';
import type { PriceFileRead, PriceIssue, PriceSheet } from '../../analysis/prices/types';
import { baseTotal, lineAmount } from '../../../rules/price-lines';

const cents = (value: number) => Math.round(value * 100) / 100;

/** A designation as remembered: folded, punctuation and repeated spaces out, so "Forfait — mise en service" finds "forfait mise en service". */
export const designationKey = (label: string) =>
  fold(label)
    .replace(/[^a-z0-9]+/g, ' ')
    .trim()
    .slice(0, 200);

/**
 * The buyer's file with the company's unit prices (`prices`, by line id, over what the buyer's file
 * held), each line's total to the cent: quantity × unit price, or the price itself for a lump sum
 * without a quantity; none on a BPU's rates, none without a price.
 */
export function pricedRead(read: PriceFileRead, prices: Record<string, number | null>): PriceFileRead {
  return {
    ...read,
    sheets: read.sheets.map((sheet) => ({
      ...sheet,
      lines: sheet.lines.map((line) => {
        const unitPrice = line.id in prices ? prices[line.id]! : line.unitPrice;
        return { ...line, unitPrice, total: lineAmount(read.kind, { quantity: line.quantity, unitPrice }) };
      }),
    })),
  };
}

const VAT_RATE = /(\d{1,2}(?:[.,]\d{1,2})?)\s*%/;

/**
 * A sheet's totals, as the buyer labels them, from its lines: excl. VAT the sum of the base
 * offer's line totals, VAT at the rate its label states, incl. VAT their sum; a sub-total's lines are not known,
 * and a VAT row without a rate has no value (never guessed).
 */
export function sheetTotals(kind: PriceFileRead['kind'], sheet: PriceSheet): { label: string; value: number | null }[] {
  const exclVat = baseTotal(kind, sheet.lines);
  const rate = sheet.totals.map((t) => (t.kind === 'vat' ? VAT_RATE.exec(t.label) : null)).find(Boolean);
  const vat = exclVat !== null && rate ? cents((exclVat * Number(rate[1]!.replace(',', '.'))) / 100) : null;
  return sheet.totals.map((total) => ({
    label: total.label,
    value: total.kind === 'excl_vat' ? exclVat : total.kind === 'vat' ? vat : total.kind === 'incl_vat' && exclVat !== null && vat !== null ? cents(exclVat + vat) : null,
  }));
}

/** How far a price may be from the company's past one before it is worth a look. */
export const OUTLIER_FACTOR = 2;

/** The priced lines at more than twice, or less than half, the company's last exported price for the same designation and unit: a warning each. */
export async function outliers(db: Database, companyId: string, read: PriceFileRead): Promise<PriceIssue[]> {
  const lines = read.sheets.flatMap((sheet) => sheet.lines.filter((l) => l.unitPrice !== null && l.unitPrice > 0).map((line) => ({ sheet, line })));
  const keys = [...new Set(lines.map(({ line }) => designationKey(line.label)))].filter(Boolean);
  if (!keys.length) return [];
  const past = await db.select().from(companyUnitPrices).where(and(eq(companyUnitPrices.companyId, companyId), inArray(companyUnitPrices.designation, keys)));
  const issues: PriceIssue[] = [];
  for (const { sheet, line } of lines) {
    const before = past.find((p) => p.designation === designationKey(line.label) && p.unit === line.unit.trim().toLowerCase());
    if (!before || before.unitPrice <= 0) continue;
    const ratio = line.unitPrice! / before.unitPrice;
    if (ratio > OUTLIER_FACTOR || ratio < 1 / OUTLIER_FACTOR) {
      issues.push({
        sheet: sheet.name,
        row: line.row,
        lineId: line.id,
        kind: 'outlier',
        cell: line.cells.unitPrice,
        field: 'unitPrice',
        key: 'prices-issue_outlier',
        vars: { row: line.row, price: line.unitPrice!, past: before.unitPrice, fileName: before.fileName },
      });
    }
  }
  return issues;
}
