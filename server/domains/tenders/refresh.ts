import { eq, inArray, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { tenderCalls, tenders } from '../../db/schema';
import { loadProfile } from '../sourcing/matching';
import { matchCall, type MatchedCall, type MatchProfile } from './match';
import { lotsOf, selectCalls, toTenderCall, type TenderCall } from './queries';

export const matchedCallOf = (call: TenderCall): MatchedCall => ({
  id: call._id,
  title: call.title,
  description: call.description,
  lotTitles: call.lots.map((l) => l.title),
  cpvCodes: call.cpvCodes,
  department: call.department,
  region: call.region,
  estimatedAmount: call.estimatedAmount,
  buyer: call.buyer,
});

/** The company's match profile: its profile, valid certifications, won calls and verdicts (server/domains/sourcing/matching.ts). */
export const matchProfileOf = (db: Database, companyId: string): Promise<MatchProfile> => loadProfile(db, companyId);

/**
 * Scores the tenders selected by `where` again. The score is stored with the tender so that
 * lists filter and page on it in SQL; it is computed again whenever what it depends on changes:
 * the company profile (companies' updateCompany) or the call (updateTenderCall).
 */
export async function refreshMatches(db: Database, where: SQL): Promise<void> {
  const rows = await db.select({ id: tenders.id, callId: tenders.tenderCallId, companyId: tenders.companyId }).from(tenders).where(where);
  if (rows.length === 0) return;
  const callIds = [...new Set(rows.map((r) => r.callId))];
  const lots = await lotsOf(db, callIds);
  const calls = new Map((await selectCalls(db).where(inArray(tenderCalls.id, callIds))).map((c) => [c.callId, toTenderCall(c, lots.get(c.callId) ?? [])]));
  const profiles = new Map<string, MatchProfile>();
  for (const companyId of new Set(rows.map((r) => r.companyId))) profiles.set(companyId, await matchProfileOf(db, companyId));
  // Inside the transaction only `tx` may be used: PGlite has one connection, `db` would wait for it.
  await db.transaction(async (tx) => {
    for (const row of rows) {
      const match = matchCall(matchedCallOf(calls.get(row.callId)!), profiles.get(row.companyId)!);
      await tx.update(tenders).set({ matchScore: match.score, matchStatus: match.status, matchReasons: match.reasons }).where(eq(tenders.id, row.id));
    }
  });
}
