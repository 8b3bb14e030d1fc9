// The plan's storage on every path that keeps a file (issue 14): a replaced file counts only what
// the new one adds to it — a replacement that stays under the limit passes, one that passes it is
// refused with the 402 and the old file stays whole and downloadable; a replacement no bigger than
// the old file passes even above a limit lowered since. CVs and memory images count like documents.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { companyDocuments, memories } from '../../server/db/schema';
import { createTestApp, createUser, errorOf, filesUnder, multipart, tinyPng, type TestContext } from './context';
import { formRequest, insertTender, pdf, type FileSpec } from './documents-fixtures';

type Person = Awaited<ReturnType<typeof createUser>>;

const MB = 1024 * 1024;
const LIMIT = 500 * MB; // the free plan's
const REFUSAL = 'Votre formule Gratuit permet 500 Mo de documents. Passez à la formule Essentiel pour en déposer davantage, ou supprimez des fichiers.';

let ctx: TestContext;
let admin: Person;

beforeAll(async () => {
  ctx = await createTestApp();
  admin = await createUser(ctx, 'admin');
});
afterAll(() => ctx?.close());

const get = (token: string, url: string) => ctx.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}`, 'accept-language': 'fr' } });
const file = (name: string, size: number): FileSpec => ({ filename: name, data: pdf(size), type: 'application/pdf' });

/** A manager of a free-plan company whose other files (a row only: the limit reads the sizes) leave `room` bytes. */
async function companyWithRoom(room: number) {
  const manager = await createUser(ctx, 'manager');
  const companyId = manager.companyId!;
  const res = await ctx.app.inject({ method: 'PUT', url: `/api/billing/${companyId}/plan`, headers: { authorization: `Bearer ${admin.token}` }, payload: { plan: 'free', reason: 'Test du stockage' } });
  expect(res.statusCode, res.body).toBe(200);
  await ctx.db
    .insert(companyDocuments)
    .values({ companyId, kind: 'other', title: 'Archives', fileName: 'archives.zip', mime: 'application/zip', size: LIMIT - room, sha256: 'x', storageKey: `company-docs/${companyId}/none` });
  return { manager, companyId };
}

/** A replacement refused (402, the plan's message), then one that fits; the old file downloads whole in between. */
async function checkReplacement(
  token: string,
  replace: (spec: FileSpec) => Promise<Awaited<ReturnType<typeof get>>>,
  downloadUrl: string,
  old: Buffer,
  fits: number,
  tooBig: number,
) {
  const files = filesUnder(ctx.filesDir).length;
  const refused = await replace(file('v3.pdf', tooBig));
  expect(refused.statusCode, refused.body).toBe(402);
  expect(errorOf(refused).msg).toBe(REFUSAL);
  // Nothing lost, nothing left behind.
  expect(filesUnder(ctx.filesDir).length).toBe(files);
  const kept = await get(token, downloadUrl);
  expect(kept.statusCode).toBe(200);
  expect(kept.rawPayload.equals(old)).toBe(true);

  const next = file('v2.pdf', fits);
  const passed = await replace(next);
  expect(passed.statusCode, passed.body).toBe(200);
  expect((await get(token, downloadUrl)).rawPayload.equals(next.data)).toBe(true);
  expect(filesUnder(ctx.filesDir).length).toBe(files);
}

describe('replacing a file under the plan\'s storage', () => {
  it('a tender document: what the new file adds counts, not its whole size; refused, the old file stays', async () => {
    // 10,000 bytes of room: a 6,000-byte file, then 9,000 (+3,000) fits, 11,000 (+5,000 on 9,000: 1,000 over) does not.
    const { manager, companyId } = await companyWithRoom(10_000);
    const tender = await insertTender(ctx, companyId);
    const first = file('RC.pdf', 6_000);
    const created = await ctx.app.inject(formRequest('POST', `/api/tenderDocs?companyId=${companyId}`, manager.token, { tenderId: tender.id }, first));
    expect(created.statusCode, created.body).toBe(201);
    const id = (created.json() as { details: { _id: string } }).details._id;
    const replace = (spec: FileSpec) => ctx.app.inject(formRequest('PATCH', `/api/tenderDocs/${id}?companyId=${companyId}`, manager.token, {}, spec));
    // A whole-size count would refuse 9,000 bytes with 6,000 already stored in 10,000.
    await checkReplacement(manager.token, replace, `/api/tenderDocs/${id}/file`, first.data, 9_000, 16_000);
    const again = await replace(file('v4.pdf', 14_000));
    expect(again.statusCode).toBe(402);
  });

  it('a company document, and a smaller replacement above a limit lowered since', async () => {
    const { manager, companyId } = await companyWithRoom(10_000);
    const first = file('kbis.pdf', 6_000);
    const created = await ctx.app.inject(formRequest('POST', `/api/companies/${companyId}/documents`, manager.token, { kind: 'kbis', title: 'Kbis' }, first));
    expect(created.statusCode, created.body).toBe(201);
    const id = (created.json() as { details: { _id: string } }).details._id;
    const replace = (spec: FileSpec) => ctx.app.inject(formRequest('PATCH', `/api/companyDocs/${id}`, manager.token, {}, spec));
    await checkReplacement(manager.token, replace, `/api/companyDocs/${id}/file`, first.data, 9_000, 16_000);

    // Now 1 MB over the limit (a plan lowered, data kept): a smaller file still replaces, a bigger one does not.
    await ctx.db.insert(companyDocuments).values({ companyId, kind: 'other', title: 'Plans', fileName: 'plans.zip', mime: 'application/zip', size: MB, sha256: 'y', storageKey: `company-docs/${companyId}/none-2` });
    const smaller = await replace(file('kbis-court.pdf', 5_000));
    expect(smaller.statusCode, smaller.body).toBe(200);
    expect((await replace(file('kbis-long.pdf', 5_001))).statusCode).toBe(402);
    // Changing the fields only (no file) is no storage.
    expect((await ctx.app.inject(formRequest('PATCH', `/api/companyDocs/${id}`, manager.token, { title: 'Kbis 2026' }))).statusCode).toBe(200);
  });

  it('a CV: its upload counts, and its replacement what it adds', async () => {
    const { manager, companyId } = await companyWithRoom(10_000);
    const tooBig = await ctx.app.inject(formRequest('POST', `/api/companies/${companyId}/resumes`, manager.token, { fullName: 'Karim Haddad' }, file('cv.pdf', 12_000)));
    expect(tooBig.statusCode).toBe(402);
    expect(errorOf(tooBig).msg).toBe(REFUSAL);
    const first = file('cv.pdf', 6_000);
    const created = await ctx.app.inject(formRequest('POST', `/api/companies/${companyId}/resumes`, manager.token, { fullName: 'Karim Haddad' }, first));
    expect(created.statusCode, created.body).toBe(201);
    const id = (created.json() as { details: { _id: string } }).details._id;
    const replace = (spec: FileSpec) => ctx.app.inject(formRequest('POST', `/api/resumes/${id}/file`, manager.token, {}, spec));
    await checkReplacement(manager.token, replace, `/api/resumes/${id}/file`, first.data, 9_000, 16_000);
  });

  it('a memory image past the plan is refused and not kept', async () => {
    const { manager, companyId } = await companyWithRoom(tinyPng.length - 1);
    const tender = await insertTender(ctx, companyId);
    const [memory] = await ctx.db.insert(memories).values({ tenderId: tender.id, companyId, title: 'Mémoire technique' }).returning({ id: memories.id });
    const upload = () => {
      const form = multipart([{ name: 'file', filename: 'plan.png', type: 'image/png', data: tinyPng }]);
      return ctx.app.inject({ method: 'POST', url: `/api/memories/${memory!.id}/images`, headers: { authorization: `Bearer ${manager.token}`, 'accept-language': 'fr', ...form.headers }, payload: form.payload });
    };
    const files = filesUnder(ctx.filesDir).length;
    const refused = await upload();
    expect(refused.statusCode).toBe(402);
    expect(errorOf(refused).msg).toBe(REFUSAL);
    expect(filesUnder(ctx.filesDir).length).toBe(files);
    await ctx.db.delete(companyDocuments).where(eq(companyDocuments.companyId, companyId));
    expect((await upload()).statusCode).toBe(201);
  });
});
