// Recurring work (alerts and digests, invoice reminders, the sourcing fetch and connectors, the
// sweeps) as jobs of the queue, not timers in each process (issue 27): a schedule is a job of kind
// `schedule:<name>` that, once its pass is done, queues its next occurrence. A partial unique index
// (jobs_one_queued_schedule) lets at most one occurrence of a schedule wait in the queue, and a
// claim is exclusive: however many workers share the database, each pass runs once per period.
import { and, eq, inArray, like, ne, notInArray, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { jobs } from '../db/schema';
import { PermanentJobError, type JobHandler } from './queue';

export type Schedule = {
  name: string;
  /** From the end of a pass to the start of the next. */
  everyMs: number;
  run(signal: AbortSignal): Promise<unknown>;
};

const PREFIX = 'schedule:';
// A pass is not retried (the next occurrence comes at its time), but one whose worker was killed is
// claimed again after its lease: that is not a reason to give the schedule up.
const OCCURRENCE_ATTEMPTS = 100;
export const scheduleKind = (name: string) => `${PREFIX}${name}`;
export const isScheduleKind = (kind: string) => kind.startsWith(PREFIX);

/**
 * Queues an occurrence unless one is already waiting (the index refuses a second) or, with
 * `unlessRunning`, a pass is under way (a worker starting while another runs the pass: that pass
 * queues the next itself).
 */
async function queueOccurrence(db: Database, schedule: Schedule, runAfter: Date, { unlessRunning = false } = {}) {
  const kind = scheduleKind(schedule.name);
  await db.execute(sql`
    insert into ${jobs} (kind, payload, run_after, max_attempts)
    select ${kind}, '{}'::jsonb, ${runAfter.toISOString()}, ${OCCURRENCE_ATTEMPTS}
    where not exists (select 1 from ${jobs} where kind = ${kind} and status ${unlessRunning ? sql`in ('queued', 'running')` : sql`= 'queued'`})
    on conflict do nothing`);
}

/**
 * The queue's handlers of the schedules. A failed pass is logged and the next comes at its time
 * (not retried at once: a source that is down would be hammered); a pass stopped with its worker
 * goes back to the queue as it was, and no next occurrence is added.
 */
export function scheduleHandlers(db: Database, schedules: Schedule[], log: { error(obj: object, msg: string): void }): Record<string, JobHandler> {
  return Object.fromEntries(
    schedules.map((schedule) => [
      scheduleKind(schedule.name),
      (async (job, context) => {
        try {
          await schedule.run(context.signal);
        } catch (err) {
          // Stopped with its worker (not past its time limit): back to the queue for another worker.
          if (context.signal.aborted && !(context.signal.reason instanceof PermanentJobError)) throw err;
          log.error({ err, schedule: schedule.name }, 'scheduled pass failed');
        }
        await queueOccurrence(db, schedule, new Date(Date.now() + schedule.everyMs));
        // The passes before this one are of no further use (a tick a minute would fill the table).
        await db.delete(jobs).where(and(eq(jobs.kind, job.kind), inArray(jobs.status, ['done', 'failed']), ne(jobs.id, job.id)));
      }) satisfies JobHandler,
    ]),
  );
}

/**
 * At a worker's start: every schedule has its occurrence waiting (due now for one never run, so a
 * reminder due while the servers were stopped is not left for a whole period), and occurrences of
 * schedules this installation no longer runs are dropped.
 */
export async function ensureSchedules(db: Database, schedules: Schedule[]): Promise<void> {
  const kinds = schedules.map((s) => scheduleKind(s.name));
  await db.delete(jobs).where(and(like(jobs.kind, `${PREFIX}%`), eq(jobs.status, 'queued'), ...(kinds.length ? [notInArray(jobs.kind, kinds)] : [])));
  for (const schedule of schedules) await queueOccurrence(db, schedule, new Date(), { unlessRunning: true });
}
