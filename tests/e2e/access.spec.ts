import type { APIRequestContext, Page } from '@playwright/test';
import { DEMO_ACCOUNTS, DEMO_COMPANY_NAME } from '../../server/db/seed';
import { createCompany, expect, fr, newUser, registerManager, signIn, test } from './fixtures';

// Every route of the route table (src/app/routes.tsx, spec section 2), typed into the address bar
// by each kind of visitor: where the visit ends and what the page there shows.

/** `registered`: a manager right after signing up, before creating the company. */
type Who = 'anonymous' | 'registered' | 'admin' | 'manager' | 'employee';
type Ids = { userId: string; companyId: string };
/** `stay` keeps the address; otherwise the address the guard sends to. */
type Outcome = 'stay' | '/sign-in' | '/dashboard' | '/not-found' | '/create-company' | ((ids: Ids) => string);
/**
 * `heading`: the level-1 heading of the page when the visit stays on it, or of the page a
 * profile-built redirect leads to. Routes are followed as a
 * link would (the guards run in the started app); `load` ones are typed into the address bar
 * instead, so the guards also run while the session is being restored: the home page, and a
 * redirect built from the profile (or refused by role).
 */
type Row = { path: string | ((ids: Ids) => string); outcomes: Record<Who, Outcome>; heading: string; load?: true };

const ANY_ID = '00000000-0000-4000-8000-000000000000';
const signedOutOnly = { anonymous: 'stay', registered: '/create-company', admin: '/dashboard', manager: '/dashboard', employee: '/dashboard' } as const;
const signedIn = { anonymous: '/sign-in', registered: '/create-company', admin: 'stay', manager: 'stay', employee: 'stay' } as const;
const adminOnly = { ...signedIn, manager: '/not-found', employee: '/not-found' } as const;
const staffOnly = { ...signedIn, admin: '/not-found' } as const;
const adminAndManager = { ...signedIn, employee: '/not-found' } as const;
const everyone = { anonymous: 'stay', registered: 'stay', admin: 'stay', manager: 'stay', employee: 'stay' } as const;
const toOwnCompany = (prefix: string) => ({ ...staffOnly, manager: ({ companyId }: Ids) => `${prefix}/${companyId}`, employee: ({ companyId }: Ids) => `${prefix}/${companyId}` });
const notFound = fr['notfound-title']!;

const table: Row[] = [
  { path: '/', outcomes: { anonymous: '/sign-in', registered: '/create-company', admin: '/dashboard', manager: '/dashboard', employee: '/dashboard' }, heading: '', load: true },
  // Spec 2: "always reachable"; signed in, it says who is signed in (see session.spec.ts).
  { path: '/sign-in', outcomes: everyone, heading: fr['signin-title']! },
  { path: '/manager/sign-up', outcomes: signedOutOnly, heading: fr['signup-title']! },
  { path: '/employee/sign-up', outcomes: signedOutOnly, heading: fr['invitesignup-missing_title']! },
  { path: '/forgot-password', outcomes: signedOutOnly, heading: fr['forgot-title']! },
  { path: '/reset-password', outcomes: signedOutOnly, heading: fr['reset-missing_title']! },
  { path: '/verify-email', outcomes: everyone, heading: fr['verify-invalid_title']! },
  { path: '/create-company', outcomes: { anonymous: '/sign-in', registered: 'stay', admin: '/dashboard', manager: '/dashboard', employee: '/dashboard' }, heading: fr['createcompany-create_title']! },
  { path: '/dashboard', outcomes: signedIn, heading: '' },
  { path: ({ userId }) => `/users/${userId}`, outcomes: signedIn, heading: fr['myprofile-title']! },
  { path: '/users', outcomes: adminOnly, heading: fr['adminusers-title']! },
  { path: '/companies', outcomes: adminOnly, heading: fr['companies-title']! },
  { path: ({ companyId }) => `/companies/${companyId}`, outcomes: signedIn, heading: DEMO_COMPANY_NAME },
  { path: '/company/users', outcomes: staffOnly, heading: fr['companyusers-title']! },
  { path: '/admin/outbox', outcomes: adminOnly, heading: fr['outbox-title']! },
  { path: '/potential-tenders', outcomes: signedIn, heading: fr['potential-title']! },
  { path: '/dce-templates', outcomes: adminOnly, heading: fr['dcetemplates-title']! },
  { path: '/dce-templates/add', outcomes: adminOnly, heading: fr['dcetemplates-add_title']! },
  { path: `/dce-templates/edit/${ANY_ID}`, outcomes: adminOnly, heading: fr['dcetemplates-not_found_title']! },
  { path: '/company/tenders', outcomes: staffOnly, heading: fr['tenders-title']! },
  { path: '/tenders', outcomes: adminOnly, heading: fr['tenders-title_admin']! },
  // No tender has this id: each page that loads one says it is not there, whoever asks.
  { path: `/tenders/${ANY_ID}/docs`, outcomes: signedIn, heading: notFound },
  { path: `/tenders/${ANY_ID}/planning`, outcomes: signedIn, heading: notFound },
  { path: `/tenders/${ANY_ID}`, outcomes: signedIn, heading: notFound },
  { path: `/tender/dce-analyse/${ANY_ID}`, outcomes: adminAndManager, heading: notFound },
  { path: `/tender/cctp-analyse/${ANY_ID}`, outcomes: signedIn, heading: notFound },
  { path: `/tender/chat/${ANY_ID}`, outcomes: signedIn, heading: notFound },
  { path: `/tender/assisted-writing/${ANY_ID}`, outcomes: signedIn, heading: notFound },
  { path: '/company/documents', outcomes: toOwnCompany('/company/documents'), heading: fr['companydocs-title']! },
  { path: ({ companyId }) => `/company/documents/${companyId}`, outcomes: staffOnly, heading: fr['companydocs-title']! },
  { path: '/reports', outcomes: adminOnly, heading: fr['reports-title']! },
  { path: '/billing', outcomes: toOwnCompany('/billing'), heading: fr['billing-title']!, load: true },
  { path: '/billing/success', outcomes: signedIn, heading: fr['billing-success_no_session_title']! },
  { path: '/billing/cancel', outcomes: signedIn, heading: fr['billing-cancel_title']! },
  { path: ({ companyId }) => `/billing/${companyId}`, outcomes: signedIn, heading: fr['billing-title']! },
  { path: '/not-found', outcomes: everyone, heading: fr['notfound-title']! },
  { path: '/une/adresse/inconnue', outcomes: everyone, heading: fr['notfound-title']! },
];

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Where the visit ended and the level-1 headings shown, once the expected one is on screen (checked
 * on every frame rather than by the assertions' back-off polling: two hundred visits add up), or
 * after 7 s without it.
 */
async function landing(page: Page, heading: string) {
  await page
    .waitForFunction(
      (name) => {
        const seen = (window as unknown as Partial<Seen>).seenHeadings;
        return [...document.querySelectorAll('h1')].some((h1) => !seen?.has(h1) && h1.textContent?.trim() === name && h1.checkVisibility());
      },
      heading,
      { timeout: 7_000 },
    )
    .catch(() => undefined);
  return page.evaluate(() => ({
    path: location.pathname,
    headings: [...document.querySelectorAll('h1')].filter((h1) => h1.checkVisibility()).map((h1) => h1.textContent?.trim()),
  }));
}
type Seen = { seenHeadings: WeakSet<Element> };

async function storedProfile(page: Page) {
  return page.evaluate(
    () => JSON.parse(localStorage.getItem('userProfile') ?? 'null') as { _id: string; username: string; primaryEmail: string; company: { _id: string } | null } | null,
  );
}

/** The demo company's id, for the admin, who has no company of their own. */
async function demoCompanyId(request: APIRequestContext) {
  const login = await request.post('/api/users/login', { data: { email: DEMO_ACCOUNTS.manager.email, password: DEMO_ACCOUNTS.manager.password } });
  const { token } = (await login.json()) as { token: string };
  const profile = await request.get('/api/users/profile', { headers: { authorization: `Bearer ${token}` } });
  const id = ((await profile.json()) as { company: { _id: string } | null }).company?._id;
  expect(id, 'the demo company id').toBeTruthy();
  return id!;
}

for (const who of ['anonymous', 'registered', 'admin', 'manager', 'employee'] as const) {
  test(`every route of the route table, as ${who}`, async ({ page, request }) => {
    // Some fifty visits; the signed-in ones land on the dashboard, with its statistics or work lists, often.
    test.slow();
    let username = '';
    if (who === 'registered') {
      username = (await registerManager(page)).username;
    } else if (who !== 'anonymous') {
      await signIn(page, DEMO_ACCOUNTS[who].email, DEMO_ACCOUNTS[who].password);
      await page.waitForURL(/\/dashboard$/);
      username = DEMO_ACCOUNTS[who].username;
    }
    const profile = who === 'anonymous' ? null : await storedProfile(page);
    const ids: Ids = {
      userId: profile?._id ?? ANY_ID,
      companyId: who === 'admin' ? await demoCompanyId(request) : (profile?.company?._id ?? ANY_ID),
    };

    for (const row of table) {
      const path = typeof row.path === 'function' ? row.path(ids) : row.path;
      const outcome = row.outcomes[who];
      const end = outcome === 'stay' ? path : typeof outcome === 'function' ? outcome(ids) : outcome;
      const how = row.load ? 'loading' : 'following a link to';
      const what = `${who} ${how} ${path}`;
      if (row.load) {
        await page.goto(path, { waitUntil: 'commit' });
      } else {
        await page.evaluate((to) => {
          // The page there must render its own heading: the one on screen now does not count,
          // unless the link leads where the user already is (a redirect brought them there).
          const here = location.pathname === to;
          (window as unknown as Seen).seenHeadings = new WeakSet(here ? [] : document.querySelectorAll('h1'));
          history.pushState(null, '', to);
          dispatchEvent(new PopStateEvent('popstate'));
        }, path);
      }
      // What the page at the end shows: its own title, not a blank screen nor another page.
      const heading =
        end === '/sign-in'
          ? who === 'anonymous'
            ? fr['signin-title']!
            : fr['signin-signed_in_title']!
          : end === '/dashboard'
            ? fr['dashboard-welcome']!.replace('{{username}}', username)
            : end === '/not-found'
              ? fr['notfound-title']!
              : end === '/create-company'
                ? fr['createcompany-create_title']!
                : row.heading;
      expect(await landing(page, heading), what).toEqual({ path: end, headings: [heading] });
    }
  });
}

test('signing out then in as someone else shows nothing of the first user', async ({ page }) => {
  const first = DEMO_ACCOUNTS.manager;
  await signIn(page, first.email, first.password);
  await expect(page.getByRole('main').getByText(DEMO_COMPANY_NAME)).toBeVisible();
  await page.goto('/company/users');
  await expect(page.getByRole('main').getByText(DEMO_ACCOUNTS.employee.email)).toBeVisible();
  await page.getByRole('button', { name: fr['header-profile_menu'] }).click();
  const menu = page.getByRole('menu');
  await expect(menu.getByText(first.username)).toBeVisible();
  await expect(menu.getByText(first.email)).toBeVisible();
  await page.getByRole('menuitem', { name: fr['header-sign_out'] }).click();
  await expect(page).toHaveURL(/\/sign-in$/);
  // The form does not offer the previous user's email either.
  await expect(page.getByLabel(fr['signin-email']!)).toHaveValue('');

  // No page load from here on: whatever the app kept in memory of the first user would show.
  // A manager of another company signs up and creates it.
  await page.getByRole('link', { name: fr['signin-sign_up_link'] }).click();
  const second = newUser('second');
  await page.getByLabel(fr['signup-username']!).fill(second.username);
  await page.getByLabel(fr['signup-email']!).fill(second.email);
  await page.getByLabel(fr['signup-password']!, { exact: true }).fill(second.password);
  await page.getByRole('button', { name: fr['signup-submit'] }).click();
  await expect(page).toHaveURL(/\/create-company$/);
  await createCompany(page);

  const leftovers = [first.username, first.email, DEMO_COMPANY_NAME, DEMO_ACCOUNTS.employee.username, DEMO_ACCOUNTS.employee.email];
  const nothingOfTheFirst = async (where: string) => {
    for (const text of leftovers) await expect(page.getByText(text), `${text} on ${where}`).toHaveCount(0);
  };

  // The dashboard and the header.
  await expect(page.getByRole('heading', { name: `Bonjour, ${second.username}` })).toBeVisible();
  await expect(page.getByRole('main').getByText('Menuiserie Fontaine')).toBeVisible();
  await nothingOfTheFirst('the dashboard');
  // The profile menu.
  await page.getByRole('button', { name: fr['header-profile_menu'] }).click();
  await expect(menu.getByText(second.email)).toBeVisible();
  await nothingOfTheFirst('the profile menu');
  await page.keyboard.press('Escape');
  // A list page, reached from the side menu: only the new company's own user.
  const sideMenu = page.getByRole('navigation', { name: fr['sidemenu-label'] });
  await sideMenu.getByRole('link', { name: new RegExp(`^${fr['sidemenu-users']}`) }).click();
  await expect(page).toHaveURL(/\/company\/users$/);
  await expect(page.getByRole('main').getByRole('cell', { name: new RegExp(escape(second.email)) })).toBeVisible();
  await nothingOfTheFirst('the company users');
  // The company page.
  await sideMenu.getByRole('link', { name: fr['sidemenu-company_details'] }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Menuiserie Fontaine' })).toBeVisible();
  await nothingOfTheFirst('the company page');

  const stored = await storedProfile(page);
  expect(stored?.primaryEmail).toBe(second.email);
  expect(stored?.username).toBe(second.username);
});
