import { createCompany, expect, expectAccessible, fr, newUser, outboxLink, registerManager, signIn, test } from './fixtures';

test('a manager registers, creates the company, invites an employee who joins from the email link, then both sign in', async ({ page, browser, request }) => {
  const manager = await registerManager(page);
  await expect(page.getByRole('heading', { name: fr['createcompany-create_title'] })).toBeVisible();
  await expectAccessible(page, 'create company');
  // The client refuses a bad SIRET before the server sees it.
  await page.getByLabel(fr['createcompany-siret']!).fill('73282932000075');
  await page.getByRole('button', { name: fr['createcompany-create_submit'] }).click();
  await expect(page.getByText(fr['form-siret_checksum']!)).toBeVisible();
  await createCompany(page);

  // The manager invites from the company's users page.
  const employee = newUser('employee');
  await page.goto('/company/users');
  await page.getByLabel(fr['companyusers-invite_email']!).fill(employee.email);
  await page.getByRole('button', { name: fr['companyusers-invite_submit'] }).click();
  // The pending invitation is listed.
  await expect(page.getByRole('main').getByRole('cell', { name: employee.email }).first()).toBeVisible();
  // And counted next to the company's users in the side menu.
  await expect(page.getByRole('link', { name: /1 en attente/ })).toBeVisible();
  const link = await outboxLink(request, employee.email, 'invitation');

  const other = await browser.newContext();
  const invitee = await other.newPage();
  await invitee.goto(link);
  await expect(invitee.getByRole('heading', { name: 'Rejoindre Menuiserie Fontaine' })).toBeVisible();
  await expect(invitee.getByLabel(fr['invitesignup-email']!)).toHaveValue(employee.email);
  await expectAccessible(invitee, 'employee sign-up');
  await invitee.getByLabel(fr['signup-username']!).fill(employee.username);
  await invitee.getByLabel(fr['signup-password']!, { exact: true }).fill(employee.password);
  await invitee.getByLabel(fr['form-password_confirmation']!, { exact: true }).fill(employee.password);
  await invitee.getByRole('button', { name: fr['invitesignup-submit'] }).click();
  await expect(invitee).toHaveURL(/\/dashboard$/);
  await expect(invitee.getByRole('main').getByText('Menuiserie Fontaine')).toBeVisible();

  // The link works once.
  await other.clearCookies();
  await invitee.evaluate(() => localStorage.clear());
  await invitee.goto(link);
  await expect(invitee.getByRole('heading', { name: fr['invitesignup-used_title'] })).toBeVisible();

  // Both sign in with their passwords and work in the same company.
  await signIn(invitee, employee.email, employee.password);
  await expect(invitee.getByRole('heading', { name: `Bonjour, ${employee.username}` })).toBeVisible();
  await expect(invitee.getByRole('main').getByText('Menuiserie Fontaine')).toBeVisible();
  await other.close();
  await page.context().clearCookies();
  await page.evaluate(() => localStorage.clear());
  await signIn(page, manager.email, manager.password);
  await expect(page.getByRole('heading', { name: `Bonjour, ${manager.username}` })).toBeVisible();
  await expect(page.getByRole('main').getByText('Menuiserie Fontaine')).toBeVisible();
  await page.goto('/company/users');
  await expect(page.getByRole('main').getByText(employee.email).first()).toBeVisible();
  // Nothing is pending any more.
  await expect(page.getByRole('link', { name: /en attente/ })).toHaveCount(0);
});

test('forgot password, reset once from the email link, then sign in with the new password', async ({ page, request }) => {
  const manager = await registerManager(page);
  await createCompany(page);
  await page.context().clearCookies();
  await page.evaluate(() => localStorage.clear());

  await page.goto('/sign-in');
  await page.getByRole('link', { name: fr['forgot-link'] }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  await expectAccessible(page, 'forgot password');
  await page.getByLabel(fr['signin-email']!).fill(manager.email);
  await page.getByRole('button', { name: fr['forgot-submit'] }).click();
  await expect(page.getByRole('heading', { name: fr['forgot-sent_title'] })).toBeVisible();

  const link = await outboxLink(request, manager.email, 'reset_password');
  const password = 'Nouvelle-phrase-2026';
  await page.goto(link);
  await expect(page.getByRole('heading', { name: fr['reset-title'] })).toBeVisible();
  await expectAccessible(page, 'reset password');
  await page.getByLabel(fr['reset-new_password']!, { exact: true }).fill(password);
  await page.getByLabel(fr['form-password_confirmation']!, { exact: true }).fill(password);
  await page.getByRole('button', { name: fr['reset-submit'] }).click();
  await expect(page.getByRole('heading', { name: fr['reset-done_title'] })).toBeVisible();

  await page.goto(link);
  await page.getByLabel(fr['reset-new_password']!, { exact: true }).fill('Encore-une-phrase-2026');
  await page.getByLabel(fr['form-password_confirmation']!, { exact: true }).fill('Encore-une-phrase-2026');
  await page.getByRole('button', { name: fr['reset-submit'] }).click();
  await expect(page.getByRole('heading', { name: fr['reset-expired_title'] })).toBeVisible();
  await expect(page.getByRole('link', { name: fr['reset-ask_new_link'] })).toHaveAttribute('href', '/forgot-password');

  await signIn(page, manager.email, password);
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('my profile: picture, username, email verification from the outbox link', async ({ page, request }) => {
  const manager = await registerManager(page);
  await createCompany(page);
  const id = await page.evaluate(() => (JSON.parse(localStorage.getItem('userProfile') ?? '{}') as { _id: string })._id);
  await page.goto(`/users/${id}`);
  await expect(page.getByRole('heading', { name: fr['myprofile-title'] })).toBeVisible();
  await expectAccessible(page, 'my profile');

  // Refused on the client: not an accepted image type.
  await page.locator('input[type=file]').setInputFiles({ name: 'logo.svg', mimeType: 'image/svg+xml', buffer: Buffer.from('<svg/>') });
  await expect(page.getByRole('alert').filter({ hasText: fr['common-invalid_file_type']! }).first()).toBeVisible();

  const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');
  await page.locator('input[type=file]').setInputFiles({ name: 'portrait.png', mimeType: 'image/png', buffer: png });
  await expect(page.getByText(fr['myprofile-picture_preview']!)).toBeVisible();
  await page.getByRole('button', { name: fr['myprofile-picture_save'] }).click();
  await expect(page.getByRole('button', { name: fr['myprofile-picture_remove'] })).toBeVisible();

  await page.getByLabel(fr['signup-username']!).fill('Léa Fontaine-Roux');
  await page.getByRole('button', { name: fr['myprofile-save'], exact: true }).click();
  await expect(page.getByText(fr['profile-updated']!).first()).toBeVisible();
  await page.reload();
  await expect(page.getByLabel(fr['signup-username']!)).toHaveValue('Léa Fontaine-Roux');

  const link = await outboxLink(request, manager.email, 'verify_email');
  await page.goto(link);
  await expect(page.getByRole('heading', { name: fr['verify-success_title'] })).toBeVisible();
  await expectAccessible(page, 'verify email');
  await page.goto(`/users/${id}`);
  await expect(page.getByText(new RegExp(`— ${fr['myprofile-email_verified']!}$`))).toBeVisible();
});
