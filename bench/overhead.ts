// `npm run bench:overhead`: prints figures, never fails on a slow machine. The server's own work
// around its SQL (issue 24, performance 1): each list and detail route of the real server against
// bench/bare-server.ts, a `node:http` + driver server running the very statements the real one
// sends for the same address (session check included). For each route: throughput at 20
// connections of both, measured back to back, and their ratio (target ≥ 80 %), p50/p95/p99; then
// the real server alone at 50 connections: its timeouts (target 0). On PGlite (one process per
// data directory: the real server's runs, then the bare one's) and on PostgreSQL (127.0.0.1:5432 or
// BENCH_DATABASE_URL; a database of its own, dropped after; both servers up, runs alternated).
// BENCH_SECONDS: seconds of each run (after a warm-up); BENCH_DATABASES=pglite or postgresql;
// BENCH_OVERHEAD_ROUTES=profile,potential… picks routes; BENCH_OVERHEAD_PER_COMPANY: tenders a company.
// CPU profile of the real server: BENCH_CPU_PROF=dir (node --cpu-prof, written when it stops).
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { migrateDatabase, openDatabase } from '../server/db/client';
import { users } from '../server/db/schema';
import { hashPassword } from '../server/auth/passwords';
import { rematchCompany } from '../server/domains/sourcing/matching';
import { MANAGER, SEARCH, fill } from './tender-data';
import { loadLatencies, startServer, stopServer, type LatencyLoad, type Server } from './lib';

const PORT = 4313;
const COMPANIES = Number(process.env.BENCH_OVERHEAD_COMPANIES ?? 50);
const PER_COMPANY = Number(process.env.BENCH_OVERHEAD_PER_COMPANY ?? 500);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const ADMIN = { email: 'bench.admin@example.com', password: 'Bench-admin-2026!' };
const JWT_SECRET = 'bench-secret-that-is-long-enough-for-hs256';

type Route = { name: string; who: 'manager' | 'admin'; path: (tenderId: string) => string };
const ALL_ROUTES: Route[] = [
  { name: 'profile', who: 'manager', path: () => '/api/users/profile' },
  { name: 'list', who: 'manager', path: () => '/api/tenders/my-company?perPage=20&page=1' },
  { name: 'search', who: 'manager', path: () => `/api/tenders/my-company?perPage=20&page=1&search=${SEARCH}` },
  { name: 'potential', who: 'manager', path: () => '/api/tenders/potential?perPage=20&page=1' },
  { name: 'tender', who: 'manager', path: (id) => `/api/tenders/${id}` },
  { name: 'dashboard', who: 'manager', path: () => '/api/dashboard/summary' },
  { name: 'companies', who: 'admin', path: () => '/api/companies' },
];
const picked = process.env.BENCH_OVERHEAD_ROUTES?.split(',');
const ROUTES = picked ? ALL_ROUTES.filter((r) => picked.includes(r.name)) : ALL_ROUTES;

const lines: string[] = [];
const report = (line: string) => {
  lines.push(line);
  console.info(line);
};
const load = () => loadavg().map((l) => l.toFixed(1)).join(' ');

async function measure(label: string, dataDir: string, databaseUrl?: string) {
  const database = await openDatabase({ url: databaseUrl, pgliteDir: join(dataDir, 'pgdata') });
  await migrateDatabase(database.db, database.kind);
  const facts = await fill(database.db, PER_COMPANY, COMPANIES);
  await rematchCompany(database.db, facts.companyId);
  await database.db.insert(users).values({ username: 'Admin bench', email: ADMIN.email, passwordHash: await hashPassword(ADMIN.password), role: 'admin', emailVerifiedAt: new Date() });
  await database.close();

  const env = { DATA_DIR: dataDir, JWT_SECRET, ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}) };
  const profileDir = process.env.BENCH_CPU_PROF;
  // tsx hands node's flags before the entry point to node (NODE_OPTIONS refuses --cpu-prof).
  const [entry, args] = profileDir ? ['--cpu-prof', [`--cpu-prof-dir=${profileDir}`, 'server/main.ts']] : ['server/main.ts', []];
  let real: Server | undefined = await startServer(entry, args, env, PORT, '/api/health');
  const signIn = async (who: typeof MANAGER) => {
    const res = await fetch(`${real!.url}/api/users/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(who) });
    return ((await res.json()) as { token: string }).token;
  };
  const tokens = { manager: await signIn(MANAGER), admin: await signIn(ADMIN) };
  const first = (await (await fetch(`${real.url}/api/tenders/my-company?perPage=1`, { headers: { authorization: `Bearer ${tokens.manager}` } })).json()) as { tenderCalls: { _id: string }[] };
  const tenderId = first.tenderCalls[0]!._id;
  const targets = ROUTES.map((r) => ({ ...r, url: r.path(tenderId), token: tokens[r.who] }));
  const bareEnv = { ...env, BARE_ROUTES: JSON.stringify(targets.map((t) => ({ url: t.url, token: t.token }))) };
  const results = new Map<string, { real?: LatencyLoad; bare?: LatencyLoad; crowd?: LatencyLoad }>(targets.map((t) => [t.name, {}]));
  const realRun = async (t: (typeof targets)[number], connections: number) => loadLatencies(real!.url + t.url, { authorization: `Bearer ${t.token}` }, connections, SECONDS);
  console.info(`${label}: ${COMPANIES} companies × ${PER_COMPANY} tenders; measuring (load average ${load()})`);
  const startLoad = load();
  try {
    if (databaseUrl) {
      // Both up: each route's real run is followed at once by its bare run.
      const bare = await startServer('bench/bare-server.ts', [], bareEnv, PORT + 1, '/ready');
      try {
        for (const t of targets) {
          results.get(t.name)!.real = await realRun(t, 20);
          results.get(t.name)!.bare = await loadLatencies(bare.url + t.url, {}, 20, SECONDS);
        }
      } finally {
        await stopServer(bare);
      }
      for (const t of targets) results.get(t.name)!.crowd = await realRun(t, 50);
    } else {
      for (const t of targets) results.get(t.name)!.real = await realRun(t, 20);
      for (const t of targets) results.get(t.name)!.crowd = await realRun(t, 50);
      await stopServer(real);
      real = undefined;
      const bare = await startServer('bench/bare-server.ts', [], bareEnv, PORT + 1, '/ready');
      try {
        for (const t of targets) results.get(t.name)!.bare = await loadLatencies(bare.url + t.url, {}, 20, SECONDS);
      } finally {
        await stopServer(bare);
      }
    }
  } finally {
    if (real) await stopServer(real);
  }
  const ms = (l: LatencyLoad) => `p50 ${l.p50} p95 ${l.p95} p99 ${l.p99} ms`;
  report(`${label}, ${COMPANIES} companies × ${PER_COMPANY} tenders, 20 connections, ${SECONDS} s a run (load average ${startLoad} → ${load()}):`);
  for (const t of targets) {
    const { real: r, bare: b, crowd: c } = results.get(t.name)!;
    const ratio = (100 * r!.rps) / b!.rps;
    report(
      `  ${t.name.padEnd(10)} real ${r!.rps.toFixed(0).padStart(5)} req/s (${ms(r!)}, errors ${r!.errors + r!.non2xx}) | bare ${b!.rps.toFixed(0).padStart(5)} req/s (${ms(b!)}, errors ${b!.errors + b!.non2xx}) | ` +
        `${ratio.toFixed(0)} % (target ≥ 80 %: ${ratio >= 80 ? 'met' : 'missed'}) | at 50: ${c!.rps.toFixed(0)} req/s, p99 ${c!.p99} ms, timeouts ${c!.timeouts} (target 0: ${c!.timeouts === 0 ? 'met' : 'missed'}), errors ${c!.errors + c!.non2xx}`,
    );
  }
}

const databases = (process.env.BENCH_DATABASES ?? 'pglite,postgresql').split(',');
if (databases.includes('pglite')) {
  const dir = mkdtempSync(join(tmpdir(), 'soumissio-bench-overhead-'));
  try {
    await measure('PGlite', dir);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
if (databases.includes('postgresql')) {
  const admin = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const client = new pg.Client({ connectionString: admin });
  if (!(await client.connect().then(() => true, () => false))) report(`PostgreSQL: no server at ${admin}; set BENCH_DATABASE_URL to measure it.`);
  else {
    const name = `soumissio_bench_overhead_${process.pid}`;
    const dir = mkdtempSync(join(tmpdir(), 'soumissio-bench-overhead-'));
    await client.query(`create database ${name}`);
    try {
      const url = new URL(admin);
      url.pathname = `/${name}`;
      await measure('PostgreSQL', dir, url.toString());
    } finally {
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
      rmSync(dir, { recursive: true, force: true });
    }
  }
}
console.info('\nSummary');
for (const line of lines) console.info(line);
