import { DEMO_ACCOUNTS } from '../../server/db/seed';
import { animationsDone, expect, expectAccessible, fr, signIn, test } from './fixtures';

// Issue reports as their users live them (issue 5): an employee files one from any page with a
// screenshot, the form refusing what the server would refuse; the admin finds it and resolves it.

// A valid 1×1 PNG, and one of exactly 1 MB + 1 byte (its trailing bytes after the image end).
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');
const OVERSIZED_PNG = Buffer.concat([PNG, Buffer.alloc(1024 * 1024 + 1 - PNG.length)]);

test('an employee reports a problem with a screenshot; the admin finds it and resolves it', async ({ browser }) => {
  const title = `Export impossible ${Date.now().toString(36)}`;

  const employee = await browser.newContext();
  const page = await employee.newPage();
  await signIn(page, DEMO_ACCOUNTS.employee.email, DEMO_ACCOUNTS.employee.password);
  await page.waitForURL('**/dashboard');
  await page.goto('/company/tenders');
  await page.getByRole('button', { name: fr['report-open_button'] }).click();
  const form = page.getByRole('dialog', { name: fr['report-form_title'] });
  await expect(form).toBeVisible();
  await expectAccessible(page, 'the open report form');

  // Refused before anything is sent: an image of 1 MB + 1 byte, and text named .png.
  const input = form.locator('input[type=file]');
  await input.setInputFiles({ name: 'grande.png', mimeType: 'image/png', buffer: OVERSIZED_PNG });
  await expect(page.getByText(fr['common-invalid_file_size']!)).toBeVisible();
  await input.setInputFiles({ name: 'notes.png', mimeType: 'text/plain', buffer: Buffer.from('pas une image') });
  await expect(page.getByText(fr['common-invalid_file_type']!)).toBeVisible();
  await expect(form.getByRole('img', { name: fr['report-screenshot_preview'] })).toHaveCount(0);

  await form.getByLabel(fr['report-type']!).selectOption('bug');
  await form.getByLabel(fr['report-priority']!).selectOption('high');
  await form.getByLabel(fr['report-title']!).fill(title);
  await form.getByLabel(fr['report-description']!).fill("Le bouton d'export des appels d'offres ne répond pas.");
  await input.setInputFiles({ name: 'capture.png', mimeType: 'image/png', buffer: PNG });
  await expect(form.getByRole('img', { name: fr['report-screenshot_preview'] })).toBeVisible();
  await form.getByRole('button', { name: fr['report-submit'] }).click();
  await expect(page.getByText(fr['report-created']!)).toBeVisible();
  await expect(form).toBeHidden();
  await employee.close();

  const admin = await browser.newContext();
  const adminPage = await admin.newPage();
  await signIn(adminPage, DEMO_ACCOUNTS.admin.email, DEMO_ACCOUNTS.admin.password);
  await adminPage.waitForURL('**/dashboard');
  await adminPage.goto('/reports');
  await adminPage.getByLabel(fr['reports-search']!).fill(title.split(' ')[2]!);
  const row = adminPage.getByRole('row', { name: new RegExp(title) });
  await expect(row).toBeVisible();
  await expect(row).toContainText(fr['report-status_open']!);
  // The table dims while the search loads: axe looks once it is settled.
  await expect(adminPage.locator('[aria-busy="true"]')).toHaveCount(0);
  await animationsDone(adminPage);
  await expectAccessible(adminPage, '/reports');
  await row.getByRole('button', { name: fr['reports-view_named']!.replace('{{title}}', title) }).click();
  const detail = adminPage.getByRole('dialog');
  await expect(detail.getByRole('img', { name: fr['reports-screenshot_alt']!.replace('{{title}}', title) })).toBeVisible();
  await expect(detail).toContainText('/company/tenders');
  await detail.getByLabel(fr['reports-change_status']!).selectOption('resolved');
  await expect(adminPage.getByText(fr['report-status_updated']!)).toBeVisible();
  await adminPage.keyboard.press('Escape');
  await expect(row).toContainText(fr['report-status_resolved']!);
  await admin.close();
});
