import type { APIRequestContext } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { DEMO_CALLS, DEMO_DCE_TEMPLATE } from '../../server/db/demo-tenders';
import { DEMO_DCE_CALL } from '../../server/db/demo-dce';
import { animationsDone, bearer, type Demo, demoToken, en, expect, expectAccessible, follow, fr, LOOKS, settled, test, useLook, useToken } from './fixtures';
import { expectLayoutHolds } from './layout-checks';
import { dayFromToday } from '../support/days';

// Every screen of the tender pipeline issue, with the user who sees it, passes axe (WCAG 2.2 A and
// AA) in French and English, light and dark, once its content is loaded; each is saved as a
// full-page screenshot to look at: test-results/screens/<screen>-<lng>-<theme>.png.

async function api<T>(request: APIRequestContext, url: string, token: string): Promise<T> {
  const response = await request.get(url, { headers: { authorization: `Bearer ${token}` } });
  expect(response.ok(), `GET ${url}: ${response.status()}`).toBe(true);
  return (await response.json()) as T;
}

// The demo accounts sign in once for both runs (one worker runs them one after the other).

// Demo tenders at the stages the screens need: one being answered, one handed in (its "won" asks first).
const inProgress = DEMO_CALLS.find((call) => call.status === 'in_progress')!;
const submitted = DEMO_CALLS.find((call) => call.status === 'submitted')!;

async function demoTender(request: APIRequestContext, reference: string) {
  const { tenderCalls } = await api<{ tenderCalls: { _id: string; company: { _id: string }; tenderCall: { reference: string } }[] }>(
    request,
    '/api/tenders/my-company?perPage=all',
    await demoToken(request, 'manager'),
  );
  const tender = tenderCalls.find((t) => t.tenderCall.reference === reference);
  expect(tender, `the demo tender ${reference}`).toBeTruthy();
  return tender!;
}

// A real DCE (Grenoble INP, 2026), kept in tests/fixtures/ with its source.
const DCE = fileURLToPath(new URL('../fixtures/dce/grenoble-inp_2026FCSSA0025', import.meta.url));
const inDays = dayFromToday;
const pdf = (name: string) => ({ name, mimeType: 'application/pdf', buffer: readFileSync(`${DCE}/${name}`) });

/** Once for both runs: documents on the tender shown, and papers of each validity in the vault. */
let seeded = false;
async function seed(request: APIRequestContext, companyId: string, tenderId: string) {
  if (seeded) return;
  const headers = bearer(await demoToken(request, 'manager'));
  const send = async (url: string, multipart: Record<string, string | ReturnType<typeof pdf>>) => {
    const response = await request.post(url, { headers, multipart });
    expect(response.ok(), `POST ${url}: ${response.status()} ${await response.text()}`).toBe(true);
  };
  for (const name of ['RC_2026FCSSA0025 v2.pdf', 'CCAP_2026FCSSA0025.pdf']) await send(`/api/tenderDocs?companyId=${companyId}`, { tenderId, file: pdf(name) });
  const papers = [
    { kind: 'kbis', title: 'Extrait Kbis de moins de 3 mois', validUntil: inDays(75) },
    { kind: 'urssaf', title: 'Attestation de vigilance URSSAF', validUntil: inDays(12) },
    { kind: 'insurance', title: 'Attestation d’assurance décennale', validUntil: inDays(-5) },
  ];
  for (const paper of papers) await send(`/api/companies/${companyId}/documents`, { ...paper, issueDate: inDays(-200), file: pdf('Notice explicative DC1.pdf') });
  seeded = true;
}

for (const [lng, theme] of LOOKS) {
  test(`every tender screen is accessible in ${lng}, ${theme}`, async ({ page, context, request, baseURL }) => {
    test.slow();
    const t = lng === 'fr' ? fr : en;
    await useLook(page, lng, theme);

    /** Checks what is on screen now: language, theme, axe; then the screenshot. */
    const check = async (name: string) => {
      expect(await page.evaluate(() => ({ lang: document.documentElement.lang, theme: document.documentElement.dataset.theme }))).toEqual({ lang: lng, theme });
      await animationsDone(page);
      await expectAccessible(page, `${name} (${lng}, ${theme})`);
      // At the desktop breakpoint (1280 px, the side menu shown) a list fits: no column hides past the edge.
      const cut = await page.evaluate(() => [...document.querySelectorAll('main [role="region"]')].filter((box) => box.scrollWidth > box.clientWidth + 1).map((box) => box.getAttribute('aria-label')));
      expect(cut, `tables wider than the page on ${name} (${lng}, ${theme})`).toEqual([]);
      await expectLayoutHolds(page, `${name} (${lng}, ${theme})`);
      await page.screenshot({ path: `test-results/screens/${name}-${lng}-${theme}.png`, fullPage: true });
    };
    /** Signs the browser in as the app does after "sign in" (the token cookie), then loads `path`. */
    const signInAs = async (who: Demo, path: string) => {
      await context.clearCookies();
      await useToken(context, baseURL, await demoToken(request, who));
      await page.goto('/not-found');
      await page.evaluate(() => localStorage.removeItem('userProfile'));
      await page.goto(path);
    };

    const working = await demoTender(request, inProgress.reference);
    const handedIn = await demoTender(request, submitted.reference);
    const companyId = working.company._id;
    const { templates } = await api<{ templates: { _id: string; name: string }[] }>(request, '/api/dceTemplates?perPage=100', await demoToken(request, 'admin'));
    const template = templates.find((row) => row.name === DEMO_DCE_TEMPLATE.name)!;
    expect(template, 'the demo DCE template').toBeTruthy();
    await seed(request, companyId, working._id);

    // The demo manager: the company's tenders, the potential ones, a tender and its pages.
    await signInAs('manager', '/company/tenders');
    await settled(page, t['tenders-title']!, inProgress.title);
    await check('company-tenders');
    await follow(page, '/potential-tenders');
    await settled(page, t['potential-title']!);
    await expect(page.getByRole('table', { name: t['potential-title'] })).toBeVisible();
    await check('potential-tenders-staff');
    await follow(page, `/tenders/${working._id}`);
    await settled(page, inProgress.title, inProgress.buyer);
    await check('tender-details');
    await follow(page, `/tenders/${handedIn._id}`);
    await settled(page, submitted.title, submitted.buyer);
    await page.getByRole('group', { name: t['tenderdetails-actions'] }).getByRole('button', { name: t['tenderdetails-action_won'], exact: true }).click();
    await expect(page.getByRole('alertdialog', { name: t['tenderdetails-confirm_title']!.replace('{{from}}', t['tender-status_submitted']!).replace('{{to}}', t['tender-status_won']!) })).toBeVisible();
    await check('tender-won-dialog');
    await page.keyboard.press('Escape');
    await expect(page.getByRole('alertdialog')).toHaveCount(0);
    await follow(page, `/tenders/${working._id}/docs`);
    await settled(page, t['tenderdocs-title']!, 'RC_2026FCSSA0025 v2.pdf');
    await check('tender-docs');
    // The demo's analysed DCE (read and analysed by the server's jobs at its first start).
    const analysed = await demoTender(request, DEMO_DCE_CALL.reference);
    await expect
      .poll(async () => (await api<{ analyses: { status: string }[] }>(request, `/api/tenders/${analysed._id}/dce-analyses`, await demoToken(request, 'manager'))).analyses[0]?.status, { timeout: 60_000 })
      .toBe('done');
    await follow(page, `/tender/dce-analyse/${analysed._id}`);
    await settled(page, DEMO_DCE_CALL.title, t['dcefact-awardCriteria']);
    await check('tender-dce-analyse');
    await page.getByRole('button', { name: t['analysisrun-source_open']!.replace('{{file}}', 'RC_2026FCSSA0025 v2.pdf').replace('{{page}}', '1') }).first().click();
    await expect(page.getByRole('dialog').locator('mark')).toBeVisible();
    await check('tender-dce-source');
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect
      .poll(async () => (await api<{ analyses: { status: string }[] }>(request, `/api/tenders/${analysed._id}/cctp-analyses`, await demoToken(request, 'manager'))).analyses[0]?.status, { timeout: 60_000 })
      .toBe('done');
    await follow(page, `/tender/cctp-analyse/${analysed._id}`);
    await settled(page, DEMO_DCE_CALL.title, t['cctpanalysis-requirements']);
    await check('tender-cctp-analyse');
    await follow(page, `/tender/chat/${analysed._id}`);
    await settled(page, DEMO_DCE_CALL.title, t['chat-question']);
    await page.getByRole('textbox', { name: t['chat-question'] }).fill(t['chat-suggest_deadline']!);
    await page.keyboard.press('Enter');
    await expect(page.getByRole('article', { name: t['chat-answer_to']!.replace('{{question}}', t['chat-suggest_deadline']!) }).last()).toBeVisible({ timeout: 15_000 });
    await check('tender-chat');
    // The buyer's price files and the submission folder (issues 25 and 26).
    await follow(page, `/tender/prices/${analysed._id}`);
    await settled(page, t['prices-page_title']!, 'CRF_2026FCSSA0025.xlsx');
    await check('tender-prices');
    await follow(page, `/tenders/${analysed._id}/submission`);
    await settled(page, t['submission-page_title']!, t['submission-checks_title']!);
    await check('tender-submission');
    await follow(page, `/company/documents/${companyId}`);
    await settled(page, t['companydocs-title']!, 'Extrait Kbis de moins de 3 mois');
    await check('company-documents');
    await page.getByRole('button', { name: t['companydocs-add'] }).first().click();
    await expect(page.getByRole('dialog', { name: t['companydocs-add_title'] })).toBeVisible();
    await check('company-documents-dialog');
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toHaveCount(0);

    // The admin: every company's tenders, the calls to give out, the DCE templates.
    await signInAs('admin', '/tenders');
    await settled(page, t['tenders-title_admin']!, inProgress.title);
    await check('admin-tenders');
    await follow(page, '/potential-tenders');
    await settled(page, t['potential-title']!);
    await expect(page.getByRole('table', { name: t['potential-title'] })).toBeVisible();
    await check('potential-tenders-admin');
    await page.getByRole('button', { name: t['potential-create'] }).click();
    await expect(page.getByRole('dialog', { name: t['potential-create_title'] })).toBeVisible();
    await check('potential-tenders-new-call');
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await follow(page, '/dce-templates');
    await settled(page, t['dcetemplates-title']!, template.name);
    await check('dce-templates');
    await follow(page, '/dce-templates/add');
    await settled(page, t['dcetemplates-add_title']!);
    await check('dce-template-add');
    await follow(page, `/dce-templates/edit/${template._id}`);
    await settled(page, t['dcetemplates-edit_title']!.replace('{{name}}', template.name));
    await check('dce-template-edit');
  });
}
