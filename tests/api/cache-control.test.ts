// Personal answers must not be kept by a browser's or a proxy's cache (the back button after a
// sign-out, a shared computer, a caching proxy): every API answer of the contract says no-store,
// refusals included; only files and the public catalogues choose their own caching.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { loadContract } from '../../server/openapi/contract';
import { createTestApp, createUser, signToken, type TestContext } from './context';

const contract = loadContract();
const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'patch'];
const operations = Object.entries(contract.paths).flatMap(([path, item]) =>
  Object.entries(item)
    .filter(([method]) => HTTP_METHODS.includes(method))
    .map(([method, op]) => {
      const success = Object.entries(op.responses).find(([s]) => s.startsWith('2'))?.[1];
      const isFile = !!success?.content && !success.content['application/json'];
      return { path, method, id: op.operationId!, isPublic: Array.isArray(op.security) && op.security.length === 0, isFile };
    }),
);
// Public and cacheable on purpose: the translation catalogues (ETag, a minute).
const cacheable = new Set(['getTranslations']);

let ctx: TestContext;
let manager: Awaited<ReturnType<typeof createUser>>;
let admin: Awaited<ReturnType<typeof createUser>>;
beforeAll(async () => {
  ctx = await createTestApp();
  manager = await createUser(ctx, 'manager');
  admin = await createUser(ctx, 'admin');
});
afterAll(async () => ctx?.close());

const noStore = (header: unknown) => String(header ?? '').split(/,\s*/).includes('no-store');

describe('Cache-Control on API answers', () => {
  it('the profile, the company members and the sign-in answer are no-store', async () => {
    const auth = { authorization: `Bearer ${manager.token}` };
    const profile = await ctx.app.inject({ url: '/api/users/profile', headers: auth });
    const members = await ctx.app.inject({ url: `/api/companies/${manager.companyId}/users`, headers: auth });
    const login = await ctx.app.inject({ method: 'POST', url: '/api/users/login', payload: { email: manager.email, password: manager.password } });
    for (const res of [profile, members, login]) {
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('no-store');
    }
  });

  // Signing out ends the admin's sessions: it comes last.
  const walked = operations.filter((o) => !cacheable.has(o.id)).sort((a, b) => Number(a.id === 'logoutUser') - Number(b.id === 'logoutUser'));
  it.each(walked.map((o) => [o.id, o] as const))('%s: no-store, whatever the answer', async (_, op) => {
    // Ids that match nothing, no body: most answers are refusals, which must not be cached either.
    const token = await signToken(ctx, { sub: admin.id, role: 'admin', exp: Math.floor(Date.now() / 1000) + 600 });
    const url = op.path.replace(/\{(\w+)\}/g, (_m, name: string) => (name === 'lng' ? 'fr' : name === 'token' ? 'inconnu' : randomUUID()));
    for (const headers of op.isPublic ? [{}] : [{}, { authorization: `Bearer ${token}` }]) {
      const res = await ctx.app.inject({ method: op.method.toUpperCase() as 'GET', url, headers });
      expect(res.statusCode).toBeLessThan(500);
      // A file served (200) keeps its own rule: private, and versioned when it is cached.
      if (op.isFile && res.statusCode === 200) expect(String(res.headers['cache-control'])).toMatch(/private/);
      else expect(noStore(res.headers['cache-control']), `${op.method} ${url} → ${res.statusCode}: ${String(res.headers['cache-control'])}`).toBe(true);
    }
  });
});
