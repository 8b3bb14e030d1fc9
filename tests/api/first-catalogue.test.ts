// Issue 10, performance 3: /sign-in starts from the first page's part of the catalogue (the
// signed-out pages and the shell), read from the same file as the whole one.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { FIRST_PAGE_AREAS } from '../../server/i18n';
import { createTestApp, type TestContext } from './context';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx?.close());

describe('the first page catalogue', () => {
  it('holds the signed-out pages’ strings of the same file, a fraction of the whole, with its own ETag', async () => {
    for (const lng of ['fr', 'en']) {
      const whole = JSON.parse(readFileSync(`locales/${lng}/translation.json`, 'utf8')) as Record<string, string>;
      const res = await ctx.app.inject(`/locales/${lng}/translation.json?area=first`);
      expect(res.statusCode).toBe(200);
      const first = res.json() as Record<string, string>;
      const areas = new Set<string>(FIRST_PAGE_AREAS);
      expect(first).toEqual(Object.fromEntries(Object.entries(whole).filter(([key]) => areas.has(key.split('-')[0]!))));
      expect(first['signin-title']).toBe(whole['signin-title']);
      expect(Object.keys(first).some((key) => key.startsWith('dashboard-'))).toBe(false);
      expect(res.body.length).toBeLessThan(readFileSync(`locales/${lng}/translation.json`).length / 3);
      const wholeEtag = (await ctx.app.inject(`/locales/${lng}/translation.json`)).headers.etag;
      expect(res.headers.etag).toBeTruthy();
      expect(res.headers.etag).not.toBe(wholeEtag);
      const again = await ctx.app.inject({ url: `/locales/${lng}/translation.json?area=first`, headers: { 'if-none-match': res.headers.etag as string } });
      expect(again.statusCode).toBe(304);
    }
  });

  it('refuses an unknown area', async () => {
    expect((await ctx.app.inject('/locales/fr/translation.json?area=everything')).statusCode).toBe(400);
  });
});
