// The company's logo and colour (issue 12, "the company's logo and colours" of the Word export):
// the manager of the company (or an admin) uploads a PNG or JPEG logo (checked by its bytes, at
// most 2 MB), replaces or removes it, the old file going each time; staff of the company see it,
// another company does not; the colour is '#rrggbb' or null. The memory's DOCX then carries the
// logo's bytes on the cover and in the header and the colour on its headings and table headers.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { unzipSync, strFromU8 } from 'fflate';
import { companies } from '../../server/db/schema';
import { DEMO_BRAND_COLOR, demoLogoPng, seedDemoBrand } from '../../server/db/demo-brand';
import { localStorage } from '../../server/storage/local';
import { readableColour, whiteContrast } from '../../server/domains/memories/brand';
import { createTestApp, createUser, errorOf, multipart, tinyPng, type TestContext } from './context';
import { insertTender } from './documents-fixtures';

let ctx: TestContext;
let manager: Awaited<ReturnType<typeof createUser>>;
let employee: Awaited<ReturnType<typeof createUser>>;
let outsider: Awaited<ReturnType<typeof createUser>>;
let admin: Awaited<ReturnType<typeof createUser>>;
let companyId: string;

beforeAll(async () => {
  ctx = await createTestApp();
  manager = await createUser(ctx, 'manager');
  companyId = manager.companyId!;
  employee = await createUser(ctx, 'employee', { companyId });
  outsider = await createUser(ctx, 'manager');
  admin = await createUser(ctx, 'admin');
});
afterAll(() => ctx?.close());

type Company = { _id: string; brandColor: string | null; logo: { url: string; version: number } | null };
const headers = (token: string, lang = 'fr') => ({ authorization: `Bearer ${token}`, 'accept-language': lang });
const upload = (token: string, data: Buffer, id = companyId, type = 'image/png') =>
  ctx.app.inject({ method: 'PUT', url: `/api/companies/${id}/logo`, ...withHeaders(multipart([{ name: 'logo', filename: 'logo.png', type, data }]), token) });
const withHeaders = (form: ReturnType<typeof multipart>, token: string) => ({ payload: form.payload, headers: { ...form.headers, ...headers(token) } });
const remove = (token: string, id = companyId) => ctx.app.inject({ method: 'DELETE', url: `/api/companies/${id}/logo`, headers: headers(token) });
const getLogo = (token: string, id = companyId) => ctx.app.inject({ method: 'GET', url: `/api/companies/${id}/logo`, headers: headers(token) });
const patch = (token: string, body: object, lang = 'fr') => ctx.app.inject({ method: 'PATCH', url: `/api/companies/${companyId}`, headers: headers(token, lang), payload: body });
const logoFiles = (id = companyId) => (existsSync(join(ctx.filesDir, 'logos', id)) ? readdirSync(join(ctx.filesDir, 'logos', id)) : []);
const stored = async () => (await ctx.db.select().from(companies).where(eq(companies.id, companyId)))[0]!;
/** A JPEG's first bytes and a frame header giving its size (enough for the sniffing and the DOCX). */
const jpeg = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10]), Buffer.from('JFIF\0\x01\x01\0\0\x01\0\x01\0\0', 'latin1'), Buffer.from([0xff, 0xc0, 0x00, 0x11, 0x08, 0x00, 0x40, 0x00, 0x80, 0x03]), Buffer.alloc(12), Buffer.from([0xff, 0xd9])]);

describe("the company's logo", () => {
  it('the manager uploads a PNG: the company shows it with a versioned URL, staff load it, cached for good', async () => {
    const res = await upload(manager.token, tinyPng);
    expect(res.statusCode).toBe(200);
    const body = res.json() as { msg: string; details: Company };
    expect(body.msg).toBe('Logo de l’entreprise enregistré.');
    expect(body.details.logo).toEqual({ url: `/api/companies/${companyId}/logo?v=1`, version: 1 });
    for (const token of [manager.token, employee.token, admin.token]) {
      const image = await getLogo(token);
      expect(image.statusCode).toBe(200);
      expect(image.headers['content-type']).toBe('image/png');
      expect(image.headers['cache-control']).toBe('private, max-age=31536000, immutable');
      expect(image.rawPayload.equals(tinyPng)).toBe(true);
    }
    const seen = await ctx.app.inject({ method: 'GET', url: `/api/companies/${companyId}`, headers: headers(employee.token) });
    expect((seen.json() as Company).logo?.url).toBe(`/api/companies/${companyId}/logo?v=1`);
  });

  it('a replacement (a JPEG) takes a new version and removes the old file; removing it removes the file and keeps the version', async () => {
    const before = logoFiles();
    expect(before).toHaveLength(1);
    const res = await upload(manager.token, jpeg, companyId, 'image/jpeg');
    expect(res.statusCode).toBe(200);
    expect((res.json() as { details: Company }).details.logo?.version).toBe(2);
    const after = logoFiles();
    expect(after).toHaveLength(1);
    expect(after[0]).not.toBe(before[0]);
    expect(after[0]).toMatch(/\.jpg$/);
    expect((await getLogo(employee.token)).headers['content-type']).toBe('image/jpeg');

    const removed = await remove(admin.token);
    expect(removed.statusCode).toBe(200);
    expect((removed.json() as { msg: string; details: Company }).details.logo).toBeNull();
    expect(logoFiles()).toHaveLength(0);
    expect((await getLogo(manager.token)).statusCode).toBe(404);
    expect((await stored()).logoVersion).toBe(2);
    // A later logo never reuses a URL a browser may have cached.
    expect(((await upload(manager.token, tinyPng)).json() as { details: Company }).details.logo?.version).toBe(3);
  });

  it('refuses by the bytes what is not a PNG or a JPEG, whatever its name or declared type, and writes nothing', async () => {
    const current = await stored();
    const files = logoFiles();
    const gif = Buffer.concat([Buffer.from('GIF89a', 'latin1'), Buffer.alloc(20)]);
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>');
    for (const data of [gif, svg, Buffer.from('%PDF-1.7 not an image')]) {
      const res = await upload(manager.token, data);
      expect(res.statusCode).toBe(415);
      expect(errorOf(res).msg).toMatch(/type de fichier/i);
    }
    expect(await stored()).toEqual(current);
    expect(logoFiles()).toEqual(files);
  });

  it('takes up to 2 MB and refuses more with 413, leaving the logo as it was', async () => {
    const png = (size: number) => Buffer.concat([tinyPng.subarray(0, 8), Buffer.alloc(size - 8)]);
    const files = logoFiles();
    const big = await upload(manager.token, png(2 * 1024 * 1024 + 1));
    expect(big.statusCode).toBe(413);
    expect(logoFiles()).toEqual(files);
    const fits = await upload(manager.token, png(1536 * 1024));
    expect(fits.statusCode).toBe(200);
  });

  it('a form without the logo is a 400 naming the field', async () => {
    const res = await ctx.app.inject({ method: 'PUT', url: `/api/companies/${companyId}/logo`, ...withHeaders(multipart([]), manager.token) });
    expect(res.statusCode).toBe(400);
    expect(errorOf(res).msg).toContain('Logo');
  });

  it('an employee may not change it (403); another company neither sees nor changes it (404)', async () => {
    const current = await stored();
    expect((await upload(employee.token, tinyPng)).statusCode).toBe(403);
    expect((await remove(employee.token)).statusCode).toBe(403);
    expect((await upload(outsider.token, tinyPng)).statusCode).toBe(404);
    expect((await remove(outsider.token)).statusCode).toBe(404);
    expect((await getLogo(outsider.token)).statusCode).toBe(404);
    expect(await stored()).toEqual(current);
  });
});

describe("the company's colour", () => {
  it('is saved with the profile as #rrggbb (lower case) and cleared with null', async () => {
    const res = await patch(manager.token, { brandColor: '#1D6F42' });
    expect(res.statusCode).toBe(200);
    expect((res.json() as { details: Company }).details.brandColor).toBe('#1d6f42');
    const cleared = await patch(manager.token, { brandColor: null });
    expect((cleared.json() as { details: Company }).details.brandColor).toBeNull();
  });

  it('refuses anything else with a 400 naming the field in the caller’s language, and keeps the colour', async () => {
    await patch(manager.token, { brandColor: '#1d6f42' });
    for (const bad of ['red', '#12345', '#1234567', '1d6f42', '#gggggg']) {
      const res = await patch(manager.token, { brandColor: bad });
      expect(res.statusCode).toBe(400);
      expect(errorOf(res).details?.[0]?.field).toBe('brandColor');
      expect(errorOf(res).msg).toContain('Couleur de la marque');
    }
    expect(errorOf(await patch(manager.token, { brandColor: 'red' }, 'en')).msg).toContain('Brand colour');
    expect((await stored()).brandColor).toBe('#1d6f42');
  });

  it('is made readable in the document: kept when white text stands 4.5:1 on it, darkened (same hue) otherwise', () => {
    expect(readableColour('#1d6f42')).toBe('1D6F42');
    const yellow = readableColour('#ffd500');
    expect(whiteContrast(yellow)).toBeGreaterThanOrEqual(4.5);
    expect(yellow).not.toBe('FFD500');
    const [r, g, b] = [0, 2, 4].map((i) => parseInt(yellow.slice(i, i + 2), 16));
    expect(r).toBeGreaterThan(b!);
    expect(g! / r!).toBeCloseTo(0xd5 / 0xff, 1);
  });
});

describe("the memory's Word export with the company's logo and colour", () => {
  const text = (value: string) => ({ type: 'text', text: value });
  const cell = (type: string, value: string) => ({ type, content: [{ type: 'paragraph', content: [text(value)] }] });
  const exportOnce = async () => {
    const res = await ctx.app.inject({ method: 'GET', url: `/api/memories/${memoryId}/export.docx`, headers: headers(manager.token) });
    expect(res.statusCode).toBe(200);
    return unzipSync(new Uint8Array(res.rawPayload));
  };
  let memoryId: string;

  beforeAll(async () => {
    const tender = await insertTender(ctx, companyId);
    const created = await ctx.app.inject({ method: 'POST', url: `/api/tenders/${tender.id}/memories`, headers: headers(manager.token), payload: { from: 'blank', title: 'Mémoire technique' } });
    memoryId = (created.json() as { details: { _id: string } }).details._id;
    const content = { type: 'doc', content: [{ type: 'table', content: [{ type: 'tableRow', content: [cell('tableHeader', 'Phase')] }, { type: 'tableRow', content: [cell('tableCell', 'Dépose')] }] }] };
    const section = await ctx.app.inject({ method: 'POST', url: `/api/memories/${memoryId}/sections`, headers: headers(manager.token), payload: { title: 'Méthodologie', level: 1, content, position: 0 } });
    expect(section.statusCode).toBe(201);
  }, 30_000);

  it('embeds the logo’s own bytes (cover and header) and colours the headings and table headers', async () => {
    const logo = demoLogoPng();
    expect((await upload(manager.token, logo)).statusCode).toBe(200);
    expect((await patch(manager.token, { brandColor: '#1d6f42' })).statusCode).toBe(200);
    const files = await exportOnce();
    const media = Object.keys(files).filter((n) => n.startsWith('word/media/'));
    expect(media.some((name) => Buffer.from(files[name]!).equals(logo))).toBe(true);
    const document = strFromU8(files['word/document.xml']!);
    const headerXml = Object.keys(files).filter((n) => /^word\/header\d+\.xml$/.test(n)).map((n) => strFromU8(files[n]!)).join('');
    expect(document.slice(0, document.indexOf('Référence : '))).toMatch(/<wp:docPr [^>]*descr="Logo /);
    expect(headerXml).toContain('<w:drawing>');
    const styles = strFromU8(files['word/styles.xml']!);
    const heading1 = /<w:style [^>]*w:styleId="Heading1".*?<\/w:style>/s.exec(styles)![0];
    expect(heading1).toContain('<w:color w:val="1D6F42"/>');
    expect(document).toMatch(/<w:shd [^>]*w:fill="1D6F42"/);
    expect(document).not.toContain('1F3A5F');
  });

  it('without them: the monogram and the house colour', async () => {
    await remove(manager.token);
    await patch(manager.token, { brandColor: null });
    const files = await exportOnce();
    const styles = strFromU8(files['word/styles.xml']!);
    expect(/<w:style [^>]*w:styleId="Heading1".*?<\/w:style>/s.exec(styles)![0]).toContain('<w:color w:val="1F3A5F"/>');
    const media = Object.keys(files).filter((n) => n.startsWith('word/media/'));
    expect(media.length).toBeGreaterThanOrEqual(1);
    expect(media.some((name) => Buffer.from(files[name]!).equals(demoLogoPng()))).toBe(false);
  });
});

describe('the demo company', () => {
  it('gets its drawn logo and colour once; a logo removed afterwards stays removed', async () => {
    const demo = await createUser(ctx, 'manager');
    const storage = localStorage(ctx.filesDir);
    await seedDemoBrand(ctx.db, storage, demo.companyId!);
    const seeded = (await ctx.db.select().from(companies).where(eq(companies.id, demo.companyId!)))[0]!;
    expect(seeded).toMatchObject({ logoMime: 'image/png', logoVersion: 1, brandColor: DEMO_BRAND_COLOR });
    expect((await getLogo(demo.token, demo.companyId!)).rawPayload.equals(demoLogoPng())).toBe(true);
    expect((await remove(demo.token, demo.companyId!)).statusCode).toBe(200);
    await seedDemoBrand(ctx.db, storage, demo.companyId!);
    expect((await getLogo(demo.token, demo.companyId!)).statusCode).toBe(404);
  });
});
