// A request that fails in the database is logged with what helps (the statement, the SQLSTATE,
// the constraint) and without what the statement carried: no parameter, no password hash, no row.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { createTestApp, createUser, errorOf, uniqueEmail, type TestContext } from './context';

let ctx: TestContext;
let victim: Awaited<ReturnType<typeof createUser>>;
const NAME = 'Fuite de journal';
const NEW_PASSWORD = 'Cheval-Agrafe-Batterie-1987';

beforeAll(async () => {
  ctx = await createTestApp({ captureLogs: true });
  victim = await createUser(ctx, 'manager');
  await ctx.db.execute(sql`update users set username = ${NAME} where id = ${victim.id}`);
  // A real failure inside PostgreSQL on any write of a user with this name (rows already there are
  // not checked: NOT VALID), as a constraint the handlers do not expect would produce.
  await ctx.db.execute(sql.raw(`alter table users add constraint log_redaction_probe check (username <> '${NAME}') not valid`));
});
afterAll(async () => ctx?.close());

const logText = () => JSON.stringify(ctx.logLines);

describe('the log line of a request that failed in the database', () => {
  it('registering: no email, no name, no hash, no failing row', async () => {
    ctx.logLines.length = 0;
    const email = uniqueEmail('fuite');
    const res = await ctx.app.inject({ method: 'POST', url: '/api/users/register', headers: { 'accept-language': 'en' }, payload: { username: NAME, email, password: NEW_PASSWORD } });
    expect(res.statusCode).toBe(500);
    expect(errorOf(res).msgType).toBe('common-internal_server_error');
    await ctx.app.mailer.idle();
    const failed = ctx.logLines.find((line) => line.msg === 'request failed');
    // What is kept says where it broke.
    expect(failed).toMatchObject({ statusCode: 500, url: '/api/users/register', err: { query: expect.stringMatching(/insert into "users"/i), cause: { code: '23514' } } });
    const text = logText();
    expect(text).toContain('log_redaction_probe');
    for (const secret of [email, NAME, NEW_PASSWORD, '$argon2', 'Failing row', 'params']) expect(text).not.toContain(secret);
  });

  it('changing a password: neither the new hash nor the user row', async () => {
    ctx.logLines.length = 0;
    const res = await ctx.app.inject({
      method: 'PATCH',
      url: '/api/users/password',
      headers: { authorization: `Bearer ${victim.token}` },
      payload: { currentPassword: victim.password, newPassword: NEW_PASSWORD },
    });
    expect(res.statusCode).toBe(500);
    await ctx.app.mailer.idle();
    expect(ctx.logLines.some((line) => line.msg === 'request failed')).toBe(true);
    const text = logText();
    for (const secret of [victim.email, NAME, NEW_PASSWORD, '$argon2', 'Failing row', 'params']) expect(text).not.toContain(secret);
  });
});

// Issue 24: the credentials a URL carries. The calendar feed's secret (no expiry) and the token of
// every email link were logged in full; only the invitation's path was masked.
describe('credentials in the address of a request', () => {
  const secret = () => randomBytes(24).toString('base64url');

  it('the calendar feed, the invitation page and every email link: the line keeps the address, masked', async () => {
    const pages = await createTestApp({ captureLogs: true, withStatic: true });
    try {
      const feed = secret();
      const invite = secret();
      const links = { '/reset-password': secret(), '/verify-email': secret(), '/employee/sign-up': secret(), '/alerts/unsubscribe': secret() };
      const requests = [
        { url: `/api/calendar/${feed}.ics?lang=en`, logged: '/api/calendar/….ics?lang=en' },
        { url: `/api/invites/token/${invite}`, logged: '/api/invites/token/…' },
        ...Object.entries(links).map(([page, token]) => ({ url: `${page}?token=${token}`, logged: `${page}?token=…` })),
        // Whatever the page or the parameter's case, next to other parameters that stay.
        { url: `/reset-password?lng=fr&Token=${links['/reset-password']}&from=mail`, logged: '/reset-password?lng=fr&Token=…&from=mail' },
        { url: `/api/users?search=dupont&access_token=${feed}`, logged: '/api/users?search=dupont&access_token=…' },
      ];
      for (const { url } of requests) await pages.app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
      const urls = pages.logLines.filter((line) => line.msg === 'request').map((line) => line.url);
      expect(urls).toEqual(requests.map((r) => r.logged));
      const text = JSON.stringify(pages.logLines);
      for (const token of [feed, invite, ...Object.values(links)]) expect(text).not.toContain(token);
    } finally {
      await pages.close();
    }
  });
});
