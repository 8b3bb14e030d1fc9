import type { APIRequestContext } from '@playwright/test';
import { MEMORY_DRAFT } from './llm-server-replies';
import { expect, expectAccessible, fr, grenobleTender, test } from './fixtures';

// The writing assistant of the technical memory with a language model (issue 12): on the server
// with the fake OpenAI-compatible endpoint (playwright.config.ts), a manager asks a draft for a
// section, sees it stream in, accepts it, and the section holds it after a reload (autosaved).
const LLM_SERVER = `http://localhost:${process.env.E2E_LLM_PORT ?? 4198}`;

/** The demo manager's token, the demo Grenoble tender and a criterion section of its memory. */
async function demoSection(request: APIRequestContext) {
  const { token, headers, tenderId } = await grenobleTender(request, LLM_SERVER);
  const { memories } = (await (await request.get(`${LLM_SERVER}/api/tenders/${tenderId}/memories`, { headers })).json()) as { memories: { _id: string }[] };
  const memory = (await (await request.get(`${LLM_SERVER}/api/memories/${memories[0]!._id}`, { headers })).json()) as { assist: string; sections: { title: string; source: string | null; level: number }[] };
  expect(memory.assist).toBe('llm');
  const section = memory.sections.find((s) => s.source === 'criteria' && /protection de l'environnement/.test(s.title));
  expect(section, 'the environment chapter of the demo memory').toBeTruthy();
  return { token, tenderId, title: section!.title };
}

test('with a language model, a drafted section streams in, is accepted and stays after a reload', async ({ page, context, request }) => {
  test.slow();
  const { token, tenderId, title } = await demoSection(request);
  await context.addCookies([{ name: 'token', value: token, url: LLM_SERVER, sameSite: 'Strict' }]);
  await page.goto(`${LLM_SERVER}/tender/assisted-writing/${tenderId}`);
  const main = page.getByRole('main');
  await main.getByRole('navigation', { name: fr['memory-outline'] }).getByRole('button', { name: title }).click();
  const editor = main.getByRole('textbox', { name: title });
  await expect(editor).toBeVisible({ timeout: 30_000 });
  await expect(editor).not.toContainText(MEMORY_DRAFT);

  const assistant = main.getByRole('region', { name: fr['memory-assist_title'] });
  // With a model every action is offered; nothing selected, the draft goes at the end.
  await expect(assistant.getByRole('button', { name: fr['memory-assist_rewrite'] })).toBeEnabled();
  await assistant.getByRole('button', { name: fr['memory-assist_draft'] }).click();
  // Part of the draft shows while the rest is still being written.
  await expect(assistant.getByRole('status', { name: fr['memory-assist_streaming'] })).toBeVisible();
  const suggestion = assistant.getByTestId('assist-suggestion');
  await expect(suggestion).not.toBeEmpty();
  await expect(suggestion).toHaveText(MEMORY_DRAFT, { timeout: 15_000 });
  await expect(assistant.getByText(fr['memory-assist_by_llm']!)).toBeVisible();
  await expectAccessible(page, 'the writing assistant with its suggestion');
  // Nothing is written before it is accepted.
  await expect(editor).not.toContainText(MEMORY_DRAFT);
  await assistant.getByRole('button', { name: fr['memory-assist_accept'] }).click();
  await expect(editor).toContainText(MEMORY_DRAFT);
  await expect(suggestion).toHaveCount(0);
  await expect(main.getByText(fr['memory-save_saved']!, { exact: true })).toBeVisible({ timeout: 15_000 });

  await page.reload();
  await main.getByRole('navigation', { name: fr['memory-outline'] }).getByRole('button', { name: title }).click();
  await expect(main.getByRole('textbox', { name: title })).toContainText(MEMORY_DRAFT, { timeout: 30_000 });
});
