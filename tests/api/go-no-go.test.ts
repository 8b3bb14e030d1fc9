// Go/No-Go (issue 13): a grid per tender weighed by the company's weights, a decision with its
// reason, who and when; a no-go leaves the active pipeline but stays findable.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, errorOf, type TestContext } from './context';
import { insertTender } from './documents-fixtures';

type Grid = {
  criteria: { criterion: string; rating: number; note: string }[];
  weights: Record<string, number>;
  score: number;
  decision: 'go' | 'no_go' | null;
  reason: string | null;
  decidedBy: { _id: string; username: string } | null;
  decidedAt: string | null;
  version: number;
};

let ctx: TestContext;
let manager: Awaited<ReturnType<typeof createUser>>;
let employee: Awaited<ReturnType<typeof createUser>>;
let outsider: Awaited<ReturnType<typeof createUser>>;

beforeAll(async () => {
  ctx = await createTestApp();
  manager = await createUser(ctx, 'manager');
  employee = await createUser(ctx, 'employee', { companyId: manager.companyId });
  outsider = await createUser(ctx, 'manager');
});
afterAll(() => ctx?.close());

const call = (token: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown, lang = 'fr') =>
  ctx.app.inject({ method, url, headers: { authorization: `Bearer ${token}`, 'accept-language': lang }, ...(payload !== undefined ? { payload: payload as object } : {}) });

const WEIGHTS = { strategic_fit: 3, capacity: 2, technical_match: 5, references: 1, price: 4, risk: 0 };
const listIds = async (token: string, query = '') =>
  ((await call(token, 'GET', `/api/tenders/my-company?perPage=100${query}`)).json() as { tenderCalls: { _id: string }[] }).tenderCalls.map((t) => t._id);

describe('company weights', () => {
  it('are the defaults until a manager sets them; all zero is refused; an employee cannot set them', async () => {
    const url = `/api/companies/${manager.companyId}/go-no-go-weights`;
    expect((await call(employee.token, 'GET', url)).json()).toEqual({ strategic_fit: 5, capacity: 5, technical_match: 5, references: 5, price: 5, risk: 5 });
    const zero = await call(manager.token, 'PUT', url, { ...WEIGHTS, strategic_fit: 0, capacity: 0, technical_match: 0, references: 0, price: 0 }, 'en');
    expect(zero.statusCode).toBe(400);
    expect(errorOf(zero).msg).toBe('At least one criterion must weigh more than 0.');
    expect((await call(manager.token, 'PUT', url, { ...WEIGHTS, risk: 11 })).statusCode).toBe(400);
    expect((await call(employee.token, 'PUT', url, WEIGHTS)).statusCode).toBe(403);
    expect((await call(outsider.token, 'GET', url)).statusCode).toBe(404);
    const saved = await call(manager.token, 'PUT', url, WEIGHTS);
    expect(saved.statusCode).toBe(200);
    expect((await call(employee.token, 'GET', url)).json()).toEqual(WEIGHTS);
  });
});

describe('the grid and the decision', () => {
  it('weighs the ratings by the company weights, refuses a stale save with the current grid, and records the decision with who and when', async () => {
    await call(manager.token, 'PUT', `/api/companies/${manager.companyId}/go-no-go-weights`, WEIGHTS);
    const tender = await insertTender(ctx, manager.companyId!, 'not_started');
    const url = `/api/tenders/${tender.id}/go-no-go`;

    const empty = (await call(employee.token, 'GET', url)).json() as Grid;
    expect(empty).toMatchObject({ score: 0, decision: null, reason: null, decidedBy: null, decidedAt: null, version: 0, weights: WEIGHTS });
    expect(empty.criteria.map((c) => c.criterion)).toEqual(['strategic_fit', 'capacity', 'technical_match', 'references', 'price', 'risk']);

    // An employee fills the grid: 3·4 + 2·2 + 5·3 + 1·1 + 4·2 + 0·0 = 40 out of (3+2+5+1+4+0)·4 = 60 → 67 %.
    const ratings = [
      { criterion: 'strategic_fit', rating: 4, note: ' Cœur de métier ' },
      { criterion: 'capacity', rating: 2 },
      { criterion: 'technical_match', rating: 3 },
      { criterion: 'references', rating: 1 },
      { criterion: 'price', rating: 2 },
      { criterion: 'risk', rating: 0 },
    ];
    const saved = await call(employee.token, 'PUT', url, { ratings, version: 0 });
    expect(saved.statusCode).toBe(200);
    const grid = (saved.json() as { details: Grid }).details;
    expect(grid.score).toBe(67);
    expect(grid.version).toBe(1);
    expect(grid.criteria[0]).toEqual({ criterion: 'strategic_fit', rating: 4, note: 'Cœur de métier' });

    // Someone else saved from version 0 meanwhile: 409 with the current grid, nothing written.
    const stale = await call(manager.token, 'PUT', url, { ratings: [{ criterion: 'price', rating: 4 }], version: 0 }, 'en');
    expect(stale.statusCode).toBe(409);
    expect(errorOf(stale).msg).toBe('Someone changed the grid in the meantime. Here is its current version: reapply your ratings to it.');
    expect((errorOf(stale).details as unknown as Grid).score).toBe(67);
    // A partial save keeps the other criteria: price 2 → 4 adds 4·2 = 8 → 48/60 = 80 %.
    const partial = await call(manager.token, 'PUT', url, { ratings: [{ criterion: 'price', rating: 4 }], version: 1 });
    expect((partial.json() as { details: Grid }).details).toMatchObject({ score: 80, version: 2 });
    const twice = await call(manager.token, 'PUT', url, { ratings: [{ criterion: 'price', rating: 4 }, { criterion: 'price', rating: 1 }], version: 2 });
    expect(twice.statusCode).toBe(400);

    // An employee may not decide.
    expect((await call(employee.token, 'POST', `${url}/decision`, { decision: 'go' })).statusCode).toBe(403);
    const go = await call(manager.token, 'POST', `${url}/decision`, { decision: 'go' });
    expect(go.statusCode).toBe(200);
    const decided = (go.json() as { details: Grid }).details;
    expect(decided).toMatchObject({ decision: 'go', reason: null, decidedBy: { _id: manager.id, username: 'Test manager' } });
    expect(Math.abs(Date.parse(decided.decidedAt!) - Date.now())).toBeLessThan(60_000);
    // The tender's status is untouched: a go does not start the response by itself.
    expect(((await call(manager.token, 'GET', `/api/tenders/${tender.id}`)).json() as { status: string }).status).toBe('not_started');
  });

  it('needs a reason for a no-go, then takes the tender out of the active list; the no-go filter finds it', async () => {
    const kept = await insertTender(ctx, manager.companyId!, 'in_progress');
    const dropped = await insertTender(ctx, manager.companyId!, 'not_started');
    const url = `/api/tenders/${dropped.id}/go-no-go/decision`;
    for (const reason of [undefined, '   ']) {
      const res = await call(manager.token, 'POST', url, { decision: 'no_go', ...(reason !== undefined ? { reason } : {}) }, 'en');
      expect(res.statusCode).toBe(400);
      expect(errorOf(res).msg).toBe('Give the reason for the no-go.');
    }
    expect((await call(manager.token, 'POST', url, { decision: 'no_go', reason: 'x'.repeat(2001) })).statusCode).toBe(400);
    expect((await listIds(manager.token)).includes(dropped.id)).toBe(true);

    const res = await call(manager.token, 'POST', url, { decision: 'no_go', reason: 'Plan de charge complet en juin.' });
    expect(res.statusCode).toBe(200);
    expect((res.json() as { details: Grid }).details).toMatchObject({ decision: 'no_go', reason: 'Plan de charge complet en juin.' });

    const active = await listIds(employee.token);
    expect(active).toContain(kept.id);
    expect(active).not.toContain(dropped.id);
    const noGo = await listIds(employee.token, '&goNoGo=no_go');
    expect(noGo).toContain(dropped.id);
    expect(noGo).not.toContain(kept.id);
    expect(await listIds(employee.token, '&goNoGo=all')).toEqual(expect.arrayContaining([kept.id, dropped.id]));
    // Still reachable by its page, status unchanged.
    expect(((await call(employee.token, 'GET', `/api/tenders/${dropped.id}`)).json() as { status: string }).status).toBe('not_started');

    // Taken back: a go returns it to the active list.
    await call(manager.token, 'POST', url, { decision: 'go' });
    expect(await listIds(employee.token)).toContain(dropped.id);
  });

  it('is closed once the tender is submitted or decided', async () => {
    const tender = await insertTender(ctx, manager.companyId!, 'submitted');
    const res = await call(manager.token, 'POST', `/api/tenders/${tender.id}/go-no-go/decision`, { decision: 'go' });
    expect(res.statusCode).toBe(409);
  });

  it('answers 404 to another company', async () => {
    const tender = await insertTender(ctx, manager.companyId!, 'not_started');
    expect((await call(outsider.token, 'GET', `/api/tenders/${tender.id}/go-no-go`)).statusCode).toBe(404);
    expect((await call(outsider.token, 'PUT', `/api/tenders/${tender.id}/go-no-go`, { ratings: [], version: 0 })).statusCode).toBe(404);
    expect((await call(outsider.token, 'POST', `/api/tenders/${tender.id}/go-no-go/decision`, { decision: 'no_go', reason: 'Non' })).statusCode).toBe(404);
  });

  it('are counted on the dashboard, and a no-go leaves its pipeline', async () => {
    const boss = await createUser(ctx, 'manager');
    const a = await insertTender(ctx, boss.companyId!, 'not_started');
    const b = await insertTender(ctx, boss.companyId!, 'not_started');
    const c = await insertTender(ctx, boss.companyId!, 'in_progress');
    await call(boss.token, 'POST', `/api/tenders/${a.id}/go-no-go/decision`, { decision: 'go' });
    await call(boss.token, 'POST', `/api/tenders/${b.id}/go-no-go/decision`, { decision: 'no_go', reason: 'Hors zone' });
    await call(boss.token, 'POST', `/api/tenders/${c.id}/go-no-go/decision`, { decision: 'no_go', reason: 'Trop risqué' });
    const body = (await call(boss.token, 'GET', '/api/dashboard/summary')).json() as { decisions: { go: number; noGo: number }; pipeline: { status: string; count: number }[]; nextDeadlines: { _id: string }[] };
    expect(body.decisions).toEqual({ go: 1, noGo: 2 });
    expect(body.pipeline.find((p) => p.status === 'not_started')?.count).toBe(1);
    expect(body.pipeline.find((p) => p.status === 'in_progress')?.count).toBe(0);
    expect(body.nextDeadlines.map((d) => d._id)).toEqual([a.id]);
  });
});

describe('the demo', () => {
  it('has one tender decided go and one set aside by a no-go, with the manager as decider', async () => {
    const { seed, DEMO_ACCOUNTS } = await import('../../server/db/seed');
    await seed(ctx.db, { demo: true, print: () => undefined });
    const login = await ctx.app.inject({ method: 'POST', url: '/api/users/login', payload: { email: DEMO_ACCOUNTS.manager.email, password: DEMO_ACCOUNTS.manager.password } });
    const token = (login.json() as { token: string }).token;
    const rows = async (query: string) =>
      ((await call(token, 'GET', `/api/tenders/my-company?perPage=100${query}`)).json() as { tenderCalls: { _id: string; tenderCall: { reference: string } }[] }).tenderCalls;
    const setAside = await rows('&goNoGo=no_go');
    expect(setAside.map((r) => r.tenderCall.reference)).toEqual(['26-113085']);
    expect((await rows('')).map((r) => r.tenderCall.reference)).not.toContain('26-113085');
    const go = (await rows('')).find((r) => r.tenderCall.reference === '26-101245')!;
    const grid = (await call(token, 'GET', `/api/tenders/${go._id}/go-no-go`)).json() as Grid;
    // Default weights (5 each): 4+3+4+3+2+3 = 19 of 24 → 79 %.
    expect(grid).toMatchObject({ decision: 'go', score: 79, decidedBy: { username: DEMO_ACCOUNTS.manager.username } });
    const summary = (await call(token, 'GET', '/api/dashboard/summary')).json() as { decisions: { go: number; noGo: number } };
    expect(summary.decisions).toEqual({ go: 1, noGo: 1 });
  });
});
