import type { APIRequestContext, Page } from '@playwright/test';
import { demoToken, expect, fr, grenobleTender, test } from './fixtures';

// Two people write in the same section of the technical memory (issue 12), each in their own
// browser. The first one's text is saved; the second one's save is refused, the notice shows both
// texts, and nothing typed is lost: "keep my text" saves it on top of the saved version.

/** The demo Grenoble tender and a criterion section of its memory that the other specs leave alone. */
async function sectionToShare(request: APIRequestContext) {
  const { headers, tenderId } = await grenobleTender(request);
  const list = await request.get(`/api/tenders/${tenderId}/memories`, { headers });
  const { memories } = (await list.json()) as { memories: { _id: string }[] };
  const memory = await request.get(`/api/memories/${memories[0]!._id}`, { headers });
  const { sections } = (await memory.json()) as { sections: { _id: string; title: string; source: string | null; level: number }[] };
  const shared = sections.filter((s) => s.source === 'criteria' && s.level === 1 && !/Qualité des services|Performances techniques/.test(s.title)).at(-1);
  expect(shared, 'a criterion chapter of the demo memory').toBeTruthy();
  return { tenderId, title: shared!.title, memoryId: memories[0]!._id, sectionId: shared!._id };
}

async function savedText(request: APIRequestContext, token: string, memoryId: string, sectionId: string) {
  const response = await request.get(`/api/memories/${memoryId}`, { headers: { authorization: `Bearer ${token}` } });
  const { sections } = (await response.json()) as { sections: { _id: string; text: string }[] };
  return sections.find((s) => s._id === sectionId)?.text ?? '';
}

async function openSection(page: Page, token: string, baseURL: string, tenderId: string, title: string) {
  await page.context().addCookies([{ name: 'token', value: token, url: baseURL, sameSite: 'Strict' }]);
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

test('two people write in the same section: the second save is refused and nothing is lost', async ({ browser, request, baseURL }) => {
  test.slow();
  const managerToken = await demoToken(request, 'manager');
  const employeeToken = await demoToken(request, 'employee');
  const { tenderId, title, memoryId, sectionId } = await sectionToShare(request);

  const managerContext = await browser.newContext();
  const employeeContext = await browser.newContext();
  try {
    const manager = await managerContext.newPage();
    const employee = await employeeContext.newPage();
    // Both open the section before either writes.
    const mine = await openSection(manager, managerToken, baseURL!, tenderId, title);
    const theirs = await openSection(employee, employeeToken, baseURL!, tenderId, title);

    await typeAtEnd(manager, mine.editor, ' Le chef de projet valide chaque livrable en revue hebdomadaire.');
    await expect(mine.main.getByText(fr['memory-save_saved']!, { exact: true })).toBeVisible({ timeout: 15_000 });
    // On a loaded machine the autosave may fire between two keystrokes: wait until the whole sentence is on the server.
    await expect
      .poll(async () => savedText(request, managerToken, memoryId, sectionId), { timeout: 15_000 })
      .toContain('Le chef de projet valide chaque livrable en revue hebdomadaire.');

    await typeAtEnd(employee, theirs.editor, ' Une astreinte téléphonique couvre les samedis.');
    // The employee's save comes second, on the version they opened: refused, both texts shown.
    await expect(theirs.main.getByRole('heading', { name: fr['memory-conflict_title'] })).toBeVisible({ timeout: 15_000 });
    await expect(theirs.main.getByText('Le chef de projet valide chaque livrable en revue hebdomadaire.').first()).toBeVisible();
    await expect(theirs.editor).toContainText('Une astreinte téléphonique couvre les samedis.');

    // Keeping their text saves it on the saved version: nothing the employee typed is lost.
    await theirs.main.getByRole('button', { name: fr['memory-keep_mine'] }).click();
    await expect(theirs.main.getByText(fr['memory-save_saved']!, { exact: true })).toBeVisible({ timeout: 15_000 });
    await manager.reload();
    await manager.getByRole('main').getByRole('navigation', { name: fr['memory-outline'] }).getByRole('button', { name: title }).click();
    await expect(manager.getByRole('main').getByRole('textbox', { name: title })).toContainText('Une astreinte téléphonique couvre les samedis.');
  } finally {
    await managerContext.close();
    await employeeContext.close();
  }
});
