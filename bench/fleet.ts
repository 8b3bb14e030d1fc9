// `npm run bench:fleet`: prints figures, never fails on a slow machine. The admin's company list
// (GET /api/companies) under load with 1, 2 and 4 API processes (SOUMISSIO_ROLE=api) on one
// PostgreSQL database (127.0.0.1:5432 or BENCH_DATABASE_URL; a database of its own, dropped after),
// the load spread over the processes' ports as a proxy would: requests a second, p95, and the ratio
// to one process, measured in the same run. On a machine of two cores the load generator shares
// them with the servers and PostgreSQL: the figures say where that limit is, the ratios what a
// second machine's process would add. BENCH_SECONDS: seconds a run; BENCH_FLEET_COMPANIES: companies
// listed (default 500); BENCH_FLEET_SIZES=1,2,4; BENCH_FLEET_CONNECTIONS (default 50).
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { mkdtempSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import autocannon from 'autocannon';
import { migrateDatabase, openDatabase } from '../server/db/client';
import { users } from '../server/db/schema';
import { hashPassword } from '../server/auth/passwords';
import { fill } from './tender-data';
import { startServer, stopServer, type Server } from './lib';

const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const COMPANIES = Number(process.env.BENCH_FLEET_COMPANIES ?? 500);
const SIZES = (process.env.BENCH_FLEET_SIZES ?? '1,2,4').split(',').map(Number);
const CONNECTIONS = Number(process.env.BENCH_FLEET_CONNECTIONS ?? 50);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const JWT_SECRET = 'bench-secret-that-is-long-enough-for-hs256';
const ADMIN = { email: 'bench.admin@example.com', password: 'Bench-admin-2026!' };
const PATH = '/api/companies?perPage=20&page=1';
const BASE_PORT = 4331;

const name = `soumissio_bench_fleet_${randomBytes(4).toString('hex')}`;
const admin = new pg.Client({ connectionString: ADMIN_URL });
await admin.connect();
await admin.query(`create database ${name}`);
const databaseUrl = ADMIN_URL.replace(/\/[^/]*$/, `/${name}`);
const dataDir = mkdtempSync(join(tmpdir(), 'soumissio-bench-fleet-'));
const servers: Server[] = [];

try {
  const database = await openDatabase({ url: databaseUrl });
  await migrateDatabase(database.db, database.kind);
  // One tender a company: the list's rows are what is measured.
  await fill(database.db, 1, COMPANIES);
  await database.db.insert(users).values({ username: 'Admin bench', email: ADMIN.email, passwordHash: await hashPassword(ADMIN.password), role: 'admin', emailVerifiedAt: new Date() });
  await database.close();

  const env = { DATA_DIR: dataDir, DATABASE_URL: databaseUrl, JWT_SECRET, SOUMISSIO_ROLE: 'api' };
  const figures: { processes: number; rps: number; p95: number; errors: number }[] = [];
  for (const size of SIZES) {
    // Started together, as a deployment would: migrations and seeds take turns (advisory lock).
    while (servers.length < size) servers.push(...(await Promise.all(Array.from({ length: size - servers.length }, (_, i) => startServer('server/main.ts', [], env, BASE_PORT + servers.length + i, '/api/health')))));
    while (servers.length > size) await stopServer(servers.pop()!);
    const login = await fetch(`${servers[0]!.url}/api/users/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(ADMIN) });
    const { token } = (await login.json()) as { token: string };
    const headers = { authorization: `Bearer ${token}` };
    // autocannon spreads its connections over several addresses (its types say one): a proxy's round robin.
    const urls = servers.map((s) => `${s.url}${PATH}`) as unknown as string;
    // Every process warmed (JIT, prepared statements), then measured with the connections spread over them.
    await autocannon({ url: urls, headers, connections: CONNECTIONS, duration: Math.min(2, SECONDS) });
    const times: number[] = [];
    const result = await new Promise<autocannon.Result>((resolve, reject) => {
      const run = autocannon({ url: urls, headers, connections: CONNECTIONS, duration: SECONDS }, (error, r) => (error ? reject(error) : resolve(r)));
      run.on('response', (_client, _status, _bytes, time) => times.push(time));
    });
    times.sort((a, b) => a - b);
    const p95 = times.length ? times[Math.floor(0.95 * (times.length - 1))]! : NaN;
    figures.push({ processes: size, rps: result.requests.average, p95, errors: result.errors + result.non2xx });
    console.info(`  ${size} API process${size > 1 ? 'es' : ''}: ${result.requests.average.toFixed(0)} requests/s, p95 ${p95.toFixed(1)} ms, ${result.errors + result.non2xx} errors (load ${loadavg()[0]!.toFixed(1)})`);
  }
  const one = figures.find((f) => f.processes === 1)?.rps ?? figures[0]!.rps;
  console.info(`\nbench:fleet — GET ${PATH} (${COMPANIES} companies), ${CONNECTIONS} connections, ${SECONDS} s a run, ${availableParallelism()} cores, PostgreSQL ${ADMIN_URL.replace(/\/\/[^@]*@/, '//')}`);
  console.info('| API processes | requests/s | vs one | p95 ms | errors |');
  console.info('|---|---|---|---|---|');
  for (const f of figures) console.info(`| ${f.processes} | ${f.rps.toFixed(0)} | ${(f.rps / one).toFixed(2)} | ${f.p95.toFixed(1)} | ${f.errors} |`);
} finally {
  await Promise.all(servers.map(stopServer));
  await admin.query(`drop database if exists ${name} with (force)`).catch(() => undefined);
  await admin.end();
  rmSync(dataDir, { recursive: true, force: true });
}
