import { createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { setTimeout as sleep } from 'node:timers/promises';
import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { documentPages, tenderDocuments, type ExtractionSummary } from '../../db/schema';
import type { Storage } from '../../storage/storage';
import { PermanentJobError, type JobHandler, type JobQueue } from '../../jobs/queue';
import { runExtraction } from '../../extraction/run';
import { stripRepeatedLines } from '../../extraction/clean';
import { ExtractionError, type ExtractionResult } from '../../extraction/types';
import { MAX_TENDER_TEXT_BYTES, mergeCuts, TextBudget, textBytes, type TextCut } from '../../extraction/limits';
import { roomLeft } from '../billing/store';

export const EXTRACT_DOCUMENT = 'extract-document';
type Payload = { documentId: string; storageKey: string };
type Executor = Pick<Database, 'insert' | 'update' | 'delete'>;
type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

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

type PageRow = typeof documentPages.$inferInsert;

const summaryOf = (result: ExtractionResult, kept: PageRow[][], textCut: TextCut | undefined): ExtractionSummary => ({
  ocrAvailable: result.ocrAvailable,
  parts: result.parts.map((part, index) => {
    const pages = kept[index] ?? [];
    const ocrUnavailable = pages.filter((p) => p.ocr === 'unavailable').length;
    return {
      entry: part.entry,
      format: part.format,
      pages: pages.length,
      ...(part.error ? { error: part.error } : {}),
      ...(ocrUnavailable ? { ocrUnavailablePages: ocrUnavailable } : {}),
    };
  }),
  textBytes: kept.flat().reduce((sum, row) => sum + textBytes(row.text), 0),
  ...(textCut ? { textCut } : {}),
});

/**
 * The text this document may still keep: what its tender's other documents leave of
 * MAX_TENDER_TEXT_BYTES, and what the company's files and texts leave of its plan's storage,
 * whichever is less. The text is cut to it rather than refused: the file is already accepted,
 * and its first pages are worth reading; the document says what was left out.
 */
async function textRoom(db: Database, document: { id: string; tenderId: string; companyId: string }): Promise<TextBudget> {
  const [tender] = await db
    .select({ used: sql<string>`coalesce(sum((${tenderDocuments.extraction}->>'textBytes')::bigint), 0)` })
    .from(tenderDocuments)
    .where(and(eq(tenderDocuments.tenderId, document.tenderId), ne(tenderDocuments.id, document.id)));
  const tenderRoom = Math.max(0, MAX_TENDER_TEXT_BYTES - Number(tender?.used ?? 0));
  const storageRoom = await roomLeft(db, document.companyId, 'storageBytes');
  return storageRoom !== null && storageRoom < tenderRoom ? new TextBudget(storageRoom, 'storage') : new TextBudget(tenderRoom, 'tender');
}

// PGlite has one connection, and runs each statement on the server's thread: while a transaction
// writes pages, every other request waits for it (issue 23: another company's profile once waited
// 99.8 s). Pages are written in transactions sized to last about SLICE_MS, each followed by a pause
// as long (at most 4 slices), so that a request waits one slice at most. The size follows what the
// database wrote in the last slice; on PostgreSQL the slices only cost a few round trips.
const SLICE_MS = 50;
const SLICE_ROWS = 1000;
// The weight of a row besides its text (the row itself, its index entries), in bytes of text.
const ROW_WEIGHT = 512;
const rowWeight = (row: PageRow) => row.text.length + row.body.length + ROW_WEIGHT;

async function writeInSlices(rows: PageRow[], write: (slice: PageRow[]) => Promise<boolean>, onSlice: (written: number) => void, signal: AbortSignal): Promise<boolean> {
  let budget = 64 * 1024;
  for (let at = 0; at < rows.length; ) {
    signal.throwIfAborted();
    let end = at;
    let weight = 0;
    while (end < rows.length && end - at < SLICE_ROWS && (end === at || weight + rowWeight(rows[end]!) <= budget)) weight += rowWeight(rows[end++]!);
    const started = performance.now();
    if (!(await write(rows.slice(at, end)))) return false;
    const elapsed = Math.max(1, performance.now() - started);
    // Halved or doubled at most, so that one slow slice (a checkpoint, a busy machine) does not swing it.
    budget = Math.min(2 * budget, Math.max(budget / 2, (weight * SLICE_MS) / elapsed, 4 * 1024));
    at = end;
    onSlice(at);
    await sleep(Math.min(elapsed, 4 * SLICE_MS), undefined, { signal });
  }
  return true;
}

/**
 * The extraction job: copies the stored file to a temporary folder (the child process reads a
 * path, whatever the storage), extracts it off the event loop (where the text is cut to the limits
 * of each page and of the document), cuts it to the tender's and the plan's room, and writes the
 * pages in slices, then the summary. The document is done only with its summary: until then its
 * pages are not shown (getTenderDocPages reads the summary's parts, analyses wait for it), and a
 * failure deletes the pages written; a killed server leaves them to the next attempt, which
 * starts by deleting them.
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
      result = await runExtraction({ path, fileName: document.fileName }, { signal, onProgress: (percent) => void progress(percent * 0.9).catch(() => undefined) });
    } catch (error) {
      if (error instanceof ExtractionError) throw new PermanentJobError(error.key);
      throw error;
    } finally {
      await rm(folder, { recursive: true, force: true });
    }

    const room = await textRoom(db, document);
    const kept = result.parts.map((part) => {
      const bodies = stripRepeatedLines(part.pages.map((p) => p.text));
      const rows: PageRow[] = [];
      for (const [index, p] of part.pages.entries()) {
        // PostgreSQL text cannot hold NUL, which some PDFs' text layers contain.
        const whole = p.text.replaceAll('\0', '');
        // Pages were cut to their size as they were read (server/extraction): here only the tender's and the storage's room.
        const text = room.take(whole, Number.POSITIVE_INFINITY);
        if (text === undefined) break;
        // A page cut short is searched as kept: its body would hold the text left out.
        const body = text === whole ? (bodies[index] ?? '').replaceAll('\0', '') : text;
        rows.push({ documentId, tenderId: document.tenderId, entry: part.entry ?? '', page: p.page, text, body, ocr: p.ocr });
      }
      return rows;
    });
    const rows = kept.flat();

    // Each step holds the document's row and checks that this job is still its reading: a file
    // replaced meanwhile has had its pages deleted, and this job's pages must not come back.
    const step = (work: (tx: Transaction) => Promise<unknown>) =>
      db.transaction(async (tx) => {
        const [row] = await tx.select({ jobId: tenderDocuments.extractionJobId }).from(tenderDocuments).where(eq(tenderDocuments.id, documentId)).for('update');
        if (!row || row.jobId !== job.id) return false;
        await work(tx);
        return true;
      });
    // What an earlier attempt, killed with the server, left.
    if (!(await step((tx) => tx.delete(documentPages).where(eq(documentPages.documentId, documentId))))) return;
    try {
      const written = await writeInSlices(
        rows,
        (slice) => step((tx) => tx.insert(documentPages).values(slice)),
        (count) => void progress(90 + (10 * count) / rows.length).catch(() => undefined),
        signal,
      );
      if (!written) return;
      await step((tx) => tx.update(tenderDocuments).set({ extraction: summaryOf(result, kept, mergeCuts(result.textCut, room.cut())) }).where(eq(tenderDocuments.id, documentId)));
    } catch (error) {
      await step((tx) => tx.delete(documentPages).where(eq(documentPages.documentId, documentId))).catch(() => undefined);
      throw error;
    }
  };
}
