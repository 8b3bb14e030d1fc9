// Comment threads and images of a technical memory (issue 12). Threads are our own (TipTap's are a
// paid cloud): the editor marks the commented passage with a `comment` mark carrying the thread's
// id, the thread and its replies live here. Images are files named by URL in the section's image
// nodes, never base64 (see the writing research note).
import { randomUUID } from 'node:crypto';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { components } from '../../../openapi/schema';
import type { Deps } from '../../deps';
import type { Handlers } from '../../openapi/handlers';
import { memories, memoryComments, memoryImages, memorySections, memoryThreads, users } from '../../db/schema';
import { AppError, forbidden, notFound } from '../../errors';
import { sessionOf } from '../../auth/session';
import { t } from '../../i18n';
import { readUpload, sniffImage } from '../../http/multipart';
import { fileRequired } from '../../files/documents';
import { receiveUpload } from '../../files/intake';
import { enforceStorage } from '../../files/storage-limit';
import type { Storage } from '../../storage/storage';
import type { Caller } from '../companies/scope';
import { reachableTender } from '../tenders/access';

type Thread = components['schemas']['MemoryThread'];
type ThreadRow = typeof memoryThreads.$inferSelect;

/** The largest image a section may show. */
export const MEMORY_IMAGE_MAX_BYTES = 5 * 1024 * 1024;
/** The address an image node's `src` holds. */
export const memoryImageUrl = (id: string) => `/api/memory-images/${id}`;
const IMAGE_URL = /^\/api\/memory-images\/([0-9a-f-]{36})$/i;
/** The image id a section's image `src` names, when it is one of ours. */
export const memoryImageId = (src: unknown) => (typeof src === 'string' ? IMAGE_URL.exec(src)?.[1]?.toLowerCase() : undefined);

/** The images of a memory with their bytes, for the Word export (only this memory's: ids cannot reach another's). */
export async function memoryImageFiles(db: Deps['db'], storage: Storage, memoryId: string): Promise<Map<string, { data: Buffer; mime: string }>> {
  const rows = await db.select().from(memoryImages).where(eq(memoryImages.memoryId, memoryId));
  const files = new Map<string, { data: Buffer; mime: string }>();
  for (const row of rows) {
    const file = await storage.get(row.storageKey);
    if (!file) continue;
    const chunks: Buffer[] = [];
    for await (const chunk of file.stream) chunks.push(chunk as Buffer);
    files.set(memoryImageUrl(row.id), { data: Buffer.concat(chunks), mime: row.mime });
  }
  return files;
}

/** Removes a memory's image files once its rows are gone (the rows cascade with the memory). */
export async function deleteMemoryImageFiles(storage: Storage, keys: string[]) {
  for (const key of keys) await storage.delete(key).catch(() => undefined);
}

/**
 * Threads and images follow the memory's own rules: every member of its company and admins;
 * another company's answer 404. A thread is deleted by its author, a manager or an admin.
 */
export function memoryCommentsHandlers({ db, storage }: Deps): Handlers<
  'listMemoryComments' | 'createMemoryThread' | 'updateMemoryThread' | 'deleteMemoryThread' | 'replyMemoryThread' | 'uploadMemoryImage' | 'getMemoryImage'
> {
  const reachableMemory = async (caller: Caller, id: string) => {
    const [row] = await db.select({ id: memories.id, tenderId: memories.tenderId, companyId: memories.companyId }).from(memories).where(eq(memories.id, id)).limit(1);
    if (!row) throw notFound();
    await reachableTender(db, caller, row.tenderId);
    return row;
  };
  const reachableThread = async (caller: Caller, id: string) => {
    const [row] = await db.select().from(memoryThreads).where(eq(memoryThreads.id, id)).limit(1);
    if (!row) throw notFound();
    await reachableMemory(caller, row.memoryId);
    return row;
  };

  const present = async (threads: ThreadRow[]): Promise<Thread[]> => {
    const comments = threads.length
      ? await db
          .select({ id: memoryComments.id, threadId: memoryComments.threadId, body: memoryComments.body, createdAt: memoryComments.createdAt, authorId: memoryComments.authorId, username: users.username })
          .from(memoryComments)
          .leftJoin(users, eq(users.id, memoryComments.authorId))
          .where(inArray(memoryComments.threadId, threads.map((th) => th.id)))
          .orderBy(asc(memoryComments.createdAt), asc(memoryComments.id))
      : [];
    return threads.map((row) => ({
      _id: row.id,
      memoryId: row.memoryId,
      sectionId: row.sectionId,
      quote: row.quote,
      resolved: row.resolved,
      createdBy: row.createdBy,
      createdAt: row.createdAt.toISOString(),
      comments: comments
        .filter((c) => c.threadId === row.id)
        .map((c) => ({ _id: c.id, author: c.authorId && c.username !== null ? { _id: c.authorId, username: c.username } : null, body: c.body, createdAt: c.createdAt.toISOString() })),
    }));
  };
  const threadById = async (id: string) => {
    const [row] = await db.select().from(memoryThreads).where(eq(memoryThreads.id, id));
    if (!row) throw notFound();
    return (await present([row]))[0]!;
  };

  return {
    async listMemoryComments(request) {
      const memory = await reachableMemory(sessionOf(request).user, request.params.id);
      const rows = await db.select().from(memoryThreads).where(eq(memoryThreads.memoryId, memory.id)).orderBy(asc(memoryThreads.createdAt), asc(memoryThreads.id));
      return { threads: await present(rows) };
    },

    async createMemoryThread(request, reply) {
      const { user } = sessionOf(request);
      const memory = await reachableMemory(user, request.params.id);
      const { sectionId, quote, body } = request.body;
      const [section] = await db.select({ id: memorySections.id }).from(memorySections).where(and(eq(memorySections.id, sectionId), eq(memorySections.memoryId, memory.id))).limit(1);
      if (!section) throw new AppError(404, 'memory-section_not_found');
      const id = await db.transaction(async (tx) => {
        const [thread] = await tx.insert(memoryThreads).values({ memoryId: memory.id, sectionId: section.id, quote: quote.trim(), createdBy: user.id }).returning({ id: memoryThreads.id });
        await tx.insert(memoryComments).values({ threadId: thread!.id, authorId: user.id, body: body.trim() });
        return thread!.id;
      });
      reply.code(201);
      return { msg: t(request, 'memory-comment_created'), details: await threadById(id) };
    },

    async replyMemoryThread(request, reply) {
      const { user } = sessionOf(request);
      const thread = await reachableThread(user, request.params.threadId);
      await db.insert(memoryComments).values({ threadId: thread.id, authorId: user.id, body: request.body.body.trim() });
      reply.code(201);
      return { msg: t(request, 'memory-comment_replied'), details: await threadById(thread.id) };
    },

    async updateMemoryThread(request) {
      const thread = await reachableThread(sessionOf(request).user, request.params.threadId);
      const { resolved } = request.body;
      await db.update(memoryThreads).set({ resolved }).where(eq(memoryThreads.id, thread.id));
      return { msg: t(request, resolved ? 'memory-comment_resolved' : 'memory-comment_reopened'), details: await threadById(thread.id) };
    },

    async deleteMemoryThread(request) {
      const { user } = sessionOf(request);
      const thread = await reachableThread(user, request.params.threadId);
      if (user.role === 'employee' && thread.createdBy !== user.id) throw forbidden();
      await db.delete(memoryThreads).where(eq(memoryThreads.id, thread.id));
      return { msg: t(request, 'memory-comment_deleted') };
    },

    async uploadMemoryImage(request, reply) {
      const { user } = sessionOf(request);
      const memory = await reachableMemory(user, request.params.id);
      const id = randomUUID();
      const key = `memory-images/${memory.companyId}/${id}`;
      const { received } = await readUpload(request, {
        maxFileBytes: MEMORY_IMAGE_MAX_BYTES,
        fileAlone: true,
        receive: async (_fields, file) => {
          const upload = await receiveUpload(storage, key, file.stream, { maxBytes: MEMORY_IMAGE_MAX_BYTES });
          const image = sniffImage(upload.head);
          if (!image) {
            await upload.discard();
            throw new AppError(415, 'memory-image_type');
          }
          return Object.assign(upload, { mime: image.mime });
        },
      });
      if (!received) throw fileRequired();
      let committed = false;
      try {
        await db.transaction(async (tx) => {
          // Past the plan's storage the image is refused (402) and discarded.
          await enforceStorage(tx, request, memory.companyId, received.size);
          await tx.insert(memoryImages).values({ id, memoryId: memory.id, companyId: memory.companyId, storageKey: key, mime: received.mime, size: received.size, createdBy: user.id });
          await received.commit();
          committed = true;
        });
      } catch (error) {
        if (committed) await storage.delete(key).catch(() => undefined);
        else await received.discard();
        throw error;
      }
      reply.code(201);
      return { msg: t(request, 'memory-image_uploaded'), details: { _id: id, url: memoryImageUrl(id) } };
    },

    async getMemoryImage(request, reply) {
      const caller = sessionOf(request).user;
      const [row] = await db.select().from(memoryImages).where(eq(memoryImages.id, request.params.imageId)).limit(1);
      // Another company's image answers 404 like a missing one.
      if (!row || (caller.role !== 'admin' && caller.companyId !== row.companyId)) throw notFound();
      const file = await storage.get(row.storageKey);
      if (!file) throw notFound();
      // An image never changes under its id: the browser may keep it.
      return reply
        .type(row.mime)
        .header('Content-Length', String(file.size))
        .header('Cache-Control', 'private, max-age=31536000, immutable')
        .header('Content-Disposition', 'inline')
        .header('X-Content-Type-Options', 'nosniff')
        .send(file.stream);
    },
  };
}
