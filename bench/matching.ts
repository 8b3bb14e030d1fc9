// `npm run bench:matching [-- --scale=0.1]`: matching at scale (issue 13) on PostgreSQL
// (DATABASE_URL, else postgres://postgres@127.0.0.1:5432; a database of its own, dropped at the end).
//  1. 100 000 calls (40 % open) and 1 000 company profiles, made from a building-trades
//     vocabulary (the trades, CPV codes and words of the BOAMP fixtures in tests/fixtures/sourcing),
//     every open call matched for a sample of companies (the backfill);
//  2. a day's 2 000 new notices matched against every company: target ≤ 30 s; then the same
//     notices all open (the worst case);
//  3. one company matched again against every open call (a profile change);
//  4. the tables vacuumed and analysed (what autovacuum does after such writes: the page's count
//     is an index-only scan once the visibility map is set), then a company's potential-tenders
//     page (20 calls, best first) as a user's request makes it: GET /api/tenders/potential?page=1&perPage=20
//     with a session (authentication, the counts, the page, its lots, links and verdicts, JSON),
//     alone (1 connection) and at 20 connections (closed loop: each sends its next request when
//     the last one answered); and the same function straight on the database, without HTTP.
// The page's target as read here: p95 ≤ 50 ms for the request alone, and at 20 connections a ratio
// to the same request alone ≥ 70 %. What the ratios mean: on this 2-core machine (shared with other
// work), 20 connections queue for 2 cores, so by Little's law a request at 20 connections waits
// about 20 / 2 times its own time: latency alone / latency at 20 (or throughput at 20 / 20 ×
// throughput alone) cannot pass cores / 20 = 10 %, whatever the code. The ratio held to ≥ 70 % is
// throughput at 20 connections / throughput alone: serving 20 users at once keeps at least 70 % of
// the rate of one user alone (no collapse under contention: locks, pool waits, plans gone bad;
// 100 % or more when both cores are put to work). Printed too: the API's throughput / the same queries
// on the database at 20 (what HTTP, authentication and JSON cost) and the latency ratio, for the
// record.
// Prints figures, never fails on a slow machine.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { eq, sql } from 'drizzle-orm';
import { migrateDatabase, openDatabase, type Database } from '../server/db/client';
import { callMatches, companies, tenderCalls, users } from '../server/db/schema';
import { hashPassword } from '../server/auth/passwords';
import { matchCalls, rematchCompany } from '../server/domains/sourcing/matching';
import { staffPotentialPage } from '../server/domains/tenders/potential';
import { loadLatencies, startServer, stopServer } from './lib';

const PORT = 4310;
const scaleArg = process.argv.find((a) => a.startsWith('--scale='));
const SCALE = scaleArg ? Number(scaleArg.slice('--scale='.length)) : 1;
const CALLS = Math.round(100_000 * SCALE);
const COMPANIES = Math.round(1_000 * SCALE);
const NEW_CALLS = 2_000; // a day's notices, whatever the scale
const OPEN_SHARE = 0.4;
const BACKFILL_COMPANIES = Number(process.env.BENCH_BACKFILL_COMPANIES ?? 100);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const MANAGER = { email: 'bench.matching@example.com', password: 'Bench-matching-2026!' };

// Trades as the BOAMP notices name them: words of titles, CPV codes.
const TRADES: { words: string[]; cpv: string[] }[] = [
  { words: ['couverture', 'zinguerie', 'toiture'], cpv: ['45261000-4', '45261210-9', '45261900-3'] },
  { words: ['menuiserie', 'menuiseries extérieures', 'fenêtres'], cpv: ['45421000-4', '45421100-5', '45421130-4'] },
  { words: ['isolation thermique', 'isolation', 'ravalement'], cpv: ['45321000-3', '45443000-4'] },
  { words: ['électricité', 'courants faibles', 'éclairage public'], cpv: ['45311000-0', '45316110-9', '45315000-8'] },
  { words: ['plomberie', 'chauffage', 'ventilation'], cpv: ['45330000-9', '45331000-6', '45331210-1'] },
  { words: ['peinture', 'revêtements de sols', 'faux plafonds'], cpv: ['45442100-8', '45432100-5', '45421146-9'] },
  { words: ['voirie', 'enrobés', 'chaussée'], cpv: ['45233141-9', '45233140-2', '45233220-7'] },
  { words: ['assainissement', 'réseaux humides', 'canalisations'], cpv: ['45232400-6', '45232410-9', '45231300-8'] },
  { words: ['espaces verts', 'élagage', 'paysager'], cpv: ['77310000-6', '77211400-6', '45112710-5'] },
  { words: ['nettoyage', 'propreté', 'vitrerie'], cpv: ['90911200-8', '90919200-4', '90911300-9'] },
  { words: ['maçonnerie', 'gros œuvre', 'démolition'], cpv: ['45262500-6', '45223220-4', '45111100-9'] },
  { words: ['charpente', 'ossature bois', 'bardage'], cpv: ['45261100-5', '45262650-2'] },
  { words: ['restauration scolaire', 'repas', 'denrées alimentaires'], cpv: ['55523100-3', '15000000-8'] },
  { words: ['maîtrise d’œuvre', 'études', 'diagnostic'], cpv: ['71000000-8', '71300000-1', '71315200-3'] },
  { words: ['ascenseurs', 'maintenance', 'portes automatiques'], cpv: ['50750000-7', '45313100-5'] },
  { words: ['désamiantage', 'déconstruction', 'dépollution'], cpv: ['45262660-5', '90650000-8'] },
];
const PLACES = ['Réfection', 'Travaux de', 'Rénovation de', 'Marché de', 'Entretien de', 'Accord-cadre de', 'Fourniture et pose de'];
const SITES = ['l’école élémentaire', 'la mairie', 'du gymnase', 'du collège', 'de la médiathèque', 'des logements sociaux', 'de la piscine', 'du centre technique', 'de l’église', 'de la voirie communale'];
const REGIONS = ['Auvergne-Rhône-Alpes', 'Hauts-de-France', 'Île-de-France', 'Occitanie', 'Nouvelle-Aquitaine', 'Grand Est', 'Bretagne', 'Normandie', 'Pays de la Loire', 'Provence-Alpes-Côte d’Azur', 'Bourgogne-Franche-Comté', 'Centre-Val de Loire', 'Corse'];
const DEPARTMENTS = Array.from({ length: 95 }, (_, i) => String(i + 1).padStart(2, '0')).filter((d) => d !== '20');
const regionOf = (department: string) => REGIONS[Number(department) % REGIONS.length]!;

// A seeded generator: the same data at every run.
let seed = 42;
const random = () => ((seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31);
const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)]!;

function callRow(i: number, open: boolean, prefix: string) {
  const trade = pick(TRADES);
  const department = pick(DEPARTMENTS);
  const days = open ? 1 + Math.floor(random() * 60) : -1 - Math.floor(random() * 700);
  return {
    reference: `${prefix}-${i}`,
    title: `${pick(PLACES)} ${pick(trade.words)} ${pick(SITES)}`,
    buyer: `Commune ${Math.floor(random() * 3000)}`,
    description: `${pick(trade.words)} et ${pick(pick(TRADES).words)}. ${random() < 0.05 ? 'Qualification Qualibat 1552 exigée.' : ''}`,
    cpvCodes: [pick(trade.cpv)],
    department,
    region: regionOf(department),
    estimatedAmount: random() < 0.7 ? Math.round(20_000 + random() * 3_000_000) : null,
    submissionDeadline: new Date(Date.now() + days * 86_400_000),
    source: 'boamp' as const,
  };
}

function profile(i: number) {
  const trades = [pick(TRADES), ...(random() < 0.5 ? [pick(TRADES)] : [])];
  const home = pick(DEPARTMENTS);
  const departments = [home, ...(random() < 0.6 ? [pick(DEPARTMENTS), pick(DEPARTMENTS)] : [])];
  const withRange = random() < 0.5;
  return {
    name: `Entreprise ${i}`,
    keywords: [...new Set(trades.flatMap((t) => t.words.slice(0, 2)))],
    cpvCodes: [...new Set(trades.map((t) => t.cpv[0]!.slice(0, 8)))],
    departments: [...new Set(departments)],
    regions: random() < 0.3 ? [regionOf(home)] : [],
    amountMin: withRange ? 50_000 : null,
    amountMax: withRange ? 1_500_000 : null,
  };
}

async function insertCalls(db: Database, count: number, prefix: string): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < count; i += 1000) {
    const rows = Array.from({ length: Math.min(1000, count - i) }, (_, k) => callRow(i + k, random() < OPEN_SHARE, prefix));
    ids.push(...(await db.insert(tenderCalls).values(rows).returning({ id: tenderCalls.id })).map((r) => r.id));
  }
  return ids;
}

const seconds = (ms: number) => (ms / 1000).toFixed(1);
/** The machine's load average over the last minute, next to each figure (the machine is shared). */
const load = () => loadavg()[0]!.toFixed(1);
const lines: string[] = [];
const report = (line: string) => {
  lines.push(line);
  console.info(line);
};

async function main() {
  const url = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const name = `soumissio_bench_matching_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const own = new URL(url);
  own.pathname = `/${name}`;
  const databaseUrl = own.toString();
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-matching-'));
  const database = await openDatabase({ url: databaseUrl });
  try {
    await migrateDatabase(database.db, database.kind);
    const { db } = database;
    console.info(`scale ${SCALE}: ${CALLS} calls, ${COMPANIES} companies (load average ${loadavg()[0]!.toFixed(1)})`);
    let t = performance.now();
    for (let i = 0; i < COMPANIES; i += 500) await db.insert(companies).values(Array.from({ length: Math.min(500, COMPANIES - i) }, (_, k) => profile(i + k)));
    await insertCalls(db, CALLS, 'B');
    report(`data: ${COMPANIES} companies, ${CALLS} calls written in ${seconds(performance.now() - t)} s`);

    // The backfill of every open call is done for a sample of companies (all at scale ≤ 0.1): at
    // full scale it is 40 million pairs and millions of rows, minutes this benchmark does not
    // need; the measured company is one of the sample, and the day's notices meet all companies.
    t = performance.now();
    const open = (await db.select({ id: tenderCalls.id }).from(tenderCalls).where(sql`${tenderCalls.submissionDeadline} > now()`)).map((r) => r.id);
    const sample = (await db.select({ id: companies.id }).from(companies).orderBy(companies.name).limit(BACKFILL_COMPANIES)).map((r) => r.id);
    const backfill = await matchCalls(db, open, { companyIds: sample });
    report(`backfill: ${open.length} open calls × ${sample.length} companies matched in ${seconds(performance.now() - t)} s, ${backfill.rows} rows`);
    await db.execute(sql`analyze`);

    const fresh = await insertCalls(db, NEW_CALLS, 'N');
    t = performance.now();
    const day = await matchCalls(db, fresh);
    const dayMs = performance.now() - t;
    report(`a day's notices: ${NEW_CALLS} new calls (${Math.round(NEW_CALLS * OPEN_SHARE)} or so open) × ${COMPANIES} companies matched in ${seconds(dayMs)} s (load ${load()}), ${day.rows} rows (target ≤ 30 s: ${dayMs <= 30_000 ? 'met' : 'missed'})`);
    // Every new notice open, the worst case.
    await db.update(tenderCalls).set({ submissionDeadline: new Date(Date.now() + 20 * 86_400_000) }).where(sql`${tenderCalls.reference} like 'N-%'`);
    t = performance.now();
    const allOpen = await matchCalls(db, fresh);
    const allOpenMs = performance.now() - t;
    report(`the same ${NEW_CALLS} calls all open: ${seconds(allOpenMs)} s (load ${load()}), ${allOpen.rows} rows (target ≤ 30 s: ${allOpenMs <= 30_000 ? 'met' : 'missed'})`);

    // The company of the sample with the median number of matches is the one measured.
    const counts = (await db.execute(sql`select company_id, count(*)::int as n from ${callMatches} where company_id in (${sql.join(sample.map((id) => sql`${id}`), sql`, `)}) group by company_id order by n`)) as unknown as { rows: { company_id: string; n: number }[] };
    const median = counts.rows[Math.floor(counts.rows.length / 2)]!;
    t = performance.now();
    const again = await rematchCompany(db, median.company_id);
    report(`a profile change: one company matched again against every open call in ${seconds(performance.now() - t)} s (load ${load()}, ${again.rows} rows)`);
    await db.insert(users).values({ username: 'Bench', email: MANAGER.email, passwordHash: await hashPassword(MANAGER.password), role: 'manager', companyId: median.company_id, emailVerifiedAt: new Date() });
    const [company] = await db.select({ name: companies.name }).from(companies).where(eq(companies.id, median.company_id));
    report(`measured company: ${company!.name}, ${median.n} matched calls (median of the companies)`);

    // What autovacuum does after such writes (visibility map set, statistics fresh), done now
    // rather than waited for.
    t = performance.now();
    await db.execute(sql`vacuum analyze`);
    report(`vacuum analyze after the writes: ${seconds(performance.now() - t)} s`);

    // The same function straight on the database (its pool of 10 connections serves them).
    const page = () => staffPotentialPage(db, median.company_id, { where: undefined, limit: 20, offset: 0, perPage: 20 });
    const first = await page();
    report(`its first page: ${first.tenders.length} calls of ${first.count}, best score ${first.tenders[0]?.matchScore ?? 0}`);
    const direct = async (connections: number) => {
      const times: number[] = [];
      const end = performance.now() + SECONDS * 1000;
      await Promise.all(
        Array.from({ length: connections }, async () => {
          while (performance.now() < end) {
            const start = performance.now();
            await page();
            times.push(performance.now() - start);
          }
        }),
      );
      times.sort((a, b) => a - b);
      return { rps: times.length / SECONDS, p50: times[Math.floor(0.5 * times.length)]!, p95: times[Math.floor(0.95 * times.length)]! };
    };
    await direct(4);
    const alone = await direct(1);
    const twenty = await direct(20);
    const ms = (x: number) => `${x.toFixed(1)} ms`;
    const pct = (x: number) => `${(100 * x).toFixed(0)} %`;
    report(`the page's function on the database (load ${load()}): alone p50 ${ms(alone.p50)}, p95 ${ms(alone.p95)}, ${alone.rps.toFixed(0)} req/s; 20 at a time p50 ${ms(twenty.p50)}, p95 ${ms(twenty.p95)}, ${twenty.rps.toFixed(0)} req/s`);

    const server = await startServer('server/main.ts', [], { DATA_DIR: dataDir, DATABASE_URL: databaseUrl, JWT_SECRET: 'bench-secret-that-is-long-enough-for-hs256' }, PORT, '/api/health');
    try {
      const login = await fetch(`${server.url}/api/users/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(MANAGER) });
      const { token } = (await login.json()) as { token: string };
      const headers = { authorization: `Bearer ${token}` };
      // The request the potential-tenders page sends (src/app/tenders/calls.ts).
      const target = `${server.url}/api/tenders/potential?page=1&perPage=20`;
      const api1 = await loadLatencies(target, headers, 1, SECONDS);
      const api20 = await loadLatencies(target, headers, 20, SECONDS);
      report(`GET /api/tenders/potential?page=1&perPage=20 (load ${load()}): alone p50 ${api1.p50} ms, p95 ${api1.p95} ms (target p95 ≤ 50 ms: ${api1.p95 <= 50 ? 'met' : 'missed'}), ${api1.rps.toFixed(0)} req/s; at 20 connections p50 ${api20.p50} ms, p95 ${api20.p95} ms, ${api20.rps.toFixed(0)} req/s, ${api20.non2xx} errors`);
      const held = api20.rps / api1.rps;
      report(`throughput at 20 connections / alone (the ratio held to ≥ 70 %): API ${pct(held)} (${held >= 0.7 ? 'met' : 'missed'}), on the database ${pct(twenty.rps / alone.rps)}`);
      report(`for the record: API / the same function on the database at 20: ${pct(api20.rps / twenty.rps)}; latency alone / at 20 (p95): ${pct(api1.p95 / api20.p95)}, bounded by cores / connections = ${pct(Math.min(1, cpus().length / 20))} on this machine`);
    } finally {
      await stopServer(server);
    }
  } finally {
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
    const again = new pg.Client({ connectionString: url });
    await again.connect();
    // BENCH_KEEP=1 keeps the database to look at its plans (dropped by hand).
    if (process.env.BENCH_KEEP) console.info(`kept database ${name}`);
    else await again.query(`drop database if exists ${name} with (force)`);
    await again.end();
  }
  console.info(`\n${lines.join('\n')}`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
