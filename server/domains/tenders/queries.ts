import { and, asc, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { components } from '../../../openapi/schema';
import type { Database } from '../../db/client';
import { companies, dceTemplates, tenderCallLots, tenderCalls, tenders } from '../../db/schema';
import { fold, pageOf, totalPages, type ListQuery } from '../admin/lists';

export type Tender = components['schemas']['Tender'];
export type TenderCall = components['schemas']['TenderCall'];
type Lot = components['schemas']['Lot'];

/**
 * The French full-text condition of a search: every word, folded like the indexed text, as a
 * prefix (so "menuis" finds "menuiseries"), stemmed by the same 'french' configuration.
 */
export function tenderSearch(search: string | undefined): SQL | undefined {
  const terms = fold(search?.trim() ?? '')
    .split(/[^a-z0-9]+/)
    .filter(Boolean)
    .slice(0, 12);
  if (terms.length === 0) return undefined;
  return sql`${tenderCalls.searchVector} @@ to_tsquery('french', ${terms.map((t) => `${t}:*`).join(' & ')})`;
}

/** Open calls first, nearest deadline first; then closed ones, latest first. */
export const byDeadline = [
  asc(sql`(${tenderCalls.submissionDeadline} < now())`),
  asc(sql`case when ${tenderCalls.submissionDeadline} >= now() then ${tenderCalls.submissionDeadline} end`),
  desc(tenderCalls.submissionDeadline),
  asc(tenderCalls.id),
];

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
export async function lotsOf(db: Database, callIds: string[]): Promise<Map<string, Lot[]>> {
  const byCall = new Map<string, Lot[]>(callIds.map((id) => [id, []]));
  if (callIds.length === 0) return byCall;
  const rows = await db
    .select({ callId: tenderCallLots.tenderCallId, number: tenderCallLots.number, title: tenderCallLots.title, estimatedAmount: tenderCallLots.estimatedAmount })
    .from(tenderCallLots)
    .where(inArray(tenderCallLots.tenderCallId, [...new Set(callIds)]))
    .orderBy(asc(tenderCallLots.number));
  for (const { callId, ...lot } of rows) byCall.get(callId)?.push(lot);
  return byCall;
}

export function toTenderCall(row: CallRow, lots: Lot[]): TenderCall {
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
    noticeUrl: row.noticeUrl,
    description: row.description,
    source: row.source,
    dceTemplate: row.dceTemplateId && row.dceTemplateName !== null ? { _id: row.dceTemplateId, name: row.dceTemplateName } : null,
    lots,
    createdAt: row.callCreatedAt.toISOString(),
    updatedAt: row.callUpdatedAt.toISOString(),
  };
}

function toTender(row: TenderRow, lots: Lot[]): Tender {
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
    tenderCall: toTenderCall(row, lots),
    statusChangedAt: row.statusChangedAt.toISOString(),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export async function tenderById(db: Database, id: string): Promise<Tender | undefined> {
  const [row] = await selectTenders(db).where(eq(tenders.id, id)).limit(1);
  if (!row) return undefined;
  return toTender(row, (await lotsOf(db, [row.callId])).get(row.callId) ?? []);
}

export async function callById(db: Database, id: string): Promise<TenderCall | undefined> {
  const [row] = await selectCalls(db).where(eq(tenderCalls.id, id)).limit(1);
  if (!row) return undefined;
  return toTenderCall(row, (await lotsOf(db, [row.callId])).get(row.callId) ?? []);
}

/** One page of tenders (the list answer of spec 7: items in `tenderCalls`). */
export async function tenderPage(db: Database, where: SQL | undefined, query: ListQuery) {
  const { limit, offset, perPage } = pageOf(query);
  const [{ n }] = (await db
    .select({ n: sql<number>`count(*)::int` })
    .from(tenders)
    .innerJoin(tenderCalls, eq(tenderCalls.id, tenders.tenderCallId))
    .where(where)) as [{ n: number }];
  let items = selectTenders(db).where(where).orderBy(...byDeadline).offset(offset).$dynamic();
  if (limit !== undefined) items = items.limit(limit);
  const rows = n > offset ? await items : [];
  const lots = await lotsOf(db, rows.map((r) => r.callId));
  return { count: n, totalPages: totalPages(n, perPage), tenderCalls: rows.map((r) => toTender(r, lots.get(r.callId) ?? [])) };
}

export const tenderFilters = (query: { matchStatus?: string; filterBy?: string; search?: string }) =>
  and(
    query.matchStatus ? eq(tenders.matchStatus, query.matchStatus as Tender['matchStatus']) : undefined,
    query.filterBy ? eq(tenders.status, query.filterBy as Tender['status']) : undefined,
    tenderSearch(query.search),
  );
