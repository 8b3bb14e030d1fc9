// The first page's figures (issue 10, performance 2 and 3), for bench/run.ts:
//  - the JavaScript fetched to show /sign-in, gzip (budget 110 KiB), measured in Chromium; without
//    Chromium, read from the build instead (the entry, its module preloads and the sign-in
//    page's chunk with its static imports: what Chromium would fetch), and said so;
//  - Lighthouse, mobile preset (its default: simulated slow 4G and a 4× slower CPU), performance
//    only, on /sign-in of the production build (targets: score ≥ 0.95, LCP ≤ 2.0 s).
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { CHROMIUM, CHROMIUM_ARGS } from '../scripts/chromium';

export const JS_BUDGET_KIB = 110;

export type JsSize = { files: number; gzip: number; how: 'Chromium' | 'build' };

/** What the browser fetches for /sign-in, read from the build: static imports only (lazy chunks load on demand). */
export function signInJsFromBuild(dist: string): JsSize {
  const html = readFileSync(join(dist, 'index.html'), 'utf8');
  const seen = new Set<string>();
  const queue = [...html.matchAll(/(?:src|href)="\/assets\/([^"]+\.js)"/g)].map((m) => m[1]!);
  const signIn = readdirSync(join(dist, 'assets')).find((name) => /^SignInPage-[\w-]+\.js$/.test(name));
  if (signIn) queue.push(signIn);
  while (queue.length) {
    const name = queue.shift()!;
    if (seen.has(name)) continue;
    seen.add(name);
    const code = readFileSync(join(dist, 'assets', name), 'utf8');
    // `import{…}from"./x.js"` and `import"./x.js"`, not `import("./x.js")`.
    for (const m of code.matchAll(/(?:\bfrom|\bimport)\s*["']\.\/([^"']+\.js)["']/g)) queue.push(m[1]!);
  }
  const gzip = [...seen].reduce((n, name) => n + gzipSync(readFileSync(join(dist, 'assets', name))).length, 0);
  return { files: seen.size, gzip, how: 'build' };
}

export async function signInJs(url: string, dist: string): Promise<JsSize> {
  if (!existsSync(CHROMIUM)) return signInJsFromBuild(dist);
  const { chromium } = await import('playwright-core');
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
  const page = await browser.newPage();
  const bodies: Promise<Buffer>[] = [];
  page.on('response', (res) => {
    if (res.request().resourceType() === 'script' || res.url().endsWith('.js')) bodies.push(res.body());
  });
  await page.goto(url + '/sign-in', { waitUntil: 'networkidle' });
  await page.getByRole('button').first().waitFor();
  const buffers = await Promise.all(bodies);
  await browser.close();
  return { files: buffers.length, gzip: buffers.reduce((n, b) => n + gzipSync(b).length, 0), how: 'Chromium' };
}

export type LighthouseFigures = { score: number; lcpMs: number; tbtMs: number; fcpMs: number };

/** Lighthouse's mobile preset on /sign-in, in Debian's Chromium (chrome-launcher, the project's headless flags). */
export function lighthouseSignIn(url: string, runs?: number): Promise<LighthouseFigures[] | string> {
  return lighthousePage(url, '/sign-in', undefined, runs);
}

// /dashboard signed in as the demo manager (issue 24, item 4). Targets: Lighthouse mobile ≥ 0.90,
// LCP ≤ 2.5 s, ≤ 10 requests before it is usable, each API call once; the charts come after the
// first paint. "Usable" = the dashboard's headline figures are shown: the company card and its
// pending-invitations figure, drawn from GET /api/dashboard/summary.
export const DASHBOARD_TARGETS = { score: 0.9, lcpMs: 2500, requestsBeforeUsable: 10 };
const DASHBOARD_USABLE_TEXT = /Invitations en attente|Pending invitations/;

export async function signInToken(url: string, email: string, password: string): Promise<string> {
  const response = await fetch(`${url}/api/users/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password }) });
  if (!response.ok) throw new Error(`login: HTTP ${response.status}`);
  return ((await response.json()) as { token: string }).token;
}

export type DashboardLoad = {
  usableMs: number;
  requestsBeforeUsable: number;
  /** Their paths, in the order they were asked. */
  beforeUsable: string[];
  requests: number;
  scripts: number;
  jsGzip: number;
  /** API calls made more than once (method and path with query), with their count. */
  repeatedApiCalls: string[];
  apiCalls: number;
  /** The chart library's chunk was requested after the headline figures were shown (or not at all). */
  chartsAfterUsable: boolean;
};

/** Loads /dashboard in Chromium with the session cookie and counts what it fetches. */
export async function dashboardLoad(url: string, token: string): Promise<DashboardLoad | string> {
  if (!existsSync(CHROMIUM)) return `no Chromium at ${CHROMIUM}`;
  const { chromium } = await import('playwright-core');
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
  try {
    const context = await browser.newContext();
    await context.addCookies([{ name: 'token', value: token, url }]);
    const page = await context.newPage();
    const started: { at: number; url: string; method: string; type: string }[] = [];
    const bodies: Promise<Buffer>[] = [];
    const t0 = Date.now();
    page.on('request', (request) => started.push({ at: Date.now() - t0, url: request.url(), method: request.method(), type: request.resourceType() }));
    page.on('response', (response) => {
      if (response.request().resourceType() === 'script') bodies.push(response.body().catch(() => Buffer.alloc(0)));
    });
    await page.goto(`${url}/dashboard`);
    await page.getByText(DASHBOARD_USABLE_TEXT).first().waitFor({ timeout: 30_000 });
    const usableMs = Date.now() - t0;
    const before = started.filter((r) => r.at <= usableMs);
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(1000);
    const buffers = await Promise.all(bodies);
    const api = started.filter((r) => new URL(r.url).pathname.startsWith('/api/'));
    const counts = new Map<string, number>();
    for (const r of api) {
      const u = new URL(r.url);
      const key = `${r.method} ${u.pathname}${u.search}`;
      counts.set(key, (counts.get(key) ?? 0) + 1);
    }
    const chart = started.find((r) => /DashboardCharts-/.test(r.url));
    return {
      usableMs,
      requestsBeforeUsable: before.length,
      beforeUsable: before.map((r) => (r.url.startsWith('data:') ? 'data: URI' : new URL(r.url).pathname)),
      requests: started.length,
      scripts: buffers.length,
      jsGzip: buffers.reduce((n, b) => n + gzipSync(b).length, 0),
      repeatedApiCalls: [...counts].filter(([, n]) => n > 1).map(([k, n]) => `${k} ×${n}`),
      apiCalls: api.length,
      chartsAfterUsable: !chart || chart.at >= usableMs,
    };
  } finally {
    await browser.close();
  }
}

/**
 * Lighthouse's mobile preset on `path`; with a token, signed in: the session cookie is set in the
 * launched Chromium (puppeteer-core, Lighthouse's own dependency) and Lighthouse is told to keep
 * the browser's storage.
 */
export async function lighthousePage(url: string, path: string, token?: string, runs = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3)): Promise<LighthouseFigures[] | string> {
  if (!existsSync(CHROMIUM)) return `no Chromium at ${CHROMIUM}`;
  const { default: lighthouse } = await import('lighthouse');
  const { launch } = await import('chrome-launcher');
  const figures: LighthouseFigures[] = [];
  for (let i = 0; i < runs; i++) {
    const chrome = await launch({ chromePath: CHROMIUM, chromeFlags: CHROMIUM_ARGS });
    try {
      if (token) {
        const { default: puppeteer } = await import('puppeteer-core');
        const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });
        await browser.setCookie({ name: 'token', value: token, domain: new URL(url).hostname, path: '/' });
        await browser.disconnect();
      }
      const result = await lighthouse(`${url}${path}`, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance'], disableStorageReset: !!token });
      const lhr = result?.lhr;
      if (!lhr) return 'Lighthouse returned no result';
      if (token && !new URL(lhr.finalDisplayedUrl).pathname.startsWith(path)) return `Lighthouse ended on ${lhr.finalDisplayedUrl}, not ${path} (not signed in?)`;
      const audit = (id: string) => lhr.audits[id]?.numericValue ?? NaN;
      figures.push({ score: lhr.categories.performance?.score ?? NaN, lcpMs: audit('largest-contentful-paint'), tbtMs: audit('total-blocking-time'), fcpMs: audit('first-contentful-paint') });
    } finally {
      chrome.kill();
    }
  }
  return figures;
}
