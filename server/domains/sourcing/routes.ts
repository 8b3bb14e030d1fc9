// Notice imports by an admin: the upload is streamed to the storage, then a job imports it off the
// request path; the runs list their progress and counts, and every refused notice its reason.
import { randomUUID } from 'node:crypto';
import { asc, desc, eq, sql } from 'drizzle-orm';
import type { components } from '../../../openapi/schema';
import type { Database } from '../../db/client';
import { importRuns, jobs, refusedNotices, users } from '../../db/schema';
import type { Deps } from '../../deps';
import { AppError, notFound } from '../../errors';
import { receiveUpload, sanitizeFileName } from '../../files/intake';
import { readUpload } from '../../http/multipart';
import { sessionOf } from '../../auth/session';
import { t } from '../../i18n';
import { PermanentJobError, type JobHandler } from '../../jobs/queue';
import type { Handlers } from '../../openapi/handlers';
import type { Storage } from '../../storage/storage';
import { pageOf, totalPages } from '../admin/lists';
import { sniffContainer } from './reader';
import { createImportRun, failImportRun, runImport, type ImportHooks } from './store';
import { MAX_IMPORT_BYTES } from './fetch-config';

export const IMPORT_NOTICES = 'import-notices';
/** An import job is stopped past this (at ~300 new notices/s on PGlite, 1 GB takes well under it). */
export const IMPORT_TIMEOUT_MS = 4 * 3600_000;

type ImportRun = components['schemas']['ImportRun'];
type Translate = (key: string, vars?: Record<string, string | number>) => string;

/** The import's hooks, and one run once every notice is stored, before the run says done (the alerts' digests). */
export type ImportJobHooks = ImportHooks & { imported?(): Promise<void> };

/** The job: reads the stored upload through the streaming importers, then removes it. */
export function importJobHandler(db: Database, storage: Storage, hooks?: ImportJobHooks): JobHandler {
  return async (job, context) => {
    const runId = String(job.payload.runId);
    const [run] = await db.select().from(importRuns).where(eq(importRuns.id, runId));
    if (!run?.storageKey) throw new PermanentJobError('import-file_missing');
    const file = await storage.get(run.storageKey);
    if (!file) {
      await failImportRun(db, runId, 'import-file_missing');
      throw new PermanentJobError('import-file_missing');
    }
    try {
      const key = run.storageKey;
      await runImport({
        db,
        runId,
        input: file.stream,
        fileName: run.fileName,
        size: file.size,
        hooks,
        progress: context.progress,
        signal: context.signal,
        beforeDone: async () => {
          await storage.delete(key);
          await hooks?.imported?.();
        },
      });
    } catch (error) {
      // A restart (the server stopping) retries; the run says running meanwhile.
      if (job.attempts >= job.maxAttempts || error instanceof PermanentJobError) await failImportRun(db, runId, 'import-failed');
      throw error;
    }
  };
}

const runColumns = {
  id: importRuns.id,
  fileName: importRuns.fileName,
  size: importRuns.size,
  status: importRuns.status,
  jobStatus: jobs.status,
  progress: importRuns.progress,
  notices: importRuns.notices,
  new: importRuns.newCount,
  updated: importRuns.updatedCount,
  cancelled: importRuns.cancelledCount,
  awarded: importRuns.awardedCount,
  refused: importRuns.refusedCount,
  unchanged: importRuns.unchangedCount,
  error: importRuns.error,
  origin: importRuns.origin,
  userId: users.id,
  username: users.username,
  createdAt: importRuns.createdAt,
  finishedAt: importRuns.finishedAt,
};

const selectRuns = (db: Database) => db.select(runColumns).from(importRuns).leftJoin(jobs, eq(jobs.id, importRuns.jobId)).leftJoin(users, eq(users.id, importRuns.createdBy));
type RunRow = Awaited<ReturnType<typeof selectRuns>>[number];

function toRun(row: RunRow, translate: Translate): ImportRun {
  // A job that gave up for good fails its run even if the handler could not say so (a killed server).
  const status = row.jobStatus === 'failed' ? 'failed' : row.status;
  const error = status === 'failed' ? (row.error ?? 'import-failed') : null;
  // A failed download keeps the HTTP status after its key (import-fetch_http_error:503).
  const [errorKey, httpStatus] = error ? error.split(':') : [];
  return {
    _id: row.id,
    fileName: row.fileName,
    size: row.size,
    status,
    progress: row.progress,
    counts: { notices: row.notices, new: row.new, updated: row.updated, cancelled: row.cancelled, awarded: row.awarded, refused: row.refused, unchanged: row.unchanged },
    error: errorKey ? translate(errorKey, { status: httpStatus ?? '' }) : null,
    origin: row.origin === 'cli' || row.origin === 'fetch' || row.origin === 'demo' || row.origin === 'connector' ? row.origin : 'upload',
    createdBy: row.userId && row.username !== null ? { _id: row.userId, username: row.username } : null,
    createdAt: row.createdAt.toISOString(),
    finishedAt: row.finishedAt ? row.finishedAt.toISOString() : null,
  };
}

export function importsHandlers({ db, storage, jobs: jobQueue }: Deps): Handlers<'listImports' | 'createImport' | 'listImportRefusals'> {
  return {
    async listImports(request) {
      const { limit, offset, perPage } = pageOf(request.query);
      const [{ n }] = (await db.select({ n: sql<number>`count(*)::int` }).from(importRuns)) as [{ n: number }];
      let page = selectRuns(db).orderBy(desc(importRuns.createdAt), desc(importRuns.id)).offset(offset).$dynamic();
      if (limit !== undefined) page = page.limit(limit);
      const rows = n > offset ? await page : [];
      return { count: n, totalPages: totalPages(n, perPage), imports: rows.map((r) => toRun(r, (key, vars) => t(request, key, vars))) };
    },

    async createImport(request, reply) {
      const { user } = sessionOf(request);
      const runKey = `imports/${randomUUID()}`;
      let fileName = '';
      const { received } = await readUpload(request, {
        maxFileBytes: MAX_IMPORT_BYTES,
        receive: async (_fields, file) => {
          fileName = sanitizeFileName(file.filename || 'import');
          return receiveUpload(storage, runKey, file.stream, { maxBytes: MAX_IMPORT_BYTES });
        },
      });
      if (!received) throw new AppError(400, 'import-file_required');
      if (sniffContainer(received.head) === 'unknown') {
        await received.discard();
        throw new AppError(415, 'import-invalid_file_type');
      }
      let runId: string;
      try {
        await received.commit();
        runId = await db.transaction(async (tx) => {
          const id = await createImportRun(tx, { fileName, size: received.size, createdBy: user.id, storageKey: runKey, origin: 'upload' });
          const jobId = await jobQueue.enqueue(tx, IMPORT_NOTICES, { runId: id });
          await tx.update(importRuns).set({ jobId }).where(eq(importRuns.id, id));
          return id;
        });
      } catch (error) {
        await received.discard();
        await storage.delete(runKey).catch(() => undefined);
        throw error;
      }
      jobQueue.wake();
      const [row] = await selectRuns(db).where(eq(importRuns.id, runId));
      reply.code(202);
      return { msg: t(request, 'import-started'), details: toRun(row!, (key, vars) => t(request, key, vars)) };
    },

    async listImportRefusals(request) {
      const { id } = request.params;
      const [run] = await db.select({ id: importRuns.id }).from(importRuns).where(eq(importRuns.id, id));
      if (!run) throw notFound();
      const { limit, offset, perPage } = pageOf(request.query);
      const where = eq(refusedNotices.importRunId, id);
      const [{ n }] = (await db.select({ n: sql<number>`count(*)::int` }).from(refusedNotices).where(where)) as [{ n: number }];
      let page = db.select().from(refusedNotices).where(where).orderBy(asc(refusedNotices.position), asc(refusedNotices.id)).offset(offset).$dynamic();
      if (limit !== undefined) page = page.limit(limit);
      const rows = n > offset ? await page : [];
      return {
        count: n,
        totalPages: totalPages(n, perPage),
        refused: rows.map((r) => ({
          _id: r.id,
          source: r.source,
          sourceId: r.sourceId,
          reasonKey: r.reason,
          reason: t(request, r.reason),
          detail: r.detail,
          fileName: r.fileName,
          origin: r.origin,
          createdAt: r.createdAt.toISOString(),
        })),
      };
    },
  };
}
