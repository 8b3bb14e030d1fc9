import { randomBytes, randomUUID } from 'node:crypto';
import { and, asc, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { components } from '../../../openapi/schema';
import type { Deps } from '../../deps';
import type { Handlers } from '../../openapi/handlers';
import { notFound } from '../../errors';
import type { Database } from '../../db/client';
import { companies, companyDocuments, users } from '../../db/schema';
import { sessionOf } from '../../auth/session';
import { ValidationFailure } from '../../http/error-handler';
import { readUpload } from '../../http/multipart';
import { fileRequired, receiveDocument, sendDocument, storeWith, type ReceivedDocument } from '../../files/documents';
import { enforceStorage } from '../../files/storage-limit';
import { t } from '../../i18n';
import { pageOf, searchAny, totalPages } from '../admin/lists';
import { readScope, type Caller } from '../companies/scope';
import { rematchCompany } from '../sourcing/matching';

type CompanyDocument = components['schemas']['CompanyDocument'];
type Validity = components['schemas']['DocumentValidity'];
type Kind = components['schemas']['CompanyDocumentKind'];
/** The form's fields once the contract has checked them (dates may be '' on a patch: cleared). */
type DocumentFields = { kind?: Kind; title?: string; issueDate?: string; validUntil?: string };

const NO_COMPANY = '00000000-0000-0000-0000-000000000000';
/** A document ending within this many days (inclusive) is `expiring`. */
export const EXPIRING_DAYS = 30;

// Validity is computed by the database against today's date in Paris, in one expression that the
// filter, the paging and the answer share, so a page never disagrees with its own filter (and
// the dashboard's expiring documents, server/domains/dashboard/routes.ts).
const today = sql`(now() at time zone 'Europe/Paris')::date`;
export const daysLeftSql = sql<number | null>`(${companyDocuments.validUntil} - ${today})`;
export const validitySql = sql<Validity>`(case when ${companyDocuments.validUntil} is null then 'valid' when ${companyDocuments.validUntil} < ${today} then 'expired' when ${companyDocuments.validUntil} - ${today} <= ${sql.raw(String(EXPIRING_DAYS))} then 'expiring' else 'valid' end)`;

const docColumns = {
  id: companyDocuments.id,
  companyId: companyDocuments.companyId,
  kind: companyDocuments.kind,
  title: companyDocuments.title,
  issueDate: companyDocuments.issueDate,
  validUntil: companyDocuments.validUntil,
  validity: validitySql,
  daysLeft: daysLeftSql,
  fileName: companyDocuments.fileName,
  mime: companyDocuments.mime,
  size: companyDocuments.size,
  storageKey: companyDocuments.storageKey,
  uploadedBy: companyDocuments.uploadedBy,
  uploaderName: users.username,
  createdAt: companyDocuments.createdAt,
  updatedAt: companyDocuments.updatedAt,
};

const selectDocs = (db: Database, where: SQL | undefined) =>
  db.select(docColumns).from(companyDocuments).leftJoin(users, eq(users.id, companyDocuments.uploadedBy)).where(where);
type DocRow = Awaited<ReturnType<typeof selectDocs>>[number];

function toCompanyDocument(row: DocRow): CompanyDocument {
  return {
    _id: row.id,
    companyId: row.companyId,
    kind: row.kind,
    title: row.title,
    issueDate: row.issueDate,
    validUntil: row.validUntil,
    validity: row.validity,
    daysLeft: row.daysLeft === null ? null : Number(row.daysLeft),
    fileName: row.fileName,
    mime: row.mime,
    size: Number(row.size),
    uploadedBy: row.uploadedBy && row.uploaderName !== null ? { _id: row.uploadedBy, username: row.uploaderName } : null,
    url: `/api/companyDocs/${row.id}/file`,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

const isCalendarDate = (value: string) => /^\d{4}-\d{2}-\d{2}$/.test(value) && !Number.isNaN(Date.parse(`${value}T00:00:00Z`)) && new Date(`${value}T00:00:00Z`).toISOString().startsWith(value);

/** A real calendar date or none; the end of validity not before the issue. */
function checkDates(issueDate: string | null, validUntil: string | null) {
  for (const [field, value] of [['issueDate', issueDate], ['validUntil', validUntil]] as const) {
    if (value && !isCalendarDate(value)) throw new ValidationFailure([{ field, key: 'validation-invalid', vars: {} }]);
  }
  if (issueDate && validUntil && validUntil < issueDate) throw new ValidationFailure([{ field: 'validUntil', key: 'company_document-valid_until_before_issue', vars: {} }]);
}

/** A date field of a patch: absent keeps the current value, '' clears it. */
const dateOf = (value: string | undefined, current: string | null) => (value === undefined ? current : value || null);

const fileValues = (document: ReceivedDocument, uploadedBy: string) => ({
  fileName: document.fileName,
  mime: document.type.mime,
  size: document.size,
  sha256: document.sha256,
  storageKey: document.key,
  uploadedBy,
});

/**
 * The company document vault. Writes are open to admins and to every member of the company,
 * managers and employees alike: gathering the attestations (URSSAF, Kbis, insurance) a tender
 * response needs is everyday work of the people who answer tenders, who may add tender documents
 * too; another company's vault answers 404.
 */
export function companyDocsHandlers({ db, storage, maxUploadBytes }: Deps): Handlers<
  'listCompanyDocuments' | 'createCompanyDocument' | 'updateCompanyDocument' | 'deleteCompanyDocument' | 'downloadCompanyDocument'
> {
  const existingCompany = async (id: string) => {
    const [row] = await db.select({ id: companies.id }).from(companies).where(eq(companies.id, id)).limit(1);
    if (!row) throw notFound();
  };

  const reachableDoc = async (caller: Caller, id: string) => {
    const scope = caller.role === 'admin' ? undefined : eq(companyDocuments.companyId, caller.companyId ?? NO_COMPANY);
    const [row] = await selectDocs(db, and(eq(companyDocuments.id, id), scope)).limit(1);
    if (!row) throw notFound();
    return row;
  };

  const docById = async (id: string) => {
    const [row] = await selectDocs(db, eq(companyDocuments.id, id)).limit(1);
    if (!row) throw notFound();
    return toCompanyDocument(row);
  };

  return {
    async listCompanyDocuments(request) {
      const { id } = request.params;
      readScope(sessionOf(request).user, id);
      await existingCompany(id);
      const { filterBy, validity, search } = request.query;
      const where = and(
        eq(companyDocuments.companyId, id),
        filterBy ? eq(companyDocuments.kind, filterBy) : undefined,
        validity ? sql`${validitySql} = ${validity}` : undefined,
        searchAny(search, [companyDocuments.title, companyDocuments.fileName]),
      );
      const { limit, offset, perPage } = pageOf(request.query);
      const [{ n }] = (await db.select({ n: sql<number>`count(*)::int` }).from(companyDocuments).where(where)) as [{ n: number }];
      let page = selectDocs(db, where)
        .orderBy(sql`${companyDocuments.validUntil} asc nulls last`, asc(companyDocuments.title), desc(companyDocuments.createdAt), asc(companyDocuments.id))
        .offset(offset)
        .$dynamic();
      if (limit !== undefined) page = page.limit(limit);
      const rows = n > offset ? await page : [];
      return { count: n, totalPages: totalPages(n, perPage), documents: rows.map(toCompanyDocument) };
    },

    async createCompanyDocument(request, reply) {
      const { user } = sessionOf(request);
      const companyId = request.params.id;
      readScope(user, companyId);
      await existingCompany(companyId);
      const id = randomUUID();
      const { fields, received } = await readUpload(request, {
        maxFileBytes: maxUploadBytes,
        receive: async (fields: DocumentFields, file) => {
          checkDates(fields.issueDate ?? null, fields.validUntil ?? null);
          return receiveDocument(storage, `company-docs/${companyId}/${id}`, file, maxUploadBytes);
        },
      });
      const form = fields as DocumentFields;
      checkDates(form.issueDate ?? null, form.validUntil ?? null);
      if (!received) throw fileRequired();
      await storeWith(db, storage, received, async (tx) => {
        // Past the plan's storage the file is refused (402) and removed with the transaction.
        await enforceStorage(tx, request, companyId, received.size);
        return tx.insert(companyDocuments).values({
          id,
          companyId,
          kind: form.kind!,
          title: form.title!.trim(),
          issueDate: form.issueDate || null,
          validUntil: form.validUntil || null,
          ...fileValues(received, user.id),
        });
      });
      // A certification the calls ask for counts in the company's matches (issue 13).
      if (form.kind === 'certification') await rematchCompany(db, companyId);
      reply.code(201);
      return { msg: t(request, 'company_document-created'), details: await docById(id) };
    },

    async updateCompanyDocument(request) {
      const { user } = sessionOf(request);
      const { id } = request.params;
      const current = await reachableDoc(user, id);
      const key = `company-docs/${current.companyId}/${id}-${randomBytes(6).toString('hex')}`;
      const { fields, received } = await readUpload(request, {
        maxFileBytes: maxUploadBytes,
        fileAlone: true,
        receive: async (fields: DocumentFields, file) => {
          checkDates(dateOf(fields.issueDate, current.issueDate), dateOf(fields.validUntil, current.validUntil));
          return receiveDocument(storage, key, file, maxUploadBytes);
        },
      });
      const form = fields as DocumentFields;
      const write = async (tx: Parameters<Parameters<Database['transaction']>[0]>[0]) => {
        // Locked: the date check and the file swap see the row as it is written.
        const [row] = await tx
          .select({ issueDate: companyDocuments.issueDate, validUntil: companyDocuments.validUntil, key: companyDocuments.storageKey, size: companyDocuments.size })
          .from(companyDocuments)
          .where(eq(companyDocuments.id, id))
          .for('update');
        if (!row) throw notFound();
        // A new file counts what it adds to the old one against the plan's storage: refused (402), the old file stays.
        if (received) await enforceStorage(tx, request, current.companyId, received.size, row.size);
        const issueDate = dateOf(form.issueDate, row.issueDate);
        const validUntil = dateOf(form.validUntil, row.validUntil);
        checkDates(issueDate, validUntil);
        await tx
          .update(companyDocuments)
          .set({
            ...(form.kind !== undefined ? { kind: form.kind } : {}),
            ...(form.title !== undefined ? { title: form.title.trim() } : {}),
            issueDate,
            validUntil,
            ...(received ? fileValues(received, user.id) : {}),
            updatedAt: new Date(),
          })
          .where(eq(companyDocuments.id, id));
        return row.key;
      };
      if (received) {
        const oldKey = await storeWith(db, storage, received, write);
        // The old file goes once the row points at the new one.
        await storage.delete(oldKey).catch(() => undefined);
      } else {
        await db.transaction(write);
      }
      if (current.kind === 'certification' || form.kind === 'certification') await rematchCompany(db, current.companyId);
      return { msg: t(request, 'company_document-updated'), details: await docById(id) };
    },

    async deleteCompanyDocument(request) {
      const current = await reachableDoc(sessionOf(request).user, request.params.id);
      const [deleted] = await db.delete(companyDocuments).where(eq(companyDocuments.id, current.id)).returning({ key: companyDocuments.storageKey });
      if (!deleted) throw notFound();
      await storage.delete(deleted.key).catch(() => undefined);
      if (current.kind === 'certification') await rematchCompany(db, current.companyId);
      return { msg: t(request, 'company_document-deleted') };
    },

    async downloadCompanyDocument(request, reply) {
      return sendDocument(reply, storage, await reachableDoc(sessionOf(request).user, request.params.id));
    },
  };
}
