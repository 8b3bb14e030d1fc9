import type { APIRequestContext } from '@playwright/test';
import { fileURLToPath } from 'node:url';
import { DEMO_ACCOUNTS, DEMO_COMPANY_NAME } from '../../server/db/seed';
import { animationsDone, en, expect, expectAccessible, follow, fr, settled, signIn, test, useLook, useToken } from './fixtures';

// Team resumes (issue 12): the demo manager opens the company's resumes from its profile tabs, adds
// a real DOCX CV (written for this repository, tests/fixtures/cvs/), lands on the new resume while
// the server reads it, and sees what was read (name, certifications with the expired one flagged,
// origin badges); the list then finds the person by a certification. Both pages pass axe in English
// and dark, and at phone width the list keeps each person's certifications in view.

const CV = fileURLToPath(new URL('../fixtures/cvs/cv-chef-chantier-dupuis.docx', import.meta.url));

async function demoCompanyId(request: APIRequestContext) {
  const { email, password } = DEMO_ACCOUNTS.manager;
  const login = await request.post('/api/users/login', { data: { email, password } });
  const { token } = (await login.json()) as { token: string };
  const profile = await request.get('/api/users/profile', { headers: { authorization: `Bearer ${token}` } });
  return { token, companyId: ((await profile.json()) as { company: { _id: string } }).company._id };
}

test('a manager adds a DOCX CV, sees what was read, and finds the person by a certification', async ({ page, request }) => {
  test.slow();
  const { token, companyId } = await demoCompanyId(request);
  // A rerun on the same server starts from no Dupuis resume.
  const existing = await request.get(`/api/companies/${companyId}/resumes?search=Dupuis`, { headers: { authorization: `Bearer ${token}` } });
  for (const resume of ((await existing.json()) as { resumes: { _id: string }[] }).resumes) await request.delete(`/api/resumes/${resume._id}`, { headers: { authorization: `Bearer ${token}` } });

  await signIn(page, DEMO_ACCOUNTS.manager.email, DEMO_ACCOUNTS.manager.password);
  await page.waitForURL('**/dashboard');
  await follow(page, `/companies/${companyId}`);
  await settled(page, DEMO_COMPANY_NAME);
  await page.getByRole('navigation', { name: fr['companytabs-label'] }).getByRole('link', { name: fr['companytabs-resumes'] }).click();
  await settled(page, fr['resumes-title']!);
  const table = page.getByRole('table', { name: fr['resumes-table'] });
  await expect(table.getByRole('row')).not.toHaveCount(1);

  await page.getByRole('button', { name: fr['resumes-add'] }).click();
  const dialog = page.getByRole('dialog', { name: fr['resumes-add_title'] });
  await dialog.getByLabel(fr['resumes-file_drop']!).setInputFiles(CV);
  await expect(dialog.getByText(fr['resumes-file_chosen']!.replace('{{name}}', 'cv-chef-chantier-dupuis.docx'))).toBeVisible();
  await page.getByRole('button', { name: fr['resumes-add_read'] }).click();

  // The new resume opens; the reading fills it in without a reload.
  await page.waitForURL(/\/resumes\/[0-9a-f-]+$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Jean-Marc Dupuis' })).toBeVisible({ timeout: 20_000 });
  const main = page.getByRole('main');
  await expect(main.getByText('Chef de chantier gros œuvre').first()).toBeVisible();
  await expect(main.getByText('CACES R482 catégories A, B1, C1')).toBeVisible();
  await expect(main.getByText('AIPR Encadrant')).toBeVisible();
  await expect(main.getByText(fr['companydocs-validity_expired']!).first()).toBeVisible();
  await expect(main.getByText(fr['resume-origin_rules']!).first()).toBeVisible();

  // Back to the list: a certification finds the person.
  await main.getByRole('link', { name: fr['resume-back_to_list'] }).click();
  await settled(page, fr['resumes-title']!);
  await page.getByRole('searchbox', { name: fr['resumes-search'] }).fill('caces r486');
  await expect(table.getByRole('link', { name: 'Jean-Marc Dupuis', exact: true })).toBeVisible();
  // The demo's site manager holds the same CACES; the BIM engineer does not.
  await expect(table.getByRole('link', { name: 'Laurent Blanc', exact: true })).toBeVisible();
  await expect(table.getByRole('link', { name: 'Thomas Lambert', exact: true })).toHaveCount(0);
  await expect(table.getByRole('row')).toHaveCount(3);
});

test('the resume pages pass axe in English and dark, and the list keeps certifications in view on a phone', async ({ page, context, request, baseURL }) => {
  test.slow();
  const { token, companyId } = await demoCompanyId(request);
  await useLook(page, 'en', 'dark');
  // Signed in as the app leaves it after "sign in": the token cookie.
  await useToken(context, baseURL, token);
  await page.goto(`/companies/${companyId}/resumes`);
  await settled(page, en['resumes-title']!);
  const table = page.getByRole('table', { name: en['resumes-table'] });
  const first = table.getByRole('row').nth(1).getByRole('link').first();
  await expect(first).toBeVisible();
  await animationsDone(page);
  await expectAccessible(page, 'resumes (en, dark)');
  await page.screenshot({ path: 'test-results/screens/resumes-en-dark.png', fullPage: true });

  const name = (await first.textContent())!.trim();
  await first.click();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await animationsDone(page);
  await expectAccessible(page, 'resume (en, dark)');
  await page.screenshot({ path: 'test-results/screens/resume-en-dark.png', fullPage: true });

  await page.setViewportSize({ width: 390, height: 844 });
  await follow(page, `/companies/${companyId}/resumes`);
  await settled(page, en['resumes-title']!);
  // Each person is a card: the certifications' flags are on screen, not past the table's edge.
  const flag = page.getByRole('table', { name: en['resumes-table'] }).getByText(/expired|expiring soon/).first();
  await flag.scrollIntoViewIfNeeded();
  await expect(flag).toBeInViewport({ ratio: 1 });
  const region = page.getByRole('region', { name: en['resumes-table'] });
  expect(await region.evaluate((box) => box.scrollWidth <= box.clientWidth + 1), 'no column past the edge').toBe(true);
  const wide = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth + 1);
  expect(wide, 'the resume list fits a phone').toBe(false);
  await page.screenshot({ path: 'test-results/screens/resumes-phone.png', fullPage: true });
});
