// `npm run bench:import [-- --count=N] [--only=pglite|postgres] [--reimport]`: prints figures, never
// fails on a slow machine. Generates N BOAMP notices (default 100,000) as a JSON Lines export made
// from the opendatasoft fixtures (FNSimple and MAPA records, ids and titles varied), then, in the
// same process and on the same database:
//  (a) a bare baseline: the file split on newlines, `JSON.parse` per record (and of its `donnees`,
//      where the title and description are), and the records written 1,000 rows per INSERT into a
//      copy of tender_calls (`LIKE tender_calls INCLUDING ALL`: the same columns, the generated
//      French search vector, the GIN and unique indexes): the unavoidable cost of parsing and
//      storing these calls, so that (b)/(a) measures what our logic adds;
//  (b) the import (runImport: reading, mapping, normalising, identity, calls, lots, links, history),
//      notices/s against (a) (target ≥ 50 %), and the process's peak RSS while it runs (target < 500 MB);
//  (c) with --reimport, the same file imported again (every notice unchanged: idempotence).
// On PGlite (on disk, in a temporary directory), then on PostgreSQL when one answers at
// DATABASE_URL or 127.0.0.1:5432 (in a database it creates and drops).
import { createReadStream } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { once } from 'node:events';
import { createWriteStream } from 'node:fs';
import { connect } from 'node:net';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { randomBytes, randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { migrateDatabase, openDatabase, type Database } from '../server/db/client';
import { createImportRun, runImport } from '../server/domains/sourcing/store';

const option = (name: string) => process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
const COUNT = Number(option('count') ?? 100_000);
const ONLY = option('only');
const REIMPORT = process.argv.includes('--reimport');
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

/**
 * (a): JSON.parse per line (and of `donnees`), the call's columns picked as plainly as can be, and
 * multi-row inserts into a table like tender_calls (same columns, generated search vector, indexes).
 */
async function baseline(db: Database, file: string) {
  await db.execute(sql.raw('create table bench_bare_calls (like tender_calls including all)'));
  const insert = (rows: Obj[]) => db.execute(sql`insert into bench_bare_calls (id, reference, source, source_id, title, description, buyer, submission_deadline) select id, reference, source, source_id, title, description, buyer, submission_deadline from json_populate_recordset(null::bench_bare_calls, ${JSON.stringify(rows)}::json)`);
  const started = performance.now();
  let rows: Obj[] = [];
  let count = 0;
  for await (const line of createInterface({ input: createReadStream(file), crlfDelay: Infinity })) {
    if (!line) continue;
    const r = JSON.parse(line) as Obj;
    const d = (typeof r.donnees === 'string' ? JSON.parse(r.donnees) : {}) as { FNSimple?: { initial?: { natureMarche?: { intitule?: string; description?: string } } }; MAPA?: { initial?: { description?: { objet?: string } } } };
    const title = d.FNSimple?.initial?.natureMarche?.intitule ?? d.MAPA?.initial?.description?.objet ?? r.objet;
    const description = d.FNSimple?.initial?.natureMarche?.description ?? d.MAPA?.initial?.description?.objet ?? r.objet;
    rows.push({ id: randomUUID(), reference: r.idweb, source: 'boamp', source_id: r.idweb, title, description, buyer: r.nomacheteur ?? '', submission_deadline: r.datelimitereponse ?? r.dateparution });
    if (rows.length === 1000) {
      await insert(rows);
      count += rows.length;
      rows = [];
    }
  }
  if (rows.length) await insert(rows);
  count += rows.length;
  const seconds = (performance.now() - started) / 1000;
  await db.execute(sql`drop table bench_bare_calls`);
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

const load = () => `load ${loadavg().map((l) => l.toFixed(1)).join(' ')}`;

async function measure(label: string, db: Database, file: string) {
  console.info(`${label} RSS once open and migrated: ${mb(process.memoryUsage().rss)}`);
  const a = await baseline(db, file);
  console.info(`${label} (a) bare JSON.parse + INSERT ×1000 into a copy of tender_calls (search vector, indexes): ${a.count} records in ${a.seconds.toFixed(1)} s = ${Math.round(a.perSecond)} records/s (${load()})`);
  const b = await ourImport(db, file);
  const c = b.counts;
  console.info(
    `${label} (b) import: ${c.notices} notices in ${b.seconds.toFixed(1)} s = ${Math.round(b.perSecond)} notices/s (new ${c.new}, updated ${c.updated}, refused ${c.refused}, unchanged ${c.unchanged}) (${load()})`,
  );
  console.info(`${label} ratio (b)/(a): ${((b.perSecond / a.perSecond) * 100).toFixed(0)} % (target ≥ 50 %)`);
  console.info(`${label} RSS: ${mb(b.before)} before (b), peak ${mb(b.peak)} during (b) (target < 500 MB)`);
  if (REIMPORT) {
    const r = await ourImport(db, file);
    const rc = r.counts;
    console.info(`${label} (c) same file again: ${rc.notices} notices in ${r.seconds.toFixed(1)} s = ${Math.round(r.perSecond)} notices/s (unchanged ${rc.unchanged}, new ${rc.new}, updated ${rc.updated}), peak RSS ${mb(r.peak)} (${load()})`);
  }
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

  if (ONLY !== 'postgres') {
    const database = await openDatabase({ pgliteDir: join(root, 'pgdata') });
    try {
      await migrateDatabase(database.db, database.kind);
      await measure('PGlite', database.db, file);
    } finally {
      await database.close();
    }
  }

  const url = ONLY === 'pglite' ? null : (process.env.DATABASE_URL ?? ((await answers('127.0.0.1', 5432)) ? 'postgres://postgres@127.0.0.1:5432/postgres' : null));
  if (ONLY === 'pglite') console.info('PostgreSQL: skipped (--only=pglite)');
  else if (!url) console.info('PostgreSQL: none answers at DATABASE_URL or 127.0.0.1:5432, skipped');
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
