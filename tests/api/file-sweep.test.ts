// Files go with the rows that name them: deleting a tender removes its documents' files and its
// memories' images from the data directory; deleting a company removes every file it had (tender
// and vault documents, CVs, memory images, logo). Other companies' files stay.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InjectOptions } from 'fastify';
import { memories } from '../../server/db/schema';
import { createTestApp, createUser, filesUnder, multipart, tinyPng, type TestContext } from './context';
import { formRequest, insertTender, pdf } from './documents-fixtures';

type Person = Awaited<ReturnType<typeof createUser>>;

let ctx: TestContext;
let admin: Person;

beforeAll(async () => {
  ctx = await createTestApp();
  admin = await createUser(ctx, 'admin');
});
afterAll(() => ctx?.close());

const upload = async (request: InjectOptions) => {
  const res = await ctx.app.inject(request);
  expect(res.statusCode, res.body).toBeLessThan(300);
  return res;
};
const imageForm = (url: string, token: string, field = 'file') => {
  const form = multipart([{ name: field, filename: 'plan.png', type: 'image/png', data: tinyPng }]);
  return { url, headers: { authorization: `Bearer ${token}`, ...form.headers }, payload: form.payload };
};

/** A tender with a document and a memory with an image; the files it put in the data directory. */
async function tenderWithFiles(manager: Person) {
  const companyId = manager.companyId!;
  const before = new Set(filesUnder(ctx.filesDir));
  const tender = await insertTender(ctx, companyId);
  await upload(formRequest('POST', `/api/tenderDocs?companyId=${companyId}`, manager.token, { tenderId: tender.id }, { filename: 'RC.pdf', data: pdf(3000), type: 'application/pdf' }));
  const [memory] = await ctx.db.insert(memories).values({ tenderId: tender.id, companyId, title: 'Mémoire technique' }).returning({ id: memories.id });
  await upload({ method: 'POST', ...imageForm(`/api/memories/${memory!.id}/images`, manager.token) });
  return { tenderId: tender.id, files: filesUnder(ctx.filesDir).filter((f) => !before.has(f)) };
}

describe('files deleted with their rows', () => {
  it('a tender deleted takes its documents and its memories\' images from the data directory', async () => {
    const manager = await createUser(ctx, 'manager');
    const kept = await tenderWithFiles(manager);
    const gone = await tenderWithFiles(manager);
    expect(gone.files).toHaveLength(2);
    const res = await ctx.app.inject({ method: 'DELETE', url: `/api/tenders/${gone.tenderId}`, headers: { authorization: `Bearer ${admin.token}` } });
    expect(res.statusCode, res.body).toBe(200);
    const now = filesUnder(ctx.filesDir);
    for (const file of gone.files) expect(now).not.toContain(file);
    for (const file of kept.files) expect(now).toContain(file);
  });

  it('a company deleted takes every file it had; another company\'s stay', async () => {
    const manager = await createUser(ctx, 'manager');
    const other = await createUser(ctx, 'manager');
    const companyId = manager.companyId!;
    const before = new Set(filesUnder(ctx.filesDir));
    const others = (await tenderWithFiles(other)).files;
    const own = new Set(filesUnder(ctx.filesDir));
    await tenderWithFiles(manager);
    await upload(formRequest('POST', `/api/companies/${companyId}/documents`, manager.token, { kind: 'kbis', title: 'Kbis' }, { filename: 'kbis.pdf', data: pdf(3000), type: 'application/pdf' }));
    await upload(formRequest('POST', `/api/companies/${companyId}/resumes`, manager.token, { fullName: 'Karim Haddad' }, { filename: 'cv.pdf', data: pdf(3000), type: 'application/pdf' }));
    await upload({ method: 'PUT', ...imageForm(`/api/companies/${companyId}/logo`, manager.token, 'logo') });
    const companyFiles = filesUnder(ctx.filesDir).filter((f) => !own.has(f));
    // Tender document, memory image, vault document, CV, logo.
    expect(companyFiles).toHaveLength(5);

    const res = await ctx.app.inject({ method: 'DELETE', url: `/api/companies/${companyId}`, headers: { authorization: `Bearer ${admin.token}` } });
    expect(res.statusCode, res.body).toBe(200);
    const now = filesUnder(ctx.filesDir);
    for (const file of companyFiles) expect(now).not.toContain(file);
    for (const file of others) expect(now).toContain(file);
    expect(now.filter((f) => !before.has(f)).sort()).toEqual([...others].sort());
  });
});
