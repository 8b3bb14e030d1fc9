import type { APIRequestContext } from '@playwright/test';
import { DEMO_ACCOUNTS, DEMO_COMPANY_NAME } from '../../server/db/seed';
import { animationsDone, en, expect, expectAccessible, follow, fr, LOOKS, newUser, settled, test, useLook, useToken } from './fixtures';
import { expectLayoutHolds } from './layout-checks';

// Every screen of the accounts, companies and shell issue, with the user who sees it, passes axe
// (WCAG 2.2 A and AA) in French and English, light and dark, once its content is loaded; each is
// saved as a full-page screenshot to look at: test-results/screens/<screen>-<lng>-<theme>.png.

type Demo = keyof typeof DEMO_ACCOUNTS;

async function api<T>(request: APIRequestContext, method: 'get' | 'post', url: string, data?: object, token?: string): Promise<T> {
  const response = await request[method](url, { data, headers: token ? { authorization: `Bearer ${token}` } : {} });
  expect(response.ok(), `${method.toUpperCase()} ${url}: ${response.status()}`).toBe(true);
  return (await response.json()) as T;
}

// The demo accounts sign in once for both runs (one worker runs them one after the other).
const tokens: Partial<Record<Demo, string>> = {};
async function tokenOf(request: APIRequestContext, who: Demo) {
  const { email, password } = DEMO_ACCOUNTS[who];
  tokens[who] ??= (await api<{ token: string }>(request, 'post', '/api/users/login', { email, password })).token;
  return tokens[who];
}

/** The links of the emails to one address, newest first per kind, from the admin's outbox. */
async function linksTo(request: APIRequestContext, to: string) {
  const { emails } = await api<{ emails: { to: string; kind: string; link: string | null }[] }>(request, 'get', '/api/admin/outbox?perPage=100', undefined, await tokenOf(request, 'admin'));
  return (kind: 'invitation' | 'verify_email' | 'reset_password') => {
    const link = emails.find((email) => email.to === to && email.kind === kind)?.link;
    expect(link, `${kind} email to ${to}`).toBeTruthy();
    const url = new URL(link!);
    return `${url.pathname}${url.search}`;
  };
}

for (const [lng, theme] of LOOKS) {
  test(`every screen is accessible in ${lng}, ${theme}`, async ({ page, context, request, baseURL }) => {
    // Three dashboards with statistics, charts and work lists (issue 5) among a dozen screens.
    test.slow();
    const t = lng === 'fr' ? fr : en;
    const welcome = (who: Demo) => t['dashboard-welcome']!.replace('{{username}}', DEMO_ACCOUNTS[who].username);
    await useLook(page, lng, theme);

    /** Checks what is on screen now: language, theme, axe; then the screenshot. */
    const check = async (name: string) => {
      expect(await page.evaluate(() => ({ lang: document.documentElement.lang, theme: document.documentElement.dataset.theme }))).toEqual({ lang: lng, theme });
      await animationsDone(page);
      await expectAccessible(page, `${name} (${lng}, ${theme})`);
      await expectLayoutHolds(page, `${name} (${lng}, ${theme})`, `${name}-${lng}-${theme}`);
      await page.screenshot({ path: `test-results/screens/${name}-${lng}-${theme}.png`, fullPage: true });
    };
    /** Signs the browser in as the app does after "sign in" (the token cookie), then loads `path`. */
    const signInAs = async (token: string, path: string) => {
      await context.clearCookies();
      await useToken(context, baseURL, token);
      await page.evaluate(() => localStorage.removeItem('userProfile'));
      await page.goto(path);
    };

    // This run's mail: a manager who has just signed up (verification email, then a reset
    // link), and an employee invited by the demo manager.
    const fresh = newUser(`screens-${lng}-${theme}`);
    const registered = await api<{ token: string }>(request, 'post', '/api/users/register', { username: fresh.username, email: fresh.email, password: fresh.password });
    await api(request, 'post', '/api/users/password/forgot', { email: fresh.email });
    const invitee = newUser(`invitee-${lng}-${theme}`);
    await api(request, 'post', '/api/invites', { email: invitee.email, role: 'employee' }, await tokenOf(request, 'manager'));
    const freshLink = await linksTo(request, fresh.email);
    const inviteLink = (await linksTo(request, invitee.email))('invitation');

    // Signed out.
    await page.goto('/sign-in');
    await settled(page, t['signin-title']!);
    await check('sign-in');
    await follow(page, '/manager/sign-up');
    await settled(page, t['signup-title']!);
    await check('manager-sign-up');
    await follow(page, '/forgot-password');
    await settled(page, t['forgot-title']!);
    await check('forgot-password');
    await follow(page, freshLink('reset_password'));
    await settled(page, t['reset-title']!);
    await check('reset-password');
    await follow(page, inviteLink);
    await settled(page, t['invitesignup-title']!.replace('{{company}}', DEMO_COMPANY_NAME));
    await expect(page.getByLabel(t['invitesignup-email']!)).toHaveValue(invitee.email);
    await check('employee-sign-up');
    await follow(page, freshLink('verify_email'));
    await settled(page, t['verify-success_title']!);
    await check('verify-email');
    await follow(page, '/nulle-part');
    await settled(page, t['notfound-title']!);
    await check('not-found');

    // The manager who has just signed up: only the company creation is open.
    await signInAs(registered.token, '/create-company');
    await settled(page, t['createcompany-create_title']!);
    await check('create-company');

    // The demo manager.
    await signInAs(await tokenOf(request, 'manager'), '/dashboard');
    await settled(page, welcome('manager'), DEMO_COMPANY_NAME);
    await check('dashboard-manager');
    const manager = await page.evaluate(() => JSON.parse(localStorage.getItem('userProfile')!) as { _id: string; company: { _id: string } });
    await follow(page, `/users/${manager._id}`);
    await settled(page, t['myprofile-title']!, DEMO_ACCOUNTS.manager.email);
    await check('my-profile');
    await follow(page, `/companies/${manager.company._id}`);
    await settled(page, DEMO_COMPANY_NAME);
    await check('company');
    // The demo company's drawn logo, loaded by the img with the session cookie; removing it asks first.
    const logo = page.getByRole('img', { name: t['company-logo_alt']!.replace('{{name}}', DEMO_COMPANY_NAME) });
    await expect(logo).toBeVisible();
    expect(await logo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    await page.getByRole('button', { name: t['company-logo_remove'] }).click();
    await expect(page.getByRole('alertdialog', { name: t['company-logo_confirm_title'] })).toBeVisible();
    await check('company-logo-remove-dialog');
    await page.getByRole('alertdialog').getByRole('button', { name: t['dialog-cancel'] }).click();
    await expect(logo).toBeVisible();
    // The company form with its brand colour (the demo company's own).
    await page.getByRole('button', { name: t['company-edit'], exact: true }).click();
    await expect(page.getByRole('textbox', { name: t['company-brand_color'], exact: true })).toHaveValue(/^#[0-9a-f]{6}$/);
    await check('company-edit');
    await page.getByRole('button', { name: t['dialog-cancel'] }).click();
    await expect(logo).toBeVisible();
    // The candidature data the DC1, DC2 and DUME are filled from (issue 26), in its form.
    await page.getByRole('button', { name: t['candidature-edit_named'], exact: true }).click();
    await expect(page.getByRole('textbox', { name: t['candidature-naf_code'], exact: true })).toHaveValue('4120B');
    await check('company-candidature-edit');
    await page.getByRole('button', { name: t['dialog-cancel'] }).click();
    await follow(page, '/company/users');
    await settled(page, t['companyusers-title']!, invitee.email);
    await expect(page.getByRole('main').getByText(DEMO_ACCOUNTS.employee.email)).toBeVisible();
    await check('company-users');
    // A confirmation dialog, then the profile menu.
    const revoke = t['list-action_named']!.replace('{{action}}', t['companyusers-revoke']!).replace('{{target}}', invitee.email);
    await page.getByRole('button', { name: revoke, exact: true }).click();
    await expect(page.getByRole('alertdialog', { name: t['companyusers-revoke_title'] })).toBeVisible();
    await check('company-users-revoke-dialog');
    await page.keyboard.press('Escape');
    await expect(page.getByRole('alertdialog')).toHaveCount(0);
    await page.getByRole('button', { name: t['header-profile_menu'] }).click();
    await expect(page.getByRole('menu').getByText(DEMO_ACCOUNTS.manager.email)).toBeVisible();
    await check('profile-menu');
    await page.keyboard.press('Escape');
    await expect(page.getByRole('menu')).toHaveCount(0);

    // The demo employee, then the side menu as a phone shows it.
    await signInAs(await tokenOf(request, 'employee'), '/dashboard');
    await settled(page, welcome('employee'), DEMO_COMPANY_NAME);
    await check('dashboard-employee');
    const size = page.viewportSize()!;
    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByRole('button', { name: t['sidemenu-open'] }).click();
    await expect(page.getByRole('dialog').getByRole('navigation', { name: t['sidemenu-label'] })).toBeVisible();
    await check('side-menu-phone');
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await page.setViewportSize(size);

    // The admin.
    await signInAs(await tokenOf(request, 'admin'), '/dashboard');
    await settled(page, welcome('admin'));
    await check('dashboard-admin');
    await follow(page, '/users');
    await settled(page, t['adminusers-title']!, DEMO_ACCOUNTS.manager.email);
    await check('admin-users');
    await follow(page, `/users/${manager._id}`);
    await settled(page, DEMO_ACCOUNTS.manager.username, DEMO_ACCOUNTS.manager.email);
    await check('user-page');
    await follow(page, '/companies');
    await settled(page, t['companies-title']!, DEMO_COMPANY_NAME);
    await check('admin-companies');
    await page.getByRole('button', { name: t['companies-create'] }).first().click();
    await expect(page.getByRole('dialog', { name: t['companies-create_title'] })).toBeVisible();
    await check('company-dialog');
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await follow(page, '/admin/outbox');
    await settled(page, t['outbox-title']!, invitee.email);
    await check('outbox');
  });
}
