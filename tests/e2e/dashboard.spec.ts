import type { APIRequestContext, Page } from '@playwright/test';
import { DEMO_ACCOUNTS } from '../../server/db/seed';
import { animationsDone, bearer, type Demo, demoToken, en, expect, expectAccessible, fr, LOOKS, settled, test, useLook, useToken } from './fixtures';
import { dayFromToday } from '../support/days';

// The dashboards on the demo data: the admin's statistics equal GET /api/admin/stats/ (figures,
// charts and their tables), the latest reports; the manager's pipeline, deadlines, documents to
// renew and tasks equal GET /api/dashboard/summary. axe in fr/en × light/dark; screenshots in
// test-results/screens/dashboard-<who>-<lng>-<theme>.png.

type Stats = {
  totalTenders: number;
  responseRate: number;
  conversionRate: number;
  tendersByMonth: { month: string; created: number; submitted: number; won: number }[];
  statusChangeStats: { averageDays: string; timeSavings: string; totalCount: number; statusBreakdown: Record<'submitted' | 'won' | 'lost', { count: number; averageDays: string; timeSavings: string }> };
};
type Summary = {
  company: { _id: string };
  pipeline: { status: string; count: number }[];
  nextDeadlines: { _id: string; title: string }[];
  expiringDocuments: { _id: string; title: string }[];
  openTasks: { _id: string; name: string; tenderId: string }[];
};

async function api<T>(request: APIRequestContext, url: string, who: Demo): Promise<T> {
  const response = await request.get(url, { headers: { authorization: `Bearer ${await demoToken(request, who)}` } });
  expect(response.ok(), `GET ${url}: ${response.status()}`).toBe(true);
  return (await response.json()) as T;
}

const inDays = dayFromToday;
const REPORT_TITLE = 'Le tableau de bord affiche des chiffres étranges';
const EXPIRING_TITLE = 'Attestation de régularité fiscale 2026';

/**
 * Once per server: a report by the employee, and a vault paper ending in 9 days (the demo has none).
 * Asked of the server, not kept in the worker, because Playwright starts a new worker after a failure.
 */
async function seed(request: APIRequestContext) {
  const existing = await api<{ count: number }>(request, `/api/reports?search=${encodeURIComponent(REPORT_TITLE)}`, 'admin');
  if (existing.count > 0) return;
  const report = await request.post('/api/reports/', {
    headers: bearer(await demoToken(request, 'employee')),
    multipart: { title: REPORT_TITLE, description: 'Les pourcentages me semblent faux.', type: 'bug', priority: 'low', currentUrl: '/dashboard' },
  });
  expect(report.ok(), `report: ${report.status()}`).toBe(true);
  const { company } = await api<Summary>(request, '/api/dashboard/summary', 'manager');
  const paper = await request.post(`/api/companies/${company._id}/documents`, {
    headers: bearer(await demoToken(request, 'manager')),
    multipart: {
      kind: 'tax',
      title: EXPIRING_TITLE,
      issueDate: inDays(-200),
      validUntil: inDays(9),
      file: { name: 'attestation.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.7\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n') },
    },
  });
  expect(paper.ok(), `vault paper: ${paper.status()} ${await paper.text()}`).toBe(true);
}

const spaced = (text: string | null) => (text ?? '').replace(/\s+/g, ' ').trim();

/** The rows of a table as text, header row first. */
async function rowsOf(page: Page, name: string) {
  const table = page.getByRole('table', { name, exact: true });
  return (await table.locator('tr').allTextContents()).map(spaced);
}

for (const [lng, theme] of LOOKS) {
  test(`dashboards with their statistics in ${lng}, ${theme}`, async ({ page, context, request, baseURL }) => {
    test.slow();
    const t = lng === 'fr' ? fr : en;
    const locale = lng === 'fr' ? 'fr-FR' : 'en-GB';
    const n = (value: number) => new Intl.NumberFormat(locale).format(value);
    const pct = (value: number) => new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 1 }).format(value / 100);
    const dec = (value: string) => new Intl.NumberFormat(locale, { maximumFractionDigits: 1 }).format(Number(value));
    const days = (value: string) => t[`dashboard-days_${new Intl.PluralRules(locale).select(Number(value)) === 'one' ? 'one' : 'other'}`]!.replace('{{formatted}}', dec(value));
    const month = (m: string) => new Intl.DateTimeFormat(locale, { month: 'short', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${m}-15T12:00:00Z`));
    const welcome = (who: Demo) => t['dashboard-welcome']!.replace('{{username}}', DEMO_ACCOUNTS[who].username);

    await useLook(page, lng, theme);
    const check = async (name: string) => {
      expect(await page.evaluate(() => ({ lang: document.documentElement.lang, theme: document.documentElement.dataset.theme }))).toEqual({ lang: lng, theme });
      await animationsDone(page);
      await expectAccessible(page, `${name} (${lng}, ${theme})`);
      await page.screenshot({ path: `test-results/screens/${name}-${lng}-${theme}.png`, fullPage: true });
    };
    /** On a phone: nothing wider than the screen (charts and tables fit or scroll in their box). */
    const narrow = async (name: string) => {
      const size = page.viewportSize()!;
      await page.setViewportSize({ width: 390, height: 844 });
      await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      await page.screenshot({ path: `test-results/screens/${name}-phone-${lng}-${theme}.png`, fullPage: true });
      await page.setViewportSize(size);
    };
    const signInAs = async (who: Demo) => {
      await context.clearCookies();
      await useToken(context, baseURL, await demoToken(request, who));
      await page.goto('/not-found');
      await page.evaluate(() => localStorage.removeItem('userProfile'));
      await page.goto('/dashboard');
    };
    await seed(request);

    // ——— The admin ———
    const stats = await api<Stats>(request, '/api/admin/stats/', 'admin');
    // The demo history is not trivial: months of creations, submissions and decisions.
    expect(stats.totalTenders).toBeGreaterThan(10);
    expect(stats.tendersByMonth.filter((m) => m.created > 0).length).toBeGreaterThan(6);
    expect(stats.statusChangeStats.totalCount).toBeGreaterThan(10);
    const { reports } = await api<{ reports: { title: string }[] }>(request, '/api/reports?perPage=5', 'admin');

    await signInAs('admin');
    await settled(page, welcome('admin'), t['dashboard-stats_title']);
    const statsRegion = page.getByRole('region', { name: t['dashboard-stats_title'] });
    const figure = (label: string) => statsRegion.locator('p', { hasText: label }).first().locator('xpath=following-sibling::p[1]');
    const change = stats.statusChangeStats;
    await expect(figure(t['dashboard-total_tenders']!)).toHaveText(n(stats.totalTenders));
    await expect(figure(t['dashboard-response_rate']!)).toHaveText(pct(stats.responseRate));
    await expect(figure(t['dashboard-conversion_rate']!)).toHaveText(pct(stats.conversionRate));
    await expect(figure(t['dashboard-average_days']!)).toHaveText(days(change.averageDays));
    await expect(figure(t['dashboard-time_savings']!)).toHaveText(pct(Number(change.timeSavings)));

    // Three charts drawn (recharts' SVG), each with its table of the same figures.
    await expect(statsRegion.locator('[role="img"] svg.recharts-surface')).toHaveCount(3);
    await expect(statsRegion.locator('.recharts-bar-rectangle').first()).toBeVisible();
    for (const summary of await statsRegion.getByText(t['dashboard-chart_data']!, { exact: true }).all()) await summary.click();
    const headMonths = `${t['dashboard-month']}${t['dashboard-series_created']}${t['dashboard-series_submitted']}${t['dashboard-series_won']}`;
    expect(await rowsOf(page, t['dashboard-chart_months']!)).toEqual([headMonths, ...stats.tendersByMonth.map((m) => `${month(m.month)}${n(m.created)}${n(m.submitted)}${n(m.won)}`)]);
    expect((await rowsOf(page, t['dashboard-chart_times']!)).slice(1)).toEqual(
      (['submitted', 'won', 'lost'] as const).map((s) => {
        const b = change.statusBreakdown[s];
        return spaced(`${t[`tender-status_${s}`]}${n(b.count)}${days(b.averageDays)}${pct(Number(b.timeSavings))}`);
      }),
    );
    expect((await rowsOf(page, t['dashboard-chart_rates']!)).slice(1)).toEqual([spaced(`${t['dashboard-response_rate']}${pct(stats.responseRate)}`), spaced(`${t['dashboard-conversion_rate']}${pct(stats.conversionRate)}`)]);

    // The latest reports, newest first, each to /reports.
    const latest = page.getByRole('region', { name: t['dashboard-reports_title'] });
    expect(reports.length).toBeGreaterThan(0);
    for (const report of reports) await expect(latest.getByRole('link', { name: report.title, exact: true })).toHaveAttribute('href', '/reports');
    await expect(latest.getByRole('link', { name: REPORT_TITLE })).toBeVisible();
    await check('dashboard-admin-stats');
    await narrow('dashboard-admin-stats');

    // ——— The manager ———
    const summary = await api<Summary>(request, '/api/dashboard/summary', 'manager');
    await signInAs('manager');
    await settled(page, welcome('manager'), t['dashboard-pipeline_title']);
    const pipeline = page.getByRole('region', { name: t['dashboard-pipeline_title'] });
    expect(summary.pipeline.reduce((sum, p) => sum + p.count, 0)).toBeGreaterThan(10);
    for (const { status, count } of summary.pipeline) {
      const name = t[`dashboard-pipeline_item_${new Intl.PluralRules(locale).select(count) === 'one' ? 'one' : 'other'}`]!.replace('{{status}}', t[`tender-status_${status}`]!).replace('{{count}}', String(count));
      await expect(pipeline.getByRole('link', { name, exact: true })).toHaveAttribute('href', `/company/tenders?status=${status}`);
    }
    await expect(pipeline.locator('svg.recharts-surface')).toHaveCount(1);
    const deadlines = page.getByRole('region', { name: t['dashboard-deadlines_title'] });
    expect(summary.nextDeadlines.length).toBeGreaterThan(0);
    await expect(deadlines.getByRole('listitem')).toHaveCount(summary.nextDeadlines.length);
    for (const d of summary.nextDeadlines) await expect(deadlines.getByRole('link', { name: d.title, exact: true })).toHaveAttribute('href', `/tenders/${d._id}`);
    const documents = page.getByRole('region', { name: t['dashboard-documents_title'] });
    expect(summary.expiringDocuments.map((d) => d.title)).toContain(EXPIRING_TITLE);
    for (const d of summary.expiringDocuments) await expect(documents.getByRole('link', { name: d.title, exact: true })).toHaveAttribute('href', `/company/documents/${summary.company._id}`);
    await expect(documents.getByText(t['companydocs-expires_in_other']!.replace('{{count}}', '9'))).toBeVisible();
    const tasks = page.getByRole('region', { name: t['dashboard-tasks_title'] });
    // Tasks of several tenders may share a name (each call's site visit): each leads to its own tender's planning.
    for (const task of summary.openTasks) await expect(tasks.locator(`a[href="/tenders/${task.tenderId}/planning"]`, { hasText: task.name }).first()).toBeVisible();
    if (summary.openTasks.length === 0) await expect(tasks.getByText(t['dashboard-tasks_empty']!)).toBeVisible();
    await check('dashboard-manager-work');
    await narrow('dashboard-manager-work');
  });
}

test("a manager's dashboard asks the server for each thing once", async ({ page, context, request, baseURL }) => {
  const calls: string[] = [];
  page.on('request', (r) => {
    const url = new URL(r.url());
    if (url.pathname.startsWith('/api/')) calls.push(`${r.method()} ${url.pathname}${url.search}`);
  });
  await useToken(context, baseURL, await demoToken(request, 'manager'));
  await page.goto('/dashboard');
  await settled(page, fr['dashboard-welcome']!.replace('{{username}}', DEMO_ACCOUNTS.manager.username), fr['dashboard-deadlines_title']);
  await page.waitForLoadState('networkidle');
  const repeated = calls.filter((call, i) => calls.indexOf(call) !== i);
  expect(repeated, calls.join('\n')).toEqual([]);
  expect(calls).toContain('GET /api/dashboard/summary');
});
