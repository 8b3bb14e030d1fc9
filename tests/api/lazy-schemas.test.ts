// The server compiles the contract's validators and serializers on each one's first use (a faster
// start, issue 24 item 3); tests compile them all at once. The same requests answer the same way
// in both modes: refusals (coercion of a query, a bad body) and serialized answers.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, type TestContext } from './context';

let eager: TestContext;
let lazy: TestContext;
beforeAll(async () => {
  [eager, lazy] = await Promise.all([createTestApp(), createTestApp({ lazySchemas: true })]);
});
afterAll(async () => Promise.all([eager?.close(), lazy?.close()]));

async function answers(ctx: TestContext) {
  const user = await createUser(ctx, 'manager');
  const auth = { authorization: `Bearer ${user.token}` };
  const strip = (body: string) => body.replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g, 'ID').replace(/"\d{4}-\d\d-\d\dT[^"]+"/g, 'DATE').replace(/"[^"]*@[^"]*"/g, 'EMAIL').replace(/"(username|name|siret|firstName|lastName)":"[^"]*"/g, '"$1":X');
  const out: { status: number; body: string }[] = [];
  for (const request of [
    { url: '/api/health' },
    { url: '/api/users/profile', headers: auth },
    { url: '/api/tenders?page=abc', headers: auth },
    { url: '/api/tenders?page=1e20', headers: auth },
    { method: 'POST' as const, url: '/api/users/login', payload: { email: 'not-an-email', password: 1 } },
    { method: 'POST' as const, url: '/api/users/login', payload: { email: user.email, password: user.password, extra: true } },
    { method: 'PATCH' as const, url: '/api/users/profile', headers: { ...auth, 'accept-language': 'en' }, payload: { username: 5 } },
  ]) {
    // Twice: the first call compiles, the second uses what it compiled.
    for (let i = 0; i < 2; i++) {
      const res = await ctx.app.inject(request);
      out.push({ status: res.statusCode, body: strip(res.body) });
    }
  }
  return out;
}

describe('validators and serializers compiled on first use', () => {
  it('answer as the ones compiled at start', async () => {
    const [a, b] = [await answers(eager), await answers(lazy)];
    expect(b).toEqual(a);
    expect(a.some((r) => r.status === 400)).toBe(true);
    expect(a.some((r) => r.status === 200)).toBe(true);
  });
});
