// Market intelligence from the imported notices (issue 13): a call's history and awards, the same
// buyer's past awards for similar CPV codes with their statistics, and the calls a company won
// (awards naming its SIRET or SIREN) or lost. Rules in docs/sourcing.md ("Market and history").
import { and, asc, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { components } from '../../../openapi/schema';
import type { Database } from '../../db/client';
import { awards, companies, sourceNotices, tenderCallChanges, tenderCalls, tenders } from '../../db/schema';
import type { Deps } from '../../deps';
import { notFound } from '../../errors';
import type { Handlers } from '../../openapi/handlers';
import { sessionOf } from '../../auth/session';
import { fold, totalPages } from '../admin/lists';
import { readScope } from '../companies/scope';
import { webLink } from '../../../rules/links';

type Market = components['schemas']['TenderCallMarket'];
type BuyerAward = components['schemas']['BuyerAward'];
type CompanyAward = components['schemas']['CompanyAward'];
type Winner = components['schemas']['AwardWinner'];

/** At most this many past awards of the buyer are listed; the statistics count them all. */
export const BUYER_AWARDS_SHOWN = 50;
const COMPANY_AWARDS_PER_PAGE = 20;

/**
 * A buyer's name compared without case, accents, punctuation or repeated spaces ("ville de
 * Dunkerque." = "Ville de Dunkerque"). Its SQL twin is name_key (migration 0027).
 */
export const normalisedBuyer = (name: string) =>
  fold(name)
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();

/** The CPV prefixes a call is compared by: its codes' groups (3 digits), or their divisions (2) when asked. */
export const cpvPrefixes = (codes: string[], digits: 2 | 3) => [...new Set(codes.map((c) => c.replace(/\D/g, '').slice(0, digits)).filter((p) => p.length === digits))];

const prefixMatch = (prefixes: string[], digits: 2 | 3) =>
  sql`exists (select 1 from unnest(${awards.cpvCodes}) as cpv(code) where left(cpv.code, ${sql.raw(String(digits))}) = any(${sql.raw(`'{${prefixes.join(',')}}'::text[]`)}))`;

const toDate = (value: unknown) => (value == null ? null : String(value).slice(0, 10));
const toAmount = (value: unknown) => (value == null ? null : Math.round(Number(value)));

/** Awards of a call: attached to it, or of a notice naming one of its notices (an award imported before its call). */
function awardsOfCall(callId: string, linkKeys: string[]): SQL {
  const naming = linkKeys.length
    ? sql`(${awards.tenderCallId} is null and exists (select 1 from ${sourceNotices} as "named" where "named"."source" = "awards"."source" and "named"."source_id" = "awards"."source_id" and "named"."related" && ${sql.raw(`array[${linkKeys.map((k) => `'${k.replace(/'/g, "''")}'`).join(',')}]::text[]`)}))`
    : sql`false`;
  return sql`(coalesce(${awards.tenderCallId} = ${callId}, false) or ${naming})`;
}

export async function callMarket(db: Database, callId: string): Promise<Market> {
  const [call] = await db
    .select({ id: tenderCalls.id, buyer: tenderCalls.buyer, buyerSiret: tenderCalls.buyerSiret, cpvCodes: tenderCalls.cpvCodes })
    .from(tenderCalls)
    .where(eq(tenderCalls.id, callId))
    .limit(1);
  if (!call) throw notFound();
  const links = await db.select({ source: sourceNotices.source, sourceId: sourceNotices.sourceId }).from(sourceNotices).where(eq(sourceNotices.tenderCallId, callId));
  const linkKeys = links.map((l) => `${l.source}:${l.sourceId}`);
  const ofCall = awardsOfCall(callId, linkKeys);

  const changes = await db
    .select({ kind: tenderCallChanges.kind, source: tenderCallChanges.source, sourceId: tenderCallChanges.sourceId, changes: tenderCallChanges.changes, deadlineMoved: tenderCallChanges.deadlineMoved, createdAt: tenderCallChanges.createdAt })
    .from(tenderCallChanges)
    .where(eq(tenderCallChanges.tenderCallId, callId))
    .orderBy(asc(tenderCallChanges.createdAt), asc(tenderCallChanges.id));
  const own = await db
    .select({ lot: awards.lot, winners: awards.winners, amount: awards.amount, awardDate: awards.awardDate, offers: awards.offers })
    .from(awards)
    .where(ofCall)
    .orderBy(asc(awards.source), asc(awards.sourceId), asc(awards.position));

  // The same buyer: by SIRET when the call has one, else by its normalised name (both indexed).
  const name = normalisedBuyer(call.buyer);
  const buyer = call.buyerSiret ? eq(awards.buyerSiret, call.buyerSiret) : name ? sql`name_key(${awards.buyer}) = ${name}` : undefined;
  const similar: Market['similar'] = { by: call.buyerSiret ? 'siret' : name ? 'name' : null, cpvPrefixes: [] };
  const empty: Market = { changes: changes.map(present), awards: own, similar, buyerAwards: [], buyerStats: { count: 0, since: null, medianAmount: null, minAmount: null, maxAmount: null, topWinners: [] } };
  if (!buyer || call.cpvCodes.length === 0) return empty;

  const notThisCall = sql`not ${ofCall}`;
  // The call's CPV groups (3 digits); when the buyer awarded none of them, its divisions (2).
  let prefixes = cpvPrefixes(call.cpvCodes, 3);
  let where = and(buyer, notThisCall, prefixMatch(prefixes, 3));
  const [{ n }] = (await db.select({ n: sql<number>`count(*)::int` }).from(awards).where(where)) as [{ n: number }];
  if (n === 0) {
    prefixes = cpvPrefixes(call.cpvCodes, 2);
    where = and(buyer, notThisCall, prefixMatch(prefixes, 2));
  }
  similar.cpvPrefixes = prefixes;

  const rows = await db
    .select({
      id: awards.id,
      title: awards.title,
      lot: awards.lot,
      winners: awards.winners,
      amount: awards.amount,
      awardDate: awards.awardDate,
      offers: awards.offers,
      cpvCodes: awards.cpvCodes,
      source: awards.source,
      sourceId: awards.sourceId,
      url: sql<string | null>`(select "sn"."url" from ${sourceNotices} as "sn" where "sn"."source" = "awards"."source" and "sn"."source_id" = "awards"."source_id")`,
    })
    .from(awards)
    .where(where)
    .orderBy(sql`${awards.awardDate} desc nulls last`, desc(awards.sourceId), asc(awards.position))
    .limit(BUYER_AWARDS_SHOWN);
  const buyerAwards: BuyerAward[] = rows.map((r) => ({
    _id: r.id,
    title: r.title,
    lot: r.lot,
    winners: r.winners,
    amount: r.amount,
    awardDate: r.awardDate,
    offers: r.offers,
    cpvCodes: r.cpvCodes,
    link: { source: r.source, sourceId: r.sourceId, url: webLink(r.url) },
  }));

  const similarSql = sql`select ${awards.id} as id, ${awards.amount} as amount, ${awards.awardDate} as award_date, ${awards.winners} as winners from ${awards} where ${where}`;
  const [stats] = (
    (await db.execute(sql`
      with "alike" as (${similarSql})
      select count(*)::int as count, min(award_date)::text as since, percentile_cont(0.5) within group (order by amount) as median,
             min(amount) as min, max(amount) as max
      from "alike"`)) as unknown as { rows: { count: number; since: string | null; median: number | null; min: number | null; max: number | null }[] }
  ).rows;
  const top = (
    (await db.execute(sql`
      with "alike" as (${similarSql})
      select max(w->>'name') as name, max(w->>'siret') as siret, count(distinct "alike".id)::int as count
      from "alike", jsonb_array_elements("alike".winners) as w
      group by coalesce(w->>'siret', name_key(w->>'name'))
      order by count desc, max(w->>'name') asc
      limit 3`)) as unknown as { rows: { name: string | null; siret: string | null; count: number }[] }
  ).rows;
  return {
    ...empty,
    buyerAwards,
    buyerStats: {
      count: Number(stats?.count ?? 0),
      since: toDate(stats?.since),
      medianAmount: toAmount(stats?.median),
      minAmount: toAmount(stats?.min),
      maxAmount: toAmount(stats?.max),
      topWinners: top.map((t) => ({ name: t.name, siret: t.siret, count: Number(t.count) })),
    },
  };
}

function present(row: { kind: string; source: string; sourceId: string; changes: { field: string; from: unknown; to: unknown }[]; deadlineMoved: boolean; createdAt: Date }): Market['changes'][number] {
  return { ...row, kind: row.kind as Market['changes'][number]['kind'], createdAt: row.createdAt.toISOString() };
}

/**
 * The calls a company won and lost, newest first. Won: awards naming its SIREN, in a SIRET of any
 * of its establishments or alone (TED writes the 9 digits), found through the GIN index on
 * award_winner_sirens(winners).
 * Lost: its tenders marked lost, with the winners and amount of the call's awards when known.
 */
export async function companyAwards(db: Database, companyId: string, page: number, perPage: number) {
  const [company] = await db.select({ siret: companies.siret }).from(companies).where(eq(companies.id, companyId)).limit(1);
  if (!company) throw notFound();
  const siret = company.siret?.replace(/\D/g, '') ?? '';
  // Every establishment of the company (same SIREN), and awards naming the SIREN alone, through
  // the index on award_winner_sirens(winners) (migration 0025).
  const siren = siret.length === 14 || siret.length === 9 ? siret.slice(0, 9) : null;
  const isWinner = siren ? sql`award_winner_sirens(a.winners) @> array[${siren}]::text[]` : sql`false`;
  const won = sql`select 'won' as outcome, a.title, a.buyer, a.winners, a.amount, a.award_date, a.offers, a.tender_call_id, a.source, a.source_id,
        (select t.id from ${tenders} as t where t.tender_call_id = a.tender_call_id and t.company_id = ${companyId}) as tender_id,
        a.award_date as sort_date
      from ${awards} as a where ${isWinner}`;
  // A lost tender with the call's awards folded: every winner once, the amounts summed when all known.
  const lost = sql`select 'lost', c.title, c.buyer,
        coalesce((select jsonb_agg(distinct w) from ${awards} as a, jsonb_array_elements(a.winners) as w where a.tender_call_id = c.id), '[]'::jsonb),
        (select case when count(*) > 0 and count(a.amount) = count(*) then sum(a.amount)::bigint end from ${awards} as a where a.tender_call_id = c.id),
        (select max(a.award_date) from ${awards} as a where a.tender_call_id = c.id),
        (select max(a.offers) from ${awards} as a where a.tender_call_id = c.id),
        c.id, null::text, null::text, t.id,
        coalesce((select max(a.award_date) from ${awards} as a where a.tender_call_id = c.id), (t.status_changed_at at time zone 'Europe/Paris')::date)
      from ${tenders} as t join ${tenderCalls} as c on c.id = t.tender_call_id
      where t.company_id = ${companyId} and t.status = 'lost'`;
  const offset = (page - 1) * perPage;
  const result = (await db.execute(sql`
    with rows as (${won} union all ${lost})
    select rows.*, count(*) over ()::int as total,
      (select "sn"."url" from ${sourceNotices} as "sn" where "sn"."source" = rows.source and "sn"."source_id" = rows.source_id) as url
    from rows
    order by sort_date desc nulls last, title asc
    limit ${perPage} offset ${offset}`)) as unknown as {
    rows: {
      outcome: 'won' | 'lost';
      title: string;
      buyer: string | null;
      winners: Winner[] | string | null;
      amount: string | number | null;
      award_date: string | Date | null;
      offers: number | null;
      tender_call_id: string | null;
      source: string | null;
      source_id: string | null;
      tender_id: string | null;
      total: number;
      url: string | null;
    }[];
  };
  let count = result.rows[0]?.total ?? 0;
  if (result.rows.length === 0 && offset > 0) {
    const again = (await db.execute(sql`with rows as (${won} union all ${lost}) select count(*)::int as n from rows`)) as unknown as { rows: { n: number }[] };
    count = again.rows[0]?.n ?? 0;
  }
  const list: CompanyAward[] = result.rows.map((r) => ({
    outcome: r.outcome,
    title: r.title,
    buyer: r.buyer,
    winners: (typeof r.winners === 'string' ? (JSON.parse(r.winners) as Winner[]) : (r.winners ?? [])).map((w) => ({ name: w.name ?? null, siret: w.siret ?? null })),
    amount: toAmount(r.amount),
    awardDate: r.award_date instanceof Date ? r.award_date.toISOString().slice(0, 10) : toDate(r.award_date),
    offers: r.offers == null ? null : Number(r.offers),
    tenderId: r.tender_id,
    tenderCallId: r.tender_call_id,
    link: r.source && r.source_id ? { source: r.source, sourceId: r.source_id, url: webLink(r.url) } : null,
  }));
  return { count: Number(count), totalPages: totalPages(Number(count), perPage), awards: list };
}

export function marketHandlers({ db }: Pick<Deps, 'db'>): Handlers<'getTenderCallMarket' | 'listCompanyAwards'> {
  return {
    // Calls are public notices: every signed-in member sees any call, so its market too.
    async getTenderCallMarket(request) {
      return callMarket(db, request.params.id);
    },
    async listCompanyAwards(request) {
      const { companyId } = request.params;
      readScope(sessionOf(request).user, companyId);
      const perPage = Number(request.query.perPage ?? COMPANY_AWARDS_PER_PAGE) || COMPANY_AWARDS_PER_PAGE;
      const page = Math.max(1, Number(request.query.page ?? 1) || 1);
      return companyAwards(db, companyId, page, perPage);
    },
  };
}
