import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp } from './context';

// Only on the PostgreSQL path (CI's second API run): PGlite has no server to close connections.
describe.runIf(process.env.DATABASE_URL)('PostgreSQL connections', () => {
  it('survives the server closing idle connections, and answers on new ones', async () => {
    const ctx = await createTestApp();
    try {
      // The query result's shape depends on the driver; on node-postgres it carries `rows`.
      const pid = async () => Number(((await ctx.db.execute(sql`select pg_backend_pid() as pid`)) as unknown as { rows: { pid: number }[] }).rows[0]!.pid);
      const before = await pid();
      // Another session ends ours, as a restart or a failover would; the pool sees an idle client error.
      const { default: pg } = await import('pg');
      const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
      await admin.connect();
      await admin.query('select pg_terminate_backend($1)', [before]);
      await admin.end();
      await new Promise((resolve) => setTimeout(resolve, 100));
      const response = await ctx.app.inject({ method: 'GET', url: '/api/ready' });
      expect(response.statusCode).toBe(200);
      expect(await pid()).not.toBe(before);
    } finally {
      await ctx.close();
    }
  });
});
