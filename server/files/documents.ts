import type { FastifyReply } from 'fastify';
import type { Database } from '../db/client';
import { notFound } from '../errors';
import { ValidationFailure } from '../http/error-handler';
import type { FilePart } from '../http/multipart';
import type { Storage } from '../storage/storage';
import type { DocumentType } from './file-types';
import { contentDisposition, identifyUpload, receiveUpload, sanitizeFileName, type ReceivedUpload } from './intake';
import type { ZipEntry } from './zip';

/** A document form sent without its file. */
export const fileRequired = () => new ValidationFailure([{ field: 'file', key: 'validation-required', vars: {} }]);

/** An upload received and recognised, not yet visible under its key: commit it with storeWith. */
export type ReceivedDocument = ReceivedUpload & { type: DocumentType; entries?: ZipEntry[]; fileName: string };

type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

/**
 * Streams a document part into a temporary object under `key` (chosen by the server, never from
 * the file's name) and identifies it by content; a refused file (size, type, unsafe archive) is
 * gone before the error is thrown.
 */
export async function receiveDocument(storage: Storage, key: string, file: FilePart, maxBytes: number): Promise<ReceivedDocument> {
  const upload = await receiveUpload(storage, key, file.stream, { maxBytes });
  try {
    const { type, entries } = await identifyUpload(upload);
    return Object.assign(upload, { type, entries, fileName: sanitizeFileName(file.filename) });
  } catch (error) {
    await upload.discard();
    throw error;
  }
}

/** A ZIP archive's files as listed to users; the parts of office formats are not shown. */
export const listedEntries = (document: ReceivedDocument) =>
  document.type.mime === 'application/zip' ? (document.entries ?? []).filter((e) => !e.isDirectory).map((e) => ({ name: e.name, size: e.uncompressedSize })) : null;

const isForeignKeyViolation = (error: unknown) => {
  for (let e = error as { code?: string; cause?: unknown } | undefined; e; e = e.cause as typeof e) {
    if (e.code === '23503') return true;
  }
  return false;
};

/**
 * Writes the document's row and moves its file into place in one transaction: the rename is the
 * transaction's last step, so a failed rename rolls the row back, and a failed commit removes the
 * file. Either way nothing is left. A row whose tender or company vanished meanwhile is a 404.
 */
export async function storeWith<R>(db: Database, storage: Storage, document: ReceivedDocument, write: (tx: Transaction) => Promise<R>): Promise<R> {
  let committed = false;
  try {
    return await db.transaction(async (tx) => {
      const result = await write(tx);
      await document.commit();
      committed = true;
      return result;
    });
  } catch (error) {
    if (committed) await storage.delete(document.key).catch(() => undefined);
    else await document.discard();
    if (isForeignKeyViolation(error)) throw notFound();
    throw error;
  }
}

/**
 * Sends a stored document as an attachment under its sanitised name. `no-store`: these are
 * company papers, which a shared cache or the browser's disk cache must not keep.
 */
export async function sendDocument(reply: FastifyReply, storage: Storage, document: { storageKey: string; mime: string; fileName: string }) {
  const file = await storage.get(document.storageKey);
  if (!file) throw notFound();
  return reply
    .type(document.mime)
    .header('Content-Length', String(file.size))
    .header('Content-Disposition', contentDisposition(document.fileName))
    .header('X-Content-Type-Options', 'nosniff')
    .header('Cache-Control', 'private, no-store')
    .send(file.stream);
}
