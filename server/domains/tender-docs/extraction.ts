import { createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { and, eq, isNull } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { documentPages, tenderDocuments, type ExtractionSummary } from '../../db/schema';
import type { Storage } from '../../storage/storage';
import { PermanentJobError, type JobHandler, type JobQueue } from '../../jobs/queue';
import { runExtraction } from '../../extraction/run';
import { stripRepeatedLines } from '../../extraction/clean';
import { ExtractionError, type ExtractionResult } from '../../extraction/types';

export const EXTRACT_DOCUMENT = 'extract-document';
type Payload = { documentId: string; storageKey: string };
type Executor = Pick<Database, 'insert' | 'update' | 'delete'>;

/**
 * Queues the extraction of a document's current file and points the document at it; the text of
 * a file it replaced goes at once (in the caller's transaction): it no longer says what the file does.
 */
export async function queueExtraction(jobs: JobQueue, executor: Executor, document: Payload): Promise<string> {
  const jobId = await jobs.enqueue(executor, EXTRACT_DOCUMENT, document);
  await executor.update(tenderDocuments).set({ extractionJobId: jobId, extraction: null }).where(eq(tenderDocuments.id, document.documentId));
  await executor.delete(documentPages).where(eq(documentPages.documentId, document.documentId));
  return jobId;
}

/** Documents stored before text extraction existed (or by the demo seed) get their first run. */
export async function queueMissingExtractions(db: Database, jobs: JobQueue): Promise<number> {
  const missing = await db
    .select({ documentId: tenderDocuments.id, storageKey: tenderDocuments.storageKey })
    .from(tenderDocuments)
    .where(and(isNull(tenderDocuments.extractionJobId), isNull(tenderDocuments.extraction)));
  for (const document of missing) await queueExtraction(jobs, db, document);
  if (missing.length) jobs.wake();
  return missing.length;
}

const summaryOf = (result: ExtractionResult): ExtractionSummary => ({
  ocrAvailable: result.ocrAvailable,
  parts: result.parts.map((part) => ({
    entry: part.entry,
    format: part.format,
    pages: part.pages.length,
    ...(part.error ? { error: part.error } : {}),
    ...(part.pages.some((p) => p.ocr === 'unavailable') ? { ocrUnavailablePages: part.pages.filter((p) => p.ocr === 'unavailable').length } : {}),
  })),
});

const INSERT_BATCH = 200;

/**
 * The extraction job: copies the stored file to a temporary folder (the child process reads a
 * path, whatever the storage), extracts it off the event loop, and writes every page and the
 * summary in one transaction, so that a killed server leaves the previous text or the new one.
 */
export function extractionHandler(db: Database, storage: Storage): JobHandler {
  return async (job, { progress, signal }) => {
    const { documentId, storageKey } = job.payload as Payload;
    const current = async () => (await db.select().from(tenderDocuments).where(eq(tenderDocuments.id, documentId)))[0];
    const document = await current();
    // Deleted, or replaced since: a newer job reads the new file.
    if (!document || document.storageKey !== storageKey || document.extractionJobId !== job.id) return;
    const file = await storage.get(storageKey);
    if (!file) return;
    const folder = await mkdtemp(join(tmpdir(), 'soumissio-extract-'));
    let result: ExtractionResult;
    try {
      const path = join(folder, 'document');
      await pipeline(file.stream, createWriteStream(path), { signal });
      result = await runExtraction({ path, fileName: document.fileName }, { signal, onProgress: (percent) => void progress(percent * 0.95).catch(() => undefined) });
    } catch (error) {
      if (error instanceof ExtractionError) throw new PermanentJobError(error.key);
      throw error;
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
    const rows = result.parts.flatMap((part) => {
      const bodies = stripRepeatedLines(part.pages.map((p) => p.text));
      return part.pages.map((p, index) => ({
        documentId,
        tenderId: document.tenderId,
        entry: part.entry ?? '',
        page: p.page,
        // PostgreSQL text cannot hold NUL, which some PDFs' text layers contain.
        text: p.text.replaceAll('\0', ''),
        body: (bodies[index] ?? '').replaceAll('\0', ''),
        ocr: p.ocr,
      }));
    });
    await db.transaction(async (tx) => {
      const [row] = await tx.select({ jobId: tenderDocuments.extractionJobId }).from(tenderDocuments).where(eq(tenderDocuments.id, documentId)).for('update');
      if (!row || row.jobId !== job.id) return;
      await tx.delete(documentPages).where(eq(documentPages.documentId, documentId));
      for (let at = 0; at < rows.length; at += INSERT_BATCH) await tx.insert(documentPages).values(rows.slice(at, at + INSERT_BATCH));
      await tx.update(tenderDocuments).set({ extraction: summaryOf(result) }).where(eq(tenderDocuments.id, documentId));
    });
  };
}
