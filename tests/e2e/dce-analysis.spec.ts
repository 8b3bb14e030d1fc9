import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { APIRequestContext } from '@playwright/test';
import { bearer, demoToken, expect, expectAccessible, fr, test, useToken } from './fixtures';

// A real DCE (Grenoble INP, 2026), kept in tests/fixtures/ with its source.
const DCE = fileURLToPath(new URL('../fixtures/dce/grenoble-inp_2026FCSSA0025', import.meta.url));
const file = (name: string) => ({ name, mimeType: 'application/pdf', buffer: readFileSync(`${DCE}/${name}`) });

/** A call of its own, worked by the demo company: no other test touches its documents or planning. */
async function workedTender(request: APIRequestContext) {
  const admin = bearer(await demoToken(request, 'admin'));
  const manager = bearer(await demoToken(request, 'manager'));
  const deadline = new Date(Date.now() + 40 * 86_400_000).toISOString();
  const call = await request.post('/api/tenderCalls', {
    headers: admin,
    data: { reference: `E2E-DCE-${Date.now().toString(36)}`, title: 'Machine de prototypage de circuits imprimés', buyer: 'Institut polytechnique de Grenoble', submissionDeadline: deadline },
  });
  expect(call.ok(), await call.text()).toBe(true);
  const callId = ((await call.json()) as { details: { _id: string } }).details._id;
  const tender = await request.post('/api/tenders', { headers: manager, data: { tenderCallId: callId } });
  expect(tender.ok(), await tender.text()).toBe(true);
  const tenderId = ((await tender.json()) as { details: { _id: string } }).details._id;
  expect((await request.patch(`/api/tenders/${tenderId}`, { headers: manager, data: { status: 'in_progress' } })).ok()).toBe(true);
  return { tenderId, token: manager.authorization.slice(7) };
}

test('a manager uploads the DCE, reads its text, runs the analysis, checks a fact at its source, corrects one, plans the dates, and works the CCTP matrix', async ({ page, context, request, baseURL }) => {
  test.slow();
  const { tenderId, token } = await workedTender(request);
  await useToken(context, baseURL, token);

  // The documents: each file's text is read in the background, followed live on the page.
  await page.goto(`/tenders/${tenderId}/docs`);
  await page.getByLabel(fr['tenderdocs-drop']!).setInputFiles([file('RC_2026FCSSA0025 v2.pdf'), file('CCAP_2026FCSSA0025.pdf'), file('CCTP_2026FCSSA0025 v2.pdf')]);
  const table = page.getByRole('table', { name: fr['tenderdocs-list'] });
  const rc = table.getByRole('row').filter({ hasText: 'RC_2026FCSSA0025 v2.pdf' });
  await expect(rc.getByText('15 pages lues')).toBeVisible({ timeout: 30_000 });
  await rc.getByRole('button', { name: 'Voir le texte RC_2026FCSSA0025 v2.pdf' }).click();
  const preview = page.getByRole('dialog', { name: 'Texte de RC_2026FCSSA0025 v2.pdf' });
  await expect(preview.getByText(/MERCREDI 15 JUILLET 2026 A 12:00/)).toBeVisible();
  await preview.getByRole('button', { name: fr['textpreview-next'] }).click();
  await expect(preview.getByText('Page 2 sur 15', { exact: true })).toBeVisible();
  await page.keyboard.press('Escape');

  // The analysis, from the tender's page.
  await page.goto(`/tenders/${tenderId}`);
  await page.getByRole('link', { name: fr['tenderdetails-link_dce'] }).click();
  await page.getByRole('button', { name: fr['dceanalysis-run'] }).click();
  const deadline = page.getByRole('listitem', { name: fr['dcefact-submissionDeadline'] });
  await expect(deadline.getByText('15 juil. 2026, 12:00')).toBeVisible({ timeout: 30_000 });
  await expectAccessible(page, 'the DCE analysis');

  // The deadline's source: the RC's first page, the passage marked.
  await deadline.getByRole('button', { name: 'Ouvrir RC_2026FCSSA0025 v2.pdf à la page 1' }).click();
  const source = page.getByRole('dialog', { name: 'Texte de RC_2026FCSSA0025 v2.pdf' });
  await expect(source.locator('mark')).toContainText('MERCREDI 15 JUILLET 2026 A 12:00');
  await page.keyboard.press('Escape');

  // A fact corrected, another confirmed.
  const validity = page.getByRole('listitem', { name: fr['dcefact-offerValidityDays'] });
  await validity.getByRole('button', { name: `${fr['dceanalysis-correct']} : ${fr['dcefact-offerValidityDays']}` }).click();
  const editor = page.getByRole('dialog', { name: `Corriger : ${fr['dcefact-offerValidityDays']}` });
  await editor.getByLabel(fr['dcefact-offerValidityDays']!).fill('90');
  await editor.getByRole('button', { name: fr['dceanalysis-edit_save'] }).click();
  await expect(validity.getByText('90 jours')).toBeVisible();
  // The state's badge, and who changed it.
  await expect(validity.getByText(fr['dceanalysis-status_corrected']!, { exact: true })).toBeVisible();
  await expect(validity.getByText(/^Corrigé par .+ le /)).toBeVisible();
  await deadline.getByRole('button', { name: `${fr['dceanalysis-confirm']} : ${fr['dcefact-submissionDeadline']}` }).click();
  await expect(deadline.getByText(fr['dceanalysis-status_confirmed']!, { exact: true })).toBeVisible();

  // The confirmed date goes into the planning as a milestone.
  await page.getByRole('button', { name: fr['dceanalysis-plan_dates'] }).click();
  await expect(page.getByRole('status').filter({ hasText: '1 date ajoutée au planning.' })).toBeVisible();
  // Again: nothing new, and why.
  await page.getByRole('button', { name: fr['dceanalysis-plan_dates'] }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Aucune date ajoutée : la date confirmée est déjà au planning.' })).toBeVisible();
  await page.getByRole('link', { name: fr['dceanalysis-open_planning'] }).click();
  await expect(page.getByRole('heading', { level: 1, name: fr['planning-title'] })).toBeVisible();
  await expect(page.getByText(fr['dceanalysis-milestone_submission']!).first()).toBeVisible();

  // The CCTP's requirements: one marked covered, the coverage follows, the matrix exported.
  await page.goto(`/tenders/${tenderId}`);
  await page.getByRole('link', { name: fr['tenderdetails-link_cctp'] }).click();
  await page.getByRole('button', { name: fr['cctpanalysis-run'] }).click();
  const surface = page.getByRole('listitem', { name: 'Surface utile minimale : ≥ 200 mm × 300 mm' });
  await expect(surface).toBeVisible({ timeout: 30_000 });
  await expectAccessible(page, 'the CCTP matrix');
  const coverage = page.getByText(/^0 exigence traitée sur \d+ \(0 %\)$/);
  await expect(coverage).toBeVisible();
  await surface.getByRole('button', { name: fr['cctpstatus-covered'] }).click();
  await expect(surface.getByRole('button', { name: fr['cctpstatus-covered'] })).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByText(/^1 exigence traitée sur \d+/)).toBeVisible();
  const download = page.waitForEvent('download');
  await page.getByRole('link', { name: fr['cctpanalysis-export_xlsx'] }).click();
  expect((await download).suggestedFilename()).toMatch(/^exigences-CCTP-E2E-DCE-.*\.xlsx$/);
});
