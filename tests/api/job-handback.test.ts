// A worker that stops hands its running jobs back (issue 27): the job is queued again at once, its
// attempt not counted, so another worker takes it in its next poll rather than after the lease (a
// minute) runs out. A handler deaf to the abort is handed back after the stop's grace, and the
// stopped worker never writes that job's row again. On the test file's database (PGlite, or
// PostgreSQL under DATABASE_URL); the real processes are in fleet.test.ts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { jobs } from '../../server/db/schema';
import { createJobQueue, type JobHandler, type JobQueue } from '../../server/jobs/queue';
import { createTestApp, type TestContext } from './context';

let ctx: TestContext;
const queues: JobQueue[] = [];
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => {
  await Promise.all(queues.map((queue) => queue.stop()));
  await ctx?.close();
});

const LEASE_MS = 60_000;
function worker(handlers: Record<string, JobHandler>, stopGraceMs?: number) {
  const queue = createJobQueue(ctx.db, { handlers, pollMs: 50, leaseMs: LEASE_MS, ...(stopGraceMs ? { stopGraceMs } : {}) });
  queues.push(queue);
  return queue;
}
const jobRow = async (id: string) => (await ctx.db.select().from(jobs).where(eq(jobs.id, id)))[0]!;
async function until(id: string, test: (row: Awaited<ReturnType<typeof jobRow>>) => boolean, limitMs = 5_000) {
  for (const end = Date.now() + limitMs; ; ) {
    const row = await jobRow(id);
    if (test(row)) return row;
    if (Date.now() > end) throw new Error(`job ${id}: ${row.status}, attempt ${row.attempts}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

describe('a worker stopping', () => {
  it('hands its running job back, and another worker takes it at once', async () => {
    const ran: string[] = [];
    let running!: () => void;
    const started = new Promise<void>((resolve) => (running = resolve));
    const patient = (name: string): JobHandler => async (_job, { signal }) => {
      ran.push(name);
      running();
      // Works until aborted, as a long extraction does.
      await new Promise((resolve, reject) => signal.addEventListener('abort', () => reject(signal.reason as Error)));
    };
    const first = worker({ handback: patient('first') });
    const id = await first.enqueue(ctx.db, 'handback', {});
    await first.start();
    await started;

    const second = worker({ handback: async () => void ran.push('second') });
    await second.start();
    const stoppedAt = Date.now();
    await first.stop();
    const handedBack = await jobRow(id);
    // Queued again and due now, or already taken by the second worker.
    expect(['queued', 'running', 'done']).toContain(handedBack.status);
    const done = await until(id, (row) => row.status === 'done');
    expect(Date.now() - stoppedAt).toBeLessThan(2_000);
    // The stopped attempt is not counted: the job has the attempt that finished it, no other.
    expect(done).toMatchObject({ attempts: 1, error: null, leaseUntil: null });
    expect(ran).toEqual(['first', 'second']);
  });

  it('hands back a job whose handler ignores the abort once the grace has passed, and writes its row no more', async () => {
    let release!: () => void;
    let running!: () => void;
    const handlerStarted = new Promise<void>((resolve) => (running = resolve));
    const deaf = worker(
      {
        deaf: async (_job, { progress }) => {
          running();
          await new Promise<void>((resolve) => (release = resolve));
          // Too late: the job was handed back; this progress and the end are not written.
          await progress(90);
        },
      },
      200,
    );
    const id = await deaf.enqueue(ctx.db, 'deaf', {});
    await deaf.start();
    await handlerStarted;
    const started = Date.now();
    await deaf.stop();
    expect(Date.now() - started).toBeGreaterThanOrEqual(190);
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(await jobRow(id)).toMatchObject({ status: 'queued', attempts: 0, leaseUntil: null, progress: 0 });
    release();
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await jobRow(id)).toMatchObject({ status: 'queued', attempts: 0, progress: 0 });
    await ctx.db.delete(jobs).where(eq(jobs.id, id));
  });
});
