import type { APIRequestContext } from '@playwright/test';
import { DEMO_ACCOUNTS } from '../../server/db/seed';
import { DEMO_DCE_CALL } from '../../server/db/demo-dce';
import { animationsDone, en, expect, expectAccessible, fr, test, useLook, useToken } from './fixtures';
import { expectLayoutHolds } from './layout-checks';

// The technical memory (issue 12) on the demo's analysed Grenoble INP call: the outline follows the
// RC's award criteria and weights (price left out, said so); the manager writes in a section and
// sees it saved; the rules' analysis gives a score per criterion. The page passes axe in French
// (light) and in English (dark).

async function grenobleTender(request: APIRequestContext) {
  const { email, password } = DEMO_ACCOUNTS.manager;
  const login = await request.post('/api/users/login', { data: { email, password } });
  const { token } = (await login.json()) as { token: string };
  const response = await request.get('/api/tenders/my-company?perPage=all', { headers: { authorization: `Bearer ${token}` } });
  const { tenderCalls } = (await response.json()) as { tenderCalls: { _id: string; tenderCall: { reference: string } }[] };
  const tender = tenderCalls.find((row) => row.tenderCall.reference === DEMO_DCE_CALL.reference);
  expect(tender, 'the demo Grenoble tender').toBeTruthy();
  return { token, tenderId: tender!._id };
}

test('the memory follows the criteria; a section written is saved; the analysis scores each criterion', async ({ page, context, request, baseURL }) => {
  test.slow();
  const { token, tenderId } = await grenobleTender(request);
  await useToken(context, baseURL, token);
  await page.goto(`/tender/assisted-writing/${tenderId}`);

  // The outline: technical criteria by weight, the price criterion left out with a word why.
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { level: 1, name: DEMO_DCE_CALL.title })).toBeVisible();
  await expect(main.getByText(/Prix des prestations.*n'a pas de chapitre/)).toBeVisible();
  const outline = main.getByRole('navigation', { name: fr['memory-outline'] });
  const chapters = outline.getByRole('button');
  await expect(chapters.first()).toContainText('Performances techniques du système');
  await expect(chapters.first()).toContainText('40 %');

  // Writing in the services section: saved after a pause, with no button to press.
  await outline.getByRole('button', { name: /Qualité des services associés/ }).click();
  const editor = main.getByRole('textbox', { name: /Qualité des services associés/ });
  await expect(editor).toBeVisible();
  await editor.click();
  await page.keyboard.press('Control+End');
  await page.keyboard.type(' Un technicien certifié intervient sur site sous 48 heures ouvrées.');
  await expect(main.getByText(fr['memory-save_dirty']!)).toBeVisible();
  await expect(main.getByText(fr['memory-save_saved']!, { exact: true })).toBeVisible({ timeout: 10_000 });

  // After a reload the sentence is still there.
  await page.reload();
  await outline.getByRole('button', { name: /Qualité des services associés/ }).click();
  await expect(main.getByRole('textbox', { name: /Qualité des services associés/ })).toContainText('sous 48 heures ouvrées');

  // The rules' analysis: a total and a score out of each criterion's weight.
  await main.getByRole('button', { name: fr['memory-analyse'] }).click();
  await expect(main.getByText(/Note estimée : \d+(,\d+)? \/ \d+/)).toBeVisible({ timeout: 15_000 });
  await expect(main.getByText(fr['memory-analysis_mode_rules']!)).toBeVisible();
  // The memory leaves as a Word document.
  const download = page.waitForEvent('download');
  await main.getByRole('link', { name: fr['memory-export_docx'] }).click();
  expect((await download).suggestedFilename()).toMatch(/\.docx$/);
  await animationsDone(page);
  await expectAccessible(page, 'memory (fr, light)');
  await expectLayoutHolds(page, 'memory (fr, light)', 'memory-fr-light');
  await page.screenshot({ path: 'test-results/screens/memory-fr-light.png', fullPage: true });
});

test('the memory page passes axe in English and dark', async ({ page, context, request, baseURL }) => {
  const { token, tenderId } = await grenobleTender(request);
  await useLook(page, 'en', 'dark');
  await useToken(context, baseURL, token);
  await page.goto(`/tender/assisted-writing/${tenderId}`);
  await expect(page.getByRole('navigation', { name: en['memory-outline'] })).toBeVisible();
  await expect(page.getByRole('textbox').first()).toBeVisible();
  await animationsDone(page);
  await expectAccessible(page, 'memory (en, dark)');
  await expectLayoutHolds(page, 'memory (en, dark)', 'memory-en-dark');
  await page.screenshot({ path: 'test-results/screens/memory-en-dark.png', fullPage: true });
});
