import type { APIRequestContext, BrowserContext } from '@playwright/test';
import { DEMO_ACCOUNTS } from '../../server/db/seed';
import { DEMO_DCE_CALL } from '../../server/db/demo-dce';
import { expect, expectAccessible, fr, test } from './fixtures';

// The server with a language model (a fake endpoint), started by playwright.config.ts.
const LLM_SERVER = `http://localhost:${process.env.E2E_LLM_PORT ?? 4198}`;

/** Signs the demo manager in on a server; the demo's analysed DCE tender, once its documents are read and analysed. */
async function demoDce(request: APIRequestContext, context: BrowserContext, server: string) {
  const { email, password } = DEMO_ACCOUNTS.manager;
  const token = ((await (await request.post(`${server}/api/users/login`, { data: { email, password } })).json()) as { token: string }).token;
  await context.addCookies([{ name: 'token', value: token, url: server, sameSite: 'Strict' }]);
  const headers = { authorization: `Bearer ${token}` };
  const { tenderCalls } = (await (await request.get(`${server}/api/tenders/my-company?perPage=all`, { headers })).json()) as { tenderCalls: { _id: string; tenderCall: { reference: string } }[] };
  const tender = tenderCalls.find((row) => row.tenderCall.reference === DEMO_DCE_CALL.reference)!;
  await expect
    .poll(async () => {
      const { documents } = (await (await request.get(`${server}/api/tenders/${tender._id}/docs`, { headers })).json()) as { documents: { extraction: { status: string } | null }[] };
      return documents.every((doc) => doc.extraction?.status === 'done');
    }, { timeout: 60_000 })
    .toBe(true);
  // The chat answers what the analysis found from it: the test waits for it rather than race it.
  await expect
    .poll(async () => {
      const { analyses } = (await (await request.get(`${server}/api/tenders/${tender._id}/dce-analyses`, { headers })).json()) as { analyses: { status: string }[] };
      return analyses[0]?.status;
    }, { timeout: 60_000 })
    .toBe('done');
  return tender._id;
}

test('a manager asks the DCE the deadline: the analysis answers with its page, the source opens, the answer goes to the notes; other questions quote the documents', async ({ page, context, request, baseURL }) => {
  test.slow();
  const tenderId = await demoDce(request, context, baseURL!);
  await page.goto(`/tender/chat/${tenderId}`);
  await expect(page.getByText(/Aucun modèle de langue n'est configuré/)).toBeVisible();
  await page.getByRole('button', { name: fr['chat-suggest_deadline'] }).click();
  const answer = page.getByRole('article', { name: `Réponse à « ${fr['chat-suggest_deadline']} »` });
  await expect(answer.getByText(/Date limite de remise des offres : mercredi 15 juillet 2026 à 12:00 \(heure de Paris\)/)).toBeVisible({ timeout: 15_000 });
  await expect(answer.getByText(fr['chat-mode_extractive']!)).toBeVisible();
  await expectAccessible(page, 'the chat');

  // A question the analysis does not answer: the documents' own sentences, with their page.
  await page.getByRole('textbox', { name: fr['chat-question'] }).fill('Quelle est la surface utile minimale de la machine ?');
  await page.getByRole('button', { name: fr['chat-ask'] }).click();
  const quoted = page.getByRole('article', { name: 'Réponse à « Quelle est la surface utile minimale de la machine ? »' });
  await expect(quoted.getByText(/200 mm/)).toBeVisible({ timeout: 15_000 });
  await expect(quoted.getByRole('button', { name: /^Ouvrir CCTP_2026FCSSA0025 v2\.pdf à la page/ }).first()).toBeVisible();

  await answer.getByRole('button', { name: 'Ouvrir RC_2026FCSSA0025 v2.pdf à la page 1' }).click();
  const source = page.getByRole('dialog', { name: 'Texte de RC_2026FCSSA0025 v2.pdf' });
  await expect(source.locator('mark')).toContainText('15 JUILLET 2026');
  await page.keyboard.press('Escape');

  await answer.getByRole('button', { name: fr['chat-copy_to_notes'] }).click();
  await expect(page.getByText(fr['notes-added']!)).toBeVisible();
  await page.goto(`/tenders/${tenderId}`);
  await expect(page.getByText(`Question : ${fr['chat-suggest_deadline']}`)).toBeVisible();
});

test('with a language model, the answer streams in and cites its passage', async ({ page, context, request }) => {
  test.slow();
  const tenderId = await demoDce(request, context, LLM_SERVER);
  await page.goto(`${LLM_SERVER}/tender/chat/${tenderId}`);
  await expect(page.getByText(/rédigées par un modèle de langue/)).toBeVisible();
  // (Asked about more than the analysis found, "the form", so that the model writes the answer.)
  await page.getByRole('textbox', { name: fr['chat-question'] }).fill('Quand et sous quelle forme faut-il remettre les offres ?');
  await page.getByRole('button', { name: fr['chat-ask'] }).click();
  // Part of the answer shows while the rest is still being written.
  await expect(page.getByText(fr['chat-writing']!)).toBeVisible();
  const answer = page.getByRole('article', { name: 'Réponse à « Quand et sous quelle forme faut-il remettre les offres ? »' });
  await expect(answer.getByText(/au plus tard le mercredi 15 juillet 2026 à 12 h \[1\]/)).toBeVisible({ timeout: 15_000 });
  await expect(answer.getByText(fr['chat-mode_llm']!)).toBeVisible();
  await expect(answer.getByRole('button', { name: /^Ouvrir RC_2026FCSSA0025 v2\.pdf à la page/ })).toHaveText(/^\[1\] RC_2026FCSSA0025 v2\.pdf, p\. \d+$/);
});
