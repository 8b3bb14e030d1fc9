import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { components } from '../../../openapi/schema';
import type { Deps } from '../../deps';
import type { Handlers } from '../../openapi/handlers';
import type { Database } from '../../db/client';
import { dceAnalyses, jobs, planningTasks, plannings, users, type StoredFact } from '../../db/schema';
import { AppError, notFound } from '../../errors';
import { sessionOf } from '../../auth/session';
import { t } from '../../i18n';
import type { Caller } from '../companies/scope';
import { reachableTender } from '../tenders/access';
import { pageOf, totalPages } from '../admin/lists';
import { ANALYSE_DCE } from './job';
import { checkFactValue } from './fact-values';
import { enforceLimit } from '../billing/store';
import { dayIn } from '../../../rules/calendar';

type DceAnalysis = components['schemas']['DceAnalysis'];
type Translate = (key: string, vars?: Record<string, string | number>) => string;

const columns = {
  id: dceAnalyses.id,
  tenderId: dceAnalyses.tenderId,
  documents: dceAnalyses.documents,
  missing: dceAnalyses.missing,
  facts: dceAnalyses.facts,
  redFlags: dceAnalyses.redFlags,
  createdBy: dceAnalyses.createdBy,
  creatorName: users.username,
  createdAt: dceAnalyses.createdAt,
  finishedAt: dceAnalyses.finishedAt,
  jobStatus: jobs.status,
  jobProgress: jobs.progress,
  jobError: jobs.error,
};
const selectAnalyses = (db: Database) =>
  db.select(columns).from(dceAnalyses).leftJoin(users, eq(users.id, dceAnalyses.createdBy)).leftJoin(jobs, eq(jobs.id, dceAnalyses.jobId));
type Row = Awaited<ReturnType<ReturnType<typeof selectAnalyses>['where']>>[number];

/** A document code in a message by its name in the caller's language (KBIS: "Extrait Kbis"). */
function namedVars(vars: Record<string, string | number>, translate: Translate) {
  if (typeof vars.document !== 'string') return vars;
  const key = `dcedoc-${vars.document}`;
  const name = translate(key);
  return { ...vars, document: name === key ? vars.document : name };
}

function toAnalysis(row: Row, translate: Translate): DceAnalysis {
  // A job row removed by hand leaves the results: finished means done.
  const status = row.jobStatus ?? (row.finishedAt ? 'done' : 'failed');
  return {
    _id: row.id,
    tenderId: row.tenderId,
    status,
    progress: status === 'done' ? 100 : (row.jobProgress ?? 0),
    ...(status === 'failed' ? { msg: translate(row.jobError ?? 'job-failed') } : {}),
    documents: row.documents as DceAnalysis['documents'],
    missing: row.missing,
    facts: row.facts as DceAnalysis['facts'],
    redFlags: row.redFlags.map((flag) => ({ key: flag.key as DceAnalysis['redFlags'][number]['key'], msg: translate(`dceanalysis-flag_${flag.key}`, namedVars(flag.vars, translate)), sources: flag.sources })),
    createdBy: row.createdBy && row.creatorName !== null ? { _id: row.createdBy, username: row.creatorName } : null,
    createdAt: row.createdAt.toISOString(),
    finishedAt: row.finishedAt?.toISOString() ?? null,
  };
}

/** The key dates a confirmed or corrected analysis puts in the planning, as milestones. */
const PLANNED_DATES = [
  { key: 'questionsDeadline', label: 'dceanalysis-milestone_questions' },
  { key: 'siteVisit', label: 'dceanalysis-milestone_visit' },
  { key: 'submissionDeadline', label: 'dceanalysis-milestone_submission' },
] as const;

/**
 * DCE analyses (issue 11): admins and the managers of the tender's company; another company's
 * analysis answers 404 like a missing one.
 */
export function dceAnalysesHandlers({ db, jobs: jobQueue }: Deps): Handlers<'createDceAnalysis' | 'listDceAnalyses' | 'getDceAnalysis' | 'updateDceFact' | 'addDceDatesToPlanning'> {
  const translator =
    (request: Parameters<typeof t>[0]): Translate =>
    (key, vars) =>
      t(request, key, vars);

  const reachableAnalysis = async (caller: Caller, id: string) => {
    const [row] = await selectAnalyses(db).where(eq(dceAnalyses.id, id)).limit(1);
    if (!row) throw notFound();
    await reachableTender(db, caller, row.tenderId);
    return row;
  };
  const analysisById = async (id: string, translate: Translate) => toAnalysis((await selectAnalyses(db).where(eq(dceAnalyses.id, id)).limit(1))[0]!, translate);

  return {
    async createDceAnalysis(request, reply) {
      const { user } = sessionOf(request);
      const tender = await reachableTender(db, user, request.params.id);
      // As the page: a tender whose work has not started is not analysed.
      if (tender.status === 'not_started') throw new AppError(409, 'dceanalysis-not_started');
      const [running] = await db
        .select({ id: dceAnalyses.id })
        .from(dceAnalyses)
        .innerJoin(jobs, eq(jobs.id, dceAnalyses.jobId))
        .where(and(eq(dceAnalyses.tenderId, tender.id), inArray(jobs.status, ['queued', 'running'])))
        .limit(1);
      if (running) throw new AppError(409, 'dceanalysis-already_running');
      const id = await db.transaction(async (tx) => {
        // The month's count and this analysis under the company's lock (402 past the plan).
        await enforceLimit(tx, request, tender.companyId, 'analysesPerMonth');
        const [created] = await tx.insert(dceAnalyses).values({ tenderId: tender.id, createdBy: user.id }).returning({ id: dceAnalyses.id });
        const jobId = await jobQueue.enqueue(tx, ANALYSE_DCE, { analysisId: created!.id });
        await tx.update(dceAnalyses).set({ jobId }).where(eq(dceAnalyses.id, created!.id));
        return created!.id;
      });
      jobQueue.wake();
      reply.code(202);
      return { msg: t(request, 'dceanalysis-queued'), details: await analysisById(id, translator(request)) };
    },

    async listDceAnalyses(request) {
      const tender = await reachableTender(db, sessionOf(request).user, request.params.id);
      const { limit, offset, perPage } = pageOf(request.query);
      const where = eq(dceAnalyses.tenderId, tender.id);
      const query = selectAnalyses(db).where(where).orderBy(desc(dceAnalyses.createdAt), desc(dceAnalyses.id)).offset(offset);
      const [rows, [total]] = await Promise.all([limit === undefined ? query : query.limit(limit), db.select({ n: count() }).from(dceAnalyses).where(where)]);
      const n = total?.n ?? 0;
      return { count: n, totalPages: totalPages(n, perPage), analyses: rows.map((row) => toAnalysis(row, translator(request))) };
    },

    async getDceAnalysis(request) {
      return toAnalysis(await reachableAnalysis(sessionOf(request).user, request.params.id), translator(request));
    },

    async updateDceFact(request) {
      const { id, key } = request.params;
      const body = request.body as { value?: unknown; status?: 'confirmed' };
      const current = await reachableAnalysis(sessionOf(request).user, id);
      if (current.jobStatus !== 'done' && current.jobStatus !== null) throw new AppError(409, 'dceanalysis-not_finished');
      if ('value' in body) checkFactValue(key, body.value);
      const { user } = sessionOf(request);
      // Reviewing a fact again settles a change of its source.
      const reviewed = { reviewedBy: { _id: user.id, username: user.username }, reviewedAt: new Date().toISOString(), sourceChanged: false };
      await db.transaction(async (tx) => {
        const [row] = await tx.select({ facts: dceAnalyses.facts }).from(dceAnalyses).where(eq(dceAnalyses.id, id)).for('update');
        const facts = [...(row?.facts ?? [])];
        const at = facts.findIndex((f) => f.key === key);
        if ('value' in body) {
          const corrected: StoredFact = { ...(facts[at] ?? { key, sources: [], confidence: 1 }), key, value: body.value, status: 'corrected', origin: 'user', confidence: 1, ...reviewed };
          if (at >= 0) facts[at] = corrected;
          else facts.push(corrected);
        } else {
          // Only a fact that was found can be confirmed as found.
          if (at < 0) throw new AppError(404, 'dceanalysis-fact_not_found');
          // A corrected value confirmed again (its source changed) stays the person's value.
          facts[at] = { ...facts[at]!, status: facts[at]!.status === 'corrected' ? 'corrected' : 'confirmed', ...reviewed };
        }
        await tx.update(dceAnalyses).set({ facts, updatedAt: new Date() }).where(eq(dceAnalyses.id, id));
      });
      return { msg: t(request, 'value' in body ? 'dceanalysis-fact_corrected' : 'dceanalysis-fact_confirmed'), details: await analysisById(id, translator(request)) };
    },

    async addDceDatesToPlanning(request) {
      const current = await reachableAnalysis(sessionOf(request).user, request.params.id);
      const tender = await reachableTender(db, sessionOf(request).user, current.tenderId);
      const dates = PLANNED_DATES.flatMap(({ key, label }) => {
        const fact = current.facts.find((f) => f.key === key && f.status !== 'extracted');
        const iso = key === 'siteVisit' ? (fact?.value as { date?: string } | undefined)?.date : (fact?.value as string | undefined);
        return iso ? [{ name: t(request, label), day: dayIn(iso) }] : [];
      });
      if (dates.length === 0) throw new AppError(400, 'dceanalysis-no_confirmed_dates');
      const result = await db.transaction(async (tx) => {
        let [planning] = await tx.select({ id: plannings.id }).from(plannings).where(eq(plannings.tenderId, tender.id)).for('update');
        planning ??= (await tx.insert(plannings).values({ tenderId: tender.id, companyId: tender.companyId }).returning({ id: plannings.id }))[0]!;
        const existing = await tx.select({ name: planningTasks.name, startDate: planningTasks.startDate, position: planningTasks.position }).from(planningTasks).where(eq(planningTasks.planningId, planning.id)).orderBy(asc(planningTasks.position));
        const fresh = dates.filter((d) => !existing.some((task) => task.name === d.name && task.startDate === d.day));
        const next = existing.reduce((max, task) => Math.max(max, task.position + 1), 0);
        if (fresh.length) {
          await tx.insert(planningTasks).values(fresh.map((d, i) => ({ planningId: planning.id, position: next + i, name: d.name, startDate: d.day, endDate: d.day, milestone: true })));
          // The planning changed under anyone editing it: their next whole-list save is a conflict.
          await tx.update(plannings).set({ version: sql`${plannings.version} + 1`, updatedAt: new Date() }).where(eq(plannings.id, planning.id));
        }
        return { added: fresh.length, planningId: planning.id };
      });
      // Nothing added says why: every confirmed date is already a milestone of the planning.
      const key = result.added > 0 ? 'dceanalysis-dates_planned' : 'dceanalysis-dates_already_planned';
      const count = result.added > 0 ? result.added : dates.length;
      return { msg: t(request, count === 1 ? `${key}_one` : key, { count }), details: result };
    },
  };
}
