import type { Page } from '@playwright/test';
import { DEMO_ACCOUNTS } from '../../server/db/seed';
import { animationsDone, bearer, demoToken, en, expect, expectAccessible, fr, freshTender, LOOKS, settled, signIn, test, useLook } from './fixtures';

// The kanban of a company's tenders (issue 13): a manager moves a tender of their own along its
// lifecycle, once with the card's keyboard menu and once by dragging it; a move the lifecycle
// forbids is refused and said. The tender is made for this test and removed after.

const column = (page: Page, status: string) => page.locator(`section[data-status="${status}"]`);
const card = (page: Page, id: string) => page.locator(`[data-card-id="${id}"]`);
const countOf = async (page: Page, status: string) => Number((await column(page, status).getByTestId('column-count').textContent())!.replace(/\D+/g, ''));

test('a manager moves a tender on the board by keyboard and by drag; a forbidden move is refused', async ({ page, request }) => {
  test.slow();
  const title = 'Réfection des vestiaires du stade Laurent-Gérin';
  const { tenderId, cleanup } = await freshTender(request, { reference: 'KANBAN', title, buyer: 'Ville de Vénissieux', submissionDeadline: new Date(Date.now() + 15 * 86_400_000).toISOString() });
  try {
    await signIn(page, DEMO_ACCOUNTS.manager.email, DEMO_ACCOUNTS.manager.password);
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.goto('/company/tenders');
    await settled(page, fr['tenders-title']!);
    await page.getByRole('navigation', { name: fr['tenders-view_switch'] }).getByRole('link', { name: fr['tenders-view_board'] }).click();
    await expect(page).toHaveURL(/\/company\/tenders\?view=board$/);
    await expect(card(page, tenderId)).toBeVisible({ timeout: 30_000 });
    await expect(column(page, 'not_started').locator(`[data-card-id="${tenderId}"]`)).toBeVisible();
    const before = { notStarted: await countOf(page, 'not_started'), inProgress: await countOf(page, 'in_progress'), pending: await countOf(page, 'pending') };

    // By keyboard: the card's menu lists only the allowed statuses; focus stays on the moved card.
    const trigger = card(page, tenderId).getByRole('button', { name: fr['tendersboard-move_label']!.replace('{{title}}', title) });
    await trigger.focus();
    await page.keyboard.press('Enter');
    const menu = page.getByRole('menu');
    await expect(menu.getByRole('menuitem')).toHaveText([fr['tender-status_in_progress']!, fr['tender-status_non_compliant']!]);
    await page.keyboard.press('Enter');
    await expect(column(page, 'in_progress').locator(`[data-card-id="${tenderId}"]`)).toBeVisible();
    await expect(page.getByTestId('board-announcer')).toHaveText(fr['tendersboard-announce_moved']!.replace('{{title}}', title).replace('{{status}}', fr['tender-status_in_progress']!));
    await expect(card(page, tenderId).getByRole('button', { name: /./ })).toBeFocused();
    expect(await countOf(page, 'not_started')).toBe(before.notStarted - 1);
    expect(await countOf(page, 'in_progress')).toBe(before.inProgress + 1);

    // A forbidden move: in progress cannot go back to not started; nothing is sent, it is said.
    await card(page, tenderId).dragTo(column(page, 'not_started'), { sourcePosition: { x: 12, y: 12 } });
    await expect(page.getByTestId('board-announcer')).toHaveText(
      fr['tendersboard-announce_forbidden']!.replace('{{title}}', title).replace('{{from}}', fr['tender-status_in_progress']!).replace('{{to}}', fr['tender-status_not_started']!),
    );
    await expect(column(page, 'in_progress').locator(`[data-card-id="${tenderId}"]`)).toBeVisible();

    // By drag: in progress → pending.
    await card(page, tenderId).dragTo(column(page, 'pending'), { sourcePosition: { x: 12, y: 12 } });
    await expect(column(page, 'pending').locator(`[data-card-id="${tenderId}"]`)).toBeVisible();
    await expect(page.getByTestId('board-announcer')).toHaveText(fr['tendersboard-announce_moved']!.replace('{{title}}', title).replace('{{status}}', fr['tender-status_pending']!));
    expect(await countOf(page, 'pending')).toBe(before.pending + 1);

    // Saved: the board after a reload, and the server, agree.
    await page.reload();
    await expect(column(page, 'pending').locator(`[data-card-id="${tenderId}"]`)).toBeVisible({ timeout: 30_000 });
    expect(await countOf(page, 'in_progress')).toBe(before.inProgress);
    const manager = bearer(await demoToken(request, 'manager'));
    const saved = await request.get(`/api/tenders/${tenderId}`, { headers: manager });
    expect(((await saved.json()) as { status: string }).status).toBe('pending');
  } finally {
    await cleanup();
  }
});

for (const [lng, theme] of LOOKS) {
  test(`the board is accessible in ${lng}, ${theme}`, async ({ page }) => {
    test.slow();
    const t = lng === 'fr' ? fr : en;
    await signIn(page, DEMO_ACCOUNTS.manager.email, DEMO_ACCOUNTS.manager.password);
    await expect(page).toHaveURL(/\/dashboard$/);
    await useLook(page, lng, theme);
    await page.goto('/company/tenders?view=board');
    await settled(page, t['tenders-title']!);
    await expect(page.locator('[data-card-id]').first()).toBeVisible({ timeout: 30_000 });
    await animationsDone(page);
    await expectAccessible(page, `tenders board (${lng}, ${theme})`);
    await page.screenshot({ path: `test-results/screens/tenders-board-${lng}-${theme}.png`, fullPage: true });
    // On a phone the columns scroll sideways and snap.
    await page.setViewportSize({ width: 390, height: 844 });
    const board = page.getByRole('group', { name: t['tendersboard-label'] });
    expect(await board.evaluate((el) => ({ snap: getComputedStyle(el).scrollSnapType.startsWith('x'), scrolls: el.scrollWidth > el.clientWidth }))).toEqual({ snap: true, scrolls: true });
    await expectAccessible(page, `tenders board, phone (${lng}, ${theme})`);
    await page.screenshot({ path: `test-results/screens/tenders-board-phone-${lng}-${theme}.png` });
  });
}
