import { strFromU8, unzipSync } from 'fflate';
import { readFileSync } from 'node:fs';
import { en, expect, expectAccessible, fr, grenobleTender, test, useLook, useToken } from './fixtures';

// A memory from the buyer's response frame (issue 25) on the demo's Grenoble INP call: the manager
// creates it from the CRTE the DCE analysis found, finds the buyer's numbers in the outline and the
// item's words above the editor, writes an answer, and downloads the buyer's own file with the
// answer under its item. axe in fr light and en dark.

const CRTE = 'CRTE_2026FCSSA0025 v2.docx';
const ANSWER = `Formation de deux jours sur site pour huit personnes ${Date.now().toString(36)}.`;

test('a manager writes the memory in the buyer’s frame and downloads the frame filled', async ({ page, context, request, baseURL }) => {
  test.slow();
  const { token, headers, tenderId } = await grenobleTender(request);
  // The frames come from the DCE analysis, read by a job started with the server.
  await expect
    .poll(async () => ((await (await request.get(`/api/tenders/${tenderId}/memories`, { headers })).json()) as { frames: { fileName: string }[] }).frames.map((f) => f.fileName), { timeout: 60_000 })
    .toContain(CRTE);
  await useToken(context, baseURL, token);
  await useLook(page, 'fr', 'light');
  await page.goto(`/tender/assisted-writing/${tenderId}`);
  const main = page.getByRole('main');
  const outline = main.getByRole('navigation', { name: fr['memory-outline'] });
  await expect(outline.getByRole('button').first()).toBeVisible();

  // The frame is the first way offered to start another memory.
  const from = main.getByRole('combobox', { name: fr['memory-new_from'] });
  const fromFrame = fr['memory-create_from_frame']!.replace('{{fileName}}', CRTE);
  await expect(from.locator('option').first()).toHaveText(fromFrame);
  await from.selectOption({ label: fromFrame });
  await main.getByRole('button', { name: fr['memory-create_another'], exact: true }).click();
  await expect(main.getByText(fr['memory-created']!, { exact: true })).toBeVisible({ timeout: 15_000 });

  // The buyer's numbers and order.
  await expect(outline.getByRole('button', { name: /^2\.2\.1 Qualité de gravure/ })).toBeVisible();
  await outline.getByRole('button', { name: /^3\.3 Formation/ }).click();
  const brief = main.getByRole('region', { name: fr['memory-frame_item_label']!.replace('{{number}}', '3.3') });
  await expect(brief.getByText(/Réf\. art\. 8 du CCTP/)).toBeVisible();
  // From the top: scrolled, the side panel's first button sits under the sticky header, which axe counts as too small a target.
  await page.evaluate(() => window.scrollTo(0, 0));
  await expectAccessible(page, 'memory from the frame (fr, light)');

  const editor = main.getByRole('textbox', { name: 'Formation' });
  await editor.click();
  await page.keyboard.type(ANSWER);
  await expect(main.getByText(fr['memory-save_saved']!, { exact: true })).toBeVisible({ timeout: 10_000 });

  // The buyer's own file, the answer under its item.
  const [download] = await Promise.all([page.waitForEvent('download'), main.getByRole('link', { name: fr['memory-export_into_frame'] }).click()]);
  expect(download.suggestedFilename()).toMatch(/\.docx$/);
  const xml = strFromU8(unzipSync(new Uint8Array(readFileSync((await download.path())!)))['word/document.xml']!);
  const text = [...xml.matchAll(/<w:t(?: [^>]*)?>([^<]*)<\/w:t>/g)].map((m) => m[1]).join('');
  const article = text.indexOf('Réf. art. 8 du CCTP');
  expect(text.indexOf(ANSWER)).toBeGreaterThan(article);
  expect(text.indexOf(ANSWER)).toBeLessThan(text.indexOf('Garantie, SAV et support technique', article));
});

test('a memory from the frame reads in English, dark, with the buyer’s item above the editor', async ({ page, context, request, baseURL }) => {
  const { token, headers, tenderId } = await grenobleTender(request);
  let frames: { documentId: string; fileName: string }[] = [];
  await expect
    .poll(async () => (frames = ((await (await request.get(`/api/tenders/${tenderId}/memories`, { headers })).json()) as { frames: typeof frames }).frames).length, { timeout: 60_000 })
    .toBeGreaterThan(0);
  const created = await request.post(`/api/tenders/${tenderId}/memories`, { headers, data: { from: 'frame', documentId: frames[0]!.documentId, title: `Frame memory ${Date.now()}` } });
  expect(created.status()).toBe(201);
  await useToken(context, baseURL, token);
  await useLook(page, 'en', 'dark');
  await page.goto(`/tender/assisted-writing/${tenderId}`);
  const main = page.getByRole('main');
  const outline = main.getByRole('navigation', { name: en['memory-outline'] });
  await outline.getByRole('button', { name: /^2\.1 Finesse de structuration laser/ }).click();
  await expect(main.getByRole('region', { name: en['memory-frame_item_label']!.replace('{{number}}', '2.1') })).toBeVisible();
  await page.evaluate(() => window.scrollTo(0, 0));
  await expectAccessible(page, 'memory from the frame (en, dark)');
});
