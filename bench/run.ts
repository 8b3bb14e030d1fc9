// `npm run bench`: prints figures, never fails on a slow machine.
//  1. gzip size of all the JavaScript Chromium fetches to show /sign-in (target ≤ 110 KiB), and
//     Lighthouse's mobile preset on /sign-in (targets: score ≥ 0.95, LCP ≤ 2.0 s), bench/first-page.ts;
//     /dashboard signed in as the demo manager (the --demo data): Lighthouse mobile (≥ 0.90, LCP ≤
//     2.5 s), requests before its headline figures show (≤ 10), charts after them, each API call once;
//  2. GET /api/users/profile throughput and p99 against a bare same-query baseline, on PGlite
//     and on PostgreSQL (targets ≥ 70 % and ≤ 20 ms);
//  3. server start time on an existing data directory (target ≤ 3 s).
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { spawnSync } from 'node:child_process';
import pg from 'pg';
import { DASHBOARD_TARGETS, dashboardLoad, JS_BUDGET_KIB, lighthousePage, lighthouseSignIn, signInJs, signInToken } from './first-page';
import { DEMO_ACCOUNTS } from '../server/db/seed';
import { load, median, startServer, stopServer, type Load } from './lib';

const PORT = 4310;
const lines: string[] = [];
const report = (line: string) => {
  lines.push(line);
  console.info(line);
};

if (!existsSync('dist/index.html')) spawnSync('npm', ['run', 'build'], { stdio: 'inherit' });

const serverEnv = (dataDir: string, databaseUrl?: string) => ({
  DATA_DIR: dataDir,
  STATIC_DIR: 'dist',
  JWT_SECRET: 'bench-secret-that-is-long-enough-for-hs256',
  ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
});

async function profileVersusBaseline(label: string, dataDir: string, databaseUrl?: string) {
  const env = serverEnv(dataDir, databaseUrl);
  const app = await startServer('server/main.ts', ['--demo'], env, PORT, '/api/health');
  const login = await fetch(`${app.url}/api/users/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: DEMO_ACCOUNTS.manager.email, password: DEMO_ACCOUNTS.manager.password }),
  });
  const { token } = (await login.json()) as { token: string };
  const headers = { authorization: `Bearer ${token}` };
  const profile = (await (await fetch(`${app.url}/api/users/profile`, { headers })).json()) as { _id: string };
  const measured = await load(`${app.url}/api/users/profile`, headers);
  await stopServer(app);

  const base = await startServer('bench/baseline-server.ts', [], env, PORT, '/ready');
  const baseline = await load(`${base.url}/baseline/${profile._id}`);
  await stopServer(base);

  const row = (name: string, l: Load) => `  ${name.padEnd(22)} ${l.rps.toFixed(0).padStart(7)} req/s   p99 ${String(l.p99).padStart(3)} ms   errors ${l.errors + l.non2xx}`;
  report(`GET /api/users/profile on ${label} (autocannon, 50 connections, 8 s):`);
  report(row('baseline (bare query)', baseline));
  report(row('profile (token + read)', measured));
  report(`  ratio ${(100 * measured.rps / baseline.rps).toFixed(0)} % of baseline (target ≥ 70 %), p99 ${measured.p99} ms (target ≤ 20 ms)`);
}

const range = (xs: number[], f: (x: number) => string) => `${f(Math.min(...xs))}–${f(Math.max(...xs))}`;
const verdict = (ok: boolean) => (ok ? 'met' : 'missed');

async function dashboardFigures(url: string) {
  const token = await signInToken(url, DEMO_ACCOUNTS.manager.email, DEMO_ACCOUNTS.manager.password);
  const load = await dashboardLoad(url, token);
  if (typeof load === 'string') report(`/dashboard: not measured (${load})`);
  else {
    const { requestsBeforeUsable: n } = load;
    report(
      `/dashboard (demo manager): usable (headline figures shown) after ${n} requests (target ≤ ${DASHBOARD_TARGETS.requestsBeforeUsable}: ${verdict(n <= DASHBOARD_TARGETS.requestsBeforeUsable)}) ` +
        `[${load.beforeUsable.join(' ')}], ${load.requests} requests in all, JavaScript ${(load.jsGzip / 1024).toFixed(1)} KiB gzip in ${load.scripts} files; ` +
        `charts after the figures: ${verdict(load.chartsAfterUsable)}; each API call once (${load.apiCalls} calls): ${load.repeatedApiCalls.length ? `missed, ${load.repeatedApiCalls.join(', ')}` : 'met'}`,
    );
  }
  const lighthouse = await lighthousePage(url, '/dashboard', token);
  if (typeof lighthouse === 'string') report(`Lighthouse (mobile) on /dashboard: not measured (${lighthouse}); targets score ≥ 0.90, LCP ≤ 2.5 s`);
  else {
    const scores = lighthouse.map((l) => l.score);
    const lcps = lighthouse.map((l) => l.lcpMs);
    report(
      `Lighthouse (mobile) on /dashboard, ${lighthouse.length} runs: performance ${range(scores, (x) => x.toFixed(2))} (target ≥ ${DASHBOARD_TARGETS.score.toFixed(2)}: ${verdict(median(scores) >= DASHBOARD_TARGETS.score)}), ` +
        `LCP ${range(lcps, (x) => (x / 1000).toFixed(1))} s (target ≤ 2.5 s: ${verdict(median(lcps) <= DASHBOARD_TARGETS.lcpMs)}), ` +
        `TBT ${range(lighthouse.map((l) => l.tbtMs), (x) => x.toFixed(0))} ms, FCP ${range(lighthouse.map((l) => l.fcpMs), (x) => (x / 1000).toFixed(1))} s`,
    );
  }
}

const dataDir = mkdtempSync(join(tmpdir(), 'soumissio-bench-'));
try {
  // First start creates and seeds the database; the figures below use the existing directory.
  const first = await startServer('server/main.ts', ['--demo'], serverEnv(dataDir), PORT, '/api/health');
  report(`First start (creates the embedded database): ${(first.startMs / 1000).toFixed(2)} s`);
  const size = await signInJs(first.url, 'dist');
  const kib = size.gzip / 1024;
  report(
    `JavaScript fetched to show /sign-in: ${kib.toFixed(1)} KiB gzip in ${size.files} files (target ≤ ${JS_BUDGET_KIB} KiB): ${kib <= JS_BUDGET_KIB ? 'met' : 'missed'}` +
      (size.how === 'build' ? ' [no Chromium: read from the build, entry + preloads + the sign-in chunk and its static imports]' : ''),
  );
  const lighthouse = await lighthouseSignIn(first.url);
  if (typeof lighthouse === 'string') report(`Lighthouse (mobile) on /sign-in: not measured (${lighthouse}); targets score ≥ 0.95, LCP ≤ 2.0 s`);
  else {
    const scores = lighthouse.map((l) => l.score);
    const lcps = lighthouse.map((l) => l.lcpMs);
    report(
      `Lighthouse (mobile) on /sign-in, ${lighthouse.length} runs: performance ${range(scores, (x) => x.toFixed(2))} (target ≥ 0.95: ${median(scores) >= 0.95 ? 'met' : 'missed'}), ` +
        `LCP ${range(lcps, (x) => (x / 1000).toFixed(1))} s (target ≤ 2.0 s: ${median(lcps) <= 2000 ? 'met' : 'missed'}), ` +
        `TBT ${range(lighthouse.map((l) => l.tbtMs), (x) => x.toFixed(0))} ms, FCP ${range(lighthouse.map((l) => l.fcpMs), (x) => (x / 1000).toFixed(1))} s`,
    );
  }
  await dashboardFigures(first.url);
  await stopServer(first);

  const starts: number[] = [];
  for (let i = 0; i < 3; i++) {
    const s = await startServer('server/main.ts', [], serverEnv(dataDir), PORT, '/api/health');
    starts.push(s.startMs);
    await stopServer(s);
  }
  report(`Start on an existing data directory, median of 3 (process start → /api/health answers): ${(median(starts) / 1000).toFixed(2)} s (target ≤ 3 s)`);

  await profileVersusBaseline('PGlite', dataDir);

  const admin = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const dbName = `soumissio_bench_${process.pid}`;
  const client = new pg.Client({ connectionString: admin });
  const connected = await client.connect().then(() => true, () => false);
  if (!connected) report(`PostgreSQL: no server at ${admin}; set BENCH_DATABASE_URL to measure it.`);
  else {
    await client.query(`create database ${dbName}`);
    try {
      const url = new URL(admin);
      url.pathname = `/${dbName}`;
      await profileVersusBaseline('PostgreSQL', mkdtempSync(join(tmpdir(), 'soumissio-bench-pg-')), url.toString());
    } finally {
      await client.query(`drop database if exists ${dbName} with (force)`);
      await client.end();
    }
  }
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
console.info('\nSummary');
for (const line of lines) console.info(line);
