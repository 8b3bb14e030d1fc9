// `npm run bench:prices`: prints figures, never fails on a slow machine (issue 25). A generated
// 2,000-line DPGF (20 chapters of 100 works, quantities, a formula per amount, totals with VAT),
// built with SheetJS in this process:
//  1. reading it into priced lines (target ≤ 2 s), against SheetJS reading the same workbook alone;
//  2. checking it priced against the buyer's (target ≤ 200 ms), against one pass over its lines;
//  3. writing the prices into the buyer's workbook, without LibreOffice (target ≤ 1 s), against
//     unzipping and zipping the same workbook unchanged (fflate);
//  4. the autosave of a price edit through the route on the test database (target p95 ≤ 150 ms).
import { loadavg } from 'node:os';
import * as XLSX from '@e965/xlsx';
import { unzipSync, zipSync } from 'fflate';
import { readPriceFile } from '../server/analysis/prices/read-prices';
import { checkPrices } from '../server/analysis/prices/check-prices';
import { fillPriceWorkbook } from '../server/analysis/prices/fill-prices';
import type { PriceFileRead } from '../server/analysis/prices/types';
import { pricedRead } from '../server/domains/price-files/pricing';
import { priceFiles, tenderCalls, tenders } from '../server/db/schema';
import { createTestApp, createUser } from '../tests/api/context';
import { insertTenderDoc } from '../tests/api/documents-fixtures';

const LINES = Number(process.env.BENCH_PRICES_LINES ?? 2000);
const ROUNDS = Number(process.env.BENCH_PRICES_ROUNDS ?? 5);
const SAVES = Number(process.env.BENCH_PRICES_SAVES ?? 100);
const percentile = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * p))]!;
const ms = (x: number) => `${x.toFixed(1)} ms`;
const verdict = (ok: boolean) => (ok ? 'met' : 'missed');

/** The buyer's DPGF: chapters of works with quantities, amounts as formulas, totals with VAT. */
function dpgf(lines: number): Buffer {
  const rows: (string | number | null)[][] = [['DÉCOMPOSITION DU PRIX GLOBAL ET FORFAITAIRE'], [], ['N°', 'Désignation des ouvrages', 'U', 'Qté', 'PU HT', 'Montant HT']];
  const formulas: [string, string][] = [];
  const perChapter = Math.max(1, Math.ceil(lines / 20));
  for (let n = 0, chapter = 1; n < lines; chapter++) {
    rows.push([`${chapter}`, `CHAPITRE ${chapter}`]);
    for (let k = 1; k <= perChapter && n < lines; k++, n++) {
      const r = rows.length + 1;
      rows.push([`${chapter}.${k}`, `Ouvrage ${chapter}.${k} fourni et posé`, 'm²', k, null, null]);
      formulas.push([`F${r}`, `D${r}*E${r}`]);
    }
  }
  const last = rows.length;
  rows.push([null, 'Total HT', null, null, null, null], [null, 'TVA 20 %', null, null, null, null], [null, 'Total TTC', null, null, null, null]);
  const sheet = XLSX.utils.aoa_to_sheet(rows);
  for (const [cell, f] of formulas) sheet[cell] = { t: 'n', v: 0, f };
  sheet[`F${last + 1}`] = { t: 'n', v: 0, f: `SUM(F4:F${last})` };
  sheet[`F${last + 2}`] = { t: 'n', v: 0, f: `F${last + 1}*0.2` };
  sheet[`F${last + 3}`] = { t: 'n', v: 0, f: `F${last + 1}+F${last + 2}` };
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, sheet, 'DPGF');
  return Buffer.from(XLSX.write(book, { type: 'buffer', bookType: 'xlsx' }) as Uint8Array);
}

async function timed<T>(rounds: number, run: () => Promise<T> | T): Promise<{ median: number; result: T }> {
  const times: number[] = [];
  let result!: T;
  for (let i = 0; i < rounds; i++) {
    const started = performance.now();
    result = await run();
    times.push(performance.now() - started);
  }
  return { median: percentile(times, 0.5), result };
}

// Every line priced as the server lays prices over the buyer's file (totals from quantity × price).
const priced = (read: PriceFileRead): PriceFileRead => pricedRead(read, Object.fromEntries(read.sheets.flatMap((s) => s.lines.map((l, i) => [l.id, 10 + (i % 90)]))));

async function main() {
  console.info(`bench:prices, load ${loadavg()[0]!.toFixed(1)}, ${LINES} lines, ${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'}`);
  const file = dpgf(LINES);

  // 1. Reading.
  const read = await timed(ROUNDS, () => readPriceFile(file, 'DPGF.xlsx'));
  const sheetjs = await timed(ROUNDS, () => XLSX.read(file, { cellFormula: true }));
  const original = read.result!;
  const count = original.sheets.reduce((n, s) => n + s.lines.length, 0);
  console.info(`read: ${count} lines in ${ms(read.median)} (target ≤ 2000 ms: ${verdict(read.median <= 2000)}); SheetJS alone ${ms(sheetjs.median)}, ×${(read.median / sheetjs.median).toFixed(2)}`);

  // 2. Checking.
  const current = priced(original);
  const check = await timed(ROUNDS, () => checkPrices(current, original));
  const pass = await timed(ROUNDS, () => current.sheets.flatMap((s) => s.lines).reduce((sum, l) => sum + (l.unitPrice ?? 0) * (l.quantity ?? 0), 0));
  console.info(`check: ${check.result.length} issues in ${ms(check.median)} (target ≤ 200 ms: ${verdict(check.median <= 200)}); one pass over the lines ${ms(pass.median)}`);

  // 3. Export.
  const prices = new Map(current.sheets.flatMap((s) => s.lines.map((l) => [l.id, l.unitPrice] as const)));
  const fill = await timed(ROUNDS, () => fillPriceWorkbook(file, original, prices));
  const rezip = await timed(ROUNDS, () => zipSync(unzipSync(new Uint8Array(file))));
  console.info(`export: ${(fill.result.length / 1024).toFixed(0)} KiB in ${ms(fill.median)} (target ≤ 1000 ms: ${verdict(fill.median <= 1000)}); unzip + zip unchanged ${ms(rezip.median)}, ×${(fill.median / rezip.median).toFixed(2)}`);

  // 4. Autosave through the route.
  const ctx = await createTestApp();
  try {
    const manager = await createUser(ctx, 'manager');
    const companyId = manager.companyId!;
    const submissionDeadline = new Date(Date.now() + 20 * 86_400_000);
    const [call] = await ctx.db.insert(tenderCalls).values({ reference: 'BENCH-PRIX', title: 'Réhabilitation', buyer: 'Commune', submissionDeadline }).returning({ id: tenderCalls.id });
    const [tender] = await ctx.db.insert(tenders).values({ tenderCallId: call!.id, companyId, status: 'in_progress', submissionDeadline }).returning({ id: tenders.id });
    const documentId = await insertTenderDoc(ctx, tender!.id, companyId);
    const [row] = await ctx.db.insert(priceFiles).values({ tenderId: tender!.id, companyId, documentId, fileName: 'DPGF.xlsx', sha256: 'bench', read: original }).returning({ id: priceFiles.id });
    const lines = original.sheets[0]!.lines;
    const auth = { authorization: `Bearer ${manager.token}` };
    let version = 1;
    const saves: number[] = [];
    for (let i = 0; i < SAVES; i++) {
      const started = performance.now();
      const res = await ctx.app.inject({ method: 'PATCH', url: `/api/price-files/${row!.id}`, headers: auth, payload: { version, lines: [{ _id: lines[i % lines.length]!.id, unitPrice: 12.5 + i }] } });
      saves.push(performance.now() - started);
      if (res.statusCode !== 200) throw new Error(`save ${i}: ${res.statusCode} ${res.body}`);
      version = (res.json() as { details: { version: number } }).details.version;
    }
    console.info(`autosave of a price edit (the ${count}-line file answered whole): p50 ${ms(percentile(saves, 0.5))}, p95 ${ms(percentile(saves, 0.95))} (target p95 ≤ 150 ms: ${verdict(percentile(saves, 0.95) <= 150)})`);
  } finally {
    await ctx.close();
  }
}

await main();
