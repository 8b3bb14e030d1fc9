import { and, asc, eq, inArray, isNotNull } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { documentPages, jobs, tenderDocuments } from '../../db/schema';
import { RetryLater, type JobRow } from '../../jobs/queue';
import { classifyDocument } from '../../analysis/dce';
import type { AnalysedDocument, DocumentKind } from '../../analysis/dce/types';

/** How long an analysis waits for documents still being read before it reads what is there. */
const EXTRACTION_WAIT_MS = 5 * 60_000;
const basename = (path: string) => path.split('/').pop() ?? path;

export type ReadDocument = AnalysedDocument & { kind: DocumentKind };

/**
 * Puts an analysis job back while the tender's documents are still being read (documents just
 * uploaded), without holding a worker their reading may need; after five minutes it reads what is there.
 */
export async function waitForExtraction(db: Database, job: JobRow, tenderId: string) {
  const pending = await db
    .select({ id: tenderDocuments.id })
    .from(tenderDocuments)
    .innerJoin(jobs, eq(jobs.id, tenderDocuments.extractionJobId))
    .where(and(eq(tenderDocuments.tenderId, tenderId), inArray(jobs.status, ['queued', 'running'])));
  if (pending.length > 0 && Date.now() - job.createdAt.getTime() < EXTRACTION_WAIT_MS) throw new RetryLater(1000);
}

/**
 * The tender's documents as read, one per file or ZIP entry, in upload order, each with its pages'
 * text and its kind (RC, CCAP, CCTP…) from its name and its first pages. Only documents whose
 * reading is finished (it writes their summary last): one still being written has part of its pages.
 */
export async function readTenderDocuments(db: Database, tenderId: string): Promise<ReadDocument[]> {
  const docs = await db
    .select({ id: tenderDocuments.id, fileName: tenderDocuments.fileName })
    .from(tenderDocuments)
    .where(and(eq(tenderDocuments.tenderId, tenderId), isNotNull(tenderDocuments.extraction)))
    .orderBy(asc(tenderDocuments.createdAt));
  const pages = docs.length
    ? await db
        .select({ documentId: documentPages.documentId, entry: documentPages.entry, page: documentPages.page, text: documentPages.text })
        .from(documentPages)
        .where(inArray(documentPages.documentId, docs.map((d) => d.id)))
        .orderBy(asc(documentPages.documentId), asc(documentPages.entry), asc(documentPages.page))
    : [];
  const units = new Map<string, AnalysedDocument>();
  for (const doc of docs) {
    for (const row of pages.filter((p) => p.documentId === doc.id)) {
      const id = `${doc.id}\u0000${row.entry}`;
      if (!units.has(id)) units.set(id, { documentId: doc.id, entry: row.entry || null, fileName: row.entry ? basename(row.entry) : doc.fileName, pages: [] });
      units.get(id)!.pages.push({ page: row.page, text: row.text });
    }
  }
  return [...units.values()].map((unit) => ({ ...unit, kind: classifyDocument(unit.fileName, unit.pages) }));
}
