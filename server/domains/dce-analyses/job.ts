import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { companyDocuments, dceAnalyses, dceTemplates, documentPages, jobs, tenderCalls, tenderDocuments, tenders, type StoredFact } from '../../db/schema';
import { RetryLater, type JobHandler } from '../../jobs/queue';
import { classifyDocument, extractFacts } from '../../analysis/dce';
import type { DocumentKind, Fact } from '../../analysis/dce/types';
import { redFlagsOf, type VaultDocument } from './red-flags';

export const ANALYSE_DCE = 'analyse-dce';

/** How long an analysis waits for documents still being read before it reads what is there. */
const EXTRACTION_WAIT_MS = 5 * 60_000;
const basename = (path: string) => path.split('/').pop() ?? path;

/**
 * What the call's DCE template expects and no document is: a piece is there when a document is of
 * its kind (RC, CCAP…) or is named after its code (PGC, or a DPGF the rules read as another kind).
 */
export function missingPieces(expected: { code: string; label: string; required: boolean }[], documents: { fileName: string; kind: string }[]) {
  return expected.filter((piece) => {
    const code = piece.code.toUpperCase();
    if (documents.some((d) => d.kind === code)) return false;
    const named = new RegExp(`(^|[^A-Z0-9])${code.replace(/[^A-Z0-9]/g, '')}([^A-Z0-9]|$)`);
    return !documents.some((d) => named.test(d.fileName.toUpperCase()));
  });
}

/**
 * The DCE analysis job: waits for the tender's documents to be read, classifies each (its name and
 * its first pages), extracts the facts with their sources by rules, lists what the call's DCE
 * template expects and the documents lack, and raises red flags against the deadline and the
 * company's vault. The results are written in one update at the end.
 */
export function dceAnalysisHandler(db: Database): JobHandler {
  return async (job, { progress }) => {
    const { analysisId } = job.payload as { analysisId: string };
    const [analysis] = await db
      .select({ id: dceAnalyses.id, tenderId: dceAnalyses.tenderId, companyId: tenders.companyId, templateId: tenderCalls.dceTemplateId })
      .from(dceAnalyses)
      .innerJoin(tenders, eq(tenders.id, dceAnalyses.tenderId))
      .innerJoin(tenderCalls, eq(tenderCalls.id, tenders.tenderCallId))
      .where(eq(dceAnalyses.id, analysisId));
    if (!analysis) return;

    // Documents just uploaded are still being read: their text is waited for, a while, without
    // holding a worker that their reading may need.
    const pending = await db
      .select({ id: tenderDocuments.id })
      .from(tenderDocuments)
      .innerJoin(jobs, eq(jobs.id, tenderDocuments.extractionJobId))
      .where(and(eq(tenderDocuments.tenderId, analysis.tenderId), inArray(jobs.status, ['queued', 'running'])));
    if (pending.length > 0 && Date.now() - job.createdAt.getTime() < EXTRACTION_WAIT_MS) throw new RetryLater(1000);
    await progress(10);

    const docs = await db
      .select({ id: tenderDocuments.id, fileName: tenderDocuments.fileName })
      .from(tenderDocuments)
      .where(eq(tenderDocuments.tenderId, analysis.tenderId))
      .orderBy(asc(tenderDocuments.createdAt));
    const pages = docs.length
      ? await db
          .select({ documentId: documentPages.documentId, entry: documentPages.entry, page: documentPages.page, text: documentPages.text })
          .from(documentPages)
          .where(inArray(documentPages.documentId, docs.map((d) => d.id)))
          .orderBy(asc(documentPages.documentId), asc(documentPages.entry), asc(documentPages.page))
      : [];
    const units = new Map<string, { documentId: string; entry: string | null; fileName: string; pages: { page: number; text: string }[] }>();
    for (const doc of docs) {
      for (const row of pages.filter((p) => p.documentId === doc.id)) {
        const id = `${doc.id}\u0000${row.entry}`;
        if (!units.has(id)) units.set(id, { documentId: doc.id, entry: row.entry || null, fileName: row.entry ? basename(row.entry) : doc.fileName, pages: [] });
        units.get(id)!.pages.push({ page: row.page, text: row.text });
      }
    }
    const classified = [...units.values()].map((unit) => ({ ...unit, kind: classifyDocument(unit.fileName, unit.pages) as DocumentKind }));
    await progress(40);
    const facts: StoredFact[] = extractFacts(classified).map((fact: Fact) => ({ ...fact, status: 'extracted', origin: 'rules' }));
    await progress(80);

    const [template] = analysis.templateId ? await db.select({ documents: dceTemplates.documents }).from(dceTemplates).where(eq(dceTemplates.id, analysis.templateId)) : [];
    const missing = missingPieces(template?.documents ?? [], classified);
    const vault: VaultDocument[] = await db
      .select({ kind: companyDocuments.kind, title: companyDocuments.title, validUntil: companyDocuments.validUntil })
      .from(companyDocuments)
      .where(eq(companyDocuments.companyId, analysis.companyId));
    const redFlags = redFlagsOf(facts, vault, new Date());

    await db
      .update(dceAnalyses)
      .set({
        documents: classified.map((d) => ({ documentId: d.documentId, entry: d.entry, fileName: d.fileName, kind: d.kind, pages: d.pages.length })),
        missing,
        facts,
        redFlags,
        finishedAt: new Date(),
        updatedAt: new Date(),
      })
      .where(eq(dceAnalyses.id, analysisId));
  };
}
