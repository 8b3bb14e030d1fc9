// A connector left out of SOURCING_CONNECTORS (issue 24): listed as unavailable, and a run of it is
// refused with a 409 and a localised message, never queued.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, createUser, type TestContext } from './context';
import { DEFAULT_CONNECTORS } from '../../server/domains/sourcing/connectors/config';

let ctx: TestContext;
let admin: string;

beforeAll(async () => {
  // BOAMP only: TED and DECP are not turned on on this server.
  ctx = await createTestApp({ sourcingConnectors: { ...DEFAULT_CONNECTORS, tickMs: 0, enabled: ['boamp'] } });
  admin = (await createUser(ctx, 'admin')).token;
}, 60_000);

afterAll(async () => {
  await ctx?.close();
});

const auth = (token: string) => ({ authorization: `Bearer ${token}` });

describe('a connector the server does not run', () => {
  it('is listed as unavailable and its run is refused with a 409, nothing queued', async () => {
    const list = await ctx.app.inject({ method: 'GET', url: '/api/admin/sourcing/connectors', headers: auth(admin) });
    expect(list.statusCode).toBe(200);
    const connectors = (list.json() as { connectors: { name: string; available: boolean; nextRunAt: string | null }[] }).connectors;
    expect(connectors.map((c) => [c.name, c.available])).toEqual([
      ['boamp', true],
      ['ted', false],
      ['decp', false],
    ]);
    expect(connectors.find((c) => c.name === 'ted')!.nextRunAt).toBeNull();

    for (const [lang, msg] of [
      ['fr', "Ce connecteur n'est pas activé sur ce serveur (SOURCING_CONNECTORS)."],
      ['en', 'This connector is not turned on on this server (SOURCING_CONNECTORS).'],
    ] as const) {
      const run = await ctx.app.inject({ method: 'POST', url: '/api/admin/sourcing/connectors/ted/run', headers: { ...auth(admin), 'accept-language': lang } });
      expect(run.statusCode).toBe(409);
      expect(run.json()).toMatchObject({ msg });
    }
    const queued = (await ctx.db.execute(sql`select count(*)::int as n from jobs where kind = 'sourcing-connector'`)) as unknown as { rows: { n: number }[] };
    expect(queued.rows[0]!.n).toBe(0);
  });
});
