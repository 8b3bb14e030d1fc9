// `npm run bench:company`: prints figures, never fails on a slow machine. The pages of one company
// as it grows: 500 tenders, then 10,000 (BENCH_COMPANY_LARGE), each in a database of its own, the
// same routes asked the same way. Target: every page within 2× of its 500-tender time at 10,000.
//  1. alone: each route asked in turn, p50/p95 of the response time over BENCH_COMPANY_ROUNDS;
//  2. at 20 connections (autocannon): the list with a search and the board, p95 and errors.
// On PostgreSQL (127.0.0.1:5432 or BENCH_DATABASE_URL) and on PGlite (BENCH_DATABASES picks).
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { migrateDatabase, openDatabase } from '../server/db/client';
import { MANAGER, SEARCH, fill } from './tender-data';
import { loadLatencies, startServer, stopServer } from './lib';

const PORT = 4312;
const SMALL = Number(process.env.BENCH_COMPANY_SMALL ?? 500);
const LARGE = Number(process.env.BENCH_COMPANY_LARGE ?? 10_000);
const ROUNDS = Number(process.env.BENCH_COMPANY_ROUNDS ?? 40);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);

type Route = { name: string; path: (ids: { tenderId: string }) => string };
/** What the company's pages ask for, the board as its page asks for it. */
const ROUTES: Route[] = [
  { name: 'tender list, page 1', path: () => '/api/tenders/my-company?perPage=20&page=1' },
  { name: `tender list, search "${SEARCH}"`, path: () => `/api/tenders/my-company?perPage=20&page=1&search=${SEARCH}` },
  { name: 'tender list, page 10', path: () => '/api/tenders/my-company?perPage=20&page=10' },
  { name: 'tender list, one status', path: () => '/api/tenders/my-company?perPage=20&page=1&filterBy=in_progress' },
  { name: 'board', path: () => '/api/tenders/my-company/board' },
  { name: 'dashboard summary', path: () => '/api/dashboard/summary' },
  { name: 'potential tenders', path: () => '/api/tenders/potential?perPage=20&page=1' },
  { name: 'tender by id', path: ({ tenderId }) => `/api/tenders/${tenderId}` },
];
const CROWDED = ['tender list, search "menuiseries"', 'board'];

const lines: string[] = [];
const report = (line: string) => {
  lines.push(line);
  console.info(line);
};
const quantile = (xs: number[], q: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(q * xs.length))]!;

type Figures = Map<string, { p50: number; p95: number; bytes: number; crowdP95?: number; crowdErrors?: number }>;

async function measure(tendersCount: number, dataDir: string, databaseUrl?: string): Promise<Figures> {
  const database = await openDatabase({ url: databaseUrl, pgliteDir: join(dataDir, 'pgdata') });
  await migrateDatabase(database.db, database.kind);
  await fill(database.db, tendersCount, 1);
  await database.close();
  const env = { DATA_DIR: dataDir, JWT_SECRET: 'bench-secret-that-is-long-enough-for-hs256', ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}) };
  const app = await startServer('server/main.ts', [], env, PORT, '/api/health');
  const figures: Figures = new Map();
  try {
    const login = await fetch(`${app.url}/api/users/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(MANAGER) });
    const { token } = (await login.json()) as { token: string };
    const headers = { authorization: `Bearer ${token}` };
    const first = (await (await fetch(`${app.url}/api/tenders/my-company?perPage=1`, { headers })).json()) as { tenderCalls: { _id: string }[] };
    const ids = { tenderId: first.tenderCalls[0]!._id };
    for (const route of ROUTES) {
      const url = app.url + route.path(ids);
      const times: number[] = [];
      let bytes = 0;
      for (let i = 0; i < ROUNDS; i++) {
        const started = performance.now();
        const res = await fetch(url, { headers });
        const body = await res.arrayBuffer();
        if (!res.ok) throw new Error(`${route.name}: ${res.status}`);
        times.push(performance.now() - started);
        bytes = body.byteLength;
      }
      figures.set(route.name, { p50: quantile(times, 0.5), p95: quantile(times, 0.95), bytes });
    }
    for (const name of CROWDED) {
      const route = ROUTES.find((r) => r.name === name)!;
      const crowd = await loadLatencies(app.url + route.path(ids), headers, 20, SECONDS);
      Object.assign(figures.get(name)!, { crowdP95: crowd.p95, crowdErrors: crowd.errors + crowd.non2xx });
    }
  } finally {
    await stopServer(app);
  }
  return figures;
}

async function compare(label: string, databaseUrl: () => Promise<{ url?: string; drop: () => Promise<void> }>) {
  const results: Figures[] = [];
  for (const count of [SMALL, LARGE]) {
    const dir = mkdtempSync(join(tmpdir(), 'soumissio-bench-company-'));
    const db = await databaseUrl();
    try {
      console.info(`${label}: ${count} tenders in one company (load ${loadavg()[0]!.toFixed(1)})`);
      results.push(await measure(count, dir, db.url));
    } finally {
      await db.drop();
      rmSync(dir, { recursive: true, force: true });
    }
  }
  const [small, large] = results as [Figures, Figures];
  report(`${label}: one company, ${SMALL} then ${LARGE} tenders; alone p50 (p95) over ${ROUNDS} requests; 20 connections ${SECONDS} s p95:`);
  for (const route of ROUTES) {
    const a = small.get(route.name)!;
    const b = large.get(route.name)!;
    const ratio = b.p50 / a.p50;
    const crowd = b.crowdP95 !== undefined ? `; at 20: ${a.crowdP95} → ${b.crowdP95} ms p95, errors ${a.crowdErrors} → ${b.crowdErrors}` : '';
    report(
      `  ${route.name.padEnd(32)} ${a.p50.toFixed(1).padStart(6)} (${a.p95.toFixed(1)}) → ${b.p50.toFixed(1).padStart(6)} (${b.p95.toFixed(1)}) ms, ` +
        `${(a.bytes / 1024).toFixed(0)} → ${(b.bytes / 1024).toFixed(0)} KiB, ×${ratio.toFixed(2)} (target ≤ 2: ${ratio <= 2 ? 'met' : 'missed'})${crowd}`,
    );
  }
}

const databases = (process.env.BENCH_DATABASES ?? 'pglite,postgresql').split(',');
if (databases.includes('pglite')) await compare('PGlite', async () => ({ drop: async () => undefined }));
if (databases.includes('postgresql')) {
  const admin = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const client = new pg.Client({ connectionString: admin });
  if (!(await client.connect().then(() => true, () => false))) report(`PostgreSQL: no server at ${admin}; set BENCH_DATABASE_URL to measure it.`);
  else {
    let n = 0;
    await compare('PostgreSQL', async () => {
      const name = `soumissio_bench_company_${process.pid}_${n++}`;
      await client.query(`create database ${name}`);
      const url = new URL(admin);
      url.pathname = `/${name}`;
      return { url: url.toString(), drop: async () => void (await client.query(`drop database if exists ${name} with (force)`)) };
    });
    await client.end();
  }
}
console.info('\nSummary');
for (const line of lines) console.info(line);
