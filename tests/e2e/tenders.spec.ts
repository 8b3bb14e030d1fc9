import type { BrowserContext, Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { crc32 } from 'node:zlib';
import { DEMO_ACCOUNTS, DEMO_COMPANY_NAME } from '../../server/db/seed';
import { expect, fr, signIn, test } from './fixtures';
import { dayFromToday } from '../support/days';

// The tender pipeline as its users live it (issue 4): an admin enters a call and gives it to the
// demo company, whose manager works it from "not started" to "won" with its DCE; an employee takes
// a potential tender; the manager keeps the company's papers; an admin edits a DCE template in use.

type Demo = keyof typeof DEMO_ACCOUNTS;

// A real DCE (Grenoble INP, 2026), kept in tests/fixtures/ with its source.
const DCE = fileURLToPath(new URL('../fixtures/dce/grenoble-inp_2026FCSSA0025', import.meta.url));
const named = (action: string, target: string) => fr['list-action_named']!.replace('{{action}}', action).replace('{{target}}', target);
const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** `YYYY-MM-DD`, `days` from today. */
const inDays = dayFromToday;

/** A ZIP archive of stored (uncompressed) entries, as a buyer's platform hands out a DCE. */
function storedZip(entries: { name: string; data: Buffer }[]): Buffer {
  const parts: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  for (const { name, data } of entries) {
    const fileName = Buffer.from(name, 'utf8');
    const crc = crc32(data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0x800, 6);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(fileName.length, 26);
    parts.push(local, fileName, data);
    const header = Buffer.alloc(46);
    header.writeUInt32LE(0x02014b50, 0);
    header.writeUInt16LE(20, 4);
    header.writeUInt16LE(20, 6);
    header.writeUInt16LE(0x800, 8);
    header.writeUInt32LE(crc, 16);
    header.writeUInt32LE(data.length, 20);
    header.writeUInt32LE(data.length, 24);
    header.writeUInt16LE(fileName.length, 28);
    header.writeUInt32LE(offset, 42);
    central.push(header, fileName);
    offset += local.length + fileName.length + data.length;
  }
  const directory = Buffer.concat(central);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...parts, directory, end]);
}

/** Signs in through the form, as someone else than whoever used the browser before. */
async function signInAs(page: Page, context: BrowserContext, who: Demo) {
  await context.clearCookies();
  await page.evaluate(() => localStorage.clear()).catch(() => undefined);
  await signIn(page, DEMO_ACCOUNTS[who].email, DEMO_ACCOUNTS[who].password);
  await page.waitForURL(/\/dashboard$/);
}

/** Every status change asks first: the dialog names it (from → to); confirming closes it. */
const changeTitle = (from: string, to: string) => fr['tenderdetails-confirm_title']!.replace('{{from}}', fr[`tender-status_${from}`]!).replace('{{to}}', fr[`tender-status_${to}`]!);
async function confirmChange(page: Page, title: string, action: string) {
  const dialog = page.getByRole('alertdialog', { name: title });
  await dialog.getByRole('button', { name: action, exact: true }).click();
  await expect(page.getByRole('alertdialog')).toHaveCount(0);
}

const sideMenu = (page: Page) => page.getByRole('navigation', { name: fr['sidemenu-label'] });

test('an admin enters a call for the demo company, whose manager works it from not started to won', async ({ page, context }) => {
  test.slow();
  const token = Date.now().toString(36).slice(-6);
  const reference = `E2E-${token}`;
  const title = `Restauration des façades de l’église Saint-André ${token}`;

  // The admin enters the call, with two lots, on the potential tenders page.
  await signInAs(page, context, 'admin');
  await sideMenu(page).getByRole('link', { name: fr['sidemenu-potential_tenders'] }).click();
  await expect(page.getByRole('heading', { level: 1, name: fr['potential-title'] })).toBeVisible();
  await page.getByRole('button', { name: fr['potential-create'] }).click();
  const form = page.getByRole('dialog', { name: fr['potential-create_title'] });
  await form.getByLabel(fr['tendercall-reference']!, { exact: true }).fill(reference);
  await form.getByLabel(fr['tendercall-procedure']!, { exact: true }).selectOption('adapted');
  await form.getByLabel(fr['tendercall-title']!, { exact: true }).fill(title);
  await form.getByLabel(fr['tendercall-buyer']!, { exact: true }).fill('Ville de Saint-Étienne');
  await form.getByLabel(fr['tendercall-department']!, { exact: true }).selectOption('42');
  await form.getByLabel(fr['tendercall-deadline_date']!, { exact: true }).fill(inDays(30));
  await form.getByLabel(fr['tendercall-deadline_time']!, { exact: true }).fill('12:00');
  await form.getByRole('button', { name: fr['tendercall-lot_add'] }).click();
  await form.getByRole('button', { name: fr['tendercall-lot_add'] }).click();
  const lotTitles = form.getByLabel(fr['tendercall-lot_title']!, {
    exact: true,
  });
  await lotTitles.nth(0).fill('Maçonnerie – pierre de taille');
  await lotTitles.nth(1).fill('Couverture – zinguerie');
  await form.getByLabel(fr['tendercall-lot_amount']!, { exact: true }).nth(0).fill('180000');
  await form.getByRole('button', { name: fr['potential-create_submit'] }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);

  // It is listed; the admin gives it to the demo company.
  await page.getByLabel(fr['tenders-search']!).fill(reference);
  await page.getByRole('button', { name: named(fr['potential-assign']!, title) }).click();
  const assign = page.getByRole('dialog', {
    name: fr['potential-assign_title'],
  });
  await assign.getByLabel(fr['tenders-col_company']!).selectOption({ label: DEMO_COMPANY_NAME });
  await assign.getByRole('button', { name: fr['potential-assign_confirm'] }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  const opened = page.getByRole('link', { name: fr['potential-open_tender'] });
  const tenderPath = (await opened.getAttribute('href'))!;
  expect(tenderPath).toMatch(/^\/tenders\/[0-9a-f-]{36}$/);
  const tenderId = tenderPath.split('/').pop()!;

  // The manager finds it among the company's tenders, searching without accents, in the plural.
  await signInAs(page, context, 'manager');
  await sideMenu(page).getByRole('link', { name: fr['sidemenu-tenders'], exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: fr['tenders-title'] })).toBeVisible();
  await page.getByLabel(fr['tenders-search']!).fill('facade eglises');
  const row = page.getByRole('row', { name: new RegExp(escape(reference)) });
  await expect(row).toBeVisible();
  await expect(row.getByText(fr['tender-status_not_started']!)).toBeVisible();
  await row.getByRole('link', { name: title }).click();
  await expect(page).toHaveURL(new RegExp(`${tenderPath}$`));
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();

  // Not started: the guarded pages send the manager back to the tender.
  for (const guarded of [`/tender/chat/${tenderId}`, `/tender/dce-analyse/${tenderId}`]) {
    await page.goto(guarded);
    await expect(page, guarded).toHaveURL(new RegExp(`${tenderPath}$`));
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  }

  // The manager starts the response: the guarded page opens now.
  await page.getByRole('button', { name: fr['tenderdetails-action_start'] }).click();
  await confirmChange(page, changeTitle('not_started', 'in_progress'), fr['tenderdetails-action_start']!);
  const actions = page.getByRole('group', {
    name: fr['tenderdetails-actions'],
  });
  await expect(actions.getByRole('button', { name: fr['tenderdetails-action_submitted'] })).toBeVisible();
  await page.getByRole('link', { name: fr['tenderdetails-link_chat'] }).click();
  await expect(page).toHaveURL(new RegExp(`/tender/chat/${tenderId}$`));
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  // No document yet: the chat opens on its suggested questions.
  await expect(page.getByText(fr['chat-empty_title']!)).toBeVisible();
  await expect(page.getByRole('textbox', { name: fr['chat-question'] })).toBeVisible();

  // The DCE: a real PDF and a ZIP archive, sent over a slow line so the progress shows.
  await page.goto(`/tenders/${tenderId}/docs`);
  await expect(page.getByRole('heading', { level: 1, name: fr['tenderdocs-title'] })).toBeVisible();
  const pdfName = 'RC_2026FCSSA0025 v2.pdf';
  const zip = storedZip([
    {
      name: 'DCE/CCAP_2026FCSSA0025.pdf',
      data: readFileSync(`${DCE}/CCAP_2026FCSSA0025.pdf`),
    },
    { name: 'DCE/DC1.docx', data: readFileSync(`${DCE}/DC1.docx`) },
    {
      name: 'DCE/CRF_2026FCSSA0025.xlsx',
      data: readFileSync(`${DCE}/CRF_2026FCSSA0025.xlsx`),
    },
  ]);
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 20,
    downloadThroughput: -1,
    uploadThroughput: 400 * 1024,
  });
  await page.getByLabel(fr['tenderdocs-drop']!).setInputFiles([
    {
      name: pdfName,
      mimeType: 'application/pdf',
      buffer: readFileSync(`${DCE}/${pdfName}`),
    },
    { name: 'DCE-2026FCSSA0025.zip', mimeType: 'application/zip', buffer: zip },
  ]);
  const progress = page.getByRole('progressbar', {
    name: fr['tenderdocs-progress']!.replace('{{name}}', pdfName),
  });
  await expect(progress).toBeVisible();
  await expect.poll(async () => Number(await progress.getAttribute('aria-valuenow').catch(() => '100'))).toBeGreaterThan(0);
  const queue = page.getByRole('list', { name: fr['tenderdocs-queue'] });
  await expect(queue.getByText(fr['tenderdocs-status_done']!)).toHaveCount(2, {
    timeout: 20_000,
  });
  await expect(page.getByRole('progressbar')).toHaveCount(0);
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: -1,
  });

  // Both are listed, the archive entry by entry.
  const documents = page.getByRole('table', { name: fr['tenderdocs-list'] });
  const pdfRow = documents.getByRole('row', {
    name: new RegExp(escape(pdfName)),
  });
  await expect(pdfRow).toBeVisible();
  const zipRow = documents.getByRole('row', { name: /DCE-2026FCSSA0025\.zip/ });
  await zipRow.getByText(fr['tenderdocs-zip_entries_other']!.replace('{{count}}', '3')).click();
  const contents = zipRow.getByRole('list', {
    name: fr['tenderdocs-zip_contents'],
  });
  for (const entry of ['DCE/CCAP_2026FCSSA0025.pdf', 'DCE/DC1.docx', 'DCE/CRF_2026FCSSA0025.xlsx']) await expect(contents.getByText(entry)).toBeVisible();

  // A download keeps the file's name.
  const [download] = await Promise.all([page.waitForEvent('download'), pdfRow.getByRole('link', { name: named(fr['tenderdocs-download']!, pdfName) }).click()]);
  expect(download.suggestedFilename()).toBe(pdfName);
  expect((await download.failure()) ?? null).toBeNull();

  // Refusals: text named .pdf (the server reads the content), then a type no DCE holds (refused at once).
  const refusal = page.getByRole('alert').filter({ hasText: fr['common-invalid_file_type']! });
  await page.getByLabel(fr['tenderdocs-drop']!).setInputFiles({
    name: 'offre.pdf',
    mimeType: 'application/pdf',
    buffer: Buffer.from('Ceci n’est pas un PDF.\n'),
  });
  await expect(refusal).toBeVisible();
  await expect(queue.getByRole('listitem').filter({ hasText: 'offre.pdf' }).getByText(fr['tenderdocs-status_failed']!)).toBeVisible();
  await refusal.getByRole('button', { name: fr['common-close'] }).click();
  await expect(refusal).toHaveCount(0);
  await page.getByLabel(fr['tenderdocs-drop']!).setInputFiles({
    name: 'notes.txt',
    mimeType: 'text/plain',
    buffer: Buffer.from('notes'),
  });
  await expect(refusal).toBeVisible();
  await expect(queue.getByText('notes.txt')).toHaveCount(0);
  await expect(documents.getByRole('row')).toHaveCount(3);

  // Submitted after the confirmation; a cancelled change changes nothing.
  await page.getByRole('link', { name: fr['tenderdocs-back'] }).click();
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await actions.getByRole('button', { name: fr['tenderdetails-action_submitted'] }).click();
  const submitDialog = page.getByRole('alertdialog', { name: changeTitle('in_progress', 'submitted') });
  await expect(submitDialog.getByText(fr['tenderdetails-meaning_submitted']!)).toBeVisible();
  await submitDialog.getByRole('button', { name: fr['dialog-cancel'] }).click();
  await expect(page.getByRole('alertdialog')).toHaveCount(0);
  await expect(actions.getByRole('button', { name: fr['tenderdetails-action_submitted'] })).toBeVisible();
  await actions.getByRole('button', { name: fr['tenderdetails-action_submitted'] }).click();
  await confirmChange(page, changeTitle('in_progress', 'submitted'), fr['tenderdetails-action_submitted']!);

  // The manager reopens it to correct the response: a reason is asked for and kept in the history.
  const reason = 'Erreur de quantité dans le bordereau de prix du lot 2.';
  await actions.getByRole('button', { name: fr['tenderdetails-action_reopen'] }).click();
  const reopen = page.getByRole('alertdialog', { name: fr['tenderdetails-reopen_title'] });
  await reopen.getByRole('button', { name: fr['tenderdetails-action_reopen'] }).click();
  await expect(reopen.getByText(fr['tender-reopen_reason_required']!)).toBeVisible();
  await reopen.getByRole('textbox', { name: fr['tenderdetails-reopen_reason'] }).fill(reason);
  await confirmChange(page, fr['tenderdetails-reopen_title']!, fr['tenderdetails-action_reopen']!);
  await expect(actions.getByRole('button', { name: fr['tenderdetails-action_submitted'] })).toBeVisible();

  // Submitted again, then won after the confirmation.
  await actions.getByRole('button', { name: fr['tenderdetails-action_submitted'] }).click();
  await confirmChange(page, changeTitle('in_progress', 'submitted'), fr['tenderdetails-action_submitted']!);
  await expect(actions.getByRole('button', { name: fr['tenderdetails-action_won'] })).toBeVisible();
  await actions.getByRole('button', { name: fr['tenderdetails-action_won'] }).click();
  const confirm = page.getByRole('alertdialog', { name: changeTitle('submitted', 'won') });
  await expect(confirm.getByText(fr['tenderdetails-meaning_won']!)).toBeVisible();
  await confirm.getByRole('button', { name: fr['tenderdetails-action_won'] }).click();
  await expect(page.getByRole('alertdialog')).toHaveCount(0);
  await expect(page.getByText(fr['tenderdetails-decided']!)).toBeVisible();

  // The history tells each step, newest first, and who took it.
  const history = page.getByRole('list').filter({ hasText: fr['tenderdetails-history_created']! });
  const steps = history.getByRole('listitem');
  await expect(steps).toHaveCount(6);
  const status = (key: string) => fr[`tender-status_${key}`]!;
  await expect(steps.nth(0)).toContainText(`${status('submitted')}→${fr['tenderdetails-history_to']}${status('won')}`);
  await expect(steps.nth(1)).toContainText(`${status('in_progress')}→${fr['tenderdetails-history_to']}${status('submitted')}`);
  await expect(steps.nth(2)).toContainText(`${status('submitted')}→${fr['tenderdetails-history_to']}${status('in_progress')}`);
  await expect(steps.nth(2)).toContainText(fr['tenderdetails-history_reason']!.replace('{{reason}}', reason));
  await expect(steps.nth(2)).toContainText(fr['tenderdetails-history_by']!.replace('{{who}}', DEMO_ACCOUNTS.manager.username));
  await expect(steps.nth(3)).toContainText(`${status('in_progress')}→${fr['tenderdetails-history_to']}${status('submitted')}`);
  await expect(steps.nth(4)).toContainText(`${status('not_started')}→${fr['tenderdetails-history_to']}${status('in_progress')}`);
  await expect(steps.nth(5)).toContainText(`${fr['tenderdetails-history_created']}${status('not_started')}`);
  await expect(steps.nth(0)).toContainText(fr['tenderdetails-history_by']!.replace('{{who}}', DEMO_ACCOUNTS.manager.username));
  await expect(steps.nth(5)).toContainText(fr['tenderdetails-history_by']!.replace('{{who}}', DEMO_ACCOUNTS.admin.username));
});

test('an employee adds a potential tender to the company’s tenders', async ({ page, context }) => {
  await signInAs(page, context, 'employee');
  await sideMenu(page).getByRole('link', { name: fr['sidemenu-potential_tenders'] }).click();
  await expect(page.getByRole('heading', { level: 1, name: fr['potential-title'] })).toBeVisible();
  const add = page
    .getByRole('button', {
      name: new RegExp(`^${escape(fr['potential-add']!)} `),
    })
    .first();
  const label = (await add.getAttribute('aria-label'))!;
  const title = label.slice(fr['potential-add']!.length + 1);
  await add.click();
  await expect(page.getByRole('alert').or(page.getByRole('status')).filter({ hasText: fr['potential-added_title']! }).first()).toBeVisible();
  // The call leaves the potential tenders for the pipeline, where it starts not started.
  await expect(page.getByRole('button', { name: label })).toHaveCount(0);
  await page.getByRole('link', { name: fr['potential-open_tender'] }).click();
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(page.getByRole('button', { name: fr['tenderdetails-action_start'] })).toBeVisible();
  await sideMenu(page).getByRole('link', { name: fr['sidemenu-tenders'], exact: true }).click();
  await page.getByLabel(fr['tenders-search']!).fill(title);
  await expect(page.getByRole('row', { name: new RegExp(escape(title)) }).getByText(fr['tender-status_not_started']!)).toBeVisible();
});

test('the manager files a certificate that expires within 30 days and finds it among those expiring soon', async ({ page, context }) => {
  await signInAs(page, context, 'manager');
  await sideMenu(page).getByRole('link', { name: fr['sidemenu-company_documents'] }).click();
  await expect(page.getByRole('heading', { level: 1, name: fr['companydocs-title'] })).toBeVisible();
  const token = Date.now().toString(36).slice(-5);
  const file = 'Notice explicative DC1.pdf';
  const add = async (kind: string, title: string, validUntil: string) => {
    await page.getByRole('button', { name: fr['companydocs-add'] }).click();
    const dialog = page.getByRole('dialog', { name: fr['companydocs-add_title'] });
    await dialog.getByLabel(fr['companydocs-kind']!).selectOption(kind);
    await dialog.getByLabel(fr['companydocs-form_title']!, { exact: true }).fill(title);
    await dialog.getByLabel(fr['companydocs-issue_date']!).fill(inDays(-150));
    await dialog.getByLabel(fr['companydocs-valid_until']!).fill(validUntil);
    await dialog.getByLabel(fr['companydocs-file_drop']!).setInputFiles(`${DCE}/${file}`);
    await expect(dialog.getByText(fr['companydocs-file_chosen']!.replace('{{name}}', file))).toBeVisible();
    await dialog.getByRole('button', { name: fr['companydocs-save'] }).click();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    return page.getByRole('row', { name: new RegExp(escape(title)) });
  };
  const insurance = await add('insurance', `Assurance décennale ${token}`, inDays(200));
  const urssaf = await add('urssaf', `Attestation URSSAF ${token}`, inDays(12));
  await expect(insurance.getByText(fr['companydocs-validity_valid']!)).toBeVisible();
  await expect(urssaf.getByText(fr['companydocs-expires_in_other']!.replace('{{count}}', '12'))).toBeVisible();

  // Only what expires soon stays listed.
  const expiring = page.getByRole('button', { name: fr['companydocs-expiring_soon'] });
  await expiring.click();
  await expect(expiring).toHaveAttribute('aria-pressed', 'true');
  await expect(insurance).toHaveCount(0);
  await expect(urssaf).toBeVisible();
  await expect(page.getByRole('table', { name: fr['companydocs-table'] }).getByText(fr['companydocs-validity_valid']!, { exact: true })).toHaveCount(0);
});

test('an admin editing a DCE template used by calls is warned before the change applies', async ({ page, context }) => {
  await signInAs(page, context, 'admin');
  await sideMenu(page).getByRole('link', { name: fr['sidemenu-dce_templates'] }).click();
  await expect(page.getByRole('heading', { level: 1, name: fr['dcetemplates-title'] })).toBeVisible();
  const name = 'Marché de travaux – procédure adaptée';
  await page
    .getByRole('link', {
      name: fr['dcetemplates-edit_named']!.replace('{{name}}', name),
    })
    .click();
  await expect(
    page.getByRole('heading', {
      level: 1,
      name: fr['dcetemplates-edit_title']!.replace('{{name}}', name),
    }),
  ).toBeVisible();
  const description = `Pièces d’un DCE de travaux en MAPA, revues le ${new Date().toLocaleDateString('fr-FR')}.`;
  await page.getByLabel(fr['dcetemplates-description']!).fill(description);
  await page.getByRole('button', { name: fr['dcetemplates-save'] }).click();
  const warning = page.getByRole('alertdialog', {
    name: fr['dcetemplates-warning_title'],
  });
  await expect(warning).toContainText(name);
  // Cancelled, nothing changes; confirmed, the change applies.
  await warning.getByRole('button', { name: fr['dialog-cancel'] }).click();
  await expect(page.getByRole('alertdialog')).toHaveCount(0);
  await page.getByRole('button', { name: fr['dcetemplates-save'] }).click();
  await warning.getByRole('button', { name: fr['dcetemplates-warning_confirm'] }).click();
  await expect(page).toHaveURL(/\/dce-templates$/);
  await page
    .getByRole('link', {
      name: fr['dcetemplates-edit_named']!.replace('{{name}}', name),
    })
    .click();
  await expect(page.getByLabel(fr['dcetemplates-description']!)).toHaveValue(description);
});
