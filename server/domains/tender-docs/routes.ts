import { randomBytes, randomUUID } from 'node:crypto';
import { and, asc, desc, eq, type SQL } from 'drizzle-orm';
import type { components } from '../../../openapi/schema';
import type { Deps } from '../../deps';
import type { Handlers } from '../../openapi/handlers';
import { AppError, notFound } from '../../errors';
import type { Database } from '../../db/client';
import { documentPages, jobs, tenderDocuments, users, type ExtractionSummary } from '../../db/schema';
import { sessionOf } from '../../auth/session';
import { readUpload } from '../../http/multipart';
import { fileRequired, listedEntries, receiveDocument, sendDocument, storeWith, type ReceivedDocument } from '../../files/documents';
import { t } from '../../i18n';
import { queueExtraction } from './extraction';
import { readScope, type Caller } from '../companies/scope';
import { reachableTender, type TenderRef } from '../tenders/access';
import { enforceStorage } from '../../files/storage-limit';
import { MAX_DOCUMENT_TEXT_BYTES, MAX_PAGE_TEXT_BYTES, MAX_TENDER_TEXT_BYTES } from '../../extraction/limits';

type TenderDoc = components['schemas']['TenderDoc'];

const NO_COMPANY = '00000000-0000-0000-0000-000000000000';

const docColumns = {
  id: tenderDocuments.id,
  tenderId: tenderDocuments.tenderId,
  companyId: tenderDocuments.companyId,
  fileName: tenderDocuments.fileName,
  mime: tenderDocuments.mime,
  size: tenderDocuments.size,
  sha256: tenderDocuments.sha256,
  storageKey: tenderDocuments.storageKey,
  entries: tenderDocuments.entries,
  uploadedBy: tenderDocuments.uploadedBy,
  uploaderName: users.username,
  extraction: tenderDocuments.extraction,
  jobStatus: jobs.status,
  jobProgress: jobs.progress,
  jobError: jobs.error,
  createdAt: tenderDocuments.createdAt,
  updatedAt: tenderDocuments.updatedAt,
};

const selectDocs = (db: Database, where: SQL | undefined) =>
  db
    .select(docColumns)
    .from(tenderDocuments)
    .leftJoin(users, eq(users.id, tenderDocuments.uploadedBy))
    .leftJoin(jobs, eq(jobs.id, tenderDocuments.extractionJobId))
    .where(where);
type DocRow = Awaited<ReturnType<typeof selectDocs>>[number];
type Translate = (key: string, vars?: Record<string, string | number>) => string;

const translator =
  (request: Parameters<typeof t>[0]): Translate =>
  (key, vars) =>
    t(request, key, vars);

const MB = 1024 * 1024;

/** What the limits left out of a document's text, said once it is read (the heaviest cut only). */
function cutMessage(summary: ExtractionSummary | null, translate: Translate): string | undefined {
  const cut = summary?.textCut;
  if (!cut) return undefined;
  if (cut.stoppedBy === 'document') return translate('extraction-text_cut_document', { limit: MAX_DOCUMENT_TEXT_BYTES / MB });
  if (cut.stoppedBy === 'tender') return translate('extraction-text_cut_tender', { limit: MAX_TENDER_TEXT_BYTES / MB });
  if (cut.stoppedBy === 'storage') return translate('extraction-text_cut_storage');
  return cut.shortenedPages > 0 ? translate('extraction-text_cut_pages', { limit: MAX_PAGE_TEXT_BYTES / 1024 }) : undefined;
}

const toTextParts = (summary: ExtractionSummary | null, translate: Translate): components['schemas']['TextPart'][] =>
  (summary?.parts ?? []).map((part) => ({
    entry: part.entry,
    format: part.format as components['schemas']['TextPart']['format'],
    pages: part.pages,
    ...(part.ocrUnavailablePages ? { ocrUnavailablePages: part.ocrUnavailablePages } : {}),
    ...(part.error ? { msg: translate(part.error) } : {}),
  }));

/** The extraction's state from its job, and what it found once done: why it failed, or what of the text it left out. */
function toExtraction(row: DocRow, translate: Translate): TenderDoc['extraction'] {
  if (!row.jobStatus && !row.extraction) return null;
  const parts = toTextParts(row.extraction, translate);
  const status = row.jobStatus ?? 'done';
  const msg = status === 'failed' ? (row.jobError ? translate(row.jobError) : undefined) : status === 'done' ? cutMessage(row.extraction, translate) : undefined;
  return {
    status,
    progress: row.jobStatus === 'done' || !row.jobStatus ? 100 : (row.jobProgress ?? 0),
    ...(msg ? { msg } : {}),
    pages: parts.reduce((sum, part) => sum + part.pages, 0),
    ocrAvailable: row.extraction?.ocrAvailable ?? true,
    parts,
  };
}

function toTenderDoc(row: DocRow, translate: Translate): TenderDoc {
  return {
    _id: row.id,
    tenderId: row.tenderId,
    companyId: row.companyId,
    fileName: row.fileName,
    mime: row.mime,
    size: Number(row.size),
    sha256: row.sha256,
    entries: row.entries ?? null,
    uploadedBy: row.uploadedBy && row.uploaderName !== null ? { _id: row.uploadedBy, username: row.uploaderName } : null,
    url: `/api/tenderDocs/${row.id}/file`,
    extraction: toExtraction(row, translate),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The columns written for a stored file, on upload and on replacement. */
const fileValues = (document: ReceivedDocument, uploadedBy: string) => ({
  fileName: document.fileName,
  mime: document.type.mime,
  size: document.size,
  sha256: document.sha256,
  storageKey: document.key,
  entries: listedEntries(document),
  uploadedBy,
});

/**
 * Tender documents: any member of the tender's company may add, replace and delete them (spec 6:
 * tender documents are for every signed-in user, within their company), admins on any tender.
 */
export function tenderDocsHandlers({ db, storage, maxUploadBytes, jobs: jobQueue }: Deps): Handlers<
  | 'listTenderDocs'
  | 'uploadTenderDoc'
  | 'getTenderDoc'
  | 'replaceTenderDoc'
  | 'deleteTenderDoc'
  | 'downloadTenderDoc'
  | 'getTenderDocPages'
  | 'extractTenderDoc'
> {
  /** The document as the caller may reach it; another company's answers 404 like a missing one. */
  const reachableDoc = async (caller: Caller, id: string) => {
    const scope = caller.role === 'admin' ? undefined : eq(tenderDocuments.companyId, caller.companyId ?? NO_COMPANY);
    const [row] = await selectDocs(db, and(eq(tenderDocuments.id, id), scope)).limit(1);
    if (!row) throw notFound();
    return row;
  };

  /** The `companyId` query names the company the caller acts for: theirs, and the tender's. */
  const checkCompany = (caller: Caller, companyId: string, owner: string) => {
    readScope(caller, companyId);
    if (owner !== companyId) throw notFound();
  };

  const docById = async (id: string, translate: Translate) => {
    const [row] = await selectDocs(db, eq(tenderDocuments.id, id)).limit(1);
    if (!row) throw notFound();
    return toTenderDoc(row, translate);
  };

  return {
    async listTenderDocs(request) {
      const tender = await reachableTender(db, sessionOf(request).user, request.params.id);
      const rows = await selectDocs(db, eq(tenderDocuments.tenderId, tender.id)).orderBy(desc(tenderDocuments.createdAt), desc(tenderDocuments.id));
      return { documents: rows.map((row) => toTenderDoc(row, translator(request))) };
    },

    async uploadTenderDoc(request, reply) {
      const { user } = sessionOf(request);
      const { companyId } = request.query;
      readScope(user, companyId);
      const id = randomUUID();
      let tender: TenderRef | undefined;
      // The tender is checked from the fields, before a byte of the file is stored.
      const { received } = await readUpload(request, {
        maxFileBytes: maxUploadBytes,
        receive: async (fields, file) => {
          tender = await reachableTender(db, user, fields.tenderId!);
          checkCompany(user, companyId, tender.companyId);
          return receiveDocument(storage, `tender-docs/${companyId}/${tender.id}/${id}`, file, maxUploadBytes);
        },
      });
      if (!received || !tender) throw fileRequired();
      const tenderId = tender.id;
      await storeWith(db, storage, received, async (tx) => {
        // Past the plan's storage the file is refused (402) and removed with the transaction.
        await enforceStorage(tx, request, companyId, received.size);
        await tx.insert(tenderDocuments).values({ id, tenderId, companyId, ...fileValues(received, user.id) });
        await queueExtraction(jobQueue, tx, { documentId: id, storageKey: received.key });
      });
      jobQueue.wake();
      reply.code(201);
      return { msg: t(request, 'document-uploaded'), details: await docById(id, translator(request)) };
    },

    async getTenderDoc(request) {
      return toTenderDoc(await reachableDoc(sessionOf(request).user, request.params.id), translator(request));
    },

    async replaceTenderDoc(request) {
      const { user } = sessionOf(request);
      const { id } = request.params;
      const current = await reachableDoc(user, id);
      checkCompany(user, request.query.companyId, current.companyId);
      // A new key each time: the old file stays whole until the row points at the new one.
      const key = `tender-docs/${current.companyId}/${current.tenderId}/${id}-${randomBytes(6).toString('hex')}`;
      const { received } = await readUpload(request, {
        maxFileBytes: maxUploadBytes,
        receive: (_fields, file) => receiveDocument(storage, key, file, maxUploadBytes),
      });
      if (!received) throw fileRequired();
      const oldKey = await storeWith(db, storage, received, async (tx) => {
        // Locked, so that two replacements at once each delete the file the other replaced.
        const [row] = await tx
          .select({ key: tenderDocuments.storageKey, size: tenderDocuments.size, extraction: tenderDocuments.extraction })
          .from(tenderDocuments)
          .where(eq(tenderDocuments.id, id))
          .for('update');
        if (!row) throw notFound();
        // What the new file adds to the old one and its text (dropped with it) counts against the
        // plan's storage: refused (402), the old file stays.
        await enforceStorage(tx, request, current.companyId, received.size, row.size + (row.extraction?.textBytes ?? 0));
        await tx
          .update(tenderDocuments)
          .set({ ...fileValues(received, user.id), updatedAt: new Date() })
          .where(eq(tenderDocuments.id, id));
        await queueExtraction(jobQueue, tx, { documentId: id, storageKey: received.key });
        return row.key;
      });
      jobQueue.wake();
      await storage.delete(oldKey).catch(() => undefined);
      return { msg: t(request, 'document-replaced'), details: await docById(id, translator(request)) };
    },

    async deleteTenderDoc(request) {
      const current = await reachableDoc(sessionOf(request).user, request.params.id);
      const [deleted] = await db.delete(tenderDocuments).where(eq(tenderDocuments.id, current.id)).returning({ key: tenderDocuments.storageKey });
      if (!deleted) throw notFound();
      // The file goes once the row is gone: a failed deletion leaves the document whole.
      await storage.delete(deleted.key).catch(() => undefined);
      return { msg: t(request, 'document-deleted'), details: toTenderDoc(current, translator(request)) };
    },

    async downloadTenderDoc(request, reply) {
      return sendDocument(reply, storage, await reachableDoc(sessionOf(request).user, request.params.id));
    },

    async getTenderDocPages(request) {
      const document = await reachableDoc(sessionOf(request).user, request.params.id);
      const parts = toTextParts(document.extraction, translator(request));
      const wanted = request.query.entry ?? parts.find((part) => part.pages > 0)?.entry ?? null;
      const part = parts.find((p) => p.entry === wanted);
      if (!part) return { parts, page: null };
      const number = request.query.page ?? 1;
      const [row] = await db
        .select({ page: documentPages.page, text: documentPages.text, ocr: documentPages.ocr })
        .from(documentPages)
        .where(and(eq(documentPages.documentId, document.id), eq(documentPages.entry, wanted ?? ''), eq(documentPages.page, number)))
        .orderBy(asc(documentPages.page))
        .limit(1);
      if (!row) return { parts, page: null };
      return { parts, page: { entry: wanted, page: row.page, pages: part.pages, text: row.text, ocr: row.ocr as 'none' | 'done' | 'unavailable' } };
    },

    async extractTenderDoc(request, reply) {
      const document = await reachableDoc(sessionOf(request).user, request.params.id);
      if (document.jobStatus === 'queued' || document.jobStatus === 'running') throw new AppError(409, 'extraction-already_running');
      await db.transaction((tx) => queueExtraction(jobQueue, tx, { documentId: document.id, storageKey: document.storageKey }));
      jobQueue.wake();
      reply.code(202);
      return { msg: t(request, 'extraction-queued'), details: await docById(document.id, translator(request)) };
    },
  };
}
