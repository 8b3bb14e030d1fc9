import { and, eq, isNull, ne, sql, type SQL } from 'drizzle-orm';
import type { Deps } from '../../deps';
import type { Handlers } from '../../openapi/handlers';
import { AppError, forbidden, notFound } from '../../errors';
import { isUniqueViolation, type Database } from '../../db/client';
import { companies, companyDocuments, invitations, tenderDocuments, tenders, users } from '../../db/schema';
import { refreshMatches } from '../tenders/refresh';
import { sessionOf } from '../../auth/session';
import { ValidationFailure } from '../../http/error-handler';
import { t } from '../../i18n';
import { idsOf, searchAny } from '../admin/lists';
import { userPage } from '../admin/user-summary';
import { companiesByIds, companyById, companyPage, companyValues } from './company';
import { readScope, writeScope } from './scope';
import { siretValid } from './siret';

const siretInvalid = () => new ValidationFailure([{ field: 'siret', key: 'company-siret_invalid', vars: {} }]);
const siretTaken = () => new AppError(409, 'company-siret_taken');

async function checkSiret(db: Database, siret: string, exceptCompany?: string) {
  if (!siretValid(siret)) throw siretInvalid();
  const [row] = await db
    .select({ id: companies.id })
    .from(companies)
    .where(and(eq(companies.siret, siret), exceptCompany ? ne(companies.id, exceptCompany) : undefined))
    .limit(1);
  if (row) throw siretTaken();
}

export function companiesHandlers({ db, storage }: Deps): Handlers<
  | 'listCompanies'
  | 'createCompany'
  | 'listSelectedCompanies'
  | 'getCompany'
  | 'updateCompany'
  | 'deleteCompany'
  | 'listCompanyUsers'
  | 'removeCompanyUser'
> {
  const existing = async (id: string) => {
    const company = await companyById(db, id);
    if (!company) throw notFound();
    return company;
  };

  return {
    async listCompanies(request) {
      const { search, filterBy } = request.query;
      const filter = filterBy?.trim()
        ? sql`(${filterBy.trim()} = any(${companies.departments}) or ${filterBy.trim()} = any(${companies.regions}))`
        : undefined;
      const where = and(searchAny(search, [companies.name, companies.city, companies.postalCode, companies.siret]), filter);
      return companyPage(db, where, request.query);
    },

    async createCompany(request, reply) {
      const { user } = sessionOf(request);
      const input = request.body;
      if (user.role === 'manager' && user.companyId) throw new AppError(409, 'company-already_exists');
      await checkSiret(db, input.siret);
      let id: string;
      try {
        id = await db.transaction(async (tx) => {
          const [row] = await tx
            .insert(companies)
            .values({ ...companyValues(input), name: input.name.trim() })
            .returning({ id: companies.id });
          // A manager becomes the manager of what they create; both writes commit together, or
          // neither does (a second, concurrent creation by the same manager finds it attached).
          if (user.role === 'manager') {
            const attached = await tx
              .update(users)
              .set({ companyId: row!.id, updatedAt: new Date() })
              .where(and(eq(users.id, user.id), isNull(users.companyId)))
              .returning({ id: users.id });
            if (attached.length === 0) throw new AppError(409, 'company-already_exists');
          }
          return row!.id;
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw siretTaken();
        throw error;
      }
      reply.code(201);
      return { msg: t(request, 'company-created'), details: await existing(id) };
    },

    async listSelectedCompanies(request) {
      const ids = idsOf(request.query.ids);
      if (ids.length > 100) throw new AppError(400, 'common-invalid_request');
      return { companies: await companiesByIds(db, ids) };
    },

    async getCompany(request) {
      readScope(sessionOf(request).user, request.params.id);
      return existing(request.params.id);
    },

    async updateCompany(request) {
      const { id } = request.params;
      writeScope(sessionOf(request).user, id);
      const current = await existing(id);
      const input = request.body;
      if (input.siret !== undefined && input.siret !== current.siret) await checkSiret(db, input.siret, id);
      try {
        await db
          .update(companies)
          .set({ ...companyValues(input), updatedAt: new Date() })
          .where(eq(companies.id, id));
      } catch (error) {
        if (isUniqueViolation(error)) throw siretTaken();
        throw error;
      }
      // The tenders' match depends on the profile.
      if (input.profile) await refreshMatches(db, eq(tenders.companyId, id));
      return { msg: t(request, 'company-updated'), details: await existing(id) };
    },

    async deleteCompany(request) {
      const { id } = request.params;
      const { user } = sessionOf(request);
      await existing(id);
      // An admin attached to the company would delete their own account with it.
      if (user.companyId === id) throw new AppError(409, 'company-cannot_delete_own');
      const files = await db.transaction(async (tx) => {
        const members = await tx.select({ key: users.pictureKey }).from(users).where(eq(users.companyId, id));
        const tenderFiles = await tx.select({ key: tenderDocuments.storageKey }).from(tenderDocuments).where(eq(tenderDocuments.companyId, id));
        const vaultFiles = await tx.select({ key: companyDocuments.storageKey }).from(companyDocuments).where(eq(companyDocuments.companyId, id));
        await tx.delete(invitations).where(eq(invitations.companyId, id));
        await tx.delete(users).where(eq(users.companyId, id));
        // Tenders, their history and documents, and the vault go with the company (cascade).
        await tx.delete(companies).where(eq(companies.id, id));
        return [...members.flatMap((m) => (m.key ? [m.key] : [])), ...tenderFiles.map((f) => f.key), ...vaultFiles.map((f) => f.key)];
      });
      // Files go once the rows are gone: a failed transaction leaves every picture in place.
      await Promise.all(files.map((key) => storage.delete(key).catch(() => undefined)));
      return { msg: t(request, 'company-deleted') };
    },

    async listCompanyUsers(request) {
      const { id } = request.params;
      readScope(sessionOf(request).user, id);
      await existing(id);
      const { search, filterBy } = request.query;
      const where: SQL | undefined = and(eq(users.companyId, id), filterBy ? eq(users.role, filterBy) : undefined, searchAny(search, [users.username, users.email]));
      return userPage(db, where, request.query);
    },

    async removeCompanyUser(request) {
      const { id, userId } = request.params;
      const { user } = sessionOf(request);
      writeScope(user, id);
      const [member] = await db
        .select({ id: users.id, role: users.role, active: users.active, pictureKey: users.pictureKey })
        .from(users)
        .where(and(eq(users.id, userId), eq(users.companyId, id)))
        .limit(1);
      if (!member) throw notFound();
      if (member.id === user.id) throw new AppError(409, 'member-cannot_remove_self');
      // Only an admin removes an admin, and that admin (active, not the member) remains.
      if (member.role === 'admin' && user.role !== 'admin') throw forbidden();
      await db.delete(users).where(eq(users.id, member.id));
      if (member.pictureKey) await storage.delete(member.pictureKey).catch(() => undefined);
      return { msg: t(request, 'member-removed') };
    },
  };
}
