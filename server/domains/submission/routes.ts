// The submission folder's routes (issue 26): the folder and its pre-flight, a piece's file set
// from an upload or the vault, the generated candidature forms (DC1, DC2, DUME), the ZIP, and the
// deposit that freezes it. Every member of the tender's company reads and contributes; managers
// and admins deposit (x-roles); another company's tender answers 404.
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Deps } from '../../deps';
import type { Handlers } from '../../openapi/handlers';
import { companyDocuments, submissionDeposits, submissionPieces, tenderStatusChanges, tenders } from '../../db/schema';
import { sessionOf } from '../../auth/session';
import { AppError, notFound } from '../../errors';
import { ValidationFailure } from '../../http/error-handler';
import { readUpload } from '../../http/multipart';
import { fileRequired, receiveDocument, sendDocument, storeWith, type ReceivedDocument } from '../../files/documents';
import { contentDisposition } from '../../files/intake';
import { pickLanguage, t } from '../../i18n';
import { reachableTender } from '../tenders/access';
import { syncPriceFiles } from '../price-files/routes';
import { readPdfSignatures } from '../../analysis/signatures';
import { submissionFolder, publicFolder, type Folder, type FolderPiece } from './folder';
import { zipStream, type ZippedFile, type ZipSource } from './zip';
import { candidatureForms, type GeneratedFile } from './forms';
import { storedText } from './ae';
import { groupementHandlers } from './groupement';

// A tender moved to submitted by hand (before its deposit was recorded here) may still record it.
const DEPOSIT_OPEN = new Set(['not_started', 'in_progress', 'pending', 'submitted']);
/** Signatures are read from PDFs up to this size (a bigger one is reported unread). */
const SIGNATURE_READ_MAX = 50 * 1024 * 1024;

export function submissionHandlers(deps: Deps): Handlers<
  | 'getSubmission'
  | 'setSubmissionPiece'
  | 'clearSubmissionPiece'
  | 'getSubmissionPieceFile'
  | 'exportDc1'
  | 'exportDc2'
  | 'exportAe'
  | 'exportEspdResponse'
  | 'exportEspdResponsePdf'
  | 'exportSubmissionZip'
  | 'depositSubmission'
  | 'getSubmissionAcknowledgement'
  | 'getSubmissionGroupement'
  | 'setSubmissionGroupement'
  | 'clearSubmissionGroupement'
> {
  const { db, storage, maxUploadBytes } = deps;
  const forms = candidatureForms(deps);
  // Signers by stored file: a stored object never changes under its key.
  const signersByKey = new Map<string, string[] | null>();
  const signedBy = async (file: { storageKey: string; mime: string }) => {
    if (file.mime !== 'application/pdf') return null;
    if (!signersByKey.has(file.storageKey)) {
      const stored = await storage.get(file.storageKey);
      let signers: string[] | null = null;
      if (stored && stored.size <= SIGNATURE_READ_MAX) {
        const chunks: Buffer[] = [];
        for await (const chunk of stored.stream) chunks.push(chunk as Buffer);
        signers = readPdfSignatures(Buffer.concat(chunks))
          .filter((s) => s.intact)
          .map((s) => s.signerName ?? s.certificate.subject);
      } else stored?.stream.destroy();
      if (signersByKey.size > 500) signersByKey.clear();
      signersByKey.set(file.storageKey, signers);
    }
    return signersByKey.get(file.storageKey)!;
  };

  const folderOf = (request: FastifyRequest, tenderId: string) =>
    submissionFolder(db, tenderId, (key, vars) => t(request, key, vars), {
      signedBy,
      // The AE uploaded: its text read once, for the amount the company wrote on it.
      aeText: (file) => storedText(storage, file),
      language: pickLanguage(request.headers['accept-language'] as string | undefined),
    });

  const notDeposited = async (tenderId: string) => {
    const [tender] = await db.select({ status: tenders.status }).from(tenders).where(eq(tenders.id, tenderId)).limit(1);
    const [deposit] = await db.select({ tenderId: submissionDeposits.tenderId }).from(submissionDeposits).where(eq(submissionDeposits.tenderId, tenderId)).limit(1);
    if (deposit && tender?.status === 'submitted') throw new AppError(409, 'submission-deposited');
  };

  /** The bytes of a generated piece, made by its own route with the caller's credentials: the very file a download gives. */
  const generated = async (request: FastifyRequest, url: string): Promise<{ body: Buffer; url: string }> => {
    const headers = { authorization: request.headers.authorization ?? '', cookie: request.headers.cookie ?? '', 'accept-language': request.headers['accept-language'] ?? 'fr' };
    let response = await request.server.inject({ method: 'GET', url, headers });
    // No LibreOffice: the memory goes in as Word rather than not at all.
    if (response.statusCode === 503 && url.includes('/export.pdf')) {
      url = url.replace('/export.pdf', '/export.docx');
      response = await request.server.inject({ method: 'GET', url, headers });
    }
    if (response.statusCode !== 200) {
      const msg = (() => {
        try {
          return (response.json() as { msg?: string }).msg ?? '';
        } catch {
          return '';
        }
      })();
      throw new AppError(409, 'submission-piece_failed', { msg });
    }
    return { body: response.rawPayload, url };
  };

  /** The folder's files ready to zip: generated pieces made first (a failure answers before any byte is sent). */
  const sourcesOf = async (request: FastifyRequest, folder: Folder): Promise<ZipSource[]> => {
    const sources: ZipSource[] = [];
    const taken = new Set<string>();
    const unique = (path: string) => {
      let candidate = path;
      for (let n = 2; taken.has(candidate.toLowerCase()); n++) candidate = path.replace(/(\.[^./]+)?$/, ` (${n})$1`);
      taken.add(candidate.toLowerCase());
      return candidate;
    };
    for (const piece of folder.pieces as FolderPiece[]) {
      const origin = piece.origin;
      if (!origin || !piece.file) continue;
      if (origin.kind === 'generated') {
        const made = await generated(request, origin.url);
        const path = made.url === origin.url ? piece.file.path : piece.file.path.replace(/\.pdf$/i, '.docx');
        sources.push({ path: unique(path), open: async () => made.body });
      } else {
        const key = origin.storageKey;
        sources.push({
          path: unique(piece.file.path),
          open: async () => {
            const file = await storage.get(key);
            if (!file) throw notFound();
            return file.stream as AsyncIterable<Buffer>;
          },
        });
      }
    }
    return sources;
  };

  const sendZip = (reply: FastifyReply, name: string, stream: NodeJS.ReadableStream) =>
    reply
      .type('application/zip')
      .header('Content-Disposition', contentDisposition(name))
      .header('X-Content-Type-Options', 'nosniff')
      .header('Cache-Control', 'private, no-store')
      .send(stream);

  return {
    ...groupementHandlers(deps, { notDeposited, folderOf }),

    async getSubmission(request) {
      const tender = await reachableTender(db, sessionOf(request).user, request.params.id);
      // The price files the DCE analysis found, read now if nobody opened them yet.
      await syncPriceFiles(db, storage, tender.id, tender.companyId);
      return publicFolder(await folderOf(request, tender.id));
    },

    async setSubmissionPiece(request) {
      const { user } = sessionOf(request);
      const tender = await reachableTender(db, user, request.params.id);
      const { code } = request.params;
      await notDeposited(tender.id);
      const id = randomUUID();
      const { fields, received } = await readUpload<ReceivedDocument>(request, {
        maxFileBytes: maxUploadBytes,
        receive: async (_fields, file) => receiveDocument(storage, `submission/${tender.companyId}/${tender.id}/${id}`, file, maxUploadBytes),
      });
      const [previous] = await db.select().from(submissionPieces).where(and(eq(submissionPieces.tenderId, tender.id), eq(submissionPieces.code, code))).limit(1);
      if (received) {
        await storeWith(db, storage, received, async (tx) => {
          await tx.delete(submissionPieces).where(and(eq(submissionPieces.tenderId, tender.id), eq(submissionPieces.code, code)));
          await tx.insert(submissionPieces).values({
            id,
            tenderId: tender.id,
            companyId: tender.companyId,
            code,
            fileName: received.fileName,
            mime: received.type.mime,
            size: received.size,
            sha256: received.sha256,
            storageKey: received.key,
            uploadedBy: user.id,
          });
        });
      } else {
        const documentId = fields.companyDocumentId;
        if (!documentId) throw fileRequired();
        const [document] = await db.select({ id: companyDocuments.id }).from(companyDocuments).where(and(eq(companyDocuments.id, documentId), eq(companyDocuments.companyId, tender.companyId))).limit(1);
        if (!document) throw new ValidationFailure([{ field: 'companyDocumentId', key: 'submission-vault_unknown', vars: {} }]);
        await db.transaction(async (tx) => {
          await tx.delete(submissionPieces).where(and(eq(submissionPieces.tenderId, tender.id), eq(submissionPieces.code, code)));
          await tx.insert(submissionPieces).values({ id, tenderId: tender.id, companyId: tender.companyId, code, companyDocumentId: document.id, uploadedBy: user.id });
        });
      }
      if (previous?.storageKey) await storage.delete(previous.storageKey).catch(() => undefined);
      return { msg: t(request, 'submission-piece_set'), details: publicFolder(await folderOf(request, tender.id)) };
    },

    async clearSubmissionPiece(request) {
      const tender = await reachableTender(db, sessionOf(request).user, request.params.id);
      await notDeposited(tender.id);
      const [removed] = await db.delete(submissionPieces).where(and(eq(submissionPieces.tenderId, tender.id), eq(submissionPieces.code, request.params.code))).returning();
      if (!removed) throw notFound();
      if (removed.storageKey) await storage.delete(removed.storageKey).catch(() => undefined);
      return { msg: t(request, 'submission-piece_cleared'), details: publicFolder(await folderOf(request, tender.id)) };
    },

    async getSubmissionPieceFile(request, reply) {
      const tender = await reachableTender(db, sessionOf(request).user, request.params.id);
      const [piece] = await db.select().from(submissionPieces).where(and(eq(submissionPieces.tenderId, tender.id), eq(submissionPieces.code, request.params.code))).limit(1);
      if (!piece?.storageKey) throw notFound();
      return sendDocument(reply, storage, { storageKey: piece.storageKey, mime: piece.mime!, fileName: piece.fileName! });
    },





    async exportDc1(request, reply) {
      const tender = await reachableTender(db, sessionOf(request).user, request.params.id);
      return sendFile(reply, await forms.dc(tender.id, 'DC1'), DOCX_MIME);
    },

    async exportDc2(request, reply) {
      const tender = await reachableTender(db, sessionOf(request).user, request.params.id);
      return sendFile(reply, await forms.dc(tender.id, 'DC2'), DOCX_MIME);
    },

    async exportAe(request, reply) {
      const tender = await reachableTender(db, sessionOf(request).user, request.params.id);
      // The total comes from the price files the DCE analysis found, read now if nobody opened them yet.
      await syncPriceFiles(db, storage, tender.id, tender.companyId);
      return sendFile(reply, await forms.ae(tender.id), DOCX_MIME);
    },

    async exportEspdResponse(request, reply) {
      const tender = await reachableTender(db, sessionOf(request).user, request.params.id);
      return sendFile(reply, await forms.espd(tender.id, 'xml', pickLanguage(request.headers['accept-language'] as string | undefined)), 'application/xml');
    },

    async exportEspdResponsePdf(request, reply) {
      const tender = await reachableTender(db, sessionOf(request).user, request.params.id);
      return sendFile(reply, await forms.espd(tender.id, 'pdf', pickLanguage(request.headers['accept-language'] as string | undefined)), 'application/pdf');
    },

    async exportSubmissionZip(request, reply) {
      const tender = await reachableTender(db, sessionOf(request).user, request.params.id);
      const [deposit] = await db.select().from(submissionDeposits).where(eq(submissionDeposits.tenderId, tender.id)).limit(1);
      if (deposit) {
        // Exactly what was deposited.
        const file = await storage.get(deposit.zipKey);
        if (!file) throw notFound();
        reply.header('Content-Length', String(file.size));
        return sendZip(reply, t(request, 'submission-zip_name'), file.stream);
      }
      const folder = await folderOf(request, tender.id);
      const sources = await sourcesOf(request, folder);
      return sendZip(reply, t(request, 'submission-zip_name'), zipStream(sources, { mtime: new Date() }));
    },

    async depositSubmission(request, reply) {
      const { user } = sessionOf(request);
      const tender = await reachableTender(db, user, request.params.id);
      await notDeposited(tender.id);
      if (!DEPOSIT_OPEN.has(tender.status)) throw new AppError(409, 'submission-not_open', { status: t(request, `tender-status_${tender.status}`) });
      const id = randomUUID();
      const { fields, received } = await readUpload<ReceivedDocument>(request, {
        maxFileBytes: maxUploadBytes,
        receive: async (_fields, file) => receiveDocument(storage, `submission/${tender.companyId}/${tender.id}/acknowledgement-${id}`, file, maxUploadBytes),
      });
      if (!received) throw new ValidationFailure([{ field: 'acknowledgement', key: 'validation-required', vars: {} }]);
      const depositedAt = new Date(fields.depositedAt!);
      if (Number.isNaN(depositedAt.getTime()) || depositedAt.getTime() > Date.now() + 5 * 60_000) {
        await received.discard();
        throw new ValidationFailure([{ field: 'depositedAt', key: 'submission-deposit_future', vars: {} }]);
      }
      // The folder frozen as deposited: zipped into storage, each file's size and SHA-256 kept.
      const zipKey = `submission/${tender.companyId}/${tender.id}/deposit-${id}.zip`;
      let frozen: { tempKey: string; size: number } | null = null;
      const files: ZippedFile[] = [];
      try {
        const folder = await folderOf(request, tender.id);
        const sources = await sourcesOf(request, folder);
        frozen = await storage.putTemporary(zipKey, zipStream(sources, { mtime: depositedAt, onFile: (file) => files.push(file) }) as unknown as import('node:stream').Readable, Number.MAX_SAFE_INTEGER);
        await storeWith(db, storage, received, async (tx) => {
          const [current] = await tx.select({ status: tenders.status }).from(tenders).where(eq(tenders.id, tender.id)).for('update');
          if (!current || !DEPOSIT_OPEN.has(current.status)) throw new AppError(409, 'submission-not_open', { status: t(request, `tender-status_${current?.status ?? tender.status}`) });
          // A folder reopened and deposited again replaces the earlier record.
          const [earlier] = await tx.delete(submissionDeposits).where(eq(submissionDeposits.tenderId, tender.id)).returning();
          // Recorded meanwhile by someone else: theirs stands.
          if (earlier && current.status === 'submitted') throw new AppError(409, 'submission-deposited');
          await tx.insert(submissionDeposits).values({
            tenderId: tender.id,
            companyId: tender.companyId,
            depositedAt,
            recordedBy: user.id,
            acknowledgementName: received.fileName,
            acknowledgementMime: received.type.mime,
            acknowledgementSize: received.size,
            acknowledgementKey: received.key,
            zipKey,
            files,
            totalBytes: files.reduce((sum, f) => sum + f.bytes, 0),
          });
          if (current.status !== 'submitted') {
            const now = new Date();
            await tx.update(tenders).set({ status: 'submitted', statusChangedAt: now, updatedAt: now }).where(eq(tenders.id, tender.id));
            await tx.insert(tenderStatusChanges).values({ tenderId: tender.id, fromStatus: current.status, toStatus: 'submitted', changedBy: user.id, reason: t(request, 'submission-deposit_reason') });
          }
          await storage.rename(frozen!.tempKey, zipKey);
          if (earlier) {
            await storage.delete(earlier.zipKey).catch(() => undefined);
            await storage.delete(earlier.acknowledgementKey).catch(() => undefined);
          }
        });
      } catch (error) {
        if (frozen) await storage.delete(frozen.tempKey).catch(() => undefined);
        await received.discard().catch(() => undefined);
        throw error;
      }
      reply.code(201);
      return { msg: t(request, 'submission-deposited_ok'), details: publicFolder(await folderOf(request, tender.id)) };
    },

    async getSubmissionAcknowledgement(request, reply) {
      const tender = await reachableTender(db, sessionOf(request).user, request.params.id);
      const [deposit] = await db.select().from(submissionDeposits).where(eq(submissionDeposits.tenderId, tender.id)).limit(1);
      if (!deposit) throw notFound();
      return sendDocument(reply, storage, { storageKey: deposit.acknowledgementKey, mime: deposit.acknowledgementMime, fileName: deposit.acknowledgementName });
    },
  };
}

const DOCX_MIME = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

function sendFile(reply: FastifyReply, file: GeneratedFile, mime: string) {
  return reply.type(mime).header('Content-Disposition', contentDisposition(file.fileName)).header('X-Content-Type-Options', 'nosniff').header('Cache-Control', 'private, no-store').send(file.body);
}
