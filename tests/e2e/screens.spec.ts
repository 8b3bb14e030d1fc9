import type { APIRequestContext, BrowserContext, Page } from '@playwright/test';
import { DEMO_ACCOUNTS } from '../../server/db/seed';
import { en, expect, expectAccessible, fr, newUser, outboxLink, test } from './fixtures';

// Every screen of the accounts, companies and shell issue passes axe (WCAG 2.2 A and AA) in
// French and English, light and dark; each is also saved as a screenshot to look at.

async function tokenOf(request: APIRequestContext, email: string, password: string) {
  const response = await request.post('/api/users/login', { data: { email, password } });
  expect(response.status(), `sign-in of ${email}`).toBe(200);
  return ((await response.json()) as { token: string }).token;
}

/** Signs the browser in as the app would after "sign in": the token cookie, then a fresh load. */
async function useToken(context: BrowserContext, baseURL: string, token: string) {
  await context.clearCookies();
  await context.addCookies([{ name: 'token', value: token, url: baseURL, sameSite: 'Strict' }]);
}

for (const lng of ['fr', 'en'] as const) {
  for (const theme of ['light', 'dark'] as const) {
    test(`every screen is accessible in ${lng}, ${theme}`, async ({ page, context, request, baseURL }) => {
      test.setTimeout(120_000);
      const t = lng === 'fr' ? fr : en;
      await page.addInitScript(
        ({ l, th }) => {
          localStorage.setItem('i18nextLng', l);
          localStorage.setItem('theme', th);
        },
        { l: lng, th: theme },
      );
      await page.emulateMedia({ colorScheme: theme });

      const check = async (name: string, path: string, ready: (p: Page) => Promise<void>) => {
        await page.goto(path);
        await ready(page);
        await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
        await expect(page.locator('html')).toHaveAttribute('lang', lng);
        await expectAccessible(page, `${name} (${lng}, ${theme})`);
        await page.screenshot({ path: `test-results/screens/${name}-${lng}-${theme}.png`, fullPage: true });
      };
      const heading = (name: string) => (p: Page) => expect(p.getByRole('heading', { level: 1, name })).toBeVisible();
      const h1 = (p: Page) => expect(p.getByRole('heading', { level: 1 }).first()).toBeVisible();

      // Signed out.
      await check('sign-in', '/sign-in', heading(t['signin-title']!));
      await check('manager-sign-up', '/manager/sign-up', heading(t['signup-title']!));
      await check('forgot-password', '/forgot-password', heading(t['forgot-title']!));
      await check('reset-password', '/reset-password?token=0123456789abcdef0123', h1);
      await check('verify-email', '/verify-email?token=0123456789abcdef0123', h1);
      await check('not-found', '/nulle-part', heading(t['notfound-title']!));

      const managerToken = await tokenOf(request, DEMO_ACCOUNTS.manager.email, DEMO_ACCOUNTS.manager.password);
      const invitee = newUser('a11y');
      const invited = await request.post('/api/invites', { data: { email: invitee.email, role: 'employee' }, headers: { authorization: `Bearer ${managerToken}` } });
      expect(invited.status()).toBe(201);
      await check('employee-sign-up', await outboxLink(request, invitee.email, 'invitation'), h1);

      // A manager who has just registered: only the company creation is open.
      const fresh = newUser('a11y-manager');
      const registered = await request.post('/api/users/register', { data: { username: fresh.username, email: fresh.email, password: fresh.password } });
      expect(registered.status()).toBe(201);
      await useToken(context, baseURL!, ((await registered.json()) as { token: string }).token);
      await check('create-company', '/create-company', heading(t['createcompany-create_title']!));

      // The demo manager.
      await useToken(context, baseURL!, managerToken);
      await check('dashboard-manager', '/dashboard', heading(t['dashboard-welcome']!.replace('{{username}}', DEMO_ACCOUNTS.manager.username)));
      const profile = await page.evaluate(() => JSON.parse(localStorage.getItem('userProfile')!) as { _id: string; company: { _id: string } });
      await check('my-profile', `/users/${profile._id}`, h1);
      await check('company', `/companies/${profile.company._id}`, h1);
      await check('company-users', '/company/users', async (p) => {
        await expect(p.getByRole('main').getByText(DEMO_ACCOUNTS.employee.email).first()).toBeVisible();
      });
      await page.getByRole('button', { name: t['header-profile_menu'] }).click();
      await expect(page.getByRole('menu')).toBeVisible();
      await expectAccessible(page, `profile menu (${lng}, ${theme})`);
      await page.keyboard.press('Escape');

      // The demo employee.
      await useToken(context, baseURL!, await tokenOf(request, DEMO_ACCOUNTS.employee.email, DEMO_ACCOUNTS.employee.password));
      await check('dashboard-employee', '/dashboard', heading(t['dashboard-welcome']!.replace('{{username}}', DEMO_ACCOUNTS.employee.username)));

      // The admin.
      await useToken(context, baseURL!, await tokenOf(request, DEMO_ACCOUNTS.admin.email, DEMO_ACCOUNTS.admin.password));
      await check('dashboard-admin', '/dashboard', heading(t['dashboard-welcome']!.replace('{{username}}', DEMO_ACCOUNTS.admin.username)));
      await check('admin-users', '/users', async (p) => {
        await expect(p.getByRole('main').getByText(DEMO_ACCOUNTS.manager.email).first()).toBeVisible();
      });
      await check('user-page', `/users/${profile._id}`, heading(DEMO_ACCOUNTS.manager.username));
      await check('admin-companies', '/companies', h1);
      await page.getByRole('button', { name: t['companies-create'] }).first().click();
      await expect(page.getByRole('dialog')).toBeVisible();
      await expectAccessible(page, `company dialog (${lng}, ${theme})`);
      await page.keyboard.press('Escape');
      await check('outbox', '/admin/outbox', async (p) => {
        await expect(p.getByRole('main').getByText(invitee.email).first()).toBeVisible();
      });
    });
  }
}
