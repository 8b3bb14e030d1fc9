import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHash } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { Readable } from 'node:stream';
import { eq } from 'drizzle-orm';
import { buildApp } from '../../server/app';
import { tenderDocuments } from '../../server/db/schema';
import { createTestApp, createUser, errorOf, filesUnder, multipart, rowCount, tinyPng, type TestContext } from './context';
import { buildZip, docx, formRequest, insertTender, pdf, xlsx, zipBomb, type FileSpec } from './documents-fixtures';

const LIMIT = 64 * 1024;

let ctx: TestContext;
let admin: Awaited<ReturnType<typeof createUser>>;
let managerA: Awaited<ReturnType<typeof createUser>>;
let employeeA: Awaited<ReturnType<typeof createUser>>;
let managerB: Awaited<ReturnType<typeof createUser>>;
let tenderA: string;
let tenderB: string;

beforeAll(async () => {
  // A small limit keeps "one byte over" fast; the 50 MB default is the same code path.
  ctx = await createTestApp({ maxUploadBytes: LIMIT });
  admin = await createUser(ctx, 'admin');
  managerA = await createUser(ctx, 'manager');
  employeeA = await createUser(ctx, 'employee', { companyId: managerA.companyId });
  managerB = await createUser(ctx, 'manager');
  tenderA = (await insertTender(ctx, managerA.companyId!)).id;
  tenderB = (await insertTender(ctx, managerB.companyId!)).id;
});
afterAll(() => ctx?.close());

const companyA = () => managerA.companyId!;
const upload = (token: string, file: FileSpec | undefined, options: { companyId?: string; tenderId?: string; lang?: string } = {}) =>
  ctx.app.inject(formRequest('POST', `/api/tenderDocs?companyId=${options.companyId ?? companyA()}`, token, { tenderId: options.tenderId ?? tenderA }, file, options.lang));
const replace = (token: string, id: string, file: FileSpec | undefined, companyId = companyA()) =>
  ctx.app.inject(formRequest('PATCH', `/api/tenderDocs/${id}?companyId=${companyId}`, token, {}, file));
const call = (token: string, method: 'GET' | 'DELETE', url: string) => ctx.app.inject({ method, url, headers: { authorization: `Bearer ${token}` } });
const sha = (data: Buffer) => createHash('sha256').update(data).digest('hex');
const docRow = async (id: string) => (await ctx.db.select().from(tenderDocuments).where(eq(tenderDocuments.id, id)))[0];

/** The state a refused request must leave untouched: the rows and the files. */
async function stored() {
  return { rows: await rowCount(ctx.db, tenderDocuments), files: filesUnder(ctx.filesDir) };
}

describe('uploading a tender document', () => {
  it('stores a PDF under a key of the server, lists it, describes it and sends it back byte for byte', async () => {
    const data = pdf(20_000);
    const res = await upload(employeeA.token, { filename: 'Règlement de consultation.pdf', data, type: 'application/pdf' });
    expect(res.statusCode).toBe(201);
    const { msg, details } = res.json();
    expect(msg).toBe('Document ajouté.');
    expect(details).toMatchObject({
      tenderId: tenderA,
      companyId: companyA(),
      fileName: 'Règlement de consultation.pdf',
      mime: 'application/pdf',
      size: data.length,
      sha256: sha(data),
      entries: null,
      uploadedBy: { _id: employeeA.id, username: 'Test employee' },
      url: `/api/tenderDocs/${details._id}/file`,
    });
    expect(filesUnder(ctx.filesDir)).toContain(`tender-docs/${companyA()}/${tenderA}/${details._id}`);

    const list = await call(managerA.token, 'GET', `/api/tenders/${tenderA}/docs`);
    expect(list.statusCode).toBe(200);
    expect(list.json().documents.map((d: { _id: string }) => d._id)).toContain(details._id);
    expect((await call(admin.token, 'GET', `/api/tenderDocs/${details._id}`)).json()).toEqual(details);

    const file = await call(managerA.token, 'GET', details.url);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.headers['content-length']).toBe(String(data.length));
    expect(file.headers['content-disposition']).toBe(`attachment; filename="Reglement de consultation.pdf"; filename*=UTF-8''R%C3%A8glement%20de%20consultation.pdf`);
    expect(file.headers['x-content-type-options']).toBe('nosniff');
    expect(file.headers['cache-control']).toBe('private, no-store');
    expect(file.rawPayload.equals(data)).toBe(true);

    // A download link carries the token cookie, not a header.
    const byCookie = await ctx.app.inject({ url: details.url, headers: { cookie: `token=${encodeURIComponent(managerA.token)}` } });
    expect(byCookie.statusCode).toBe(200);
    expect(byCookie.rawPayload.equals(data)).toBe(true);
    expect((await ctx.app.inject({ url: details.url })).statusCode).toBe(401);
  });

  it('lists a ZIP archive entry by entry and recognises DOCX, XLSX and images by content', async () => {
    const rc = pdf(3000);
    const zip = buildZip([{ name: 'DCE/' }, { name: 'DCE/Règlement.pdf', data: rc, deflate: true }, { name: 'DCE/CCTP lot 1.docx', data: docx() }]);
    const archive = await upload(managerA.token, { filename: 'DCE complet.zip', data: zip, type: 'application/zip' });
    expect(archive.statusCode).toBe(201);
    expect(archive.json().details).toMatchObject({
      mime: 'application/zip',
      entries: [
        { name: 'DCE/Règlement.pdf', size: rc.length },
        { name: 'DCE/CCTP lot 1.docx', size: docx().length },
      ],
    });
    // The declared type is ignored: the content decides.
    const word = await upload(managerA.token, { filename: 'Mémoire technique.docx', data: docx(), type: 'application/pdf' });
    expect(word.json().details).toMatchObject({ mime: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', entries: null });
    const sheet = await upload(managerA.token, { filename: 'BPU.xlsx', data: xlsx() });
    expect(sheet.json().details).toMatchObject({ mime: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', entries: null });
    const image = await upload(managerA.token, { filename: 'plan.png', data: tinyPng });
    expect(image.json().details.mime).toBe('image/png');
    const download = await call(managerA.token, 'GET', sheet.json().details.url);
    expect(download.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
  });

  it('accepts a file of exactly the limit', async () => {
    const res = await upload(managerA.token, { filename: 'limite.pdf', data: pdf(LIMIT) });
    expect(res.statusCode).toBe(201);
    expect(res.json().details.size).toBe(LIMIT);
  });

  it('refuses bad files, each with nothing stored: no row, no file', async () => {
    const before = await stored();
    const cases: { file: FileSpec | undefined; status: number; msgType: string }[] = [
      { file: { filename: 'Offre.pdf', data: Buffer.from('Ceci est un simple texte, pas un PDF.'), type: 'application/pdf' }, status: 415, msgType: 'common-invalid_file_type' },
      { file: { filename: 'vide.pdf', data: Buffer.alloc(0) }, status: 400, msgType: 'document-empty_file' },
      { file: { filename: 'gros.pdf', data: pdf(LIMIT + 1) }, status: 413, msgType: 'common-invalid_file_size' },
      { file: { filename: 'bien plus gros.pdf', data: pdf(LIMIT * 4) }, status: 413, msgType: 'common-invalid_file_size' },
      { file: { filename: 'DCE.zip', data: zipBomb() }, status: 415, msgType: 'document-zip_unsafe_entry' },
      { file: { filename: 'evil.zip', data: buildZip([{ name: '../../evil.sh', data: Buffer.from('rm -rf /') }]) }, status: 415, msgType: 'document-zip_unsafe_entry' },
      { file: undefined, status: 400, msgType: 'validation-required' },
    ];
    for (const { file, status, msgType } of cases) {
      const res = await upload(managerA.token, file);
      expect(res.statusCode, `${file?.filename}: ${res.body}`).toBe(status);
      expect(errorOf(res).msgType).toBe(msgType);
      expect(await stored(), file?.filename).toEqual(before);
    }
    const sizeError = await upload(managerA.token, { filename: 'gros.pdf', data: pdf(LIMIT + 1) }, { lang: 'en' });
    expect(errorOf(sizeError).msg).toBe('The file is too large.');
    expect(errorOf(await upload(managerA.token, { filename: 'vide.pdf', data: Buffer.alloc(0) }, { lang: 'en' })).msg).toBe('The file is empty.');
    expect(errorOf(await upload(managerA.token, { filename: 'DCE.zip', data: zipBomb() })).msg).toBe("L'archive contient un élément refusé : zeros.bin.");

    // The form: tenderId is required, comes first, and nothing else is accepted.
    const noTender = multipart([{ name: 'file', filename: 'a.pdf', type: 'application/pdf', data: pdf() }]);
    const res = await ctx.app.inject({ method: 'POST', url: `/api/tenderDocs?companyId=${companyA()}`, payload: noTender.payload, headers: { ...noTender.headers, authorization: `Bearer ${managerA.token}` } });
    expect(res.statusCode).toBe(400);
    expect(errorOf(res).details).toEqual([{ field: 'tenderId', msg: "Le champ « Appel d'offres » est obligatoire." }]);
    const extra = multipart([
      { name: 'tenderId', value: tenderA },
      { name: 'storageKey', value: '../../etc/passwd' },
      { name: 'file', filename: 'a.pdf', type: 'application/pdf', data: pdf() },
    ]);
    const unknown = await ctx.app.inject({ method: 'POST', url: `/api/tenderDocs?companyId=${companyA()}`, payload: extra.payload, headers: { ...extra.headers, authorization: `Bearer ${managerA.token}` } });
    expect(unknown.statusCode).toBe(400);
    expect(errorOf(unknown).details?.[0]?.field).toBe('storageKey');
    const twoFiles = multipart([
      { name: 'tenderId', value: tenderA },
      { name: 'file', filename: 'a.pdf', type: 'application/pdf', data: pdf() },
      { name: 'file', filename: 'b.pdf', type: 'application/pdf', data: pdf() },
    ]);
    const two = await ctx.app.inject({ method: 'POST', url: `/api/tenderDocs?companyId=${companyA()}`, payload: twoFiles.payload, headers: { ...twoFiles.headers, authorization: `Bearer ${managerA.token}` } });
    expect(two.statusCode).toBe(413);
    // A field after the file would have escaped the checks made before storing it.
    const late = multipart([
      { name: 'file', filename: 'a.pdf', type: 'application/pdf', data: pdf() },
      { name: 'tenderId', value: tenderA },
    ]);
    const lateRes = await ctx.app.inject({ method: 'POST', url: `/api/tenderDocs?companyId=${companyA()}`, payload: late.payload, headers: { ...late.headers, authorization: `Bearer ${managerA.token}` } });
    expect(lateRes.statusCode).toBe(400);
    const after = multipart([
      { name: 'tenderId', value: tenderA },
      { name: 'file', filename: 'a.pdf', type: 'application/pdf', data: pdf() },
      { name: 'note', value: 'ajoutée après le fichier' },
    ]);
    const afterRes = await ctx.app.inject({ method: 'POST', url: `/api/tenderDocs?companyId=${companyA()}`, payload: after.payload, headers: { ...after.headers, authorization: `Bearer ${managerA.token}` } });
    expect(afterRes.statusCode).toBe(400);
    expect(errorOf(afterRes).details?.[0]?.field).toBe('note');
    expect(await stored()).toEqual(before);
  });

  it('keeps a path-traversal file name as a sanitised name only, never as a path', async () => {
    const data = pdf();
    const res = await upload(managerA.token, { filename: '../../../../etc/cron.d/Offre <finale>.pdf', data });
    expect(res.statusCode).toBe(201);
    const { details } = res.json();
    expect(details.fileName).toBe('Offre finale.pdf');
    // Everything the app wrote is under its files folder, at the key it chose.
    expect(filesUnder(ctx.dataDir).every((path) => path.startsWith('files/tender-docs/'))).toBe(true);
    expect(filesUnder(ctx.filesDir)).toContain(`tender-docs/${companyA()}/${tenderA}/${details._id}`);
    const file = await call(managerA.token, 'GET', details.url);
    expect(file.headers['content-disposition']).toBe(`attachment; filename="Offre finale.pdf"; filename*=UTF-8''Offre%20finale.pdf`);
    expect(file.rawPayload.equals(data)).toBe(true);
  });
});

describe('company scope', () => {
  it("answers 404 to another company's staff on every call, and stores nothing", async () => {
    const doc = (await upload(managerA.token, { filename: 'CCAP.pdf', data: pdf() })).json().details;
    const before = await stored();
    for (const url of [`/api/tenders/${tenderA}/docs`, `/api/tenderDocs/${doc._id}`, `/api/tenderDocs/${doc._id}/file`]) {
      const res = await call(managerB.token, 'GET', url);
      expect(res.statusCode, url).toBe(404);
      expect(res.body).not.toContain(doc.fileName);
    }
    expect((await call(managerB.token, 'DELETE', `/api/tenderDocs/${doc._id}`)).statusCode).toBe(404);
    // Naming their own company does not reach A's tender or document, naming A's is refused.
    expect((await upload(managerB.token, { filename: 'x.pdf', data: pdf() }, { companyId: managerB.companyId!, tenderId: tenderA })).statusCode).toBe(404);
    expect((await upload(managerB.token, { filename: 'x.pdf', data: pdf() }, { companyId: companyA(), tenderId: tenderA })).statusCode).toBe(404);
    expect((await replace(managerB.token, doc._id, { filename: 'x.pdf', data: pdf() }, managerB.companyId!)).statusCode).toBe(404);
    expect((await replace(managerB.token, doc._id, { filename: 'x.pdf', data: pdf() }, companyA())).statusCode).toBe(404);
    expect(await stored()).toEqual(before);
    expect(await docRow(doc._id)).toMatchObject({ fileName: 'CCAP.pdf', sha256: doc.sha256 });
  });

  it("answers 404 when the companyId query is not the tender's company, even to an admin", async () => {
    const before = await stored();
    // A's own staff naming another company, an admin naming a company that does not own the tender.
    expect((await upload(managerA.token, { filename: 'x.pdf', data: pdf() }, { companyId: managerB.companyId! })).statusCode).toBe(404);
    expect((await upload(admin.token, { filename: 'x.pdf', data: pdf() }, { companyId: managerB.companyId!, tenderId: tenderA })).statusCode).toBe(404);
    expect((await upload(managerA.token, { filename: 'x.pdf', data: pdf() }, { tenderId: tenderB })).statusCode).toBe(404);
    const doc = (await upload(managerA.token, { filename: 'AE.pdf', data: pdf() })).json().details;
    const afterOne = await stored();
    expect((await replace(admin.token, doc._id, { filename: 'x.pdf', data: pdf() }, managerB.companyId!)).statusCode).toBe(404);
    expect((await replace(managerA.token, doc._id, { filename: 'x.pdf', data: pdf() }, managerB.companyId!)).statusCode).toBe(404);
    expect(await stored()).toEqual(afterOne);
    expect(afterOne.rows).toBe(before.rows + 1);
    // The admin acting for the right company is served.
    expect((await upload(admin.token, { filename: 'Par admin.pdf', data: pdf() }, { companyId: managerB.companyId!, tenderId: tenderB })).statusCode).toBe(201);
  });
});

describe('replacing and deleting', () => {
  it('replaces the file: one file kept, the new bytes served, the old file gone', async () => {
    const first = pdf(5000);
    const doc = (await upload(managerA.token, { filename: 'CCTP v1.pdf', data: first })).json().details;
    const filesOf = () => filesUnder(ctx.filesDir).filter((p) => p.includes(doc._id));
    expect(filesOf()).toHaveLength(1);

    const second = docx();
    const res = await replace(employeeA.token, doc._id, { filename: 'CCTP v2.docx', data: second });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      msg: 'Document remplacé.',
      details: { _id: doc._id, fileName: 'CCTP v2.docx', size: second.length, sha256: sha(second), uploadedBy: { _id: employeeA.id } },
    });
    expect(filesOf()).toHaveLength(1);
    expect(filesOf()[0]).not.toBe(`tender-docs/${companyA()}/${tenderA}/${doc._id}`);
    const file = await call(managerA.token, 'GET', doc.url);
    expect(file.rawPayload.equals(second)).toBe(true);
    expect(file.headers['content-disposition']).toContain('filename="CCTP v2.docx"');

    // A refused replacement keeps the document as it was.
    const before = { row: await docRow(doc._id), files: filesUnder(ctx.filesDir) };
    for (const bad of [{ filename: 'v3.pdf', data: Buffer.from('pas un pdf') }, { filename: 'v3.pdf', data: pdf(LIMIT + 1) }, { filename: 'v3.zip', data: zipBomb() }]) {
      expect((await replace(managerA.token, doc._id, bad)).statusCode).toBeGreaterThanOrEqual(400);
      expect({ row: await docRow(doc._id), files: filesUnder(ctx.filesDir) }).toEqual(before);
    }
    expect((await replace(managerA.token, doc._id, undefined)).statusCode).toBe(400);
    expect((await call(managerA.token, 'GET', doc.url)).rawPayload.equals(second)).toBe(true);
  });

  it('deletes the row and the file, answering what was deleted', async () => {
    const doc = (await upload(managerA.token, { filename: 'DPGF.pdf', data: pdf() })).json().details;
    const res = await call(employeeA.token, 'DELETE', `/api/tenderDocs/${doc._id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ msg: 'Document supprimé.', details: doc });
    expect(await docRow(doc._id)).toBeUndefined();
    expect(filesUnder(ctx.filesDir).filter((p) => p.includes(doc._id))).toEqual([]);
    expect((await call(managerA.token, 'GET', doc.url)).statusCode).toBe(404);
    expect((await call(managerA.token, 'DELETE', `/api/tenderDocs/${doc._id}`)).statusCode).toBe(404);
  });

  it("answers 404 for an unknown tender's documents", async () => {
    expect((await call(admin.token, 'GET', `/api/tenders/${crypto.randomUUID()}/docs`)).statusCode).toBe(404);
    expect((await call(admin.token, 'GET', `/api/tenderDocs/${crypto.randomUUID()}`)).statusCode).toBe(404);
  });
});

describe('a server killed in the middle of an upload', () => {
  it('leaves neither file nor row once a new server starts on the same files', async () => {
    const tender = await insertTender(ctx, companyA());
    const before = await rowCount(ctx.db, tenderDocuments);
    // A client that sends the form and half of its file, then nothing more: the upload is in flight.
    const boundary = '----soumissiokilled';
    const body = new Readable({ read() {} });
    body.push(`--${boundary}\r\nContent-Disposition: form-data; name="tenderId"\r\n\r\n${tender.id}\r\n`);
    body.push(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="DCE.pdf"\r\nContent-Type: application/pdf\r\n\r\n`);
    body.push(pdf(30_000));
    const inFlight = ctx.app
      .inject({
        method: 'POST',
        url: `/api/tenderDocs?companyId=${companyA()}`,
        payload: body,
        headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, authorization: `Bearer ${managerA.token}` },
      })
      .then(
        (res) => res.statusCode,
        () => 'aborted',
      );
    const temporary = () => filesUnder(ctx.filesDir).filter((p) => p.startsWith(`tender-docs/${companyA()}/${tender.id}/`));
    for (let i = 0; i < 100 && temporary().length === 0; i++) await new Promise((r) => setTimeout(r, 20));
    expect(temporary()).toEqual([expect.stringMatching(/\.[0-9a-f]{12}\.tmp$/)]);
    // And one a crash left in another tender's folder, written as the storage names them.
    const leftover = join(ctx.filesDir, `tender-docs/${companyA()}/${tenderA}/${crypto.randomUUID()}.0123456789ab.tmp`);
    mkdirSync(dirname(leftover), { recursive: true });
    writeFileSync(leftover, '%PDF-1.7 half');
    const kept = filesUnder(ctx.filesDir).filter((p) => !p.endsWith('.tmp'));

    // The process is gone; a new one starts on the same database and files.
    const restarted = await buildApp({ db: ctx.db, dbKind: ctx.dbKind, jwtSecret: ctx.jwtSecret, filesDir: ctx.filesDir, maxUploadBytes: LIMIT });
    try {
      expect(filesUnder(ctx.filesDir)).toEqual(kept);
      expect(await rowCount(ctx.db, tenderDocuments)).toBe(before);
      const list = await restarted.inject({ url: `/api/tenders/${tender.id}/docs`, headers: { authorization: `Bearer ${managerA.token}` } });
      expect(list.json()).toEqual({ documents: [] });
    } finally {
      await restarted.close();
      body.destroy(new Error('connection reset'));
      await inFlight;
    }
    expect(filesUnder(ctx.filesDir)).toEqual(kept);
    expect(await rowCount(ctx.db, tenderDocuments)).toBe(before);
  });
});
