import type { CompanyCandidature } from '../../db/schema';
import { asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { components } from '../../../openapi/schema';
import type { Database } from '../../db/client';
import { companies } from '../../db/schema';
import { foldedSql, pageOf, totalPages, type ListQuery } from '../admin/lists';

export type Company = components['schemas']['Company'];
export type CompanyInput = components['schemas']['CompanyInput'];
export type CompanyPatch = components['schemas']['CompanyPatch'];

// Spelled out in full: drizzle leaves columns unqualified in a single-table select, which would
// compare the subquery's own columns.
export const membersCountSql = sql<number>`(select count(*)::int from "users" as "member" where "member"."company_id" = "companies"."id")`;

const companyColumns = {
  id: companies.id,
  name: companies.name,
  siret: companies.siret,
  address: companies.address,
  postalCode: companies.postalCode,
  city: companies.city,
  phone: companies.phone,
  website: companies.website,
  description: companies.description,
  keywords: companies.keywords,
  cpvCodes: companies.cpvCodes,
  departments: companies.departments,
  regions: companies.regions,
  amountMin: companies.amountMin,
  amountMax: companies.amountMax,
  brandColor: companies.brandColor,
  candidature: companies.candidature,
  logoKey: companies.logoKey,
  logoVersion: companies.logoVersion,
  membersCount: membersCountSql,
  createdAt: companies.createdAt,
  updatedAt: companies.updatedAt,
};

export const logoUrl = (id: string, version: number) => `/api/companies/${id}/logo?v=${version}`;

const selectCompanies = (db: Database) => db.select(companyColumns).from(companies);
type CompanyRow = Awaited<ReturnType<typeof selectCompanies>>[number];

export function toCompany(row: CompanyRow): Company {
  return {
    _id: row.id,
    name: row.name,
    siret: row.siret,
    address: row.address,
    postalCode: row.postalCode,
    city: row.city,
    phone: row.phone,
    website: row.website,
    description: row.description,
    profile: { keywords: row.keywords, cpvCodes: row.cpvCodes, departments: row.departments, regions: row.regions, amountMin: row.amountMin, amountMax: row.amountMax },
    brandColor: row.brandColor,
    logo: row.logoKey && row.logoVersion !== null ? { url: logoUrl(row.id, row.logoVersion), version: row.logoVersion } : null,
    membersCount: Number(row.membersCount),
    candidature: candidatureOut(row.candidature),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

const byName = [asc(foldedSql(companies.name)), asc(companies.id)];

export async function companyById(db: Database, id: string): Promise<Company | undefined> {
  const [row] = await selectCompanies(db).where(eq(companies.id, id)).limit(1);
  return row && toCompany(row);
}

export async function companiesByIds(db: Database, ids: string[]): Promise<Company[]> {
  if (ids.length === 0) return [];
  return (await selectCompanies(db).where(inArray(companies.id, ids)).orderBy(...byName)).map(toCompany);
}

export async function companyPage(db: Database, where: SQL | undefined, query: ListQuery) {
  const { limit, offset, perPage } = pageOf(query);
  const [{ n }] = (await db.select({ n: sql<number>`count(*)::int` }).from(companies).where(where)) as [{ n: number }];
  let items = selectCompanies(db).where(where).orderBy(...byName).offset(offset).$dynamic();
  if (limit !== undefined) items = items.limit(limit);
  const rows = n > offset ? await items : [];
  return { count: n, totalPages: totalPages(n, perPage), companies: rows.map(toCompany) };
}

/** The columns a create or a patch writes; strings trimmed, the profile split into its arrays. */
export function companyValues(input: CompanyPatch): Partial<typeof companies.$inferInsert> {
  const values: Partial<typeof companies.$inferInsert> = {};
  for (const key of ['name', 'siret', 'address', 'postalCode', 'city', 'phone', 'website', 'description'] as const) {
    const value = input[key];
    if (value !== undefined) values[key] = value.trim();
  }
  // Stored lower-case, as the colour input of the browser writes it.
  if (input.brandColor !== undefined) values.brandColor = input.brandColor?.toLowerCase() ?? null;
  if (input.candidature) values.candidature = candidatureIn(input.candidature);
  const profile = input.profile;
  if (profile) {
    const clean = (list: string[] | undefined) => (list ? [...new Set(list.map((v) => v.trim()).filter(Boolean))] : undefined);
    if (profile.keywords) values.keywords = clean(profile.keywords);
    if (profile.cpvCodes) values.cpvCodes = clean(profile.cpvCodes);
    if (profile.departments) values.departments = clean(profile.departments);
    if (profile.regions) values.regions = clean(profile.regions);
    if (profile.amountMin !== undefined) values.amountMin = profile.amountMin;
    if (profile.amountMax !== undefined) values.amountMax = profile.amountMax;
  }
  return values;
}

/** The candidature data as the client reads it: every field present, figures by year, newest first. */
export function candidatureOut(stored: CompanyCandidature): NonNullable<Company['candidature']> {
  return {
    legalForm: stored.legalForm ?? '',
    nafCode: stored.nafCode ?? '',
    vatNumber: stored.vatNumber ?? '',
    sme: stored.sme ?? null,
    legalRepresentative: stored.legalRepresentative ?? null,
    figures: [...(stored.figures ?? [])].sort((a, b) => b.year - a.year).map((f) => ({ year: f.year, turnover: f.turnover ?? null, staff: f.staff ?? null })),
    uploadMbps: stored.uploadMbps ?? null,
  };
}

/** A patch replaces the whole candidature block; one entry per year (the last given wins), strings trimmed. */
function candidatureIn(input: NonNullable<CompanyPatch['candidature']>): CompanyCandidature {
  const byYear = new Map((input.figures ?? []).map((f) => [f.year, { year: f.year, turnover: f.turnover ?? null, staff: f.staff ?? null }]));
  return {
    legalForm: input.legalForm?.trim() ?? '',
    nafCode: input.nafCode?.replace('.', '').toUpperCase() ?? '',
    vatNumber: input.vatNumber?.trim() ?? '',
    sme: input.sme ?? null,
    legalRepresentative: input.legalRepresentative ? { name: input.legalRepresentative.name.trim(), capacity: input.legalRepresentative.capacity.trim() } : null,
    figures: [...byYear.values()].sort((a, b) => b.year - a.year),
    uploadMbps: input.uploadMbps ?? null,
  };
}
