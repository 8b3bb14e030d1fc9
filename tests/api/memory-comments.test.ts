// Comment threads and images of a technical memory (issue 12): a thread opened on a passage, its
// replies, resolved and reopened, deleted by its author or a manager only; another company sees
// none of it. Images are refused by content, served only within the company, embedded in the Word
// export's word/media, and go with the memory.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { unzipSync, strFromU8 } from 'fflate';
import { memoryComments, memoryImages, memoryThreads } from '../../server/db/schema';
import { createTestApp, createUser, errorOf, filesUnder, multipart, tinyPng, type TestContext } from './context';
import { insertTender } from './documents-fixtures';

type Thread = { _id: string; sectionId: string; quote: string; resolved: boolean; createdBy: string; comments: { _id: string; body: string; author: { _id: string; username: string } | null }[] };
type Memory = { _id: string; version: number; sections: { _id: string; version: number; content: unknown }[] };

let ctx: TestContext;
let manager: Awaited<ReturnType<typeof createUser>>;
let employee: Awaited<ReturnType<typeof createUser>>;
let colleague: Awaited<ReturnType<typeof createUser>>;
let outsider: Awaited<ReturnType<typeof createUser>>;
let memory: Memory;

const call = (token: string, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: unknown, lang = 'fr') =>
  ctx.app.inject({ method, url, headers: { authorization: `Bearer ${token}`, 'accept-language': lang }, ...(payload !== undefined ? { payload: payload as object } : {}) });
const upload = (token: string, memoryId: string, data: Buffer, type = 'image/png') => {
  const form = multipart([{ name: 'file', filename: 'schema.png', type, data }]);
  return ctx.app.inject({ method: 'POST', url: `/api/memories/${memoryId}/images`, headers: { authorization: `Bearer ${token}`, ...form.headers }, payload: form.payload });
};
const newMemory = async (token: string, companyId: string) => {
  const tender = await insertTender(ctx, companyId);
  return (await call(token, 'POST', `/api/tenders/${tender.id}/memories`, { from: 'blank' })).json().details as Memory;
};
const threadsOf = async (token: string, memoryId = memory._id) => (await call(token, 'GET', `/api/memories/${memoryId}/comments`)).json().threads as Thread[];
const open = (token: string, body = 'À chiffrer plus précisément.', quote = 'méthode éprouvée') =>
  call(token, 'POST', `/api/memories/${memory._id}/comments`, { sectionId: memory.sections[0]!._id, quote, body });

beforeAll(async () => {
  ctx = await createTestApp();
  manager = await createUser(ctx, 'manager');
  employee = await createUser(ctx, 'employee', { companyId: manager.companyId });
  colleague = await createUser(ctx, 'employee', { companyId: manager.companyId });
  outsider = await createUser(ctx, 'manager');
  memory = await newMemory(manager.token, manager.companyId!);
});
afterAll(() => ctx?.close());

describe('comment threads', () => {
  it('a thread opened on a passage, replied to, resolved then reopened', async () => {
    const created = await open(employee.token);
    expect(created.statusCode).toBe(201);
    const thread = created.json().details as Thread;
    expect(created.json().msg).toBe('Commentaire ajouté.');
    expect(thread).toMatchObject({ sectionId: memory.sections[0]!._id, quote: 'méthode éprouvée', resolved: false, createdBy: employee.id });
    expect(thread.comments.map((c) => [c.body, c.author?._id])).toEqual([['À chiffrer plus précisément.', employee.id]]);

    const replied = await call(manager.token, 'POST', `/api/memory-comments/${thread._id}/replies`, { body: '  Fait, voir le tableau.  ' });
    expect(replied.statusCode).toBe(201);
    expect((replied.json().details as Thread).comments.map((c) => [c.body, c.author?._id])).toEqual([
      ['À chiffrer plus précisément.', employee.id],
      ['Fait, voir le tableau.', manager.id],
    ]);

    const resolved = await call(employee.token, 'PATCH', `/api/memory-comments/${thread._id}`, { resolved: true });
    expect(resolved.json()).toMatchObject({ msg: 'Fil de discussion résolu.', details: { resolved: true } });
    expect((await threadsOf(colleague.token)).find((t) => t._id === thread._id)?.resolved).toBe(true);
    const reopened = await call(employee.token, 'PATCH', `/api/memory-comments/${thread._id}`, { resolved: false }, 'en');
    expect(reopened.json()).toMatchObject({ msg: 'Thread reopened.', details: { resolved: false } });
  });

  it('a section can still be saved with a comment mark on its text', async () => {
    const thread = (await open(manager.token)).json().details as Thread;
    const content = { type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text: 'Notre ' }, { type: 'text', text: 'méthode éprouvée', marks: [{ type: 'comment', attrs: { threadId: thread._id } }] }] }] };
    const section = memory.sections[0]!;
    const saved = await call(manager.token, 'PATCH', `/api/memories/${memory._id}/sections/${section._id}`, { version: section.version, content });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().details.text).toBe('Notre méthode éprouvée');
    memory = (await call(manager.token, 'GET', `/api/memories/${memory._id}`)).json() as Memory;
    // The Word export keeps the words and ignores the mark.
    const docx = await call(manager.token, 'GET', `/api/memories/${memory._id}/export.docx`);
    expect(docx.statusCode).toBe(200);
    expect(strFromU8(unzipSync(new Uint8Array(docx.rawPayload))['word/document.xml']!)).toContain('méthode éprouvée');
  });

  it('only its author, a manager or an admin deletes a thread', async () => {
    const thread = (await open(employee.token)).json().details as Thread;
    const refused = await call(colleague.token, 'DELETE', `/api/memory-comments/${thread._id}`);
    expect(refused.statusCode).toBe(403);
    expect((await call(employee.token, 'DELETE', `/api/memory-comments/${thread._id}`)).statusCode).toBe(200);
    expect((await threadsOf(manager.token)).some((t) => t._id === thread._id)).toBe(false);
    expect(await ctx.db.select().from(memoryComments).where(eq(memoryComments.threadId, thread._id))).toEqual([]);

    const another = (await open(employee.token)).json().details as Thread;
    expect((await call(manager.token, 'DELETE', `/api/memory-comments/${another._id}`)).statusCode).toBe(200);
  });

  it('another company sees none of it: 404 on the list, the thread, its replies', async () => {
    const thread = (await open(employee.token)).json().details as Thread;
    for (const res of [
      await call(outsider.token, 'GET', `/api/memories/${memory._id}/comments`),
      await call(outsider.token, 'POST', `/api/memories/${memory._id}/comments`, { sectionId: memory.sections[0]!._id, quote: 'x', body: 'y' }),
      await call(outsider.token, 'POST', `/api/memory-comments/${thread._id}/replies`, { body: 'Intrus' }),
      await call(outsider.token, 'PATCH', `/api/memory-comments/${thread._id}`, { resolved: true }),
      await call(outsider.token, 'DELETE', `/api/memory-comments/${thread._id}`),
    ]) {
      expect(res.statusCode).toBe(404);
      expect(res.body).not.toContain('méthode');
    }
    expect((await threadsOf(manager.token)).find((t) => t._id === thread._id)?.comments).toHaveLength(1);
  });

  it('refuses an empty or too long body, an unknown section, with the field named', async () => {
    const empty = await open(employee.token, '   ');
    expect(empty.statusCode).toBe(400);
    expect(errorOf(empty).details?.[0]?.field).toBe('body');
    const long = await open(employee.token, 'a'.repeat(5001));
    expect(long.statusCode).toBe(400);
    expect(errorOf(long).msg).toMatch(/Commentaire/);
    const other = await newMemory(manager.token, manager.companyId!);
    const wrongSection = await call(manager.token, 'POST', `/api/memories/${memory._id}/comments`, { sectionId: other.sections[0]!._id, quote: 'x', body: 'y' });
    expect(wrongSection.statusCode).toBe(404);
    const thread = (await open(employee.token)).json().details as Thread;
    const emptyReply = await call(employee.token, 'POST', `/api/memory-comments/${thread._id}/replies`, { body: '' });
    expect(emptyReply.statusCode).toBe(400);
    expect((await call(employee.token, 'PATCH', `/api/memory-comments/${thread._id}`, { resolved: 'oui' })).statusCode).toBe(400);
  });
});

describe('images', () => {
  it('a PNG is stored and served to the company only, with long cache headers', async () => {
    const res = await upload(employee.token, memory._id, tinyPng);
    expect(res.statusCode).toBe(201);
    const { _id, url } = res.json().details as { _id: string; url: string };
    expect(url).toBe(`/api/memory-images/${_id}`);
    const served = await call(colleague.token, 'GET', url);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['cache-control']).toContain('immutable');
    expect(served.rawPayload.equals(tinyPng)).toBe(true);
    expect((await call(outsider.token, 'GET', url)).statusCode).toBe(404);
    expect((await call(outsider.token, 'GET', url)).rawPayload.equals(tinyPng)).toBe(false);
    expect((await upload(outsider.token, memory._id, tinyPng)).statusCode).toBe(404);
  });

  it('refuses a file that is not an image by its bytes, whatever its declared type, and keeps nothing', async () => {
    const before = filesUnder(ctx.filesDir);
    const res = await upload(employee.token, memory._id, Buffer.from('%PDF-1.7 pas une image'), 'image/png');
    expect(res.statusCode).toBe(415);
    expect(errorOf(res).msg).toBe('L’image doit être un PNG, un JPEG, un WebP ou un GIF.');
    expect(filesUnder(ctx.filesDir)).toEqual(before);
    const big = Buffer.concat([tinyPng, Buffer.alloc(5 * 1024 * 1024)]);
    expect((await upload(employee.token, memory._id, big)).statusCode).toBe(413);
  });

  it('the Word export embeds the image in word/media, with its alt text', async () => {
    const { url } = (await upload(manager.token, memory._id, tinyPng)).json().details as { url: string };
    const section = memory.sections[0]!;
    const content = { type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text: 'Plan du chantier :' }] }, { type: 'image', attrs: { src: url, alt: 'Plan d’installation' } }] };
    const saved = await call(manager.token, 'PATCH', `/api/memories/${memory._id}/sections/${section._id}`, { version: section.version, content });
    expect(saved.statusCode).toBe(200);
    memory = (await call(manager.token, 'GET', `/api/memories/${memory._id}`)).json() as Memory;
    const docx = await call(manager.token, 'GET', `/api/memories/${memory._id}/export.docx`);
    const files = unzipSync(new Uint8Array(docx.rawPayload));
    // Beside the company's monogram, the section's image, byte for byte.
    const ours = Object.keys(files).filter((name) => name.startsWith('word/media/') && Buffer.from(files[name]!).equals(tinyPng));
    expect(ours).toHaveLength(1);
    expect(strFromU8(files['word/document.xml']!)).toContain('descr="Plan d’installation"');
  });

  it('another memory naming this image does not embed it', async () => {
    const { url } = (await upload(manager.token, memory._id, tinyPng)).json().details as { url: string };
    const foreign = await newMemory(outsider.token, outsider.companyId!);
    const section = foreign.sections[0]!;
    const content = { type: 'doc', content: [{ type: 'image', attrs: { src: url, alt: 'Volé' } }] };
    expect((await call(outsider.token, 'PATCH', `/api/memories/${foreign._id}/sections/${section._id}`, { version: section.version, content })).statusCode).toBe(200);
    const docx = await call(outsider.token, 'GET', `/api/memories/${foreign._id}/export.docx`);
    const files = unzipSync(new Uint8Array(docx.rawPayload));
    expect(Object.keys(files).filter((name) => name.startsWith('word/media/') && Buffer.from(files[name]!).equals(tinyPng))).toEqual([]);
    expect(strFromU8(files['word/document.xml']!)).toContain('[Volé]');
  });

  it('deleting the memory deletes its threads, images and their files', async () => {
    const other = await newMemory(manager.token, manager.companyId!);
    await call(manager.token, 'POST', `/api/memories/${other._id}/comments`, { sectionId: other.sections[0]!._id, quote: 'x', body: 'y' });
    const { _id } = (await upload(manager.token, other._id, tinyPng)).json().details as { _id: string };
    const [image] = await ctx.db.select().from(memoryImages).where(eq(memoryImages.id, _id));
    expect(filesUnder(ctx.filesDir)).toContain(image!.storageKey);
    expect((await call(manager.token, 'DELETE', `/api/memories/${other._id}`)).statusCode).toBe(200);
    expect(await ctx.db.select().from(memoryThreads).where(eq(memoryThreads.memoryId, other._id))).toEqual([]);
    expect(await ctx.db.select().from(memoryImages).where(eq(memoryImages.memoryId, other._id))).toEqual([]);
    expect(filesUnder(ctx.filesDir)).not.toContain(image!.storageKey);
  });
});
