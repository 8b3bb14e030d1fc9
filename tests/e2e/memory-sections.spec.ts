import type { APIRequestContext } from '@playwright/test';
import { expect, fr, grenobleTender, test, useToken } from './fixtures';

// The memory's section tools (issue 12) on the demo's Grenoble INP call: a manager makes a memory
// from the analysis (the CCTP requirements linked to its sections), renames a section and sets it
// to review, inserts two CVs into "Moyens humains" with their source, ticks a requirement covered
// in the side panel, runs the analysis again and sees the requirements covered and the total rise.

type Section = { _id: string; title: string; level: number; version: number; criterion: unknown; requirementIds: string[]; source: string | null; content: { type: string; content: unknown[] } };
type Memory = { _id: string; title: string; sections: Section[]; requirements: { _id: string; text: string; status: string }[] };
type Analysis = { total: { score: number }; criteria: { reasons: { key: string; requirementIds?: string[] }[] }[] };

async function setUp(request: APIRequestContext) {
  const { token, headers, tenderId } = await grenobleTender(request);
  // The demo's CCTP matrix is read by a job started with the server: its requirements are wanted.
  await expect
    .poll(
      async () => {
        const list = (await (await request.get(`/api/tenders/${tenderId}/cctp-analyses`, { headers })).json()) as { analyses: { status: string }[] };
        return list.analyses[0]?.status;
      },
      { timeout: 60_000 },
    )
    .toBe('done');
  const created = await request.post(`/api/tenders/${tenderId}/memories`, { headers, data: { from: 'analysis', title: `Mémoire – outils des sections ${Date.now()}` } });
  expect(created.status()).toBe(201);
  const memory = ((await created.json()) as { details: Memory }).details;
  // A sub-criterion's section with requirements, answered in a few sentences that leave one uncovered.
  const section = memory.sections.find((s) => s.level === 2 && s.criterion && s.requirementIds.length > 0)!;
  expect(section, 'a section with CCTP requirements').toBeTruthy();
  const words = 'Notre équipe répond à ce point avec une machine éprouvée et un accompagnement complet. Chaque étape est tracée et remise au client. Le référent suit la mise en service avec l’acheteur.';
  const saved = await request.patch(`/api/memories/${memory._id}/sections/${section._id}`, {
    headers,
    data: { version: section.version, content: { type: 'doc', content: [...section.content.content, { type: 'paragraph', content: [{ type: 'text', text: words }] }] } },
  });
  expect(saved.status()).toBe(200);
  // The requirement the rules find uncovered: the one the team will tick.
  const analysis = (await (await request.post(`/api/memories/${memory._id}/analysis`, { headers })).json()) as { analysis: Analysis };
  const missing = analysis.analysis.criteria.flatMap((c) => c.reasons).find((r) => r.key === 'memoryreason-requirement_missing' && r.requirementIds?.some((id) => section.requirementIds.includes(id)));
  const requirement = memory.requirements.find((r) => r._id === missing!.requirementIds![0])!;
  return { token, tenderId, memory, section, requirement };
}

const coveredCount = async (text: Promise<string | null>) => {
  const match = /(\d+) exigence\(s\) du CCTP couverte\(s\) sur (\d+)/.exec((await text) ?? '');
  return Number(match?.[1] ?? -1);
};
const totalScore = async (text: Promise<string | null>) => Number(/Note estimée : (\d+(?:,\d+)?)/.exec((await text) ?? '')?.[1]?.replace(',', '.') ?? -1);

test('a manager renames a section, sets it to review, inserts two CVs, ticks a requirement: the analysis rises', async ({ page, context, request, baseURL }) => {
  test.slow();
  const { token, tenderId, memory, section, requirement } = await setUp(request);
  await useToken(context, baseURL, token);
  await page.goto(`/tender/assisted-writing/${tenderId}`);
  const main = page.getByRole('main');
  // The newest memory opens; the header offers the tender's others.
  await expect(main.getByRole('heading', { level: 2, name: memory.title })).toBeVisible();
  await expect(main.getByRole('combobox', { name: fr['memory-switch'] })).toHaveValue(memory._id);
  const outline = main.getByRole('navigation', { name: fr['memory-outline'] });
  await outline.getByRole('button', { name: new RegExp(section.title.slice(0, 30).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')) }).click();

  // Before: the analysis of the section's chapter.
  const analysisPanel = main.getByRole('region', { name: fr['memory-analysis'] });
  await main.getByRole('button', { name: fr['memory-analyse'] }).click();
  const chapter = analysisPanel.getByRole('listitem').filter({ hasText: (section.criterion as { name: string }).name }).first();
  const requirementsLine = chapter.getByText(/exigence\(s\) du CCTP couverte\(s\)/);
  await expect(requirementsLine).toBeVisible({ timeout: 15_000 });
  const coveredBefore = await coveredCount(requirementsLine.textContent());
  const totalLine = analysisPanel.getByText(/Note estimée/);
  const scoreBefore = await totalScore(totalLine.textContent());
  expect(coveredBefore).toBeGreaterThanOrEqual(0);

  // Renamed with Enter; set to review: the outline follows.
  const newTitle = 'Finesse de gravure : notre réponse';
  const title = main.getByRole('textbox', { name: fr['memory-section_title'] });
  await title.fill(newTitle);
  await title.press('Enter');
  const renamed = outline.getByRole('button', { name: new RegExp(newTitle) });
  await expect(renamed).toBeVisible();
  await main.getByRole('combobox', { name: fr['memory-section_status'] }).selectOption('to_review');
  await expect(renamed).toContainText(fr['memory-status_to_review']!);

  // Two CVs into "Moyens humains", each with its source line; saved without a button.
  await outline.getByRole('button', { name: /Moyens humains/ }).click();
  const staff = main.getByRole('textbox', { name: /Moyens humains/ });
  await expect(staff).toBeVisible();
  const team = main.getByRole('region', { name: fr['memory-team_title'] });
  await team.getByRole('button', { name: 'Insérer le CV de Julien Martin' }).click();
  await expect(staff).toContainText('Source : CV de Julien Martin');
  await team.getByRole('button', { name: 'Insérer le CV de Laurent Blanc' }).click();
  await expect(staff).toContainText('Source : CV de Laurent Blanc');
  await expect(main.getByText(fr['memory-save_saved']!, { exact: true })).toBeVisible({ timeout: 10_000 });

  // Back to the renamed section: the requirement, with its page, ticked covered.
  await renamed.click();
  const box = main.getByRole('checkbox', { name: `Exigence couverte : ${requirement.text}` });
  await expect(box).not.toBeChecked();
  await box.click();
  await expect(box).toBeChecked();
  await expect(box).toBeEnabled();

  // After: one more requirement covered, a higher total.
  await main.getByRole('button', { name: fr['memory-analyse'] }).click();
  await expect.poll(() => coveredCount(requirementsLine.textContent()), { timeout: 15_000 }).toBe(coveredBefore + 1);
  await expect.poll(() => totalScore(totalLine.textContent())).toBeGreaterThan(scoreBefore);

  // After a reload: the title, the status, the tick and the CVs are all saved.
  await page.reload();
  await expect(outline.getByRole('button', { name: new RegExp(newTitle) })).toContainText(fr['memory-status_to_review']!);
  await outline.getByRole('button', { name: new RegExp(newTitle) }).click();
  await expect(main.getByRole('checkbox', { name: `Exigence couverte : ${requirement.text}` })).toBeChecked();
  await outline.getByRole('button', { name: /Moyens humains/ }).click();
  await expect(main.getByRole('textbox', { name: /Moyens humains/ })).toContainText('Source : CV de Laurent Blanc');
});
