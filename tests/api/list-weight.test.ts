// Issue 10, performance 1: a row of a tender list is what the list shows, at most 1 KB of JSON
// (the whole tender, its call's description and lots, stays on GET /api/tenders/{id}).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seed, DEMO_ACCOUNTS } from '../../server/db/seed';
import { createTestApp, type TestContext } from './context';

const ROW_BUDGET = 1024;
let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestApp();
  await seed(ctx.db, { adminEmail: 'admin.weight@example.fr', adminPassword: 'Admin-weight-2026!', demo: true, print: () => {} });
});
afterAll(() => ctx.close());

async function tokenOf(email: string, password: string) {
  const res = await ctx.app.inject({ method: 'POST', url: '/api/users/login', payload: { email, password } });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { token: string }).token;
}

const rowsOf = async (url: string, token: string) => {
  const res = await ctx.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { tenderCalls: Record<string, unknown>[] }).tenderCalls;
};

describe('tender list rows', () => {
  it('weigh at most 1 KB of JSON each on the demo data, for the company list and the admin list', async () => {
    const manager = await tokenOf(DEMO_ACCOUNTS.manager.email, DEMO_ACCOUNTS.manager.password);
    const admin = await tokenOf('admin.weight@example.fr', 'Admin-weight-2026!');
    const mine = await rowsOf('/api/tenders/my-company?perPage=all', manager);
    const every = await rowsOf('/api/tenders?perPage=all', admin);
    expect(mine.length).toBeGreaterThan(0);
    expect(every.length).toBeGreaterThanOrEqual(mine.length);
    for (const row of [...mine, ...every]) expect(Buffer.byteLength(JSON.stringify(row)), JSON.stringify(row)).toBeLessThanOrEqual(ROW_BUDGET);
  });

  it('carry what the list shows and leave the details to the tender itself', async () => {
    const manager = await tokenOf(DEMO_ACCOUNTS.manager.email, DEMO_ACCOUNTS.manager.password);
    const [row] = await rowsOf('/api/tenders/my-company?perPage=1', manager);
    expect(Object.keys(row!).sort()).toEqual(['_id', 'answeredLotsCount', 'company', 'createdAt', 'matchScore', 'matchStatus', 'status', 'tenderCall']);
    expect(Object.keys(row!.tenderCall as object).sort()).toEqual(['_id', 'buyer', 'lotsCount', 'reference', 'submissionDeadline', 'title']);
    const details = await ctx.app.inject({ method: 'GET', url: `/api/tenders/${row!._id as string}`, headers: { authorization: `Bearer ${manager}` } });
    const tender = details.json() as { tenderCall: { description: string; lots: unknown[] }; answeredLots: number[] };
    expect(tender.tenderCall.lots).toHaveLength((row!.tenderCall as { lotsCount: number }).lotsCount);
    expect(tender.answeredLots).toHaveLength(row!.answeredLotsCount as number);
    expect(typeof tender.tenderCall.description).toBe('string');
  });
});
