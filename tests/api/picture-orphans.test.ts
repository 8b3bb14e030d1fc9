// Profile pictures never outlive the account field that names them: concurrent updates leave
// exactly the file the row points at, and a start-up sweep removes old files nobody references.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { utimesSync } from 'node:fs';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { users } from '../../server/db/schema';
import { buildApp } from '../../server/app';
import { localStorage } from '../../server/storage/local';
import { sweepUnreferencedPictures } from '../../server/files/sweep-pictures';
import { createTestApp, createUser, filesUnder, multipart, tinyPng, type TestContext } from './context';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx?.close());

const setPicture = (token: string) => {
  const form = multipart([{ name: 'picture', filename: 'moi.png', type: 'image/png', data: tinyPng }]);
  return ctx.app.inject({ method: 'PATCH', url: '/api/users/profile', payload: form.payload, headers: { ...form.headers, authorization: `Bearer ${token}` } });
};
const removePicture = (token: string) => ctx.app.inject({ method: 'DELETE', url: '/api/users/profile/picture', headers: { authorization: `Bearer ${token}` } });
const pictureKeyOf = async (id: string) => (await ctx.db.select({ key: users.pictureKey }).from(users).where(eq(users.id, id)))[0]!.key;
const picturesOf = (id: string) => filesUnder(join(ctx.filesDir, 'pictures', id)).map((name) => `pictures/${id}/${name}`);
/** Makes a stored file look written `ms` ago. */
const age = (key: string, ms: number) => {
  const when = new Date(Date.now() - ms);
  utimesSync(join(ctx.filesDir, key), when, when);
};

describe('concurrent picture updates', () => {
  it('leave exactly the file the account names', async () => {
    const user = await createUser(ctx, 'employee');
    const answers = await Promise.all(Array.from({ length: 6 }, () => setPicture(user.token)));
    expect(answers.map((r) => r.statusCode)).toEqual(Array(6).fill(200));
    const key = await pictureKeyOf(user.id);
    expect(key).not.toBeNull();
    expect(picturesOf(user.id)).toEqual([key]);
  });

  it('and a removal racing updates leaves no file the account does not name', async () => {
    const user = await createUser(ctx, 'employee');
    await Promise.all([setPicture(user.token), removePicture(user.token), setPicture(user.token), setPicture(user.token), removePicture(user.token)]);
    const key = await pictureKeyOf(user.id);
    expect(picturesOf(user.id)).toEqual(key ? [key] : []);
  });
});

describe('the sweep of unreferenced pictures', () => {
  it('removes old files no account names, and keeps referenced, recent and other areas’ files', async () => {
    const user = await createUser(ctx, 'employee');
    expect((await setPicture(user.token)).statusCode).toBe(200);
    const kept = (await pictureKeyOf(user.id))!;
    const storage = localStorage(ctx.filesDir);
    const orphan = `pictures/${user.id}/0123456789abcdef01234567.png`;
    const ofNobody = 'pictures/00000000-0000-4000-8000-000000000000/aaaaaaaaaaaaaaaaaaaaaaaa.png';
    const recent = `pictures/${user.id}/fedcba9876543210fedcba98.png`;
    const elsewhere = 'reports/00000000-0000-4000-8000-000000000001.png';
    for (const key of [orphan, ofNobody, recent, elsewhere]) await storage.put(key, tinyPng);
    for (const key of [kept, orphan, ofNobody, elsewhere]) age(key, 2 * 3_600_000);
    age(recent, 60_000);

    // At start-up, as the server does it.
    const restarted = await buildApp({ db: ctx.db, dbKind: ctx.dbKind, jwtSecret: ctx.jwtSecret, filesDir: ctx.filesDir });
    await restarted.close();
    const left = filesUnder(ctx.filesDir);
    expect(left).toContain(kept);
    expect(left).toContain(recent);
    expect(left).toContain(elsewhere);
    expect(left).not.toContain(orphan);
    expect(left).not.toContain(ofNobody);
    // Nothing more to do the second time; the picture still shows.
    expect(await sweepUnreferencedPictures(ctx.db, storage)).toBe(0);
    const shown = await ctx.app.inject({ method: 'GET', url: `/api/users/${user.id}/picture`, headers: { authorization: `Bearer ${user.token}` } });
    expect(shown.statusCode).toBe(200);
  });
});
