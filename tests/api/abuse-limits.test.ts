// Registration is limited per client IP, invitations per sender and per company: a burst of
// sign-ups or of invitations stops with 429 and a localised msg, and writes nothing more.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users, invitations } from '../../server/db/schema';
import { createTestApp, createUser, errorOf, rowCount, uniqueEmail, type TestContext } from './context';

const registration = (ctx: TestContext, remoteAddress = '203.0.113.7', lang = 'fr') =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/users/register',
    remoteAddress,
    headers: { 'accept-language': lang },
    payload: { username: 'Rafale', email: uniqueEmail('rafale'), password: 'Inscription-Rafale-2026' },
  });

describe('registration with the default limits', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(() => ctx?.close());

  it('a burst of 40 registrations from one address creates at most 10 accounts', async () => {
    const before = await rowCount(ctx.db, users);
    const answers = [];
    for (let i = 0; i < 40; i++) answers.push((await registration(ctx)).statusCode);
    expect(answers.filter((s) => s === 201)).toHaveLength(10);
    expect(answers.filter((s) => s === 429)).toHaveLength(30);
    expect(await rowCount(ctx.db, users)).toBe(before + 10);
  });
});

describe('registration and invitation limits (configured small)', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp({ registerLimits: { perIp: 2 }, inviteLimits: { perUser: 2, perCompany: 3 } });
  });
  afterAll(() => ctx?.close());

  it('refuses registrations past the limit of an address with 429, Retry-After and a msg in both languages; other addresses go on', async () => {
    expect((await registration(ctx, '198.51.100.1')).statusCode).toBe(201);
    // A refused attempt counts too: probing which addresses have an account is limited the same way.
    const weak = await ctx.app.inject({ method: 'POST', url: '/api/users/register', remoteAddress: '198.51.100.1', payload: { username: 'Sonde', email: uniqueEmail('sonde'), password: 'aaaaaaaaaa' } });
    expect(errorOf(weak).msgType).toBe('password-too_weak');
    const before = await rowCount(ctx.db, users);
    const fr = await registration(ctx, '198.51.100.1');
    expect(fr.statusCode).toBe(429);
    expect(Number(fr.headers['retry-after'])).toBeGreaterThan(3000);
    expect(errorOf(fr)).toMatchObject({ msgType: 'common-too_many_requests' });
    expect(errorOf(fr).msg).toMatch(/^Trop de tentatives/);
    expect(errorOf(await registration(ctx, '198.51.100.1', 'en')).msg).toMatch(/^Too many attempts/);
    expect(await rowCount(ctx.db, users)).toBe(before);
    expect((await registration(ctx, '198.51.100.2')).statusCode).toBe(201);
  });

  it('limits invitations per sender and per company, resends included, and writes nothing past them', async () => {
    const manager = await createUser(ctx, 'manager');
    const colleague = await createUser(ctx, 'manager', { companyId: manager.companyId });
    const other = await createUser(ctx, 'manager');
    const invite = (who: typeof manager, lang = 'fr') =>
      ctx.app.inject({ method: 'POST', url: '/api/invites', headers: { authorization: `Bearer ${who.token}`, 'accept-language': lang }, payload: { email: uniqueEmail('vague'), role: 'employee' } });

    const first = await invite(manager);
    expect(first.statusCode).toBe(201);
    const resent = await ctx.app.inject({ method: 'POST', url: `/api/invites/${first.json().details._id}/resend`, headers: { authorization: `Bearer ${manager.token}` } });
    expect(resent.statusCode).toBe(200);
    const before = await rowCount(ctx.db, invitations);
    const third = await invite(manager, 'en');
    expect(third.statusCode).toBe(429);
    expect(errorOf(third)).toMatchObject({ msgType: 'common-too_many_requests' });
    expect(errorOf(third).msg).toMatch(/^Too many attempts/);
    expect(third.headers['retry-after']).toBeDefined();
    // The company has one invitation left: the colleague uses it, then the company is stopped too.
    expect((await invite(colleague)).statusCode).toBe(201);
    expect((await invite(colleague)).statusCode).toBe(429);
    expect(await rowCount(ctx.db, invitations)).toBe(before + 1);
    // Another company is not slowed.
    expect((await invite(other)).statusCode).toBe(201);
  });
});
