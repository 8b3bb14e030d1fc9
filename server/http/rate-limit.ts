import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Database } from '../db/client';

/** One key's open window: attempts counted in it and the milliseconds until it ends. */
export type CounterWindow = { count: number; remainingMs: number };

/**
 * Where the limits count: shared by every process that uses the same store (docs/scaling.md).
 * PostgreSQL by default (`postgresCounters`), Redis when REDIS_URL is set (`redisCounters`). The
 * store keeps time itself (the database's clock, Redis's expiry), so processes whose clocks
 * differ still agree on when a window ends.
 */
export type CounterStore = {
  /** The key's window, or undefined when none is open. */
  current(key: string): Promise<CounterWindow | undefined>;
  /** Counts one attempt in one atomic step, opening a window of `windowMs` when none is open. */
  increment(key: string, windowMs: number): Promise<CounterWindow>;
  clear(key: string): Promise<void>;
  /** Throws when the store cannot be reached (for /api/ready); none when it is the database, checked on its own. */
  check?(): Promise<void>;
  close(): Promise<void>;
};

// Keys hold email addresses and IP addresses: stored as digests, so the table (or Redis) never
// lists who failed to sign in, and every key has the same short length.
const storedKey = (name: string, key: string) => `${name}:${createHash('sha256').update(key).digest('base64url').slice(0, 32)}`;

const secondsToWait = (window: CounterWindow) => Math.max(1, Math.ceil(window.remainingMs / 1000));

/**
 * Attempts per key in a fixed window. Sign-in counts only failures (`fail`), so people who sign
 * in correctly are never slowed; registration and invitations count every attempt (`hit`).
 * `name` keeps each limit's keys apart in the shared store.
 */
export function windowLimiter(store: CounterStore, name: string, limit: number, windowMs: number) {
  return {
    /** Seconds to wait when the key has used up its attempts, else undefined. */
    async blocked(key: string): Promise<number | undefined> {
      const window = await store.current(storedKey(name, key));
      return window && window.count >= limit ? secondsToWait(window) : undefined;
    },
    async fail(key: string): Promise<void> {
      await store.increment(storedKey(name, key), windowMs);
    },
    /**
     * Counts one attempt; the seconds to wait when it is past the limit. Counting first, in one
     * step, keeps concurrent attempts on several processes from slipping past the limit together;
     * an attempt refused still counts, which changes nothing: the window's end stays where it was.
     */
    async hit(key: string): Promise<number | undefined> {
      const window = await store.increment(storedKey(name, key), windowMs);
      return window.count > limit ? secondsToWait(window) : undefined;
    },
    async reset(key: string): Promise<void> {
      await store.clear(storedKey(name, key));
    },
  };
}

export type WindowLimiter = ReturnType<typeof windowLimiter>;

type WindowRow = { count: number | string; remaining_ms: number | string };
const rowsOf = (result: unknown) => (result as { rows: WindowRow[] }).rows;
const toWindow = (row: WindowRow): CounterWindow => ({ count: Number(row.count), remainingMs: Math.max(0, Number(row.remaining_ms)) });

/** Windows ended this long ago are deleted, at most once a minute per process, on a count. */
const SWEEP_EVERY_MS = 60_000;

/** The counters in the rate_limit_windows table (migration 0040): PGlite or PostgreSQL. */
export function postgresCounters(db: Database): CounterStore {
  let lastSweep = 0;
  const remaining = sql`ceil(extract(epoch from (reset_at - now())) * 1000)`;
  return {
    async current(key) {
      const [row] = rowsOf(await db.execute(sql`select count, ${remaining} as remaining_ms from rate_limit_windows where key = ${key} and reset_at > now()`));
      return row ? toWindow(row) : undefined;
    },
    async increment(key, windowMs) {
      // One statement: a window that has ended starts again at 1; concurrent counts on the same key
      // wait for each other on its row, so none is lost.
      const [row] = rowsOf(
        await db.execute(sql`
          insert into rate_limit_windows as w (key, count, reset_at)
          values (${key}, 1, now() + make_interval(secs => ${windowMs / 1000}))
          on conflict (key) do update set
            count = case when w.reset_at <= now() then 1 else w.count + 1 end,
            reset_at = case when w.reset_at <= now() then excluded.reset_at else w.reset_at end
          returning count, ${remaining} as remaining_ms`),
      );
      if (Date.now() - lastSweep > SWEEP_EVERY_MS) {
        lastSweep = Date.now();
        await db.execute(sql`delete from rate_limit_windows where reset_at <= now()`);
      }
      return toWindow(row!);
    },
    async clear(key) {
      await db.execute(sql`delete from rate_limit_windows where key = ${key}`);
    },
    // The database belongs to the caller.
    async close() {},
  };
}
