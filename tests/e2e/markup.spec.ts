import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { DEMO_ACCOUNTS } from '../../server/db/seed';
import { expect, newSiret, newUser, test } from './fixtures';
import { atFromToday, dayFromToday } from '../support/days';

// Stored markup (issue 10, security 1): hostile HTML written through the API into every user text
// field the product shows, then every page that shows it opened in Chromium. The markup must come
// out as text: no element, stylesheet, link or handler created from it, and no CSP violation
// (the policy has no 'unsafe-inline' for styles: docs/decisions.md).

/** The hostile value of one field; `tag` names the field, so each page's text proves it shows it. */
const FULL = (tag: string) => `<style>body{display:none}</style><a href="https://evil.example" id="pwn">${tag}</a><img src=x onerror="window.__pwned=1">`;
/** For fields of at most 100 characters. */
const MID = (tag: string) => `<style>body{display:none}</style><a href=//evil.example id=pwn>${tag}</a><img src=x onerror=__pwned=1>`;
/** For fields of at most 50 characters (usernames, keywords). */
const SHORT = (tag: string) => `<a id=pwn>${tag}</a><img src=x onerror=__pwned=1>`;
/** A file name: no slash, which a file name cannot hold. */
const FILE_NAME = (tag: string) => `<b id="pwn">${tag}<img src=x onerror=__pwned=1>.pdf`;
/** How each field reads once shown as text (the server strips a file name's angle brackets and quotes). */
const shown = (tag: string) => (tag === 'fn' ? 'onerror=__pwned=1.pdf' : `>${tag}</a>`);

// A tiny valid PDF (the server checks files by content).
const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 200]>>endobj\nxref\n0 4\n0000000000 65535 f \n0000000009 00000 n \n0000000052 00000 n \n0000000101 00000 n \ntrailer<</Size 4/Root 1 0 R>>\nstartxref\n170\n%%EOF\n',
);

type Json = Record<string, unknown>;
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

async function ok(response: Awaited<ReturnType<APIRequestContext['get']>>, what: string): Promise<Json> {
  expect(response.ok(), `${what}: ${response.status()} ${await response.text()}`).toBe(true);
  return (await response.json()) as Json;
}

async function login(request: APIRequestContext, email: string, password: string) {
  return (await ok(await request.post('/api/users/login', { data: { email, password } }), `sign-in of ${email}`)).token as string;
}

const day = dayFromToday;
const noon = (days: number) => atFromToday(days).toISOString();

type Seeded = { managerToken: string; adminToken: string; companyId: string; tenderId: string; templateId: string; reportTitle: string };

/** Writes the hostile values through the API, as a new manager and company, and as the admin. */
async function seed(request: APIRequestContext): Promise<Seeded> {
  const adminToken = await login(request, DEMO_ACCOUNTS.admin.email, DEMO_ACCOUNTS.admin.password);

  // A manager whose username is markup, and their company, every text of it markup.
  const manager = newUser('markup');
  const registered = await ok(await request.post('/api/users/register', { data: { username: SHORT('un'), email: manager.email, password: manager.password } }), 'registration');
  const managerToken = registered.token as string;
  await ok(
    await request.post('/api/companies', {
      headers: bearer(managerToken),
      data: {
        name: FULL('cn'),
        siret: newSiret(),
        address: FULL('ca'),
        postalCode: '69002',
        city: MID('cc'),
        description: FULL('cd'),
        profile: { keywords: [SHORT('ck'), 'menuiserie'], cpvCodes: ['45421000'], departments: ['69'] },
      },
    }),
    'company',
  );
  const profile = await ok(await request.get('/api/users/profile', { headers: bearer(managerToken) }), 'profile');
  const companyId = (profile.company as { _id: string })._id;

  // A DCE template (admin), a call using it (admin), a tender of the company on that call.
  const template = await ok(
    await request.post('/api/dceTemplates', {
      headers: bearer(adminToken),
      data: { name: FULL('dn'), description: FULL('dd'), documents: [{ code: 'RC', label: FULL('dl'), required: true }] },
    }),
    'DCE template',
  );
  const templateId = (template.details as { _id: string })._id;
  const call = await ok(
    await request.post('/api/tenderCalls', {
      headers: bearer(adminToken),
      data: {
        reference: `${SHORT('tr')} ${Date.now().toString(36)}`,
        title: FULL('tt'),
        buyer: FULL('tb'),
        description: FULL('td'),
        cpvCodes: ['45421000'],
        department: '69',
        submissionDeadline: noon(20),
        questionsDeadline: noon(10),
        dceTemplateId: templateId,
        lots: [{ number: 1, title: FULL('tl') }],
      },
    }),
    'tender call',
  );
  const callId = (call.details as { _id: string })._id;
  const tender = await ok(await request.post('/api/tenders', { headers: bearer(adminToken), data: { tenderCallId: callId, companyId } }), 'tender');
  const tenderId = (tender.details as { _id: string })._id;
  await ok(await request.patch(`/api/tenders/${tenderId}`, { headers: bearer(managerToken), data: { status: 'in_progress' } }), 'tender started');

  // Its planning: a task and a done milestone (the case that broke the page), both named in markup.
  await ok(
    await request.post('/api/plannings', {
      headers: bearer(managerToken),
      data: {
        tenderId,
        tasks: [
          { name: FULL('pt'), startDate: day(1), endDate: day(4) },
          { name: FULL('pm'), startDate: day(6), endDate: day(6), milestone: true, done: true },
        ],
      },
    }),
    'planning',
  );

  // The company's organisation chart.
  await ok(
    await request.post(`/api/organigrammes/${companyId}/organigramme`, {
      headers: bearer(managerToken),
      data: {
        type: 'normal',
        positions: [
          { _id: 'root', parentId: null, title: FULL('ot'), name: FULL('on'), contact: FULL('oc') },
          { _id: 'child', parentId: 'root', title: 'Conducteur de travaux', name: 'Sophie Girard' },
        ],
      },
    }),
    'organisation chart',
  );

  // A vault document and a DCE file, each named in markup.
  await ok(
    await request.post(`/api/companies/${companyId}/documents`, {
      headers: bearer(managerToken),
      multipart: { kind: 'kbis', title: FULL('vt'), validUntil: day(200), file: { name: 'kbis.pdf', mimeType: 'application/pdf', buffer: PDF } },
    }),
    'vault document',
  );
  await ok(
    await request.post(`/api/tenderDocs?companyId=${companyId}`, {
      headers: bearer(managerToken),
      multipart: { tenderId, file: { name: FILE_NAME('fn'), mimeType: 'application/pdf', buffer: PDF } },
    }),
    'tender document',
  );

  // A report, read by the admin.
  const reportTitle = FULL('rt');
  await ok(
    await request.post('/api/reports/', {
      headers: bearer(managerToken),
      multipart: { title: reportTitle, description: FULL('rd'), type: 'bug', priority: 'high', currentUrl: `/tenders/${tenderId}/planning` },
    }),
    'report',
  );
  return { managerToken, adminToken, companyId, tenderId, templateId, reportTitle };
}

type Watch = { violations: string[]; consoleCsp: string[] };

/** A browser signed in with a token (none: signed out), recording CSP violations from the first script on. */
async function signedIn(browser: Browser, baseURL: string, token: string) {
  const context = await browser.newContext();
  if (token) await context.addCookies([{ name: 'token', value: token, url: baseURL, sameSite: 'Strict' }]);
  await context.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __csp: string[] }).__csp = seen;
    document.addEventListener('securitypolicyviolation', (event) => seen.push(`${event.effectiveDirective} ${event.blockedURI} ${event.sample}`), true);
  });
  const page = await context.newPage();
  const watch: Watch = { violations: [], consoleCsp: [] };
  page.on('console', (message) => {
    if (/Content Security Policy|Refused to (apply|load|execute)/i.test(message.text())) watch.consoleCsp.push(message.text());
  });
  return { context, page, watch };
}

/** Opens a page, waits for it to show the given fields as text, and checks nothing came alive. */
async function expectInert(page: Page, watch: Watch, path: string, tags: string[], open?: (page: Page) => Promise<void>) {
  await page.goto(path);
  if (open) await open(page);
  for (const tag of tags) await expect(page.locator('body'), `${path} shows the field ${tag} as text`).toContainText(shown(tag), { timeout: 20_000 });
  // Late drawings (the Gantt's labels, the organisation chart) have had their frame.
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  const found = await page.evaluate(() => ({
    pwn: document.querySelectorAll('#pwn, [id="pwn"]').length,
    styles: [...document.querySelectorAll('style')].filter((style) => /display:\s*none|evil/.test(style.textContent ?? '')).length,
    links: [...document.querySelectorAll('a[href*="evil"], [href*="evil.example"]')].length,
    images: document.querySelectorAll('img[src="x"]').length,
    pwned: (window as unknown as { __pwned?: unknown }).__pwned,
    bodyShown: getComputedStyle(document.body).display !== 'none',
    csp: (window as unknown as { __csp?: string[] }).__csp ?? [],
  }));
  expect(found, `${path}: markup came alive`).toEqual({ pwn: 0, styles: 0, links: 0, images: 0, pwned: undefined, bodyShown: true, csp: [] });
  expect(watch.consoleCsp, `${path}: CSP violations in the console`).toEqual([]);
}

test('markup in every text field stays text on every page that shows it, with no CSP violation', async ({ browser, request, baseURL }) => {
  test.slow();
  test.setTimeout(360_000);
  const seeded = await seed(request);
  const { companyId, tenderId, templateId } = seeded;

  // The manager: their header, dashboard, lists, the tender, its planning (Gantt), documents and the company page (organisation chart).
  const staff = await signedIn(browser, baseURL!, seeded.managerToken);
  const pages: [string, string[], ((page: Page) => Promise<void>)?][] = [
    ['/dashboard', ['un', 'cn']],
    ['/company/tenders', ['tt']],
    [`/tenders/${tenderId}`, ['tt', 'tb', 'td', 'tl']],
    [`/tenders/${tenderId}/planning`, ['pt', 'pm']],
    [`/tenders/${tenderId}/docs`, ['fn']],
    [`/companies/${companyId}`, ['cn', 'ca', 'cd', 'ck', 'ot', 'on', 'oc']],
    [`/company/documents/${companyId}`, ['vt']],
    ['/company/users', ['un']],
    ['/potential-tenders', ['un']],
  ];
  for (const [path, tags, open] of pages) await expectInert(staff.page, staff.watch, path, tags, open);
  // The Gantt drew both bars, the done milestone included, and their names as text.
  const chart = staff.page.locator('[data-testid="planning-gantt"]');
  await staff.page.goto(`/tenders/${tenderId}/planning`);
  await expect(chart.locator('.bar-wrapper')).toHaveCount(2, { timeout: 20_000 });
  // The label is cut at 40 characters (issue 24); the bar's title holds the whole name, as text.
  await expect(chart.locator('.bar-wrapper.is-done-milestone .bar-label')).toHaveText(`${FULL('pm').slice(0, 39)}…`);
  await expect(chart.locator('.bar-wrapper.is-done-milestone > title')).toHaveText(FULL('pm'));
  await staff.context.close();

  // The admin: the lists of companies, users, tenders, reports and templates, the template, the company page, the dashboard.
  const admin = await signedIn(browser, baseURL!, seeded.adminToken);
  const adminPages: [string, string[], ((page: Page) => Promise<void>)?][] = [
    ['/dashboard', []],
    ['/companies', ['cn']],
    [`/companies/${companyId}`, ['cn', 'ot']],
    ['/users', ['un']],
    ['/tenders', ['tt']],
    [`/tenders/${tenderId}/planning`, ['pt', 'pm']],
    ['/dce-templates', ['dn']],
    // The document labels are input values there, text by nature.
    [`/dce-templates/edit/${templateId}`, ['dn']],
    ['/reports', ['rt']],
    [
      '/reports',
      ['rt', 'rd'],
      async (page) => {
        await page.getByRole('button', { name: new RegExp(seeded.reportTitle.slice(0, 20).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')) }).first().click();
      },
    ],
    ['/admin/outbox', []],
  ];
  for (const [path, tags, open] of adminPages) await expectInert(admin.page, admin.watch, path, tags, open);
  await admin.context.close();

  // Signed out, the first page holds to the same policy.
  const visitor = await signedIn(browser, baseURL!, '');
  await expectInert(visitor.page, visitor.watch, '/sign-in', []);
  await expect(visitor.page.getByRole('heading', { level: 1 })).toBeVisible();
  await visitor.context.close();
});
