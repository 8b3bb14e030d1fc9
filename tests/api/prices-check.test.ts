// checkPrices and priceTotals (server/analysis/prices): a DQE as a buyer sends it and as a
// candidate returns it (built with SheetJS, read back by readPriceFile), and the real fixtures.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import * as XLSX from '@e965/xlsx';
import { describe, expect, it } from 'vitest';
import { checkPrices, priceTotals } from '../../server/analysis/prices/check-prices';
import { readPriceFile } from '../../server/analysis/prices/read-prices';
import type { PriceFileRead } from '../../server/analysis/prices/types';

type Cell = string | number | null | { f: string; v?: number };

async function workbook(rows: Cell[][], name = 'DQE.xlsx', sheetName = 'DQE'): Promise<PriceFileRead> {
  const sheet = XLSX.utils.aoa_to_sheet(rows.map((r) => r.map((v) => (v && typeof v === 'object' ? null : v))));
  rows.forEach((r, i) => r.forEach((v, c) => v && typeof v === 'object' && (sheet[XLSX.utils.encode_cell({ r: i, c })] = { t: 'n', v: v.v ?? 0, f: v.f })));
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, sheet, sheetName);
  return (await readPriceFile(XLSX.write(book, { type: 'buffer', bookType: 'xlsx' }) as Buffer, name))!;
}

const HEADER: Cell[] = ['N°', 'Désignation', 'U', 'Qté', 'PU HT', 'Montant HT'];
// The buyer's DQE: quantities given, prices and amounts for the candidate to write.
const buyerRows: Cell[][] = [
  ['DÉTAIL QUANTITATIF ESTIMATIF'],
  HEADER,
  ['1', 'TERRASSEMENTS'],
  ['1.1', 'Décapage de terre végétale', 'm²', 120, null, null],
  ['1.2', 'Fouilles en rigole', 'm³', 14.5, null, null],
  ['2', 'MAÇONNERIE'],
  ['2.1', 'Béton de propreté', 'm³', 3, null, null],
  ['2.2', 'Mur en agglomérés de 20', 'm²', 48, null, null],
  [null, 'Total HT', null, null, null, null],
  [null, 'TVA 20 %', null, null, null, null],
  [null, 'Total TTC', null, null, null, null],
];

describe('checkPrices on a DQE returned by a candidate', async () => {
  const original = await workbook(buyerRows);

  it('reads the buyer\'s DQE: four lines, the chapters apart, three totals', () => {
    expect(original.kind).toBe('DQE');
    expect(original.sheets[0]!.lines.map((l) => [l.ref, l.unit, l.quantity])).toEqual([['1.1', 'm²', 120], ['1.2', 'm³', 14.5], ['2.1', 'm³', 3], ['2.2', 'm²', 48]]);
    expect(original.sheets[0]!.totals.map((t) => t.kind)).toEqual(['excl_vat', 'vat', 'incl_vat']);
  });

  it('finds exactly a blank line, a wrong amount and a changed quantity', async () => {
    const returned = await workbook([
      ['DÉTAIL QUANTITATIF ESTIMATIF'],
      HEADER,
      ['1', 'TERRASSEMENTS'],
      ['1.1', 'Décapage de terre végétale', 'm²', 120, 2.5, 300],
      // Left blank.
      ['1.2', 'Fouilles en rigole', 'm³', 14.5, null, null],
      ['2', 'MAÇONNERIE'],
      // 3 × 95 = 285, not 295.
      ['2.1', 'Béton de propreté', 'm³', 3, 95, 295],
      // The buyer's 48 m² made 40.
      ['2.2', 'Mur en agglomérés de 20', 'm²', 40, 52, 2080],
      [null, 'Total HT', null, null, null, 2675],
      [null, 'TVA 20 %', null, null, null, 535],
      [null, 'Total TTC', null, null, null, 3210],
    ]);
    const issues = checkPrices(returned, original);
    expect(issues.map((i) => [i.kind, i.row, i.cell, i.key])).toEqual([
      ['blank', 5, 'E5', 'prices-issue_blank'],
      ['arithmetic', 7, 'F7', 'prices-issue_arithmetic'],
      ['changed', 8, 'D8', 'prices-issue_changed_quantity'],
    ]);
    expect(issues[1]!.vars).toEqual({ row: 7, quantity: 3, unitPrice: 95, expected: 285, total: 295 });
    expect(issues[2]!.vars).toEqual({ row: 8, before: 48, after: 40 });
    expect(issues[0]).toMatchObject({ sheet: 'DQE', lineId: '0:5', vars: { row: 5, label: 'Fouilles en rigole' } });
  });

  it('finds a total that is not the sum of its lines, and TTC that is not HT plus VAT', async () => {
    const returned = await workbook([
      HEADER,
      ['1.1', 'Décapage de terre végétale', 'm²', 120, 2.5, 300],
      ['1.2', 'Fouilles en rigole', 'm³', 14.5, 40, 580],
      [null, 'Total HT', null, null, null, 890],
      [null, 'TVA 20 %', null, null, null, 178],
      [null, 'Total TTC', null, null, null, 1000],
    ]);
    const issues = checkPrices(returned, returned);
    expect(issues.map((i) => [i.kind, i.cell, i.key, i.vars.expected])).toEqual([
      ['arithmetic', 'F4', 'prices-issue_arithmetic_total', 880],
      ['arithmetic', 'F6', 'prices-issue_arithmetic_total', 1068],
    ]);
  });

  it('reports a line added or removed, a designation or unit changed, a formula replaced by a value', async () => {
    const withFormulas = await workbook([
      HEADER,
      ['1.1', 'Décapage de terre végétale', 'm²', 120, null, { f: 'D2*E2' }],
      ['1.2', 'Fouilles en rigole', 'm³', 14.5, null, { f: 'D3*E3' }],
      ['1.3', 'Remblais', 'm³', 6, null, { f: 'D4*E4' }],
      [null, 'Total HT', null, null, null, { f: 'SUM(F2:F4)' }],
    ]);
    const edited = await workbook([
      HEADER,
      ['1.1', 'Décapage de terre végétale', 'm²', 120, 2.5, { f: 'D2*E2', v: 300 }],
      ['1.1 bis', 'Évacuation des déblais', 'm³', 10, 20, 200],
      ['1.2', 'Fouilles en rigole', 'ml', 14.5, 40, 580],
      [null, 'Total HT', null, null, null, 1080],
    ]);
    const changed = checkPrices(edited, withFormulas).filter((i) => i.kind === 'changed');
    expect(changed.map((i) => [i.key, i.row])).toEqual([
      ['prices-issue_changed_added', 3],
      ['prices-issue_changed_unit', 4],
      ['prices-issue_changed_formula', 4],
      ['prices-issue_changed_removed', 4],
      ['prices-issue_changed_formula', 5],
    ]);
    expect(changed[3]!.vars).toEqual({ row: 4, label: 'Remblais' });
  });

  it('finds the same designation priced differently in the BPU and the DQE, and a total that differs from the AE', async () => {
    const dqe = await workbook([
      HEADER,
      ['1.1', 'Décapage de terre végétale', 'm²', 120, 2.5, 300],
      ['1.2', 'Fouilles en rigole', 'm³', 14.5, 40, 580],
    ]);
    const bpu = await workbook(
      [
        ['N°', 'Désignation', 'Unité', 'Prix unitaire HT'],
        ['1.1', 'Décapage de terre végétale', 'm²', 2.5],
        ['1.2', 'Fouilles en rigole', 'm³', 42],
      ],
      'BPU lot 1.xlsx',
      'BPU',
    );
    expect(bpu.kind).toBe('BPU');
    const issues = checkPrices(dqe, dqe, [bpu], 900);
    expect(issues.map((i) => [i.kind, i.row, i.key])).toEqual([
      ['inconsistent', 3, 'prices-issue_inconsistent'],
      ['ae_mismatch', 0, 'prices-issue_ae_mismatch'],
    ]);
    expect(issues[0]!.vars).toEqual({ row: 3, label: 'Fouilles en rigole', price: 40, otherPrice: 42, otherSheet: 'BPU' });
    expect(issues[1]!.vars).toMatchObject({ total: 880, ae: 900 });
    expect(checkPrices(dqe, dqe, [bpu], 880).map((i) => i.kind)).toEqual(['inconsistent']);
  });

  it('times a check of 2,000 lines', async () => {
    const rows: Cell[][] = [HEADER];
    for (let k = 1; k <= 2000; k++) rows.push([`${k}`, `Ouvrage ${k}`, 'u', k, 10, 10 * k]);
    const file = await workbook(rows);
    const started = performance.now();
    const issues = checkPrices(file, file, [], null);
    const elapsed = performance.now() - started;
    console.info(`checked 2,000 lines in ${elapsed.toFixed(1)} ms`);
    expect(issues).toEqual([]);
    expect(elapsed).toBeLessThan(200);
  });
});

describe('priceTotals', () => {
  it('sums quantity × unit price, with VAT at the rate the VAT row states', async () => {
    const file = await workbook([...buyerRows.slice(0, 3), ['1.1', 'Décapage de terre végétale', 'm²', 120, 2.5, null], ['1.2', 'Fouilles en rigole', 'm³', 14.5, 40.1, null], ...buyerRows.slice(5)]);
    expect(priceTotals(file)).toEqual({ totalExclVat: 881.45, totalInclVat: 1057.74 });
  });

  it('gives no incl. VAT total when the file states no rate, none at all on a BPU', async () => {
    const noVat = await workbook([HEADER, ['1', 'Pose', 'u', 2, 10, null]]);
    expect(priceTotals(noVat)).toEqual({ totalExclVat: 20, totalInclVat: null });
    const bourget = (await readPriceFile(await readFile(join(__dirname, '../fixtures/dce/bourget-infogerance-2025/1b_BPU_DQE.xlsx')), '1b_BPU_DQE.xlsx'))!;
    const priced = { ...bourget, sheets: bourget.sheets.map((s) => ({ ...s, lines: s.lines.map((l) => ({ ...l, unitPrice: 100 })) })) };
    expect(priceTotals(priced)).toEqual({ totalExclVat: null, totalInclVat: null });
  });

  it('on the Grenoble cadre financier, counts the base offer only: the PSE are apart, as in its "TOTAL OFFRE DE BASE"', async () => {
    const crf = (await readPriceFile(await readFile(join(__dirname, '../fixtures/dce/grenoble-inp_2026FCSSA0025/CRF_2026FCSSA0025.xlsx')), 'CRF_2026FCSSA0025.xlsx'))!;
    const priced = { ...crf, sheets: crf.sheets.map((s) => ({ ...s, lines: s.lines.map((l, i) => ({ ...l, unitPrice: 1000 + i })) })) };
    expect(priceTotals(priced)).toEqual({ totalExclVat: 1000, totalInclVat: null });
    expect(checkPrices(priced, crf).filter((i) => i.kind !== 'blank')).toEqual([]);
  });

  it('leaves the PSE free: only the base offer left blank is an issue', async () => {
    const crf = (await readPriceFile(await readFile(join(__dirname, '../fixtures/dce/grenoble-inp_2026FCSSA0025/CRF_2026FCSSA0025.xlsx')), 'CRF_2026FCSSA0025.xlsx'))!;
    const blank = checkPrices(crf, crf).filter((i) => i.kind === 'blank');
    expect(blank.map((i) => i.lineId)).toEqual(['0:19']);
  });
});
