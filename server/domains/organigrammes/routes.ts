import { and, asc, eq, sql } from 'drizzle-orm';
import type { components } from '../../../openapi/schema';
import type { Deps } from '../../deps';
import type { Handlers } from '../../openapi/handlers';
import { AppError, notFound } from '../../errors';
import { companies, organigrammes } from '../../db/schema';
import { sessionOf } from '../../auth/session';
import { t } from '../../i18n';
import { readScope, writeScope, type Caller } from '../companies/scope';
import { normalisePositions, treeProblem, type PositionInput } from '../../../rules/organigramme-tree';

type Organigramme = components['schemas']['Organigramme'];
type OrganigrammeType = components['schemas']['OrganigrammeType'];
type TypeInput = components['schemas']['OrganigrammeTypeInput'];
type Row = typeof organigrammes.$inferSelect;

/** The aliases of the spec (global, chantier) are accepted on input; answers use the stored names. */
export const canonicalType = (type: TypeInput): OrganigrammeType => (type === 'global' || type === 'normal' ? 'normal' : 'construction');

function toOrganigramme(row: Row): Organigramme {
  return {
    _id: row.id,
    companyId: row.companyId,
    type: row.type,
    positions: row.positions,
    version: row.version,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** Checked positions, or a 400 naming the offending ones; nothing is written on a refusal. */
function checkedPositions(positions: readonly PositionInput[]) {
  const normalised = normalisePositions(positions);
  const problem = treeProblem(normalised);
  if (problem) throw new AppError(400, problem.key, {}, { positionIds: problem.positionIds });
  return normalised;
}

const notFoundChart = () => new AppError(404, 'organigramme-not_found');

/**
 * A company's two organisation charts (normal and construction), one of each at most. Staff reach
 * their own company's (another company, or an unknown one, answers 404); admins and managers draw them.
 */
export function organigrammesHandlers({ db }: Deps): Handlers<'getOrganigrammes' | 'createOrganigramme' | 'replaceOrganigramme' | 'deleteOrganigramme'> {
  const reachableCompany = async (caller: Caller, companyId: string, write: boolean) => {
    (write ? writeScope : readScope)(caller, companyId);
    const [company] = await db.select({ id: companies.id }).from(companies).where(eq(companies.id, companyId)).limit(1);
    if (!company) throw notFound();
  };
  const chartWhere = (companyId: string, type: OrganigrammeType) => and(eq(organigrammes.companyId, companyId), eq(organigrammes.type, type));

  return {
    async getOrganigrammes(request) {
      const { companyId } = request.params;
      await reachableCompany(sessionOf(request).user, companyId, false);
      const type = request.query.type ? canonicalType(request.query.type) : undefined;
      const rows = await db
        .select()
        .from(organigrammes)
        .where(and(eq(organigrammes.companyId, companyId), type ? eq(organigrammes.type, type) : undefined))
        .orderBy(asc(organigrammes.type));
      return { organigrammes: rows.map(toOrganigramme) };
    },

    async createOrganigramme(request, reply) {
      const { companyId } = request.params;
      await reachableCompany(sessionOf(request).user, companyId, true);
      const type = canonicalType(request.body.type);
      const positions = checkedPositions(request.body.positions);
      // The unique index (company, type) settles two simultaneous creations: the second gets 409
      // with the chart that won in details, so its author can merge their positions into it.
      const [row] = await db.insert(organigrammes).values({ companyId, type, positions }).onConflictDoNothing().returning();
      if (!row) {
        const [existing] = await db.select().from(organigrammes).where(chartWhere(companyId, type)).limit(1);
        throw new AppError(409, 'organigramme-already_exists', {}, existing ? toOrganigramme(existing) : undefined);
      }
      reply.code(201);
      return {
        msg: t(request, 'organigramme-created'),
        details: toOrganigramme(row),
      };
    },

    async replaceOrganigramme(request) {
      const { companyId } = request.params;
      await reachableCompany(sessionOf(request).user, companyId, true);
      const type = canonicalType(request.query.type);
      const positions = checkedPositions(request.body.positions);
      // Compare-and-set in one statement: only the version the positions were drawn from is replaced.
      const [row] = await db
        .update(organigrammes)
        .set({ positions, version: sql`${organigrammes.version} + 1`, updatedAt: new Date() })
        .where(and(chartWhere(companyId, type), eq(organigrammes.version, request.body.version)))
        .returning();
      if (!row) {
        const [current] = await db.select().from(organigrammes).where(chartWhere(companyId, type)).limit(1);
        if (!current) throw notFoundChart();
        // Another manager saved since this draft was read: their chart goes back, nothing is lost.
        throw new AppError(409, 'organigramme-conflict', {}, toOrganigramme(current));
      }
      return {
        msg: t(request, 'organigramme-updated'),
        details: toOrganigramme(row),
      };
    },

    async deleteOrganigramme(request) {
      const { companyId } = request.params;
      await reachableCompany(sessionOf(request).user, companyId, true);
      const type = canonicalType(request.query.type);
      const [row] = await db.delete(organigrammes).where(chartWhere(companyId, type)).returning({ id: organigrammes.id });
      if (!row) throw notFoundChart();
      return { msg: t(request, 'organigramme-deleted') };
    },
  };
}
