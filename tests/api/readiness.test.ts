// Liveness and readiness (issue 27): /api/health answers while the process lives, whatever its
// dependencies; /api/ready answers 200 only when the database, the file storage and the job queue
// (and Redis, when the limits count there) answer within 2 s, and otherwise 503 naming the one
// that did not, in the caller's language.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient } from '@redis/client';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../server/app';
import { localStorage } from '../../server/storage/local';
import type { Storage } from '../../server/storage/storage';
import { createTestApp, errorOf, filesUnder, type TestContext } from './context';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx?.close());

/** An app on the test's database with this storage instead of its folder. */
async function appWith(storage: Storage, extra: { redisUrl?: string; redisPrefix?: string } = {}): Promise<FastifyInstance> {
  return buildApp({ db: ctx.db, dbKind: ctx.dbKind, jwtSecret: ctx.jwtSecret, storage, jobWorkers: 0, soffice: null, ...extra });
}

describe('readiness', () => {
  it('is 200 with each dependency ok, and leaves no probe object behind', async () => {
    const res = await ctx.app.inject('/api/ready');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ database: 'ok', storage: 'ok', queue: 'ok' });
    expect(res.headers['cache-control']).toBe('no-store');
    expect(filesUnder(ctx.filesDir).filter((key) => key.startsWith('health'))).toEqual([]);
  });

  it('is 503 naming the storage when writing to it fails, in French and in English; liveness stays 200', async () => {
    const disk = localStorage(ctx.filesDir);
    const app = await appWith({ ...disk, put: () => Promise.reject(new Error('EACCES: read-only bucket')) });
    try {
      const fr = await app.inject('/api/ready');
      expect(fr.statusCode).toBe(503);
      expect(errorOf(fr)).toMatchObject({ msg: "Le service n'est pas prêt : storage ne répond pas.", msgType: 'common-not_ready', details: { database: 'ok', storage: 'failed', queue: 'ok' } });
      const en = await app.inject({ url: '/api/ready', headers: { 'accept-language': 'en' } });
      expect(errorOf(en).msg).toBe('The service is not ready: storage does not answer.');
      expect(fr.body).not.toContain('EACCES');
      expect((await app.inject('/api/health')).statusCode).toBe(200);
    } finally {
      await app.close();
    }
  });

  it('is 503 within the time limit when the storage hangs', async () => {
    const disk = localStorage(ctx.filesDir);
    const app = await appWith({ ...disk, put: () => new Promise<void>(() => undefined) });
    try {
      const started = Date.now();
      const res = await app.inject('/api/ready');
      expect(res.statusCode).toBe(503);
      expect(errorOf(res).details).toEqual({ database: 'ok', storage: 'failed', queue: 'ok' });
      expect(Date.now() - started).toBeLessThan(3_500);
    } finally {
      await app.close();
    }
  });
});

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const redisUp = await (async () => {
  const client = createClient({ url: REDIS_URL, socket: { connectTimeout: 2_000, reconnectStrategy: false } });
  client.on('error', () => undefined);
  try {
    await client.connect();
    client.destroy();
    return true;
  } catch {
    return false;
  }
})();
// counters.test.ts fails under CI without Redis; here it is only skipped.
describe.runIf(redisUp)('readiness with the limits in Redis', () => {
  it('also checks Redis', async () => {
    const app = await appWith(localStorage(ctx.filesDir), { redisUrl: REDIS_URL, redisPrefix: `soumissio:test:ready:${process.pid}:` });
    try {
      const res = await app.inject('/api/ready');
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ database: 'ok', storage: 'ok', queue: 'ok', counters: 'ok' });
    } finally {
      await app.close();
    }
  });
});
