import { randomBytes, randomUUID } from 'node:crypto';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { components } from '../../../openapi/schema';
import type { Deps } from '../../deps';
import type { Handlers } from '../../openapi/handlers';
import { AppError, notFound } from '../../errors';
import type { Database } from '../../db/client';
import { companies, organigrammes, resumes, users } from '../../db/schema';
import { sessionOf } from '../../auth/session';
import { ValidationFailure } from '../../http/error-handler';
import { readUpload } from '../../http/multipart';
import { fileRequired, receiveDocument, sendDocument, storeWith, type ReceivedDocument } from '../../files/documents';
import { enforceStorage } from '../../files/storage-limit';
import { t } from '../../i18n';
import { foldedSql, pageOf, searchAny, totalPages } from '../admin/lists';
import { readScope, type Caller } from '../companies/scope';
import { queueParse } from './job';
import { DOCX, PDF } from './text';
import { searchTextOf, toListItem, toResume, type ResumeRow } from './view';

type CreateBody = components['schemas']['ResumeCreateBody'];
type Patch = components['schemas']['ResumePatch'];
type UploadFields = { fullName?: string; jobTitle?: string; userId?: string };
type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

const NO_COMPANY = '00000000-0000-0000-0000-000000000000';

/** A CV is a PDF or a DOCX, by content; any other accepted document type is refused here. */
async function receiveCv(storage: Deps['storage'], key: string, file: Parameters<typeof receiveDocument>[2], maxBytes: number): Promise<ReceivedDocument> {
  const received = await receiveDocument(storage, key, file, maxBytes);
  if (received.type.mime !== PDF && received.type.mime !== DOCX) {
    await received.discard();
    throw new AppError(415, 'resume-file_type');
  }
  return received;
}

const fileValues = (document: ReceivedDocument) => ({
  fileName: document.fileName,
  mime: document.type.mime,
  size: document.size,
  sha256: document.sha256,
  storageKey: document.key,
});

/**
 * The resumes of a company's staff (issue 12). Like the document vault, every member of the
 * company reads and writes them, managers and employees alike (people keep their own CV up to
 * date); admins everywhere; another company's resumes answer 404.
 */
export function resumesHandlers({ db, storage, maxUploadBytes, jobs }: Deps): Handlers<
  'listResumes' | 'createResume' | 'getResume' | 'updateResume' | 'deleteResume' | 'downloadResumeFile' | 'replaceResumeFile'
> {
  const existingCompany = async (id: string) => {
    const [row] = await db.select({ id: companies.id }).from(companies).where(eq(companies.id, id)).limit(1);
    if (!row) throw notFound();
  };

  const reachable = async (caller: Caller, id: string): Promise<ResumeRow> => {
    const scope = caller.role === 'admin' ? undefined : eq(resumes.companyId, caller.companyId ?? NO_COMPANY);
    const [row] = await db.select().from(resumes).where(and(eq(resumes.id, id), scope)).limit(1);
    if (!row) throw notFound();
    return row;
  };

  /** The resume as answered: its user's name and the titles of its positions today. */
  const present = async (row: ResumeRow) => {
    const [user] = row.userId ? await db.select({ id: users.id, username: users.username }).from(users).where(eq(users.id, row.userId)) : [];
    const charts = row.positions.length ? await db.select({ type: organigrammes.type, positions: organigrammes.positions }).from(organigrammes).where(eq(organigrammes.companyId, row.companyId)) : [];
    return toResume(row, user ?? null, charts);
  };
  const byId = async (id: string) => {
    const [row] = await db.select().from(resumes).where(eq(resumes.id, id));
    if (!row) throw notFound();
    return present(row);
  };

  /** The linked user is a member of the company; positions exist in its chart of their kind; a certificate ends after it starts. */
  async function checkLinks(executor: Database | Transaction, companyId: string, fields: { userId?: string | null; positions?: CreateBody['positions']; certifications?: CreateBody['certifications'] }) {
    const issues: ConstructorParameters<typeof ValidationFailure>[0] = [];
    for (const [index, c] of (fields.certifications ?? []).entries()) {
      if (c.obtainedOn && c.validUntil && c.validUntil < c.obtainedOn) issues.push({ field: `certifications.${index}.validUntil`, key: 'resume-valid_until_before_obtained', vars: {} });
    }
    if (fields.userId) {
      const [member] = await executor.select({ id: users.id }).from(users).where(and(eq(users.id, fields.userId), eq(users.companyId, companyId))).limit(1);
      if (!member) issues.push({ field: 'userId', key: 'resume-user_not_member', vars: {} });
    }
    if (fields.positions?.length) {
      const charts = await executor.select({ type: organigrammes.type, positions: organigrammes.positions }).from(organigrammes).where(eq(organigrammes.companyId, companyId));
      for (const [index, position] of fields.positions.entries()) {
        const chart = charts.find((c) => c.type === position.chart);
        if (!chart?.positions.some((p) => p._id === position.positionId)) issues.push({ field: `positions.${index}.positionId`, key: 'resume-position_unknown', vars: {} });
      }
    }
    if (issues.length) throw new ValidationFailure(issues);
  }

  const trimmed = (value: string | null | undefined) => (value == null ? null : value.trim() || null);
  const uniquePositions = (positions: NonNullable<CreateBody['positions']>) => positions.filter((p, i) => positions.findIndex((q) => q.chart === p.chart && q.positionId === p.positionId) === i);

  /** The stored lists from the contract's shapes: optional keys become null, text trimmed. */
  const lists = (body: Partial<CreateBody>) => ({
    ...(body.education !== undefined ? { education: body.education.map((e) => ({ title: e.title.trim(), school: trimmed(e.school), year: e.year ?? null })) } : {}),
    ...(body.certifications !== undefined
      ? { certifications: body.certifications.map((c) => ({ name: c.name.trim(), issuer: trimmed(c.issuer), obtainedOn: c.obtainedOn ?? null, validUntil: c.validUntil ?? null })) }
      : {}),
    ...(body.skills !== undefined ? { skills: [...new Set(body.skills.map((s) => s.trim()))] } : {}),
    ...(body.languages !== undefined ? { languages: body.languages.map((l) => ({ language: l.language.trim(), level: trimmed(l.level) })) } : {}),
    ...(body.projects !== undefined
      ? { projects: body.projects.map((p) => ({ title: p.title.trim(), client: trimmed(p.client), year: p.year ?? null, amount: p.amount ?? null, role: trimmed(p.role) })) }
      : {}),
    ...(body.positions !== undefined ? { positions: uniquePositions(body.positions) } : {}),
  });

  return {
    async listResumes(request) {
      const { companyId } = request.params;
      readScope(sessionOf(request).user, companyId);
      await existingCompany(companyId);
      const { search } = request.query;
      const where = and(eq(resumes.companyId, companyId), searchAny(search, [resumes.searchText]));
      const { limit, offset, perPage } = pageOf({ perPage: request.query.perPage ?? 'all', page: request.query.page });
      const page = perPage === 'all' ? 1 : Math.max(1, Number(request.query.page ?? 1) || 1);
      const [{ n }] = (await db.select({ n: sql<number>`count(*)::int` }).from(resumes).where(where)) as [{ n: number }];
      let query = db.select().from(resumes).where(where).orderBy(foldedSql(resumes.fullName), asc(resumes.id)).offset(offset).$dynamic();
      if (limit !== undefined) query = query.limit(limit);
      const rows = n > offset ? await query : [];
      return { resumes: rows.map(toListItem), total: n, pages: totalPages(n, perPage), page, perPage };
    },

    async getResume(request) {
      return present(await reachable(sessionOf(request).user, request.params.id));
    },

    async createResume(request, reply) {
      const { user } = sessionOf(request);
      const { companyId } = request.params;
      readScope(user, companyId);
      await existingCompany(companyId);
      const id = randomUUID();
      if (!request.isMultipart()) {
        const body = request.body;
        await checkLinks(db, companyId, body);
        const values = {
          id,
          companyId,
          fullName: body.fullName.trim(),
          jobTitle: trimmed(body.jobTitle),
          yearsExperience: body.yearsExperience ?? null,
          userId: body.userId ?? null,
          createdBy: user.id,
          ...lists(body),
        };
        await db.insert(resumes).values({ ...values, searchText: searchTextOf(values) });
        reply.code(201);
        return { msg: t(request, 'resume-created'), details: await byId(id) };
      }
      const { fields, received } = await readUpload(request, {
        maxFileBytes: maxUploadBytes,
        receive: async (form: UploadFields, file) => {
          await checkLinks(db, companyId, { userId: form.userId });
          return receiveCv(storage, `resumes/${companyId}/${id}`, file, maxUploadBytes);
        },
      });
      const form = fields as UploadFields;
      if (!received) {
        // A form without its CV is a resume typed by hand: it needs its name.
        if (!form.fullName?.trim()) throw new ValidationFailure([{ field: 'fullName', key: 'validation-required', vars: {} }]);
        await checkLinks(db, companyId, { userId: form.userId });
      }
      const values = { id, companyId, fullName: form.fullName?.trim() ?? '', jobTitle: trimmed(form.jobTitle), userId: form.userId ?? null, createdBy: user.id };
      if (received) {
        await storeWith(db, storage, received, async (tx) => {
          // Past the plan's storage the CV is refused (402) and removed with the transaction.
          await enforceStorage(tx, request, companyId, received.size);
          await tx.insert(resumes).values({ ...values, ...fileValues(received), parseStatus: 'parsing', searchText: searchTextOf(values) });
          await queueParse(jobs, tx, { resumeId: id, storageKey: received.key });
        });
        jobs.wake();
      } else {
        await db.insert(resumes).values({ ...values, searchText: searchTextOf(values) });
      }
      reply.code(201);
      return { msg: t(request, received ? 'resume-created_parsing' : 'resume-created'), details: await byId(id) };
    },

    async updateResume(request) {
      const { user } = sessionOf(request);
      const current = await reachable(user, request.params.id);
      const body = request.body as Patch;
      await checkLinks(db, current.companyId, body);
      const stale = await db.transaction(async (tx) => {
        const [row] = await tx.select().from(resumes).where(eq(resumes.id, current.id)).for('update');
        if (!row) throw notFound();
        // Answered once the transaction is over (PGlite has one connection, which it holds).
        if (row.version !== body.version) return row;
        const changes = {
          ...(body.fullName !== undefined ? { fullName: body.fullName.trim() } : {}),
          ...(body.jobTitle !== undefined ? { jobTitle: trimmed(body.jobTitle) } : {}),
          ...(body.yearsExperience !== undefined ? { yearsExperience: body.yearsExperience } : {}),
          ...(body.userId !== undefined ? { userId: body.userId } : {}),
          ...lists(body),
        };
        // A field edited is the person's now, no longer what the CV filled.
        const filledFrom = Object.fromEntries(Object.entries(row.filledFrom).filter(([field]) => !(field in changes)));
        const next = { ...row, ...changes };
        await tx
          .update(resumes)
          .set({ ...changes, filledFrom, searchText: searchTextOf(next), version: row.version + 1, updatedAt: new Date() })
          .where(eq(resumes.id, row.id));
        return undefined;
      });
      if (stale) throw new AppError(409, 'resume-conflict', {}, await present(stale));
      return { msg: t(request, 'resume-updated'), details: await byId(current.id) };
    },

    async deleteResume(request) {
      const current = await reachable(sessionOf(request).user, request.params.id);
      const [deleted] = await db.delete(resumes).where(eq(resumes.id, current.id)).returning({ key: resumes.storageKey });
      if (!deleted) throw notFound();
      if (deleted.key) await storage.delete(deleted.key).catch(() => undefined);
      return { msg: t(request, 'resume-deleted') };
    },

    async downloadResumeFile(request, reply) {
      const row = await reachable(sessionOf(request).user, request.params.id);
      if (!row.storageKey || !row.mime || !row.fileName) throw new AppError(404, 'resume-no_file');
      return sendDocument(reply, storage, { storageKey: row.storageKey, mime: row.mime, fileName: row.fileName });
    },

    async replaceResumeFile(request) {
      const current = await reachable(sessionOf(request).user, request.params.id);
      const key = `resumes/${current.companyId}/${current.id}-${randomBytes(6).toString('hex')}`;
      const { received } = await readUpload(request, {
        maxFileBytes: maxUploadBytes,
        fileAlone: true,
        receive: async (_fields, file) => receiveCv(storage, key, file, maxUploadBytes),
      });
      if (!received) throw fileRequired();
      const oldKey = await storeWith(db, storage, received, async (tx) => {
        const [row] = await tx.select({ key: resumes.storageKey, version: resumes.version, size: resumes.size }).from(resumes).where(eq(resumes.id, current.id)).for('update');
        if (!row) throw notFound();
        // What the new CV adds to the old one counts against the plan's storage: refused (402), the old file stays.
        await enforceStorage(tx, request, current.companyId, received.size, row.size);
        await tx
          .update(resumes)
          .set({ ...fileValues(received), parseStatus: 'parsing', parseError: null, version: row.version + 1, updatedAt: new Date() })
          .where(eq(resumes.id, current.id));
        await queueParse(jobs, tx, { resumeId: current.id, storageKey: received.key });
        return row.key;
      });
      jobs.wake();
      // The old file goes once the row points at the new one.
      if (oldKey) await storage.delete(oldKey).catch(() => undefined);
      return { msg: t(request, 'resume-file_replaced'), details: await byId(current.id) };
    },
  };
}
