// `npm run bench`: prints figures, never fails on a slow machine.
//  1. gzip size of all the JavaScript Chromium fetches to show /sign-in (target ≤ 120 KiB);
//  2. GET /api/users/profile throughput and p99 against a bare same-query baseline, on PGlite
//     and on PostgreSQL (targets ≥ 70 % and ≤ 20 ms);
//  3. server start time on an existing data directory (target ≤ 3 s).
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { spawnSync } from 'node:child_process';
import { chromium } from 'playwright-core';
import pg from 'pg';
import { CHROMIUM, CHROMIUM_ARGS } from '../scripts/chromium';
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

async function signInJs(url: string): Promise<{ files: number; gzip: number }> {
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
  return { files: buffers.length, gzip: buffers.reduce((n, b) => n + gzipSync(b).length, 0) };
}

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

const dataDir = mkdtempSync(join(tmpdir(), 'soumissio-bench-'));
try {
  // First start creates and seeds the database; the figures below use the existing directory.
  const first = await startServer('server/main.ts', ['--demo'], serverEnv(dataDir), PORT, '/api/health');
  report(`First start (creates the embedded database): ${(first.startMs / 1000).toFixed(2)} s`);
  const size = await signInJs(first.url);
  report(`JavaScript fetched to show /sign-in: ${(size.gzip / 1024).toFixed(1)} KiB gzip in ${size.files} files (target ≤ 120 KiB)`);
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
