import type { APIRequestContext, Page } from '@playwright/test';
import { DEMO_ACCOUNTS } from '../../server/db/seed';
import { demoToken, expect, fr, grenobleTender, test } from './fixtures';

// Issue 24: text typed after the session ended is not lost. The demo manager writes in the
// mémoire while their session is revoked (signed out elsewhere with the same token): the editor
// asks to sign in again in place and saves; or, after a reload, offers the text kept in the
// browser back.
const manager = DEMO_ACCOUNTS.manager;

async function freshToken(request: APIRequestContext) {
  const response = await request.post('/api/users/login', { data: { email: manager.email, password: manager.password } });
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { token: string }).token;
}

/** A sub-criterion section of the demo memory the other specs leave alone. */
async function quietSection(request: APIRequestContext, nth: number) {
  const { headers, tenderId } = await grenobleTender(request);
  const list = await request.get(`/api/tenders/${tenderId}/memories`, { headers });
  const { memories } = (await list.json()) as { memories: { _id: string }[] };
  const memory = await request.get(`/api/memories/${memories[0]!._id}`, { headers });
  const { sections } = (await memory.json()) as { sections: { _id: string; title: string; source: string | null; level: number }[] };
  const section = sections.filter((s) => s.source === 'criteria' && s.level === 2).at(nth);
  expect(section, 'a sub-criterion section of the demo memory').toBeTruthy();
  return { tenderId, memoryId: memories[0]!._id, sectionId: section!._id, title: section!.title };
}

async function savedText(request: APIRequestContext, memoryId: string, sectionId: string) {
  const token = await demoToken(request, 'manager');
  const response = await request.get(`/api/memories/${memoryId}`, { headers: { authorization: `Bearer ${token}` } });
  const { sections } = (await response.json()) as { sections: { _id: string; text: string }[] };
  return sections.find((s) => s._id === sectionId)?.text ?? '';
}

async function openSection(page: Page, tenderId: string, title: string) {
  await page.goto(`/tender/assisted-writing/${tenderId}`);
  const main = page.getByRole('main');
  await main.getByRole('navigation', { name: fr['memory-outline'] }).getByRole('button', { name: title }).click();
  const editor = main.getByRole('textbox', { name: title });
  await expect(editor).toBeVisible({ timeout: 30_000 });
  return { main, editor };
}

async function typeAtEnd(page: Page, editor: ReturnType<Page['getByRole']>, text: string) {
  await editor.click();
  await page.keyboard.press('Control+End');
  await page.keyboard.type(text);
}

test('the session revoked while writing: sign in again in place, and the sentence is saved', async ({ page, request, baseURL }) => {
  test.slow();
  const { tenderId, memoryId, sectionId, title } = await quietSection(request, 0);
  const token = await freshToken(request);
  await page.context().addCookies([{ name: 'token', value: token, url: baseURL!, sameSite: 'Strict' }]);
  const { main, editor } = await openSection(page, tenderId, title);

  // Signed out elsewhere with the same token: the server refuses it from now on.
  expect((await request.post('/api/users/logout', { headers: { authorization: `Bearer ${token}` } })).ok()).toBe(true);
  const sentence = ' Une revue de conception réunit le client et le titulaire avant chaque lot.';
  await typeAtEnd(page, editor, sentence);

  const dialog = page.getByRole('dialog', { name: fr['reauth-title'] });
  await expect(dialog).toBeVisible({ timeout: 20_000 });
  await expect(page).toHaveURL(new RegExp(`/tender/assisted-writing/${tenderId}$`));
  await expect(dialog.getByLabel(fr['signin-email']!)).toHaveValue(manager.email);
  // (The page behind the modal dialog is hidden from assistive technology meanwhile.)
  await dialog.getByLabel(fr['signin-password']!, { exact: true }).fill(manager.password);
  await dialog.getByRole('button', { name: fr['reauth-submit'] }).click();

  await expect(dialog).toBeHidden();
  await expect(main.getByText(fr['memory-save_saved']!, { exact: true })).toBeVisible({ timeout: 20_000 });
  await expect.poll(() => savedText(request, memoryId, sectionId), { timeout: 15_000 }).toContain(sentence.trim());
  // Saved: nothing is left in the browser.
  expect(await page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('soumissio.draft:')))).toEqual([]);
});

test('the session ended and the page reloaded: the text kept in the browser is offered back and saved', async ({ page, request, baseURL }) => {
  test.slow();
  const { tenderId, memoryId, sectionId, title } = await quietSection(request, 1);
  const token = await freshToken(request);
  await page.context().addCookies([{ name: 'token', value: token, url: baseURL!, sameSite: 'Strict' }]);
  const { editor } = await openSection(page, tenderId, title);
  expect((await request.post('/api/users/logout', { headers: { authorization: `Bearer ${token}` } })).ok()).toBe(true);
  const sentence = ' Les essais de réception sont consignés dans un procès-verbal signé.';
  await typeAtEnd(page, editor, sentence);
  await expect(page.getByRole('dialog', { name: fr['reauth-title'] })).toBeVisible({ timeout: 20_000 });

  // Reloading instead (the browser asks first: text not saved): the dead session leads to /sign-in.
  page.on('dialog', (d) => void d.accept());
  await page.reload();
  await expect(page).toHaveURL(/\/sign-in$/, { timeout: 20_000 });
  await page.getByLabel(fr['signin-email']!).fill(manager.email);
  await page.getByLabel(fr['signin-password']!, { exact: true }).fill(manager.password);
  await page.getByRole('button', { name: fr['signin-submit'] }).click();
  await expect(page).toHaveURL(/\/dashboard$/, { timeout: 20_000 });

  const { main } = await openSection(page, tenderId, title);
  await expect(main.getByText(fr['memory-recovered_title']!)).toBeVisible();
  expect(await savedText(request, memoryId, sectionId)).not.toContain(sentence.trim());
  await main.getByRole('button', { name: fr['memory-recovered_restore'] }).click();
  await expect(main.getByRole('textbox', { name: title })).toContainText(sentence.trim());
  await expect.poll(() => savedText(request, memoryId, sectionId), { timeout: 20_000 }).toContain(sentence.trim());
});
