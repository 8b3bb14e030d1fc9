import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { companies, invitations, users } from '../../server/db/schema';
import { siretValid } from '../../server/domains/companies/siret';
import { DEMO_ACCOUNTS, DEMO_COMPANY, seed } from '../../server/db/seed';
import { localStorage } from '../../server/storage/local';
import { createTestApp, createUser, errorOf, rowCount, tinyPng, type TestContext } from './context';
import { siretFor } from './sirets';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx?.close());

const auth = (token: string, lang = 'fr') => ({ authorization: `Bearer ${token}`, 'accept-language': lang });
let seq = 0;
const input = (overrides: Record<string, unknown> = {}) => ({
  name: 'Maçonnerie Rhône-Alpes',
  siret: siretFor(1000 + seq++),
  address: '12 quai Perrache',
  postalCode: '69002',
  city: 'Lyon',
  phone: '04 78 00 00 00',
  website: 'https://maconnerie-ra.fr',
  description: 'Gros œuvre et rénovation.',
  profile: { keywords: ['gros œuvre', 'rénovation énergétique'], cpvCodes: ['45000000', '45210000'], departments: ['69', '01'], regions: ['Auvergne-Rhône-Alpes'] },
  ...overrides,
});
/** A stored profile picture, as an upload would leave it; returns the file's path. */
async function givePicture(userId: string) {
  const key = `pictures/${userId}/test.png`;
  await localStorage(ctx.filesDir).put(key, tinyPng);
  await ctx.db.update(users).set({ pictureKey: key, pictureMime: 'image/png', pictureVersion: 1 }).where(eq(users.id, userId));
  const path = join(ctx.filesDir, key);
  expect(existsSync(path)).toBe(true);
  return path;
}
const create = (token: string, body: object, lang = 'fr') => ctx.app.inject({ method: 'POST', url: '/api/companies', headers: auth(token, lang), payload: body });

describe('the SIRET rule', () => {
  it('accepts Luhn-valid numbers and La Poste establishments, refuses the rest', () => {
    expect(siretValid('73282932000074')).toBe(true);
    expect(siretValid('73282932000075')).toBe(false);
    expect(siretValid('35600000000048')).toBe(true);
    // La Poste: the sum of the digits is a multiple of 5, though the Luhn check fails.
    expect(siretValid('35600000049837')).toBe(true);
    expect(siretValid('35600000049838')).toBe(false);
    expect(siretValid('7328293200007')).toBe(false);
    expect(siretValid('7328293200007A')).toBe(false);
  });
});

describe('creating a company', () => {
  it('makes a new manager the manager of their company, in one step', async () => {
    const manager = await createUser(ctx, 'manager', { companyId: null });
    const res = await create(manager.token, input({ name: '  Durand Bâtiment  ' }));
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toMatchObject({
      msg: 'Entreprise créée.',
      details: {
        name: 'Durand Bâtiment',
        city: 'Lyon',
        postalCode: '69002',
        membersCount: 1,
        profile: { keywords: ['gros œuvre', 'rénovation énergétique'], cpvCodes: ['45000000', '45210000'], departments: ['69', '01'], regions: ['Auvergne-Rhône-Alpes'] },
      },
    });
    // The same token now reaches the company: the server reads the company from the account, not from the token.
    const company = await ctx.app.inject({ url: `/api/companies/${body.details._id}`, headers: auth(manager.token) });
    expect(company.statusCode).toBe(200);
    const members = await ctx.app.inject({ url: `/api/companies/${body.details._id}/users`, headers: auth(manager.token) });
    expect(members.json()).toMatchObject({ count: 1, users: [{ _id: manager.id, role: 'manager' }] });

    const before = await rowCount(ctx.db, companies);
    const again = await create(manager.token, input(), 'en');
    expect(again.statusCode).toBe(409);
    expect(errorOf(again)).toMatchObject({ msg: 'You already have a company.', msgType: 'company-already_exists' });
    expect(await rowCount(ctx.db, companies)).toBe(before);
  });

  it('refuses a SIRET that fails the check, with a message on the field, and changes nothing', async () => {
    const manager = await createUser(ctx, 'manager', { companyId: null });
    const before = await rowCount(ctx.db, companies);
    const res = await create(manager.token, input({ siret: '73282932000075' }), 'en');
    expect(res.statusCode).toBe(400);
    expect(errorOf(res)).toMatchObject({
      msg: 'This SIRET number is not valid: check the 14 digits.',
      msgType: 'company-siret_invalid',
      details: [{ field: 'siret', msg: 'This SIRET number is not valid: check the 14 digits.' }],
    });
    const fr = await create(manager.token, input({ siret: '73282932000075' }));
    expect(errorOf(fr).msg).toBe("Ce numéro SIRET n'est pas valide : vérifiez les 14 chiffres.");
    const short = await create(manager.token, input({ siret: '1234' }), 'en');
    expect(short.statusCode).toBe(400);
    expect(errorOf(short).details!.map((d) => d.field)).toEqual(['siret']);
    expect(await rowCount(ctx.db, companies)).toBe(before);
    const [row] = await ctx.db.select({ companyId: users.companyId }).from(users).where(eq(users.id, manager.id));
    expect(row!.companyId).toBeNull();
  });

  it('refuses a SIRET already registered, leaving the manager without a company', async () => {
    const first = await createUser(ctx, 'manager', { companyId: null });
    const second = await createUser(ctx, 'manager', { companyId: null });
    const siret = siretFor(555);
    expect((await create(first.token, input({ siret }))).statusCode).toBe(201);
    const before = await rowCount(ctx.db, companies);
    const res = await create(second.token, input({ siret }), 'en');
    expect(res.statusCode).toBe(409);
    expect(errorOf(res)).toMatchObject({ msg: 'A company with this SIRET number already exists.', msgType: 'company-siret_taken' });
    expect(await rowCount(ctx.db, companies)).toBe(before);
    const profile = await ctx.app.inject({ url: '/api/dashboard/summary', headers: auth(second.token) });
    expect(profile.json().company).toBeNull();
  });

  it('creates one company when the same manager submits twice at once', async () => {
    const manager = await createUser(ctx, 'manager', { companyId: null });
    const before = await rowCount(ctx.db, companies);
    const results = await Promise.all([create(manager.token, input()), create(manager.token, input())]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    expect(await rowCount(ctx.db, companies)).toBe(before + 1);
  });

  it('lets two managers race for one SIRET: one company, the loser unchanged', async () => {
    const a = await createUser(ctx, 'manager', { companyId: null });
    const b = await createUser(ctx, 'manager', { companyId: null });
    const siret = siretFor(777);
    const results = await Promise.all([create(a.token, input({ siret })), create(b.token, input({ siret }))]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    const rows = await ctx.db.select({ id: users.id, companyId: users.companyId }).from(users).where(eq(users.role, 'manager'));
    const attached = rows.filter((r) => (r.id === a.id || r.id === b.id) && r.companyId);
    expect(attached).toHaveLength(1);
    expect((await ctx.db.select().from(companies).where(eq(companies.siret, siret))).length).toBe(1);
  });

  it('lets an admin create companies for others without joining them', async () => {
    const admin = await createUser(ctx, 'admin');
    const res = await create(admin.token, input({ name: 'Société Créée Par Admin' }));
    expect(res.statusCode).toBe(201);
    expect(res.json().details.membersCount).toBe(0);
    const self = await ctx.app.inject({ url: `/api/users/${admin.id}`, headers: auth(admin.token) });
    expect(self.json().company).toBeNull();
  });
});

describe('reading and changing a company', () => {
  it('lets a manager change their company; SIRET rules apply again', async () => {
    const manager = await createUser(ctx, 'manager', { companyId: null });
    const id = (await create(manager.token, input())).json().details._id as string;
    const res = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/companies/${id}`,
      headers: auth(manager.token, 'en'),
      payload: { city: 'Villeurbanne', postalCode: '69100', profile: { departments: ['69', '38', '69'] } },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ msg: 'Company updated.', details: { city: 'Villeurbanne', postalCode: '69100', profile: { departments: ['69', '38'], keywords: ['gros œuvre', 'rénovation énergétique'] } } });

    const bad = await ctx.app.inject({ method: 'PATCH', url: `/api/companies/${id}`, headers: auth(manager.token), payload: { siret: '12345678901234' } });
    expect(bad.statusCode).toBe(400);
    expect(errorOf(bad).msgType).toBe('company-siret_invalid');

    const other = await createUser(ctx, 'admin');
    const taken = (await create(other.token, input())).json().details.siret as string;
    const clash = await ctx.app.inject({ method: 'PATCH', url: `/api/companies/${id}`, headers: auth(manager.token), payload: { siret: taken } });
    expect(clash.statusCode).toBe(409);
    expect(errorOf(clash).msgType).toBe('company-siret_taken');

    const empty = await ctx.app.inject({ method: 'PATCH', url: `/api/companies/${id}`, headers: auth(manager.token), payload: {} });
    expect(empty.statusCode).toBe(400);
  });

  it("hides other companies from staff as if they did not exist", async () => {
    const mine = await createUser(ctx, 'employee');
    const theirs = await createUser(ctx, 'manager');
    const res = await ctx.app.inject({ url: `/api/companies/${theirs.companyId}`, headers: auth(mine.token, 'en') });
    expect(res.statusCode).toBe(404);
    const own = await ctx.app.inject({ url: `/api/companies/${mine.companyId}`, headers: auth(mine.token) });
    expect(own.statusCode).toBe(200);
    const change = await ctx.app.inject({ method: 'PATCH', url: `/api/companies/${mine.companyId}`, headers: auth(theirs.token), payload: { city: 'Ailleurs' } });
    expect(change.statusCode).toBe(404);
  });
});

describe('the companies list (admin)', () => {
  let admin: Awaited<ReturnType<typeof createUser>>;
  beforeAll(async () => {
    admin = await createUser(ctx, 'admin');
    for (const [name, city, departments] of [
      ['Zénith Rénovation', 'Saint-Étienne', ['42']],
      ['Électricité Grenobloise', 'Grenoble', ['38']],
      ['Œuvre Commune', 'Lyon', ['69']],
    ] as const) {
      await create(admin.token, input({ name, city, profile: { departments: [...departments] } }));
    }
  });
  const list = (query: string) => ctx.app.inject({ url: `/api/companies?${query}`, headers: auth(admin.token) });

  it('finds companies by name or city whatever the case and accents', async () => {
    expect((await list('search=ZENITH')).json().companies.map((c: { name: string }) => c.name)).toEqual(['Zénith Rénovation']);
    expect((await list('search=saint-etienne')).json().companies.map((c: { name: string }) => c.name)).toEqual(['Zénith Rénovation']);
    expect((await list('search=electricite')).json().companies.map((c: { name: string }) => c.name)).toEqual(['Électricité Grenobloise']);
    expect((await list('search=oeuvre%20commune')).json().companies.map((c: { name: string }) => c.name)).toEqual(['Œuvre Commune']);
    expect((await list('search=100%25')).json()).toEqual({ count: 0, totalPages: 0, companies: [] });
  });

  it('pages through companies sorted by name', async () => {
    const all = (await list('perPage=all')).json();
    expect(all.totalPages).toBe(1);
    const names = all.companies.map((c: { name: string }) => c.name);
    expect(names).toEqual([...names].sort((a: string, b: string) => a.localeCompare(b, 'fr', { sensitivity: 'base' })));
    expect(names.indexOf('Électricité Grenobloise')).toBeLessThan(names.indexOf('Zénith Rénovation'));
    const first = (await list('perPage=2&page=1')).json();
    expect(first).toMatchObject({ count: all.count, totalPages: Math.ceil(all.count / 2) });
    expect(first.companies.map((c: { name: string }) => c.name)).toEqual(names.slice(0, 2));
    const second = (await list('perPage=2&page=2')).json();
    expect(second.companies.map((c: { name: string }) => c.name)).toEqual(names.slice(2, 4));
    const beyond = (await list('perPage=2&page=999')).json();
    expect(beyond).toEqual({ count: all.count, totalPages: Math.ceil(all.count / 2), companies: [] });
    expect((await list('perPage=101')).statusCode).toBe(400);
    expect((await list('page=0')).statusCode).toBe(400);
  });

  it('filters by département or region', async () => {
    const res = (await list('filterBy=42')).json();
    expect(res.companies.map((c: { name: string }) => c.name)).toEqual(['Zénith Rénovation']);
  });

  it('reads a selection by ids, ignoring unknown ones', async () => {
    const all = (await list('perPage=all')).json().companies as { _id: string; name: string }[];
    const ids = [all[0]!._id, all[1]!._id, '00000000-0000-4000-8000-000000000000'];
    const res = await ctx.app.inject({ url: `/api/companies/selected?ids=${ids.join(',')}`, headers: auth(admin.token) });
    expect(res.statusCode).toBe(200);
    expect(res.json().companies.map((c: { _id: string }) => c._id).sort()).toEqual([all[0]!._id, all[1]!._id].sort());
  });
});

describe('deleting a company (admin)', () => {
  it('removes it with its members, their pictures and its invitations; their sessions end', async () => {
    const admin = await createUser(ctx, 'admin');
    const manager = await createUser(ctx, 'manager', { companyId: null });
    const id = (await create(manager.token, input({ name: 'À Supprimer SARL' }))).json().details._id as string;
    const employee = await createUser(ctx, 'employee', { companyId: id });
    const picture = await givePicture(employee.id);
    await ctx.db.insert(invitations).values({ companyId: id, email: 'futur@exemple.fr', role: 'employee', tokenHash: `h-${id}`, expiresAt: new Date(Date.now() + 86_400_000) });

    const res = await ctx.app.inject({ method: 'DELETE', url: `/api/companies/${id}`, headers: auth(admin.token, 'en') });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ msg: 'Company deleted, with its users and invitations.' });
    expect((await ctx.app.inject({ url: `/api/companies/${id}`, headers: auth(admin.token) })).statusCode).toBe(404);
    for (const gone of [manager, employee]) {
      const profile = await ctx.app.inject({ url: '/api/users/profile', headers: auth(gone.token) });
      expect(profile.statusCode).toBe(401);
      expect(errorOf(profile).need2Logout).toBe(true);
    }
    expect(await ctx.db.select().from(invitations).where(eq(invitations.companyId, id))).toEqual([]);
    expect(existsSync(picture)).toBe(false);
    expect((await ctx.app.inject({ method: 'DELETE', url: `/api/companies/${id}`, headers: auth(admin.token) })).statusCode).toBe(404);
  });

  it("refuses to delete the admin's own company", async () => {
    const company = await createUser(ctx, 'manager');
    const admin = await createUser(ctx, 'admin', { companyId: company.companyId });
    const res = await ctx.app.inject({ method: 'DELETE', url: `/api/companies/${company.companyId}`, headers: auth(admin.token, 'en') });
    expect(res.statusCode).toBe(409);
    expect(errorOf(res).msgType).toBe('company-cannot_delete_own');
  });
});

describe('the members of a company', () => {
  it('are listed for its staff, searchable without accents and filtered by role', async () => {
    const manager = await createUser(ctx, 'manager');
    const employee = await createUser(ctx, 'employee', { companyId: manager.companyId });
    await ctx.db.update(users).set({ username: 'Éloïse Béranger' }).where(eq(users.id, employee.id));
    const list = (query: string) => ctx.app.inject({ url: `/api/companies/${manager.companyId}/users?${query}`, headers: auth(employee.token) });
    const all = (await list('')).json();
    expect(all).toMatchObject({ count: 2, totalPages: 1 });
    expect(all.users.map((u: { _id: string }) => u._id)).toEqual([employee.id, manager.id]);
    expect((await list('search=ELOISE')).json().users.map((u: { username: string }) => u.username)).toEqual(['Éloïse Béranger']);
    expect((await list('filterBy=manager')).json().users.map((u: { _id: string }) => u._id)).toEqual([manager.id]);
    expect((await list('filterBy=chef')).statusCode).toBe(400);
  });

  it('can be removed by their manager, which deletes the account at once', async () => {
    const manager = await createUser(ctx, 'manager');
    const employee = await createUser(ctx, 'employee', { companyId: manager.companyId });
    const url = `/api/companies/${manager.companyId}/users/${employee.id}`;
    const picture = await givePicture(employee.id);
    const res = await ctx.app.inject({ method: 'DELETE', url, headers: auth(manager.token, 'en') });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ msg: 'Member removed from the company.' });
    expect(existsSync(picture)).toBe(false);
    expect((await ctx.app.inject({ url: '/api/users/profile', headers: auth(employee.token) })).statusCode).toBe(401);
    const login = await ctx.app.inject({ method: 'POST', url: '/api/users/login', payload: { email: employee.email, password: employee.password } });
    expect(login.statusCode).toBe(401);
    expect((await ctx.app.inject({ method: 'DELETE', url, headers: auth(manager.token) })).statusCode).toBe(404);
  });

  it('never include the manager removing themselves, nor someone of another company', async () => {
    const manager = await createUser(ctx, 'manager');
    const self = await ctx.app.inject({ method: 'DELETE', url: `/api/companies/${manager.companyId}/users/${manager.id}`, headers: auth(manager.token, 'en') });
    expect(self.statusCode).toBe(409);
    expect(errorOf(self)).toMatchObject({ msg: 'You cannot remove yourself from the company.', msgType: 'member-cannot_remove_self' });
    const stranger = await createUser(ctx, 'employee');
    const res = await ctx.app.inject({ method: 'DELETE', url: `/api/companies/${manager.companyId}/users/${stranger.id}`, headers: auth(manager.token) });
    expect(res.statusCode).toBe(404);
    expect((await ctx.app.inject({ url: `/api/users/${stranger.id}`, headers: auth(stranger.token) })).statusCode).toBe(200);
  });
});

describe('the demo seed', () => {
  it('creates a complete, valid demo company whose accounts are verified, once', async () => {
    await seed(ctx.db, { demo: true, print: () => undefined });
    await seed(ctx.db, { demo: true, print: () => undefined });
    expect(siretValid(DEMO_COMPANY.siret)).toBe(true);
    const login = await ctx.app.inject({ method: 'POST', url: '/api/users/login', payload: { email: DEMO_ACCOUNTS.admin.email, password: DEMO_ACCOUNTS.admin.password } });
    const token = login.json().token as string;
    const found = (await ctx.app.inject({ url: `/api/companies?search=${encodeURIComponent('Durand Batiment SAS')}`, headers: auth(token) })).json();
    expect(found.count).toBe(1);
    expect(found.companies[0]).toMatchObject({
      siret: DEMO_COMPANY.siret,
      city: 'Lyon',
      membersCount: 2,
      profile: { cpvCodes: ['45000000', '45210000', '45421000', '45321000'], departments: ['69', '01', '38', '42'], regions: ['Auvergne-Rhône-Alpes'] },
    });
    expect(found.companies[0].profile.keywords).toEqual(expect.arrayContaining(['gros œuvre', 'rénovation énergétique']));
    const members = (await ctx.app.inject({ url: `/api/companies/${found.companies[0]._id}/users`, headers: auth(token) })).json();
    expect(members.users.map((u: { emailVerified: boolean }) => u.emailVerified)).toEqual([true, true]);
  });
});
