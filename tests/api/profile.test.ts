import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { users } from '../../server/db/schema';
import { createTestApp, createUser, errorOf, filesUnder, multipart, tinyPng, type TestContext } from './context';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx?.close());

const patch = (token: string, form: ReturnType<typeof multipart>, lang = 'fr') =>
  ctx.app.inject({ method: 'PATCH', url: '/api/users/profile', payload: form.payload, headers: { ...form.headers, authorization: `Bearer ${token}`, 'accept-language': lang } });
const userRow = async (id: string) => (await ctx.db.select().from(users).where(eq(users.id, id)))[0]!;

describe('profile update', () => {
  it('changes the username', async () => {
    const user = await createUser(ctx, 'employee');
    const res = await patch(user.token, multipart([{ name: 'username', value: 'Nouveau Nom' }]));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ msg: 'Profil mis à jour.', details: { username: 'Nouveau Nom' } });
  });

  it('refuses an unknown field, an invalid username and a JSON body, changing nothing', async () => {
    const user = await createUser(ctx, 'employee');
    const before = await userRow(user.id);
    const unknown = await patch(user.token, multipart([{ name: 'role', value: 'admin' }]), 'en');
    expect(unknown.statusCode).toBe(400);
    expect(errorOf(unknown).msg).toBe('The field “Role” is not accepted.');
    const short = await patch(user.token, multipart([{ name: 'username', value: 'x' }]));
    expect(short.statusCode).toBe(400);
    expect(errorOf(short).msg).toBe("Le champ « Nom d'utilisateur » doit contenir au moins 2 caractères.");
    const json = await ctx.app.inject({ method: 'PATCH', url: '/api/users/profile', payload: { username: 'Par JSON' }, headers: { authorization: `Bearer ${user.token}` } });
    expect(json.statusCode).toBe(415);
    expect(await userRow(user.id)).toEqual(before);
  });
});

describe('profile picture', () => {
  it('uploads a PNG, serves it to signed-in users (header or cookie) and removes it', async () => {
    const user = await createUser(ctx, 'manager');
    const other = await createUser(ctx, 'employee', { companyId: user.companyId });
    const outsider = await createUser(ctx, 'manager');
    const res = await patch(user.token, multipart([{ name: 'picture', filename: 'moi.png', type: 'image/png', data: tinyPng }]));
    expect(res.statusCode).toBe(200);
    const url = res.json().details.profilePicture.url as string;
    expect(url).toBe(`/api/users/${user.id}/picture?v=1`);
    expect(filesUnder(ctx.filesDir)).toHaveLength(1);

    const byHeader = await ctx.app.inject({ url, headers: { authorization: `Bearer ${other.token}` } });
    expect(byHeader.statusCode).toBe(200);
    expect(byHeader.headers['content-type']).toBe('image/png');
    expect(byHeader.headers['cache-control']).toMatch(/^private/);
    expect(byHeader.rawPayload.equals(tinyPng)).toBe(true);

    const byCookie = await ctx.app.inject({ url, headers: { cookie: `lang=fr; token=${encodeURIComponent(other.token)}` } });
    expect(byCookie.statusCode).toBe(200);
    expect(byCookie.rawPayload.equals(tinyPng)).toBe(true);

    // Another company's staff cannot tell the picture exists.
    expect((await ctx.app.inject({ url, headers: { authorization: `Bearer ${outsider.token}` } })).statusCode).toBe(404);

    const anonymous = await ctx.app.inject({ url });
    expect(anonymous.statusCode).toBe(401);
    expect(errorOf(anonymous).need2Logout).toBe(true);
    // The cookie is accepted for downloads only, not for the JSON API.
    expect((await ctx.app.inject({ url: '/api/users/profile', headers: { cookie: `token=${other.token}` } })).statusCode).toBe(401);

    // A new picture gets a new URL, and the old file goes.
    const second = await patch(user.token, multipart([{ name: 'picture', filename: 'moi.png', type: 'image/png', data: tinyPng }]));
    expect(second.json().details.profilePicture.url).toBe(`/api/users/${user.id}/picture?v=2`);
    expect(filesUnder(ctx.filesDir)).toHaveLength(1);

    const removed = await ctx.app.inject({ method: 'DELETE', url: '/api/users/profile/picture', headers: { authorization: `Bearer ${user.token}` } });
    expect(removed.statusCode).toBe(200);
    expect(removed.json()).toMatchObject({ msg: 'Photo de profil supprimée.', details: { profilePicture: null } });
    expect(filesUnder(ctx.filesDir)).toHaveLength(0);
    expect((await ctx.app.inject({ url, headers: { authorization: `Bearer ${other.token}` } })).statusCode).toBe(404);
  });

  it('refuses a text file named .png with 415, writing no file and no row', async () => {
    const user = await createUser(ctx, 'employee');
    const before = await userRow(user.id);
    const files = filesUnder(ctx.filesDir);
    for (const [lang, msg] of [['fr', 'Type de fichier non accepté.'], ['en', 'This file type is not accepted.']] as const) {
      const res = await patch(
        user.token,
        multipart([{ name: 'username', value: 'Ne doit pas changer' }, { name: 'picture', filename: 'photo.png', type: 'image/png', data: Buffer.from('hello, I am text') }]),
        lang,
      );
      expect(res.statusCode).toBe(415);
      expect(errorOf(res)).toMatchObject({ msg, msgType: 'common-invalid_file_type' });
    }
    expect(await userRow(user.id)).toEqual(before);
    expect(filesUnder(ctx.filesDir)).toEqual(files);
  });

  it('refuses an image over 1 MB with 413, writing no file and no row', async () => {
    const user = await createUser(ctx, 'employee');
    const before = await userRow(user.id);
    const files = filesUnder(ctx.filesDir);
    const big = Buffer.concat([tinyPng, Buffer.alloc(1_100_000, 7)]);
    for (const [lang, msg] of [['fr', 'Fichier trop volumineux.'], ['en', 'The file is too large.']] as const) {
      const res = await patch(user.token, multipart([{ name: 'username', value: 'Ne doit pas changer' }, { name: 'picture', filename: 'big.png', type: 'image/png', data: big }]), lang);
      expect(res.statusCode).toBe(413);
      expect(errorOf(res)).toMatchObject({ msg, msgType: 'common-invalid_file_size' });
    }
    expect(await userRow(user.id)).toEqual(before);
    expect(filesUnder(ctx.filesDir)).toEqual(files);
  });
});
