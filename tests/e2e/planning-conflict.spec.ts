import type { APIRequestContext, Page } from '@playwright/test';
import { DEMO_ACCOUNTS } from '../../server/db/seed';
import { atFromToday, dayFromToday } from '../support/days';
import { expect, expectAccessible, fr, freshTender, settled, signIn, test } from './fixtures';

// Lost updates (issue 10): two people on one planning in two browsers. One adds a task; the other,
// still on the list they opened, saves the whole list (all key dates at once). Without a version
// the second save would silently drop the first one's task; here it is refused, both sides'
// changes are shown, and "reapply my changes" keeps everybody's work.


/** A fresh call of the demo company with its three key dates, and a planning of one task. */
async function plannedTender(request: APIRequestContext) {
  const { tenderId, manager } = await freshTender(request, {
    reference: 'CONFLIT',
    title: 'Extension du gymnase Léo-Lagrange',
    buyer: 'Ville de Villeurbanne',
    submissionDeadline: atFromToday(20).toISOString(),
    questionsDeadline: atFromToday(12).toISOString(),
    siteVisit: { date: atFromToday(5).toISOString(), mandatory: true },
  });
  const planning = await request.post('/api/plannings', { headers: manager, data: { tenderId, tasks: [{ name: 'Analyse du DCE', startDate: dayFromToday(1), endDate: dayFromToday(3) }] } });
  expect(planning.ok(), await planning.text()).toBe(true);
  return tenderId;
}

const taskRows = (page: Page) => page.getByRole('table', { name: fr['planning-tasks_caption'] }).locator('tbody tr');

async function openPlanning(page: Page, who: 'manager' | 'employee', tenderId: string) {
  await signIn(page, DEMO_ACCOUNTS[who].email, DEMO_ACCOUNTS[who].password);
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto(`/tenders/${tenderId}/planning`);
  // The page's chunk and the planning may take a while on a loaded machine.
  await expect(taskRows(page).first()).toBeVisible({ timeout: 30_000 });
  await settled(page, fr['planning-title']!, 'Analyse du DCE');
  await expect(taskRows(page)).toHaveCount(1);
}

test('two people on one planning: the stale whole-list save is refused, shown, and merged without losing a task', async ({ page, browser, request }, testInfo) => {
  // Two browsers on a shared machine: more time than one page needs.
  test.setTimeout(240_000);
  const tenderId = await plannedTender(request);
  const { baseURL, locale, timezoneId } = testInfo.project.use;
  const other = await browser.newContext({ baseURL, locale, timezoneId });
  const colleague = await other.newPage();
  try {
    // Both open version 1.
    await openPlanning(page, 'manager', tenderId);
    await openPlanning(colleague, 'employee', tenderId);

    // The colleague adds a task (a single-task write: it merges and needs no version).
    const addForm = colleague.getByRole('form', { name: fr['planning-add_title'] });
    await addForm.getByLabel(fr['planning-task_name']!).fill('Réunion de lancement');
    await addForm.getByLabel(fr['planning-task_start']!).fill(dayFromToday(2));
    await addForm.getByLabel(fr['planning-task_end']!).fill(dayFromToday(2));
    await addForm.getByRole('button', { name: fr['planning-add'] }).click();
    await expect(taskRows(colleague)).toHaveCount(2);

    // The manager, still on version 1, adds every key date: the whole list goes, and is refused.
    const replaced = page.waitForResponse((res) => /\/api\/plannings\/[^/]+$/.test(res.url()) && res.request().method() === 'PATCH');
    await page.getByRole('button', { name: fr['planning-add_all_key_dates'] }).click();
    expect((await replaced).status()).toBe(409);
    const notice = page.getByRole('region', { name: fr['planning-conflict_title'] });
    await expect(notice).toBeVisible();
    await expect(notice).toContainText(fr['planning-conflict']!);
    const [theirs, mine] = [notice.getByRole('list').nth(0), notice.getByRole('list').nth(1)];
    await expect(theirs.getByRole('listitem')).toHaveText([fr['planning-conflict_added']!.replace('{{name}}', 'Réunion de lancement')]);
    await expect(mine.getByRole('listitem')).toHaveCount(3);
    await expect(mine).toContainText(fr['planning-conflict_added']!.replace('{{name}}', fr['planning-key_submission']!));
    // Nothing was written: the colleague's task is still the only change on the server.
    await expectAccessible(page, 'planning, lost update (fr, light)');
    await page.screenshot({ path: 'test-results/screens/planning-conflict-fr-light.png', fullPage: true });

    // Reapply: the key dates go onto the saved list, the colleague's task stays.
    await notice.getByRole('button', { name: fr['planning-conflict_merge'] }).click();
    await expect(page.getByRole('status').filter({ hasText: fr['planning-updated']! })).toBeVisible();
    await expect(notice).toBeHidden();
    await expect(taskRows(page)).toHaveCount(5);
    for (const name of ['Analyse du DCE', 'Réunion de lancement', fr['planning-key_questions']!, fr['planning-key_visit']!, fr['planning-key_submission']!])
      await expect(taskRows(page).filter({ has: page.getByText(name, { exact: true }) })).toHaveCount(1);

    // The colleague sees everybody's work after a reload.
    await colleague.reload();
    await expect(taskRows(colleague).first()).toBeVisible({ timeout: 30_000 });
    await settled(colleague, fr['planning-title']!, 'Réunion de lancement');
    await expect(taskRows(colleague)).toHaveCount(5);
  } finally {
    await other.close();
  }
});
