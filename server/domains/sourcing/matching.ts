// Matching at scale (issue 13): every call is matched against every company once, when it is
// imported or changed, and a company against every open call when what its match depends on
// changes (profile, vault certifications, a won tender, a verdict). The result is stored in
// call_matches, one row per company and call with a score above 0, so that potential tenders
// are read and paged in SQL. Profiles and calls are compiled once per run (folded words, word
// prefixes, CPV prefixes) and scored in memory: 2 000 calls × 1 000 companies take about a
// second this way (docs/sourcing.md), where a query per company scanned the calls each time.
import { and, eq, inArray, sql, type Column, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { callFeedback, callMatches, companies, companyDocuments, tenderCalls, tenders } from '../../db/schema';
import { compileCall, compileProfile, scoreCompiled, type CompiledCall, type CompiledProfile, type KnownCall, type Match, type MatchProfile, type Verdict } from '../tenders/match';

/** Calls read and scored at once; rows written per statement. */
const CALL_CHUNK = 2000;
const ROW_CHUNK = 5000;

type Row = { companyId: string; callId: string; match: Match };

const grouped = <T extends { companyId: string }>(rows: T[]) => {
  const out = new Map<string, T[]>();
  for (const row of rows) {
    const list = out.get(row.companyId);
    if (list) list.push(row);
    else out.set(row.companyId, [row]);
  }
  return out;
};

/** The match profiles of the companies (all when `ids` is undefined): profile, valid certifications, wins and verdicts. */
export async function loadProfiles(db: Database, ids?: string[]): Promise<Map<string, MatchProfile>> {
  const only = (column: Column) => (ids ? inArray(column, ids) : undefined);
  const rows = await db
    .select({ id: companies.id, keywords: companies.keywords, cpvCodes: companies.cpvCodes, departments: companies.departments, regions: companies.regions, amountMin: companies.amountMin, amountMax: companies.amountMax })
    .from(companies)
    .where(only(companies.id));
  if (rows.length === 0) return new Map();
  const certificates = await db
    .select({ companyId: companyDocuments.companyId, title: companyDocuments.title })
    .from(companyDocuments)
    .where(and(only(companyDocuments.companyId), eq(companyDocuments.kind, 'certification'), sql`(${companyDocuments.validUntil} is null or ${companyDocuments.validUntil} >= current_date)`));
  const callOf = { id: tenderCalls.id, title: tenderCalls.title, buyer: tenderCalls.buyer, cpvCodes: tenderCalls.cpvCodes };
  const won = await db
    .select({ companyId: tenders.companyId, ...callOf })
    .from(tenders)
    .innerJoin(tenderCalls, eq(tenderCalls.id, tenders.tenderCallId))
    .where(and(only(tenders.companyId), eq(tenders.status, 'won')));
  const verdicts = await db
    .select({ companyId: callFeedback.companyId, verdict: callFeedback.verdict, ...callOf })
    .from(callFeedback)
    .innerJoin(tenderCalls, eq(tenderCalls.id, callFeedback.tenderCallId))
    .where(only(callFeedback.companyId))
    .orderBy(sql`${callFeedback.updatedAt} desc`);
  const certs = grouped(certificates);
  const wins = grouped(won);
  const words = grouped(verdicts);
  const known = ({ id, title, buyer, cpvCodes }: KnownCall): KnownCall => ({ id, title, buyer, cpvCodes });
  return new Map(
    rows.map(({ id, ...profile }) => [
      id,
      {
        ...profile,
        certifications: (certs.get(id) ?? []).map((c) => c.title),
        wins: (wins.get(id) ?? []).map(known),
        verdicts: (words.get(id) ?? []).map((v): Verdict => ({ ...known(v), verdict: v.verdict })),
      },
    ]),
  );
}

/** The match profile of one company (an empty one for an unknown company). */
export async function loadProfile(db: Database, companyId: string): Promise<MatchProfile> {
  return (await loadProfiles(db, [companyId])).get(companyId) ?? { keywords: [], cpvCodes: [], departments: [], regions: [], amountMin: null, amountMax: null };
}

/** Open calls with a deadline to come are matched; others get no rows. */
const matchable = sql`${tenderCalls.status} = 'open' and ${tenderCalls.submissionDeadline} > now()`;

async function compiledCalls(db: Database, where: SQL, after?: string, limit?: number): Promise<CompiledCall[]> {
  let query = db
    .select({
      id: tenderCalls.id,
      title: tenderCalls.title,
      description: tenderCalls.description,
      cpvCodes: tenderCalls.cpvCodes,
      department: tenderCalls.department,
      region: tenderCalls.region,
      estimatedAmount: tenderCalls.estimatedAmount,
      buyer: tenderCalls.buyer,
      lotTitles: sql<string[]>`array(select l.title from tender_call_lots l where l.tender_call_id = ${tenderCalls.id})`,
    })
    .from(tenderCalls)
    .where(and(where, matchable, after ? sql`${tenderCalls.id} > ${after}` : undefined))
    .orderBy(tenderCalls.id)
    .$dynamic();
  if (limit) query = query.limit(limit);
  return (await query).map((c) => compileCall({ ...c, lotTitles: c.lotTitles ?? [] }));
}

type Compiled = { id: string; profile: CompiledProfile };

/**
 * An inverted index of the profiles: for a call, the companies that can score above 0 at all,
 * by the first word of a keyword, a CPV prefix, a département or a region; a company with
 * certifications, wins or verdicts is always a candidate. A CPV division or an amount alone
 * never makes a match (tenders/match.ts), so they need no entry. Only the candidates are scored
 * (about one company in five of the bench's profiles, where every pair was scored).
 */
export function candidatesOf(list: Compiled[]): (call: CompiledCall) => Compiled[] {
  const always: Compiled[] = [];
  const byWord = new Map<string, Compiled[]>();
  const byCpv = new Map<string, Compiled[]>();
  const byDepartment = new Map<string, Compiled[]>();
  const byRegion = new Map<string, Compiled[]>();
  const add = (map: Map<string, Compiled[]>, key: string, entry: Compiled) => {
    const bucket = map.get(key);
    if (!bucket) map.set(key, [entry]);
    else if (bucket[bucket.length - 1] !== entry) bucket.push(entry);
  };
  for (const entry of list) {
    const { profile } = entry;
    // A CPV prefix shorter than a division (an empty code) starts every code: no index can say.
    if (profile.certifications.length > 0 || profile.wins.length > 0 || profile.relevant.length > 0 || profile.notRelevant.length > 0 || profile.cpvPrefixes.some((p) => p.length < 2)) {
      always.push(entry);
      continue;
    }
    for (const k of profile.keywords) add(byWord, k.words[0]!, entry);
    for (const p of profile.cpvPrefixes) add(byCpv, p, entry);
    for (const d of profile.departments) add(byDepartment, d, entry);
    for (const r of profile.regions.keys()) add(byRegion, r, entry);
  }
  return (call) => {
    const found = new Set<Compiled>(always);
    const take = (bucket: Compiled[] | undefined) => {
      if (bucket) for (const entry of bucket) found.add(entry);
    };
    if (byWord.size > 0) for (const prefix of call.prefixes) take(byWord.get(prefix));
    for (const code of call.cpvCodes) for (let n = 2; n <= 8 && n <= code.length; n++) take(byCpv.get(code.slice(0, n)));
    if (call.department) take(byDepartment.get(call.department));
    if (call.region) take(byRegion.get(call.region));
    return [...found];
  };
}

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

/**
 * Writes rows in the caller's transaction. call_matches has no foreign keys (their two checks
 * per row took half the time of a day's matching): the companies and calls of the rows are
 * locked once here, as those checks did row by row, so that one deleted meanwhile waits for this
 * transaction (its trigger then deletes the rows) or is left out by the joins below.
 */
async function insertRows(tx: Tx, rows: Row[]): Promise<void> {
  if (rows.length === 0) return;
  const ids = (key: 'companyId' | 'callId') => JSON.stringify([...new Set(rows.map((r) => r[key]))]);
  await tx.execute(sql`select 1 from ${companies} where id in (select jsonb_array_elements_text(${ids('companyId')}::jsonb)::uuid) for key share`);
  await tx.execute(sql`select 1 from ${tenderCalls} where id in (select jsonb_array_elements_text(${ids('callId')}::jsonb)::uuid) for key share`);
  for (let i = 0; i < rows.length; i += ROW_CHUNK) {
    const json = JSON.stringify(rows.slice(i, i + ROW_CHUNK).map((r) => ({ company_id: r.companyId, tender_call_id: r.callId, score: r.match.score, status: r.match.status, reasons: r.match.reasons })));
    await tx.execute(sql`
      insert into ${callMatches} (company_id, tender_call_id, score, status, reasons, deadline)
      select x.company_id, x.tender_call_id, x.score, x.status, x.reasons, c.submission_deadline
      from jsonb_to_recordset(${json}::jsonb) as x(company_id uuid, tender_call_id uuid, score integer, status match_status, reasons jsonb)
      join ${tenderCalls} c on c.id = x.tender_call_id
      join ${companies} co on co.id = x.company_id
      on conflict (company_id, tender_call_id) do update set score = excluded.score, status = excluded.status, reasons = excluded.reasons, deadline = excluded.deadline, computed_at = now()`);
  }
}

/**
 * Matches new or changed calls against every company (or those of `companyIds`), once: their
 * rows in call_matches are replaced by those scoring above 0; a cancelled, awarded or closed
 * call keeps none.
 */
export async function matchCalls(db: Database, callIds: string[], options: { companyIds?: string[] } = {}): Promise<{ calls: number; rows: number }> {
  const ids = [...new Set(callIds)];
  if (ids.length === 0) return { calls: 0, rows: 0 };
  const profiles = [...(await loadProfiles(db, options.companyIds)).entries()].map(([id, profile]) => ({ id, profile: compileProfile(profile) }));
  // No company: no row to write, and none to replace (rows go with their company).
  if (profiles.length === 0) return { calls: ids.length, rows: 0 };
  const candidates = candidatesOf(profiles);
  let written = 0;
  for (let i = 0; i < ids.length; i += CALL_CHUNK) {
    const chunk = ids.slice(i, i + CALL_CHUNK);
    const calls = await compiledCalls(db, inArray(tenderCalls.id, chunk));
    const rows: Row[] = [];
    for (const call of calls) {
      for (const { id, profile } of candidates(call)) {
        const match = scoreCompiled(call, profile);
        if (match.score > 0) rows.push({ companyId: id, callId: call.id!, match });
      }
    }
    await db.transaction(async (tx) => {
      await tx.delete(callMatches).where(and(inArray(callMatches.tenderCallId, chunk), options.companyIds ? inArray(callMatches.companyId, options.companyIds) : undefined));
      await insertRows(tx, rows);
    });
    written += rows.length;
  }
  return { calls: ids.length, rows: written };
}

/**
 * Matches one company against every open call again: after its profile, its vault
 * certifications, a won tender or a verdict changed. Rows of calls now closed go too.
 */
export async function rematchCompany(db: Database, companyId: string): Promise<{ rows: number }> {
  const profiles = await loadProfiles(db, [companyId]);
  const found = profiles.get(companyId);
  if (!found) return { rows: 0 };
  const profile = compileProfile(found);
  const rows: Row[] = [];
  let after: string | undefined;
  for (;;) {
    const calls = await compiledCalls(db, sql`true`, after, CALL_CHUNK * 5);
    for (const call of calls) {
      const match = scoreCompiled(call, profile);
      if (match.score > 0) rows.push({ companyId, callId: call.id!, match });
    }
    if (calls.length < CALL_CHUNK * 5) break;
    after = calls[calls.length - 1]!.id;
  }
  await db.transaction(async (tx) => {
    await tx.delete(callMatches).where(eq(callMatches.companyId, companyId));
    await insertRows(tx, rows);
  });
  return { rows: rows.length };
}

/** Every open call matched again against every company (the demo seed, a backfill). */
export async function matchAllCalls(db: Database): Promise<{ calls: number; rows: number }> {
  const ids = (await db.select({ id: tenderCalls.id }).from(tenderCalls).where(matchable)).map((r) => r.id);
  return matchCalls(db, ids);
}
