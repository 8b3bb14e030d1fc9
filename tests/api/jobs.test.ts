// The job queue on the test file's database (PGlite, or PostgreSQL under DATABASE_URL): jobs run
// once, record progress, retry with back-off, fail with their key, time out, and are taken again
// when their worker died.
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import { jobs } from '../../server/db/schema';
import { createJobQueue, PermanentJobError, RetryLater, type JobHandler, type JobQueue } from '../../server/jobs/queue';
import { createTestApp, type TestContext } from './context';

let ctx: TestContext;
const started: JobQueue[] = [];

beforeAll(async () => {
  ctx = await createTestApp();
});
afterEach(async () => {
  await Promise.all(started.splice(0).map((queue) => queue.stop()));
});
afterAll(() => ctx?.close());

const quick = { pollMs: 20, backoffMs: 30 };
function queueWith(handlers: Record<string, JobHandler>, options: Partial<Parameters<typeof createJobQueue>[1]> = {}) {
  const queue = createJobQueue(ctx.db, { ...quick, ...options, handlers });
  started.push(queue);
  return queue;
}
const jobRow = async (id: string) => (await ctx.db.select().from(jobs).where(eq(jobs.id, id)))[0]!;
async function until(id: string, status: 'done' | 'failed', limitMs = 10_000) {
  const end = Date.now() + limitMs;
  for (;;) {
    const row = await jobRow(id);
    if (row.status === status) return row;
    if (Date.now() > end) throw new Error(`job ${id} is ${row.status}, not ${status}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('the job queue', () => {
  it('runs a queued job once, records its progress and marks it done', async () => {
    const seen: number[] = [];
    const queue = queueWith({
      'count-pages': async (job, { progress }) => {
        for (const percent of [25, 50, 75]) {
          await progress(percent);
          seen.push((await jobRow(job.id)).progress);
        }
      },
    });
    const id = await queue.enqueue(ctx.db, 'count-pages', { documentId: 'x' });
    await queue.start();
    const row = await until(id, 'done');
    expect(seen).toEqual([25, 50, 75]);
    expect(row).toMatchObject({ progress: 100, attempts: 1, error: null, leaseUntil: null });
    expect(row.finishedAt).toBeInstanceOf(Date);
  });

  it('retries a failing job after a back-off, then succeeds', async () => {
    let calls = 0;
    const queue = queueWith({
      flaky: async () => {
        calls += 1;
        if (calls === 1) throw new Error('the disk was busy');
      },
    });
    const id = await queue.enqueue(ctx.db, 'flaky', {});
    await queue.start();
    const row = await until(id, 'done');
    expect(calls).toBe(2);
    expect(row.attempts).toBe(2);
  });

  it('fails after its last attempt with the generic key, and at once with a permanent error’s own key', async () => {
    const queue = queueWith({
      broken: async () => {
        throw new Error('always');
      },
      corrupt: async () => {
        throw new PermanentJobError('extraction-corrupt');
      },
    });
    const broken = await queue.enqueue(ctx.db, 'broken', {});
    const corrupt = await queue.enqueue(ctx.db, 'corrupt', {});
    await queue.start();
    expect(await until(broken, 'failed')).toMatchObject({ attempts: 3, error: 'job-failed' });
    expect(await until(corrupt, 'failed')).toMatchObject({ attempts: 1, error: 'extraction-corrupt' });
  });

  it('a job that must wait is put back without counting an attempt, and lets the others run meanwhile', async () => {
    const order: string[] = [];
    let ready = false;
    const queue = queueWith({
      waits: async () => {
        order.push('waits');
        if (!ready) throw new RetryLater(50);
      },
      needed: async () => {
        order.push('needed');
        ready = true;
      },
    });
    // Queued first, it cannot finish before the job queued after it.
    const waiting = await queue.enqueue(ctx.db, 'waits', {});
    await queue.enqueue(ctx.db, 'needed', {});
    await queue.start();
    expect(await until(waiting, 'done')).toMatchObject({ attempts: 1 });
    expect(order.slice(0, 2)).toEqual(['waits', 'needed']);
    expect(order.at(-1)).toBe('waits');
  });

  it('says once, not at every poll, that the database cannot be reached', async () => {
    const down = new Proxy(ctx.db, {
      get: (target, property, receiver) =>
        property === 'execute'
          ? () => {
              throw new Error('connection refused');
            }
          : (Reflect.get(target, property, receiver) as unknown),
    });
    const log = { error: vi.fn() };
    const queue = createJobQueue(down, { ...quick, handlers: { any: async () => undefined }, log });
    started.push(queue);
    await queue.start();
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(log.error).toHaveBeenCalledTimes(1);
    expect(log.error.mock.calls[0]![1]).toBe('claiming a job failed');
  });

  it('aborts a job past its time limit', async () => {
    let aborted = false;
    const queue = queueWith(
      {
        endless: (_job, { signal }) =>
          new Promise((_resolve, reject) => {
            signal.addEventListener('abort', () => {
              aborted = true;
              reject(signal.reason as Error);
            });
          }),
      },
      { timeoutMs: 100 },
    );
    const id = await queue.enqueue(ctx.db, 'endless', {});
    await queue.start();
    expect(await until(id, 'failed')).toMatchObject({ error: 'job-timeout', attempts: 1 });
    expect(aborted).toBe(true);
  });

  it('takes again a job whose worker died (its lease passed), and gives up on one that killed every worker', async () => {
    // A worker that died mid-job leaves it running with a lease in the past.
    const [orphan] = await ctx.db
      .insert(jobs)
      .values({ kind: 'resume', payload: {}, status: 'running', attempts: 1, leaseUntil: new Date(Date.now() - 1000) })
      .returning({ id: jobs.id });
    const [killer] = await ctx.db
      .insert(jobs)
      .values({ kind: 'resume', payload: {}, status: 'running', attempts: 3, leaseUntil: new Date(Date.now() - 1000) })
      .returning({ id: jobs.id });
    // One whose lease still runs belongs to a live worker elsewhere: left alone.
    const [alive] = await ctx.db
      .insert(jobs)
      .values({ kind: 'resume', payload: {}, status: 'running', attempts: 1, leaseUntil: new Date(Date.now() + 60_000) })
      .returning({ id: jobs.id });
    const ran: string[] = [];
    const queue = queueWith({ resume: async (job) => void ran.push(job.id) });
    await queue.start();
    expect(await until(orphan!.id, 'done')).toMatchObject({ attempts: 2 });
    expect(await until(killer!.id, 'failed')).toMatchObject({ error: 'job-failed' });
    expect(ran).toEqual([orphan!.id]);
    expect((await jobRow(alive!.id)).status).toBe('running');
    await ctx.db.delete(jobs).where(eq(jobs.id, alive!.id));
  });

  it('leaves a job to the worker that took it again: the first, whose lease lapsed, no longer writes its row', async () => {
    const gate = () => {
      let open!: () => void;
      return { passed: new Promise<void>((resolve) => (open = resolve)), open: () => open() };
    };
    const [firstGate, secondGate] = [gate(), gate()];
    let calls = 0;
    const handler: JobHandler = async () => {
      calls++;
      // The first worker stalls past its lease, then fails; the second, still at work meanwhile, succeeds.
      if (calls === 1) {
        await firstGate.passed;
        throw new PermanentJobError('job-failed');
      }
      await secondGate.passed;
    };
    const first = queueWith({ lapse: handler });
    const id = await first.enqueue(ctx.db, 'lapse', {});
    await first.start();
    for (const end = Date.now() + 5_000; calls === 0 && Date.now() < end; ) await new Promise((resolve) => setTimeout(resolve, 10));
    // Its lease ends (a long pause of its process): another worker takes the job again.
    await ctx.db.update(jobs).set({ leaseUntil: new Date(Date.now() - 1000) }).where(eq(jobs.id, id));
    const second = queueWith({ lapse: handler });
    await second.start();
    for (const end = Date.now() + 5_000; calls < 2 && Date.now() < end; ) await new Promise((resolve) => setTimeout(resolve, 10));
    firstGate.open();
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await jobRow(id)).toMatchObject({ status: 'running', attempts: 2 });
    secondGate.open();
    expect(await until(id, 'done')).toMatchObject({ attempts: 2, error: null });
  });

  it('on the embedded database, recovers at start the jobs a killed server left running', async () => {
    const [left] = await ctx.db
      .insert(jobs)
      .values({ kind: 'recover', payload: {}, status: 'running', attempts: 1, leaseUntil: new Date(Date.now() + 60_000) })
      .returning({ id: jobs.id });
    const queue = queueWith({ recover: async () => undefined });
    await queue.start({ recover: true });
    expect(await until(left!.id, 'done')).toMatchObject({ attempts: 2 });
  });

  it('never runs a job twice with two queues of two workers each on one database', async () => {
    const runs = new Map<string, number>();
    const handler: JobHandler = async (job) => {
      runs.set(job.id, (runs.get(job.id) ?? 0) + 1);
      await new Promise((resolve) => setTimeout(resolve, 5));
    };
    const first = queueWith({ share: handler }, { workers: 2 });
    const second = queueWith({ share: handler }, { workers: 2 });
    const ids = await Promise.all(Array.from({ length: 30 }, () => first.enqueue(ctx.db, 'share', {})));
    await Promise.all([first.start(), second.start()]);
    await first.drain(20_000);
    expect(runs.size).toBe(30);
    expect([...runs.values()].every((n) => n === 1)).toBe(true);
    const rows = await ctx.db.select({ status: jobs.status }).from(jobs).where(inArray(jobs.id, ids));
    expect(rows.every((r) => r.status === 'done')).toBe(true);
  });

  it('puts a running job back in the queue, its attempt not counted, when the server stops', async () => {
    let begun!: () => void;
    const running = new Promise<void>((resolve) => (begun = resolve));
    const queue = queueWith({
      long: (_job, { signal }) =>
        new Promise((_resolve, reject) => {
          begun();
          signal.addEventListener('abort', () => reject(signal.reason as Error));
        }),
    });
    const id = await queue.enqueue(ctx.db, 'long', {});
    await queue.start();
    await running;
    await queue.stop();
    expect(await jobRow(id)).toMatchObject({ status: 'queued', attempts: 0 });
    await ctx.db.delete(jobs).where(eq(jobs.id, id));
  });
});
