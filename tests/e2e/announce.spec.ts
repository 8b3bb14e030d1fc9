import type { Locator, Page } from '@playwright/test';
import { DEMO_ACCOUNTS } from '../../server/db/seed';
import { DEMO_DCE_CALL } from '../../server/db/demo-dce';
import type { APIRequestContext } from '@playwright/test';
import { bearer, demoToken, expect, freshTender, fr, signIn, test, useToken } from './fixtures';

// Issue 28, items 3, 5, 6 and 8a, kept as tests: results that arrive later are said by the app's one
// polite live region (read here from the accessibility tree, not from the DOM's classes); toasts wait
// while hovered and stay in a log; a refused form puts the focus on its first error; the focus goes to
// the page's heading after sign-in and each route change; the main paths work with the keyboard only.

const announcer = (page: Page) => page.getByTestId('announcer');

/** The accessibility tree's text of the live region: what a screen reader is given. */
async function announced(page: Page) {
  const snapshot = await announcer(page).ariaSnapshot();
  return snapshot;
}

async function demoTender(page: Page) {
  const token = await demoToken(page.request, 'manager');
  const { tenderCalls } = (await (await page.request.get('/api/tenders/my-company?perPage=all', { headers: bearer(token) })).json()) as { tenderCalls: { _id: string; tenderCall: { reference: string } }[] };
  const tender = tenderCalls.find((row) => row.tenderCall.reference === DEMO_DCE_CALL.reference)!;
  await expect
    .poll(async () => {
      const { documents } = (await (await page.request.get(`/api/tenders/${tender._id}/docs`, { headers: bearer(token) })).json()) as { documents: { extraction: { status: string } | null }[] };
      return documents.every((doc) => doc.extraction?.status === 'done');
    }, { timeout: 60_000 })
    .toBe(true);
  return { token, tenderId: tender._id };
}

// The demo is shared by every spec of a run: what these tests change is put back as it was.
/** Clears the manager's chat history on the tender (the chat's own "clear" operation). */
const clearChat = async (request: APIRequestContext, token: string, tenderId: string) => {
  const cleared = await request.delete(`/api/tenders/${tenderId}/chat/messages`, { headers: bearer(token) });
  expect(cleared.ok(), await cleared.text()).toBe(true);
};

type Section = { _id: string; title: string; version: number; content: unknown };
/** The demo memory's section of that title as it is now, and how to put it back. */
async function keptSection(request: APIRequestContext, token: string, tenderId: string, title: RegExp) {
  const { memories } = (await (await request.get(`/api/tenders/${tenderId}/memories`, { headers: bearer(token) })).json()) as { memories: { _id: string }[] };
  const sectionsOf = async () => ((await (await request.get(`/api/memories/${memories[0]!._id}`, { headers: bearer(token) })).json()) as { sections: Section[] }).sections;
  const before = (await sectionsOf()).find((section) => title.test(section.title))!;
  return async () => {
    const now = (await sectionsOf()).find((section) => section._id === before._id)!;
    const put = await request.patch(`/api/memories/${memories[0]!._id}/sections/${before._id}`, { headers: bearer(token), data: { version: now.version, content: before.content } });
    expect(put.ok(), await put.text()).toBe(true);
  };
}

/** Presses Tab (Shift+Tab backwards) until `target` has the focus: the keyboard's own way there. */
async function tabTo(page: Page, target: Locator, { backwards = false, max = 150 } = {}) {
  for (let i = 0; i < max; i++) {
    if (await target.evaluate((element) => element === document.activeElement || element.contains(document.activeElement)).catch(() => false)) return;
    await page.keyboard.press(backwards ? 'Shift+Tab' : 'Tab');
  }
  throw new Error(`Tab never reached ${target.toString()}`);
}

const focusedIsMainHeading = (page: Page) => page.evaluate(() => document.activeElement === document.querySelector('#main h1'));

test('the chat answer, an analysis completion and an autosave failure are announced in a live region (read from the accessibility tree)', async ({ page, context, baseURL }) => {
  test.slow();
  const { token, tenderId } = await demoTender(page);
  await useToken(context, baseURL, token);
  const restoreSection = await keptSection(page.request, token, tenderId, /Qualité des services associés/);
  try {
    // The chat's answer: the loading bubble goes, the live region keeps "Réponse reçue" and the answer's start.
    await page.goto(`/tender/chat/${tenderId}`);
    await page.getByRole('button', { name: fr['chat-suggest_deadline'] }).click();
    await expect(page.getByRole('article', { name: `Réponse à « ${fr['chat-suggest_deadline']} »` })).toBeVisible({ timeout: 20_000 });
    await expect.poll(() => announced(page), { timeout: 10_000 }).toMatch(/Réponse reçue : .*15 juillet 2026/i);
    await expect(page.getByRole('status').filter({ hasText: 'Réponse reçue' })).toHaveAttribute('aria-live', 'polite');

    // An analysis followed to its end.
    await page.goto(`/tender/dce-analyse/${tenderId}`);
    // The demo's DCE is analysed already: its analysis is run again.
    await page.getByRole('button', { name: fr['dceanalysis-rerun'] }).click();
    await expect.poll(() => announced(page), { timeout: 60_000 }).toContain(fr['a11y-dce_analysis_done']);

    // An autosave refused by the server (500), then accepted again.
    let failing = true;
    await page.route('**/api/memories/*/sections/*', (route) => (failing && route.request().method() === 'PATCH' ? route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ msg: 'Erreur interne du serveur.' }) }) : route.fallback()));
    await page.goto(`/tender/assisted-writing/${tenderId}`);
    const main = page.getByRole('main');
    await main.getByRole('navigation', { name: fr['memory-outline'] }).getByRole('button', { name: /Qualité des services associés/ }).click();
    const editor = main.getByRole('textbox', { name: /Qualité des services associés/ });
    await editor.click();
    await page.keyboard.press('Control+End');
    await page.keyboard.type(' Astreinte joignable 24 h sur 24.');
    await expect.poll(() => announced(page), { timeout: 15_000 }).toContain(fr['a11y-autosave_failed']);
    failing = false;
    await expect.poll(() => announced(page), { timeout: 15_000 }).toContain(fr['a11y-autosave_recovered']);
  } finally {
    await clearChat(page.request, token, tenderId);
    await restoreSection();
  }
});

test('toasts wait while hovered and stay readable in a log once gone', async ({ page }) => {
  await signIn(page, DEMO_ACCOUNTS.manager.email, DEMO_ACCOUNTS.manager.password);
  await expect(page).toHaveURL(/\/dashboard$/);
  // A success toast (2 s): the report sent from the report form.
  await page.getByRole('button', { name: fr['report-open_button'] }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel(fr['report-title']!).fill('Toast de test');
  await dialog.getByLabel(fr['report-description']!).fill('Un signalement envoyé pour voir son message rester.');
  await page.getByRole('button', { name: fr['report-submit'] }).click();
  const toast = page.locator('[role="status"][data-toast-type="success"]').first();
  await expect(toast).toBeVisible();
  const text = (await toast.textContent())!.trim();
  await toast.hover();
  await page.waitForTimeout(3000);
  await expect(toast, 'still there after 3 s while hovered').toBeVisible();
  await page.mouse.move(5, 5);
  await expect(toast).toBeHidden({ timeout: 5000 });
  const log = page.getByRole('log', { name: fr['toast-log'] });
  await expect(log).toContainText(text);
});

test('focus after sign-in and after a route change', async ({ page }) => {
  await signIn(page, DEMO_ACCOUNTS.manager.email, DEMO_ACCOUNTS.manager.password);
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect.poll(() => focusedIsMainHeading(page), { timeout: 10_000 }).toBe(true);
  await page.getByRole('navigation').getByRole('link', { name: fr['sidemenu-calendar'] }).first().click();
  await expect(page).toHaveURL(/\/company\/calendar$/);
  await expect.poll(() => focusedIsMainHeading(page), { timeout: 10_000 }).toBe(true);

  // A first load keeps the browser's start of the page: the skip link is the first stop.
  await page.goto('/company/tenders');
  await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toBeVisible();
  expect(await page.evaluate(() => document.activeElement === document.body)).toBe(true);
  await page.keyboard.press('Tab');
  await expect(page.getByRole('link', { name: fr['common-skip_to_content'] })).toBeFocused();
});

test('keyboard-only paths: sign in, send a report, move a board card, write in the mémoire and reach its panel, ask the chat', async ({ page }) => {
  test.slow();
  // Sign in; an empty form first: the focus goes to its first error and the count is said.
  await page.goto('/sign-in');
  await tabTo(page, page.getByRole('button', { name: fr['signin-submit'] }));
  await page.keyboard.press('Enter');
  await expect(page.getByLabel(fr['signin-email']!)).toBeFocused();
  await expect.poll(() => announced(page)).toMatch(/Le formulaire contient \d+ erreurs?\./);
  await tabTo(page, page.getByLabel(fr['signin-email']!));
  await page.keyboard.type(DEMO_ACCOUNTS.manager.email);
  await tabTo(page, page.getByLabel(fr['signin-password']!, { exact: true }));
  await page.keyboard.type(DEMO_ACCOUNTS.manager.password);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect.poll(() => focusedIsMainHeading(page), { timeout: 10_000 }).toBe(true);

  // Send a report: an empty title is refused, the focus lands on it and the count is said.
  await tabTo(page, page.getByRole('button', { name: fr['report-open_button'] }));
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  await tabTo(page, page.getByRole('button', { name: fr['report-submit'] }));
  await page.keyboard.press('Enter');
  const title = dialog.getByLabel(fr['report-title']!);
  await expect(title).toBeFocused();
  await expect(title).toHaveAttribute('aria-invalid', 'true');
  // (The count is said by the app's live region outside the modal dialog, which the dialog hides from
  // screen readers: in a dialog the focused field, named with its error, is what is heard.)
  await page.keyboard.type('Signalement au clavier');
  await tabTo(page, dialog.getByLabel(fr['report-description']!));
  await page.keyboard.type('Envoyé sans souris.');
  await tabTo(page, page.getByRole('button', { name: fr['report-submit'] }));
  await page.keyboard.press('Enter');
  await expect(dialog).toBeHidden({ timeout: 10_000 });

  // Move a board card: the card's menu, by keyboard (a tender of this test's own, removed after).
  const fresh = await freshTender(page.request, { reference: 'CLAVIER', title: 'Entretien des espaces verts au clavier', buyer: 'Ville de Vénissieux', submissionDeadline: new Date(Date.now() + 15 * 86_400_000).toISOString() });
  try {
    await page.goto('/company/tenders?view=board');
    const trigger = page.locator(`[data-card-id="${fresh.tenderId}"]`).getByRole('button').first();
    await expect(trigger).toBeVisible({ timeout: 30_000 });
    await tabTo(page, trigger, { max: 300 });
    await page.keyboard.press('Enter');
    const menu = page.getByRole('menu');
    await expect(menu).toBeVisible();
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('board-announcer')).not.toBeEmpty();
  } finally {
    await fresh.cleanup();
  }

  // Write in the mémoire and reach its panel.
  const { token, tenderId } = await demoTender(page);
  const restoreSection = await keptSection(page.request, token, tenderId, /Qualité des services associés/);
  try {
    await page.goto(`/tender/assisted-writing/${tenderId}`);
    const main = page.getByRole('main');
    const chapter = main.getByRole('navigation', { name: fr['memory-outline'] }).getByRole('button', { name: /Qualité des services associés/ });
    await tabTo(page, chapter, { max: 300 });
    await page.keyboard.press('Enter');
    const editor = main.getByRole('textbox', { name: /Qualité des services associés/ });
    await tabTo(page, editor, { max: 300 });
    await page.keyboard.press('Control+End');
    await page.keyboard.type(' Rédigé au clavier.');
    await expect(main.getByText(fr['memory-save_saved']!, { exact: true })).toBeVisible({ timeout: 15_000 });
    // The section's panel (its criterion, its requirements) is next in the keyboard's order.
    const panel = main.getByRole('region', { name: fr['memory-panel_title'] });
    await tabTo(page, panel, { max: 60 });

    // Ask the chat.
    await page.goto(`/tender/chat/${tenderId}`);
    const question = page.getByRole('textbox', { name: fr['chat-question'] });
    await tabTo(page, question, { max: 300 });
    await page.keyboard.type('Quelle est la date limite de remise des offres ?');
    await page.keyboard.press('Enter');
    await expect.poll(() => announced(page), { timeout: 20_000 }).toMatch(/Réponse reçue/);
  } finally {
    await clearChat(page.request, token, tenderId);
    await restoreSection();
  }
});
