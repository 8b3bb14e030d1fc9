import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { companies, outboxEmails, users } from '../../server/db/schema';
import { createTestApp, createUser, errorOf, type TestContext } from './context';

let ctx: TestContext;
let admin: Awaited<ReturnType<typeof createUser>>;
beforeAll(async () => {
  ctx = await createTestApp();
  admin = await createUser(ctx, 'admin');
});
afterAll(() => ctx?.close());

const auth = (token: string, lang = 'fr') => ({ authorization: `Bearer ${token}`, 'accept-language': lang });
const rename = (id: string, username: string) => ctx.db.update(users).set({ username }).where(eq(users.id, id));
const names = (body: { users: { username: string }[] }) => body.users.map((u) => u.username);

describe('the users list (admin)', () => {
  let companyId: string;
  beforeAll(async () => {
    const manager = await createUser(ctx, 'manager');
    companyId = manager.companyId!;
    await ctx.db.update(companies).set({ name: 'Charpentes Vérité' }).where(eq(companies.id, companyId));
    await rename(manager.id, 'Zoé Manager');
    const employee = await createUser(ctx, 'employee', { companyId });
    await rename(employee.id, 'Émile Ouvrier');
    await rename(admin.id, 'Ada Admin');
  });
  const list = (query: string) => ctx.app.inject({ url: `/api/users?${query}`, headers: auth(admin.token) });

  it('lists everyone sorted by name, with their company, status and verification', async () => {
    const res = await list('perPage=all');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ count: 3, totalPages: 1 });
    expect(names(body)).toEqual(['Ada Admin', 'Émile Ouvrier', 'Zoé Manager']);
    expect(body.users[1]).toMatchObject({ role: 'employee', active: true, emailVerified: false, profilePicture: null, company: { _id: companyId, name: 'Charpentes Vérité' } });
    expect(body.users[0].company).toBeNull();
  });

  it('searches names, emails and company names without regard to case or accents', async () => {
    expect(names((await list('search=EMILE')).json())).toEqual(['Émile Ouvrier']);
    expect(names((await list('search=verite')).json())).toEqual(['Émile Ouvrier', 'Zoé Manager']);
    expect(names((await list('search=admin.')).json())).toEqual(['Ada Admin']);
    expect((await list('search=nobody')).json()).toEqual({ count: 0, totalPages: 0, users: [] });
  });

  it('filters by role and by company, and pages', async () => {
    expect(names((await list('filterBy=manager')).json())).toEqual(['Zoé Manager']);
    expect(names((await list(`companyId=${companyId}`)).json())).toEqual(['Émile Ouvrier', 'Zoé Manager']);
    expect((await list('perPage=2&page=2')).json()).toMatchObject({ count: 3, totalPages: 2, users: [{ username: 'Zoé Manager' }] });
    expect((await list('perPage=2&page=3')).json()).toEqual({ count: 3, totalPages: 2, users: [] });
    expect((await list('filterBy=boss')).statusCode).toBe(400);
    expect((await list('perPage=0')).statusCode).toBe(400);
  });

  it('reads a selection of users by ids', async () => {
    const all = (await list('perPage=all')).json().users as { _id: string }[];
    const res = await ctx.app.inject({ url: `/api/users/selected?ids=${all[0]!._id},${all[2]!._id}`, headers: auth(admin.token) });
    expect(res.json().users.map((u: { _id: string }) => u._id).sort()).toEqual([all[0]!._id, all[2]!._id].sort());
  });
});

describe("a user's page", () => {
  it('shows oneself and colleagues; anyone else does not exist', async () => {
    const manager = await createUser(ctx, 'manager');
    const employee = await createUser(ctx, 'employee', { companyId: manager.companyId });
    const stranger = await createUser(ctx, 'employee');
    const get = (token: string, id: string) => ctx.app.inject({ url: `/api/users/${id}`, headers: auth(token, 'en') });
    expect((await get(employee.token, employee.id)).statusCode).toBe(200);
    expect((await get(employee.token, manager.id)).json()).toMatchObject({ _id: manager.id, role: 'manager', company: { _id: manager.companyId } });
    const hidden = await get(employee.token, stranger.id);
    expect(hidden.statusCode).toBe(404);
    expect(hidden.body).not.toContain(stranger.email);
    expect((await get(admin.token, stranger.id)).statusCode).toBe(200);
    const loner = await createUser(ctx, 'manager', { companyId: null });
    const other = await createUser(ctx, 'manager', { companyId: null });
    expect((await get(loner.token, other.id)).statusCode).toBe(404);
  });
});

describe('changing a role', () => {
  it('takes effect on the next request, with the same token', async () => {
    const employee = await createUser(ctx, 'employee');
    const patch = () => ctx.app.inject({ method: 'PATCH', url: `/api/companies/${employee.companyId}`, headers: auth(employee.token), payload: { city: 'Roanne' } });
    expect((await patch()).statusCode).toBe(403);
    const res = await ctx.app.inject({ method: 'PATCH', url: `/api/users/${employee.id}/role`, headers: auth(admin.token, 'en'), payload: { role: 'manager' } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ msg: 'Role updated.', details: { _id: employee.id, role: 'manager' } });
    expect((await patch()).statusCode).toBe(200);
  });

  it('is refused on oneself', async () => {
    const res = await ctx.app.inject({ method: 'PATCH', url: `/api/users/${admin.id}/role`, headers: auth(admin.token, 'en'), payload: { role: 'manager' } });
    expect(res.statusCode).toBe(409);
    expect(errorOf(res)).toMatchObject({ msg: 'You cannot change your own role or deactivate your own account.', msgType: 'user-cannot_change_self' });
  });

  it('keeps at least one active admin when two admins demote each other at once', async () => {
    const first = await createUser(ctx, 'admin');
    const second = await createUser(ctx, 'admin');
    // Only these two stay admins for this test.
    await ctx.db.update(users).set({ role: 'manager' }).where(eq(users.id, admin.id));
    try {
      const results = await Promise.all([
        ctx.app.inject({ method: 'PATCH', url: `/api/users/${second.id}/role`, headers: auth(first.token, 'en'), payload: { role: 'employee' } }),
        ctx.app.inject({ method: 'PATCH', url: `/api/users/${first.id}/role`, headers: auth(second.token, 'en'), payload: { role: 'employee' } }),
      ]);
      const statuses = results.map((r) => r.statusCode).sort();
      expect(statuses[0]).toBe(200);
      expect([403, 409]).toContain(statuses[1]);
      const refused = results.find((r) => r.statusCode === 409);
      if (refused) expect(errorOf(refused)).toMatchObject({ msg: 'At least one active administrator must remain.', msgType: 'user-last_admin' });
      const admins = await ctx.db.select({ id: users.id }).from(users).where(eq(users.role, 'admin'));
      expect(admins).toHaveLength(1);
    } finally {
      await ctx.db.update(users).set({ role: 'admin' }).where(eq(users.id, admin.id));
    }
  });

  it('answers 404 for an unknown user and 400 for an unknown role', async () => {
    const unknown = await ctx.app.inject({ method: 'PATCH', url: '/api/users/00000000-0000-4000-8000-000000000000/role', headers: auth(admin.token), payload: { role: 'manager' } });
    expect(unknown.statusCode).toBe(404);
    const employee = await createUser(ctx, 'employee');
    const bad = await ctx.app.inject({ method: 'PATCH', url: `/api/users/${employee.id}/role`, headers: auth(admin.token), payload: { role: 'owner' } });
    expect(bad.statusCode).toBe(400);
  });
});

describe('deactivating an account', () => {
  it("ends the user's sessions at once and blocks sign-in until reactivated", async () => {
    const employee = await createUser(ctx, 'employee');
    const status = (active: boolean) => ctx.app.inject({ method: 'PATCH', url: `/api/users/${employee.id}/status`, headers: auth(admin.token, 'en'), payload: { active } });
    const off = await status(false);
    expect(off.statusCode).toBe(200);
    expect(off.json()).toMatchObject({ msg: 'Account deactivated.', details: { active: false } });
    const session = await ctx.app.inject({ url: '/api/dashboard/summary', headers: auth(employee.token, 'en') });
    expect(session.statusCode).toBe(401);
    expect(errorOf(session)).toMatchObject({ msgType: 'auth-account_disabled', need2Logout: true });
    const login = await ctx.app.inject({ method: 'POST', url: '/api/users/login', payload: { email: employee.email, password: employee.password } });
    expect(login.statusCode).toBe(401);

    const on = await status(true);
    expect(on.json()).toMatchObject({ msg: 'Account reactivated.', details: { active: true } });
    const again = await ctx.app.inject({ method: 'POST', url: '/api/users/login', payload: { email: employee.email, password: employee.password } });
    expect(again.statusCode).toBe(200);
  });

  it('is refused on oneself', async () => {
    const res = await ctx.app.inject({ method: 'PATCH', url: `/api/users/${admin.id}/status`, headers: auth(admin.token), payload: { active: false } });
    expect(res.statusCode).toBe(409);
    expect(errorOf(res).msg).toBe('Vous ne pouvez pas modifier votre propre rôle ni désactiver votre propre compte.');
  });
});

describe('the outbox (admin)', () => {
  it('lists stored emails newest first, by kind and by search', async () => {
    const now = Date.now();
    await ctx.db.insert(outboxEmails).values([
      { to: 'lea@exemple.fr', subject: 'Invitation à rejoindre Durand', text: '…', link: 'http://localhost/invite?token=x', kind: 'invitation', createdAt: new Date(now - 3000) },
      { to: 'marc@exemple.fr', subject: 'Vérifiez votre adresse', text: '…', link: 'http://localhost/verify-email?token=y', kind: 'verify_email', createdAt: new Date(now - 2000) },
      { to: 'lea@exemple.fr', subject: 'Réinitialisation du mot de passe', text: '…', link: null, kind: 'reset_password', sentAt: new Date(now - 500), createdAt: new Date(now - 1000) },
    ]);
    const list = (query: string) => ctx.app.inject({ url: `/api/admin/outbox?${query}`, headers: auth(admin.token) });
    const all = (await list('')).json();
    expect(all).toMatchObject({ count: 3, totalPages: 1 });
    expect(all.emails.map((e: { kind: string }) => e.kind)).toEqual(['reset_password', 'verify_email', 'invitation']);
    expect(all.emails[0]).toMatchObject({ to: 'lea@exemple.fr', link: null, error: null });
    expect(typeof all.emails[0].sentAt).toBe('string');
    // Its token is no invitation's: a link that opens nothing is not shown (tests/api/outbox-links.test.ts).
    expect((await list('filterBy=invitation')).json()).toMatchObject({ count: 1, delivery: 'outbox', emails: [{ to: 'lea@exemple.fr', link: null }] });
    expect((await list('search=VERIFIEZ')).json().count).toBe(1);
    expect((await list('search=lea@')).json().count).toBe(2);
    expect((await list('perPage=1&page=2')).json()).toMatchObject({ count: 3, totalPages: 3, emails: [{ kind: 'verify_email' }] });
  });
});
