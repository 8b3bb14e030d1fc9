import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { companies, invitations, outboxEmails, users } from '../../server/db/schema';
import { createTestApp, createUser, rowCount, type TestContext } from './context';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx?.close());

const summary = async (token: string) => {
  const res = await ctx.app.inject({ url: '/api/dashboard/summary', headers: { authorization: `Bearer ${token}` } });
  expect(res.statusCode).toBe(200);
  return res.json();
};

let tokenSeq = 0;
const invite = (companyId: string, state: { expiresInMs?: number; accepted?: boolean; revoked?: boolean } = {}) =>
  ctx.db.insert(invitations).values({
    companyId,
    email: `invite${tokenSeq}@exemple.fr`,
    role: 'employee',
    tokenHash: `dashboard-${tokenSeq++}`,
    expiresAt: new Date(Date.now() + (state.expiresInMs ?? 86_400_000)),
    acceptedAt: state.accepted ? new Date() : null,
    revokedAt: state.revoked ? new Date() : null,
  });

describe('the dashboard summary', () => {
  it('tells a new manager that the company is still to be created', async () => {
    const manager = await createUser(ctx, 'manager', { companyId: null });
    expect(await summary(manager.token)).toEqual({ role: 'manager', company: null, pendingInvites: 0, emailVerified: false });
  });

  it("shows staff their company, its members and the invitations still awaiting an answer", async () => {
    const manager = await createUser(ctx, 'manager');
    const companyId = manager.companyId!;
    await ctx.db.update(companies).set({ name: 'Durand Bâtiment', city: 'Lyon' }).where(eq(companies.id, companyId));
    const employee = await createUser(ctx, 'employee', { companyId });
    await invite(companyId);
    await invite(companyId, { expiresInMs: -1000 });
    await invite(companyId, { accepted: true });
    await invite(companyId, { revoked: true });
    const other = await createUser(ctx, 'manager');
    await invite(other.companyId!);

    const expected = { company: { _id: companyId, name: 'Durand Bâtiment', city: 'Lyon', membersCount: 2 }, pendingInvites: 1, emailVerified: false };
    expect(await summary(manager.token)).toEqual({ role: 'manager', ...expected });
    expect(await summary(employee.token)).toEqual({ role: 'employee', ...expected });

    await ctx.db.update(users).set({ emailVerifiedAt: new Date() }).where(eq(users.id, employee.id));
    expect((await summary(employee.token)).emailVerified).toBe(true);
  });

  it('gives admins the platform totals', async () => {
    const admin = await createUser(ctx, 'admin');
    await ctx.db.insert(outboxEmails).values({ to: 'x@exemple.fr', subject: 'Bienvenue', text: '…', kind: 'verify_email' });
    const body = await summary(admin.token);
    expect(body).toEqual({
      role: 'admin',
      platform: { users: await rowCount(ctx.db, users), companies: await rowCount(ctx.db, companies), pendingInvites: 2, outboxEmails: 1 },
      emailVerified: false,
    });
    expect(body).not.toHaveProperty('company');
  });
});
