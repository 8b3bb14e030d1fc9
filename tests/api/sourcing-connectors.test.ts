// The built-in connectors (issue 24) against a local fake of BOAMP, TED and DECP (connectors-fake.ts):
// a second run fetches only what was published since; a run that fails mid-way keeps what it
// imported and the next resumes after it; 429/503 are retried after Retry-After or a growing
// back-off; requests to a source are spaced by its delay; a connector turned off does nothing; only
// admins see and drive them.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { importRuns, sourceNotices, sourcingConnectors } from '../../server/db/schema';
import { DEFAULT_CONNECTORS, connectorsConfigFromEnv, parseConnectorNames, type ConnectorsConfig } from '../../server/domains/sourcing/connectors/config';
import { queueDueConnectors } from '../../server/domains/sourcing/connectors/schedule';
import { createJobQueue } from '../../server/jobs/queue';
import { boampRecords, startFakeSources, tedNotices, type FakeSources } from './connectors-fake';
import { createTestApp, createUser, type TestContext } from './context';

type Connector = {
  name: string;
  available: boolean;
  enabled: boolean;
  status: string;
  counts: { fetched: number; new: number; updated: number; refused: number };
  error: string | null;
  cursor: { date: string | null; id: string | null };
  importRunId: string | null;
  failures: number;
};

let ctx: TestContext;
let fake: FakeSources;
let admin: string;
const polite = { minDelayMs: 0, backoffMs: 50, maxBackoffMs: 2_000, attempts: 3, timeoutMs: 10_000 };

beforeAll(async () => {
  fake = await startFakeSources();
  const config: ConnectorsConfig = {
    ...DEFAULT_CONNECTORS,
    tickMs: 0,
    since: '2006-01-01',
    boamp: { ...DEFAULT_CONNECTORS.boamp, ...polite, baseUrl: `${fake.base}/api/explore/v2.1` },
    // TED's requests spaced by 150 ms (its rate limit, as the test sees it).
    ted: { ...DEFAULT_CONNECTORS.ted, ...polite, attempts: 2, minDelayMs: 150, baseUrl: fake.base, noticeUrl: fake.base },
    // DECP's back-off: 200 ms, doubled at each attempt.
    decp: { ...DEFAULT_CONNECTORS.decp, ...polite, backoffMs: 200, baseUrl: fake.base },
  };
  ctx = await createTestApp({ jobWorkers: 1, sourcingConnectors: config });
  admin = (await createUser(ctx, 'admin')).token;
}, 60_000);

afterAll(async () => {
  await ctx?.close();
  await fake?.close();
});

beforeEach(() => {
  fake.seen.length = 0;
  fake.faults.length = 0;
});

const auth = (token: string) => ({ authorization: `Bearer ${token}` });

async function connector(name: string, token = admin): Promise<Connector> {
  const res = await ctx.app.inject({ method: 'GET', url: '/api/admin/sourcing/connectors', headers: auth(token) });
  expect(res.statusCode).toBe(200);
  return (res.json() as { connectors: Connector[] }).connectors.find((c) => c.name === name)!;
}

/** Runs a connector now and waits for its job to end. */
async function runNow(name: string): Promise<Connector> {
  const res = await ctx.app.inject({ method: 'POST', url: `/api/admin/sourcing/connectors/${name}/run`, headers: auth(admin) });
  expect(res.statusCode, res.body).toBe(202);
  const until = Date.now() + 30_000;
  for (;;) {
    const now = await connector(name);
    if (now.status === 'succeeded' || now.status === 'failed') return now;
    if (Date.now() > until) throw new Error(`${name} still ${now.status}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const noticesOf = async (source: string) => (await ctx.db.select({ id: sourceNotices.sourceId }).from(sourceNotices).where(eq(sourceNotices.source, source))).map((r) => r.id).sort();

describe('connectors: admin only', () => {
  it('lists the three connectors to an admin, never run, and refuses managers and employees every operation', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/admin/sourcing/connectors', headers: auth(admin) });
    expect(res.statusCode).toBe(200);
    const list = (res.json() as { connectors: Connector[] }).connectors;
    expect(list.map((c) => [c.name, c.available, c.enabled])).toEqual([
      ['boamp', true, true],
      ['ted', true, true],
      ['decp', true, true],
    ]);
    for (const role of ['manager', 'employee'] as const) {
      const { token } = await createUser(ctx, role);
      const calls = [
        { method: 'GET' as const, url: '/api/admin/sourcing/connectors' },
        { method: 'POST' as const, url: '/api/admin/sourcing/connectors/boamp/run' },
        { method: 'PATCH' as const, url: '/api/admin/sourcing/connectors/boamp', payload: { enabled: false } },
      ];
      for (const call of calls) {
        const refused = await ctx.app.inject({ ...call, headers: auth(token) });
        expect(refused.statusCode, `${role} ${call.method} ${call.url}`).toBe(403);
      }
    }
    expect(fake.seen).toEqual([]);
    const unknown = await ctx.app.inject({ method: 'POST', url: '/api/admin/sourcing/connectors/sam/run', headers: auth(admin) });
    expect(unknown.statusCode).toBe(400);
    expect((unknown.json() as { msg: string }).msg).toBeTruthy();
  });
});

describe('BOAMP: incremental by publication date', () => {
  it('imports the records published so far, then on the next run only those published since', async () => {
    const all = boampRecords();
    fake.boamp = all.filter((r) => r.dateparution === '2006-07-04');
    const first = await runNow('boamp');
    expect(first.status).toBe('succeeded');
    expect(first.counts.fetched).toBe(9);
    expect(first.counts.new + first.counts.updated + first.counts.refused).toBeGreaterThan(0);
    const lastOfDay = fake.boamp.map((r) => r.idweb).sort().at(-1);
    expect(first.cursor).toEqual({ date: '2006-07-04', id: lastOfDay });
    // Asked for the whole span at once (it holds far fewer than 10,000 records), from the start date.
    expect(decodeURIComponent(fake.seen[0]!.path.replaceAll('+', ' '))).toContain("dateparution >= date'2006-01-01'");
    const afterFirst = await noticesOf('boamp');

    // The next day's notices are published.
    fake.boamp = all;
    fake.seen.length = 0;
    const second = await runNow('boamp');
    expect(second.status).toBe('succeeded');
    expect(second.counts.fetched).toBe(11);
    expect(second.cursor.date).toBe('2006-07-05');
    // Resumed at the cursor's date, not at the start.
    expect(decodeURIComponent(fake.seen[0]!.path.replaceAll('+', ' '))).toContain("dateparution >= date'2006-07-04'");
    const afterSecond = await noticesOf('boamp');
    expect(afterSecond.length).toBeGreaterThan(afterFirst.length);
    expect(afterSecond).toEqual(expect.arrayContaining(afterFirst));

    // Through the same import as an upload: an import run of origin 'connector' with its counts.
    const runs = await ctx.app.inject({ method: 'GET', url: '/api/admin/imports', headers: auth(admin) });
    const connectorRuns = (runs.json() as { imports: { _id: string; origin: string; status: string; fileName: string }[] }).imports.filter((r) => r.origin === 'connector');
    expect(connectorRuns.map((r) => r.status)).toEqual(['done', 'done']);
    expect(connectorRuns[0]!.fileName).toContain('BOAMP');
    expect(connectorRuns[0]!._id).toBe(second.importRunId);

    // Nothing new: a third run imports nothing.
    const third = await runNow('boamp');
    expect(third.counts).toEqual({ fetched: 0, new: 0, updated: 0, refused: 0 });
  });
});

describe('TED: resume after a failure mid-way, rate limit', () => {
  it('keeps the notices imported before the failure and resumes after them, its requests spaced by the source delay', async () => {
    const notices = tedNotices();
    fake.ted = notices;
    // The second notice's XML fails on every attempt (2 in this configuration).
    fake.faults.push({ path: new RegExp(`/en/notice/${notices[1]!.number}/xml$`), status: 500, times: 2 });
    const failed = await runNow('ted');
    expect(failed.status).toBe('failed');
    expect(failed.error).toBe('La source a répondu par une erreur (HTTP 500).');
    expect(failed.failures).toBe(1);
    expect(failed.counts.fetched).toBe(1);
    expect(failed.cursor).toEqual({ date: notices[0]!.date.slice(0, 10), id: notices[0]!.number });
    expect(await noticesOf('ted')).toHaveLength(1);
    const [run] = await ctx.db.select().from(importRuns).where(eq(importRuns.id, failed.importRunId!));
    expect(run!.status).toBe('failed');

    // Requests to TED never closer than its delay (150 ms), retries included.
    const gaps = fake.seen.slice(1).map((s, i) => s.at - fake.seen[i]!.at);
    expect(gaps.length).toBeGreaterThanOrEqual(3);
    for (const gap of gaps) expect(gap).toBeGreaterThanOrEqual(140);

    fake.seen.length = 0;
    const resumed = await runNow('ted');
    expect(resumed.status).toBe('succeeded');
    expect(resumed.failures).toBe(0);
    expect(resumed.error).toBeNull();
    expect(resumed.counts.fetched).toBe(2);
    // The first notice is not downloaded again.
    expect(fake.seen.some((s) => s.path.includes(notices[0]!.number))).toBe(false);
    expect(JSON.parse(fake.seen[0]!.body!)).toMatchObject({ query: expect.stringContaining(`publication-date>=${notices[0]!.date.slice(0, 10).replaceAll('-', '')}`), paginationMode: 'ITERATION' });
    expect(resumed.cursor.id).toBe(notices[2]!.number);
    expect(await noticesOf('ted')).toHaveLength(3);
  });
});

describe('DECP: back-off and Retry-After', () => {
  it('waits as long as a 429 asks (Retry-After), then imports the awards', async () => {
    fake.faults.push({ path: /^\/api\/1\/datasets\//, status: 429, headers: { 'retry-after': '1' }, times: 1 });
    const done = await runNow('decp');
    expect(done.status).toBe('succeeded');
    const meta = fake.seen.filter((s) => s.path.startsWith('/api/1/datasets/'));
    expect(meta).toHaveLength(2);
    expect(meta[1]!.at - meta[0]!.at).toBeGreaterThanOrEqual(950);
    expect(done.counts.fetched).toBe(110);
    expect((await noticesOf('decp')).length).toBeGreaterThan(0);
    expect(done.cursor.date).toBe('2019-01-30');

    // The file has not changed since: the next run does not download it again.
    fake.seen.length = 0;
    const again = await runNow('decp');
    expect(again.status).toBe('succeeded');
    expect(again.counts.fetched).toBe(0);
    expect(fake.seen.map((s) => s.path)).toEqual(['/api/1/datasets/5cd57bf68b4c4179299eb0e9/']);
  });

  it('retries 503s after an exponential back-off, and fails the run once the attempts are spent', async () => {
    await ctx.db.update(sourcingConnectors).set({ status: 'never', lastFinishedAt: null }).where(eq(sourcingConnectors.name, 'decp'));
    fake.faults.push({ path: /^\/api\/1\/datasets\//, status: 503, times: 3 });
    const failed = await runNow('decp');
    expect(failed.status).toBe('failed');
    expect(failed.error).toBe('La source a répondu par une erreur (HTTP 503).');
    const at = fake.seen.map((s) => s.at);
    expect(at).toHaveLength(3);
    // 200 ms, then 400 ms (backoffMs 200, doubled): the second wait is the longer by about 200 ms.
    expect(at[1]! - at[0]!).toBeGreaterThanOrEqual(190);
    expect(at[2]! - at[1]!).toBeGreaterThanOrEqual(390);
    expect(at[2]! - at[1]! - (at[1]! - at[0]!)).toBeGreaterThanOrEqual(150);
    // The schedule waits before trying again (retryMs, doubled at each failure in a row).
    const [row] = await ctx.db.select().from(sourcingConnectors).where(eq(sourcingConnectors.name, 'decp'));
    expect(row!.nextRunAt!.getTime() - row!.lastFinishedAt!.getTime()).toBe(DEFAULT_CONNECTORS.retryMs);
    // The cursor did not move.
    expect(failed.cursor.date).toBe('2019-01-30');
  });
});

describe('a connector turned off', () => {
  it('is neither scheduled nor run, and a run queued before does nothing', async () => {
    const off = await ctx.app.inject({ method: 'PATCH', url: '/api/admin/sourcing/connectors/boamp', headers: { ...auth(admin), 'accept-language': 'en' }, payload: { enabled: false } });
    expect(off.statusCode).toBe(200);
    expect(off.json()).toMatchObject({ msg: 'Connector turned off.', details: { name: 'boamp', enabled: false } });
    const run = await ctx.app.inject({ method: 'POST', url: '/api/admin/sourcing/connectors/boamp/run', headers: { ...auth(admin), 'accept-language': 'en' } });
    expect(run.statusCode).toBe(409);
    expect(run.json()).toMatchObject({ msg: 'This connector is off: turn it on to run it.' });

    // Due by the clock, but off: the schedule queues the others, never it.
    await ctx.db.update(sourcingConnectors).set({ nextRunAt: new Date(Date.now() - 1000) });
    const queue = createJobQueue(ctx.db, { workers: 0, handlers: {} });
    const config = { ...DEFAULT_CONNECTORS, enabled: ['boamp' as const] };
    expect(await queueDueConnectors(ctx.db, queue, config)).toEqual([]);

    // A job queued before it was turned off: the worker takes it and fetches nothing.
    await ctx.db.execute(sql`insert into jobs (kind, payload) values ('sourcing-connector', '{"name":"boamp"}')`);
    const pending = async () => ((await ctx.db.execute(sql`select count(*)::int as n from jobs where kind = 'sourcing-connector' and status in ('queued', 'running')`)) as unknown as { rows: { n: number }[] }).rows[0]!.n;
    const until = Date.now() + 10_000;
    while ((await pending()) > 0) {
      if (Date.now() > until) throw new Error('job still pending');
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(fake.seen).toEqual([]);

    const on = await ctx.app.inject({ method: 'PATCH', url: '/api/admin/sourcing/connectors/boamp', headers: auth(admin), payload: { enabled: true } });
    expect(on.statusCode).toBe(200);
    expect(await queueDueConnectors(ctx.db, queue, config)).toEqual(['boamp']);
  });
});

describe('a run left by a killed server', () => {
  it('ends as stopped when the connector runs again, and the new run goes on from the cursor', async () => {
    const [stale] = await ctx.db.insert(importRuns).values({ fileName: 'TED (API v3) — FRA', status: 'running', origin: 'connector' }).returning({ id: importRuns.id });
    await ctx.db.update(sourcingConnectors).set({ importRunId: stale!.id }).where(eq(sourcingConnectors.name, 'ted'));
    const done = await runNow('ted');
    expect(done.status).toBe('succeeded');
    expect(done.counts.fetched).toBe(0);
    const [row] = await ctx.db.select().from(importRuns).where(eq(importRuns.id, stale!.id));
    expect(row).toMatchObject({ status: 'failed', error: 'sourcing-connector_stopped' });
  });
});

describe('configuration', () => {
  it('runs every connector by default, none in the demo unless named, and refuses unknown names', () => {
    expect(parseConnectorNames(undefined, false)).toEqual(['boamp', 'ted', 'decp']);
    expect(parseConnectorNames(undefined, true)).toEqual([]);
    expect(parseConnectorNames('none', false)).toEqual([]);
    expect(parseConnectorNames('decp, boamp', true)).toEqual(['boamp', 'decp']);
    expect(() => parseConnectorNames('boamp,sam', false)).toThrow(/sam/);
    expect(connectorsConfigFromEnv({ SOURCING_CONNECTORS: 'none' }, false)).toBeNull();
    expect(connectorsConfigFromEnv({}, true)).toBeNull();
    const config = connectorsConfigFromEnv({ SOURCING_CONNECTORS: 'ted', SOURCING_TED_URL: 'http://127.0.0.1:9/', SOURCING_TED_MIN_DELAY_MS: '250' }, false)!;
    expect(config.enabled).toEqual(['ted']);
    expect(config.ted).toMatchObject({ baseUrl: 'http://127.0.0.1:9', minDelayMs: 250 });
    expect(() => connectorsConfigFromEnv({ SOURCING_BOAMP_URL: 'file:///etc/passwd' }, false)).toThrow(/SOURCING_BOAMP_URL/);
  });
});
