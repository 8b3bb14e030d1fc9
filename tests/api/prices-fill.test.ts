// fillPriceWorkbook (server/analysis/prices): the buyer's own workbook with the prices written in
// their cells only. Byte comparison of every other part, and the totals LibreOffice recalculates
// from the filled file against priceTotals (skipped with a message where LibreOffice Calc is absent).
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as XLSX from '@e965/xlsx';
import { unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { priceTotals } from '../../server/analysis/prices/check-prices';
import { editSheetXml, fillPriceWorkbook } from '../../server/analysis/prices/fill-prices';
import { readPriceFile } from '../../server/analysis/prices/read-prices';
import type { PriceFileRead } from '../../server/analysis/prices/types';

const SOFFICE = process.env.SOFFICE_PATH ?? '/usr/bin/soffice';
// Calc is a package of its own (libreoffice-calc-nogui): Writer alone cannot open a workbook.
const CALC = existsSync(SOFFICE) && ['/usr/lib/libreoffice/program/libsclo.so', '/usr/lib64/libreoffice/program/libsclo.so'].some(existsSync);
if (!CALC) console.info('LibreOffice Calc is not installed: the recalculation tests are skipped');

const fixture = (set: string, file: string) => readFile(join(__dirname, '../fixtures/dce', set, file));
const text = (bytes: Uint8Array | undefined) => new TextDecoder().decode(bytes);
const withPrices = (read: PriceFileRead, prices: Map<string, number | null>): PriceFileRead => ({
  ...read,
  sheets: read.sheets.map((s) => ({ ...s, lines: s.lines.map((l) => ({ ...l, unitPrice: prices.has(l.id) ? prices.get(l.id)! : l.unitPrice })) })),
});
const everyLine = (read: PriceFileRead, price: (index: number) => number) => new Map(read.sheets.flatMap((s) => s.lines).map((l, i) => [l.id, price(i)] as [string, number | null]));

/** The sheets as LibreOffice computes them on opening: one CSV per file, cells as displayed. */
async function recalculated(files: Record<string, Buffer>): Promise<Record<string, string[][]>> {
  const dir = await mkdtemp(join(tmpdir(), 'prices-fill-'));
  try {
    const names = Object.keys(files);
    for (const name of names) await writeFile(join(dir, name), files[name]!);
    await new Promise<void>((resolve, reject) =>
      execFile(
        SOFFICE,
        [`-env:UserInstallation=file://${join(dir, 'profile')}`, '--headless', '--norestore', '--convert-to', 'csv:Text - txt - csv (StarCalc):44,34,76', '--outdir', dir, ...names.map((n) => join(dir, n))],
        { timeout: 180_000 },
        (error) => (error ? reject(error) : resolve()),
      ),
    );
    const out: Record<string, string[][]> = {};
    for (const name of names) out[name] = parseCsv(await readFile(join(dir, name.replace(/\.\w+$/, '.csv')), 'utf8'));
    return out;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

function parseCsv(csv: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < csv.length; i++) {
    const c = csv[i]!;
    if (quoted) {
      if (c === '"' && csv[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(cell);
      cell = '';
    } else if (c === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
    } else if (c !== '\r') cell += c;
  }
  if (cell || row.length) rows.push([...row, cell]);
  return rows;
}

/** A displayed amount ("1,057.74 €", "1 057,74") as a number. */
const amount = (shown: string | undefined) => {
  const digits = (shown ?? '').replace(/[^\d,.-]/g, '');
  return Number(digits.includes('.') ? digits.replace(/,/g, '') : digits.replace(',', '.'));
};
const at = (sheet: string[][], ref: string) => {
  const { r, c } = XLSX.utils.decode_cell(ref);
  return sheet[r]?.[c];
};

describe('fillPriceWorkbook on the Bourget BPU', async () => {
  const original = await fixture('bourget-infogerance-2025', '1b_BPU_DQE.xlsx');
  const read = (await readPriceFile(original, '1b_BPU_DQE.xlsx'))!;
  const prices = everyLine(read, (i) => 100 + i * 12.5);
  const started = performance.now();
  const filled = await fillPriceWorkbook(original, read, prices);
  const elapsed = performance.now() - started;
  const before = unzipSync(original);
  const after = unzipSync(filled);

  it('fills every line in well under a second', () => {
    console.info(`filled the Bourget BPU (38 lines) in ${elapsed.toFixed(0)} ms`);
    expect(elapsed).toBeLessThan(1000);
  });

  it('leaves every other part of the workbook byte-identical', () => {
    expect(Object.keys(after)).toEqual(Object.keys(before));
    for (const name of Object.keys(before)) {
      if (name === 'xl/worksheets/sheet1.xml' || name === 'xl/workbook.xml') continue;
      expect(Buffer.compare(Buffer.from(after[name]!), Buffer.from(before[name]!)), name).toBe(0);
    }
  });

  it('changes the sheet only in the price cells, created in their row in column order with the column\'s style', () => {
    const priceCells = /<c r="P(?:[2-9]|[12]\d|3\d)"[^>]*?(?:\/>|>.*?<\/c>)/g;
    const sheetBefore = text(before['xl/worksheets/sheet1.xml']);
    const sheetAfter = text(after['xl/worksheets/sheet1.xml']);
    expect(sheetAfter.replace(priceCells, '')).toBe(sheetBefore.replace(priceCells, ''));
    expect(sheetAfter.match(priceCells)).toHaveLength(38);
    // P2 comes after O2 (or the last cell before it) and before Q2, if any.
    const row2 = /<row r="2"[^>]*>(.*?)<\/row>/.exec(sheetAfter)![1]!;
    const refs = [...row2.matchAll(/<c r="([A-Z]+)2"/g)].map((m) => XLSX.utils.decode_col(m[1]!));
    expect(refs).toEqual([...refs].sort((a, b) => a - b));
    expect(row2).toMatch(/<c r="P2"( s="\d+")?><v>100<\/v><\/c>/);
    expect(text(after['xl/workbook.xml'])).toBe(text(before['xl/workbook.xml']).replace('<calcPr calcId="191029"/>', '<calcPr fullCalcOnLoad="1" calcId="191029"/>'));
  });

  it('reads back with the prices in their lines and nothing else changed', async () => {
    const again = (await readPriceFile(filled, '1b_BPU_DQE.xlsx'))!;
    expect(again.sheets[0]!.lines.map((l) => l.unitPrice)).toEqual(read.sheets[0]!.lines.map((_, i) => 100 + i * 12.5));
    expect(again.sheets[0]!.lines.map(({ unitPrice: _, ...l }) => l)).toEqual(read.sheets[0]!.lines.map(({ unitPrice: _, ...l }) => l));
  });

  it('empties a price set back to null', async () => {
    const once = await fillPriceWorkbook(original, read, prices);
    const twice = await fillPriceWorkbook(once, read, new Map([['0:2', null]]));
    const again = (await readPriceFile(twice, '1b_BPU_DQE.xlsx'))!;
    expect(again.sheets[0]!.lines[0]!.unitPrice).toBeNull();
    expect(again.sheets[0]!.lines[1]!.unitPrice).toBe(112.5);
  });

  it.skipIf(!CALC)('opens in LibreOffice with each price in its cell', async () => {
    const { 'bourget.xlsx': sheet } = await recalculated({ 'bourget.xlsx': filled });
    expect(read.sheets[0]!.lines.map((l) => amount(at(sheet!, l.cells.unitPrice)))).toEqual(read.sheets[0]!.lines.map((_, i) => 100 + i * 12.5));
  });
});

describe('editSheetXml', () => {
  const sheet = (rows: string) => `<worksheet><cols><col min="5" max="5" style="7"/></cols><sheetData>${rows}</sheetData><pageMargins/></worksheet>`;

  it('writes into an existing cell keeping its style, never over a formula, and creates missing cells and rows in order', () => {
    const xml = sheet('<row r="2"><c r="A2" t="s"><v>0</v></c><c r="E2" s="3" t="s"><v>1</v></c><c r="F2"><f>D2*E2</f><v>0</v></c></row><row r="5"><c r="A5"/></row>');
    const out = editSheetXml(xml, [
      { ref: 'E2', value: 12.5 },
      { ref: 'F2', value: 99 },
      { ref: 'E3', value: 0.1 + 0.2 },
      { ref: 'E5', value: 4 },
    ]);
    expect(out).toBe(
      sheet('<row r="2"><c r="A2" t="s"><v>0</v></c><c r="E2" s="3"><v>12.5</v></c><c r="F2"><f>D2*E2</f><v>0</v></c></row><row r="3"><c r="E3" s="7"><v>0.3</v></c></row><row r="5"><c r="A5"/><c r="E5" s="7"><v>4</v></c></row>'),
    );
  });

  it('counts rows and cells that carry no r attribute from the ones before them', () => {
    const out = editSheetXml(sheet('<row><c><v>1</v></c></row><row><c><v>2</v></c><c s="2"/><c><v>3</v></c></row>'), [{ ref: 'B2', value: 8 }]);
    expect(out).toBe(sheet('<row><c><v>1</v></c></row><row><c><v>2</v></c><c r="B2" s="2"><v>8</v></c><c><v>3</v></c></row>'));
  });
});

describe('fillPriceWorkbook: the totals LibreOffice recalculates are ours', async () => {
  const crfBytes = await fixture('grenoble-inp_2026FCSSA0025', 'CRF_2026FCSSA0025.xlsx');
  const crf = (await readPriceFile(crfBytes, 'CRF_2026FCSSA0025.xlsx'))!;
  const crfPrices = everyLine(crf, (i) => 1000 + i * 10.25);
  const crfFilled = await fillPriceWorkbook(crfBytes, crf, crfPrices);

  // A DQE as buyers build them: amounts, total, VAT and TTC by formula.
  const rows: (string | number | null)[][] = [['N°', 'Désignation', 'U', 'Qté', 'PU HT', 'Montant HT']];
  const lines = [['1.1', 'Décapage', 'm²', 120], ['1.2', 'Fouilles en rigole', 'm³', 14.5], ['1.3', 'Béton de propreté', 'm³', 3.25]] as const;
  for (const l of lines) rows.push([...l, null, null]);
  rows.push([null, 'Total HT'], [null, 'TVA 20 %'], [null, 'Total TTC']);
  const sheet = XLSX.utils.aoa_to_sheet(rows);
  lines.forEach((_, i) => (sheet[`F${i + 2}`] = { t: 'n', v: 0, f: `D${i + 2}*E${i + 2}` }));
  sheet.F5 = { t: 'n', v: 0, f: 'SUM(F2:F4)' };
  sheet.F6 = { t: 'n', v: 0, f: 'F5*0.2' };
  sheet.F7 = { t: 'n', v: 0, f: 'F5+F6' };
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, sheet, 'DQE');
  const dqeBytes = XLSX.write(book, { type: 'buffer', bookType: 'xlsx' }) as Buffer;
  const dqe = (await readPriceFile(dqeBytes, 'DQE.xlsx'))!;
  const dqePrices = new Map<string, number | null>([['0:2', 2.35], ['0:3', 41.8], ['0:4', 96.4]]);
  const dqeFilled = await fillPriceWorkbook(dqeBytes, dqe, dqePrices);
  const odsBytes = XLSX.write(book, { type: 'buffer', bookType: 'ods' }) as Buffer;
  const ods = (await readPriceFile(odsBytes, 'DQE.ods'))!;
  const odsFilled = await fillPriceWorkbook(odsBytes, ods, dqePrices);

  it('keeps every formula of the Grenoble cadre financier', () => {
    const formulas = (bytes: Buffer) => text(unzipSync(bytes)['xl/worksheets/sheet1.xml']).match(/<f\b/g)?.length;
    expect(formulas(crfFilled)).toBe(formulas(crfBytes));
  });

  it('fills an ODS in content.xml only, formulas kept', async () => {
    const before = unzipSync(odsBytes);
    const after = unzipSync(odsFilled);
    expect(Object.keys(after)).toEqual(Object.keys(before));
    for (const name of Object.keys(before)) if (name !== 'content.xml') expect(Buffer.compare(Buffer.from(after[name]!), Buffer.from(before[name]!)), name).toBe(0);
    expect(text(after['content.xml']).match(/table:formula=/g)).toHaveLength(6);
    const again = (await readPriceFile(odsFilled, 'DQE.ods'))!;
    expect(again.format).toBe('ods');
    expect(again.sheets[0]!.lines.map((l) => l.unitPrice)).toEqual([2.35, 41.8, 96.4]);
    expect(again.sheets[0]!.lines.map((l) => l.totalFormula)).toEqual(dqe.sheets[0]!.lines.map((l) => l.totalFormula));
  });

  it.skipIf(!CALC)('LibreOffice recalculates the base offer total of the Grenoble CRF, the PSE sub-totals, and the DQE\'s totals to ours', async () => {
    const csv = await recalculated({ 'crf.xlsx': crfFilled, 'dqe.xlsx': dqeFilled, 'dqe.ods': odsFilled });
    const ours = priceTotals(withPrices(crf, crfPrices));
    expect(ours.totalExclVat).toBe(1000);
    expect(amount(at(csv['crf.xlsx']!, 'D81'))).toBe(ours.totalExclVat);
    // Sous-total PSE 4 = D26 + D27.
    expect(amount(at(csv['crf.xlsx']!, 'D28'))).toBeCloseTo(crfPrices.get('0:26')! + crfPrices.get('0:27')!, 2);
    const dqeTotals = priceTotals(withPrices(dqe, dqePrices));
    // 120 × 2.35 + 14.5 × 41.8 + 3.25 × 96.4 = 282 + 606.1 + 313.3.
    expect(dqeTotals).toEqual({ totalExclVat: 1201.4, totalInclVat: 1441.68 });
    // The ODS is recalculated by LibreOffice when opened in the same way or not at all: both are compared.
    for (const name of ['dqe.xlsx', 'dqe.ods']) {
      expect(amount(at(csv[name]!, 'F5')), name).toBeCloseTo(dqeTotals.totalExclVat!, 2);
      expect(amount(at(csv[name]!, 'F7')), name).toBeCloseTo(dqeTotals.totalInclVat!, 2);
    }
  });
});
