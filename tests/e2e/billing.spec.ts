import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { animationsDone, demoToken, bearer, en, expect, expectAccessible, fr, newUser, registerManager, createCompany, settled, test, useLook } from './fixtures';

// Billing (issue 14): a company on its trial pays a plan by card through Stripe Checkout (the
// local fake Stripe of playwright.config.ts, which signs and posts the webhooks as Stripe does),
// comes back to the return page that waits for the webhook, sees the plan active and downloads
// its Factur-X invoice; a company on the free plan is refused a fourth user with the reason.

/** The company's billing page, reached from /billing like the side menu does; answers its id. */
async function openBilling(page: Page, heading: string) {
  await page.goto('/billing');
  await expect(page).toHaveURL(/\/billing\/[0-9a-f-]{36}$/);
  await settled(page, heading);
  return page.url().split('/').pop()!;
}

test('a trial company pays Essentiel by card, comes back to an active plan and downloads its invoice', async ({ page }) => {
  test.slow();
  await registerManager(page);
  await createCompany(page);
  await openBilling(page, fr['billing-title']!);
  await expect(page.getByText(fr['billing-status_trialing']!).first()).toBeVisible();
  await animationsDone(page);
  await expectAccessible(page, 'billing (trial, fr, light)');

  await page.getByRole('button', { name: fr['billing-pay_card_named']!.replace('{{plan}}', 'Essentiel') }).click();
  // Stripe's hosted page (the fake's): the price including VAT, then "Payer".
  await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/checkout\//);
  await expect(page.getByRole('heading', { name: 'Paiement de votre abonnement' })).toBeVisible();
  await expect(page.getByText('58,80 €')).toBeVisible();
  await page.getByRole('button', { name: 'Payer' }).click();

  // Back in the app: the return page waits for the webhook, then says the plan is active.
  await expect(page).toHaveURL(/\/billing\/success\?session_id=/);
  const active = fr['billing-success_active']!.replace('{{plan}}', 'Essentiel');
  await expect(page.getByText(active)).toBeVisible({ timeout: 20_000 });
  await animationsDone(page);
  await expectAccessible(page, 'billing success (fr, light)');

  await page.getByRole('link', { name: fr['billing-success_invoices'] }).click();
  await settled(page, fr['billing-title']!);
  await expect(page.getByText(fr['billing-status_active']!).first()).toBeVisible();
  await expect(page.getByText(fr['billing-plan_name']!.replace('{{plan}}', 'Essentiel')).first()).toBeVisible();
  const download = page.getByRole('link', { name: /Télécharger \d{4}-\d{6} \(PDF\)/ }).first();
  await expect(download).toBeVisible();
  await expect(page.getByRole('row').filter({ has: download })).toContainText('58,80');
  const [file] = await Promise.all([page.waitForEvent('download'), download.click()]);
  expect(file.suggestedFilename()).toMatch(/\.pdf$/);
  const bytes = await readFile(await file.path());
  expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
  // The Factur-X XML travels inside the PDF.
  expect(bytes.includes(Buffer.from('factur-x.xml'))).toBe(true);
});

test('a company on the free plan is refused a fourth user with the plan that lifts the limit, and sees its usage', async ({ page, request }) => {
  test.slow();
  await registerManager(page);
  await createCompany(page);
  const companyId = await openBilling(page, fr['billing-title']!);
  const admin = await demoToken(request, 'admin');
  const set = await request.put(`/api/billing/${companyId}/plan`, { headers: bearer(admin), data: { plan: 'free', reason: 'Fin de l’essai (test)' } });
  expect(set.ok()).toBe(true);

  await page.goto('/company/users');
  const invite = async (email: string) => {
    await page.getByLabel(fr['companyusers-invite_email']!).fill(email);
    await page.getByRole('button', { name: fr['companyusers-invite_submit'] }).click();
  };
  for (const tag of ['one', 'two']) {
    const person = newUser(`employee-${tag}`);
    await invite(person.email);
    await expect(page.getByRole('main').getByRole('cell', { name: person.email }).first()).toBeVisible();
  }
  const refused = fr['billing-limit_users']!.replace('{{plan}}', 'Gratuit').replace('{{limit}}', '3').replace('{{upgrade}}', 'Essentiel');
  await invite(newUser('employee-three').email);
  await expect(page.getByText(refused)).toBeVisible();

  // The billing page shows the users at the limit, in English and dark.
  await useLook(page, 'en', 'dark');
  await page.goto(`/billing/${companyId}`);
  await settled(page, en['billing-title']!);
  await expect(page.getByText(en['billing-usage_value']!.replace('{{used}}', '3').replace('{{limit}}', '3')).first()).toBeVisible();
  await animationsDone(page);
  await expectAccessible(page, 'billing (free plan at its user limit, en, dark)');
});
