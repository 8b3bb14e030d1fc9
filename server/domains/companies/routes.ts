import { randomBytes } from 'node:crypto';
import { and, eq, isNull, ne, sql, type SQL } from 'drizzle-orm';
import type { Deps } from '../../deps';
import type { Handlers } from '../../openapi/handlers';
import { AppError, forbidden, notFound, unauthorized } from '../../errors';
import { isUniqueViolation, type Database } from '../../db/client';
import { companies, companyDocuments, invitations, memoryImages, resumes, tenderDocuments, tenders, users } from '../../db/schema';
import { refreshMatches } from '../tenders/refresh';
import { rematchCompany } from '../sourcing/matching';
import { sessionOf } from '../../auth/session';
import { ValidationFailure } from '../../http/error-handler';
import { t } from '../../i18n';
import { readForm, sniffImage } from '../../http/multipart';
import { idsOf, searchAny } from '../admin/lists';
import { userPage } from '../admin/user-summary';
import { companiesByIds, companyById, companyPage, companyValues } from './company';
import { readScope, writeScope } from './scope';
import { siretValid } from './siret';

/** A logo: PNG or JPEG (what a Word document embeds), at most 2 MB. */
export const MAX_LOGO_BYTES = 2 * 1024 * 1024;
const LOGO_TYPES = ['image/png', 'image/jpeg'];

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
  | 'getCompanyLogo'
  | 'uploadCompanyLogo'
  | 'deleteCompanyLogo'
> {
  const existing = async (id: string) => {
    const company = await companyById(db, id);
    if (!company) throw notFound();
    return company;
  };

  /**
   * Writes the logo's columns and answers the key the row held before, the row locked between
   * the read and the write: of two concurrent replacements each old file is deleted exactly once.
   */
  const replaceLogo = (id: string, changes: { [K in keyof typeof companies.$inferInsert]?: (typeof companies.$inferInsert)[K] | SQL }) =>
    db.transaction(async (tx) => {
      const [current] = await tx.select({ key: companies.logoKey }).from(companies).where(eq(companies.id, id)).for('update');
      await tx.update(companies).set(changes).where(eq(companies.id, id));
      return current?.key ?? null;
    });

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
      // Open calls are matched against the new company's profile (issue 13).
      await rematchCompany(db, id);
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
      if (input.profile) await rematchCompany(db, id);
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
        const [own] = await tx.select({ key: companies.logoKey }).from(companies).where(eq(companies.id, id));
        const cvFiles = await tx.select({ key: resumes.storageKey }).from(resumes).where(eq(resumes.companyId, id));
        const imageFiles = await tx.select({ key: memoryImages.storageKey }).from(memoryImages).where(eq(memoryImages.companyId, id));
        await tx.delete(invitations).where(eq(invitations.companyId, id));
        await tx.delete(users).where(eq(users.companyId, id));
        // Tenders, their history and documents, and the vault go with the company (cascade).
        await tx.delete(companies).where(eq(companies.id, id));
        return [
          ...members.flatMap((m) => (m.key ? [m.key] : [])),
          ...tenderFiles.map((f) => f.key),
          ...vaultFiles.map((f) => f.key),
          ...cvFiles.flatMap((f) => (f.key ? [f.key] : [])),
          ...imageFiles.map((f) => f.key),
          ...(own?.key ? [own.key] : []),
        ];
      });
      // Files go once the rows are gone: a failed transaction leaves every picture in place.
      await Promise.all(files.map((key) => storage.delete(key).catch(() => undefined)));
      return { msg: t(request, 'company-deleted') };
    },

    async getCompanyLogo(request, reply) {
      if (!request.session) throw unauthorized();
      const { id } = request.params;
      readScope(request.session.user, id);
      const [row] = await db.select({ key: companies.logoKey, mime: companies.logoMime }).from(companies).where(eq(companies.id, id)).limit(1);
      const file = row?.key && row.mime ? await storage.get(row.key) : undefined;
      if (!row?.key || !row.mime || !file) throw notFound();
      return reply
        .type(row.mime)
        .header('Content-Length', String(file.size))
        .header('Cache-Control', 'private, max-age=31536000, immutable')
        .header('Content-Disposition', 'inline')
        .send(file.stream);
    },

    async uploadCompanyLogo(request) {
      const { id } = request.params;
      writeScope(sessionOf(request).user, id);
      await existing(id);
      const { files } = await readForm(request, { maxFileBytes: MAX_LOGO_BYTES });
      const logo = files.find((f) => f.field === 'logo');
      if (!logo) throw new ValidationFailure([{ field: 'logo', key: 'validation-required', vars: {} }]);
      // The Word export embeds PNG and JPEG only: other images (and anything named .png) are refused.
      const image = sniffImage(logo.data);
      if (!image || !LOGO_TYPES.includes(image.mime)) throw new AppError(415, 'common-invalid_file_type');
      const key = `logos/${id}/${randomBytes(12).toString('hex')}.${image.ext}`;
      await storage.put(key, logo.data);
      let replaced: string | null;
      try {
        replaced = await replaceLogo(id, { logoKey: key, logoMime: image.mime, logoVersion: sql`coalesce(${companies.logoVersion}, 0) + 1`, updatedAt: new Date() });
      } catch (error) {
        await storage.delete(key).catch(() => undefined);
        throw error;
      }
      // The old file goes only once the row points at the new one.
      if (replaced && replaced !== key) await storage.delete(replaced).catch(() => undefined);
      return { msg: t(request, 'company-logo_updated'), details: await existing(id) };
    },

    async deleteCompanyLogo(request) {
      const { id } = request.params;
      writeScope(sessionOf(request).user, id);
      await existing(id);
      const replaced = await replaceLogo(id, { logoKey: null, logoMime: null, updatedAt: new Date() });
      if (replaced) await storage.delete(replaced).catch(() => undefined);
      return { msg: t(request, 'company-logo_removed'), details: await existing(id) };
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
