import { and, desc, eq, isNotNull, ne } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { companyDocuments, dceAnalyses, dceTemplates, tenderCalls, tenders, type StoredFact } from '../../db/schema';
import type { JobHandler } from '../../jobs/queue';
import { extractFacts } from '../../analysis/dce';
import type { Fact } from '../../analysis/dce/types';
import { LlmError, type Llm } from '../../llm/client';
import { llmFor } from '../../llm/for-company';
import { readTenderDocuments } from '../tender-docs/read';
import { analysisRunHandler } from '../analysis-runs';
import { fillGapsWithLlm } from './llm-facts';
import { redFlagsOf, type VaultDocument } from './red-flags';
import { keepReviews } from './reviews';

export const ANALYSE_DCE = 'analyse-dce';

/**
 * What the call's DCE template expects and no document is: a piece is there when a document is of
 * its kind (RC, CCAP…) or is named after its code (PGC, or a DPGF the rules read as another kind).
 */
export function missingPieces(expected: { code: string; label: string; required: boolean }[], documents: { fileName: string; kind: string }[]) {
  return expected.filter((piece) => {
    const code = piece.code.toUpperCase();
    // A CCP is the CCAP and the CCTP in one.
    if (documents.some((d) => d.kind === code || (d.kind === 'CCP' && (code === 'CCAP' || code === 'CCTP')))) return false;
    const named = new RegExp(`(^|[^A-Z0-9])${code.replace(/[^A-Z0-9]/g, '')}([^A-Z0-9]|$)`);
    return !documents.some((d) => named.test(d.fileName.toUpperCase()));
  });
}

/**
 * The DCE analysis job: waits for the tender's documents to be read, classifies each (its name and
 * its first pages), extracts the facts with their sources by rules, lists what the call's DCE
 * template expects and the documents lack, and raises red flags against the deadline and the
 * company's vault. With a language model configured, it is asked for the facts the rules did not
 * find (llm-facts.ts); when it fails the analysis keeps the rules' facts. The results are written
 * in one update at the end. The model is asked only when the company's plan includes it, checked
 * as the job runs (llmFor): otherwise the rules' facts alone, nothing of the documents sent. What
 * people confirmed or corrected in the previous run is kept, flagged when its source changed.
 */
export function dceAnalysisHandler(db: Database, configured: Llm | null = null, log?: { warn(obj: object, msg: string): void }): JobHandler {
  const load = async (analysisId: string) =>
    (
      await db
        .select({ tenderId: dceAnalyses.tenderId, companyId: tenders.companyId, templateId: tenderCalls.dceTemplateId })
        .from(dceAnalyses)
        .innerJoin(tenders, eq(tenders.id, dceAnalyses.tenderId))
        .innerJoin(tenderCalls, eq(tenderCalls.id, tenders.tenderCallId))
        .where(eq(dceAnalyses.id, analysisId))
    )[0];
  return analysisRunHandler(db, load, async (analysisId, analysis, { progress, signal }) => {
    const classified = await readTenderDocuments(db, analysis.tenderId);
    await progress(40);
    const facts: StoredFact[] = extractFacts(classified).map((fact: Fact) => ({ ...fact, status: 'extracted', origin: 'rules' }));
    await progress(60);
    const llm = await llmFor({ db, llm: configured }, analysis.companyId);
    if (llm) {
      try {
        facts.push(...(await fillGapsWithLlm(llm, classified, facts, { signal })));
      } catch (error) {
        if (!(error instanceof LlmError)) throw error;
        log?.warn({ err: error, analysisId }, 'the language model did not fill the DCE facts; the rules\' facts are kept');
      }
    }
    await progress(80);

    // What people confirmed or corrected in the previous finished run stays (reviews.ts).
    const [previous] = await db
      .select({ facts: dceAnalyses.facts })
      .from(dceAnalyses)
      .where(and(eq(dceAnalyses.tenderId, analysis.tenderId), ne(dceAnalyses.id, analysisId), isNotNull(dceAnalyses.finishedAt)))
      .orderBy(desc(dceAnalyses.createdAt))
      .limit(1);
    const merged = keepReviews(previous?.facts ?? [], facts, classified);

    const [template] = analysis.templateId ? await db.select({ documents: dceTemplates.documents }).from(dceTemplates).where(eq(dceTemplates.id, analysis.templateId)) : [];
    const missing = missingPieces(template?.documents ?? [], classified);
    const vault: VaultDocument[] = await db
      .select({ kind: companyDocuments.kind, title: companyDocuments.title, validUntil: companyDocuments.validUntil })
      .from(companyDocuments)
      .where(eq(companyDocuments.companyId, analysis.companyId));
    const redFlags = redFlagsOf(merged, vault, new Date());

    await db
      .update(dceAnalyses)
      .set({
        documents: classified.map((d) => ({ documentId: d.documentId, entry: d.entry, fileName: d.fileName, kind: d.kind, pages: d.pages.length })),
        missing,
        facts: merged,
        redFlags,
        finishedAt: new Date(),
        updatedAt: new Date(),
      })
      .where(eq(dceAnalyses.id, analysisId));
  });
}
