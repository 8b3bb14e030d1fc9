import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { createTestApp, createUser, errorOf, type TestContext } from './context';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({ withStatic: true, captureLogs: true });
});
afterAll(() => ctx?.close());

const csp =
  "default-src 'self';script-src 'self';style-src 'self';img-src 'self' data: blob:;font-src 'self';connect-src 'self';object-src 'none';base-uri 'self';form-action 'self';frame-ancestors 'none'";

describe('health and catalogues', () => {
  it('reports the server and its database', async () => {
    const res = await ctx.app.inject('/api/health');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok', database: ctx.dbKind, version: expect.stringMatching(/^\d+\.\d+\.\d+/) });
  });

  it('serves the fr and en catalogues, the same files the client uses, with an ETag', async () => {
    for (const lng of ['fr', 'en']) {
      const res = await ctx.app.inject(`/locales/${lng}/translation.json`);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual(JSON.parse(readFileSync(`locales/${lng}/translation.json`, 'utf8')));
      expect(res.headers.etag).toBeTruthy();
      const again = await ctx.app.inject({ url: `/locales/${lng}/translation.json`, headers: { 'if-none-match': res.headers.etag as string } });
      expect(again.statusCode).toBe(304);
    }
    expect((await ctx.app.inject('/locales/fr/translation.json')).json()['auth-login_success']).toBe('Connexion réussie.');
  });

  it('refuses an unknown language with a localised 400', async () => {
    const res = await ctx.app.inject({ url: '/locales/de/translation.json', headers: { 'accept-language': 'en' } });
    expect(res.statusCode).toBe(400);
    expect(errorOf(res).msg).toBe('The field “Language” must be one of: fr, en.');
    expect((await ctx.app.inject('/locales/fr/other.json')).statusCode).toBe(404);
  });
});

describe('the single-page app', () => {
  it('serves index.html with security headers and no cache', async () => {
    const res = await ctx.app.inject({ url: '/', headers: { accept: 'text/html' } });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<div id="root">');
    expect(res.headers['content-security-policy']).toBe(csp);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  it('falls back to index.html for client routes, never for the API or the catalogues', async () => {
    const page = await ctx.app.inject({ url: '/sign-in?next=%2Fdashboard', headers: { accept: 'text/html,application/xhtml+xml' } });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.headers['cache-control']).toBe('no-cache');
    expect(page.body).toContain('<div id="root">');

    const api = await ctx.app.inject({ url: '/api/does-not-exist', headers: { accept: 'text/html', 'accept-language': 'en' } });
    expect(api.statusCode).toBe(404);
    expect(api.headers['content-type']).toMatch(/^application\/json/);
    expect(errorOf(api)).toMatchObject({ msg: 'Not found.', msgType: 'common-not_found' });

    expect((await ctx.app.inject({ url: '/locales/xx', headers: { accept: 'text/html' } })).statusCode).toBe(404);
    const post = await ctx.app.inject({ method: 'POST', url: '/sign-in', headers: { accept: 'text/html' } });
    expect(post.statusCode).toBe(404);
    const json = await ctx.app.inject({ url: '/missing.js', headers: { accept: '*/*' } });
    expect(json.statusCode).toBe(404);
    expect((await ctx.app.inject({ url: '/assets/gone-1234.css', headers: { accept: 'text/html' } })).statusCode).toBe(404);
    // A page address opened by a client that does not say it wants HTML (curl, a link checker).
    const plain = await ctx.app.inject({ url: '/dashboard', headers: { accept: '*/*' } });
    expect(plain.statusCode).toBe(200);
    expect(plain.body).toContain('<div id="root">');
  });

  it('caches hashed assets for a year and compresses them', async () => {
    const res = await ctx.app.inject({ url: '/assets/app-3f2a1b.js', headers: { 'accept-encoding': 'gzip' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(res.rawPayload).toString()).toContain('console.log');
  });
});

describe('logs', () => {
  it('writes exactly one JSON line per request, with the caller', async () => {
    const user = await createUser(ctx, 'employee');
    ctx.logLines.length = 0;
    await ctx.app.inject({ url: '/api/users/profile', headers: { authorization: `Bearer ${user.token}` } });
    await ctx.app.inject('/api/health');
    await ctx.app.inject({ method: 'POST', url: '/api/users/login', payload: '{', headers: { 'content-type': 'application/json' } });
    expect(ctx.logLines).toHaveLength(3);
    expect(ctx.logLines[0]).toMatchObject({ method: 'GET', url: '/api/users/profile', statusCode: 200, userId: user.id });
    expect(typeof ctx.logLines[0]!.responseTime).toBe('number');
    expect(ctx.logLines[1]).toMatchObject({ url: '/api/health', statusCode: 200 });
    expect(ctx.logLines[2]).toMatchObject({ url: '/api/users/login', statusCode: 400 });
  });
});
