import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../server/app';
import type { Database } from '../../server/db/client';
import { users } from '../../server/db/schema';
import { seed, DEMO_ACCOUNTS, DEMO_COMPANY_NAME, DEFAULT_ADMIN_EMAIL } from '../../server/db/seed';
import { createTestApp, errorOf, rowCount, uniqueEmail, type TestContext } from './context';

let ctx: TestContext;
let broken: FastifyInstance;
beforeAll(async () => {
  ctx = await createTestApp({ captureLogs: true });
  // A database whose writes and raw statements fail, as when the server goes away mid-request.
  const failing = new Proxy(ctx.db, {
    get(target, property, receiver) {
      if (property === 'insert' || property === 'execute' || property === 'transaction') return () => {
          throw new Error('connection lost: secret-detail');
        };
      return Reflect.get(target, property, receiver) as unknown;
    },
  }) as Database;
  broken = await buildApp({ db: failing, dbKind: ctx.dbKind, jwtSecret: ctx.jwtSecret, logger: ctx.app.log, jobWorkers: 0, filesDir: ctx.filesDir });
});
afterAll(async () => {
  await broken?.close();
  await ctx?.close();
});

describe('unexpected failures', () => {
  it('answer 500 with a localised message, no stack trace, and log the cause on the request line', async () => {
    ctx.logLines.length = 0;
    for (const [lang, msg] of [['fr', 'Erreur interne du serveur. Réessayez dans un instant.'], ['en', 'Internal server error. Please try again in a moment.']] as const) {
      const res = await broken.inject({ method: 'POST', url: '/api/users/register', headers: { 'accept-language': lang }, payload: { username: 'Panne', email: uniqueEmail(), password: 'Panne-Serveur-2026' } });
      expect(res.statusCode).toBe(500);
      expect(errorOf(res)).toEqual({ msg, msgType: 'common-internal_server_error' });
      expect(res.body).not.toContain('secret-detail');
      expect(res.body).not.toMatch(/at .*\.ts:\d+/);
    }
    expect(ctx.logLines).toHaveLength(2);
    expect(ctx.logLines[0]).toMatchObject({ level: 50, statusCode: 500, url: '/api/users/register', err: { message: expect.stringContaining('secret-detail') } });
  });

  it('report an unreachable database on the readiness check with 503, and stay alive on the liveness one', async () => {
    const res = await broken.inject({ url: '/api/ready', headers: { 'accept-language': 'en' } });
    expect(res.statusCode).toBe(503);
    expect(errorOf(res)).toMatchObject({ msg: 'The service is not ready: database does not answer.', msgType: 'common-not_ready', details: { database: 'failed', storage: 'ok', queue: 'ok' } });
    expect((await broken.inject({ url: '/api/health' })).statusCode).toBe(200);
  });
});

describe('seeds', () => {
  it('create the admin and the demo company once, whatever the number of starts', async () => {
    const printed: string[] = [];
    await seed(ctx.db, { print: (line) => printed.push(line) });
    await seed(ctx.db, { print: (line) => printed.push(line) });
    expect(printed).toHaveLength(1);
    expect(printed[0]).toContain(DEFAULT_ADMIN_EMAIL);
    const generated = /\/ (\S+) /.exec(printed[0]!)![1]!;
    const admin = await ctx.app.inject({ method: 'POST', url: '/api/users/login', payload: { email: DEFAULT_ADMIN_EMAIL, password: generated } });
    expect(admin.statusCode).toBe(200);

    await seed(ctx.db, { demo: true, print: () => undefined });
    const afterDemo = await rowCount(ctx.db, users);
    await seed(ctx.db, { demo: true, print: () => undefined });
    expect(await rowCount(ctx.db, users)).toBe(afterDemo);
    for (const account of Object.values(DEMO_ACCOUNTS)) {
      const res = await ctx.app.inject({ method: 'POST', url: '/api/users/login', payload: { email: account.email, password: account.password } });
      expect(res.statusCode, account.email).toBe(200);
      const profile = await ctx.app.inject({ url: '/api/users/profile', headers: { authorization: `Bearer ${res.json().token}` } });
      expect(profile.json().role).toBe(account.role);
      if (account.role !== 'admin') expect(profile.json().company.name).toBe(DEMO_COMPANY_NAME);
    }
  });
});
