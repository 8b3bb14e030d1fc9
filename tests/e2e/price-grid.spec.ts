import * as XLSX from '@e965/xlsx';
import { readFileSync } from 'node:fs';
import { en, expect, expectAccessible, fr, grenobleTender, test, useLook, useToken } from './fixtures';

// The buyer's financial frame of the demo's Grenoble INP call (issue 25): the manager finds the
// base offer's line marked blank, prices it and an option from the keyboard as in a spreadsheet,
// sees the amounts and the check follow, and downloads the buyer's own workbook with the prices
// in their cells. axe in fr light and en dark; at phone width the lines are cards.

const CRF = 'CRF_2026FCSSA0025.xlsx';
const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** A line's price field, named by the column, its number and its designation. */
const priceField = (column: string, line: Line) => new RegExp(`^${escaped(column)} — ${escaped(line.ref)} ${escaped(line.label.slice(0, 20))}`);
type Line = { _id: string; ref: string; label: string; unitPrice: number | null; row: number };
type PriceFile = { _id: string; fileName: string; version: number; sheets: { lines: Line[] }[] };

/** The CRF as the server reads it, its base line made blank again (a retry finds it as the first run did). */
async function blankCrf(request: Parameters<typeof grenobleTender>[0], tenderId: string, headers: Record<string, string>) {
  let file: PriceFile | undefined;
  await expect
    .poll(async () => (file = ((await (await request.get(`/api/tenders/${tenderId}/price-files`, { headers })).json()) as { priceFiles: PriceFile[] }).priceFiles.find((f) => f.fileName === CRF)), { timeout: 60_000 })
    .toBeTruthy();
  const lines = file!.sheets.flatMap((s) => s.lines);
  const reset = await request.patch(`/api/price-files/${file!._id}`, { headers, data: { version: file!.version, lines: lines.slice(0, 2).map((l) => ({ _id: l._id, unitPrice: null })) } });
  expect(reset.ok(), await reset.text()).toBe(true);
  return { file: file!, base: lines[0]!, option: lines[1]! };
}

test('a manager prices the buyer’s financial frame by keyboard, sees its issue marked, and downloads the workbook', async ({ page, context, request, baseURL }) => {
  test.slow();
  const { token, headers, tenderId } = await grenobleTender(request);
  const { base, option } = await blankCrf(request, tenderId, headers);
  await useToken(context, baseURL, token);
  await useLook(page, 'fr', 'light');
  await page.goto(`/tender/prices/${tenderId}`);
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { level: 1, name: fr['prices-page_title'] })).toBeVisible();

  // The base offer left blank is an issue, marked on its price cell; an option may stay blank.
  const baseCell = main.getByRole('textbox', { name: priceField(fr['prices-col_unit_price']!, base) });
  const optionCell = main.getByRole('textbox', { name: priceField(fr['prices-col_unit_price']!, option) });
  const blankIssue = main.getByRole('link', { name: new RegExp(`Ligne ${base.row} : prix unitaire non renseigné`) });
  await expect(blankIssue).toBeVisible({ timeout: 10_000 });
  await expect(baseCell).toHaveAccessibleDescription(new RegExp(`${fr['prices-issue_marker']} Ligne ${base.row}`));
  await expect(optionCell).not.toHaveAttribute('aria-describedby');
  await expectAccessible(page, 'price grid (fr, light)');

  // The issue's link takes the focus to its cell; typing there and Enter go to the next line, as in a spreadsheet.
  await blankIssue.click();
  await expect(baseCell).toBeFocused();
  await page.keyboard.type('48 500,50');
  await page.keyboard.press('Enter');
  await expect(optionCell).toBeFocused();
  await page.keyboard.type('1250');
  await page.keyboard.press('Enter');
  await expect(main.getByTestId(`total-${base._id}`)).toHaveText(/48\s500,50\s€/);

  // Saved with the file's version, checked again: nothing left to see.
  await expect(main.getByRole('status').filter({ hasText: fr['prices-save_saved']! })).toBeVisible({ timeout: 10_000 });
  await expect(main.getByText(fr['prices-issues_none']!)).toBeVisible({ timeout: 10_000 });
  await expect(baseCell).not.toHaveAttribute('aria-describedby');

  // The buyer's own workbook, the prices in the price cells of their rows.
  const [download] = await Promise.all([page.waitForEvent('download'), main.getByRole('link', { name: fr['prices-export'] }).click()]);
  expect(download.suggestedFilename()).toBe(CRF);
  const workbook = XLSX.read(readFileSync((await download.path())!));
  const sheet = workbook.Sheets[workbook.SheetNames[0]!]!;
  expect(sheet[`D${base.row}`]?.v).toBe(48500.5);
  expect(sheet[`D${option.row}`]?.v).toBe(1250);
  // The buyer's words stay (the reader squashes their line breaks; the cell keeps them).
  expect(String(sheet[`B${base.row}`]?.v).replace(/\s+/g, ' ')).toContain(base.label.slice(0, 40));
});

test('the price grid reads in English, dark, and as cards at phone width', async ({ page, context, request, baseURL }) => {
  const { token, headers, tenderId } = await grenobleTender(request);
  const { base } = await blankCrf(request, tenderId, headers);
  await useToken(context, baseURL, token);
  await useLook(page, 'en', 'dark');
  await page.goto(`/tender/prices/${tenderId}`);
  const main = page.getByRole('main');
  const baseCell = main.getByRole('textbox', { name: priceField(en['prices-col_unit_price']!, base) });
  await expect(main.getByRole('link', { name: new RegExp(`Line ${base.row}: unit price not filled in`) })).toBeVisible({ timeout: 10_000 });
  await expectAccessible(page, 'price grid (en, dark)');

  await page.setViewportSize({ width: 390, height: 844 });
  // Nothing scrolls sideways: each line is a card of labelled cells, its price field within the screen.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await baseCell.scrollIntoViewIfNeeded();
  const box = (await baseCell.boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(390);
  await expectAccessible(page, 'price grid at phone width (en, dark)');
});
