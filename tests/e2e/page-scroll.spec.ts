import type { Page } from '@playwright/test';
import { DEMO_COMPANY_NAME } from '../../server/db/seed';
import { bearer, demoToken, expect, fr, settled, test, useToken } from './fixtures';

// Issue 24, "Smaller": lists go down with the page's own scroll (a capped inner box showed three
// tenders at 1440×900), and at phone width the report button covers none of a form's controls.

/** The list's box: not a vertical scroll box shorter than its rows. */
async function expectNoInnerVerticalScroll(page: Page, name: string) {
  const box = page.getByRole('region', { name, exact: true });
  await expect(box.locator('tbody > tr').first()).toBeVisible();
  const sizes = await box.evaluate((element) => ({ scroll: element.scrollHeight, client: element.clientHeight }));
  expect(sizes.scroll, `the ${name} list's box scrolls down inside the page`).toBeLessThanOrEqual(sizes.client + 1);
}

test('the tenders and potential tenders lists use the page scroll at 1440×900', async ({ page, context, request, baseURL }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await useToken(context, baseURL, await demoToken(request, 'manager'));
  await page.goto('/company/tenders');
  await settled(page, fr['tenders-title']!);
  await expectNoInnerVerticalScroll(page, fr['tenders-title']!);
  await page.goto('/potential-tenders');
  await settled(page, fr['potential-title']!);
  await expectNoInnerVerticalScroll(page, fr['potential-title']!);
});

test('at 390 px the report form is in the profile menu and no floating button covers a control of the company form', async ({ page, context, request, baseURL }) => {
  const token = await demoToken(request, 'manager');
  const profile = (await (await request.get('/api/users/profile', { headers: bearer(token) })).json()) as { company: { _id: string } };
  await page.setViewportSize({ width: 390, height: 844 });
  await useToken(context, baseURL, token);
  await page.goto(`/companies/${profile.company._id}`);
  await settled(page, DEMO_COMPANY_NAME);

  // Each control brought to the bottom of the screen (where a floating button sits), then the page
  // scrolled to its end: no report button's box over any field or button of the page.
  const controls = page.getByRole('main').locator('input:not([type=hidden]), textarea, select, button');
  const count = await controls.count();
  expect(count).toBeGreaterThan(3);
  const overlaps = async () =>
    page.evaluate((label) => {
      const floating = [...document.querySelectorAll(`button[aria-label="${label}"]`)].map((b) => b.getBoundingClientRect());
      const fields = [...document.querySelectorAll('main input:not([type=hidden]), main textarea, main select, main button')].map((f) => f.getBoundingClientRect()).filter((r) => r.width > 0 && r.height > 0);
      return floating.some((b) => fields.some((f) => f.left < b.right && b.left < f.right && f.top < b.bottom && b.top < f.bottom));
    }, fr['report-open_button']!);
  for (let i = 0; i < count; i += 1) {
    await controls.nth(i).evaluate((element) => element.scrollIntoView({ block: 'end' }));
    expect(await overlaps(), `control ${i} under the report button`).toBe(false);
  }
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  expect(await overlaps()).toBe(false);

  // The form is still one tap away: the profile menu's entry opens it.
  await page.getByRole('button', { name: fr['header-profile_menu'] }).click();
  await page.getByRole('menuitem', { name: fr['report-open_button'] }).click();
  await expect(page.getByRole('dialog', { name: fr['report-form_title'] })).toBeVisible();
});

test('on a desktop the report button still floats, and the profile menu has no entry for it', async ({ page, context, request, baseURL }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await useToken(context, baseURL, await demoToken(request, 'manager'));
  await page.goto('/dashboard');
  await expect(page.getByRole('button', { name: fr['report-open_button'] })).toBeVisible();
  await page.getByRole('button', { name: fr['header-profile_menu'] }).click();
  await expect(page.getByRole('menuitem', { name: fr['header-my_profile'] })).toBeVisible();
  await expect(page.getByRole('menuitem', { name: fr['report-open_button'] })).toHaveCount(0);
});
