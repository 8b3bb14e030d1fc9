import { createClient } from '@redis/client';
import type { CounterStore, CounterWindow } from './rate-limit';

// One atomic step per count: the first attempt of a window sets its expiry, the next ones only
// count; a key found without an expiry (none should be) gets one rather than counting forever.
const INCREMENT = `
local n = redis.call('INCR', KEYS[1])
if n == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then redis.call('PEXPIRE', KEYS[1], ARGV[1]); ttl = tonumber(ARGV[1]) end
return {n, ttl}`;

export type RedisCountersOptions = {
  /** Put before every key (tests use one of their own); default `soumissio:limit:`. */
  prefix?: string;
  log?: { error(obj: object, msg: string): void; info(obj: object, msg: string): void };
  /** How long the start waits for a first connection before going on without (default 5 s). */
  connectWaitMs?: number;
};

/**
 * The counters in Redis (REDIS_URL): INCR and PEXPIRE in one Lua script, so Redis expires the
 * windows itself and nothing needs sweeping. While Redis is unreachable, counting fails at once
 * (no queue of commands waiting for it): the limited routes answer 500 and /api/ready says so.
 */
export async function redisCounters(url: string, options: RedisCountersOptions = {}): Promise<CounterStore> {
  const prefix = options.prefix ?? 'soumissio:limit:';
  const client = createClient({ url, disableOfflineQueue: true, commandOptions: { timeout: 2_000 }, socket: { connectTimeout: 2_000 } });
  // An outage is logged once, when it starts, and its end once (the client retries by itself).
  let down = false;
  client.on('error', (err: unknown) => {
    if (!down) options.log?.error({ err }, 'Redis (rate limits) unreachable');
    down = true;
  });
  client.on('ready', () => {
    if (down) options.log?.info({}, 'Redis (rate limits) reachable again');
    down = false;
  });
  const connecting = client.connect().catch(() => undefined);
  let waited: NodeJS.Timeout | undefined;
  await Promise.race([connecting, new Promise((resolve) => (waited = setTimeout(resolve, options.connectWaitMs ?? 5_000)))]);
  clearTimeout(waited);

  const window = (count: unknown, ttl: unknown): CounterWindow => ({ count: Number(count), remainingMs: Math.max(0, Number(ttl)) });
  return {
    async current(key) {
      const [count, ttl] = await client.multi().get(prefix + key).pTTL(prefix + key).exec();
      return count === null || Number(ttl) <= 0 ? undefined : window(count, ttl);
    },
    async increment(key, windowMs) {
      const [count, ttl] = (await client.eval(INCREMENT, { keys: [prefix + key], arguments: [String(Math.ceil(windowMs))] })) as [number, number];
      return window(count, ttl);
    },
    async clear(key) {
      await client.del(prefix + key);
    },
    async check() {
      await client.ping();
    },
    async close() {
      // A client still trying to reach a Redis that is down is destroyed: closing would wait for it.
      if (client.isReady) await client.close();
      else if (client.isOpen) client.destroy();
    },
  };
}
