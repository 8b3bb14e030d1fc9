import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { companyDocuments } from '../../server/db/schema';
import { createTestApp, createUser, errorOf, filesUnder, rowCount, type TestContext } from './context';
import { formRequest, parisDate, pdf, xlsx, zipBomb, type FileSpec } from './documents-fixtures';

const LIMIT = 64 * 1024;

let ctx: TestContext;
let admin: Awaited<ReturnType<typeof createUser>>;
let manager: Awaited<ReturnType<typeof createUser>>;
let employee: Awaited<ReturnType<typeof createUser>>;
let outsider: Awaited<ReturnType<typeof createUser>>;

beforeAll(async () => {
  ctx = await createTestApp({ maxUploadBytes: LIMIT });
  admin = await createUser(ctx, 'admin');
  manager = await createUser(ctx, 'manager');
  employee = await createUser(ctx, 'employee', { companyId: manager.companyId });
  outsider = await createUser(ctx, 'manager');
});
afterAll(() => ctx?.close());

type Doc = { _id: string; title: string; validity: string; daysLeft: number | null; validUntil: string | null; issueDate: string | null; url: string; fileName: string };

/** `file: null` sends the form without a file. */
const create = (token: string, fields: Record<string, string>, file: FileSpec | null = { filename: 'attestation.pdf', data: pdf() }, companyId = manager.companyId!) =>
  ctx.app.inject(formRequest('POST', `/api/companies/${companyId}/documents`, token, fields, file ?? undefined));
const update = (token: string, id: string, fields: Record<string, string>, file?: FileSpec) => ctx.app.inject(formRequest('PATCH', `/api/companyDocs/${id}`, token, fields, file));
const call = (token: string, method: 'GET' | 'DELETE', url: string) => ctx.app.inject({ method, url, headers: { authorization: `Bearer ${token}` } });
const list = async (query = '', companyId = manager.companyId!, token = manager.token) => {
  const res = await call(token, 'GET', `/api/companies/${companyId}/documents?perPage=all${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { count: number; totalPages: number; documents: Doc[] };
};
const docRow = async (id: string) => (await ctx.db.select().from(companyDocuments).where(eq(companyDocuments.id, id)))[0];
const stored = async () => ({ rows: await rowCount(ctx.db, companyDocuments), files: filesUnder(ctx.filesDir) });
const sha = (data: Buffer) => createHash('sha256').update(data).digest('hex');

describe('the company document vault', () => {
  it('adds a document and serves its file to the company only', async () => {
    const data = pdf(8000);
    const res = await create(employee.token, { kind: 'kbis', title: '  Extrait Kbis  ', issueDate: parisDate(-10), validUntil: parisDate(80) }, { filename: 'Kbis société.pdf', data });
    expect(res.statusCode).toBe(201);
    const { msg, details } = res.json();
    expect(msg).toBe("Document ajouté au coffre-fort de l'entreprise.");
    expect(details).toMatchObject({
      companyId: manager.companyId,
      kind: 'kbis',
      title: 'Extrait Kbis',
      issueDate: parisDate(-10),
      validUntil: parisDate(80),
      validity: 'valid',
      daysLeft: 80,
      fileName: 'Kbis société.pdf',
      mime: 'application/pdf',
      size: data.length,
      uploadedBy: { _id: employee.id, username: 'Test employee' },
      url: `/api/companyDocs/${details._id}/file`,
    });
    expect(filesUnder(ctx.filesDir)).toContain(`company-docs/${manager.companyId}/${details._id}`);
    expect((await docRow(details._id))?.sha256).toBe(sha(data));

    const file = await call(manager.token, 'GET', details.url);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.headers['content-length']).toBe(String(data.length));
    expect(file.headers['content-disposition']).toBe(`attachment; filename="Kbis societe.pdf"; filename*=UTF-8''Kbis%20soci%C3%A9t%C3%A9.pdf`);
    expect(file.headers['cache-control']).toBe('private, no-store');
    expect(file.rawPayload.equals(data)).toBe(true);
    expect((await call(admin.token, 'GET', details.url)).rawPayload.equals(data)).toBe(true);
  });

  it('computes validity and days left on Paris dates across the boundary days', async () => {
    const { companyId } = await createUser(ctx, 'manager');
    const owner = await createUser(ctx, 'employee', { companyId });
    const listed = (query: string) => list(query, companyId!, owner.token);
    const cases = [
      { title: 'Expirée hier', validUntil: parisDate(-1), validity: 'expired', daysLeft: -1 },
      { title: "Expire aujourd'hui", validUntil: parisDate(0), validity: 'expiring', daysLeft: 0 },
      { title: 'Expire dans 30 jours', validUntil: parisDate(30), validity: 'expiring', daysLeft: 30 },
      { title: 'Expire dans 31 jours', validUntil: parisDate(31), validity: 'valid', daysLeft: 31 },
      { title: 'Sans date de fin', validUntil: '', validity: 'valid', daysLeft: null },
    ];
    for (const c of cases) {
      const fields = { kind: 'urssaf', title: c.title, ...(c.validUntil ? { validUntil: c.validUntil } : {}) };
      const res = await create(owner.token, fields, undefined, companyId!);
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json().details, c.title).toMatchObject({ validity: c.validity, daysLeft: c.daysLeft, validUntil: c.validUntil || null });
    }
    const all = await listed('');
    // Soonest end first, documents without an end last.
    expect(all.documents.map((d) => d.title)).toEqual(cases.map((c) => c.title));
    expect(all.documents.map((d) => [d.validity, d.daysLeft])).toEqual(cases.map((c) => [c.validity, c.daysLeft]));

    const expiring = await listed('&validity=expiring');
    expect(expiring).toMatchObject({ count: 2, totalPages: 1 });
    expect(expiring.documents.map((d) => d.title)).toEqual(["Expire aujourd'hui", 'Expire dans 30 jours']);
    expect((await listed('&validity=expired')).documents.map((d) => d.title)).toEqual(['Expirée hier']);
    expect((await listed('&validity=valid')).documents.map((d) => d.title)).toEqual(['Expire dans 31 jours', 'Sans date de fin']);

    // Paging agrees with the filter: one per page, two pages of expiring documents.
    const page2 = await call(owner.token, 'GET', `/api/companies/${companyId}/documents?validity=expiring&perPage=1&page=2`);
    expect(page2.json()).toMatchObject({ count: 2, totalPages: 2, documents: [{ title: 'Expire dans 30 jours' }] });
  });

  it('filters by kind and searches titles and file names without accents or case', async () => {
    const { companyId } = await createUser(ctx, 'manager');
    const owner = await createUser(ctx, 'manager', { companyId });
    const listed = (query: string) => list(query, companyId!, owner.token);
    await create(owner.token, { kind: 'insurance', title: 'Assurance décennale' }, { filename: 'RC pro.pdf', data: pdf() }, companyId!);
    await create(owner.token, { kind: 'certification', title: 'Qualibat 2024' }, { filename: 'Certificat Qualité.pdf', data: pdf() }, companyId!);
    await create(owner.token, { kind: 'tax', title: 'Attestation fiscale' }, { filename: 'impots.xlsx', data: xlsx() }, companyId!);
    expect((await listed('&filterBy=insurance')).documents.map((d) => d.title)).toEqual(['Assurance décennale']);
    expect((await listed('&search=DECENNALE')).documents.map((d) => d.title)).toEqual(['Assurance décennale']);
    expect((await listed(`&search=${encodeURIComponent('qualite')}`)).documents.map((d) => d.title)).toEqual(['Qualibat 2024']);
    expect((await listed('&search=attestation&filterBy=insurance')).count).toBe(0);
    const bad = await call(owner.token, 'GET', `/api/companies/${companyId}/documents?filterBy=passport`);
    expect(bad.statusCode).toBe(400);
  });

  it('refuses an end of validity before the issue date and bad files, storing nothing', async () => {
    const before = await stored();
    const backwards = await create(manager.token, { kind: 'tax', title: 'Attestation fiscale', issueDate: '2026-05-10', validUntil: '2026-05-09' });
    expect(backwards.statusCode).toBe(400);
    expect(errorOf(backwards).details).toEqual([{ field: 'validUntil', msg: 'La date de fin de validité ne peut pas précéder la date de délivrance.' }]);
    const cases: { fields?: Record<string, string>; file: FileSpec | null; status: number; msgType: string }[] = [
      { file: { filename: 'attestation.pdf', data: Buffer.from('du texte, pas un PDF') }, status: 415, msgType: 'common-invalid_file_type' },
      { file: { filename: 'vide.pdf', data: Buffer.alloc(0) }, status: 400, msgType: 'document-empty_file' },
      { file: { filename: 'gros.pdf', data: pdf(LIMIT + 1) }, status: 413, msgType: 'common-invalid_file_size' },
      { file: { filename: 'archive.zip', data: zipBomb() }, status: 415, msgType: 'document-zip_unsafe_entry' },
      { file: null, status: 400, msgType: 'validation-required' },
      { fields: { kind: 'passport', title: 'Passeport' }, file: { filename: 'p.pdf', data: pdf() }, status: 400, msgType: 'validation-enum' },
      { fields: { kind: 'other', title: 'Date', validUntil: '2026-02-30' }, file: { filename: 'p.pdf', data: pdf() }, status: 400, msgType: 'validation-invalid' },
    ];
    for (const { fields, file, status, msgType } of cases) {
      const res = await create(manager.token, fields ?? { kind: 'other', title: 'Pièce refusée' }, file);
      expect(res.statusCode, res.body).toBe(status);
      expect(errorOf(res).msgType).toBe(msgType);
      expect(await stored()).toEqual(before);
    }
  });

  it('updates fields, clears a date with an empty value and replaces the file atomically', async () => {
    const first = pdf(3000);
    const doc: Doc = (await create(manager.token, { kind: 'insurance', title: 'Assurance RC', issueDate: parisDate(-300), validUntil: parisDate(10) }, { filename: 'rc.pdf', data: first })).json().details;
    expect(doc).toMatchObject({ validity: 'expiring', daysLeft: 10 });

    const cleared = await update(employee.token, doc._id, { validUntil: '', title: 'Assurance RC 2026' });
    expect(cleared.statusCode).toBe(200);
    expect(cleared.json()).toMatchObject({ msg: 'Document mis à jour.', details: { title: 'Assurance RC 2026', validUntil: null, validity: 'valid', daysLeft: null, issueDate: parisDate(-300), fileName: 'rc.pdf' } });

    const filesOf = () => filesUnder(ctx.filesDir).filter((p) => p.includes(doc._id));
    expect(filesOf()).toHaveLength(1);
    const second = xlsx();
    const replaced = await update(manager.token, doc._id, {}, { filename: 'RC 2026.xlsx', data: second });
    expect(replaced.statusCode, replaced.body).toBe(200);
    expect(replaced.json().details).toMatchObject({ fileName: 'RC 2026.xlsx', mime: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', size: second.length, title: 'Assurance RC 2026' });
    expect(filesOf()).toHaveLength(1);
    expect((await call(manager.token, 'GET', doc.url)).rawPayload.equals(second)).toBe(true);

    // A date before the kept issue date, an impossible date, a bad file or nothing at all: no change.
    const before = { row: await docRow(doc._id), files: filesUnder(ctx.filesDir) };
    const refused: [Record<string, string>, FileSpec | undefined, number][] = [
      [{ validUntil: parisDate(-400) }, undefined, 400],
      [{ validUntil: parisDate(-400) }, { filename: 'x.pdf', data: pdf() }, 400],
      [{ issueDate: '2026-13-01' }, undefined, 400],
      [{ title: 'Nouveau titre' }, { filename: 'x.pdf', data: Buffer.from('texte') }, 415],
      [{}, { filename: 'x.pdf', data: pdf(LIMIT + 1) }, 413],
      [{}, undefined, 400],
      [{ storageKey: '../x' }, undefined, 400],
    ];
    for (const [fields, file, status] of refused) {
      const res = await update(manager.token, doc._id, fields, file);
      expect(res.statusCode, `${JSON.stringify(fields)}: ${res.body}`).toBe(status);
      expect({ row: await docRow(doc._id), files: filesUnder(ctx.filesDir) }).toEqual(before);
    }
    expect(errorOf(await update(manager.token, doc._id, { validUntil: parisDate(-400) })).details?.[0]?.field).toBe('validUntil');
  });

  it('deletes the row and the file', async () => {
    const doc: Doc = (await create(manager.token, { kind: 'reference_letter', title: 'Lettre de référence mairie' })).json().details;
    const res = await call(employee.token, 'DELETE', `/api/companyDocs/${doc._id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ msg: 'Document supprimé du coffre-fort.' });
    expect(await docRow(doc._id)).toBeUndefined();
    expect(filesUnder(ctx.filesDir).filter((p) => p.includes(doc._id))).toEqual([]);
    expect((await call(manager.token, 'GET', doc.url)).statusCode).toBe(404);
  });

  it("answers 404 to another company's staff on every call, changing nothing", async () => {
    const doc: Doc = (await create(manager.token, { kind: 'kbis', title: 'Kbis confidentiel' })).json().details;
    const before = { row: await docRow(doc._id), ...(await stored()) };
    for (const url of [`/api/companies/${manager.companyId}/documents`, doc.url]) {
      const res = await call(outsider.token, 'GET', url);
      expect(res.statusCode, url).toBe(404);
      expect(res.body).not.toContain('Kbis confidentiel');
    }
    expect((await create(outsider.token, { kind: 'other', title: 'Intrus' })).statusCode).toBe(404);
    expect((await update(outsider.token, doc._id, { title: 'Piraté' })).statusCode).toBe(404);
    expect((await update(outsider.token, doc._id, {}, { filename: 'x.pdf', data: pdf() })).statusCode).toBe(404);
    expect((await call(outsider.token, 'DELETE', `/api/companyDocs/${doc._id}`)).statusCode).toBe(404);
    expect({ row: await docRow(doc._id), ...(await stored()) }).toEqual(before);
    // An admin reaches any company's vault; an unknown company is a 404 for them too.
    expect((await call(admin.token, 'GET', `/api/companies/${manager.companyId}/documents`)).statusCode).toBe(200);
    expect((await create(admin.token, { kind: 'other', title: 'Inconnue' }, undefined, crypto.randomUUID())).statusCode).toBe(404);
    expect(await stored()).toEqual({ rows: before.rows, files: before.files });
  });
});
