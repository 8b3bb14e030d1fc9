// The limits' counters shared by processes (issue 27): the same limiter on each store — PGlite,
// a PostgreSQL server (a database of this file's own on 127.0.0.1:5432, dropped at the end) and
// Redis (127.0.0.1:6379, keys under a prefix of this run's own, deleted at the end) — limits at the
// same count, loses no count when two "processes" (two pools, two clients) count at once, and ends
// its windows on time. A server that is absent here is skipped; under CI its absence fails.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { createClient } from '@redis/client';
import { migrateDatabase, openDatabase, type Database } from '../../server/db/client';
import { postgresCounters, windowLimiter, type CounterStore } from '../../server/http/rate-limit';
import { redisCounters } from '../../server/http/redis-counters';
import { requiredUnderCi } from '../support/ci-tools';

const POSTGRES_URL = process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

async function reachable(connect: () => Promise<unknown>): Promise<boolean> {
  try {
    await connect();
    return true;
  } catch {
    return false;
  }
}
const { default: pg } = await import('pg');
const postgresUp = await reachable(async () => {
  const client = new pg.Client({ connectionString: POSTGRES_URL, connectionTimeoutMillis: 2_000 });
  await client.connect();
  await client.end();
});
const redisUp = await reachable(async () => {
  const client = createClient({ url: REDIS_URL, socket: { connectTimeout: 2_000, reconnectStrategy: false } });
  client.on('error', () => undefined);
  await client.connect();
  await client.ping();
  client.destroy();
});
if (!postgresUp) console.warn(`counters.test: no PostgreSQL at ${POSTGRES_URL}: its tests are skipped`);
if (!redisUp) console.warn(`counters.test: no Redis at ${REDIS_URL}: its tests are skipped`);
requiredUnderCi('PostgreSQL on 127.0.0.1:5432', postgresUp, 'postgresql (the machine starts it)');
requiredUnderCi('Redis on 127.0.0.1:6379', redisUp, 'redis-server (the machine starts it)');

/** Two stores on the same shared state, as two processes would have, and how to end them. */
type Pair = { a: CounterStore; b: CounterStore; expire(): Promise<void> };

/** The tests every store passes; called inside a describe whose beforeAll sets the pair up. */
function behavesAsOneLimit(pairOf: () => Pair) {
  {
    const key = () => `k-${randomBytes(6).toString('hex')}`;

    it('limits failures at the same count whichever process counts them, and tells how long to wait', async () => {
      const onA = windowLimiter(pairOf().a, 'login-email', 10, 15 * 60_000);
      const onB = windowLimiter(pairOf().b, 'login-email', 10, 15 * 60_000);
      const email = `${key()}@example.fr`;
      for (let i = 0; i < 10; i++) {
        expect(await (i % 2 ? onB : onA).blocked(email), `attempt ${i + 1}`).toBeUndefined();
        await (i % 2 ? onB : onA).fail(email);
      }
      const wait = await onA.blocked(email);
      expect(wait).toBeGreaterThan(14 * 60);
      expect(wait).toBeLessThanOrEqual(15 * 60);
      expect(await onB.blocked(email)).toBe(wait);
      // Another limit's keys, or another key, are apart.
      expect(await windowLimiter(pairOf().a, 'login-ip', 10, 15 * 60_000).blocked(email)).toBeUndefined();
      expect(await onA.blocked(`${key()}@example.fr`)).toBeUndefined();
      // A sign-in that succeeds (or a password reset) clears the key for both.
      await onB.reset(email);
      expect(await onA.blocked(email)).toBeUndefined();
    });

    it('counts every attempt once when both count at the same moment: no count is lost, none slips past the limit', async () => {
      const limit = 20;
      const onA = windowLimiter(pairOf().a, 'register-ip', limit, 60 * 60_000);
      const onB = windowLimiter(pairOf().b, 'register-ip', limit, 60 * 60_000);
      const ip = key();
      const waits = await Promise.all(Array.from({ length: 50 }, (_, i) => (i % 2 ? onB : onA).hit(ip)));
      expect(waits.filter((w) => w === undefined)).toHaveLength(limit);
      expect(waits.filter((w) => w !== undefined)).toHaveLength(50 - limit);
      expect(await onA.blocked(ip)).toBeGreaterThan(59 * 60);
    });

    it('starts a new window once the last one has ended, and sweeps or expires the old one', async () => {
      const onA = windowLimiter(pairOf().a, 'invite-user', 2, 60 * 60_000);
      const user = key();
      expect(await onA.hit(user)).toBeUndefined();
      expect(await onA.hit(user)).toBeUndefined();
      expect(await onA.hit(user)).toBeGreaterThan(0);
      await pairOf().expire();
      expect(await onA.blocked(user)).toBeUndefined();
      expect(await onA.hit(user)).toBeUndefined();
    });

    it('counts an attempt in a window of its own length', async () => {
      const onB = windowLimiter(pairOf().b, 'reset-ip', 1, 1_000);
      const ip = key();
      expect(await onB.hit(ip)).toBeUndefined();
      const wait = await onB.hit(ip);
      expect(wait).toBe(1);
      await new Promise((resolve) => setTimeout(resolve, 1_100));
      expect(await onB.hit(ip)).toBeUndefined();
    });
  }
}

/** Ends every window, as time passing would. */
const endWindowsOf = (db: Database) => async () => {
  await db.execute(sql`update rate_limit_windows set reset_at = now() - interval '1 second'`);
};

describe('on the embedded database (PGlite: one process)', () => {
  let database: Awaited<ReturnType<typeof openDatabase>>;
  let pair: Pair;
  beforeAll(async () => {
    database = await openDatabase({});
    await migrateDatabase(database.db, database.kind);
    const store = postgresCounters(database.db);
    pair = { a: store, b: store, expire: endWindowsOf(database.db) };
  }, 60_000);
  afterAll(() => database?.close());
  behavesAsOneLimit(() => pair);
});

describe.runIf(postgresUp)('on a PostgreSQL server, two pools', () => {
  const name = `soumissio_t_counters_${randomBytes(4).toString('hex')}`;
  const url = new URL(POSTGRES_URL);
  url.pathname = `/${name}`;
  let a: Awaited<ReturnType<typeof openDatabase>>;
  let b: Awaited<ReturnType<typeof openDatabase>>;
  let pair: Pair;
  beforeAll(async () => {
    const admin = new pg.Client({ connectionString: POSTGRES_URL });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    a = await openDatabase({ url: url.toString() });
    await migrateDatabase(a.db, a.kind);
    b = await openDatabase({ url: url.toString() });
    pair = { a: postgresCounters(a.db), b: postgresCounters(b.db), expire: endWindowsOf(a.db) };
  }, 60_000);
  afterAll(async () => {
    await a?.close();
    await b?.close();
    const admin = new pg.Client({ connectionString: POSTGRES_URL });
    await admin.connect();
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  });
  behavesAsOneLimit(() => pair);

  it('sweeps windows that have ended when it counts', async () => {
    // The sweep runs at a store's first count, then at most once a minute: a fresh store sweeps.
    const fresh = await openDatabase({ url: url.toString() });
    try {
      const rows = async () => Number(((await fresh.db.execute(sql`select count(*) as n from rate_limit_windows`)) as unknown as { rows: { n: string }[] }).rows[0]!.n);
      await fresh.db.execute(sql`update rate_limit_windows set reset_at = now() - interval '1 second'`);
      expect(await rows()).toBeGreaterThan(0);
      await windowLimiter(postgresCounters(fresh.db), 'login-ip', 5, 60_000).fail('198.51.100.9');
      expect(await rows()).toBe(1);
    } finally {
      await fresh.close();
    }
  });
});

describe.runIf(redisUp)('on Redis, two clients', () => {
  const prefix = `soumissio:test:${randomBytes(6).toString('hex')}:`;
  const stores: CounterStore[] = [];
  const admin = createClient({ url: REDIS_URL });
  let pair: Pair;
  beforeAll(async () => {
    await admin.connect();
    stores.push(await redisCounters(REDIS_URL, { prefix }), await redisCounters(REDIS_URL, { prefix }));
    pair = {
      a: stores[0]!,
      b: stores[1]!,
      // Redis ends a window by expiring its key: every key of this run is given 1 ms.
      expire: async () => {
        for (const k of await admin.keys(`${prefix}*`)) await admin.pExpire(k, 1);
        await new Promise((resolve) => setTimeout(resolve, 20));
      },
    };
  });
  afterAll(async () => {
    for (const store of stores) await store.close();
    const left = await admin.keys(`${prefix}*`);
    if (left.length) await admin.del(left);
    admin.destroy();
  });
  behavesAsOneLimit(() => pair);

  it('gives every key an expiry: Redis forgets the windows by itself', async () => {
    await windowLimiter(stores[0]!, 'login-ip', 5, 60_000).fail('198.51.100.10');
    const keys = await admin.keys(`${prefix}login-ip:*`);
    expect(keys).toHaveLength(1);
    const ttl = await admin.pTTL(keys[0]!);
    expect(ttl).toBeGreaterThan(55_000);
    expect(ttl).toBeLessThanOrEqual(60_000);
  });

  it('answers readiness through PING, and fails at once (no queue of commands) when Redis is unreachable', async () => {
    await expect(stores[0]!.check!()).resolves.toBeUndefined();
    const errors: string[] = [];
    const down = await redisCounters('redis://127.0.0.1:1', { prefix, connectWaitMs: 300, log: { error: (_o, msg) => errors.push(msg), info: () => undefined } });
    try {
      const started = Date.now();
      await expect(down.increment('x', 1_000)).rejects.toThrow();
      await expect(down.check!()).rejects.toThrow();
      expect(Date.now() - started).toBeLessThan(1_000);
      expect(errors).toEqual(['Redis (rate limits) unreachable']);
    } finally {
      await down.close();
    }
  });
});
