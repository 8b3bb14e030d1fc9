import { asc, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { documentPages, jobs, tenderDocuments } from '../../db/schema';
import { buildIndex, type PassageIndex } from '../../analysis/retrieval';

/**
 * `pages`: how many pages of text the tender's documents have (none: nothing uploaded or read yet);
 * `vectors`: the passages' embeddings once asked (see passageVectors), dropped with the index.
 */
export type TenderPassages = { signature: string; index: PassageIndex; pages: number; vectors?: Promise<Float32Array[]> };

const basename = (path: string) => path.split('/').pop() ?? path;
/** Tenders whose index is kept in memory; the least recently asked is dropped first. */
const CACHED_TENDERS = 32;

/**
 * The passages index of each tender's documents, built from their stored text on the first
 * question and kept until a document is added, replaced, removed or read again: its signature is
 * each document's reading job and that job's state.
 */
export function createPassageIndexes(db: Database) {
  const cache = new Map<string, TenderPassages>();

  return async function passagesOf(tenderId: string): Promise<TenderPassages> {
    const docs = await db
      .select({ id: tenderDocuments.id, fileName: tenderDocuments.fileName, jobId: tenderDocuments.extractionJobId, jobStatus: jobs.status })
      .from(tenderDocuments)
      .leftJoin(jobs, eq(jobs.id, tenderDocuments.extractionJobId))
      .where(eq(tenderDocuments.tenderId, tenderId))
      .orderBy(asc(tenderDocuments.createdAt), asc(tenderDocuments.id));
    const signature = docs.map((d) => `${d.id}:${d.jobId}:${d.jobStatus}`).join('|');
    const cached = cache.get(tenderId);
    if (cached?.signature === signature) {
      // Most recently used last: Map keeps insertion order.
      cache.delete(tenderId);
      cache.set(tenderId, cached);
      return cached;
    }
    const rows = docs.length
      ? await db
          .select({ documentId: documentPages.documentId, entry: documentPages.entry, page: documentPages.page, body: documentPages.body })
          .from(documentPages)
          .where(inArray(documentPages.documentId, docs.map((d) => d.id)))
          .orderBy(asc(documentPages.documentId), asc(documentPages.entry), asc(documentPages.page))
      : [];
    const names = new Map(docs.map((d) => [d.id, d.fileName]));
    const index = buildIndex(
      rows.map((row) => ({
        documentId: row.documentId,
        entry: row.entry || null,
        fileName: row.entry ? basename(row.entry) : names.get(row.documentId)!,
        page: row.page,
        body: row.body,
      })),
    );
    const built = { signature, index, pages: rows.length };
    cache.delete(tenderId);
    cache.set(tenderId, built);
    while (cache.size > CACHED_TENDERS) cache.delete(cache.keys().next().value!);
    return built;
  };
}

/**
 * The vectors of the index's passages, in its order: asked of the embedding model on the first
 * question and kept with the index (a new signature builds a new index, so new vectors). Questions
 * asked meanwhile share the request; a failure is not kept, the next question asks again. No
 * caller's signal: one person leaving must not fail the others' shared request.
 */
export function passageVectors(entry: TenderPassages, embed: (texts: string[]) => Promise<Float32Array[]>): Promise<Float32Array[]> {
  if (!entry.vectors) {
    const asked = embed(entry.index.passages.map((passage) => passage.text));
    entry.vectors = asked;
    asked.catch(() => {
      if (entry.vectors === asked) entry.vectors = undefined;
    });
  }
  return entry.vectors;
}
