import { and, asc, eq, inArray, notInArray, sql } from 'drizzle-orm';
import type { components } from '../../../openapi/schema';
import type { Deps } from '../../deps';
import type { Handlers } from '../../openapi/handlers';
import { AppError, notFound } from '../../errors';
import { isUniqueViolation, type Database } from '../../db/client';
import { planningTasks, plannings, tenderCalls, tenders } from '../../db/schema';
import { sessionOf } from '../../auth/session';
import { ValidationFailure, type FieldIssue } from '../../http/error-handler';
import { t } from '../../i18n';
import type { Caller } from '../companies/scope';
import { reachableTender } from '../tenders/access';
import { taskIssues } from './rules';

type Planning = components['schemas']['Planning'];
type TaskInput = components['schemas']['PlanningTaskInput'];
type TaskUpdates = components['schemas']['PlanningTaskUpdates'];
type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

const NO_COMPANY = '00000000-0000-0000-0000-000000000000';
/** The contract's PlanningTasks maxItems: adding one task at a time cannot go past it either. */
export const MAX_TASKS = 200;

const planningNotFound = () => new AppError(404, 'planning-not_found');
const taskNotFound = () => new AppError(404, 'planning-task_not_found');

/** Every issue of a task list, each naming the task's index, or nothing when all is well. */
function checkTasks(tasks: TaskInput[]): void {
  const issues: FieldIssue[] = tasks.flatMap((task, i) => taskIssues(task, `tasks.${i}`));
  if (issues.length) throw new ValidationFailure(issues);
}

const taskValues = (task: TaskInput) => ({
  name: task.name.trim(),
  startDate: task.startDate,
  endDate: task.endDate,
  done: task.done ?? false,
  milestone: task.milestone ?? false,
});

/** The planning with its tasks in list order and the call's key dates. */
async function planningById(db: Database | Tx, id: string): Promise<Planning> {
  const [row] = await db
    .select({
      id: plannings.id,
      tenderId: plannings.tenderId,
      companyId: plannings.companyId,
      version: plannings.version,
      createdAt: plannings.createdAt,
      updatedAt: plannings.updatedAt,
      questionsDeadline: tenderCalls.questionsDeadline,
      siteVisitDate: tenderCalls.siteVisitDate,
      submissionDeadline: tenderCalls.submissionDeadline,
    })
    .from(plannings)
    .innerJoin(tenders, eq(tenders.id, plannings.tenderId))
    .innerJoin(tenderCalls, eq(tenderCalls.id, tenders.tenderCallId))
    .where(eq(plannings.id, id))
    .limit(1);
  if (!row) throw notFound();
  const tasks = await db.select().from(planningTasks).where(eq(planningTasks.planningId, id)).orderBy(asc(planningTasks.position), asc(planningTasks.createdAt));
  return {
    _id: row.id,
    tenderId: row.tenderId,
    companyId: row.companyId,
    tasks: tasks.map((task) => ({ _id: task.id, name: task.name, startDate: task.startDate, endDate: task.endDate, done: task.done, milestone: task.milestone })),
    keyDates: {
      questionsDeadline: row.questionsDeadline?.toISOString() ?? null,
      siteVisitDate: row.siteVisitDate?.toISOString() ?? null,
      submissionDeadline: row.submissionDeadline.toISOString(),
    },
    version: row.version,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/**
 * A tender's response planning. Its scope is its tender's company: staff reach their company's
 * plannings only (another company's answers 404, like an unknown id), admins reach all. Each write
 * runs in one transaction that locks the planning row, so a refused write leaves nothing behind and
 * two writers never interleave their positions.
 */
export function planningsHandlers({ db }: Deps): Handlers<
  'findTenderPlanning' | 'getTenderPlanning' | 'createPlanning' | 'updatePlanning' | 'addPlanningTask' | 'updatePlanningTaskByBody' | 'updatePlanningTask' | 'deletePlanningTask'
> {
  /**
   * Runs `write` on the reachable planning `id`, locked, adds one to its version, bumps its
   * updatedAt and answers it. With `expected` (a full replace), a planning that moved on since the
   * client read it is a 409 carrying the current planning, and nothing is written: the client shows
   * what changed instead of silently dropping another user's work.
   */
  const writePlanning = async (caller: Caller, id: string, write: (tx: Tx) => Promise<void>, expected?: number): Promise<Planning> =>
    db.transaction(async (tx) => {
      const scope = caller.role === 'admin' ? undefined : eq(tenders.companyId, caller.companyId ?? NO_COMPANY);
      const [row] = await tx
        .select({ id: plannings.id, version: plannings.version })
        .from(plannings)
        .innerJoin(tenders, eq(tenders.id, plannings.tenderId))
        .where(and(eq(plannings.id, id), scope))
        .for('update', { of: plannings });
      if (!row) throw notFound();
      if (expected !== undefined && row.version !== expected) throw new AppError(409, 'planning-conflict', {}, await planningById(tx, id));
      await write(tx);
      await tx.update(plannings).set({ version: sql`${plannings.version} + 1`, updatedAt: new Date() }).where(eq(plannings.id, id));
      return planningById(tx, id);
    });

  /** The single-task update shared by both forms: only the given fields, checked once merged. */
  const updateTask = (caller: Caller, id: string, taskId: string, updates: TaskUpdates) =>
    writePlanning(caller, id, async (tx) => {
      const [task] = await tx
        .select()
        .from(planningTasks)
        .where(and(eq(planningTasks.id, taskId), eq(planningTasks.planningId, id)))
        .limit(1);
      if (!task) throw taskNotFound();
      const merged = { ...task, ...updates };
      const issues = taskIssues(merged, '');
      if (issues.length) throw new ValidationFailure(issues);
      await tx
        .update(planningTasks)
        .set({ ...taskValues(merged), updatedAt: new Date() })
        .where(eq(planningTasks.id, taskId));
    });

  return {
    // The same read where an absent planning is an answer (null), not a 404: what the page asks.
    async findTenderPlanning(request) {
      const tender = await reachableTender(db, sessionOf(request).user, request.params.id);
      const [row] = await db.select({ id: plannings.id }).from(plannings).where(eq(plannings.tenderId, tender.id)).limit(1);
      return { planning: row ? await planningById(db, row.id) : null };
    },

    async getTenderPlanning(request) {
      const tender = await reachableTender(db, sessionOf(request).user, request.params.tenderId);
      const [row] = await db.select({ id: plannings.id }).from(plannings).where(eq(plannings.tenderId, tender.id)).limit(1);
      if (!row) throw planningNotFound();
      return planningById(db, row.id);
    },

    async createPlanning(request, reply) {
      const { tenderId, tasks } = request.body;
      const tender = await reachableTender(db, sessionOf(request).user, tenderId);
      // A new planning has no task yet: an _id can only name a task of another planning.
      const foreign = tasks.findIndex((task) => task._id !== undefined);
      if (foreign >= 0) throw new ValidationFailure([{ field: `tasks.${foreign}._id`, key: 'planning-unknown_task', vars: {} }]);
      checkTasks(tasks);
      let id: string;
      try {
        id = await db.transaction(async (tx) => {
          const [existing] = await tx.select({ id: plannings.id }).from(plannings).where(eq(plannings.tenderId, tender.id)).limit(1);
          if (existing) throw new AppError(409, 'planning-already_exists');
          const [created] = await tx.insert(plannings).values({ tenderId: tender.id, companyId: tender.companyId }).returning({ id: plannings.id });
          if (tasks.length) await tx.insert(planningTasks).values(tasks.map((task, position) => ({ planningId: created!.id, position, ...taskValues(task) })));
          return created!.id;
        });
      } catch (error) {
        // Two first plannings at once: the unique tender index lets one through.
        if (isUniqueViolation(error)) throw new AppError(409, 'planning-already_exists');
        throw error;
      }
      reply.code(201);
      return { msg: t(request, 'planning-created'), planning: await planningById(db, id) };
    },

    async updatePlanning(request) {
      const { id } = request.params;
      const { tasks, version } = request.body;
      checkTasks(tasks);
      const planning = await writePlanning(sessionOf(request).user, id, async (tx) => {
        const kept = tasks.flatMap((task, i) => (task._id ? [{ id: task._id, i }] : []));
        const owned = kept.length
          ? new Set((await tx.select({ id: planningTasks.id }).from(planningTasks).where(and(eq(planningTasks.planningId, id), inArray(planningTasks.id, kept.map((k) => k.id))))).map((r) => r.id))
          : new Set<string>();
        const seen = new Set<string>();
        const unknown: FieldIssue[] = [];
        for (const { id: taskId, i } of kept) {
          // An id twice in the list is refused too: one task cannot sit at two places.
          if (!owned.has(taskId) || seen.has(taskId)) unknown.push({ field: `tasks.${i}._id`, key: 'planning-unknown_task', vars: {} });
          seen.add(taskId);
        }
        if (unknown.length) throw new ValidationFailure(unknown);

        const keptIds = kept.map((k) => k.id);
        await tx.delete(planningTasks).where(and(eq(planningTasks.planningId, id), keptIds.length ? notInArray(planningTasks.id, keptIds) : sql`true`));
        const now = new Date();
        for (const [position, task] of tasks.entries()) {
          if (task._id) await tx.update(planningTasks).set({ ...taskValues(task), position, updatedAt: now }).where(eq(planningTasks.id, task._id));
          else await tx.insert(planningTasks).values({ planningId: id, position, ...taskValues(task) });
        }
      }, version);
      return { msg: t(request, 'planning-updated'), planning };
    },

    async addPlanningTask(request, reply) {
      const { id } = request.params;
      const { task } = request.body;
      if (task._id !== undefined) throw new ValidationFailure([{ field: 'task._id', key: 'planning-unknown_task', vars: {} }]);
      const issues = taskIssues(task, 'task');
      if (issues.length) throw new ValidationFailure(issues);
      const planning = await writePlanning(sessionOf(request).user, id, async (tx) => {
        const [{ next, total }] = (await tx
          .select({ next: sql<number>`coalesce(max(${planningTasks.position}) + 1, 0)::int`, total: sql<number>`count(*)::int` })
          .from(planningTasks)
          .where(eq(planningTasks.planningId, id))) as [{ next: number; total: number }];
        if (total >= MAX_TASKS) throw new AppError(400, 'planning-too_many_tasks', { max: MAX_TASKS });
        await tx.insert(planningTasks).values({ planningId: id, position: next, ...taskValues(task) });
      });
      reply.code(201);
      return { msg: t(request, 'planning-task_added'), planning };
    },

    async updatePlanningTaskByBody(request) {
      const { taskId, updates } = request.body;
      const planning = await updateTask(sessionOf(request).user, request.params.id, taskId, updates);
      return { msg: t(request, 'planning-task_updated'), planning };
    },

    async updatePlanningTask(request) {
      const { id, taskId } = request.params;
      const planning = await updateTask(sessionOf(request).user, id, taskId, request.body);
      return { msg: t(request, 'planning-task_updated'), planning };
    },

    async deletePlanningTask(request) {
      const { id, taskId } = request.params;
      const planning = await writePlanning(sessionOf(request).user, id, async (tx) => {
        const removed = await tx
          .delete(planningTasks)
          .where(and(eq(planningTasks.id, taskId), eq(planningTasks.planningId, id)))
          .returning({ id: planningTasks.id });
        if (!removed.length) throw taskNotFound();
      });
      return { msg: t(request, 'planning-task_deleted'), planning };
    },
  };
}
