// `npm run bench:tenders`: prints figures, never fails on a slow machine.
//  1. a company's tender list (page of 20) with a French full-text search, and without, among
//     100 000 tenders of 200 companies (20 000 on PGlite), and the member dashboard of that company: throughput and
//     p50/p95/p99 at 20 connections, on PGlite and on PostgreSQL, each against a baseline route
//     running the same SQL with no authentication or serialisation (bench/baseline-server.ts;
//     target ≥ 70 % of it; on PostgreSQL also p95 ≤ 25 ms, and a 50-connection run);
//  2. upload of a 50 MB document, as a ratio of copying the same file on disk (and see
//     bench/uploads.ts for where its time goes).
// The data is written straight in SQL (generate_series), not through the API: the API would
// take hours to create 100 000 tenders, and what is measured is reading them.
import { copyFileSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { migrateDatabase, openDatabase } from '../server/db/client';
import { COMPANIES, MANAGER, SEARCH, fill } from './tender-data';
import { loadLatencies, median, startServer, stopServer, type LatencyLoad } from './lib';

const PORT = 4311;
// 500 tenders per company (100 000 in all) unless a quicker run asks for fewer.
const PER_COMPANY = Number(process.env.BENCH_TENDERS_PER_COMPANY ?? 500);
// PGlite fills at half PostgreSQL's speed and has one connection: a fifth of the data keeps `npm run bench` near five minutes.
const PGLITE_PER_COMPANY = Number(process.env.BENCH_PGLITE_TENDERS_PER_COMPANY ?? 100);
const CONNECTIONS = 20;
// Seconds of each load run (after a 2 s warm-up): short, as the machine is shared; ratios are taken within one run.
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const UPLOAD_BYTES = 50_000_000;
const UPLOADS = 5;

const lines: string[] = [];
const report = (line: string) => {
  lines.push(line);
  console.info(line);
};

const serverEnv = (dataDir: string, databaseUrl?: string) => ({
  DATA_DIR: dataDir,
  JWT_SECRET: 'bench-secret-that-is-long-enough-for-hs256',
  ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
});

const mbps = (bytes: number, ms: number) => bytes / 1e6 / (ms / 1000);

async function measure(label: string, dataDir: string, databaseUrl: string | undefined, perCompany: number, file: string, copyMs: number) {
  const filling = performance.now();
  console.info(`${label}: filling (load average ${loadavg()[0]!.toFixed(1)})`);
  const database = await openDatabase({ url: databaseUrl, pgliteDir: join(dataDir, 'pgdata') });
  await migrateDatabase(database.db, database.kind);
  const facts = await fill(database.db, perCompany);
  await database.close();
  const fillSeconds = (performance.now() - filling) / 1000;
  report(`${label}: ${COMPANIES} companies, ${facts.calls} calls and tenders (${perCompany} per company) written in ${fillSeconds.toFixed(1)} s; "${SEARCH}" matches ${facts.matching} calls (${((100 * facts.matching) / facts.calls).toFixed(1)} %)`);

  const app = await startServer('server/main.ts', [], serverEnv(dataDir, databaseUrl), PORT, '/api/health');
  try {
    const login = await fetch(`${app.url}/api/users/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(MANAGER) });
    const { token } = (await login.json()) as { token: string };
    const headers = { authorization: `Bearer ${token}` };
    const list = (search?: string) => `${app.url}/api/tenders/my-company?perPage=20&page=1${search ? `&search=${encodeURIComponent(search)}` : ''}`;
    const countOf = async (url: string) => {
      const res = await fetch(url, { headers });
      const body = (await res.json()) as { count: number; tenderCalls: unknown[] };
      if (!res.ok) throw new Error(`${url} answered ${res.status}`);
      return body;
    };
    const searched = await countOf(list(SEARCH));
    const plain = await countOf(list());
    const dashboard = `${app.url}/api/dashboard/summary`;
    const dashboardBody = await (await fetch(dashboard, { headers })).json() as { pipeline?: unknown[] };
    if (!dashboardBody.pipeline) throw new Error('the dashboard has no pipeline');
    const crowd = databaseUrl
      ? { list: await loadLatencies(list(), headers, 50, SECONDS), dashboard: await loadLatencies(dashboard, headers, 50, SECONDS) }
      : undefined;
    const weight = (body: { tenderCalls: unknown[] }) => Math.max(...body.tenderCalls.map((r) => Buffer.byteLength(JSON.stringify(r))));
    const [tender] = plain.tenderCalls as { _id: string }[];
    const data = readFileSync(file);
    const times: number[] = [];
    for (let i = 0; i < UPLOADS; i++) {
      const form = new FormData();
      form.append('tenderId', tender!._id);
      form.append('file', new Blob([data], { type: 'application/pdf' }), `DCE-${i}.pdf`);
      const started = performance.now();
      const res = await fetch(`${app.url}/api/tenderDocs?companyId=${facts.companyId}`, { method: 'POST', headers, body: form });
      await res.arrayBuffer();
      if (res.status !== 201) throw new Error(`upload answered ${res.status}`);
      times.push(performance.now() - started);
    }
    const upload = mbps(UPLOAD_BYTES, median(times));
    const copy = mbps(UPLOAD_BYTES, copyMs);
    report(`POST /api/tenderDocs of a ${UPLOAD_BYTES / 1e6} MB PDF on ${label}, median of ${UPLOADS}: ${upload.toFixed(0)} MB/s; fs.copyFile: ${copy.toFixed(0)} MB/s; ratio ${((100 * upload) / copy).toFixed(0)} %`);

    // The same SQL with nothing around it, on the same data. On PostgreSQL both servers are up and
    // each measured run is followed at once by its baseline's, so the machine's load drifts little
    // between the two; PGlite has one process per data directory, so its baselines run after.
    if (!databaseUrl) await stopServer(app);
    const base = await startServer('bench/baseline-server.ts', [], serverEnv(dataDir, databaseUrl), PORT + 1, '/ready');
    const baseList = (search?: string) => `${base.url}/baseline/list/${facts.companyId}${search ? `?search=${encodeURIComponent(search)}` : ''}`;
    const baseDashboard = `${base.url}/baseline/dashboard/${facts.companyId}`;
    let withSearch: LatencyLoad, withoutSearch: LatencyLoad, summary: LatencyLoad, baseSearch: LatencyLoad, basePlain: LatencyLoad, baseSummary: LatencyLoad;
    if (databaseUrl) {
      withSearch = await loadLatencies(list(SEARCH), headers, CONNECTIONS, SECONDS);
      baseSearch = await loadLatencies(baseList(SEARCH), {}, CONNECTIONS, SECONDS);
      withoutSearch = await loadLatencies(list(), headers, CONNECTIONS, SECONDS);
      basePlain = await loadLatencies(baseList(), {}, CONNECTIONS, SECONDS);
      summary = await loadLatencies(dashboard, headers, CONNECTIONS, SECONDS);
      baseSummary = await loadLatencies(baseDashboard, {}, CONNECTIONS, SECONDS);
    } else {
      baseSearch = await loadLatencies(baseList(SEARCH), {}, CONNECTIONS, SECONDS);
      basePlain = await loadLatencies(baseList(), {}, CONNECTIONS, SECONDS);
      baseSummary = await loadLatencies(baseDashboard, {}, CONNECTIONS, SECONDS);
      await stopServer(base);
      const again = await startServer('server/main.ts', [], serverEnv(dataDir, databaseUrl), PORT, '/api/health');
      try {
        withSearch = await loadLatencies(list(SEARCH), headers, CONNECTIONS, SECONDS);
        withoutSearch = await loadLatencies(list(), headers, CONNECTIONS, SECONDS);
        summary = await loadLatencies(dashboard, headers, CONNECTIONS, SECONDS);
      } finally {
        await stopServer(again);
      }
    }
    await stopServer(base);

    const row = (name: string, l: LatencyLoad) =>
      `  ${name.padEnd(38)} ${l.rps.toFixed(0).padStart(6)} req/s   p50 ${l.p50} ms   p95 ${l.p95} ms   p99 ${l.p99} ms   errors ${l.errors + l.non2xx}`;
    const ratio = (name: string, measured: LatencyLoad, baseline: LatencyLoad) => {
      const r = (100 * measured.rps) / baseline.rps;
      return `  ${name}: ${r.toFixed(0)} % of its baseline (target ≥ 70 %): ${r >= 70 ? 'met' : 'missed'}`;
    };
    report(`${label}, autocannon, ${CONNECTIONS} connections, ${SECONDS} s each (list rows: largest ${weight(plain as { tenderCalls: unknown[] })} B of JSON, budget 1024 B):`);
    report(row(`list, search "${SEARCH}" (${searched.count} rows)`, withSearch));
    report(row('  baseline (same SQL, bare route)', baseSearch));
    report(row(`list, no search (${plain.count} rows)`, withoutSearch));
    report(row('  baseline (same SQL, bare route)', basePlain));
    report(row('GET /api/dashboard/summary', summary));
    report(row('  baseline (same SQL, bare route)', baseSummary));
    report(ratio('list with search', withSearch, baseSearch));
    report(ratio('list without search', withoutSearch, basePlain));
    report(ratio('dashboard summary', summary, baseSummary));
    if (databaseUrl) report(`  p95 of the list with search ${withSearch.p95} ms (target on PostgreSQL ≤ 25 ms): ${withSearch.p95 <= 25 ? 'met' : 'missed'}`);
    if (crowd) {
      report(`${label}, 50 connections, ${SECONDS} s:`);
      report(row('list, no search', crowd.list));
      report(row('GET /api/dashboard/summary', crowd.dashboard));
    }
  } finally {
    await stopServer(app);
  }
}

const work = mkdtempSync(join(tmpdir(), 'soumissio-bench-tenders-'));
try {
  const file = join(work, 'dce.pdf');
  writeFileSync(file, Buffer.concat([Buffer.from('%PDF-1.7\n'), randomBytes(UPLOAD_BYTES - 9)]));
  const copies: number[] = [];
  for (let i = 0; i < UPLOADS; i++) {
    const started = performance.now();
    copyFileSync(file, join(work, `copy-${i}.pdf`));
    copies.push(performance.now() - started);
    if (statSync(join(work, `copy-${i}.pdf`)).size !== UPLOAD_BYTES) throw new Error('copy is short');
    rmSync(join(work, `copy-${i}.pdf`));
  }
  const copyMs = median(copies);

  // BENCH_DATABASES=postgresql (or pglite) measures one of the two, for a quicker run.
  const databases = (process.env.BENCH_DATABASES ?? 'pglite,postgresql').split(',');
  if (databases.includes('pglite')) await measure('PGlite', join(work, 'pglite'), undefined, PGLITE_PER_COMPANY, file, copyMs);

  const admin = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const dbName = `soumissio_bench_tenders_${process.pid}`;
  const client = new pg.Client({ connectionString: admin });
  const connected = databases.includes('postgresql') && (await client.connect().then(() => true, () => false));
  if (!databases.includes('postgresql')) report('PostgreSQL: not measured (BENCH_DATABASES).');
  else if (!connected) report(`PostgreSQL: no server at ${admin}; set BENCH_DATABASE_URL to measure it.`);
  else {
    await client.query(`create database ${dbName}`);
    try {
      const url = new URL(admin);
      url.pathname = `/${dbName}`;
      await measure('PostgreSQL', join(work, 'pg'), url.toString(), PER_COMPANY, file, copyMs);
    } finally {
      await client.query(`drop database if exists ${dbName} with (force)`);
      await client.end();
    }
  }
} finally {
  rmSync(work, { recursive: true, force: true });
}
console.info('\nSummary');
for (const line of lines) console.info(line);
