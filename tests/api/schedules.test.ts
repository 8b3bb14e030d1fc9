// Recurring work as jobs of the queue (issue 27), on the test file's database (PGlite, or
// PostgreSQL under DATABASE_URL): a schedule's first pass runs as soon as a worker starts, the
// next a period after it ends; however many workers share the database, passes never overlap and
// each period runs once; a stopped pass goes back to the queue, a failed or timed-out one is
// followed by the next at its time; old passes are cleared.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, like } from 'drizzle-orm';
import { jobs } from '../../server/db/schema';
import { createJobQueue, type JobQueue } from '../../server/jobs/queue';
import { ensureSchedules, scheduleHandlers, scheduleKind, type Schedule } from '../../server/jobs/schedules';
import { createTestApp, type TestContext } from './context';

let ctx: TestContext;
const started: JobQueue[] = [];
const errors: { schedule: string }[] = [];
const log = { error: (obj: object) => errors.push(obj as { schedule: string }) };

beforeAll(async () => {
  ctx = await createTestApp();
});
afterEach(async () => {
  await Promise.all(started.splice(0).map((queue) => queue.stop()));
  await ctx.db.delete(jobs).where(like(jobs.kind, 'schedule:%'));
  errors.length = 0;
});
afterAll(() => ctx?.close());

/** A worker process: its own queue of the schedules, on the shared database. */
async function worker(schedules: Schedule[], options: { timeoutMs?: number } = {}) {
  await ensureSchedules(ctx.db, schedules);
  const queue = createJobQueue(ctx.db, { workers: schedules.length, handlers: scheduleHandlers(ctx.db, schedules, log), pollMs: 10, ...options });
  started.push(queue);
  await queue.start();
  return queue;
}
const occurrences = (name: string) => ctx.db.select().from(jobs).where(eq(jobs.kind, scheduleKind(name)));
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
async function until(test: () => boolean | Promise<boolean>, limitMs = 5_000) {
  for (const end = Date.now() + limitMs; !(await test()); ) {
    if (Date.now() > end) throw new Error('not reached in time');
    await sleep(10);
  }
}

describe('a schedule', () => {
  it('runs its first pass as a worker starts, not a period later', async () => {
    let passes = 0;
    await worker([{ name: 'digest', everyMs: 3_600_000, run: async () => void passes++ }]);
    await until(() => passes === 1);
    // The next waits its period, alone in the queue.
    const waiting = (await occurrences('digest')).filter((o) => o.status === 'queued');
    expect(waiting).toHaveLength(1);
    expect(waiting[0]!.runAfter.getTime()).toBeGreaterThan(Date.now() + 3_500_000);
  });

  it('runs each period once across workers sharing the database, never two passes at once', async () => {
    let open = 0;
    let mostOpen = 0;
    let passes = 0;
    const schedule = (): Schedule => ({
      name: 'digest',
      everyMs: 50,
      run: async () => {
        open++;
        mostOpen = Math.max(mostOpen, open);
        passes++;
        await sleep(20);
        open--;
      },
    });
    // Three processes, each with the schedule.
    await Promise.all([worker([schedule()]), worker([schedule()]), worker([schedule()])]);
    const start = Date.now();
    await sleep(1_000);
    await Promise.all(started.splice(0).map((queue) => queue.stop()));
    const elapsed = Date.now() - start;
    expect(mostOpen).toBe(1);
    // A pass takes 20 ms and the next waits 50 ms after it: at most one pass per 70 ms, however many workers.
    expect(passes).toBeGreaterThanOrEqual(5);
    expect(passes).toBeLessThanOrEqual(Math.ceil(elapsed / 70) + 1);
    expect((await occurrences('digest')).filter((o) => o.status === 'queued')).toHaveLength(1);
  });

  it('keeps only the pass just run, not every past one', async () => {
    let passes = 0;
    await worker([{ name: 'tick', everyMs: 5, run: async () => void passes++ }]);
    await until(() => passes >= 10);
    const rows = await occurrences('tick');
    expect(rows.length).toBeLessThanOrEqual(3);
  });

  it('goes back to the queue when its worker stops mid-pass, without a next occurrence added', async () => {
    let aborted = false;
    let runs = 0;
    const queue = await worker([
      {
        name: 'fetch',
        everyMs: 3_600_000,
        run: (signal) =>
          new Promise<void>((resolve, reject) => {
            runs++;
            signal.addEventListener('abort', () => {
              aborted = true;
              reject(new Error('stopped'));
            });
          }),
      },
    ]);
    await until(() => runs === 1);
    await queue.stop();
    expect(aborted).toBe(true);
    const rows = await occurrences('fetch');
    expect(rows.map((r) => r.status)).toEqual(['queued']);
    expect(rows[0]!.runAfter.getTime()).toBeLessThanOrEqual(Date.now());
    // Another worker takes it at once.
    let resumed = 0;
    await worker([{ name: 'fetch', everyMs: 3_600_000, run: async () => void resumed++ }]);
    await until(() => resumed === 1);
  });

  it('follows a failed or timed-out pass with the next at its time, the failure logged', async () => {
    await worker(
      [
        { name: 'broken', everyMs: 3_600_000, run: async () => Promise.reject(new Error('source down')) },
        { name: 'slow', everyMs: 3_600_000, run: (signal) => new Promise((_, reject) => signal.addEventListener('abort', () => reject(new Error('aborted')))) },
      ],
      { timeoutMs: 100 },
    );
    await until(async () => (await occurrences('broken')).some((o) => o.status === 'queued' && o.runAfter.getTime() > Date.now()) && (await occurrences('slow')).some((o) => o.status === 'queued' && o.runAfter.getTime() > Date.now()));
    expect(errors.map((e) => e.schedule).sort()).toEqual(['broken', 'slow']);
  });

  it('of a schedule the installation no longer runs is dropped at a worker\u2019s start', async () => {
    await ensureSchedules(ctx.db, [{ name: 'old-report', everyMs: 1000, run: async () => undefined }]);
    await ensureSchedules(ctx.db, [{ name: 'digest', everyMs: 1000, run: async () => undefined }]);
    const waiting = await ctx.db.select({ kind: jobs.kind }).from(jobs).where(and(like(jobs.kind, 'schedule:%'), eq(jobs.status, 'queued')));
    expect(waiting.map((w) => w.kind)).toEqual(['schedule:digest']);
  });
});
