// `npm run bench:import [-- --count=N]`: prints figures, never fails on a slow machine.
// Generates N BOAMP notices (default 100,000) as a JSON Lines export made from the opendatasoft
// fixtures (FNSimple and MAPA records, ids and titles varied), then, in the same process and on the
// same database:
//  (a) a bare baseline: the file split on newlines, `JSON.parse` per record, and the records'
//      id, title, buyer and deadline written into a plain table, 1,000 rows per INSERT;
//  (b) the import (runImport: reading, mapping, normalising, identity, calls, lots, links, history),
//      notices/s against (a) (target ≥ 50 %), and the process's peak RSS while it runs (target < 500 MB).
// On PGlite (on disk, in a temporary directory), then on PostgreSQL when one answers at
// DATABASE_URL or 127.0.0.1:5432 (in a database it creates and drops).
import { createReadStream } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { once } from 'node:events';
import { createWriteStream } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { migrateDatabase, openDatabase, type Database } from '../server/db/client';
import { createImportRun, runImport } from '../server/domains/sourcing/store';

const COUNT = Number(process.argv.find((a) => a.startsWith('--count='))?.slice('--count='.length) ?? 100_000);
const FIXTURES = join(import.meta.dirname, '../tests/fixtures/sourcing');
const mb = (bytes: number) => `${Math.round(bytes / 1024 / 1024)} MB`;

type Obj = Record<string, unknown>;

/** Record templates with `__ID__` and `__N__` where each copy's id and number go. */
async function templates(): Promise<string[]> {
  const fnsimple = JSON.parse(await readFile(join(FIXTURES, 'jpbenga_boamp-where-date_2026_fnsimple_5records.TRANSCRIBED.json'), 'utf8')) as { data: { results: Obj[] } };
  const mapa = JSON.parse(await readFile(join(FIXTURES, 'nicolasmura_boamp-query_2024_mapa_2records.json'), 'utf8')) as { results: Obj[] };
  return [...fnsimple.data.results, ...mapa.results].map((record) => {
    const copy: Obj = { ...record, idweb: '__ID__', objet: `${String(record.objet)} (lot d'essai __N__)` };
    if (typeof record.donnees === 'string') {
      // The title and buyer reference the importer reads are in `donnees`.
      const donnees = JSON.parse(record.donnees) as Obj;
      const vary = (value: unknown): unknown => {
        if (Array.isArray(value)) return value.map(vary);
        if (!value || typeof value !== 'object') return value;
        return Object.fromEntries(
          Object.entries(value as Obj).map(([k, v]) => {
            if (typeof v !== 'string') return [k, vary(v)];
            if (k === 'intitule' || k === 'objet') return [k, `${v} (lot d'essai __N__)`];
            // The buyer's reference: copies sharing one would all be twin candidates of each other.
            if (k === 'identifiantInterne' || k === 'idMarche') return [k, `${v}-__N__`];
            return [k, v];
          }),
        );
      };
      copy.donnees = JSON.stringify(vary(donnees));
    }
    return JSON.stringify(copy);
  });
}

async function generate(file: string, count: number) {
  const shapes = await templates();
  const out = createWriteStream(file);
  for (let n = 0; n < count; n++) {
    const line = shapes[n % shapes.length]!.replaceAll('__ID__', `B${n}`).replaceAll('__N__', String(n)) + '\n';
    if (!out.write(line)) await once(out, 'drain');
  }
  out.end();
  await once(out, 'finish');
}

const bare = pgTable('bench_bare_notices', {
  id: text('id').primaryKey(),
  title: text('title').notNull(),
  buyer: text('buyer'),
  deadline: timestamp('deadline', { withTimezone: true }),
});

/** (a): JSON.parse per line and multi-row inserts of four columns, nothing else. */
async function baseline(db: Database, file: string) {
  await db.execute(sql`create table bench_bare_notices (id text primary key, title text not null, buyer text, deadline timestamptz)`);
  const started = performance.now();
  let rows: (typeof bare.$inferInsert)[] = [];
  let count = 0;
  for await (const line of createInterface({ input: createReadStream(file), crlfDelay: Infinity })) {
    if (!line) continue;
    const r = JSON.parse(line) as Obj;
    rows.push({ id: String(r.idweb), title: String(r.objet), buyer: (r.nomacheteur as string) ?? null, deadline: r.datelimitereponse ? new Date(String(r.datelimitereponse)) : null });
    if (rows.length === 1000) {
      await db.insert(bare).values(rows);
      count += rows.length;
      rows = [];
    }
  }
  if (rows.length) await db.insert(bare).values(rows);
  count += rows.length;
  const seconds = (performance.now() - started) / 1000;
  await db.execute(sql`drop table bench_bare_notices`);
  return { count, seconds, perSecond: count / seconds };
}

/** (b): the import, with the process's RSS sampled every 50 ms. */
async function ourImport(db: Database, file: string) {
  global.gc?.();
  const before = process.memoryUsage().rss;
  let peak = before;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 50);
  const runId = await createImportRun(db, { fileName: 'bench.jsonl', size: (await stat(file)).size, status: 'running' });
  const started = performance.now();
  try {
    const counts = await runImport({ db, runId, input: file });
    const seconds = (performance.now() - started) / 1000;
    peak = Math.max(peak, process.memoryUsage().rss);
    return { counts, seconds, perSecond: counts.notices / seconds, before, peak };
  } finally {
    clearInterval(sampler);
  }
}

async function measure(label: string, db: Database, file: string) {
  const a = await baseline(db, file);
  console.info(`${label} (a) bare JSON.parse + INSERT ×1000: ${a.count} records in ${a.seconds.toFixed(1)} s = ${Math.round(a.perSecond)} records/s`);
  const b = await ourImport(db, file);
  const c = b.counts;
  console.info(
    `${label} (b) import: ${c.notices} notices in ${b.seconds.toFixed(1)} s = ${Math.round(b.perSecond)} notices/s (new ${c.new}, updated ${c.updated}, refused ${c.refused}, unchanged ${c.unchanged})`,
  );
  console.info(`${label} ratio (b)/(a): ${((b.perSecond / a.perSecond) * 100).toFixed(0)} % (target ≥ 50 %)`);
  console.info(`${label} RSS: ${mb(b.before)} before (b), peak ${mb(b.peak)} during (b) (target < 500 MB)`);
}

function answers(host: string, port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host, port, timeout: 1000 });
    socket.once('connect', () => (socket.destroy(), resolve(true)));
    socket.once('error', () => resolve(false));
    socket.once('timeout', () => (socket.destroy(), resolve(false)));
  });
}

const root = await (async () => {
  const base = '/tmp/feeds';
  try {
    await mkdir(base, { recursive: true });
    return await mkdtemp(join(base, 'bench-import-'));
  } catch {
    return mkdtemp(join(tmpdir(), 'bench-import-'));
  }
})();
try {
  const file = join(root, 'notices.jsonl');
  const t0 = performance.now();
  await generate(file, COUNT);
  console.info(`${COUNT} notices generated: ${mb((await stat(file)).size)} of JSON Lines in ${((performance.now() - t0) / 1000).toFixed(1)} s`);

  {
    const database = await openDatabase({ pgliteDir: join(root, 'pgdata') });
    try {
      await migrateDatabase(database.db, database.kind);
      await measure('PGlite', database.db, file);
    } finally {
      await database.close();
    }
  }

  const url = process.env.DATABASE_URL ?? ((await answers('127.0.0.1', 5432)) ? 'postgres://postgres@127.0.0.1:5432/postgres' : null);
  if (!url) console.info('PostgreSQL: none answers at DATABASE_URL or 127.0.0.1:5432, skipped');
  else {
    const { default: pg } = await import('pg');
    const name = `soumissio_bench_${randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`create database ${name}`);
    try {
      const own = new URL(url);
      own.pathname = `/${name}`;
      const database = await openDatabase({ url: own.toString() });
      try {
        await migrateDatabase(database.db, database.kind);
        await measure('PostgreSQL', database.db, file);
      } finally {
        await database.close();
      }
    } finally {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    }
  }
} finally {
  await rm(root, { recursive: true, force: true });
}
