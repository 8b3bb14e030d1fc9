import type { APIRequestContext, Page } from '@playwright/test';
import { DEMO_DCE_CALL } from '../../server/db/demo-dce';
import { bearer, demoToken, expect, follow, fr, newUser, test, useToken, type Demo } from './fixtures';

// The app's own screens hold to its Content-Security-Policy (style-src 'self', no inline style or
// script): every route of the route table (src/app/routes.tsx), signed out and as the demo
// manager, employee and admin, on the production build the suite serves with the real headers.
// A violation is caught both ways Chromium reports it: the `securitypolicyviolation` event and
// the console's "violates the following Content Security Policy" error.

type Watch = { violations: string[] };

async function watchCsp(page: Page): Promise<Watch> {
  const watch: Watch = { violations: [] };
  await page.exposeFunction('__cspViolation', (text: string) => watch.violations.push(text));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      const target = event.target instanceof Element ? event.target.outerHTML.slice(0, 120) : '';
      void (window as unknown as { __cspViolation: (text: string) => void }).__cspViolation(`${event.violatedDirective} at ${event.sourceFile}:${event.lineNumber} ${target}`);
    });
  });
  page.on('console', (message) => {
    if (/violates the following Content Security Policy/.test(message.text())) watch.violations.push(`console: ${message.text().slice(0, 200)}`);
  });
  return watch;
}

/**
 * Shows `path`: the first one loaded (the document's headers apply), the next ones followed to
 * inside the app as a link does; then waits for the screen's own heading and data.
 */
async function visit(page: Page, watch: Watch, path: string) {
  if (page.url() === 'about:blank') await page.goto(path);
  else await follow(page, path);
  await page.waitForFunction(
    () => {
      const seen = (window as unknown as { seenHeadings?: WeakSet<Element> }).seenHeadings;
      const titled = [...document.querySelectorAll('h1')].some((h1) => !seen?.has(h1) && h1.checkVisibility());
      const busy = [...document.querySelectorAll('[aria-busy="true"]')].some((e) => e.checkVisibility());
      return titled && !busy;
    },
    undefined,
    { timeout: 15_000 },
  );
  // Late drawings (charts, the Gantt, the organisation chart) have had their frames.
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  // Soft: every screen's violations are listed, each under its path.
  expect.soft(watch.violations.splice(0), `CSP violations on ${path}`).toEqual([]);
}

async function json<T>(request: APIRequestContext, url: string, token: string): Promise<T> {
  const response = await request.get(url, { headers: bearer(token) });
  expect(response.ok(), `GET ${url}: ${response.status()}`).toBe(true);
  return (await response.json()) as T;
}

/** The demo data the routes are built from: the user, their company, the analysed Grenoble tender and its call. */
async function demoData(request: APIRequestContext, who: Demo) {
  const token = await demoToken(request, who);
  const profile = await json<{ _id: string; company?: { _id: string } }>(request, '/api/users/profile', token);
  const manager = await demoToken(request, 'manager');
  const companyId = (await json<{ company: { _id: string } }>(request, '/api/users/profile', manager)).company._id;
  const { tenderCalls } = await json<{ tenderCalls: { _id: string; tenderCall: { _id: string; reference: string } }[] }>(request, '/api/tenders/my-company?perPage=all', manager);
  const tender = tenderCalls.find((row) => row.tenderCall.reference === DEMO_DCE_CALL.reference)!;
  expect(tender, 'the demo Grenoble tender').toBeTruthy();
  return { token, userId: profile._id, companyId, tenderId: tender._id, callId: tender.tenderCall._id };
}

/** The routes a member of the demo company sees (the employee has no DCE analysis page). */
function companyRoutes({ userId, companyId, tenderId, callId }: Awaited<ReturnType<typeof demoData>>, who: 'manager' | 'employee') {
  return [
    '/dashboard',
    `/users/${userId}`,
    `/companies/${companyId}`,
    `/companies/${companyId}/resumes`,
    `/companies/${companyId}/library`,
    '/company/users',
    '/potential-tenders',
    '/company/tenders',
    '/company/calendar',
    `/tenders/${tenderId}`,
    `/tenders/${tenderId}/docs`,
    `/tenders/${tenderId}/planning`,
    ...(who === 'manager' ? [`/tender/dce-analyse/${tenderId}`] : []),
    `/tender/cctp-analyse/${callId}`,
    `/tender/chat/${tenderId}`,
    '/company/documents',
    '/billing',
    '/billing/success',
    '/billing/cancel',
    '/not-found',
  ];
}

test('signed out, every screen holds to the CSP', async ({ page, request }) => {
  const watch = await watchCsp(page);
  for (const path of ['/sign-in', '/manager/sign-up', '/employee/sign-up', '/forgot-password', '/reset-password?token=x', '/verify-email?token=x', '/alerts/unsubscribe?token=x', '/not-found']) {
    await visit(page, watch, path);
  }
  // The company creation, right after a registration.
  const fresh = newUser('csp');
  const registered = await request.post('/api/users/register', { data: { username: fresh.username, email: fresh.email, password: fresh.password } });
  expect(registered.ok()).toBe(true);
  await useToken(page.context(), test.info().project.use.baseURL, ((await registered.json()) as { token: string }).token);
  await visit(page, watch, '/create-company');
});

for (const who of ['manager', 'employee'] as const) {
  test(`as the demo ${who}, every screen holds to the CSP, the mémoire editor and its assistant included`, async ({ page, context, request, baseURL }) => {
    test.slow();
    test.setTimeout(240_000);
    const data = await demoData(request, who);
    await useToken(context, baseURL, data.token);
    const watch = await watchCsp(page);
    for (const path of companyRoutes(data, who)) await visit(page, watch, path);

    // The assisted writing page, each section opened in the editor with the assistant beside it.
    await visit(page, watch, `/tender/assisted-writing/${data.tenderId}`);
    const main = page.getByRole('main');
    const sections = main.getByRole('navigation', { name: fr['memory-outline'] }).getByRole('button');
    // count() does not wait: the outline comes with the memory, after the page.
    await expect(sections.first()).toBeVisible({ timeout: 15_000 });
    const count = await sections.count();
    expect(count).toBeGreaterThan(0);
    for (let i = 0; i < count; i += 1) {
      await sections.nth(i).click();
      await expect(main.locator('[contenteditable="true"][role="textbox"]')).toBeVisible({ timeout: 15_000 });
      await expect(main.getByRole('region', { name: fr['memory-assist_title'] })).toBeVisible();
    }
    expect(watch.violations, 'CSP violations in the mémoire editor').toEqual([]);
  });
}

test('as the demo admin, every screen holds to the CSP', async ({ page, context, request, baseURL }) => {
  test.slow();
  test.setTimeout(180_000);
  const data = await demoData(request, 'admin');
  const { templates } = await json<{ templates: { _id: string }[] }>(request, '/api/dceTemplates', data.token);
  await useToken(context, baseURL, data.token);
  const watch = await watchCsp(page);
  const routes = [
    '/dashboard',
    '/users',
    `/users/${data.userId}`,
    '/companies',
    `/companies/${data.companyId}`,
    '/admin/outbox',
    '/admin/imports',
    '/potential-tenders',
    '/dce-templates',
    '/dce-templates/add',
    ...(templates[0] ? [`/dce-templates/edit/${templates[0]._id}`] : []),
    '/tenders',
    `/tenders/${data.tenderId}`,
    `/tenders/${data.tenderId}/planning`,
    `/tender/dce-analyse/${data.tenderId}`,
    '/reports',
    `/billing/${data.companyId}`,
  ];
  for (const path of routes) await visit(page, watch, path);
});
