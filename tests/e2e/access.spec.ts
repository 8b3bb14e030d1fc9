import type { Page } from '@playwright/test';
import { DEMO_ACCOUNTS, DEMO_COMPANY_NAME } from '../../server/db/seed';
import { expect, fr, signIn, test } from './fixtures';

type Who = 'anonymous' | 'admin' | 'manager' | 'employee';
type Ids = { userId: string; companyId: string };
/** Where a visit ends: `stay` keeps the address, a string is the address the guard sends to. */
type Outcome = 'stay' | '/sign-in' | '/dashboard' | '/not-found' | '/create-company' | ((ids: Ids) => string);

const ANY_ID = '00000000-0000-4000-8000-000000000000';
const signedOutOnly = { anonymous: 'stay', admin: '/dashboard', manager: '/dashboard', employee: '/dashboard' } as const;
const signedIn = { anonymous: '/sign-in', admin: 'stay', manager: 'stay', employee: 'stay' } as const;
const adminOnly = { anonymous: '/sign-in', admin: 'stay', manager: '/not-found', employee: '/not-found' } as const;
const staffOnly = { anonymous: '/sign-in', admin: '/not-found', manager: 'stay', employee: 'stay' } as const;
const adminAndManager = { anonymous: '/sign-in', admin: 'stay', manager: 'stay', employee: '/not-found' } as const;
const everyone = { anonymous: 'stay', admin: 'stay', manager: 'stay', employee: 'stay' } as const;

// The route table of spec section 2, as a user meets it: every route, with the outcome per role.
const table: [path: string | ((ids: Ids) => string), outcomes: Record<Who, Outcome>][] = [
  ['/', { anonymous: '/sign-in', admin: '/dashboard', manager: '/dashboard', employee: '/dashboard' }],
  ['/sign-in', signedOutOnly],
  ['/manager/sign-up', signedOutOnly],
  ['/employee/sign-up', signedOutOnly],
  ['/forgot-password', signedOutOnly],
  ['/reset-password', signedOutOnly],
  ['/verify-email', everyone],
  ['/create-company', { anonymous: '/sign-in', admin: '/dashboard', manager: '/dashboard', employee: '/dashboard' }],
  ['/dashboard', signedIn],
  [({ userId }) => `/users/${userId}`, signedIn],
  ['/users', adminOnly],
  ['/companies', adminOnly],
  [({ companyId }) => `/companies/${companyId}`, signedIn],
  ['/company/users', staffOnly],
  ['/admin/outbox', adminOnly],
  ['/potential-tenders', signedIn],
  ['/dce-templates', adminOnly],
  ['/dce-templates/add', adminOnly],
  [`/dce-templates/edit/${ANY_ID}`, adminOnly],
  ['/company/tenders', staffOnly],
  ['/tenders', adminOnly],
  [`/tenders/${ANY_ID}/docs`, signedIn],
  [`/tenders/${ANY_ID}`, signedIn],
  [`/tender/dce-analyse/${ANY_ID}`, adminAndManager],
  [`/tender/cctp-analyse/${ANY_ID}`, signedIn],
  [`/tender/chat/${ANY_ID}`, signedIn],
  [`/tender/assisted-writing/${ANY_ID}`, signedIn],
  ['/company/documents', { ...staffOnly, manager: ({ companyId }) => `/company/documents/${companyId}`, employee: ({ companyId }) => `/company/documents/${companyId}` }],
  [({ companyId }) => `/company/documents/${companyId}`, staffOnly],
  ['/reports', adminOnly],
  ['/billing', { ...staffOnly, manager: ({ companyId }) => `/billing/${companyId}`, employee: ({ companyId }) => `/billing/${companyId}` }],
  ['/billing/success', signedIn],
  ['/billing/cancel', signedIn],
  [({ companyId }) => `/billing/${companyId}`, staffOnly],
  ['/not-found', everyone],
  ['/une/adresse/inconnue', everyone],
];

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

async function currentIds(page: Page): Promise<Ids> {
  const profile = await page.evaluate(() => JSON.parse(localStorage.getItem('userProfile') ?? 'null') as { _id: string; company: { _id: string } | null } | null);
  return { userId: profile?._id ?? ANY_ID, companyId: profile?.company?._id ?? ANY_ID };
}

for (const who of ['anonymous', 'admin', 'manager', 'employee'] as const) {
  test(`every route of the route table, as ${who}`, async ({ page }) => {
    test.setTimeout(120_000);
    if (who !== 'anonymous') {
      await signIn(page, DEMO_ACCOUNTS[who].email, DEMO_ACCOUNTS[who].password);
      await expect(page).toHaveURL(/\/dashboard$/);
    }
    const ids = who === 'anonymous' ? { userId: ANY_ID, companyId: ANY_ID } : await currentIds(page);
    await page.goto('/not-found');
    for (const [route, outcomes] of table) {
      const path = typeof route === 'function' ? route(ids) : route;
      const outcome = outcomes[who];
      const expected = outcome === 'stay' ? path : typeof outcome === 'function' ? outcome(ids) : outcome;
      // In-app navigation, as a link would do: the guards run without a page load.
      await page.evaluate((to) => {
        history.pushState(null, '', to);
        dispatchEvent(new PopStateEvent('popstate'));
      }, path);
      await expect(page, `${who} visiting ${path}`).toHaveURL(new RegExp(`^[^?#]*//[^/]+${escape(expected)}(\\?.*)?$`));
      // The page at the end of the road renders its title, not a blank screen.
      await expect(page.getByRole('heading', { level: 1 }).first(), `${who} visiting ${path}`).toBeVisible();
      if (expected === '/not-found' || path === '/une/adresse/inconnue') {
        await expect(page.getByRole('heading', { name: fr['notfound-title'] })).toBeVisible();
      }
    }
  });
}

test('signing out then in as someone else shows nothing of the first user', async ({ page }) => {
  const manager = DEMO_ACCOUNTS.manager;
  const admin = DEMO_ACCOUNTS.admin;
  await signIn(page, manager.email, manager.password);
  await expect(page.getByRole('main').getByText(DEMO_COMPANY_NAME)).toBeVisible();
  await page.goto('/company/users');
  await expect(page.getByRole('main').getByText(DEMO_ACCOUNTS.employee.email)).toBeVisible();
  await page.getByRole('button', { name: fr['header-profile_menu'] }).click();
  await expect(page.getByRole('menu').getByText(manager.email)).toBeVisible();
  await page.getByRole('menuitem', { name: fr['header-sign_out'] }).click();
  await expect(page).toHaveURL(/\/sign-in$/);
  // The form does not offer the previous user's email either.
  await expect(page.getByLabel(fr['signin-email']!)).toHaveValue('');

  // No reload in between: whatever the app kept in memory would show now.
  await page.getByLabel(fr['signin-email']!).fill(admin.email);
  await page.getByLabel(fr['signin-password']!, { exact: true }).fill(admin.password);
  await page.getByRole('button', { name: fr['signin-submit'] }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { name: `Bonjour, ${admin.username}` })).toBeVisible();
  await expect(page.getByText(manager.username)).toHaveCount(0);
  await expect(page.getByText(DEMO_COMPANY_NAME)).toHaveCount(0);
  await page.getByRole('button', { name: fr['header-profile_menu'] }).click();
  await expect(page.getByRole('menu').getByText(admin.email)).toBeVisible();
  await expect(page.getByRole('menu').getByText(manager.email)).toHaveCount(0);
  await page.keyboard.press('Escape');
  expect(await page.evaluate(() => (JSON.parse(localStorage.getItem('userProfile') ?? '{}') as { primaryEmail?: string }).primaryEmail)).toBe(admin.email);
  // The manager's pages are closed to the admin.
  await page.goto('/company/users');
  await expect(page).toHaveURL(/\/not-found$/);
  await expect(page.getByRole('heading', { name: fr['notfound-title'] })).toBeVisible();
});
