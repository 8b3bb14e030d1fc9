import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { users } from '../../server/db/schema';
import { buildApp } from '../../server/app';
import { createTestApp, createUser, errorOf, rowCount, signToken, uniqueEmail, type TestContext } from './context';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({ loginLimits: { perEmail: 3, perIp: 1000 } });
});
afterAll(() => ctx?.close());

const register = (payload: unknown, lang = 'fr') =>
  ctx.app.inject({ method: 'POST', url: '/api/users/register', headers: { 'accept-language': lang }, payload: payload as object });
const login = (email: string, password: string, lang = 'fr') =>
  ctx.app.inject({ method: 'POST', url: '/api/users/login', headers: { 'accept-language': lang }, payload: { email, password } });

describe('register, sign in, profile, sign out', () => {
  it('runs the whole session and refuses the token once signed out', async () => {
    const email = uniqueEmail('Marie');
    const created = await register({ username: 'Marie Curie', email, password: 'Radium-1898!' });
    expect(created.statusCode).toBe(201);
    const body = created.json();
    expect(body.msg).toBe('Compte créé. Bienvenue sur Soumissio !');
    expect(body.details).toMatchObject({ username: 'Marie Curie', primaryEmail: email.toLowerCase(), role: 'manager', company: null, profilePicture: null });
    expect(body.token).toMatch(/^ey/);

    const signedIn = await login(email.toUpperCase(), 'Radium-1898!', 'en-GB,en;q=0.9');
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json().msg).toBe('Signed in.');
    const token = signedIn.json().token as string;
    const claims = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString());
    expect(claims).toMatchObject({ sub: body.details._id, role: 'manager', companyId: null });
    expect(claims.exp - claims.iat).toBe(7 * 24 * 3600);
    expect(claims.jti).toBeTruthy();

    const profile = await ctx.app.inject({ url: '/api/users/profile', headers: { authorization: `Bearer ${token}` } });
    expect(profile.statusCode).toBe(200);
    expect(profile.json()).toEqual(body.details);

    const out = await ctx.app.inject({ method: 'POST', url: '/api/users/logout', headers: { authorization: `Bearer ${token}` } });
    expect(out.statusCode).toBe(200);
    expect(out.json().msg).toBe('Vous êtes déconnecté.');

    const after = await ctx.app.inject({ url: '/api/users/profile', headers: { authorization: `Bearer ${token}`, 'accept-language': 'en' } });
    expect(after.statusCode).toBe(401);
    expect(errorOf(after)).toMatchObject({ msg: 'You have been signed out. Please sign in again.', msgType: 'common-token_revoked', need2Logout: true });
    // The registration token is another session: still valid.
    expect((await ctx.app.inject({ url: '/api/users/profile', headers: { authorization: `Bearer ${body.token}` } })).statusCode).toBe(200);
  });

  it('stores an argon2id hash, never the password', async () => {
    const email = uniqueEmail();
    await register({ username: 'Hash', email, password: 'Some-Password-1' });
    const rows = await ctx.db.select({ email: users.email, hash: users.passwordHash }).from(users);
    const row = rows.find((r) => r.email === email.toLowerCase())!;
    expect(row.hash).toMatch(/^\$argon2id\$/);
    expect(row.hash).not.toContain('Some-Password-1');
  });

  it('treats emails case-insensitively: a second account with another case is refused', async () => {
    const email = uniqueEmail('Case');
    expect((await register({ username: 'One', email, password: 'Password-One-1' })).statusCode).toBe(201);
    const before = await rowCount(ctx.db, users);
    for (const lang of ['fr', 'en']) {
      const again = await register({ username: 'Two', email: email.toUpperCase(), password: 'Password-Two-2' }, lang);
      expect(again.statusCode).toBe(409);
      expect(errorOf(again).msg).toBe(lang === 'fr' ? 'Un compte existe déjà avec cette adresse e-mail.' : 'An account already exists with this email address.');
      // Under the form's email field.
      expect(errorOf(again).details).toEqual([{ field: 'email', msg: errorOf(again).msg }]);
    }
    expect(await rowCount(ctx.db, users)).toBe(before);
  });

  it('refuses a wrong password and an unknown email with the same message', async () => {
    const user = await createUser(ctx, 'employee');
    const wrong = await login(user.email, 'not-the-password');
    const unknown = await login(uniqueEmail('nobody'), 'whatever-password');
    for (const res of [wrong, unknown]) {
      expect(res.statusCode).toBe(401);
      expect(errorOf(res)).toMatchObject({ msg: 'E-mail ou mot de passe incorrect.', msgType: 'auth-invalid_credentials' });
      expect(errorOf(res).need2Logout).toBeUndefined();
    }
    expect(errorOf(await login(user.email, 'nope', 'en')).msg).toBe('Wrong email or password.');
  });

  it('refuses a disabled account at sign-in and its existing tokens', async () => {
    const user = await createUser(ctx, 'employee');
    const { eq } = await import('drizzle-orm');
    await ctx.db.update(users).set({ active: false }).where(eq(users.id, user.id));
    const res = await login(user.email, user.password);
    expect(res.statusCode).toBe(401);
    expect(errorOf(res).msgType).toBe('auth-account_disabled');
    const old = await ctx.app.inject({ url: '/api/users/profile', headers: { authorization: `Bearer ${user.token}` } });
    expect(old.statusCode).toBe(401);
    expect(errorOf(old)).toMatchObject({ msgType: 'auth-account_disabled', need2Logout: true });
  });

  it('limits failed sign-ins per email with a localised 429, even with the right password', async () => {
    const user = await createUser(ctx, 'employee');
    for (let i = 0; i < 3; i++) expect((await login(user.email, 'wrong-password')).statusCode).toBe(401);
    const blocked = await login(user.email, user.password);
    expect(blocked.statusCode).toBe(429);
    const email = uniqueEmail('limited');
    for (let i = 0; i < 3; i++) expect((await login(email, 'wrong-password')).statusCode).toBe(401);
    const limited = await login(email, 'wrong-password');
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    // Said in minutes (issue 10: not "dans 895 secondes").
    expect(errorOf(limited).msg).toMatch(/^Trop de tentatives\. Réessayez dans \d+ minutes\.$/);
    expect(errorOf(await login(email, 'wrong-password', 'en')).msg).toMatch(/^Too many attempts\. Try again in \d+ minutes\.$/);
  });

  it('does not count successful sign-ins against the limit', async () => {
    const user = await createUser(ctx, 'manager');
    for (let i = 0; i < 5; i++) expect((await login(user.email, user.password)).statusCode).toBe(200);
  });

  it('limits failed sign-ins per client IP across emails', async () => {
    const limited = await buildApp({ db: ctx.db, dbKind: ctx.dbKind, jwtSecret: ctx.jwtSecret, loginLimits: { perEmail: 100, perIp: 2 } });
    try {
      // An address of its own: the counts are shared through the database with the other app's failures.
      const attempt = (email: string) => limited.inject({ method: 'POST', url: '/api/users/login', remoteAddress: '192.0.2.44', payload: { email, password: 'wrong-password' } });
      expect((await attempt(uniqueEmail())).statusCode).toBe(401);
      expect((await attempt(uniqueEmail())).statusCode).toBe(401);
      expect((await attempt(uniqueEmail())).statusCode).toBe(429);
    } finally {
      await limited.close();
    }
  });
});

describe('bad input gets a 4xx, a localised msg and writes nothing', () => {
  const valid = () => ({ username: 'Valide', email: uniqueEmail('bad'), password: 'Long-enough-1' });
  type Case = { name: string; status: number; fr: RegExp | string; en: RegExp | string; send: (lang: string) => ReturnType<typeof register> };
  const raw = (lang: string, payload: string | Buffer, type: string) =>
    ctx.app.inject({ method: 'POST', url: '/api/users/register', headers: { 'accept-language': lang, 'content-type': type }, payload });
  const cases: Case[] = [
    { name: 'malformed JSON', status: 400, fr: "Le corps de la requête n'est pas un JSON valide.", en: 'The request body is not valid JSON.', send: (l) => raw(l, '{"username": "x",', 'application/json') },
    { name: 'wrong content type', status: 415, fr: 'Format de requête non pris en charge.', en: 'Unsupported request format.', send: (l) => raw(l, 'username=x', 'application/x-www-form-urlencoded') },
    { name: 'text/plain body', status: 415, fr: 'Format de requête non pris en charge.', en: 'Unsupported request format.', send: (l) => raw(l, JSON.stringify(valid()), 'text/plain') },
    {
      name: 'body over 1 MB',
      status: 413,
      fr: 'La requête est trop volumineuse.',
      en: 'The request is too large.',
      send: (l) => raw(l, JSON.stringify({ ...valid(), username: 'x'.repeat(1_100_000) }), 'application/json'),
    },
    { name: 'unknown field', status: 400, fr: "Le champ « Rôle » n'est pas accepté.", en: 'The field “Role” is not accepted.', send: (l) => register({ ...valid(), role: 'admin' }, l) },
    { name: 'mistyped field', status: 400, fr: "Le champ « Nom d'utilisateur » n'a pas le bon type.", en: 'The field “Username” has the wrong type.', send: (l) => register({ ...valid(), username: 12345 }, l) },
    { name: 'missing field', status: 400, fr: 'Le champ « Mot de passe » est obligatoire.', en: 'The field “Password” is required.', send: (l) => register({ username: 'Valide', email: uniqueEmail() }, l) },
    { name: 'short password', status: 400, fr: 'Le champ « Mot de passe » doit contenir au moins 10 caractères.', en: 'The field “Password” must have at least 10 characters.', send: (l) => register({ ...valid(), password: 'short' }, l) },
    { name: 'invalid email', status: 400, fr: 'Le champ « Adresse e-mail » doit être une adresse e-mail valide.', en: 'The field “Email address” must be a valid email address.', send: (l) => register({ ...valid(), email: 'not-an-email' }, l) },
  ];

  for (const c of cases) {
    it(`${c.name} → ${c.status}`, async () => {
      const before = await rowCount(ctx.db, users);
      for (const [lang, expected] of [['fr', c.fr], ['en', c.en]] as const) {
        const res = await c.send(lang);
        expect(res.statusCode).toBe(c.status);
        expect(res.headers['content-type']).toMatch(/^application\/json/);
        expect(errorOf(res).msg).toMatch(typeof expected === 'string' ? new RegExp(`^${expected.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`) : expected);
      }
      expect(await rowCount(ctx.db, users)).toBe(before);
    });
  }

  it('refuses a missing body', async () => {
    const res = await ctx.app.inject({ method: 'POST', url: '/api/users/login', headers: { 'accept-language': 'en' } });
    expect(res.statusCode).toBe(400);
    expect(errorOf(res).msg).toBe('The request contains invalid data.');
    const nullBody = await raw('fr', 'null', 'application/json');
    expect(nullBody.statusCode).toBe(400);
    expect(errorOf(nullBody).msg).toBe('La requête contient des données invalides.');
  });

  it('lists every invalid field in details, each localised', async () => {
    const res = await register({ username: '', email: 'x', password: 'short', extra: true }, 'en');
    expect(res.statusCode).toBe(400);
    const fields = errorOf(res).details!.map((d) => d.field).sort();
    expect(fields).toEqual(['email', 'extra', 'password', 'username']);
    for (const d of errorOf(res).details!) expect(d.msg).toMatch(/^The field “[\w ]+”/);
  });

  it('refuses a forged token (fr and en), with need2Logout', async () => {
    const user = await createUser(ctx, 'manager');
    const forged = await signToken(ctx, { sub: user.id, role: 'admin', exp: Math.floor(Date.now() / 1000) + 3600, secret: 'not-the-server-secret' });
    for (const [lang, msg] of [['fr', 'Session invalide. Veuillez vous reconnecter.'], ['en', 'Invalid session. Please sign in again.']]) {
      const res = await ctx.app.inject({ url: '/api/users/profile', headers: { authorization: `Bearer ${forged}`, 'accept-language': lang! } });
      expect(res.statusCode).toBe(401);
      expect(errorOf(res)).toMatchObject({ msg, msgType: 'common-token_invalid', need2Logout: true });
    }
    const garbage = await ctx.app.inject({ url: '/api/users/profile', headers: { authorization: 'Bearer abc.def.ghi' } });
    expect(errorOf(garbage)).toMatchObject({ msgType: 'common-token_invalid', need2Logout: true });
  });

  it('refuses an expired token (fr and en), with need2Logout', async () => {
    const user = await createUser(ctx, 'manager');
    const expired = await signToken(ctx, { sub: user.id, role: 'manager', exp: Math.floor(Date.now() / 1000) - 60 });
    for (const [lang, msg] of [['fr', 'Votre session a expiré. Veuillez vous reconnecter.'], ['en', 'Your session has expired. Please sign in again.']]) {
      const res = await ctx.app.inject({ url: '/api/users/profile', headers: { authorization: `Bearer ${expired}`, 'accept-language': lang! } });
      expect(res.statusCode).toBe(401);
      expect(errorOf(res)).toMatchObject({ msg, msgType: 'common-token_expired', need2Logout: true });
    }
  });

  it('refuses a well-signed token of a user that does not exist', async () => {
    const token = await signToken(ctx, { sub: randomUUID(), role: 'admin', exp: Math.floor(Date.now() / 1000) + 3600 });
    const res = await ctx.app.inject({ url: '/api/users/profile', headers: { authorization: `Bearer ${token}` } });
    expect(res.statusCode).toBe(401);
    expect(errorOf(res).need2Logout).toBe(true);
  });

  it('answers a missing token with a localised 401 and need2Logout', async () => {
    const res = await ctx.app.inject({ url: '/api/users/profile', headers: { 'accept-language': 'en;q=0.8, fr;q=0.9' } });
    expect(res.statusCode).toBe(401);
    expect(errorOf(res)).toMatchObject({ msg: 'Vous devez être connecté.', need2Logout: true });
  });
});
