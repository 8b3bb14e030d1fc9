import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import { and, desc, eq, sql } from 'drizzle-orm';
import { emailTokens, outboxEmails, users } from '../../server/db/schema';
import { estimatePassword, passwordProblem } from '../../server/auth/password-policy';
import { DEMO_ACCOUNTS } from '../../server/db/seed';
import { createTestApp, createUser, errorOf, rowCount, uniqueEmail, type TestContext } from './context';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx?.close());

type Person = Awaited<ReturnType<typeof createUser>>;

const post = (url: string, payload: object, lang = 'fr') => ctx.app.inject({ method: 'POST', url, headers: { 'accept-language': lang }, payload });
const login = (email: string, password: string) => post('/api/users/login', { email, password });
const profile = (token: string) => ctx.app.inject({ method: 'GET', url: '/api/users/profile', headers: { authorization: `Bearer ${token}` } });
const forgot = async (email: string, lang = 'fr') => {
  const res = await post('/api/users/password/forgot', { email }, lang);
  // The lookup and the email happen after the answer.
  await ctx.app.mailer.idle();
  return res;
};
const resetEmails = (to: string) =>
  ctx.db.select().from(outboxEmails).where(and(eq(outboxEmails.to, to), eq(outboxEmails.kind, 'reset_password'))).orderBy(desc(outboxEmails.createdAt));
const tokenOf = (link: string | null) => new URL(link!).searchParams.get('token')!;
const changePassword = (who: Person, body: object, lang = 'fr') =>
  ctx.app.inject({ method: 'PATCH', url: '/api/users/password', headers: { authorization: `Bearer ${who.token}`, 'accept-language': lang }, payload: body });

describe('forgot and reset password', () => {
  it('forgot → link in the outbox → reset → older sessions end, old password refused, new one works, link used once', async () => {
    const user = await createUser(ctx, 'manager');
    const otherDevice = (await login(user.email, user.password)).json().token as string;

    const res = await forgot(user.email.toUpperCase());
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ msg: 'Si un compte existe avec cette adresse, un e-mail vient de lui être envoyé.' });
    const [mail] = await resetEmails(user.email);
    expect(mail).toMatchObject({ subject: 'Réinitialisation de votre mot de passe Soumissio', sentAt: null });
    expect(mail!.link).toMatch(/^http:\/\/localhost:8080\/reset-password\?token=[A-Za-z0-9_-]{43}$/);
    const token = tokenOf(mail!.link);
    const [stored] = await ctx.db.select().from(emailTokens).where(eq(emailTokens.userId, user.id));
    expect(stored!.tokenHash).not.toBe(token);
    const minutes = (stored!.expiresAt.getTime() - Date.now()) / 60_000;
    expect(minutes).toBeGreaterThan(59);
    expect(minutes).toBeLessThanOrEqual(60);

    const done = await post('/api/users/password/reset', { token, password: 'Nouveau-Depart-2026' });
    expect(done.statusCode).toBe(200);
    expect(done.json().msg).toBe('Mot de passe modifié. Vous pouvez vous connecter.');

    for (const old of [user.token, otherDevice]) {
      const refused = await profile(old);
      expect(refused.statusCode).toBe(401);
      expect(errorOf(refused)).toMatchObject({ msgType: 'auth-password_changed_sign_in', need2Logout: true });
    }
    expect((await login(user.email, user.password)).statusCode).toBe(401);
    const fresh = await login(user.email, 'Nouveau-Depart-2026');
    expect(fresh.statusCode).toBe(200);
    const after = await profile(fresh.json().token);
    expect(after.statusCode).toBe(200);
    // The emailed link proved the address too.
    expect(after.json().emailVerified).toBe(true);

    const again = await post('/api/users/password/reset', { token, password: 'Encore-Autre-2026' }, 'en');
    expect(again.statusCode).toBe(410);
    expect(errorOf(again)).toMatchObject({ msgType: 'password-reset_token_invalid', msg: 'This link has expired or was already used. Ask for a new one.' });
    expect((await login(user.email, 'Nouveau-Depart-2026')).statusCode).toBe(200);
  });

  it('answers an unknown address exactly like a known one, and sends nothing', async () => {
    const user = await createUser(ctx, 'employee');
    const before = await rowCount(ctx.db, outboxEmails);
    const unknown = await forgot(uniqueEmail('personne'), 'en');
    const known = await forgot(user.email, 'en');
    expect(unknown.statusCode).toBe(200);
    expect(unknown.body).toBe(known.body);
    expect(unknown.json().msg).toBe('If an account exists with this address, an email has just been sent to it.');
    expect(await rowCount(ctx.db, outboxEmails)).toBe(before + 1);
    expect((await resetEmails(user.email))[0]!.subject).toBe('Reset your Soumissio password');
  });

  it('sends at most 3 reset emails per address and hour, with the same answer beyond', async () => {
    const user = await createUser(ctx, 'employee');
    const answers = [];
    for (let i = 0; i < 5; i++) answers.push((await forgot(user.email)).body);
    expect(new Set(answers).size).toBe(1);
    expect(await resetEmails(user.email)).toHaveLength(3);
    // An hour later, one more is allowed.
    await ctx.db.update(emailTokens).set({ createdAt: sql`now() - interval '61 minutes'` }).where(eq(emailTokens.userId, user.id));
    await forgot(user.email);
    expect(await resetEmails(user.email)).toHaveLength(4);
  });

  it('refuses an expired link with 410, an unknown one with 400, a weak new password with 400, leaving the password as it was', async () => {
    const user = await createUser(ctx, 'employee');
    await forgot(user.email);
    const token = tokenOf((await resetEmails(user.email))[0]!.link);

    const common = await post('/api/users/password/reset', { token, password: 'qwertyuiop' }, 'en');
    expect(common.statusCode).toBe(400);
    expect(errorOf(common).msgType).toBe('password-too_common');
    const personal = await post('/api/users/password/reset', { token, password: user.email }, 'fr');
    expect(errorOf(personal)).toMatchObject({ msgType: 'password-too_personal', msg: "Le mot de passe ne doit pas être votre adresse e-mail ni votre nom d'utilisateur." });

    await ctx.db.update(emailTokens).set({ expiresAt: sql`now() - interval '1 second'` }).where(eq(emailTokens.userId, user.id));
    const expired = await post('/api/users/password/reset', { token, password: 'Trop-Tard-2026' });
    expect(expired.statusCode).toBe(410);
    expect(errorOf(expired).msg).toBe('Ce lien a expiré ou a déjà servi. Demandez-en un nouveau.');

    const unknown = await post('/api/users/password/reset', { token: randomBytes(32).toString('base64url'), password: 'Inconnu-Lien-2026' }, 'en');
    expect(unknown.statusCode).toBe(400);
    expect(errorOf(unknown)).toMatchObject({ msgType: 'password-reset_token_unknown', msg: 'This reset link is not valid. Open the full link from the email.' });

    expect((await login(user.email, user.password)).statusCode).toBe(200);
    expect((await profile(user.token)).statusCode).toBe(200);
  });
});

describe('change password', () => {
  it('requires the current password', async () => {
    const user = await createUser(ctx, 'employee');
    const fr = await changePassword(user, { currentPassword: 'pas-le-bon-mot', newPassword: 'Tout-Nouveau-2026' });
    expect(fr.statusCode).toBe(400);
    expect(errorOf(fr)).toMatchObject({ msgType: 'password-current_wrong', msg: 'Le mot de passe actuel est incorrect.', details: [{ field: 'currentPassword', msg: 'Le mot de passe actuel est incorrect.' }] });
    const en = await changePassword(user, { currentPassword: 'not-the-one', newPassword: 'Tout-Nouveau-2026' }, 'en');
    expect(errorOf(en).msg).toBe('The current password is wrong.');
    expect(errorOf(en).need2Logout).toBeUndefined();
    expect((await login(user.email, user.password)).statusCode).toBe(200);
  });

  it('keeps this session, ends the others, and refuses common passwords', async () => {
    const user = await createUser(ctx, 'manager');
    const other = (await login(user.email, user.password)).json().token as string;
    const common = await changePassword(user, { currentPassword: user.password, newPassword: 'Password123' }, 'en');
    expect(common.statusCode).toBe(400);
    expect(errorOf(common).msg).toBe('This password is too common. Choose one that is harder to guess.');

    const res = await changePassword(user, { currentPassword: user.password, newPassword: 'Change-Reussi-2026' });
    expect(res.statusCode).toBe(200);
    expect(res.json().msg).toBe('Mot de passe modifié. Vos autres sessions ont été déconnectées.');
    expect((await profile(user.token)).statusCode).toBe(200);
    const ended = await profile(other);
    expect(ended.statusCode).toBe(401);
    expect(errorOf(ended).need2Logout).toBe(true);
    expect((await login(user.email, user.password)).statusCode).toBe(401);
    const next = await login(user.email, 'Change-Reussi-2026');
    expect(next.statusCode).toBe(200);
    expect((await profile(next.json().token)).statusCode).toBe(200);
  });

  it('makes an earlier reset link useless', async () => {
    const user = await createUser(ctx, 'employee');
    await forgot(user.email);
    const token = tokenOf((await resetEmails(user.email))[0]!.link);
    expect((await changePassword(user, { currentPassword: user.password, newPassword: 'Choisi-Avant-2026' })).statusCode).toBe(200);
    expect((await post('/api/users/password/reset', { token, password: 'Lien-Ancien-2026' })).statusCode).toBe(410);
  });
});

describe('password rules', () => {
  it('refuses common passwords at registration in French and English, and creates nothing', async () => {
    const before = await rowCount(ctx.db, users);
    const emailsBefore = await rowCount(ctx.db, outboxEmails);
    const fr = await post('/api/users/register', { username: 'Courant', email: uniqueEmail('courant'), password: '1234567890' });
    expect(fr.statusCode).toBe(400);
    expect(errorOf(fr)).toMatchObject({ msgType: 'password-too_common', msg: 'Ce mot de passe est trop courant. Choisissez-en un plus difficile à deviner.' });
    const en = await post('/api/users/register', { username: 'Common', email: uniqueEmail('common'), password: 'MotDePasse123' }, 'en');
    expect(errorOf(en)).toMatchObject({ msgType: 'password-too_common', msg: 'This password is too common. Choose one that is harder to guess.' });
    const personal = await post('/api/users/register', { username: 'Jean-Baptiste Lemoine', email: uniqueEmail('jb'), password: 'jean-baptiste lemoine' }, 'en');
    expect(errorOf(personal).msgType).toBe('password-too_personal');
    expect(await rowCount(ctx.db, users)).toBe(before);
    expect(await rowCount(ctx.db, outboxEmails)).toBe(emailsBefore);
  });

  it('refuses easily guessed passwords with the estimator’s advice, in French and English, and creates nothing', async () => {
    const before = await rowCount(ctx.db, users);
    for (const password of ['          ', 'aaaaaaaaaa', 'Password1!']) {
      const res = await post('/api/users/register', { username: 'Faible', email: uniqueEmail('faible'), password });
      expect(res.statusCode, password).toBe(400);
      const body = errorOf(res);
      expect(body.msgType).toBe('password-too_weak');
      // The sentence, then at least one piece of advice.
      expect(body.msg).toMatch(/^Ce mot de passe est trop facile à deviner\. \S.{10,}/);
      expect(body.details).toEqual([{ field: 'password', msg: body.msg }]);
    }
    const en = await post('/api/users/register', { username: 'Weak', email: uniqueEmail('weak'), password: 'aaaaaaaaaa' }, 'en');
    expect(errorOf(en).msg).toBe('This password is too easy to guess. Repeated characters like "aaa" are easy to guess. Add more words that are less common. Avoid repeated words and characters.');
    expect(await rowCount(ctx.db, users)).toBe(before);
  });

  it('counts the person’s own name and address as easy to guess', async () => {
    const person = { email: 'marguerite.delacroix@example.fr', username: 'Marguerite Delacroix' };
    expect((await estimatePassword('Delacroix1987!', { email: 'x@example.fr' })).score).toBeGreaterThanOrEqual(3);
    expect(await passwordProblem('Delacroix1987!', person)).toBe('password-too_weak');
    const res = await post('/api/users/register', { ...person, email: uniqueEmail('marguerite.delacroix'), password: 'Delacroix1987!' });
    expect(errorOf(res).msgType).toBe('password-too_weak');
  });

  it('refuses a weak new password on change and reset, naming the field', async () => {
    const user = await createUser(ctx, 'employee');
    const changed = await changePassword(user, { currentPassword: user.password, newPassword: 'Password1!' }, 'en');
    expect(changed.statusCode).toBe(400);
    expect(errorOf(changed)).toMatchObject({ msgType: 'password-too_weak', details: [{ field: 'newPassword' }] });
    await forgot(user.email);
    const token = tokenOf((await resetEmails(user.email))[0]!.link);
    const reset = await post('/api/users/password/reset', { token, password: 'aaaaaaaaaa' });
    expect(errorOf(reset)).toMatchObject({ msgType: 'password-too_weak', details: [{ field: 'password' }] });
    expect((await login(user.email, user.password)).statusCode).toBe(200);
  });

  it('accepts the demo accounts’ passwords', async () => {
    for (const account of Object.values(DEMO_ACCOUNTS)) expect(await passwordProblem(account.password, account), account.email).toBeUndefined();
  });

  it('checks length, the shipped list (case-insensitive) and personal data', async () => {
    const person = { email: 'camille.durand@example.fr', username: 'Camille' };
    expect(await passwordProblem('court', person)).toBe('form-password_length');
    expect(await passwordProblem('x'.repeat(129), person)).toBe('form-password_length');
    expect(await passwordProblem('QWERTYUIOP', person)).toBe('password-too_common');
    expect(await passwordProblem('azerty123456', person)).toBe('password-too_common');
    expect(await passwordProblem('Camille.Durand@example.fr', person)).toBe('password-too_personal');
    expect(await passwordProblem('camille.durand', person)).toBe('password-too_personal');
    expect(await passwordProblem('Lavande-Nocturne-7', person)).toBeUndefined();
  });
});
