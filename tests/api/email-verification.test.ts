import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import { and, desc, eq, sql } from 'drizzle-orm';
import { emailTokens, outboxEmails, users } from '../../server/db/schema';
import { createTestApp, errorOf, uniqueEmail, type TestContext } from './context';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({ publicUrl: 'https://soumissio.example/' });
});
afterAll(() => ctx?.close());

const register = async (lang = 'fr') => {
  const email = uniqueEmail('verif');
  const res = await ctx.app.inject({ method: 'POST', url: '/api/users/register', headers: { 'accept-language': lang }, payload: { username: 'Léa Martin', email, password: 'Verifiee-2026!' } });
  expect(res.statusCode).toBe(201);
  const body = res.json() as { token: string; details: { _id: string; emailVerified: boolean } };
  return { email, token: body.token, id: body.details._id, verified: body.details.emailVerified };
};
const verifyEmails = (to: string) =>
  ctx.db.select().from(outboxEmails).where(and(eq(outboxEmails.to, to), eq(outboxEmails.kind, 'verify_email'))).orderBy(desc(outboxEmails.createdAt));
const tokenOf = (link: string | null) => new URL(link!).searchParams.get('token')!;
const verify = (token: string, lang = 'fr') => ctx.app.inject({ method: 'POST', url: '/api/users/verify-email', headers: { 'accept-language': lang }, payload: { token } });
const resend = (token: string, lang = 'fr') =>
  ctx.app.inject({ method: 'POST', url: '/api/users/verify-email/resend', headers: { authorization: `Bearer ${token}`, 'accept-language': lang } });
const profile = async (token: string) => (await ctx.app.inject({ method: 'GET', url: '/api/users/profile', headers: { authorization: `Bearer ${token}` } })).json() as { emailVerified: boolean };

describe('email verification', () => {
  it('register sends the link; following it verifies the address, once', async () => {
    const user = await register();
    expect(user.verified).toBe(false);
    const [mail] = await verifyEmails(user.email);
    expect(mail).toMatchObject({ subject: 'Confirmez votre adresse e-mail sur Soumissio' });
    expect(mail!.text).toContain('Bonjour Léa Martin');
    // PUBLIC_URL is the base of every link, without a doubled slash.
    expect(mail!.link).toMatch(/^https:\/\/soumissio\.example\/verify-email\?token=[A-Za-z0-9_-]{43}$/);
    const [stored] = await ctx.db.select().from(emailTokens).where(eq(emailTokens.userId, user.id));
    const hours = (stored!.expiresAt.getTime() - Date.now()) / 3_600_000;
    expect(hours).toBeGreaterThan(23.9);
    expect(hours).toBeLessThanOrEqual(24);

    const res = await verify(tokenOf(mail!.link), 'en');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ msg: 'Email address verified. Thank you!' });
    expect((await profile(user.token)).emailVerified).toBe(true);

    const again = await verify(tokenOf(mail!.link));
    expect(again.statusCode).toBe(410);
    expect(errorOf(again)).toMatchObject({ msgType: 'verify-token_invalid', msg: 'Ce lien de vérification a expiré ou a déjà servi.' });

    const already = await resend(user.token, 'en');
    expect(already.statusCode).toBe(409);
    expect(errorOf(already)).toMatchObject({ msgType: 'verify-already_verified', msg: 'Your email address is already verified.' });
  });

  it('writes the email in the language of the registration', async () => {
    const user = await register('en');
    expect((await verifyEmails(user.email))[0]!.subject).toBe('Confirm your email address on Soumissio');
  });

  it('refuses an expired link with 410 and an unknown one with 400', async () => {
    const user = await register();
    const token = tokenOf((await verifyEmails(user.email))[0]!.link);
    await ctx.db.update(emailTokens).set({ expiresAt: sql`now() - interval '1 second'` }).where(eq(emailTokens.userId, user.id));
    const expired = await verify(token, 'en');
    expect(expired.statusCode).toBe(410);
    expect(errorOf(expired).msg).toBe('This verification link has expired or was already used.');
    const unknown = await verify(randomBytes(32).toString('base64url'));
    expect(unknown.statusCode).toBe(400);
    expect(errorOf(unknown)).toMatchObject({ msgType: 'verify-token_unknown', msg: "Ce lien de vérification n'est pas valide." });
    const [row] = await ctx.db.select({ at: users.emailVerifiedAt }).from(users).where(eq(users.id, user.id));
    expect(row!.at).toBeNull();
  });

  it('resends at most once a minute, and the new link works', async () => {
    const user = await register();
    const tooSoon = await resend(user.token, 'en');
    expect(tooSoon.statusCode).toBe(429);
    expect(errorOf(tooSoon)).toMatchObject({ msgType: 'verify-resend_too_soon' });
    expect(errorOf(tooSoon).msg).toMatch(/^An email was just sent\. Try again in \d+ seconds\.$/);
    expect(Number(tooSoon.headers['retry-after'])).toBeGreaterThan(0);
    expect(await verifyEmails(user.email)).toHaveLength(1);

    await ctx.db.update(emailTokens).set({ createdAt: sql`now() - interval '61 seconds'` }).where(eq(emailTokens.userId, user.id));
    const sent = await resend(user.token);
    expect(sent.statusCode).toBe(200);
    expect(sent.json().msg).toBe(`E-mail de vérification envoyé à ${user.email}.`);
    const mails = await verifyEmails(user.email);
    expect(mails).toHaveLength(2);
    expect((await verify(tokenOf(mails[0]!.link))).statusCode).toBe(200);
    expect((await profile(user.token)).emailVerified).toBe(true);
  });
});
