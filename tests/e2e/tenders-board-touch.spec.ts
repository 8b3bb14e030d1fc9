import type { Page } from '@playwright/test';
import { DEMO_ACCOUNTS } from '../../server/db/seed';
import { bearer, demoToken, expect, fr, freshTender, settled, signIn, test } from './fixtures';

// The kanban on a touch screen (issue 13): no HTML5 drag there, so a long press picks a card up
// and the finger carries it to another column. Real touch events, sent through Chromium's
// DevTools protocol to a touch-enabled page.

test.use({ hasTouch: true, isMobile: false, viewport: { width: 1280, height: 900 } });

const card = (page: Page, id: string) => page.locator(`[data-card-id="${id}"]`);
const column = (page: Page, status: string) => page.locator(`section[data-status="${status}"]`);

test('a long press picks a card up and the finger moves it to another column', async ({ page, request }) => {
  test.slow();
  const title = 'Remplacement des menuiseries de l’école Paul-Bert';
  const { tenderId, cleanup } = await freshTender(request, { reference: 'TACTILE', title, buyer: 'Ville de Villeurbanne', submissionDeadline: new Date(Date.now() + 12 * 86_400_000).toISOString() });
  try {
    await signIn(page, DEMO_ACCOUNTS.manager.email, DEMO_ACCOUNTS.manager.password);
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.goto('/company/tenders?view=board');
    await settled(page, fr['tenders-title']!);
    await expect(card(page, tenderId)).toBeVisible({ timeout: 30_000 });
    await card(page, tenderId).scrollIntoViewIfNeeded();
    const from = (await card(page, tenderId).locator('span').first().boundingBox())!;
    const to = (await column(page, 'in_progress').boundingBox())!;
    const cdp = await page.context().newCDPSession(page);
    const point = (x: number, y: number) => [{ x: Math.round(x), y: Math.round(y), id: 1 }];
    const start = { x: from.x + 4, y: from.y + from.height / 2 };
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: point(start.x, start.y) });
    await page.waitForTimeout(700);
    await expect(card(page, tenderId)).toHaveAttribute('data-carried', 'true');
    const steps = 8;
    for (let i = 1; i <= steps; i++) {
      const x = start.x + ((to.x + to.width / 2 - start.x) * i) / steps;
      const y = start.y + ((to.y + 80 - start.y) * i) / steps;
      await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: point(x, y) });
    }
    await expect(column(page, 'in_progress')).toHaveAttribute('data-over', 'true');
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
    await expect(column(page, 'in_progress').locator(`[data-card-id="${tenderId}"]`)).toBeVisible();
    await expect(page.getByTestId('board-announcer')).toHaveText(fr['tendersboard-announce_moved']!.replace('{{title}}', title).replace('{{status}}', fr['tender-status_in_progress']!));
    // Lifting the finger on the column followed no link.
    await expect(page).toHaveURL(/\/company\/tenders\?view=board$/);
    const saved = await request.get(`/api/tenders/${tenderId}`, { headers: bearer(await demoToken(request, 'manager')) });
    expect(((await saved.json()) as { status: string }).status).toBe('in_progress');
  } finally {
    await cleanup();
  }
});
