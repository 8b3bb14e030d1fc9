import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer, type AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { emailTokens, outboxEmails } from '../../server/db/schema';
import { digestToken } from '../../server/auth/one-time-tokens';
import { createTestApp, createUser, uniqueEmail, type TestContext } from './context';
import { startSmtpSink } from './smtp-sink';

const register = (ctx: TestContext, email: string) =>
  ctx.app.inject({ method: 'POST', url: '/api/users/register', headers: { 'accept-language': 'fr' }, payload: { username: 'Hugo Petit', email, password: 'Courrier-Sortant-1' } });

/** A port where nothing listens: taken, then released. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

describe('emails through SMTP', () => {
  let sink: Awaited<ReturnType<typeof startSmtpSink>>;
  let ctx: TestContext;
  beforeAll(async () => {
    sink = await startSmtpSink();
    ctx = await createTestApp({ mail: { smtpUrl: sink.url, from: 'Soumissio <bonjour@soumissio.test>' } });
  });
  afterAll(async () => {
    await ctx?.close();
    await sink?.close();
  });

  it('sends the email and marks the outbox row sent, keeping no link', async () => {
    const email = uniqueEmail('smtp');
    expect((await register(ctx, email)).statusCode).toBe(201);
    await ctx.app.mailer.idle();
    const [row] = await ctx.db.select().from(outboxEmails).where(eq(outboxEmails.to, email));
    expect(row!.sentAt).toBeInstanceOf(Date);
    expect(row!.error).toBeNull();
    const received = sink.received.find((m) => m.to.some((to) => to.includes(email)));
    expect(received).toBeDefined();
    expect(received!.from).toContain('bonjour@soumissio.test');
    // The link is in the message (quoted-printable may wrap long lines with a trailing '=') and
    // works; the outbox, a sent log here, no longer holds it.
    const body = received!.data.replace(/=\r\n/g, '');
    const token = /verify-email\?token=3D([A-Za-z0-9_-]{43})/.exec(body)?.[1];
    expect(token).toBeDefined();
    expect(await ctx.db.select({ id: emailTokens.id }).from(emailTokens).where(eq(emailTokens.tokenHash, digestToken(token!)))).toHaveLength(1);
    expect(body).toMatch(/^Subject: Confirmez votre adresse e-mail sur Soumissio$/m);
    expect(row!.link).toBeNull();
    expect(JSON.stringify(row)).not.toContain(token);
  });

  it('shows admins no link, and gives a manager no copy of an invitation link', async () => {
    const admin = await createUser(ctx, 'admin');
    const manager = await createUser(ctx, 'manager');
    const email = uniqueEmail('smtp-copie');
    const created = await ctx.app.inject({ method: 'POST', url: '/api/invites', headers: { authorization: `Bearer ${manager.token}` }, payload: { email, role: 'employee' } });
    // Even before the email has gone, the list shows no link.
    const early = await ctx.app.inject({ method: 'GET', url: '/api/admin/outbox?perPage=all', headers: { authorization: `Bearer ${admin.token}` } });
    expect(early.json()).toMatchObject({ delivery: 'smtp' });
    expect((early.json() as { emails: { link: string | null }[] }).emails.every((m) => m.link === null)).toBe(true);
    await ctx.app.mailer.idle();
    const copy = await ctx.app.inject({ method: 'GET', url: `/api/invites/${created.json().details._id}/link`, headers: { authorization: `Bearer ${manager.token}`, 'accept-language': 'en' } });
    expect(copy.statusCode).toBe(409);
    expect(copy.json()).toMatchObject({ msgType: 'invite-link_not_kept', msg: 'This link was sent by email and is not kept. Send the invitation again if the person did not get it.' });
    const [row] = await ctx.db.select().from(outboxEmails).where(eq(outboxEmails.to, email));
    expect(row!.link).toBeNull();
  });

  it('sends invitations too, without holding the answer', async () => {
    const manager = await createUser(ctx, 'manager');
    const email = uniqueEmail('smtp-invite');
    const res = await ctx.app.inject({ method: 'POST', url: '/api/invites', headers: { authorization: `Bearer ${manager.token}` }, payload: { email, role: 'employee' } });
    expect(res.statusCode).toBe(201);
    await ctx.app.mailer.idle();
    expect(sink.received.some((m) => m.to.some((to) => to.includes(email)))).toBe(true);
  });
});

describe('SMTP server down', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp({ mail: { smtpUrl: `smtp://127.0.0.1:${await closedPort()}` } });
  });
  afterAll(() => ctx?.close());

  it('still answers the request; the outbox row keeps the email and the error, not the link', async () => {
    const email = uniqueEmail('smtp-down');
    const res = await register(ctx, email);
    expect(res.statusCode).toBe(201);
    await ctx.app.mailer.idle();
    const [row] = await ctx.db.select().from(outboxEmails).where(eq(outboxEmails.to, email));
    expect(row).toMatchObject({ kind: 'verify_email', sentAt: null });
    expect(row!.error).toMatch(/ECONNREFUSED|connect/i);
    expect(row!.link).toBeNull();
  });
});
