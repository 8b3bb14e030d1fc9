import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import { desc, eq, sql } from 'drizzle-orm';
import { companies, emailTokens, invitations, outboxEmails, users } from '../../server/db/schema';
import { hashInviteToken } from '../../server/domains/invites/routes';
import { createTestApp, createUser, errorOf, rowCount, uniqueEmail, type TestContext } from './context';

let ctx: TestContext;
let companyId: string;
beforeAll(async () => {
  ctx = await createTestApp();
  [{ id: companyId }] = (await ctx.db.insert(companies).values({ name: 'Bâtiments Lefèvre' }).returning({ id: companies.id })) as [{ id: string }];
});
afterAll(() => ctx?.close());

async function invite(options: { role?: 'manager' | 'employee'; expiresInMs?: number; acceptedAt?: Date; email?: string } = {}) {
  const token = randomBytes(24).toString('base64url');
  const email = options.email ?? uniqueEmail('invited');
  await ctx.db.insert(invitations).values({
    companyId,
    email,
    role: options.role ?? 'employee',
    tokenHash: hashInviteToken(token),
    expiresAt: new Date(Date.now() + (options.expiresInMs ?? 7 * 86_400_000)),
    acceptedAt: options.acceptedAt ?? null,
  });
  return { token, email };
}

const accept = (token: string, lang = 'fr') =>
  ctx.app.inject({ method: 'POST', url: '/api/invites/register', headers: { 'accept-language': lang }, payload: { token, username: 'Paul Lefèvre', password: 'Invited-Pass-1' } });

describe('registering from an invitation', () => {
  it('creates the account in the inviting company with the invited role, once', async () => {
    const { token, email } = await invite({ role: 'manager' });
    const res = await accept(token);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      msg: 'Compte créé. Vous pouvez vous connecter.',
      details: { username: 'Paul Lefèvre', primaryEmail: email.toLowerCase(), role: 'manager', company: { _id: companyId, name: 'Bâtiments Lefèvre' } },
    });
    const login = await ctx.app.inject({ method: 'POST', url: '/api/users/login', payload: { email, password: 'Invited-Pass-1' } });
    expect(login.statusCode).toBe(200);

    const before = await rowCount(ctx.db, users);
    const again = await accept(token, 'en');
    expect(again.statusCode).toBe(409);
    expect(errorOf(again)).toMatchObject({ msg: 'This invitation has already been used.', msgType: 'invite-used' });
    expect(await rowCount(ctx.db, users)).toBe(before);
  });

  it('refuses an expired invitation with 410', async () => {
    const { token } = await invite({ expiresInMs: -1000 });
    const before = await rowCount(ctx.db, users);
    const res = await accept(token);
    expect(res.statusCode).toBe(410);
    expect(errorOf(res)).toMatchObject({ msg: 'Cette invitation a expiré. Demandez-en une nouvelle.', msgType: 'invite-expired' });
    expect(await rowCount(ctx.db, users)).toBe(before);
  });

  it('refuses an unknown token with 404', async () => {
    const res = await accept(randomBytes(24).toString('base64url'), 'en');
    expect(res.statusCode).toBe(404);
    expect(errorOf(res)).toMatchObject({ msg: 'This invitation does not exist.', msgType: 'invite-not_found' });
  });

  it('refuses an invitation whose email already has an account, leaving it unused', async () => {
    const email = uniqueEmail('taken');
    await ctx.app.inject({ method: 'POST', url: '/api/users/register', payload: { username: 'Déjà là', email, password: 'Already-Here-1' } });
    const { token } = await invite({ email: email.toUpperCase() });
    const res = await accept(token);
    expect(res.statusCode).toBe(409);
    expect(errorOf(res).msgType).toBe('auth-email_taken');
    const rows = await ctx.db.select({ acceptedAt: invitations.acceptedAt, email: invitations.email }).from(invitations);
    expect(rows.find((r) => r.email === email.toUpperCase())!.acceptedAt).toBeNull();
  });

  it('validates the body like any other call', async () => {
    const res = await ctx.app.inject({ method: 'POST', url: '/api/invites/register', headers: { 'accept-language': 'en' }, payload: { token: 'short', username: 'P', password: 'x', companyId } });
    expect(res.statusCode).toBe(400);
    expect(errorOf(res).details!.map((d) => d.field).sort()).toEqual(['companyId', 'password', 'token', 'username']);
  });
});

type Person = Awaited<ReturnType<typeof createUser>>;
type InviteBody = { _id: string; email: string; role: string; status: string; company: { _id: string; name: string }; invitedBy: { _id: string; username: string } | null; expiresAt: string; acceptedAt: string | null };

const call = (method: 'GET' | 'POST' | 'DELETE', url: string, who: Person | undefined, payload?: object, lang = 'fr') =>
  ctx.app.inject({ method, url, headers: { 'accept-language': lang, ...(who ? { authorization: `Bearer ${who.token}` } : {}) }, ...(payload ? { payload } : {}) });

const emailsTo = (to: string) => ctx.db.select().from(outboxEmails).where(eq(outboxEmails.to, to)).orderBy(desc(outboxEmails.createdAt));
const tokenOf = (link: string | null) => new URL(link!).searchParams.get('token')!;
/** The token of the newest invitation email sent to an address. */
const lastInviteToken = async (to: string) => tokenOf((await emailsTo(to))[0]!.link);

describe('invitations managed by a manager', () => {
  let managerA: Person;
  let managerB: Person;
  let employeeA: Person;
  let admin: Person;
  let companyA: string;
  beforeAll(async () => {
    managerA = await createUser(ctx, 'manager');
    companyA = managerA.companyId!;
    await ctx.db.update(companies).set({ name: 'Menuiserie Aubert' }).where(eq(companies.id, companyA));
    await ctx.db.update(users).set({ username: 'Anne Aubert' }).where(eq(users.id, managerA.id));
    managerB = await createUser(ctx, 'manager');
    employeeA = await createUser(ctx, 'employee', { companyId: companyA });
    admin = await createUser(ctx, 'admin');
  });

  it('invite → email in the outbox → link read → account created, verified, signed in', async () => {
    const email = uniqueEmail('recrue');
    const res = await call('POST', '/api/invites', managerA, { email: email.toUpperCase(), role: 'employee' });
    expect(res.statusCode).toBe(201);
    const body = res.json() as { msg: string; details: InviteBody };
    expect(body.msg).toBe(`Invitation envoyée à ${email}.`);
    expect(body.details).toMatchObject({ email, role: 'employee', status: 'pending', company: { _id: companyA, name: 'Menuiserie Aubert' }, invitedBy: { _id: managerA.id, username: 'Anne Aubert' }, acceptedAt: null });
    const days = (Date.parse(body.details.expiresAt) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(6.99);
    expect(days).toBeLessThanOrEqual(7);

    const [mail] = await emailsTo(email);
    expect(mail).toMatchObject({ kind: 'invitation', subject: 'Anne Aubert vous invite à rejoindre Menuiserie Aubert sur Soumissio', sentAt: null, error: null });
    expect(mail!.text).toContain('en tant que collaborateur');
    expect(mail!.link).toMatch(/^http:\/\/localhost:8080\/employee\/sign-up\?token=[A-Za-z0-9_-]{43}$/);
    const token = tokenOf(mail!.link);
    // Only the digest is stored.
    const [row] = await ctx.db.select({ tokenHash: invitations.tokenHash }).from(invitations).where(eq(invitations.id, body.details._id));
    expect(row!.tokenHash).toBe(hashInviteToken(token));
    expect(row!.tokenHash).not.toContain(token);

    const shown = await call('GET', `/api/invites/token/${token}`, undefined);
    expect(shown.statusCode).toBe(200);
    expect(shown.json()).toEqual({ email, role: 'employee', company: { name: 'Menuiserie Aubert' } });

    const registered = await accept(token);
    expect(registered.statusCode).toBe(201);
    expect(registered.json().details).toMatchObject({ primaryEmail: email, role: 'employee', emailVerified: true, company: { _id: companyA } });
    // The invitation proved the address: no verification email.
    expect((await emailsTo(email)).map((m) => m.kind)).toEqual(['invitation']);
    const newId = registered.json().details._id as string;
    expect(await ctx.db.select().from(emailTokens).where(eq(emailTokens.userId, newId))).toEqual([]);

    const login = await ctx.app.inject({ method: 'POST', url: '/api/users/login', payload: { email, password: 'Invited-Pass-1' } });
    expect(login.statusCode).toBe(200);

    const used = await call('GET', `/api/invites/token/${token}`, undefined, undefined, 'en');
    expect(used.statusCode).toBe(409);
    expect(errorOf(used).msgType).toBe('invite-used');
    const list = await call('GET', `/api/invites?search=${encodeURIComponent(email)}`, managerA);
    expect(list.json().invites[0]).toMatchObject({ email, status: 'accepted' });
    expect(list.json().invites[0].acceptedAt).not.toBeNull();
  });

  it('writes the email in the language of the inviting request', async () => {
    const email = uniqueEmail('english');
    expect((await call('POST', '/api/invites', managerA, { email, role: 'manager' }, 'en')).statusCode).toBe(201);
    const [mail] = await emailsTo(email);
    expect(mail!.subject).toBe('Anne Aubert invites you to join Menuiserie Aubert on Soumissio');
    expect(mail!.text).toContain('as manager');
  });

  it('resend: a new link valid 7 days, the old one stops working', async () => {
    const email = uniqueEmail('relance');
    const created = (await call('POST', '/api/invites', managerA, { email, role: 'employee' })).json().details as InviteBody;
    const oldToken = await lastInviteToken(email);
    await ctx.db.update(invitations).set({ expiresAt: sql`now() + interval '1 day'` }).where(eq(invitations.id, created._id));

    const res = await call('POST', `/api/invites/${created._id}/resend`, managerA, undefined, 'en');
    expect(res.statusCode).toBe(200);
    expect(res.json().msg).toBe(`Invitation sent again to ${email} with a new link valid for 7 days.`);
    expect(Date.parse(res.json().details.expiresAt) - Date.now()).toBeGreaterThan(6.99 * 86_400_000);
    expect(await emailsTo(email)).toHaveLength(2);
    const newToken = await lastInviteToken(email);
    expect(newToken).not.toBe(oldToken);

    expect((await call('GET', `/api/invites/token/${oldToken}`, undefined)).statusCode).toBe(404);
    expect((await accept(oldToken)).statusCode).toBe(404);
    expect((await call('GET', `/api/invites/token/${newToken}`, undefined)).statusCode).toBe(200);
  });

  it('revoke: the link answers 410, the invitation cannot be resent, an accepted one cannot be revoked', async () => {
    const email = uniqueEmail('revoquee');
    const created = (await call('POST', '/api/invites', managerA, { email, role: 'employee' })).json().details as InviteBody;
    const token = await lastInviteToken(email);
    const res = await call('DELETE', `/api/invites/${created._id}`, managerA);
    expect(res.statusCode).toBe(200);
    expect(res.json().msg).toBe(`Invitation de ${email} révoquée : son lien ne fonctionne plus.`);

    const shown = await call('GET', `/api/invites/token/${token}`, undefined, undefined, 'en');
    expect(shown.statusCode).toBe(410);
    expect(errorOf(shown)).toMatchObject({ msgType: 'invite-revoked', msg: 'This invitation was revoked. Ask for a new one.' });
    const before = await rowCount(ctx.db, users);
    expect((await accept(token)).statusCode).toBe(410);
    expect(await rowCount(ctx.db, users)).toBe(before);
    expect((await call('POST', `/api/invites/${created._id}/resend`, managerA)).statusCode).toBe(409);
    const list = await call('GET', '/api/invites?filterBy=revoked&perPage=all', managerA);
    expect(list.json().invites.map((i: InviteBody) => i.email)).toContain(email);

    // A revoked invitation no longer blocks a new one for the same address.
    expect((await call('POST', '/api/invites', managerA, { email, role: 'employee' })).statusCode).toBe(201);
    const accepted = (await call('GET', `/api/invites?filterBy=accepted&perPage=1`, managerA)).json().invites[0] as InviteBody;
    const refused = await call('DELETE', `/api/invites/${accepted._id}`, managerA);
    expect(refused.statusCode).toBe(409);
    expect(errorOf(refused).msgType).toBe('invite-used');
    expect((await call('POST', `/api/invites/${accepted._id}/resend`, managerA)).statusCode).toBe(409);
  });

  it('expired: status expired, link 410, resend brings it back', async () => {
    const email = uniqueEmail('expiree');
    const created = (await call('POST', '/api/invites', managerA, { email, role: 'employee' })).json().details as InviteBody;
    const token = await lastInviteToken(email);
    await ctx.db.update(invitations).set({ expiresAt: sql`now() - interval '1 minute'` }).where(eq(invitations.id, created._id));

    const list = await call('GET', '/api/invites?filterBy=expired&perPage=all', managerA);
    expect(list.json().invites.map((i: InviteBody) => [i.email, i.status])).toContainEqual([email, 'expired']);
    expect((await call('GET', '/api/invites?filterBy=pending&perPage=all', managerA)).json().invites.map((i: InviteBody) => i.email)).not.toContain(email);
    const shown = await call('GET', `/api/invites/token/${token}`, undefined);
    expect(shown.statusCode).toBe(410);
    expect(errorOf(shown).msgType).toBe('invite-expired');

    const resent = await call('POST', `/api/invites/${created._id}/resend`, managerA);
    expect(resent.statusCode).toBe(200);
    expect(resent.json().details.status).toBe('pending');
    expect((await accept(await lastInviteToken(email))).statusCode).toBe(201);
  });

  it('refuses a member of the company, or a second pending invitation, and writes nothing', async () => {
    const taken = await call('POST', '/api/invites', managerA, { email: employeeA.email.toUpperCase(), role: 'employee' }, 'en');
    expect(taken.statusCode).toBe(409);
    expect(errorOf(taken)).toMatchObject({ msgType: 'invite-already_member', msg: 'This person is already a member of your company.' });

    const email = uniqueEmail('doublon');
    expect((await call('POST', '/api/invites', managerA, { email, role: 'employee' })).statusCode).toBe(201);
    const invitesBefore = await rowCount(ctx.db, invitations);
    const emailsBefore = await rowCount(ctx.db, outboxEmails);
    const twice = await call('POST', '/api/invites', managerA, { email, role: 'manager' });
    expect(twice.statusCode).toBe(409);
    expect(errorOf(twice)).toMatchObject({ msgType: 'invite-already_pending', msg: 'Une invitation est déjà en attente pour cette adresse : renvoyez-la plutôt.' });
    expect(await rowCount(ctx.db, invitations)).toBe(invitesBefore);
    expect(await rowCount(ctx.db, outboxEmails)).toBe(emailsBefore);
    // Another company may invite the same person.
    expect((await call('POST', '/api/invites', managerB, { email, role: 'employee' })).statusCode).toBe(201);
  });

  it('employees cannot invite nor list; another company is 404', async () => {
    expect((await call('POST', '/api/invites', employeeA, { email: uniqueEmail(), role: 'employee' })).statusCode).toBe(403);
    expect((await call('GET', '/api/invites', employeeA)).statusCode).toBe(403);

    const email = uniqueEmail('secret');
    const created = (await call('POST', '/api/invites', managerA, { email, role: 'employee' })).json().details as InviteBody;
    for (const res of [
      await call('GET', `/api/invites?companyId=${companyA}`, managerB),
      await call('POST', `/api/invites/${created._id}/resend`, managerB),
      await call('DELETE', `/api/invites/${created._id}`, managerB),
      await call('POST', '/api/invites', managerB, { email: uniqueEmail(), role: 'employee', companyId: companyA }),
    ]) {
      expect(res.statusCode).toBe(404);
      expect(res.body).not.toContain(email);
    }
    const own = (await call('GET', '/api/invites?perPage=all', managerB)).json() as { invites: InviteBody[] };
    expect(own.invites.every((i) => i.company._id === managerB.companyId)).toBe(true);
    expect((await call('GET', `/api/invites/token/${await lastInviteToken(email)}`, undefined)).statusCode).toBe(200);
  });

  it('admins name the company; without it the answer is 400', async () => {
    const missing = await call('POST', '/api/invites', admin, { email: uniqueEmail(), role: 'employee' }, 'en');
    expect(missing.statusCode).toBe(400);
    expect(errorOf(missing)).toMatchObject({ msgType: 'invite-company_required', msg: 'Choose the company to invite into.' });
    const unknown = await call('POST', '/api/invites', admin, { email: uniqueEmail(), role: 'employee', companyId: '00000000-0000-4000-8000-000000000000' });
    expect(unknown.statusCode).toBe(404);
    const ok = await call('POST', '/api/invites', admin, { email: uniqueEmail('par-admin'), role: 'manager', companyId: companyA });
    expect(ok.statusCode).toBe(201);
    expect(ok.json().details).toMatchObject({ role: 'manager', company: { _id: companyA }, invitedBy: { _id: admin.id } });
    const all = (await call('GET', '/api/invites?perPage=all', admin)).json() as { invites: InviteBody[] };
    expect(new Set(all.invites.map((i) => i.company._id)).size).toBeGreaterThan(1);
  });

  it('a manager without a company cannot invite yet, and has an empty list', async () => {
    const lonely = await createUser(ctx, 'manager', { companyId: null });
    const res = await call('POST', '/api/invites', lonely, { email: uniqueEmail(), role: 'employee' });
    expect(res.statusCode).toBe(409);
    expect(errorOf(res).msgType).toBe('invite-no_company');
    expect((await call('GET', '/api/invites', lonely)).json()).toEqual({ count: 0, totalPages: 0, invites: [] });
  });

  it('lists newest first with count, totalPages, search and status filter', async () => {
    const manager = await createUser(ctx, 'manager');
    const emails = ['alpha', 'bravo', 'charlie'].map((p) => uniqueEmail(`liste-${p}`));
    for (const email of emails) expect((await call('POST', '/api/invites', manager, { email, role: 'employee' })).statusCode).toBe(201);
    const page1 = (await call('GET', '/api/invites?perPage=2&page=1', manager)).json();
    expect(page1).toMatchObject({ count: 3, totalPages: 2 });
    expect(page1.invites.map((i: InviteBody) => i.email)).toEqual([emails[2], emails[1]]);
    const page2 = (await call('GET', '/api/invites?perPage=2&page=2', manager)).json();
    expect(page2.invites.map((i: InviteBody) => i.email)).toEqual([emails[0]]);
    const found = (await call('GET', '/api/invites?search=LISTE-BRAVO', manager)).json();
    expect(found.invites.map((i: InviteBody) => i.email)).toEqual([emails[1]]);
    expect((await call('GET', '/api/invites?filterBy=accepted', manager)).json()).toEqual({ count: 0, totalPages: 0, invites: [] });
    expect((await call('GET', '/api/invites?filterBy=unknown', manager)).statusCode).toBe(400);
  });

  it('accepts one of two simultaneous sign-ups and one of two simultaneous invitations', async () => {
    const email = uniqueEmail('simultane');
    const [first, second] = await Promise.all([
      call('POST', '/api/invites', managerA, { email, role: 'employee' }),
      call('POST', '/api/invites', managerA, { email, role: 'employee' }),
    ]);
    expect([first.statusCode, second.statusCode].sort()).toEqual([201, 409]);
    expect(await emailsTo(email)).toHaveLength(1);

    const token = await lastInviteToken(email);
    const before = await rowCount(ctx.db, users);
    const answers = await Promise.all([accept(token), accept(token)]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    expect(await rowCount(ctx.db, users)).toBe(before + 1);
  });

  it('refuses a common or personal password at invitation sign-up, in French and English, leaving the invitation unused', async () => {
    const email = uniqueEmail('faible');
    await call('POST', '/api/invites', managerA, { email, role: 'employee' });
    const token = await lastInviteToken(email);
    const send = (password: string, lang: string) =>
      ctx.app.inject({ method: 'POST', url: '/api/invites/register', headers: { 'accept-language': lang }, payload: { token, username: 'Faible', password } });
    const fr = await send('Azertyuiop', 'fr');
    expect(fr.statusCode).toBe(400);
    expect(errorOf(fr)).toMatchObject({ msgType: 'password-too_common', msg: 'Ce mot de passe est trop courant. Choisissez-en un plus difficile à deviner.' });
    const en = await send('password123', 'en');
    expect(errorOf(en)).toMatchObject({ msgType: 'password-too_common', msg: 'This password is too common. Choose one that is harder to guess.' });
    const personal = await send(email.toUpperCase(), 'en');
    expect(errorOf(personal)).toMatchObject({ msgType: 'password-too_personal', msg: 'The password must not be your email address or your username.' });
    expect((await call('GET', `/api/invites/token/${token}`, undefined)).statusCode).toBe(200);
  });
});

describe('what an invitation tells about an address that has an account', () => {
  let managerA: Person;
  let managerB: Person;
  let memberB: Person;
  beforeAll(async () => {
    managerA = await createUser(ctx, 'manager');
    managerB = await createUser(ctx, 'manager');
    memberB = await createUser(ctx, 'employee', { companyId: managerB.companyId });
  });

  /** The parts of an answer that do not depend on the address or the moment. */
  const shape = (body: { msg: string; details: InviteBody }, email: string) => ({
    msg: body.msg.replace(email, '<email>'),
    details: { ...body.details, _id: '<id>', email: '<email>', expiresAt: '<date>', createdAt: '<date>' },
  });

  it('answers an account of another company exactly like a new address; that person gets an email instead of a link', async () => {
    const fresh = uniqueEmail('nouvelle');
    const newcomer = await call('POST', '/api/invites', managerA, { email: fresh, role: 'employee' }, 'en');
    const elsewhere = await call('POST', '/api/invites', managerA, { email: memberB.email, role: 'employee' }, 'en');
    expect(elsewhere.statusCode).toBe(newcomer.statusCode);
    expect(elsewhere.statusCode).toBe(201);
    expect(shape(elsewhere.json(), memberB.email)).toEqual(shape(newcomer.json(), fresh));
    // The list shows both the same way too.
    const listed = (await call('GET', '/api/invites?perPage=all&filterBy=pending', managerA)).json().invites as InviteBody[];
    expect(listed.map((i) => i.email)).toEqual(expect.arrayContaining([fresh, memberB.email]));

    const [mail] = await emailsTo(memberB.email);
    expect(mail).toMatchObject({ kind: 'invitation', link: null });
    expect(mail!.text).toContain('a Soumissio account already exists with this address');
    // Sending it again does not tell either.
    const resent = await call('POST', `/api/invites/${(elsewhere.json().details as InviteBody)._id}/resend`, managerA);
    expect(resent.statusCode).toBe(200);
    expect(resent.json().msg).toBe(`Invitation renvoyée à ${memberB.email} avec un nouveau lien valable 7 jours.`);
    expect((await emailsTo(memberB.email))[0]).toMatchObject({ link: null });
    expect((await emailsTo(memberB.email))[0]!.text).toContain('un compte Soumissio existe déjà avec cette adresse');
    // The person keeps their account where it is.
    const [row] = await ctx.db.select({ companyId: users.companyId }).from(users).where(eq(users.id, memberB.id));
    expect(row!.companyId).toBe(managerB.companyId);
  });
});

describe('a manager copies the link of an invitation they sent (no SMTP: the outbox is the delivery)', () => {
  let managerA: Person;
  let colleague: Person;
  let employeeA: Person;
  let managerB: Person;
  beforeAll(async () => {
    managerA = await createUser(ctx, 'manager');
    colleague = await createUser(ctx, 'manager', { companyId: managerA.companyId });
    employeeA = await createUser(ctx, 'employee', { companyId: managerA.companyId });
    managerB = await createUser(ctx, 'manager');
  });
  const linkOf = (id: string, who: Person, lang = 'fr') => call('GET', `/api/invites/${id}/link`, who, undefined, lang);

  it('gives the current link while the invitation is pending; a resend replaces it', async () => {
    const email = uniqueEmail('lien');
    const created = (await call('POST', '/api/invites', managerA, { email, role: 'employee' })).json().details as InviteBody;
    const res = await linkOf(created._id, managerA);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ link: (await emailsTo(email))[0]!.link, expiresAt: created.expiresAt });
    expect((await call('GET', `/api/invites/token/${tokenOf(res.json().link)}`, undefined)).statusCode).toBe(200);

    await call('POST', `/api/invites/${created._id}/resend`, managerA);
    const again = (await linkOf(created._id, managerA)).json() as { link: string };
    expect(again.link).not.toBe(res.json().link);
    expect(again.link).toBe((await emailsTo(email))[0]!.link);
  });

  it('only to its sender: a colleague or another company gets 404, an employee 403', async () => {
    const created = (await call('POST', '/api/invites', managerA, { email: uniqueEmail('lien'), role: 'employee' })).json().details as InviteBody;
    const colleagues = await linkOf(created._id, colleague, 'en');
    expect(colleagues.statusCode).toBe(404);
    expect(colleagues.body).not.toContain('token=');
    expect((await linkOf(created._id, managerB)).statusCode).toBe(404);
    expect((await linkOf(created._id, employeeA)).statusCode).toBe(403);
  });

  it('no longer once the invitation is accepted, revoked or expired', async () => {
    const email = uniqueEmail('lien');
    const accepted = (await call('POST', '/api/invites', managerA, { email, role: 'employee' })).json().details as InviteBody;
    expect((await accept(await lastInviteToken(email))).statusCode).toBe(201);
    expect(errorOf(await linkOf(accepted._id, managerA, 'en'))).toMatchObject({ msgType: 'invite-used' });

    const revoked = (await call('POST', '/api/invites', managerA, { email: uniqueEmail('lien'), role: 'employee' })).json().details as InviteBody;
    await call('DELETE', `/api/invites/${revoked._id}`, managerA);
    const refused = await linkOf(revoked._id, managerA);
    expect(refused.statusCode).toBe(409);
    expect(errorOf(refused)).toMatchObject({ msgType: 'invite-revoked', msg: 'Cette invitation a été révoquée. Demandez-en une nouvelle.' });

    const expired = (await call('POST', '/api/invites', managerA, { email: uniqueEmail('lien'), role: 'employee' })).json().details as InviteBody;
    await ctx.db.update(invitations).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(invitations.id, expired._id));
    expect(errorOf(await linkOf(expired._id, managerA))).toMatchObject({ msgType: 'invite-expired' });
  });
});
