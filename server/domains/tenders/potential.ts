import { and, asc, eq, inArray, notExists, sql, type SQL } from 'drizzle-orm';
import type { components } from '../../../openapi/schema';
import type { Database } from '../../db/client';
import { callFeedback, callMatches, dceTemplates, tenderCalls, tenders, type MatchStatus } from '../../db/schema';
import { totalPages } from '../admin/lists';
import type { Match } from './match';
import { callColumns, callExtrasOf, selectCalls, toTenderCall, type CallRow } from './queries';

type PotentialTender = components['schemas']['PotentialTender'];
type PotentialTenderList = components['schemas']['PotentialTenderList'];

export const noMatch: Match = { score: 0, status: 'none', reasons: [] };

export function potential(call: PotentialTender['tenderCall'], match: Match, extra: { tenderId?: string | null; companiesCount?: number } = {}): PotentialTender {
  return {
    _id: call._id,
    status: 'new',
    matchStatus: match.status,
    matchScore: match.score,
    matchReasons: match.reasons,
    tenderCall: call,
    tenderId: extra.tenderId ?? null,
    companiesCount: extra.companiesCount ?? 0,
  };
}

/** withUnmatched: the calls matching nothing follow the matched ones without matchStatus=none (a saved search's list: every call it finds). */
export type PotentialQuery = { where: SQL | undefined; matchStatus?: MatchStatus; hidden?: boolean; withUnmatched?: boolean; limit: number | undefined; offset: number; perPage: number | 'all' };

/**
 * A company's potential tenders (staff), read from the stored matches in SQL (bench/matching.ts
 * measures it): open calls not in its pipeline that match, best first; those matching nothing
 * with matchStatus=none (and among the hidden ones, after those that match).
 */
export async function staffPotentialPage(db: Database, companyId: string, query: PotentialQuery): Promise<PotentialTenderList> {
  const { where, matchStatus, limit, offset, perPage } = query;
    // Staff: open calls (not cancelled or awarded by a later notice) not in their pipeline, with
    // their stored match (server/domains/sourcing/matching.ts), best first, then the calls
    // matching nothing, nearest deadline first. Calls marked not relevant are apart (`hidden`).
    const notMine = notExists(db.select({ one: sql`1` }).from(tenders).where(and(eq(tenders.tenderCallId, tenderCalls.id), eq(tenders.companyId, companyId))));
    const open = and(where, sql`${tenderCalls.submissionDeadline} > now()`, eq(tenderCalls.status, 'open'), notMine);
    const judged = sql`exists (select 1 from ${callFeedback} where ${callFeedback.companyId} = ${companyId} and ${callFeedback.tenderCallId} = ${tenderCalls.id} and ${callFeedback.verdict} = 'not_relevant')`;
    const shown = and(open, query.hidden ? judged : sql`not ${judged}`);
    // The matched calls are read from call_matches alone (its rows are open calls, with their
    // deadline): its (company, score, deadline) index gives a page without reading every call;
    // the calls are joined for a search or a procedure filter, and for the page's rows.
    const matchJudged = sql`exists (select 1 from ${callFeedback} where ${callFeedback.companyId} = ${companyId} and ${callFeedback.tenderCallId} = ${callMatches.tenderCallId} and ${callFeedback.verdict} = 'not_relevant')`;
    const matched = and(
      eq(callMatches.companyId, companyId),
      sql`${callMatches.deadline} > now()`,
      notExists(db.select({ one: sql`1` }).from(tenders).where(and(eq(tenders.companyId, companyId), eq(tenders.tenderCallId, callMatches.tenderCallId)))),
      query.hidden ? matchJudged : sql`not ${matchJudged}`,
      matchStatus && matchStatus !== 'none' ? eq(callMatches.status, matchStatus) : undefined,
      where,
    );
    const matchedFrom = () => {
      const base = db.select({ n: sql<number>`count(*)::int` }).from(callMatches).$dynamic();
      return where ? base.innerJoin(tenderCalls, eq(tenderCalls.id, callMatches.tenderCallId)) : base;
    };
    const unmatched = and(shown, sql`not exists (select 1 from ${callMatches} where ${callMatches.companyId} = ${companyId} and ${callMatches.tenderCallId} = ${tenderCalls.id})`);
    // Calls matching nothing are listed on demand (matchStatus=none), and among the hidden ones.
    const withUnmatched = matchStatus === 'none' || (!matchStatus && (Boolean(query.hidden) || Boolean(query.withUnmatched)));
    const withMatched = matchStatus !== 'none';
    // The counts in one statement: the matched calls read from the (company, score, deadline)
    // index alone (an index-only scan once the table is vacuumed), the calls set aside.
    const hiddenOf = db
      .select({ n: sql<number>`count(*)::int` })
      .from(callFeedback)
      .innerJoin(tenderCalls, eq(tenderCalls.id, callFeedback.tenderCallId))
      .where(and(open, eq(callFeedback.companyId, companyId), eq(callFeedback.verdict, 'not_relevant')));
    // The first page's count (no search, filter or hidden calls): the company's open matches, an
    // index-only count, less those set aside (in its pipeline or judged not relevant), found from
    // its few tenders and verdicts; the same number as counting `matched`, without two probes for
    // each of its thousands of matches (13 → 2 ms for 7,851, bench/matching.ts).
    const plainCount = !where && !matchStatus && !query.hidden;
    const openMatches = and(eq(callMatches.companyId, companyId), sql`${callMatches.deadline} > now()`);
    const setAside = sql`(select ${tenders.tenderCallId} from ${tenders} where ${tenders.companyId} = ${companyId}
      union select ${callFeedback.tenderCallId} from ${callFeedback} where ${callFeedback.companyId} = ${companyId} and ${callFeedback.verdict} = 'not_relevant')`;
    const matchedCount = plainCount
      ? sql<number>`(${matchedFrom().where(openMatches)}) - (${matchedFrom().where(and(openMatches, sql`${callMatches.tenderCallId} in ${setAside}`))})`
      : sql<number>`(${matchedFrom().where(matched)})`;
    const [counts] = await db
      .select({
        matched: withMatched ? matchedCount : sql<number>`0`,
        unmatched: withUnmatched ? sql<number>`(${db.select({ n: sql<number>`count(*)::int` }).from(tenderCalls).where(unmatched)})` : sql<number>`0`,
        hidden: sql<number>`(${hiddenOf})`,
      })
      .from(sql`(select 1) as one`);
    const [nMatched, nUnmatched, hiddenCount] = [Number(counts?.matched ?? 0), Number(counts?.unmatched ?? 0), Number(counts?.hidden ?? 0)];
    const count = nMatched + nUnmatched;
    const end = limit === undefined ? count : Math.min(count, offset + limit);
    type Feedback = { verdict: 'relevant' | 'not_relevant'; reason: string };
    type Item = { row: CallRow; match: Match; feedback?: Feedback | null };
    const items: Item[] = [];
    if (withMatched && offset < nMatched) {
      const rows = await db
        .select({ ...callColumns, score: callMatches.score, status: callMatches.status, reasons: callMatches.reasons, verdict: callFeedback.verdict, verdictReason: callFeedback.reason })
        .from(callMatches)
        .innerJoin(tenderCalls, eq(tenderCalls.id, callMatches.tenderCallId))
        .leftJoin(dceTemplates, eq(dceTemplates.id, tenderCalls.dceTemplateId))
        // The company's verdict on each call of the page, in the same statement.
        .leftJoin(callFeedback, and(eq(callFeedback.companyId, companyId), eq(callFeedback.tenderCallId, callMatches.tenderCallId)))
        .where(matched)
        // `desc nulls last` as in the index (a plain `desc` is nulls first: PostgreSQL then sorted
        // every row of the company instead of reading the first 20 of the index).
        .orderBy(sql`${callMatches.score} desc nulls last`, asc(callMatches.deadline), asc(callMatches.tenderCallId))
        .offset(offset)
        .limit(Math.min(end, nMatched) - offset);
      for (const { score, status, reasons, verdict, verdictReason, ...row } of rows) {
        items.push({ row, match: { score, status, reasons: reasons as Match['reasons'] }, feedback: verdict ? { verdict, reason: verdictReason ?? '' } : null });
      }
    }
    if (withUnmatched && end > nMatched) {
      const from = Math.max(0, offset - nMatched);
      const rows = await selectCalls(db)
        .where(unmatched)
        .orderBy(asc(tenderCalls.submissionDeadline), asc(tenderCalls.id))
        .offset(from)
        .limit(end - nMatched - from);
      for (const row of rows) items.push({ row, match: noMatch });
    }
    const ids = items.map((i) => i.row.callId);
    const extras = await callExtrasOf(db, ids);
    // Verdicts of the calls matching nothing (those of matched calls came with their rows).
    const unjudged = items.filter((i) => i.feedback === undefined).map((i) => i.row.callId);
    const verdicts = new Map<string, Feedback>(
      unjudged.length
        ? (
            await db
              .select({ id: callFeedback.tenderCallId, verdict: callFeedback.verdict, reason: callFeedback.reason })
              .from(callFeedback)
              .where(and(eq(callFeedback.companyId, companyId), inArray(callFeedback.tenderCallId, unjudged)))
          ).map((f) => [f.id, { verdict: f.verdict, reason: f.reason }])
        : [],
    );
    return {
      count,
      totalPages: totalPages(count, perPage),
      hiddenCount,
      tenders: items.map(({ row, match, feedback }) => ({ ...potential(toTenderCall(row, extras.lots(row.callId), extras.links(row.callId)), match), feedback: feedback ?? verdicts.get(row.callId) ?? null })),
    };
}
