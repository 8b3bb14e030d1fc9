import { test as base, expect, type APIRequestContext, type BrowserContext, type Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { DEMO_DCE_CALL } from '../../server/db/demo-dce';
import { DEMO_ACCOUNTS } from '../../server/db/seed';

type Catalogue = Record<string, string>;
const catalogue = (lng: 'fr' | 'en'): Catalogue => JSON.parse(readFileSync(`locales/${lng}/translation.json`, 'utf8'));
export const fr = catalogue('fr');
export const en = catalogue('en');

/** A fresh identity per test, so tests never depend on each other's accounts. */
export const newUser = (tag: string) => {
  const id = `${tag}-${Date.now()}-${Math.random().toString(36).slice(2, 7)}`;
  return { username: `Marie ${id.slice(-5)}`, email: `${id}@exemple.fr`, password: 'Appel-d-offres-2026' };
};

// The axe-core that @axe-core/playwright ships, injected once per document: a page followed to in
// the app keeps it, so each check runs the rules only.
const axeSource = (createRequire(createRequire(import.meta.url).resolve('@axe-core/playwright'))('axe-core') as { source: string }).source;
const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];
type Violation = { id: string; impact: string | null; help: string; target: string };

/** Fails on any WCAG 2.x A/AA violation, listing each with its first target. */
export async function expectAccessible(page: Page, label: string) {
  const run = () =>
    page.evaluate(async (tags) => {
      type Axe = { run: (context: Document, options: object) => Promise<{ violations: { id: string; impact?: string | null; help: string; nodes: { target: unknown[] }[] }[] }> };
      const axe = (window as unknown as { axe?: Axe }).axe;
      if (!axe) return null;
      const { violations } = await axe.run(document, { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'] });
      return violations.map((v) => ({ id: v.id, impact: v.impact ?? null, help: v.help, target: v.nodes[0]?.target.join(' ') ?? '' }));
    }, WCAG_TAGS);
  let violations: Violation[] | null = await run();
  if (!violations) {
    await page.evaluate(axeSource);
    violations = await run();
  }
  const summary = violations!.map((v) => `${v.id} (${v.impact}): ${v.target} — ${v.help}`);
  expect(summary, `accessibility of ${label}`).toEqual([]);
}

export async function signIn(page: Page, email: string, password: string, remember = false) {
  await page.goto('/sign-in');
  await page.getByLabel(fr['signin-email']!).fill(email);
  await page.getByLabel(fr['signin-password']!, { exact: true }).fill(password);
  if (remember) await page.getByLabel(fr['signin-remember']!).check();
  await page.getByRole('button', { name: fr['signin-submit'] }).click();
}

// The demo admin reads the outbox: the embedded default delivers every email there.
export async function outboxLink(request: APIRequestContext, to: string, kind: 'invitation' | 'verify_email' | 'reset_password') {
  const login = await request.post('/api/users/login', { data: { email: 'admin@demo.soumissio.fr', password: 'Demo-Admin-2026' } });
  const { token } = (await login.json()) as { token: string };
  const response = await request.get('/api/admin/outbox?perPage=100', { headers: { authorization: `Bearer ${token}` } });
  const { emails } = (await response.json()) as { emails: { to: string; kind: string; link: string | null }[] };
  const link = emails.find((email) => email.to === to && email.kind === kind)?.link;
  expect(link, `${kind} email to ${to}`).toBeTruthy();
  // Same server, whatever origin the link was written with.
  const url = new URL(link!);
  return `${url.pathname}${url.search}`;
}

let siretSequence = 0;
/** A Luhn-valid SIRET unique to this run (the time in ms, and a sequence for two in the same ms). */
export function newSiret() {
  const body = String(Date.now()).slice(-12) + String(siretSequence++ % 10);
  for (let check = 0; check < 10; check += 1) {
    const digits = body + check;
    let sum = 0;
    for (let i = 0; i < 14; i += 1) {
      let n = Number(digits[13 - i]);
      if (i % 2 === 1) n = n * 2 > 9 ? n * 2 - 9 : n * 2;
      sum += n;
    }
    if (sum % 10 === 0) return digits;
  }
  throw new Error('unreachable');
}

export async function registerManager(page: Page) {
  const manager = newUser('manager');
  await page.goto('/manager/sign-up');
  await page.getByLabel(fr['signup-username']!).fill(manager.username);
  await page.getByLabel(fr['signup-email']!).fill(manager.email);
  await page.getByLabel(fr['signup-password']!, { exact: true }).fill(manager.password);
  await page.getByRole('button', { name: fr['signup-submit'] }).click();
  // Registration hashes the password (argon2id): under a full run's load it took over 7 s once.
  await expect(page).toHaveURL(/\/create-company$/, { timeout: 15_000 });
  return manager;
}

export async function createCompany(page: Page) {
  await page.getByLabel(fr['createcompany-name']!).fill('Menuiserie Fontaine');
  await page.getByLabel(fr['createcompany-siret']!).fill(newSiret());
  await page.getByLabel(fr['createcompany-address']!).fill('3 place Bellecour');
  await page.getByLabel(fr['createcompany-postal_code']!).fill('69002');
  await page.getByLabel(fr['createcompany-city']!).fill('Lyon');
  await page.getByLabel(fr['createcompany-keywords']!).fill('menuiserie');
  await page.keyboard.press('Enter');
  await page.getByLabel(fr['createcompany-cpv_codes']!).fill('45421000');
  await page.keyboard.press('Enter');
  await page.getByLabel('69 · Rhône').check();
  await page.getByLabel('Auvergne-Rhône-Alpes').check();
  await page.getByRole('button', { name: fr['createcompany-create_submit'] }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
}

/** Follows a link inside the started app; the headings on screen now are the previous page's. */
export async function follow(page: Page, to: string) {
  await page.evaluate((path) => {
    (window as unknown as Seen).seenHeadings = new WeakSet(document.querySelectorAll('h1'));
    history.pushState(null, '', path);
    dispatchEvent(new PopStateEvent('popstate'));
  }, to);
}
type Seen = { seenHeadings: WeakSet<Element> };

/**
 * Waits, checking every frame, for the page's own level-1 heading, the given text in the main
 * content, and no skeleton, spinner or busy region left. The assertions after it say what is missing.
 */
export async function settled(page: Page, heading: string, text?: string) {
  await page
    .waitForFunction(
      ({ heading, text }) => {
        const seen = (window as unknown as Partial<Seen>).seenHeadings;
        const visible = (element: Element) => element.checkVisibility();
        const titled = [...document.querySelectorAll('h1')].some((h1) => !seen?.has(h1) && h1.textContent?.trim() === heading && visible(h1));
        const loading = [...document.querySelectorAll('[aria-busy="true"], [role="status"][aria-label]')].some((e) => visible(e) && !e.textContent?.trim());
        const shown = !text || (document.querySelector('main')?.textContent ?? document.body.textContent ?? '').includes(text);
        return titled && !loading && shown;
      },
      { heading, text },
      { timeout: 7_000 },
    )
    .catch(() => undefined);
  await expect(page.getByRole('heading', { level: 1, name: heading, exact: true })).toBeVisible();
  // The first shown: a chart may also name it in a hidden SVG <title> (the Gantt's bars do).
  if (text) await expect(page.getByRole('main').getByText(text).filter({ visible: true }).first()).toBeVisible();
}

/** Menus and dialogs fade in: colours are checked once they are final (spinners turn forever). */
export async function animationsDone(page: Page) {
  await page.evaluate(() => Promise.all(document.getAnimations().filter((a) => a.effect?.getComputedTiming().endTime !== Infinity).map((a) => a.finished.catch(() => undefined))));
}

/**
 * The looks the accessibility runs check: each language once and each theme once. Contrast depends
 * on the theme and wording on the language, so French in light and English in dark cover both
 * without running every page four times (docs/decisions.md).
 */
export const LOOKS = [
  ['fr', 'light'],
  ['en', 'dark'],
] as const;

/**
 * Opens the app in a language and theme as a returning user left it: the stored choices (read
 * before the first paint) and the system's colour scheme. Call before the first navigation.
 */
export async function useLook(page: Page, lng: 'fr' | 'en', theme: 'light' | 'dark') {
  await page.addInitScript(
    ({ l, th }) => {
      localStorage.setItem('i18nextLng', l);
      localStorage.setItem('theme', th);
    },
    { l: lng, th: theme },
  );
  await page.emulateMedia({ colorScheme: theme });
}

/** Signed in as the app leaves a browser after "sign in": the token cookie. */
export async function useToken(context: BrowserContext, baseURL: string | undefined, token: string) {
  await context.addCookies([{ name: 'token', value: token, url: baseURL!, sameSite: 'Strict' }]);
}

export type Demo = keyof typeof DEMO_ACCOUNTS;
const demoTokens = new Map<string, string>();

/** A demo account's token on the server at `origin` (the suite's own by default), signed in once per worker. */
export async function demoToken(request: APIRequestContext, who: Demo, origin = '') {
  const key = `${origin} ${who}`;
  if (!demoTokens.has(key)) {
    const { email, password } = DEMO_ACCOUNTS[who];
    const response = await request.post(`${origin}/api/users/login`, { data: { email, password } });
    expect(response.ok(), `sign-in of ${who}`).toBe(true);
    demoTokens.set(key, ((await response.json()) as { token: string }).token);
  }
  return demoTokens.get(key)!;
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** The demo manager's tender on the analysed Grenoble INP call, which the memory specs work on. */
export async function grenobleTender(request: APIRequestContext, origin = '') {
  const token = await demoToken(request, 'manager', origin);
  const headers = bearer(token);
  const response = await request.get(`${origin}/api/tenders/my-company?perPage=all`, { headers });
  const { tenderCalls } = (await response.json()) as { tenderCalls: { _id: string; tenderCall: { reference: string } }[] };
  const tender = tenderCalls.find((row) => row.tenderCall.reference === DEMO_DCE_CALL.reference);
  expect(tender, 'the demo Grenoble tender').toBeTruthy();
  return { token, headers, tenderId: tender!._id };
}

/**
 * A call made by the demo admin for one test and put in the demo company's pipeline; `cleanup`
 * removes both. `call` is the body of POST /api/tenderCalls; its reference gets a unique suffix.
 */
export async function freshTender(request: APIRequestContext, call: { reference: string; title: string; buyer: string; submissionDeadline: string } & Record<string, unknown>) {
  const admin = bearer(await demoToken(request, 'admin'));
  const manager = bearer(await demoToken(request, 'manager'));
  const profile = await request.get('/api/users/profile', { headers: manager });
  const companyId = ((await profile.json()) as { company: { _id: string } }).company._id;
  const created = await request.post('/api/tenderCalls', { headers: admin, data: { ...call, reference: `${call.reference}-${Date.now().toString(36)}` } });
  expect(created.ok(), await created.text()).toBe(true);
  const callId = ((await created.json()) as { details: { _id: string } }).details._id;
  const tender = await request.post('/api/tenders', { headers: admin, data: { tenderCallId: callId, companyId } });
  expect(tender.ok(), await tender.text()).toBe(true);
  const tenderId = ((await tender.json()) as { details: { _id: string } }).details._id;
  const cleanup = async () => {
    await request.delete(`/api/tenders/${tenderId}`, { headers: admin });
    await request.delete(`/api/tenderCalls/${callId}`, { headers: admin });
  };
  return { tenderId, callId, companyId, manager, cleanup };
}

/**
 * Under scripts/test-clock.ts (FAKETIME set) every page reads the moment the servers and this
 * runner live at, through Playwright's clock; time then flows as usual from there.
 */
async function followTestClock(context: BrowserContext) {
  if (process.env.FAKETIME) await context.clock.install({ time: Date.now() });
}

export const test = base.extend<object, { clockedBrowser: void }>({
  context: async ({ context }, use) => {
    await followTestClock(context);
    await use(context);
  },
  // Contexts a test opens itself (two people, two browsers) follow the same clock.
  clockedBrowser: [
    async ({ browser }, use) => {
      const newContext = browser.newContext.bind(browser);
      browser.newContext = async (options) => {
        const context = await newContext(options);
        await followTestClock(context);
        return context;
      };
      await use();
    },
    { scope: 'worker', auto: true },
  ],
});
export { expect };
