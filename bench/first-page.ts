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
export async function lighthouseSignIn(url: string, runs = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3)): Promise<LighthouseFigures[] | string> {
  if (!existsSync(CHROMIUM)) return `no Chromium at ${CHROMIUM}`;
  const { default: lighthouse } = await import('lighthouse');
  const { launch } = await import('chrome-launcher');
  const figures: LighthouseFigures[] = [];
  for (let i = 0; i < runs; i++) {
    const chrome = await launch({ chromePath: CHROMIUM, chromeFlags: CHROMIUM_ARGS });
    try {
      const result = await lighthouse(`${url}/sign-in`, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] });
      const lhr = result?.lhr;
      if (!lhr) return 'Lighthouse returned no result';
      const audit = (id: string) => lhr.audits[id]?.numericValue ?? NaN;
      figures.push({ score: lhr.categories.performance?.score ?? NaN, lcpMs: audit('largest-contentful-paint'), tbtMs: audit('total-blocking-time'), fcpMs: audit('first-contentful-paint') });
    } finally {
      chrome.kill();
    }
  }
  return figures;
}
