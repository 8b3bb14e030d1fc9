import { and, asc, count, eq, sql } from 'drizzle-orm';
import type { components } from '../../../openapi/schema';
import type { Deps } from '../../deps';
import type { Handlers } from '../../openapi/handlers';
import { AppError, forbidden, notFound } from '../../errors';
import { isUniqueViolation } from '../../db/client';
import { companies, savedSearches, users } from '../../db/schema';
import { sessionOf } from '../../auth/session';
import { ValidationFailure, type FieldIssue } from '../../http/error-handler';
import { t } from '../../i18n';
import { foldedSql } from '../admin/lists';
import type { Caller } from '../companies/scope';
import { hasCriterion, regionName, SAVED_SEARCH_LIMITS, type SavedSearchCriteria } from '../../../rules/saved-search';
import { savedSearchOf, type SavedSearchRow } from './condition';

type Input = components['schemas']['SavedSearchInput'];
type Patch = components['schemas']['SavedSearchPatch'];
type SavedSearch = components['schemas']['SavedSearch'];

/** Trimmed, spaces collapsed, the same item once whatever its case (the first spelling kept). */
const listOf = (items: string[] | undefined): string[] | undefined => {
  if (!items) return undefined;
  const seen = new Set<string>();
  return items.map((i) => i.trim().replace(/\s+/g, ' ')).filter((i) => i && !seen.has(i.toLowerCase()) && (seen.add(i.toLowerCase()), true));
};

/**
 * Who may change a saved search (docs/decisions.md, "Saved searches"): admins and the company's
 * managers any of its searches; an employee the ones they created.
 */
export const canEdit = (caller: Caller, row: Pick<SavedSearchRow, 'companyId' | 'createdBy'>) =>
  caller.role === 'admin' || (caller.companyId === row.companyId && (caller.role === 'manager' || row.createdBy === caller.id));

/** The criteria of an input merged over the current ones, normalised and checked (400 with the field). */
export function checkedCriteria(input: Input | Patch, current?: SavedSearchCriteria): SavedSearchCriteria {
  const issues: FieldIssue[] = [];
  const regions = (input.regions ?? undefined)?.map((r, i) => {
    const name = regionName(r);
    if (!name) issues.push({ field: `regions.${i}`, key: 'saved_search-unknown_region', vars: { region: r.trim() } });
    return name ?? r;
  });
  const merged: SavedSearchCriteria = {
    keywords: listOf(input.keywords) ?? current?.keywords ?? [],
    cpvCodes: input.cpvCodes ? [...new Set(input.cpvCodes)] : (current?.cpvCodes ?? []),
    departments: input.departments ? [...new Set(input.departments)] : (current?.departments ?? []),
    regions: regions ? [...new Set(regions)] : (current?.regions ?? []),
    amountMin: input.amountMin !== undefined ? input.amountMin : (current?.amountMin ?? null),
    amountMax: input.amountMax !== undefined ? input.amountMax : (current?.amountMax ?? null),
    buyers: listOf(input.buyers) ?? current?.buyers ?? [],
  };
  if (merged.amountMin !== null && merged.amountMax !== null && merged.amountMin > merged.amountMax) issues.push({ field: 'amountMax', key: 'saved_search-amount_range', vars: {} });
  if (issues.length) throw new ValidationFailure(issues);
  if (!hasCriterion(merged)) throw new AppError(400, 'saved_search-no_criterion');
  return merged;
}

/**
 * Saved searches (issue 24): a company's named filters over the calls. Every member reads them;
 * managers and employees create (an employee changes only their own); admins reach any company's,
 * naming it with companyId; another company's answers 404.
 */
export function savedSearchesHandlers({ db }: Deps): Handlers<'listSavedSearches' | 'createSavedSearch' | 'updateSavedSearch' | 'deleteSavedSearch'> {
  /** The company of a list or a create: the admin's companyId (400 without), the staff's own. */
  const companyOf = async (caller: Caller, companyId: string | undefined): Promise<string> => {
    if (caller.role !== 'admin') {
      if (!caller.companyId || (companyId && companyId !== caller.companyId)) throw notFound();
      return caller.companyId;
    }
    if (!companyId) throw new ValidationFailure([{ field: 'companyId', key: 'saved_search-company_required', vars: {} }]);
    const [row] = await db.select({ id: companies.id }).from(companies).where(eq(companies.id, companyId)).limit(1);
    if (!row) throw notFound();
    return row.id;
  };

  const reachable = async (caller: Caller, id: string): Promise<SavedSearchRow> => {
    const row = await savedSearchOf(db, id, caller.role === 'admin' ? null : (caller.companyId ?? '00000000-0000-0000-0000-000000000000'));
    if (!row) throw notFound();
    return row;
  };

  const present = async (caller: Caller, rows: SavedSearchRow[]): Promise<SavedSearch[]> => {
    const ids = [...new Set(rows.map((r) => r.createdBy).filter((id): id is string => !!id))];
    const names = new Map(
      ids.length ? (await db.select({ id: users.id, username: users.username }).from(users).where(sql`${users.id} in (${sql.join(ids.map((i) => sql`${i}`), sql`, `)})`)).map((u) => [u.id, u.username]) : [],
    );
    return rows.map((r) => ({
      _id: r.id,
      companyId: r.companyId,
      name: r.name,
      keywords: r.keywords,
      cpvCodes: r.cpvCodes,
      departments: r.departments,
      regions: r.regions,
      amountMin: r.amountMin,
      amountMax: r.amountMax,
      buyers: r.buyers,
      alerts: r.alerts,
      createdBy: r.createdBy && names.has(r.createdBy) ? { _id: r.createdBy, username: names.get(r.createdBy)! } : null,
      canEdit: canEdit(caller, r),
      createdAt: r.createdAt.toISOString(),
      updatedAt: r.updatedAt.toISOString(),
    }));
  };
  const one = async (caller: Caller, id: string) => (await present(caller, [(await savedSearchOf(db, id, null))!]))[0]!;

  const nameTaken = (name: string) => new AppError(409, 'saved_search-name_taken', { name });

  return {
    async listSavedSearches(request) {
      const { user } = sessionOf(request);
      const companyId = await companyOf(user, request.query.companyId);
      const rows = await db.select().from(savedSearches).where(eq(savedSearches.companyId, companyId)).orderBy(foldedSql(savedSearches.name), asc(savedSearches.id));
      return { count: rows.length, limit: SAVED_SEARCH_LIMITS.perCompany, savedSearches: await present(user, rows) };
    },

    async createSavedSearch(request, reply) {
      const { user } = sessionOf(request);
      const companyId = await companyOf(user, request.query.companyId);
      const body = request.body as Input;
      const criteria = checkedCriteria(body);
      const name = body.name.trim().replace(/\s+/g, ' ');
      let id: string;
      try {
        id = await db.transaction(async (tx) => {
          // Counted under the company's lock: two creates at once cannot both pass the limit.
          await tx.execute(sql`select 1 from ${companies} where ${companies.id} = ${companyId} for update`);
          const [{ n }] = (await tx.select({ n: count() }).from(savedSearches).where(eq(savedSearches.companyId, companyId))) as [{ n: number }];
          if (Number(n) >= SAVED_SEARCH_LIMITS.perCompany) throw new AppError(409, 'saved_search-limit', { limit: SAVED_SEARCH_LIMITS.perCompany });
          const [row] = await tx
            .insert(savedSearches)
            .values({ companyId, name, ...criteria, alerts: body.alerts ?? false, createdBy: user.id })
            .returning({ id: savedSearches.id });
          return row!.id;
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw nameTaken(name);
        throw error;
      }
      reply.code(201);
      return { msg: t(request, 'saved_search-created', { name }), details: await one(user, id) };
    },

    async updateSavedSearch(request) {
      const { user } = sessionOf(request);
      const current = await reachable(user, request.params.id);
      if (!canEdit(user, current)) throw forbidden();
      const body = request.body as Patch;
      const criteria = checkedCriteria(body, current);
      const name = body.name !== undefined ? body.name.trim().replace(/\s+/g, ' ') : current.name;
      try {
        await db
          .update(savedSearches)
          .set({ name, ...criteria, ...(body.alerts !== undefined ? { alerts: body.alerts } : {}), updatedAt: new Date() })
          .where(eq(savedSearches.id, current.id));
      } catch (error) {
        if (isUniqueViolation(error)) throw nameTaken(name);
        throw error;
      }
      return { msg: t(request, 'saved_search-updated', { name }), details: await one(user, current.id) };
    },

    async deleteSavedSearch(request) {
      const { user } = sessionOf(request);
      const current = await reachable(user, request.params.id);
      if (!canEdit(user, current)) throw forbidden();
      await db.delete(savedSearches).where(and(eq(savedSearches.id, current.id)));
      return { msg: t(request, 'saved_search-deleted', { name: current.name }) };
    },
  };
}

