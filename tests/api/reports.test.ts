import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { reports } from '../../server/db/schema';
import { createTestApp, createUser, errorOf, filesUnder, multipart, rowCount, tinyPng, type TestContext } from './context';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx?.close());

type User = Awaited<ReturnType<typeof createUser>>;
type Report = { _id: string; title: string; status: string; type: string; priority: string; currentUrl: string; screenshot: { url: string } | null; reporter: { _id: string } | null; company: { _id: string; name: string } | null };
type ReportList = { count: number; totalPages: number; reports: Report[] };

const MB = 1024 * 1024;
/** A PNG (by its signature) of exactly `size` bytes. */
const pngOfSize = (size: number) => Buffer.concat([tinyPng, Buffer.alloc(size - tinyPng.length, 7)]);
const gif = Buffer.concat([Buffer.from('GIF89a', 'latin1'), Buffer.alloc(40, 1)]);
const webp = Buffer.concat([Buffer.from('RIFF', 'latin1'), Buffer.alloc(4), Buffer.from('WEBPVP8 ', 'latin1'), Buffer.alloc(40, 1)]);

type Fields = { title?: string; description?: string; type?: string; priority?: string; currentUrl?: string };
const defaults: Required<Fields> = { title: 'Export PDF bloqué', description: "Le bouton d'export de la liste des appels d'offres ne répond plus.", type: 'bug', priority: 'high', currentUrl: '/tenders?page=2' };
type Screenshot = { filename: string; type: string; data: Buffer };

function reportForm(fields: Fields = {}, screenshot?: Screenshot) {
  const values = { ...defaults, ...fields };
  const parts = Object.entries(values)
    .filter(([, value]) => value !== undefined)
    .map(([name, value]) => ({ name, value }));
  return multipart(screenshot ? [...parts, { name: 'screenshotId', ...screenshot }] : parts);
}

const file = (user: User, form: ReturnType<typeof multipart>, lang = 'fr') =>
  ctx.app.inject({ method: 'POST', url: '/api/reports/', payload: form.payload, headers: { ...form.headers, authorization: `Bearer ${user.token}`, 'accept-language': lang } });
const get = (user: User | undefined, url: string, lang = 'fr') =>
  ctx.app.inject({ url, headers: { 'accept-language': lang, ...(user ? { authorization: `Bearer ${user.token}` } : {}) } });
const list = async (user: User, query = '') => {
  const res = await get(user, `/api/reports?perPage=all${query}`);
  expect(res.statusCode).toBe(200);
  return res.json() as ReportList;
};
const setStatus = (user: User, id: string, status: string, lang = 'fr') =>
  ctx.app.inject({ method: 'PATCH', url: `/api/reports/${id}`, payload: { status }, headers: { authorization: `Bearer ${user.token}`, 'accept-language': lang } });
const fileOk = async (user: User, fields: Fields = {}, screenshot?: Screenshot) => {
  const res = await file(user, reportForm(fields, screenshot));
  expect(res.statusCode, res.body).toBe(201);
  return (res.json() as { details: Report }).details;
};

describe('filing a report', () => {
  it('files a report without a screenshot, answering msg and the report, open, with its reporter and company', async () => {
    const employee = await createUser(ctx, 'employee');
    const res = await file(employee, reportForm({ title: '  Export PDF bloqué  ' }));
    expect(res.statusCode).toBe(201);
    const body = res.json() as { msg: string; details: Report };
    expect(body.msg).toBe('Signalement envoyé. Merci, notre équipe va l\'examiner.');
    expect(body.details).toMatchObject({ title: 'Export PDF bloqué', type: 'bug', priority: 'high', status: 'open', currentUrl: '/tenders?page=2', screenshot: null });
    expect(body.details.reporter?._id).toBe(employee.id);
    expect(body.details.company?._id).toBe(employee.companyId);
    const read = await get(employee, `/api/reports/${body.details._id}`);
    expect(read.statusCode).toBe(200);
    expect(read.json()).toEqual(body.details);
    expect((await get(employee, `/api/reports/${body.details._id}/screenshot`)).statusCode).toBe(404);
  });

  it('files a report with a PNG screenshot of exactly 1 MB, stored under reports/<id> and served back byte for byte', async () => {
    const employee = await createUser(ctx, 'employee');
    const data = pngOfSize(MB);
    const report = await fileOk(employee, {}, { filename: 'capture.png', type: 'image/png', data });
    expect(report.screenshot).toEqual({ url: `/api/reports/${report._id}/screenshot` });
    expect(filesUnder(ctx.filesDir)).toContain(`reports/${report._id}.png`);
    const res = await get(employee, report.screenshot!.url);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.rawPayload.equals(data)).toBe(true);
  });

  it('takes the type from the content: a GIF named .jpg is a GIF, a WebP is refused', async () => {
    const employee = await createUser(ctx, 'employee');
    const report = await fileOk(employee, {}, { filename: 'capture.jpg', type: 'image/jpeg', data: gif });
    expect((await get(employee, report.screenshot!.url)).headers['content-type']).toBe('image/gif');
    const refused = await file(employee, reportForm({}, { filename: 'capture.webp', type: 'image/webp', data: webp }));
    expect(refused.statusCode).toBe(415);
  });

  it('refuses a 1 MB + 1 byte image with 413, in French and English, storing no row and no file', async () => {
    const employee = await createUser(ctx, 'employee');
    const rows = await rowCount(ctx.db, reports);
    const files = filesUnder(ctx.filesDir);
    for (const [lang, msg] of [['fr', 'Fichier trop volumineux.'], ['en', 'The file is too large.']] as const) {
      const res = await file(employee, reportForm({}, { filename: 'capture.png', type: 'image/png', data: pngOfSize(MB + 1) }), lang);
      expect(res.statusCode).toBe(413);
      expect(errorOf(res)).toMatchObject({ msg, msgType: 'common-invalid_file_size' });
    }
    expect(await rowCount(ctx.db, reports)).toBe(rows);
    expect(filesUnder(ctx.filesDir)).toEqual(files);
  });

  it('refuses a text file named .png with 415, in French and English, storing no row and no file', async () => {
    const employee = await createUser(ctx, 'employee');
    const rows = await rowCount(ctx.db, reports);
    const files = filesUnder(ctx.filesDir);
    for (const [lang, msg] of [['fr', 'Type de fichier non accepté.'], ['en', 'This file type is not accepted.']] as const) {
      const res = await file(employee, reportForm({}, { filename: 'capture.png', type: 'image/png', data: Buffer.from('hello, I am only text') }), lang);
      expect(res.statusCode).toBe(415);
      expect(errorOf(res)).toMatchObject({ msg, msgType: 'common-invalid_file_type' });
    }
    expect(await rowCount(ctx.db, reports)).toBe(rows);
    expect(filesUnder(ctx.filesDir)).toEqual(files);
  });

  it('requires type, priority, title and description, with localised field errors, storing nothing', async () => {
    const employee = await createUser(ctx, 'employee');
    const rows = await rowCount(ctx.db, reports);
    const files = filesUnder(ctx.filesDir);
    const png = { filename: 'capture.png', type: 'image/png', data: tinyPng };
    for (const field of ['title', 'description', 'type', 'priority', 'currentUrl'] as const) {
      const res = await file(employee, reportForm({ [field]: undefined }, png), 'en');
      expect(res.statusCode, field).toBe(400);
      const label = { title: 'Title', description: 'Description', type: 'Type', priority: 'Priority', currentUrl: 'Page address' }[field];
      expect(errorOf(res).details).toContainEqual({ field, msg: `The field “${label}” is required.` });
    }
    const fr = await file(employee, reportForm({ title: undefined }));
    expect(errorOf(fr).msg).toBe('Le champ « Titre » est obligatoire.');
    const badType = await file(employee, reportForm({ type: 'complaint' }), 'en');
    expect(badType.statusCode).toBe(400);
    expect(errorOf(badType).msg).toBe('The field “Type” must be one of: bug, feature_request, feedback, other.');
    const blank = await file(employee, reportForm({ description: '            ' }));
    expect(blank.statusCode).toBe(400);
    const short = await file(employee, reportForm({ title: 'ab' }));
    expect(errorOf(short).msg).toBe('Le champ « Titre » doit contenir au moins 3 caractères.');
    expect(await rowCount(ctx.db, reports)).toBe(rows);
    expect(filesUnder(ctx.filesDir)).toEqual(files);
  });

  it('refuses anonymous callers', async () => {
    const form = reportForm();
    const res = await ctx.app.inject({ method: 'POST', url: '/api/reports/', payload: form.payload, headers: form.headers });
    expect(res.statusCode).toBe(401);
  });
});

describe('listing and reading reports', () => {
  let admin: User;
  let alice: User;
  let albert: User;
  let bruno: User;

  beforeAll(async () => {
    admin = await createUser(ctx, 'admin');
    alice = await createUser(ctx, 'manager');
    albert = await createUser(ctx, 'employee', { companyId: alice.companyId });
    bruno = await createUser(ctx, 'employee');
    await fileOk(alice, { title: 'Tableau de bord vide', type: 'bug', priority: 'critical', description: "Aucune donnée ne s'affiche depuis ce matin." });
  });

  it('shows staff only the reports they filed, newest first; admins everyone, filtered by company', async () => {
    const first = await fileOk(albert, { title: 'Première remarque', type: 'feedback', priority: 'low', description: 'Les dates sont bien lisibles, merci.' });
    const second = await fileOk(albert, { title: 'Deuxième remarque', type: 'feature_request', priority: 'medium', description: 'Pouvoir exporter le planning en Excel.' });
    const other = await fileOk(bruno, { title: 'Échéance erronée', type: 'bug', priority: 'high', description: 'La date limite affichée est décalée.' });

    const mine = await list(albert);
    expect(mine.reports.map((r) => r._id)).toEqual([second._id, first._id]);
    expect(mine).toMatchObject({ count: 2, totalPages: 1 });
    // A colleague's report is not theirs either, and filterBy cannot widen a staff list.
    const ofAlice = await list(alice);
    expect(ofAlice.count).toBe(1);
    expect(ofAlice.reports[0]!.reporter?._id).toBe(alice.id);
    expect((await list(albert, `&filterBy=${bruno.companyId}`)).reports.map((r) => r._id)).toEqual([second._id, first._id]);

    const all = await list(admin);
    expect(all.reports.map((r) => r._id)).toEqual(expect.arrayContaining([first._id, second._id, other._id]));
    const ofB = await list(admin, `&filterBy=${bruno.companyId}`);
    expect(ofB.reports.map((r) => r._id)).toEqual([other._id]);
    const ofA = await list(admin, `&filterBy=${alice.companyId}`);
    expect(ofA.reports.every((r) => r.company?._id === alice.companyId)).toBe(true);
    expect(ofA.count).toBe(3);
  });

  it('filters by status, type and priority and searches title, description and author without accents or case', async () => {
    const a = await fileOk(bruno, { title: 'Filtre menuiserie', type: 'other', priority: 'critical', description: 'Le filtre par département ne garde pas la sélection.' });
    const b = await fileOk(bruno, { title: 'Lenteur générale', type: 'other', priority: 'low', description: 'Les pages mettent dix secondes à charger.' });
    expect((await setStatus(admin, b._id, 'in_progress')).statusCode).toBe(200);

    const byType = await list(admin, '&type=other');
    expect(byType.reports.map((r) => r._id).sort()).toEqual([a._id, b._id].sort());
    expect((await list(admin, '&type=other&priority=critical')).reports.map((r) => r._id)).toEqual([a._id]);
    expect((await list(admin, '&type=other&status=in_progress')).reports.map((r) => r._id)).toEqual([b._id]);
    expect((await list(admin, '&type=other&status=open')).reports.map((r) => r._id)).toEqual([a._id]);
    expect((await list(admin, '&search=DEPARTEMENT')).reports.map((r) => r._id)).toEqual([a._id]);
    expect((await list(admin, `&search=${encodeURIComponent('lenteur generale')}`)).reports.map((r) => r._id)).toEqual([b._id]);
    expect((await list(bruno, '&search=secondes')).reports.map((r) => r._id)).toEqual([b._id]);
    expect((await list(alice, '&search=secondes')).count).toBe(0);
    // Admins also find a report by its author's address.
    const byAuthor = await list(admin, `&search=${encodeURIComponent(bruno.email)}`);
    expect(byAuthor.count).toBeGreaterThan(0);
    expect(byAuthor.reports.every((r) => r.reporter?._id === bruno.id)).toBe(true);
    const invalid = await get(admin, '/api/reports?status=done', 'en');
    expect(invalid.statusCode).toBe(400);
  });

  it('pages the list', async () => {
    const pager = await createUser(ctx, 'employee');
    const filed: string[] = [];
    for (let i = 0; i < 3; i++) filed.push((await fileOk(pager, { title: `Page ${i}` }))._id);
    const page2 = (await get(pager, '/api/reports?perPage=2&page=2')).json() as ReportList;
    expect(page2).toMatchObject({ count: 3, totalPages: 2 });
    expect(page2.reports.map((r) => r._id)).toEqual([filed[0]]);
  });

  it("answers 404 for another user's report, even a colleague's, and its screenshot; admins read both", async () => {
    const report = await fileOk(albert, {}, { filename: 'capture.png', type: 'image/png', data: tinyPng });
    for (const other of [alice, bruno]) {
      expect((await get(other, `/api/reports/${report._id}`)).statusCode).toBe(404);
      const shot = await get(other, report.screenshot!.url);
      expect(shot.statusCode).toBe(404);
      expect(errorOf(shot).msg).toBe('Ressource introuvable.');
    }
    expect((await get(admin, `/api/reports/${report._id}`)).statusCode).toBe(200);
    const shot = await get(admin, report.screenshot!.url);
    expect(shot.statusCode).toBe(200);
    expect(shot.rawPayload.equals(tinyPng)).toBe(true);
    expect(shot.headers['x-content-type-options']).toBe('nosniff');
    // The token cookie works too, so that an <img> can load it.
    const byCookie = await ctx.app.inject({ url: report.screenshot!.url, headers: { cookie: `token=${albert.token}` } });
    expect(byCookie.statusCode).toBe(200);
    expect((await get(admin, '/api/reports/00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
  });

  it('lets admins change the status, not staff', async () => {
    const report = await fileOk(albert, { title: 'Statut à changer' });
    const refused = await setStatus(alice, report._id, 'closed', 'en');
    expect(refused.statusCode).toBe(403);
    expect(errorOf(refused).msg).toBe('You do not have access to this resource.');
    expect((await setStatus(albert, report._id, 'resolved')).statusCode).toBe(403);
    expect((await ctx.db.select({ status: reports.status }).from(reports).where(eq(reports.id, report._id)))[0]!.status).toBe('open');

    for (const [status, lang, msg] of [['resolved', 'fr', 'Statut du signalement mis à jour.'], ['closed', 'en', 'Report status updated.']] as const) {
      const res = await setStatus(admin, report._id, status, lang);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ msg, details: { _id: report._id, status } });
    }
    expect(((await get(albert, `/api/reports/${report._id}`)).json() as Report).status).toBe('closed');
    const wrong = await setStatus(admin, report._id, 'archived', 'en');
    expect(wrong.statusCode).toBe(400);
    expect(errorOf(wrong).msg).toBe('The field “Status” must be one of: open, in_progress, resolved, closed.');
    expect((await setStatus(admin, '00000000-0000-4000-8000-000000000000', 'open')).statusCode).toBe(404);
  });
});
