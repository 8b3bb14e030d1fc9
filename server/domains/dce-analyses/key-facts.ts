import { and, desc, eq, isNotNull, sql } from 'drizzle-orm';
import type { components } from '../../../openapi/schema';
import type { Database } from '../../db/client';
import { preparedPer } from '../../db/prepared';
import { dceAnalyses } from '../../db/schema';

type TenderKeyFacts = components['schemas']['TenderKeyFacts'];
type TenderKeyFact = components['schemas']['TenderKeyFact'];
type CallRecord = { submissionDeadline: string; questionsDeadline?: string | null; siteVisit?: { date: string; mandatory: boolean } | null };

/** The facts a bid team needs on the tender page, in the order it shows them. */
export const KEY_FACT_KEYS = ['submissionDeadline', 'questionsDeadline', 'siteVisit', 'awardCriteria', 'awardCriteriaByLots', 'candidatureDocuments', 'offerDocuments'] as const;

const sameInstant = (a: unknown, b: string | null | undefined) => typeof a === 'string' && typeof b === 'string' && Date.parse(a) === Date.parse(b);

/** What the call's record says of a fact when it says something else, else null. */
function conflictOf(key: TenderKeyFact['key'], value: unknown, call: CallRecord): TenderKeyFact['conflict'] {
  if (key === 'submissionDeadline') return sameInstant(value, call.submissionDeadline) ? null : { callValue: call.submissionDeadline };
  if (key === 'questionsDeadline') return !call.questionsDeadline || sameInstant(value, call.questionsDeadline) ? null : { callValue: call.questionsDeadline };
  if (key === 'siteVisit') {
    const visit = value as { required?: boolean; date?: string } | null;
    const recorded = call.siteVisit ? { required: call.siteVisit.mandatory, date: call.siteVisit.date } : null;
    if (!recorded) return visit?.required ? { callValue: null } : null;
    const agrees = Boolean(visit?.required) === recorded.required && (!visit?.date || sameInstant(visit.date, recorded.date));
    return agrees ? null : { callValue: recorded };
  }
  return null;
}

/** A tender's latest finished analysis: prepared once (a tender's page reads it, issue 24 bench:overhead). */
const latestAnalysis = preparedPer((db) =>
  db
    .select({ id: dceAnalyses.id, facts: dceAnalyses.facts, finishedAt: dceAnalyses.finishedAt })
    .from(dceAnalyses)
    .where(and(eq(dceAnalyses.tenderId, sql.placeholder('tenderId')), isNotNull(dceAnalyses.finishedAt)))
    .orderBy(desc(dceAnalyses.createdAt))
    .limit(1)
    .prepare('latest_dce_analysis'),
);

/**
 * The tender's key facts from its latest finished DCE analysis, the analysis being the tender's
 * single source of truth once run; null without one. `reviewedOnly` (employees) keeps the facts
 * a person confirmed or corrected.
 */
export async function tenderKeyFacts(db: Database, tenderId: string, call: CallRecord, reviewedOnly: boolean): Promise<TenderKeyFacts> {
  const [latest] = await latestAnalysis(db).execute({ tenderId });
  if (!latest?.finishedAt) return null;
  const facts = KEY_FACT_KEYS.flatMap((key): TenderKeyFact[] => {
    const fact = latest.facts.find((f) => f.key === key);
    if (!fact || (reviewedOnly && fact.status === 'extracted')) return [];
    return [
      {
        key,
        value: fact.value,
        status: fact.status,
        sources: fact.sources,
        reviewedBy: fact.reviewedBy ?? null,
        reviewedAt: fact.reviewedAt ?? null,
        sourceChanged: Boolean(fact.sourceChanged),
        conflict: conflictOf(key, fact.value, call),
      },
    ];
  });
  return { analysisId: latest.id, analysedAt: latest.finishedAt.toISOString(), facts };
}
