// The digest's part of saved searches (issue 24): the calls new since a user's last digest that
// match one of the company's saved searches with alerts on, and the searches each one matches.
import { and, asc, eq, gt, lte, notExists, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { callFeedback, tenderCalls, tenders } from '../../db/schema';
import { alertingSearches, anySavedSearch, savedSearchCondition } from './condition';

export type SavedSearchHit = { tenderCallId: string; reference: string; title: string; buyer: string; deadline: Date; searches: string[] };

/**
 * For a company at `now`: a function of `since` giving the calls created in (since, now], open with
 * a deadline to come, neither in its pipeline nor set aside as not relevant, that match one of its
 * alerting saved searches, by id, nearest deadline first. The searches are read once per pass.
 */
export async function savedSearchDigest(db: Database, companyId: string, now: Date): Promise<(since: Date) => Promise<Map<string, SavedSearchHit>>> {
  const searches = await alertingSearches(db, companyId);
  const any = anySavedSearch(searches);
  if (!any) return async () => new Map();
  return async (since) => {
    const flags = Object.fromEntries(searches.map((s, i) => [`s${i}`, sql<boolean>`(${savedSearchCondition(s)})`]));
    const rows = await db
      .select({ tenderCallId: tenderCalls.id, reference: tenderCalls.reference, title: tenderCalls.title, buyer: tenderCalls.buyer, deadline: tenderCalls.submissionDeadline, ...flags })
      .from(tenderCalls)
      .where(
        and(
          gt(tenderCalls.createdAt, since),
          lte(tenderCalls.createdAt, now),
          eq(tenderCalls.status, 'open'),
          gt(tenderCalls.submissionDeadline, now),
          notExists(db.select({ one: sql`1` }).from(tenders).where(and(eq(tenders.companyId, companyId), eq(tenders.tenderCallId, tenderCalls.id)))),
          notExists(
            db
              .select({ one: sql`1` })
              .from(callFeedback)
              .where(and(eq(callFeedback.companyId, companyId), eq(callFeedback.tenderCallId, tenderCalls.id), eq(callFeedback.verdict, 'not_relevant'))),
          ),
          any,
        ),
      )
      .orderBy(asc(tenderCalls.submissionDeadline), asc(tenderCalls.id));
    const hits = new Map<string, SavedSearchHit>();
    for (const row of rows) {
      const r = row as unknown as Record<string, unknown> & Omit<SavedSearchHit, 'searches'>;
      hits.set(r.tenderCallId, {
        tenderCallId: r.tenderCallId,
        reference: r.reference,
        title: r.title,
        buyer: r.buyer,
        deadline: r.deadline,
        searches: searches.filter((_, i) => r[`s${i}`] === true).map((s) => s.name),
      });
    }
    return hits;
  };
}
