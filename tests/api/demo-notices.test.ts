// The demo's market data (issue 13): the runs of the first start's import of the fixture notices
// are told apart in the admin's import list (not "deleted account").
import { afterAll, beforeAll, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { importRuns } from '../../server/db/schema';
import { DEMO_ORIGIN } from '../../server/db/demo-notices';
import { createImportRun } from '../../server/domains/sourcing/store';
import { createTestApp, createUser, type TestContext } from './context';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => {
  await ctx?.close();
});

it('lists the demo import runs as demo data, with no one as their author', async () => {
  const runId = await createImportRun(ctx.db, { fileName: 'test-pub.xml', size: 5321, status: 'running' });
  await ctx.db.update(importRuns).set({ origin: DEMO_ORIGIN, status: 'done' }).where(eq(importRuns.id, runId));
  const { token } = await createUser(ctx, 'admin');
  const res = await ctx.app.inject({ method: 'GET', url: '/api/admin/imports?perPage=all', headers: { authorization: `Bearer ${token}` } });
  expect(res.statusCode).toBe(200);
  expect((res.json() as { imports: unknown[] }).imports).toEqual([expect.objectContaining({ _id: runId, origin: 'demo', size: 5321, createdBy: null })]);
});
