import { strFromU8, unzipSync } from 'fflate';
import { readFileSync } from 'node:fs';
import { en, expect, expectAccessible, fr, grenobleTender, test, useLook, useToken } from './fixtures';

// The submission folder of the demo's Grenoble INP call (issue 26): the manager adds to the RC's
// list the URSSAF attestation the buyer will ask of the winner, finds the vault's one expired on
// the deadline's day and replaces it, generates the DC1, the DC2 and the DUME, sees the pre-flight pass,
// downloads the ZIP and records the deposit with the platform's acknowledgement. axe in fr light
// and en dark; nothing scrolls sideways at phone width.

const pdf = (text: string) => Buffer.from(`%PDF-1.7\n1 0 obj <<>> endobj\n% ${text}\ntrailer <<>>\n%%EOF\n`);
type Folder = { ready: boolean; deposit: unknown; pieces: { code: string }[] };
type Fact = { key: string; value: unknown };

test('a manager completes the Grenoble folder, downloads it and records the deposit', async ({ page, context, request, baseURL }) => {
  test.slow();
  const { token, headers, tenderId } = await grenobleTender(request);
  // The analysis is read by a job started with the server.
  let analysis: { _id: string; facts: Fact[] } | undefined;
  await expect
    .poll(async () => (analysis = ((await (await request.get(`/api/tenders/${tenderId}/dce-analyses`, { headers })).json()) as { analyses: { _id: string; status: string; facts: Fact[] }[] }).analyses.find((a) => a.status === 'done')), { timeout: 60_000 })
    .toBeTruthy();
  const listed = analysis!.facts.find((f) => f.key === 'candidatureDocuments')!.value as string[];
  if (!listed.includes('URSSAF')) expect((await request.patch(`/api/dce-analyses/${analysis!._id}/facts/candidatureDocuments`, { headers, data: { value: [...listed, 'URSSAF'] } })).ok()).toBe(true);
  // A retry finds the folder as the first run did: reopened, the uploads removed, the base offer priced.
  const folder = (await (await request.get(`/api/tenders/${tenderId}/submission`, { headers })).json()) as Folder;
  if (folder.deposit) expect((await request.post(`/api/tenders/${tenderId}/reopen`, { headers, data: { reason: 'Nouveau dépôt de test.' } })).ok()).toBe(true);
  await request.delete(`/api/tenders/${tenderId}/submission/pieces/URSSAF`, { headers });
  const files = (await (await request.get(`/api/tenders/${tenderId}/price-files`, { headers })).json()) as { priceFiles: { _id: string; version: number; sheets: { lines: { _id: string; optional?: boolean }[] }[] }[] };
  const crf = files.priceFiles[0]!;
  const base = crf.sheets.flatMap((s) => s.lines).find((l) => !l.optional)!;
  expect((await request.patch(`/api/price-files/${crf._id}`, { headers, data: { version: crf.version, lines: [{ _id: base._id, unitPrice: 48500 }] } })).ok()).toBe(true);

  await useToken(context, baseURL, token);
  await useLook(page, 'fr', 'light');
  await page.goto(`/tenders/${tenderId}`);
  await page.getByRole('main').getByRole('link', { name: fr['submission-tender_link'] }).click();
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { level: 1, name: fr['submission-page_title'] })).toBeVisible();

  // The vault's URSSAF attestation will be over six months old on the deadline.
  const urssaf = main.locator('[data-piece="URSSAF"]');
  await expect(urssaf.getByText(fr['submission-status_expired']!)).toBeVisible({ timeout: 10_000 });
  await expect(urssaf.getByText(/plus de six mois/)).toBeVisible();
  await expectAccessible(page, 'submission folder (fr, light)');

  // Replaced by a fresh one.
  await urssaf.locator('input[type=file]').setInputFiles({ name: 'Attestation URSSAF récente.pdf', mimeType: 'application/pdf', buffer: pdf('URSSAF') });
  await expect(urssaf.getByText(fr['submission-status_ok']!)).toBeVisible({ timeout: 10_000 });
  // The DC1, the DC2 and the DUME, made from the company's details.
  for (const [code, fileName] of [['DC1', 'DC1.docx'], ['DC2', 'DC2.docx'], ['DUME', 'DUME.xml']] as const) {
    const card = main.locator(`[data-piece="${code}"]`);
    const [made] = await Promise.all([page.waitForEvent('download'), card.getByRole('link', { name: fr['submission-generate'] }).click()]);
    expect(made.suggestedFilename()).toBe(fileName);
    const body = readFileSync((await made.path())!);
    if (code === 'DUME') expect(body.toString('utf8')).toContain('Durand');
    else expect(strFromU8(unzipSync(new Uint8Array(body))['word/document.xml']!)).toContain('812 345 676 00017');
  }
  await expect(main.getByText(fr['submission-state_ready']!)).toBeVisible({ timeout: 10_000 });

  // The folder as a ZIP: the two parts, the pieces under their names.
  const [download] = await Promise.all([page.waitForEvent('download'), main.getByRole('link', { name: fr['submission-zip_download'] }).click()]);
  const entries = Object.keys(unzipSync(new Uint8Array(readFileSync((await download.path())!))));
  expect(entries).toEqual(expect.arrayContaining(['1 - Candidature/DC1.docx', '1 - Candidature/DC2.docx', '1 - Candidature/Attestation URSSAF récente.pdf', '2 - Offre/CRF_2026FCSSA0025.xlsx']));

  // The deposit, with the platform's acknowledgement.
  await main.getByRole('button', { name: fr['submission-deposit_open'] }).click();
  const dialog = page.getByRole('dialog', { name: fr['submission-deposit_dialog_title'] });
  await dialog.locator('input[type=file]').setInputFiles({ name: 'Accusé de réception PLACE.pdf', mimeType: 'application/pdf', buffer: pdf('AR') });
  await dialog.getByRole('button', { name: fr['submission-deposit_send'], exact: true }).click();
  await expect(main.getByRole('heading', { name: fr['submission-deposit_recorded_title'] })).toBeVisible({ timeout: 15_000 });
  await expect(main.getByText(fr['submission-state_deposited']!, { exact: true })).toBeVisible();
  await expect(main.getByRole('link', { name: 'Accusé de réception PLACE.pdf' })).toBeVisible();
});

test('the folder reads in English, dark, and fits a phone', async ({ page, context, request, baseURL }) => {
  const { token, tenderId } = await grenobleTender(request);
  await useToken(context, baseURL, token);
  await useLook(page, 'en', 'dark');
  await page.goto(`/tenders/${tenderId}/submission`);
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { level: 1, name: en['submission-page_title'] })).toBeVisible();
  await expect(main.getByRole('heading', { name: en['submission-checks_title'] })).toBeVisible({ timeout: 10_000 });
  await expectAccessible(page, 'submission folder (en, dark)');
  await page.setViewportSize({ width: 390, height: 844 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await expectAccessible(page, 'submission folder at phone width (en, dark)');
});
