import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer, type AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { outboxEmails } from '../../server/db/schema';
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

  it('sends the email and marks the outbox row sent', async () => {
    const email = uniqueEmail('smtp');
    expect((await register(ctx, email)).statusCode).toBe(201);
    await ctx.app.mailer.idle();
    const [row] = await ctx.db.select().from(outboxEmails).where(eq(outboxEmails.to, email));
    expect(row!.sentAt).toBeInstanceOf(Date);
    expect(row!.error).toBeNull();
    const received = sink.received.find((m) => m.to.some((to) => to.includes(email)));
    expect(received).toBeDefined();
    expect(received!.from).toContain('bonjour@soumissio.test');
    // The link is in the message (quoted-printable may wrap long lines with a trailing '=').
    const body = received!.data.replace(/=\r\n/g, '');
    expect(body).toContain(row!.link!.replace(/=/g, '=3D'));
    expect(body).toMatch(/^Subject: Confirmez votre adresse e-mail sur Soumissio$/m);
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

  it('still answers the request; the outbox row keeps the email and the error', async () => {
    const email = uniqueEmail('smtp-down');
    const res = await register(ctx, email);
    expect(res.statusCode).toBe(201);
    await ctx.app.mailer.idle();
    const [row] = await ctx.db.select().from(outboxEmails).where(eq(outboxEmails.to, email));
    expect(row).toMatchObject({ kind: 'verify_email', sentAt: null });
    expect(row!.error).toMatch(/ECONNREFUSED|connect/i);
    expect(row!.link).toContain('/verify-email?token=');
  });
});
