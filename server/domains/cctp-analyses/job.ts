import { and, desc, eq, isNotNull, ne, or } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { cctpAnalyses, cctpRequirements } from '../../db/schema';
import type { JobHandler } from '../../jobs/queue';
import { extractRequirements } from '../../analysis/cctp';
import { readTenderDocuments, type ReadDocument } from '../tender-docs/read';
import { analysisRunHandler } from '../analysis-runs';
import { fold } from '../admin/lists';
import { linkUnlinkedMemories } from '../memories/outline';

export const ANALYSE_CCTP = 'analyse-cctp';

/** Rows written per INSERT: a long CCTP holds hundreds of requirements. */
const INSERT_BATCH = 500;

/**
 * The documents whose requirements are listed: those read as a CCTP; a DCE without one often puts
 * its technical clauses in the CCAP or in a single "contract" document, read instead.
 */
export function technicalDocuments(documents: ReadDocument[]): ReadDocument[] {
  // A CCP holds the technical clauses too.
  const cctp = documents.filter((d) => d.kind === 'CCTP' || d.kind === 'CCP');
  return cctp.length ? cctp : documents.filter((d) => d.kind === 'CCAP' || d.kind === 'OTHER');
}

const sameText = (text: string) => fold(text).replace(/[^a-z0-9]+/g, ' ').trim();

/**
 * The CCTP analysis job: waits for the tender's documents to be read, finds the requirements of its
 * technical documents by rules, and carries over what the company said of each requirement found
 * again (status, assignee, note) from the tender's previous run. Written in one transaction. Then
 * a memory of the tender drawn before any requirement was linked gets its links (a failure there
 * is logged, the analysis stands).
 */
export function cctpAnalysisHandler(db: Database, log?: { warn(obj: object, msg: string): void }): JobHandler {
  const load = async (analysisId: string) => (await db.select({ tenderId: cctpAnalyses.tenderId }).from(cctpAnalyses).where(eq(cctpAnalyses.id, analysisId)))[0];
  return analysisRunHandler(db, load, async (analysisId, analysis, { progress }) => {
    const documents = technicalDocuments(await readTenderDocuments(db, analysis.tenderId));
    await progress(30);
    const found = documents.flatMap((document) => extractRequirements(document));
    await progress(70);

    const [previous] = await db
      .select({ id: cctpAnalyses.id })
      .from(cctpAnalyses)
      .where(and(eq(cctpAnalyses.tenderId, analysis.tenderId), ne(cctpAnalyses.id, analysisId), isNotNull(cctpAnalyses.finishedAt)))
      .orderBy(desc(cctpAnalyses.finishedAt))
      .limit(1);
    // Only what someone said of a requirement is carried: a status, an assignee or a note.
    const said = previous
      ? await db
          .select({ text: cctpRequirements.text, status: cctpRequirements.status, assigneeId: cctpRequirements.assigneeId, note: cctpRequirements.note })
          .from(cctpRequirements)
          .where(
            and(
              eq(cctpRequirements.analysisId, previous.id),
              or(ne(cctpRequirements.status, 'todo'), isNotNull(cctpRequirements.assigneeId), isNotNull(cctpRequirements.note)),
            ),
          )
      : [];
    const carried = new Map(said.map((r) => [sameText(r.text), r]));

    const rows = found.map((requirement, position) => {
      const before = carried.get(sameText(requirement.text));
      return {
        analysisId,
        position,
        documentId: requirement.documentId,
        entry: requirement.entry,
        fileName: requirement.fileName,
        page: requirement.page,
        sectionNumber: requirement.section.number,
        sectionTitle: requirement.section.title,
        text: requirement.text,
        kind: requirement.kind,
        norms: requirement.norms,
        status: before?.status ?? ('todo' as const),
        assigneeId: before?.assigneeId ?? null,
        note: before?.note ?? null,
      };
    });
    await db.transaction(async (tx) => {
      // A retried job starts from nothing: no requirement twice.
      await tx.delete(cctpRequirements).where(eq(cctpRequirements.analysisId, analysisId));
      for (let at = 0; at < rows.length; at += INSERT_BATCH) await tx.insert(cctpRequirements).values(rows.slice(at, at + INSERT_BATCH));
      await tx
        .update(cctpAnalyses)
        .set({
          documents: documents.map((d) => ({ documentId: d.documentId, entry: d.entry, fileName: d.fileName, pages: d.pages.length })),
          finishedAt: new Date(),
          updatedAt: new Date(),
        })
        .where(eq(cctpAnalyses.id, analysisId));
    });
    await linkUnlinkedMemories(db, analysis.tenderId).catch((error: unknown) => log?.warn({ err: error, analysisId }, 'the memories drawn before this CCTP analysis were not linked to its requirements'));
  });
}
