// The run of an analysis of a tender's documents, shared by the DCE and CCTP analyses (issue 27):
// a row per run, its work done by a job. A POST queues a run (not on a tender whose work has not
// started, not while another run of the tender is queued or running, counted against the plan's
// analyses per month); a run is read with its job's status, progress and error; the tender's runs
// are listed newest first; the job waits for the tender's documents to be read, then hands the run
// to the analysis. Each analysis keeps what differs: its results' columns, its answer's shape and
// its job's work, and words its messages under its own prefix ('dceanalysis-queued'…).
import { and, count, desc, eq, inArray } from 'drizzle-orm';
import type { SelectedFields } from 'drizzle-orm/pg-core';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Database } from '../../db/client';
import { cctpAnalyses, dceAnalyses, jobs, users } from '../../db/schema';
import { AppError, notFound } from '../../errors';
import { sessionOf } from '../../auth/session';
import { t } from '../../i18n';
import type { JobContext, JobHandler, JobQueue } from '../../jobs/queue';
import type { Caller } from '../companies/scope';
import { reachableTender, type TenderRef } from '../tenders/access';
import { pageOf, totalPages, type ListQuery } from '../admin/lists';
import { enforceLimit } from '../billing/store';
import { waitForExtraction } from '../tender-docs/read';

/** The tables whose rows are analysis runs: each has a tender, a job, a creator and a finish. */
export type AnalysisRunTable = typeof dceAnalyses | typeof cctpAnalyses;

export type Translate = (key: string, vars?: Record<string, string | number>) => string;

export const translator =
  (request: FastifyRequest): Translate =>
  (key, vars) =>
    t(request, key, vars);

const runColumns = (table: AnalysisRunTable) => ({
  id: table.id,
  tenderId: table.tenderId,
  createdBy: table.createdBy,
  creatorName: users.username,
  createdAt: table.createdAt,
  finishedAt: table.finishedAt,
  jobStatus: jobs.status,
  jobProgress: jobs.progress,
  jobError: jobs.error,
});

/** What every run's row holds, whatever the analysis. */
export type RunRow = {
  id: string;
  tenderId: string;
  createdBy: string | null;
  creatorName: string | null;
  createdAt: Date;
  finishedAt: Date | null;
  jobStatus: 'queued' | 'running' | 'done' | 'failed' | null;
  jobProgress: number | null;
  jobError: string | null;
};

/** The run's part of an analysis' answer: its status and progress, the error's message when it failed. */
export function runOf(row: RunRow, translate: Translate) {
  // A job row removed by hand leaves the results: finished means done.
  const status = row.jobStatus ?? (row.finishedAt ? 'done' : 'failed');
  return {
    _id: row.id,
    tenderId: row.tenderId,
    status,
    progress: status === 'done' ? 100 : (row.jobProgress ?? 0),
    ...(status === 'failed' ? { msg: translate(row.jobError ?? 'job-failed') } : {}),
    createdBy: row.createdBy && row.creatorName !== null ? { _id: row.createdBy, username: row.creatorName } : null,
    createdAt: row.createdAt.toISOString(),
    finishedAt: row.finishedAt?.toISOString() ?? null,
  };
}

/**
 * The runs of one analysis: `table` holds them, `jobKind` does their work, `prefix` words their
 * messages, and `results` are the analysis' own columns read with each run.
 */
export function analysisRuns<Results extends SelectedFields>(options: {
  db: Database;
  jobs: JobQueue;
  table: AnalysisRunTable;
  jobKind: string;
  prefix: 'dceanalysis' | 'cctpanalysis';
  results: Results;
}) {
  const { db, jobs: jobQueue, table, jobKind, prefix, results } = options;
  const select = () =>
    db
      .select({ ...runColumns(table), ...results })
      .from(table)
      .leftJoin(users, eq(users.id, table.createdBy))
      .leftJoin(jobs, eq(jobs.id, table.jobId));
  type Row = Awaited<ReturnType<ReturnType<typeof select>['where']>>[number];

  const byId = async (id: string): Promise<Row | undefined> => (await select().where(eq(table.id, id)).limit(1))[0];

  return {
    byId,

    /** The run `id` with its tender, as the caller may reach it; another company's run answers 404 like a missing one. */
    async reachable(caller: Caller, id: string): Promise<{ row: Row; tender: TenderRef }> {
      const row = await byId(id);
      if (!row) throw notFound();
      const tender = await reachableTender(db, caller, (row as RunRow).tenderId);
      return { row, tender };
    },

    /** Results are changed only once the run is done (or its job row is gone). */
    finished(row: Row) {
      const { jobStatus } = row as RunRow;
      if (jobStatus !== 'done' && jobStatus !== null) throw new AppError(409, `${prefix}-not_finished`);
    },

    /** Queues a run of the tender `tenderId`, answers 202, and gives the new run's id. */
    async queue(request: FastifyRequest, reply: FastifyReply, tenderId: string): Promise<string> {
      const { user } = sessionOf(request);
      const tender = await reachableTender(db, user, tenderId);
      // As the page: a tender whose work has not started is not analysed.
      if (tender.status === 'not_started') throw new AppError(409, `${prefix}-not_started`);
      const [running] = await db
        .select({ id: table.id })
        .from(table)
        .innerJoin(jobs, eq(jobs.id, table.jobId))
        .where(and(eq(table.tenderId, tender.id), inArray(jobs.status, ['queued', 'running'])))
        .limit(1);
      if (running) throw new AppError(409, `${prefix}-already_running`);
      const id = await db.transaction(async (tx) => {
        // The month's count and this analysis under the company's lock (402 past the plan).
        await enforceLimit(tx, request, tender.companyId, 'analysesPerMonth');
        const [created] = await tx.insert(table).values({ tenderId: tender.id, createdBy: user.id }).returning({ id: table.id });
        const jobId = await jobQueue.enqueue(tx, jobKind, { analysisId: created!.id });
        await tx.update(table).set({ jobId }).where(eq(table.id, created!.id));
        return created!.id;
      });
      jobQueue.wake();
      reply.code(202);
      return id;
    },

    /** The tender's runs, newest first, a page of them. */
    async list(request: FastifyRequest, tenderId: string, query: ListQuery): Promise<{ count: number; totalPages: number; rows: Row[] }> {
      const tender = await reachableTender(db, sessionOf(request).user, tenderId);
      const { limit, offset, perPage } = pageOf(query);
      const where = eq(table.tenderId, tender.id);
      const ordered = select().where(where).orderBy(desc(table.createdAt), desc(table.id)).offset(offset);
      const [rows, [total]] = await Promise.all([limit === undefined ? ordered : ordered.limit(limit), db.select({ n: count() }).from(table).where(where)]);
      const n = total?.n ?? 0;
      return { count: n, totalPages: totalPages(n, perPage), rows };
    },
  };
}

/**
 * The job of a run: `load` reads what the analysis needs of its row (nothing when the run was
 * deleted meanwhile: the job ends), the tender's documents are waited for, then `analyse` does the work.
 */
export function analysisRunHandler<Run extends { tenderId: string }>(
  db: Database,
  load: (analysisId: string) => Promise<Run | undefined>,
  analyse: (analysisId: string, run: Run, context: JobContext) => Promise<void>,
): JobHandler {
  return async (job, context) => {
    const { analysisId } = job.payload as { analysisId: string };
    const run = await load(analysisId);
    if (!run) return;
    await waitForExtraction(db, job, run.tenderId);
    await context.progress(10);
    await analyse(analysisId, run, context);
  };
}
