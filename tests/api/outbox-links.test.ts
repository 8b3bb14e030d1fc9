// Without SMTP the outbox is how emails reach people, so an admin sees an email's link while it
// works; once used, expired or replaced it is hidden, since it opens nothing any more.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { emailTokens, invitations } from '../../server/db/schema';
import { createTestApp, createUser, uniqueEmail, type TestContext } from './context';

let ctx: TestContext;
let admin: Awaited<ReturnType<typeof createUser>>;
let manager: Awaited<ReturnType<typeof createUser>>;
beforeAll(async () => {
  ctx = await createTestApp();
  admin = await createUser(ctx, 'admin');
  manager = await createUser(ctx, 'manager');
});
afterAll(() => ctx?.close());

type OutboxBody = { delivery: string; emails: { to: string; kind: string; link: string | null; createdAt: string }[] };
const outbox = async (search: string) => {
  const res = await ctx.app.inject({ method: 'GET', url: `/api/admin/outbox?perPage=all&search=${encodeURIComponent(search)}`, headers: { authorization: `Bearer ${admin.token}` } });
  expect(res.statusCode).toBe(200);
  return res.json() as OutboxBody;
};
const tokenOf = (link: string | null) => new URL(link!).searchParams.get('token')!;
const post = (url: string, payload?: object, token?: string) =>
  ctx.app.inject({ method: 'POST', url, ...(payload ? { payload } : {}), headers: token ? { authorization: `Bearer ${token}` } : {} });

describe('the outbox without SMTP', () => {
  it('says it is the delivery, and shows a verification link until it is used', async () => {
    const email = uniqueEmail('verif');
    expect((await post('/api/users/register', { username: 'Lina Roche', email, password: 'Verifiee-Outbox-2026' })).statusCode).toBe(201);
    const before = await outbox(email);
    expect(before.delivery).toBe('outbox');
    const link = before.emails[0]!.link;
    expect(link).toMatch(/\/verify-email\?token=/);
    expect((await post('/api/users/verify-email', { token: tokenOf(link) })).statusCode).toBe(200);
    expect((await outbox(email)).emails[0]!.link).toBeNull();
  });

  it('hides a reset link once it has expired', async () => {
    const user = await createUser(ctx, 'employee');
    await post('/api/users/password/forgot', { email: user.email });
    await ctx.app.mailer.idle();
    const link = (await outbox(user.email)).emails[0]!.link;
    expect(link).toMatch(/\/reset-password\?token=/);
    await ctx.db.update(emailTokens).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(emailTokens.userId, user.id));
    expect((await outbox(user.email)).emails[0]!.link).toBeNull();
  });

  it('hides an invitation link once replaced by a resend, and the new one once revoked', async () => {
    const email = uniqueEmail('invitee');
    const created = await post('/api/invites', { email, role: 'employee' }, manager.token);
    const id = created.json().details._id as string;
    const first = (await outbox(email)).emails[0]!.link;
    expect(first).toMatch(/\/employee\/sign-up\?token=/);
    await post(`/api/invites/${id}/resend`, undefined, manager.token);
    const [newest, older] = (await outbox(email)).emails;
    expect(older!.link).toBeNull();
    expect(newest!.link).toMatch(/\/employee\/sign-up\?token=/);
    await ctx.app.inject({ method: 'DELETE', url: `/api/invites/${id}`, headers: { authorization: `Bearer ${manager.token}` } });
    expect((await outbox(email)).emails.map((m) => m.link)).toEqual([null, null]);
    const [row] = await ctx.db.select({ revokedAt: invitations.revokedAt }).from(invitations).where(eq(invitations.id, id));
    expect(row!.revokedAt).not.toBeNull();
  });
});
