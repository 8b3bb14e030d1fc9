import type { APIRequestContext, Page } from '@playwright/test';
import { DEMO_ACCOUNTS } from '../../server/db/seed';
import { daysBetween } from '../../rules/calendar';
import { atFromToday, dayFromToday } from '../support/days';
import { DEMO_CALLS } from '../../server/db/demo-tenders';
import { animationsDone, bearer, demoToken, en, expect, expectAccessible, fr, LOOKS, settled, signIn, test, useLook, useToken } from './fixtures';

// A tender's response planning (issue 5): the manager starts one, fills it in, and the page keeps
// it; the Gantt chart draws its bars and a drag moves a task; axe passes in fr/en × light/dark.

/** A Paris day as the French interface writes it. */
const french = (day: string) => day.split('-').reverse().join('/');

/** A fresh call with all three key dates, put in the demo company's pipeline by the admin. */
async function freshTender(request: APIRequestContext) {
  const admin = bearer(await demoToken(request, 'admin'));
  const mine = await request.get('/api/tenders/my-company?perPage=1', { headers: bearer(await demoToken(request, 'manager')) });
  const companyId = ((await mine.json()) as { tenderCalls: { company: { _id: string } }[] }).tenderCalls[0]!.company._id;
  const call = {
    reference: `PLAN-${Date.now().toString(36)}`,
    title: 'Restructuration de la médiathèque François-Mitterrand',
    buyer: 'Ville de Vénissieux',
    submissionDeadline: atFromToday(20).toISOString(),
    questionsDeadline: atFromToday(12).toISOString(),
    siteVisit: { date: atFromToday(5).toISOString(), mandatory: true },
  };
  const created = await request.post('/api/tenderCalls', { headers: admin, data: call });
  expect(created.ok(), `new call: ${await created.text()}`).toBe(true);
  const callId = ((await created.json()) as { details: { _id: string } }).details._id;
  const tender = await request.post('/api/tenders', { headers: admin, data: { tenderCallId: callId, companyId } });
  expect(tender.ok(), `new tender: ${await tender.text()}`).toBe(true);
  return { id: ((await tender.json()) as { details: { _id: string } }).details._id, ...call };
}

const taskRows = (page: Page) => page.getByRole('table', { name: fr['planning-tasks_caption'] }).locator('tbody tr');
const rowOf = (page: Page, name: string) => taskRows(page).filter({ has: page.getByText(name, { exact: true }) });

test('a manager plans a tender: create, key dates, edit, refusal, delete, reload, Gantt drag', async ({ page, request }) => {
  test.slow();
  const tender = await freshTender(request);
  await signIn(page, DEMO_ACCOUNTS.manager.email, DEMO_ACCOUNTS.manager.password);
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto(`/tenders/${tender.id}`);
  await settled(page, tender.title);
  await page.getByRole('link', { name: fr['tenderdetails-planning_link'] }).click();
  await expect(page).toHaveURL(new RegExp(`/tenders/${tender.id}/planning$`));
  await settled(page, fr['planning-title']!, fr['planning-empty_title']);
  await expectAccessible(page, 'planning, empty (fr, light)');
  await page.screenshot({ path: 'test-results/screens/planning-empty-fr-light.png', fullPage: true });

  // Start it with one task only: the three key dates are unticked.
  for (const kind of ['questions', 'visit', 'submission'] as const) await page.getByRole('checkbox', { name: new RegExp(`^${fr[`planning-key_${kind}`]}`) }).uncheck();
  const start = dayFromToday(1);
  await page.getByLabel(fr['planning-task_name']!).fill('Analyse du DCE');
  await page.getByLabel(fr['planning-task_start']!).fill(start);
  await page.getByLabel(fr['planning-task_end']!).fill(dayFromToday(3));
  await page.getByRole('button', { name: fr['planning-create'] }).click();
  // The success message shows, then goes away by itself after 2 s.
  const saved = page.getByRole('status').filter({ hasText: fr['planning-created']! });
  await expect(saved).toBeVisible();
  await expect(saved).toBeHidden({ timeout: 3_000 });
  await expect(taskRows(page)).toHaveCount(1);
  await expect(rowOf(page, 'Analyse du DCE')).toContainText(french(start));

  // The key dates card offers the three dates; all of them become milestones at once.
  const keyCard = page.getByRole('region', { name: fr['planning-key_dates'] }).or(page.locator('section').filter({ has: page.getByRole('heading', { name: fr['planning-key_dates'] }) }));
  await expect(keyCard.getByText(french(dayFromToday(12)))).toBeVisible();
  await page.getByRole('button', { name: fr['planning-add_all_key_dates'] }).click();
  await expect(page.getByRole('status').filter({ hasText: fr['planning-updated']! })).toBeVisible();
  await page.screenshot({ path: 'test-results/screens/planning-saved-fr-light.png' });
  await expect(taskRows(page)).toHaveCount(4);
  await expect(rowOf(page, fr['planning-key_visit']!)).toContainText(french(dayFromToday(5)));
  await expect(page.getByRole('heading', { name: fr['planning-key_dates'] })).toHaveCount(0);

  // Edit a task inline: a longer analysis.
  await page.getByRole('button', { name: fr['planning-edit_named']!.replace('{{name}}', 'Analyse du DCE') }).click();
  const editForm = page.getByRole('form', { name: fr['planning-edit_named']!.replace('{{name}}', 'Analyse du DCE') });
  await editForm.getByLabel(fr['planning-task_end']!).fill(dayFromToday(4));
  await editForm.getByRole('button', { name: fr['planning-save'] }).click();
  await expect(rowOf(page, 'Analyse du DCE')).toContainText(french(dayFromToday(4)));

  // An end before its start is refused in the form, and nothing is sent.
  const addForm = page.getByRole('form', { name: fr['planning-add_title'] });
  await addForm.getByLabel(fr['planning-task_name']!).fill('Chiffrage');
  await addForm.getByLabel(fr['planning-task_start']!).fill(dayFromToday(8));
  await addForm.getByLabel(fr['planning-task_end']!).fill(dayFromToday(6));
  await addForm.getByRole('button', { name: fr['planning-add'] }).click();
  await expect(addForm.getByText(fr['planning-end_before_start']!)).toBeVisible();
  await expect(taskRows(page)).toHaveCount(4);
  await addForm.getByLabel(fr['planning-task_end']!).fill(dayFromToday(10));
  await addForm.getByRole('button', { name: fr['planning-add'] }).click();
  await expect(taskRows(page)).toHaveCount(5);

  // Delete the questions milestone, once confirmed.
  await page.getByRole('button', { name: fr['planning-delete_named']!.replace('{{name}}', fr['planning-key_questions']!) }).click();
  const dialog = page.getByRole('alertdialog', { name: fr['planning-delete_title'] });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: fr['planning-delete'] }).click();
  await expect(page.getByRole('status').filter({ hasText: fr['planning-task_deleted']! })).toBeVisible();
  await expect(taskRows(page)).toHaveCount(4);
  await expect(rowOf(page, fr['planning-key_questions']!)).toHaveCount(0);

  // A reload keeps everything; the Gantt chart draws one bar per task.
  await page.reload();
  await settled(page, fr['planning-title']!, 'Chiffrage');
  await expect(taskRows(page)).toHaveCount(4);
  await expect(rowOf(page, 'Analyse du DCE')).toContainText(french(dayFromToday(4)));
  const chart = page.getByRole('group', { name: fr['planning-chart_label'] });
  await expect(chart).toBeVisible();
  await expect(chart.locator('.bar-wrapper')).toHaveCount(4);

  // Dragging the "Chiffrage" bar to the right moves the task, its length kept, through the single-task update.
  const bar = chart.locator('.bar-wrapper', { hasText: 'Chiffrage' }).locator('.bar');
  await bar.scrollIntoViewIfNeeded();
  const box = (await bar.boundingBox())!;
  const patched = page.waitForRequest((req) => /\/api\/plannings\/[^/]+\/tasks\/[^/]+$/.test(req.url()) && req.method() === 'PATCH');
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width / 2 + 40, box.y + box.height / 2, { steps: 5 });
  await page.mouse.move(box.x + box.width / 2 + 80, box.y + box.height / 2, { steps: 5 });
  await page.mouse.up();
  const sent = (await patched).postDataJSON() as { startDate: string; endDate: string };
  expect(sent.startDate > dayFromToday(8)).toBe(true);
  // Two days long before and after the drag.
  expect(daysBetween(sent.startDate, sent.endDate)).toBe(2);
  await expect(rowOf(page, 'Chiffrage')).toContainText(french(sent.startDate));
  await expect(rowOf(page, 'Chiffrage')).toContainText(french(sent.endDate));
  await page.reload();
  await settled(page, fr['planning-title']!, 'Chiffrage');
  await expect(rowOf(page, 'Chiffrage')).toContainText(french(sent.startDate));
});

const inProgress = DEMO_CALLS.find((call) => call.status === 'in_progress')!;

for (const [lng, theme] of LOOKS) {
  test(`the planning page is accessible in ${lng}, ${theme}`, async ({ page, context, request, baseURL }) => {
    const t = lng === 'fr' ? fr : en;
    await useLook(page, lng, theme);
    const mine = await request.get('/api/tenders/my-company?perPage=all', { headers: bearer(await demoToken(request, 'manager')) });
    const working = ((await mine.json()) as { tenderCalls: { _id: string; tenderCall: { reference: string } }[] }).tenderCalls.find((row) => row.tenderCall.reference === inProgress.reference)!;
    // Signed in as the app leaves it after "sign in" (the token cookie): the form is French-labelled.
    await useToken(context, baseURL, await demoToken(request, 'manager'));
    await page.goto(`/tenders/${working._id}/planning`);
    // The demo planning: the seed's tasks, drawn on the chart.
    await settled(page, t['planning-title']!, 'Rédaction du mémoire technique');
    await expect(page.getByRole('group', { name: t['planning-chart_label'] }).locator('.bar-wrapper')).toHaveCount(7);
    expect(await page.evaluate(() => ({ lang: document.documentElement.lang, theme: document.documentElement.dataset.theme }))).toEqual({ lang: lng, theme });
    if (lng === 'fr') await expect(page.getByRole('table', { name: t['planning-tasks_caption'] })).toContainText(/\d{2}\/\d{2}\/2026/);
    await animationsDone(page);
    await expectAccessible(page, `planning (${lng}, ${theme})`);
    await page.screenshot({ path: `test-results/screens/planning-${lng}-${theme}.png`, fullPage: true });
    // Narrow screens: the page reflows, the chart scrolls inside its own box.
    await page.setViewportSize({ width: 390, height: 844 });
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow, 'the page scrolls sideways on a narrow screen').toBeLessThanOrEqual(1);
    await page.screenshot({ path: `test-results/screens/planning-narrow-${lng}-${theme}.png`, fullPage: true });
  });
}
