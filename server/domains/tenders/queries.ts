import { and, asc, desc, eq, gte, inArray, lt, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { unionAll } from 'drizzle-orm/pg-core';
import type { components } from '../../../openapi/schema';
import type { Database } from '../../db/client';
import { companies, dceTemplates, sourceNotices, tenderCallLots, tenderCalls, tenders } from '../../db/schema';
import { fold, pageOf, totalPages, type ListQuery } from '../admin/lists';
import { preparedPer } from '../../db/prepared';
import { webLink } from '../../../rules/links';

export type Tender = components['schemas']['Tender'];
export type TenderCall = components['schemas']['TenderCall'];
type Lot = components['schemas']['Lot'];
export type NoticeLink = components['schemas']['NoticeLink'];

/**
 * The French full-text query of a search: every word, folded like the indexed text, as a prefix
 * (so "menuis" finds "menuiseries"), stemmed by the same 'french' configuration; undefined when
 * there is nothing to search.
 */
function tsQueryOf(search: string | undefined): string | undefined {
  const terms = fold(search?.trim() ?? '')
    .split(/[^a-z0-9]+/)
    .filter(Boolean)
    .slice(0, 12);
  return terms.length ? terms.map((t) => `${t}:*`).join(' & ') : undefined;
}

/** A reference typed whole or in part ("26-101245"): the text search splits it at the hyphen. */
const referencePattern = (search: string) => `%${search.trim().toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Calls matching a search (lists of calls): the French full text, or their reference. */
export function tenderSearch(search: string | undefined): SQL | undefined {
  const query = tsQueryOf(search);
  return query ? sql`(${tenderCalls.searchVector} @@ to_tsquery('french', ${query}) or lower(${tenderCalls.reference}) like ${referencePattern(search!)})` : undefined;
}

/** Tenders whose call matches a search: a semi-join, so that lists without a search never read the calls. */
function tenderCallSearch(search: string | undefined): SQL | undefined {
  const query = tsQueryOf(search);
  return query
    ? sql`exists (select 1 from "tender_calls" as "searched" where "searched"."id" = "tenders"."tender_call_id" and ("searched"."search_vector" @@ to_tsquery('french', ${query}) or lower("searched"."reference") like ${referencePattern(search!)}))`
    : undefined;
}

/** Open calls first, nearest deadline first; then closed ones, latest first. */
const byDeadlineOf = (deadline: SQLWrapper, id: SQLWrapper) => [
  asc(sql`(${deadline} < now())`),
  asc(sql`case when ${deadline} >= now() then ${deadline} end`),
  desc(sql`${deadline}`),
  asc(sql`${id}`),
];
export const callsByDeadline = byDeadlineOf(tenderCalls.submissionDeadline, tenderCalls.id);
// Tenders sort on their copy of the call's deadline, served by the (company, deadline) index.
const tendersByDeadline = byDeadlineOf(tenders.submissionDeadline, tenders.id);

export const callColumns = {
  callId: tenderCalls.id,
  reference: tenderCalls.reference,
  title: tenderCalls.title,
  buyer: tenderCalls.buyer,
  procedure: tenderCalls.procedure,
  cpvCodes: tenderCalls.cpvCodes,
  department: tenderCalls.department,
  region: tenderCalls.region,
  estimatedAmount: tenderCalls.estimatedAmount,
  publicationDate: tenderCalls.publicationDate,
  submissionDeadline: tenderCalls.submissionDeadline,
  questionsDeadline: tenderCalls.questionsDeadline,
  siteVisitDate: tenderCalls.siteVisitDate,
  siteVisitMandatory: tenderCalls.siteVisitMandatory,
  noticeUrl: tenderCalls.noticeUrl,
  description: tenderCalls.description,
  source: tenderCalls.source,
  callStatus: tenderCalls.status,
  dceTemplateId: tenderCalls.dceTemplateId,
  dceTemplateName: dceTemplates.name,
  callCreatedAt: tenderCalls.createdAt,
  callUpdatedAt: tenderCalls.updatedAt,
};

const documentsCountSql = sql<number>`(select count(*)::int from "tender_documents" as "doc" where "doc"."tender_id" = "tenders"."id")`;

const tenderColumns = {
  ...callColumns,
  id: tenders.id,
  status: tenders.status,
  matchStatus: tenders.matchStatus,
  matchScore: tenders.matchScore,
  matchReasons: tenders.matchReasons,
  answeredLots: tenders.answeredLots,
  responseStep: tenders.responseStep,
  documentsCount: documentsCountSql,
  companyId: tenders.companyId,
  companyName: companies.name,
  statusChangedAt: tenders.statusChangedAt,
  createdAt: tenders.createdAt,
  updatedAt: tenders.updatedAt,
};

const selectTenders = (db: Database) =>
  db
    .select(tenderColumns)
    .from(tenders)
    .innerJoin(tenderCalls, eq(tenderCalls.id, tenders.tenderCallId))
    .innerJoin(companies, eq(companies.id, tenders.companyId))
    .leftJoin(dceTemplates, eq(dceTemplates.id, tenderCalls.dceTemplateId));

export const selectCalls = (db: Database) => db.select(callColumns).from(tenderCalls).leftJoin(dceTemplates, eq(dceTemplates.id, tenderCalls.dceTemplateId));
export type CallRow = Awaited<ReturnType<typeof selectCalls>>[number];
type TenderRow = Awaited<ReturnType<typeof selectTenders>>[number];

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** The lots of some calls, by call id, in lot order: one query for a whole page. */
const lotColumns = { callId: tenderCallLots.tenderCallId, number: tenderCallLots.number, title: tenderCallLots.title, estimatedAmount: tenderCallLots.estimatedAmount };
/** The lots of one call (a tender's page): prepared once. */
const lotsOfOne = preparedPer((db) =>
  db.select(lotColumns).from(tenderCallLots).where(eq(tenderCallLots.tenderCallId, sql.placeholder('id'))).orderBy(asc(tenderCallLots.number)).prepare('lots_of_call'),
);

export async function lotsOf(db: Database, callIds: string[]): Promise<Map<string, Lot[]>> {
  const byCall = new Map<string, Lot[]>(callIds.map((id) => [id, []]));
  if (callIds.length === 0) return byCall;
  const ids = [...new Set(callIds)];
  const rows =
    ids.length === 1
      ? await lotsOfOne(db).execute({ id: ids[0] })
      : await db.select(lotColumns).from(tenderCallLots).where(inArray(tenderCallLots.tenderCallId, ids)).orderBy(asc(tenderCallLots.number));
  for (const { callId, ...lot } of rows) byCall.get(callId)?.push(lot);
  return byCall;
}

const linksQuery = (db: Database, where: SQL) =>
  db
    .select({ callId: sourceNotices.tenderCallId, source: sourceNotices.source, sourceId: sourceNotices.sourceId, url: sourceNotices.url, kind: sourceNotices.kind, publishedAt: sourceNotices.publishedAt })
    .from(sourceNotices)
    .where(where)
    .orderBy(sql`${sourceNotices.publishedAt} asc nulls first`, asc(sourceNotices.createdAt), asc(sourceNotices.sourceId));
/** The notices of one call (a tender's page): prepared once. */
const linksOfOne = preparedPer((db) => linksQuery(db, eq(sourceNotices.tenderCallId, sql.placeholder('id'))).prepare('links_of_call'));

/** The notices of some calls (their links), by call id, oldest first: one query for a whole page. */
export async function linksOf(db: Database, callIds: string[]): Promise<Map<string, NoticeLink[]>> {
  const byCall = new Map<string, NoticeLink[]>(callIds.map((id) => [id, []]));
  if (callIds.length === 0) return byCall;
  const ids = [...new Set(callIds)];
  const rows = ids.length === 1 ? await linksOfOne(db).execute({ id: ids[0] }) : await linksQuery(db, inArray(sourceNotices.tenderCallId, ids));
  // Only http(s) leaves the server, whatever an older import stored (a `javascript:` link runs when followed).
  for (const { callId, ...link } of rows) byCall.get(callId!)?.push({ ...link, url: webLink(link.url), kind: link.kind as NoticeLink['kind'] });
  return byCall;
}

/** Lots and links of some calls: two queries for a whole page. */
export async function callExtrasOf(db: Database, callIds: string[]) {
  const [lots, links] = await Promise.all([lotsOf(db, callIds), linksOf(db, callIds)]);
  return { lots: (id: string) => lots.get(id) ?? [], links: (id: string) => links.get(id) ?? [] };
}

export function toTenderCall(row: CallRow, lots: Lot[], links: NoticeLink[] = []): TenderCall {
  return {
    _id: row.callId,
    reference: row.reference,
    title: row.title,
    buyer: row.buyer,
    procedure: row.procedure,
    cpvCodes: row.cpvCodes,
    department: row.department,
    region: row.region,
    estimatedAmount: row.estimatedAmount,
    publicationDate: row.publicationDate,
    submissionDeadline: row.submissionDeadline.toISOString(),
    questionsDeadline: iso(row.questionsDeadline),
    siteVisit: row.siteVisitDate ? { date: row.siteVisitDate.toISOString(), mandatory: row.siteVisitMandatory } : null,
    noticeUrl: webLink(row.noticeUrl) ?? '',
    description: row.description,
    source: row.source,
    dceTemplate: row.dceTemplateId && row.dceTemplateName !== null ? { _id: row.dceTemplateId, name: row.dceTemplateName } : null,
    lots,
    status: row.callStatus,
    links,
    createdAt: row.callCreatedAt.toISOString(),
    updatedAt: row.callUpdatedAt.toISOString(),
  };
}

function toTender(row: TenderRow, lots: Lot[], links: NoticeLink[] = []): Tender {
  return {
    _id: row.id,
    status: row.status,
    matchStatus: row.matchStatus,
    matchScore: row.matchScore,
    matchReasons: row.matchReasons as Tender['matchReasons'],
    answeredLots: row.answeredLots,
    responseStep: row.responseStep,
    documentsCount: Number(row.documentsCount),
    company: { _id: row.companyId, name: row.companyName },
    tenderCall: toTenderCall(row, lots, links),
    statusChangedAt: row.statusChangedAt.toISOString(),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

const tenderByIdQuery = preparedPer((db) => selectTenders(db).where(eq(tenders.id, sql.placeholder('id'))).limit(1).prepare('tender_by_id'));

export async function tenderById(db: Database, id: string): Promise<Tender | undefined> {
  const [row] = await tenderByIdQuery(db).execute({ id });
  if (!row) return undefined;
  const extras = await callExtrasOf(db, [row.callId]);
  return toTender(row, extras.lots(row.callId), extras.links(row.callId));
}

export async function callById(db: Database, id: string): Promise<TenderCall | undefined> {
  const [row] = await selectCalls(db).where(eq(tenderCalls.id, id)).limit(1);
  if (!row) return undefined;
  const extras = await callExtrasOf(db, [row.callId]);
  return toTenderCall(row, extras.lots(row.callId), extras.links(row.callId));
}

export type TenderListItem = components['schemas']['TenderListItem'];

/** The columns of a list row: what the list shows, nothing of the details (docs/scaling.md). */
const listColumns = {
  id: tenders.id,
  status: tenders.status,
  matchStatus: tenders.matchStatus,
  matchScore: tenders.matchScore,
  answeredLotsCount: sql<number>`coalesce(cardinality(${tenders.answeredLots}), 0)`,
  createdAt: tenders.createdAt,
  companyId: tenders.companyId,
  companyName: companies.name,
  callId: tenderCalls.id,
  reference: tenderCalls.reference,
  title: tenderCalls.title,
  buyer: tenderCalls.buyer,
  submissionDeadline: tenders.submissionDeadline,
  lotsCount: sql<number>`(select count(*)::int from "tender_call_lots" as "lot" where "lot"."tender_call_id" = "tender_calls"."id")`,
};

/** A list's total: counted apart, from the (company, deadline) index, not as a window over every row. */
const totalOf = (where: SQL | undefined) => sql<number>`(select count(*)::int from ${tenders} where ${where ?? sql`true`})`;

/** Which tenders of a list: LIMIT and OFFSET, and whether its filter tests every tender's call (a search). */
export type ListWindow = { limit: number | undefined; offset: number; search?: boolean };

/**
 * The one query of a page of tenders. Open tenders come first, nearest deadline first, then closed
 * ones, latest first: a sort on `now()` that no index serves, so each half is read apart in its
 * own order from the (company, deadline) index, stopping at the page's end (a page of 20 reads 20
 * entries of each half, at 500 tenders as at 10,000); only those rows are joined to their call and
 * company and sorted together. The total is a count of its own. A search tests each tender's call
 * (a reference is matched inside, which no index serves): its matches are found in one pass, sorted
 * on narrow rows with the total as a window count. The bench's baseline runs this same query
 * (bench/baseline-server.ts).
 */
export function tenderListRows(db: Database, where: SQL | undefined, { limit, offset, search }: ListWindow) {
  if (search) return searchedRows(db, where, { limit, offset });
  const deadline = tenders.submissionDeadline;
  const half = (open: boolean) => {
    const rows = db
      .select({ id: tenders.id })
      .from(tenders)
      .where(and(where, open ? gte(deadline, sql`now()`) : lt(deadline, sql`now()`)))
      .orderBy(open ? asc(deadline) : desc(deadline), asc(tenders.id))
      .$dynamic();
    return limit === undefined ? rows : rows.limit(offset + limit);
  };
  const page = unionAll(half(true), half(false)).as('page');
  let rows = db
    .select({ ...listColumns, total: totalOf(where) })
    .from(page)
    .innerJoin(tenders, eq(tenders.id, page.id))
    .innerJoin(tenderCalls, eq(tenderCalls.id, tenders.tenderCallId))
    .innerJoin(companies, eq(companies.id, tenders.companyId))
    .orderBy(...tendersByDeadline)
    .offset(offset)
    .$dynamic();
  if (limit !== undefined) rows = rows.limit(limit);
  return rows;
}

function searchedRows(db: Database, where: SQL | undefined, { limit, offset }: ListWindow) {
  let ids = db
    .select({ id: tenders.id, total: sql<number>`(count(*) over ())::int`.as('total') })
    .from(tenders)
    .where(where)
    .orderBy(...tendersByDeadline)
    .offset(offset)
    .$dynamic();
  if (limit !== undefined) ids = ids.limit(limit);
  const page = ids.as('page');
  return db
    .select({ ...listColumns, total: page.total })
    .from(page)
    .innerJoin(tenders, eq(tenders.id, page.id))
    .innerJoin(tenderCalls, eq(tenderCalls.id, tenders.tenderCallId))
    .innerJoin(companies, eq(companies.id, tenders.companyId))
    .orderBy(...tendersByDeadline);
}

/** Tenders from the `offset`th of the list's order (all when `limit` is undefined), and how many match in all. */
export async function tenderRows(db: Database, where: SQL | undefined, window: ListWindow) {
  const rows = await tenderListRows(db, where, window);
  let count = rows[0]?.total ?? 0;
  // Past the end, no row carries the total: it is counted on its own.
  if (rows.length === 0 && window.offset > 0) [{ n: count }] = (await db.select({ n: sql<number>`count(*)::int` }).from(tenders).where(where)) as [{ n: number }];
  const items: TenderListItem[] = rows.map((r) => ({
    _id: r.id,
    status: r.status,
    matchStatus: r.matchStatus,
    matchScore: r.matchScore,
    answeredLotsCount: Number(r.answeredLotsCount),
    createdAt: r.createdAt.toISOString(),
    company: { _id: r.companyId, name: r.companyName },
    tenderCall: { _id: r.callId, reference: r.reference, title: r.title, buyer: r.buyer, submissionDeadline: r.submissionDeadline.toISOString(), lotsCount: Number(r.lotsCount) },
  }));
  return { count, items };
}

/** One page of tenders (the list answer of spec 7: rows in `tenderCalls`), in one round trip. */
export async function tenderPage(db: Database, where: SQL | undefined, query: ListQuery & { search?: string }) {
  const { limit, offset, perPage } = pageOf(query);
  const { count, items } = await tenderRows(db, where, { limit, offset, search: tsQueryOf(query.search) !== undefined });
  return { count, totalPages: totalPages(count, perPage), tenderCalls: items };
}

export const tenderFilters = (query: { matchStatus?: string; filterBy?: string; search?: string }) =>
  and(
    query.matchStatus ? eq(tenders.matchStatus, query.matchStatus as Tender['matchStatus']) : undefined,
    query.filterBy ? eq(tenders.status, query.filterBy as Tender['status']) : undefined,
    tenderCallSearch(query.search),
  );
