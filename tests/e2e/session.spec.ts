import { DEMO_ACCOUNTS, DEMO_COMPANY_NAME } from '../../server/db/seed';
import { createCompany, en, expect, fr, registerManager, signIn, test } from './fixtures';

test('a new manager signs up, creates the company, keeps the session on reload, switches to English and dark mode, signs out and back in', async ({ page, context }) => {
  await page.goto('/');
  await expect(page).toHaveURL(/\/sign-in$/);
  await page.getByRole('link', { name: fr['signin-sign_up_link'] }).click();
  await expect(page).toHaveURL(/\/manager\/sign-up$/);
  await expect(page).toHaveTitle(`Soumissio — ${fr['signup-page_title']}`);

  // A new manager has no company yet: the only way on is to create it.
  const user = await registerManager(page);
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/create-company$/);
  await createCompany(page);

  await expect(page.getByRole('heading', { name: `Bonjour, ${user.username}` })).toBeVisible();
  await expect(page.getByRole('main').getByText('Menuiserie Fontaine')).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr');

  await page.reload();
  await expect(page.getByRole('heading', { name: `Bonjour, ${user.username}` })).toBeVisible();

  await page.getByRole('button', { name: fr['header-language'] }).click();
  await page.getByRole('menuitemradio', { name: 'English' }).click();
  await expect(page.getByRole('heading', { name: `Hello, ${user.username}` })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(page).toHaveTitle(`Soumissio — ${en['dashboard-page_title']}`);

  await page.getByRole('button', { name: en['header-theme'] }).click();
  await page.getByRole('menuitemradio', { name: en['theme-dark'] }).click();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');

  // Both choices survive a reload.
  await page.reload();
  await expect(page.getByRole('heading', { name: `Hello, ${user.username}` })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');

  await page.getByRole('button', { name: en['header-profile_menu'] }).click();
  await page.getByRole('menuitem', { name: en['header-sign_out'] }).click();
  await expect(page).toHaveURL(/\/sign-in$/);
  expect((await context.cookies()).find((c) => c.name === 'token')).toBeUndefined();
  expect(await page.evaluate(() => localStorage.getItem('userProfile'))).toBeNull();

  // A signed-out user is sent back to sign in.
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/sign-in$/);

  await page.getByLabel(en['signin-email']!).fill(user.email);
  await page.getByLabel(en['signin-password']!, { exact: true }).fill(user.password);
  await page.getByLabel(en['signin-remember']!).check();
  await page.getByRole('button', { name: en['signin-submit'] }).click();
  await expect(page.getByRole('heading', { name: `Hello, ${user.username}` })).toBeVisible();

  const token = (await context.cookies()).find((c) => c.name === 'token');
  expect(token?.sameSite).toBe('Strict');
  expect(token?.secure).toBe(true);
  expect(token?.path).toBe('/');
  // "Remember me" keeps the cookie until the token expires (7 days by default).
  expect(token!.expires * 1000 - Date.now()).toBeGreaterThan(6 * 24 * 3600 * 1000);
});

test('a wrong password shows the server message and keeps the user on the sign-in page', async ({ page }) => {
  await signIn(page, DEMO_ACCOUNTS.manager.email, 'not-the-password');
  await expect(page.getByRole('alert')).toContainText('E-mail ou mot de passe incorrect.');
  await expect(page).toHaveURL(/\/sign-in$/);
  await expect(page.getByLabel(fr['signin-email']!)).toHaveValue(DEMO_ACCOUNTS.manager.email);
});

test('a session cookie without "remember me" ends with the browser session', async ({ page, context }) => {
  await signIn(page, DEMO_ACCOUNTS.employee.email, DEMO_ACCOUNTS.employee.password);
  await expect(page.getByRole('heading', { name: `Bonjour, ${DEMO_ACCOUNTS.employee.username}` })).toBeVisible();
  await expect(page.getByRole('main').getByText(DEMO_COMPANY_NAME)).toBeVisible();
  const token = (await context.cookies()).find((c) => c.name === 'token');
  expect(token?.expires).toBe(-1);
});

test('a token revoked on the server signs the user out with a message', async ({ page, request }) => {
  await signIn(page, DEMO_ACCOUNTS.manager.email, DEMO_ACCOUNTS.manager.password);
  await expect(page).toHaveURL(/\/dashboard$/);
  const token = (await page.context().cookies()).find((c) => c.name === 'token')!.value;
  const res = await request.post('/api/users/logout', { headers: { authorization: `Bearer ${token}` } });
  expect(res.status()).toBe(200);
  await page.reload();
  // A toast says it for 7 s, and the sign-in page keeps saying it until the user signs in again.
  await expect(page).toHaveURL(/\/sign-in$/);
  const ended = page.getByRole('main').getByRole('status').filter({ hasText: fr['signin-session_ended_title']! });
  await expect(ended).toContainText('Vous avez été déconnecté. Veuillez vous reconnecter.');
  await page.waitForTimeout(7_500);
  await expect(ended).toBeVisible();
});

test('an unknown address shows the not-found page with a way home', async ({ page }) => {
  await page.goto('/nulle-part');
  await expect(page.getByRole('heading', { name: fr['notfound-title'] })).toBeVisible();
  await page.getByRole('link', { name: fr['notfound-back_home'] }).or(page.getByRole('button', { name: fr['notfound-back_home'] })).click();
  await expect(page).toHaveURL(/\/sign-in$/);
});

test('/sign-in stays reachable when signed in: who is signed in, continue, or sign in as someone else', async ({ page }) => {
  // Two sign-ins and three page loads.
  test.slow();
  const manager = DEMO_ACCOUNTS.manager;
  const employee = DEMO_ACCOUNTS.employee;
  await signIn(page, manager.email, manager.password);
  await expect(page).toHaveURL(/\/dashboard$/);

  await page.goto('/sign-in');
  await expect(page.getByRole('heading', { name: fr['signin-signed_in_title'] })).toBeVisible();
  await expect(page).toHaveURL(/\/sign-in$/);
  await expect(page.getByText(fr['signin-signed_in_as']!.replace('{{name}}', manager.username).replace('{{email}}', manager.email))).toBeVisible();
  await page.getByRole('link', { name: fr['signin-continue'] }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { name: `Bonjour, ${manager.username}` })).toBeVisible();

  await page.goto('/sign-in');
  await page.getByRole('button', { name: fr['signin-switch_account'] }).click();
  await expect(page.getByRole('heading', { name: fr['signin-title'] })).toBeVisible();
  await expect(page).toHaveURL(/\/sign-in$/);
  await page.getByLabel(fr['signin-email']!).fill(employee.email);
  await page.getByLabel(fr['signin-password']!, { exact: true }).fill(employee.password);
  await page.getByRole('button', { name: fr['signin-submit'] }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { name: `Bonjour, ${employee.username}` })).toBeVisible();
});
