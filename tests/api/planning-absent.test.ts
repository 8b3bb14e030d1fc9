import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, errorOf, type TestContext } from './context';
import { insertTender } from './documents-fixtures';

// Issue 10: an empty planning logged a 404 in the browser's console (Chromium logs every 4xx
// response of a fetch). A tender without a planning is an ordinary state: the page asks
// GET /api/tenders/{id}/planning, which answers 200 with `planning: null`.

let ctx: TestContext;
let manager: Awaited<ReturnType<typeof createUser>>;
let other: Awaited<ReturnType<typeof createUser>>;

beforeAll(async () => {
  ctx = await createTestApp();
  manager = await createUser(ctx, 'manager');
  other = await createUser(ctx, 'manager');
});
afterAll(() => ctx?.close());

const get = (token: string, url: string) => ctx.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });

describe('GET /api/tenders/{id}/planning', () => {
  it('answers 200 with planning null before the planning exists, then the planning', async () => {
    const tender = await insertTender(ctx, manager.companyId!);
    const before = await get(manager.token, `/api/tenders/${tender.id}/planning`);
    expect(before.statusCode).toBe(200);
    expect(before.json()).toEqual({ planning: null });

    const created = await ctx.app.inject({
      method: 'POST',
      url: '/api/plannings',
      headers: { authorization: `Bearer ${manager.token}` },
      payload: { tenderId: tender.id, tasks: [{ name: 'Analyse', startDate: '2026-11-24', endDate: '2026-11-27' }] },
    });
    expect(created.statusCode).toBe(201);
    const after = await get(manager.token, `/api/tenders/${tender.id}/planning`);
    expect(after.statusCode).toBe(200);
    expect(after.json()).toEqual({ planning: (created.json() as { planning: unknown }).planning });
  });

  it('still answers 404 for a tender of another company, like an unknown one', async () => {
    const tender = await insertTender(ctx, manager.companyId!);
    const res = await get(other.token, `/api/tenders/${tender.id}/planning`);
    expect(res.statusCode).toBe(404);
    expect(errorOf(res).msg).toEqual(expect.any(String));
  });
});
