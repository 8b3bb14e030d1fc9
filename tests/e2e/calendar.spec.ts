import type { Page } from '@playwright/test';
import { DEMO_ACCOUNTS } from '../../server/db/seed';
import { animationsDone, en, expect, expectAccessible, fr, freshTender, LOOKS, settled, signIn, test, useLook } from './fixtures';
import { expectLayoutHolds } from './layout-checks';
import { atFromToday, dayFromToday } from '../support/days';

// The deadline calendar (issue 13): a manager finds a tender's submission deadline on its day in
// the month, then in the week, subscribes, and the calendar feed's address (fetched without a
// session, as a calendar app does) holds the event; revoking it makes the address answer 404.

const cell = (page: Page, day: string) => page.getByRole('grid').locator(`[data-day="${day}"]`);

test('a manager sees a deadline on its day in the month and the week, subscribes, and the feed holds it', async ({ page, request }) => {
  test.slow();
  // Three days ahead at 10:00 in Paris: 09:00 UTC in winter, 08:00 in summer.
  const day = dayFromToday(3);
  const submissionDeadline = atFromToday(3, '10:00').toISOString();
  const title = 'Rénovation énergétique de la médiathèque Lucie-Aubrac';
  const { tenderId, cleanup } = await freshTender(request, { reference: 'AGENDA', title, buyer: 'Ville de Vaulx-en-Velin', submissionDeadline });
  try {
    await signIn(page, DEMO_ACCOUNTS.manager.email, DEMO_ACCOUNTS.manager.password);
    await expect(page).toHaveURL(/\/dashboard$/);
    // The side menu's entry beside the tenders.
    await page.getByRole('navigation', { name: fr['sidemenu-label'] }).getByRole('link', { name: fr['sidemenu-calendar'] }).click();
    await expect(page).toHaveURL(/\/company\/calendar$/);
    await settled(page, fr['calendar-title']!);

    // The month of the deadline: the next one when three days ahead is next month (its day may
    // then show at the grid's edge, where a click focuses nothing).
    await expect(page.getByRole('grid').locator('[role="gridcell"]').first()).toBeVisible();
    if (day.slice(0, 7) !== dayFromToday(0).slice(0, 7)) await page.getByRole('button', { name: fr['calendar-next_month'] }).click();
    const label = `${fr['calendar-kind_submission']} — ${title} (réf. `;
    const link = cell(page, day).getByRole('link', { name: new RegExp(`^${label.replace(/[()]/g, '\\$&')}`) });
    await expect(link).toBeVisible({ timeout: 30_000 });
    await expect(link).toHaveAttribute('href', `/tenders/${tenderId}`);
    await expect(link).toContainText('10:00');

    // The week of that day: focus the day (click its number), then the week view.
    await cell(page, day).locator('span[aria-hidden="true"]').first().click();
    await expect(cell(page, day)).toBeFocused();
    await page.getByRole('button', { name: fr['calendar-view_week'], exact: true }).click();
    await expect(page.getByRole('grid').locator('[role="gridcell"]')).toHaveCount(7);
    await expect(cell(page, day).getByRole('link', { name: new RegExp(`^${label.replace(/[()]/g, '\\$&')}`) })).toBeVisible();
    // Enter on the focused day opens its list.
    await cell(page, day).focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByRole('link', { name: new RegExp(title) })).toBeVisible();
    await page.keyboard.press('Escape');

    // Subscribe: the address is shown once; a calendar app reads it without a session.
    await page.getByRole('button', { name: fr['calendar-feed_create'] }).click();
    const address = page.getByRole('textbox', { name: fr['calendar-feed_url'] });
    await expect(address).toHaveValue(/\/api\/calendar\/[A-Za-z0-9_-]{43}\.ics\?lang=fr$/);
    const url = await address.inputValue();
    const path = new URL(url).pathname + new URL(url).search;
    const feed = await request.get(path);
    expect(feed.status()).toBe(200);
    expect(feed.headers()['content-type']).toMatch(/^text\/calendar/);
    const text = (await feed.text()).replace(/\r\n[ \t]/g, '');
    expect(text).toContain(`UID:submission-${tenderId}@`);
    expect(text).toContain(`SUMMARY:${fr['calendar-kind_submission']} — ${title}`);
    expect(text).toContain(`DTSTART:${submissionDeadline.replace(/[-:]/g, '').replace('.000', '')}`);
    expect(text).toContain(`URL;VALUE=URI:`);

    // Revoked: the address stops answering.
    await page.getByRole('button', { name: fr['calendar-feed_revoke'], exact: true }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: fr['calendar-feed_revoke'], exact: true }).click();
    await expect(page.getByRole('button', { name: fr['calendar-feed_create'] })).toBeVisible();
    expect((await request.get(path)).status()).toBe(404);
  } finally {
    await cleanup();
  }
});

for (const [lng, theme] of LOOKS) {
  test(`the calendar is accessible in ${lng}, ${theme}`, async ({ page }) => {
    test.slow();
    const t = lng === 'fr' ? fr : en;
    await signIn(page, DEMO_ACCOUNTS.manager.email, DEMO_ACCOUNTS.manager.password);
    await expect(page).toHaveURL(/\/dashboard$/);
    await useLook(page, lng, theme);
    await page.goto('/company/calendar');
    await settled(page, t['calendar-title']!);
    await expect(page.getByRole('button', { name: t['calendar-feed_create'] })).toBeVisible({ timeout: 30_000 });
    // English names of the week, from Monday.
    await expect(page.getByRole('grid').getByRole('columnheader').first()).toHaveAttribute('aria-label', lng === 'fr' ? 'lundi' : 'Monday');
    await animationsDone(page);
    await expectAccessible(page, `calendar (${lng}, ${theme})`);
    await expectLayoutHolds(page, `calendar (${lng}, ${theme})`, `calendar-${lng}-${theme}`);
    await page.getByRole('button', { name: t['calendar-view_week'], exact: true }).click();
    await expect(page.getByRole('grid').locator('[role="gridcell"]')).toHaveCount(7);
    // The chosen view's button fades to its solid colours: contrast is measured once they are final.
    await animationsDone(page);
    await expectAccessible(page, `calendar, week (${lng}, ${theme})`);
    await expectLayoutHolds(page, `calendar, week (${lng}, ${theme})`);
    // On a phone: the agenda instead of the grid.
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(page.getByRole('grid')).toBeHidden();
    await expect(page.getByTestId('calendar-agenda')).toBeVisible();
    await animationsDone(page);
    await expectAccessible(page, `calendar, phone (${lng}, ${theme})`);
    await expectLayoutHolds(page, `calendar, phone (${lng}, ${theme})`);
  });
}
