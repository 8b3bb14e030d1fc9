import { animationsDone, en, expect, expectAccessible, fr, grenobleTender, test, useLook, useToken } from './fixtures';

// Comments and images in the technical memory (issue 12): the manager selects a sentence, comments
// it (Ctrl+Alt+M), replies, resolves the thread; the passage stays marked after a reload. An image
// chosen with the toolbar's button is uploaded, inserted by its URL with its alt text, and still
// shows after a reload.

/** A 2×2 PNG. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAFElEQVR4nGP4z8DAwPAfhP7//w8AH+4F+3uLQwgAAAAASUVORK5CYII=', 'base64');

test('a sentence commented, replied to and resolved; an image inserted; both survive a reload', async ({ page, context, request, baseURL }) => {
  test.slow();
  const { token, tenderId } = await grenobleTender(request);
  await useToken(context, baseURL, token);
  await page.goto(`/tender/assisted-writing/${tenderId}`);
  const main = page.getByRole('main');
  const outline = main.getByRole('navigation', { name: fr['memory-outline'] });
  await outline.getByRole('button', { name: /Qualité des services associés/ }).click();
  const editor = main.getByRole('textbox', { name: /Qualité des services associés/ });
  await editor.click();
  await page.keyboard.press('Control+End');
  await page.keyboard.press('Enter');
  const sentence = 'Une astreinte téléphonique répond 24 heures sur 24.';
  await page.keyboard.type(sentence);
  await page.keyboard.press('Shift+Home');
  // The editor reads the browser's selection a moment later: a person sees "Commenter" become
  // available; on a loaded machine the shortcut could otherwise arrive before the selection.
  await expect(main.getByRole('button', { name: fr['memory-comment_add'], exact: true })).toBeEnabled();

  // Ctrl+Alt+M on the selection: the panel's form, the passage quoted, focused.
  await page.keyboard.press('Control+Alt+m');
  const panel = main.getByRole('region', { name: fr['memory-comments_title'] });
  const body = panel.getByRole('textbox', { name: fr['memory-comment_body'] });
  await expect(body).toBeFocused();
  await expect(panel.getByText(sentence)).toBeVisible();
  await body.fill('Préciser le délai d’intervention sur site.');
  await panel.getByRole('button', { name: fr['memory-comment_send'] }).click();
  const passage = panel.getByRole('button', { name: `${fr['memory-comment_open_passage']} : ${sentence}` });
  await expect(passage).toBeVisible();
  await expect(editor.locator('mark.memory-comment')).toHaveText(sentence);
  await expect(main.getByText(fr['memory-save_saved']!, { exact: true })).toBeVisible({ timeout: 10_000 });

  // A reply, then resolved: the thread folds under "show resolved".
  await panel.getByRole('textbox', { name: fr['memory-comment_reply_label'] }).fill('Quatre heures, ajouté au tableau.');
  await panel.getByRole('button', { name: fr['memory-comment_reply'] }).click();
  await expect(panel.locator('p', { hasText: 'Quatre heures, ajouté au tableau.' })).toBeVisible();
  await expect(panel.getByRole('textbox', { name: fr['memory-comment_reply_label'] })).toHaveValue('');
  await animationsDone(page);
  await expectAccessible(page, 'memory with a comment thread');
  await panel.getByRole('button', { name: fr['memory-comment_resolve'] }).click();
  await expect(passage).toBeHidden();
  // A resolved passage is no longer highlighted in the text; its mark stays (reopening brings it back).
  await expect(editor.locator('mark.memory-comment')).toHaveCSS('background-color', 'rgba(0, 0, 0, 0)');
  await panel.getByRole('checkbox', { name: /Afficher les fils résolus/ }).check();
  await expect(passage).toBeVisible();

  // An image from the toolbar: its alt text asked, uploaded, inserted by URL.
  await editor.click();
  await page.keyboard.press('Control+End');
  const chooser = page.waitForEvent('filechooser');
  await main.getByRole('button', { name: fr['memory-image_button'], exact: true }).click();
  await (await chooser).setFiles({ name: 'plan.png', mimeType: 'image/png', buffer: PNG });
  await main.getByRole('textbox', { name: /Texte alternatif/ }).fill('Plan de l’astreinte');
  await main.getByRole('button', { name: fr['memory-image_insert'] }).click();
  const image = editor.locator('img[alt="Plan de l’astreinte"]');
  await expect(image).toHaveAttribute('src', /^\/api\/memory-images\/[0-9a-f-]{36}$/);
  await expect(main.getByText(fr['memory-save_saved']!, { exact: true })).toBeVisible({ timeout: 10_000 });

  // After a reload: the passage still marked, the image still shown (loaded from the server).
  await page.reload();
  await outline.getByRole('button', { name: /Qualité des services associés/ }).click();
  await expect(editor.locator('mark.memory-comment')).toHaveText(sentence);
  const reloaded = editor.locator('img[alt="Plan de l’astreinte"]');
  await expect(reloaded).toBeVisible();
  await expect.poll(() => reloaded.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(2);
});

test('a commented passage and its thread pass axe in English and dark', async ({ page, context, request, baseURL }) => {
  const { token, tenderId } = await grenobleTender(request);
  const headers = { authorization: `Bearer ${token}` };
  const list = (await (await request.get(`/api/tenders/${tenderId}/memories`, { headers })).json()) as { memories: { _id: string }[] };
  const memory = (await (await request.get(`/api/memories/${list.memories[0]!._id}`, { headers })).json()) as { _id: string; sections: { _id: string; title: string; version: number }[] };
  const section = memory.sections.find((s) => /Qualité des services associés/.test(s.title))!;
  const quote = 'Un interlocuteur unique suit le contrat.';
  const created = await request.post(`/api/memories/${memory._id}/comments`, { headers, data: { sectionId: section._id, quote, body: 'Name the person.' } });
  const { details: thread } = (await created.json()) as { details: { _id: string } };
  const fresh = (await (await request.get(`/api/memories/${memory._id}`, { headers })).json()) as typeof memory;
  const version = fresh.sections.find((s) => s._id === section._id)!.version;
  const content = { type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text: quote, marks: [{ type: 'comment', attrs: { threadId: thread._id } }] }] }] };
  expect((await request.patch(`/api/memories/${memory._id}/sections/${section._id}`, { headers, data: { version, content } })).ok()).toBe(true);

  await useLook(page, 'en', 'dark');
  await useToken(context, baseURL, token);
  await page.goto(`/tender/assisted-writing/${tenderId}`);
  const main = page.getByRole('main');
  await main.getByRole('navigation', { name: en['memory-outline'] }).getByRole('button', { name: /Qualité des services associés/ }).click();
  const editor = main.getByRole('textbox', { name: /Qualité des services associés/ });
  await expect(editor.locator('mark.memory-comment')).toHaveText(quote);
  const panel = main.getByRole('region', { name: en['memory-comments_title'] });
  await expect(panel.getByText('Name the person.')).toBeVisible();
  // Clicking the thread's passage selects the marked words in the text.
  await panel.getByRole('button', { name: `${en['memory-comment_open_passage']} : ${quote}` }).click();
  await expect.poll(() => page.evaluate(() => window.getSelection()?.toString())).toBe(quote);
  await animationsDone(page);
  await expectAccessible(page, 'memory comments (en, dark)');
});
