import type { APIRequestContext, BrowserContext, Page } from '@playwright/test';
import { DEMO_ACCOUNTS, DEMO_COMPANY_NAME } from '../../server/db/seed';
import { animationsDone, demoToken, en, expect, expectAccessible, fr, LOOKS, settled, signIn, test, useLook, useToken } from './fixtures';
import { expectLayoutHolds } from './layout-checks';

// Organisation charts on the company page (issue 5): the demo manager draws the construction-site
// chart from scratch, a cycle is refused, the chart comes back the same after a reload, in the
// drawing and in its text alternative; an employee reads it without any editing control; axe checks
// the page with its charts in French and English, light and dark.

async function demoCompanyId(request: APIRequestContext, token: string) {
  const response = await request.get('/api/users/profile', { headers: { authorization: `Bearer ${token}` } });
  return ((await response.json()) as { company: { _id: string } }).company._id;
}
const label = (title: string, name: string) => `${title} (${name})`;
const fill = (t: Record<string, string>, key: string) => (vars: Record<string, string>) => t[key]!.replace(/\{\{(\w+)\}\}/g, (_, name: string) => vars[name] ?? '');

test('a manager builds a construction chart, a cycle is refused, the tree survives a reload; an employee only reads it', async ({ page, browser, request }) => {
  test.slow();
  const managerToken = await demoToken(request, 'manager');
  const companyId = await demoCompanyId(request, managerToken);
  // The demo company has a construction chart: it goes, so this one is built from scratch.
  const removed = await request.delete(`/api/organigrammes/${companyId}/organigramme?type=chantier`, { headers: { authorization: `Bearer ${managerToken}` } });
  expect([200, 404]).toContain(removed.status());

  await signIn(page, DEMO_ACCOUNTS.manager.email, DEMO_ACCOUNTS.manager.password);
  await page.waitForURL('**/dashboard');
  await page.goto(`/companies/${companyId}`);
  await settled(page, DEMO_COMPANY_NAME);
  const section = page.getByRole('region', { name: fr['organigramme-section_title'] });
  await section.getByRole('tab', { name: fr['organigramme-kind_construction'] }).click();
  await section.getByRole('button', { name: fr['organigramme-create'] }).click();

  const addPosition = async (title: string, name: string, contact = '') => {
    await section.getByLabel(fr['organigramme-field_title']!).fill(title);
    await section.getByLabel(fr['organigramme-field_name']!).fill(name);
    await section.getByLabel(fr['organigramme-field_contact']!).fill(contact);
    await section.getByRole('button', { name: fr['organigramme-apply_add'] }).click();
  };
  const addUnder = fill(fr, 'organigramme-add_under');
  await addPosition('Directeur de travaux', 'Marc Lefèvre', 'm.lefevre@durand-batiment.fr');
  await section.getByRole('button', { name: addUnder({ position: label('Directeur de travaux', 'Marc Lefèvre') }) }).click();
  await addPosition('Conducteur de travaux', 'Sophie Girard', '06 71 42 18 90');
  await section.getByRole('button', { name: addUnder({ position: label('Directeur de travaux', 'Marc Lefèvre') }) }).click();
  await addPosition('Responsable QSE', 'Nadia Benali');
  await section.getByRole('button', { name: addUnder({ position: label('Conducteur de travaux', 'Sophie Girard') }) }).click();
  await addPosition('Chef de chantier', 'Paul Roux', '06 45 19 62 37');

  // The conductor under their own site manager would be a cycle: refused, with the reason.
  await section.getByRole('button', { name: fill(fr, 'organigramme-edit_position')({ position: label('Conducteur de travaux', 'Sophie Girard') }) }).click();
  await section.getByLabel(fr['organigramme-field_parent']!).selectOption({ label: label('Chef de chantier', 'Paul Roux') });
  await section.getByRole('button', { name: fr['organigramme-apply_edit'] }).click();
  await expect(section.getByRole('alert')).toHaveText(fr['organigramme-move_cycle']!);
  await section.getByRole('button', { name: fr['dialog-cancel'] }).first().click();

  await section.getByRole('button', { name: fr['organigramme-save'] }).click();
  await expect(section.getByRole('status').filter({ hasText: fr['organigramme-created']! })).toBeVisible();
  await section.getByRole('button', { name: fr['organigramme-ok'] }).click();
  await expect(section.getByText(fr['organigramme-created']!)).toHaveCount(0);

  const expectSiteChart = async (where: Page) => {
    const chart = where.getByRole('region', { name: fr['organigramme-section_title'] });
    await chart.getByRole('tab', { name: fr['organigramme-kind_construction'] }).click();
    // The drawing: one box per position, with title, name and contact (the other tab stays hidden).
    const nodes = chart.getByRole('tabpanel').getByTestId('org-node');
    await expect(nodes).toHaveCount(4);
    await expect(nodes.filter({ hasText: 'Chef de chantier' })).toContainText('Paul Roux');
    await expect(nodes.filter({ hasText: 'Directeur de travaux' })).toContainText('m.lefevre@durand-batiment.fr');
    // The text alternative: the same tree as nested lists.
    const list = chart.getByRole('list', { name: fill(fr, 'organigramme-list_label')({ kind: fr['organigramme-kind_construction']! }) });
    const root = list.locator(':scope > li');
    await expect(root).toHaveCount(1);
    await expect(root.locator(':scope > span')).toHaveText('Directeur de travaux — Marc Lefèvre · m.lefevre@durand-batiment.fr');
    await expect(root.locator(':scope > ul > li > span')).toHaveText(['Conducteur de travaux — Sophie Girard · 06 71 42 18 90', 'Responsable QSE — Nadia Benali']);
    await expect(root.locator(':scope > ul > li > ul > li > span')).toHaveText(['Chef de chantier — Paul Roux · 06 45 19 62 37']);
    return chart;
  };

  await page.reload();
  await settled(page, DEMO_COMPANY_NAME);
  await expectSiteChart(page);

  // The employee reads the same chart; nothing lets them change it.
  const employee: BrowserContext = await browser.newContext();
  const employeePage = await employee.newPage();
  await signIn(employeePage, DEMO_ACCOUNTS.employee.email, DEMO_ACCOUNTS.employee.password);
  await employeePage.waitForURL('**/dashboard');
  await employeePage.goto(`/companies/${companyId}`);
  await settled(employeePage, DEMO_COMPANY_NAME);
  const chart = await expectSiteChart(employeePage);
  for (const name of [fr['organigramme-edit'], fr['organigramme-delete'], fr['organigramme-create']]) await expect(chart.getByRole('button', { name })).toHaveCount(0);
  await chart.getByRole('tab', { name: fr['organigramme-kind_normal'] }).click();
  await expect(chart.getByRole('tabpanel').getByTestId('org-node').filter({ hasText: 'Direction générale' })).toBeVisible();
  await expect(chart.getByRole('button', { name: fr['organigramme-edit'] })).toHaveCount(0);
  await employee.close();
});

for (const [lng, theme] of LOOKS) {
  test(`the company page with its charts is accessible in ${lng}, ${theme}`, async ({ page, context, request, baseURL }) => {
    const t = lng === 'fr' ? fr : en;
    await useLook(page, lng, theme);
    const token = await demoToken(request, 'manager');
    const companyId = await demoCompanyId(request, token);
    await useToken(context, baseURL, token);
    await page.goto(`/companies/${companyId}`);
    await settled(page, DEMO_COMPANY_NAME);
    const section = page.getByRole('region', { name: t['organigramme-section_title'] });
    await expect(section.getByTestId('org-node').first()).toBeVisible();

    const check = async (name: string) => {
      expect(await page.evaluate(() => ({ lang: document.documentElement.lang, theme: document.documentElement.dataset.theme }))).toEqual({ lang: lng, theme });
      await animationsDone(page);
      await expectAccessible(page, `${name} (${lng}, ${theme})`);
      await expectLayoutHolds(page, `${name} (${lng}, ${theme})`);
      await page.screenshot({ path: `test-results/screens/${name}-${lng}-${theme}.png`, fullPage: true });
    };
    await check('company-organigramme');
    await section.getByRole('button', { name: t['organigramme-show_list'] }).click();
    await expect(section.getByRole('button', { name: t['organigramme-show_list'] })).toHaveAttribute('aria-pressed', 'true');
    await check('company-organigramme-list');
    await section.getByRole('button', { name: t['organigramme-edit'] }).click();
    await expect(section.getByRole('button', { name: t['organigramme-save'] })).toBeVisible();
    await check('company-organigramme-editor');
    // On a phone the editor's rows wrap and nothing goes past the edge.
    await page.setViewportSize({ width: 390, height: 844 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await check('company-organigramme-editor-narrow');
  });
}
