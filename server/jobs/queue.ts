import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { jobs } from '../db/schema';

export type JobRow = typeof jobs.$inferSelect;
type Executor = Pick<Database, 'insert'>;

/** A failure that another attempt cannot fix (a corrupt file): the job fails at once with its key. */
export class PermanentJobError extends Error {
  constructor(readonly key: string) {
    super(key);
  }
}

/** Not yet: the job waits for other work (documents still being read) without holding a worker. */
export class RetryLater extends Error {
  constructor(readonly delayMs: number) {
    super('retry later');
  }
}

export type JobContext = {
  /** Records progress (0–100) and extends the job's lease. */
  progress(percent: number): Promise<void>;
  /** Aborted when the job passes its time limit or the queue stops. */
  signal: AbortSignal;
};
export type JobHandler = (job: JobRow, context: JobContext) => Promise<void>;

export type JobQueueOptions = {
  handlers: Record<string, JobHandler>;
  /** Jobs run at once by this process; 0 only enqueues (another process, or a test, runs them). */
  workers?: number;
  pollMs?: number;
  /** A running job not heard of for this long is taken again: its worker died. */
  leaseMs?: number;
  /** A job running longer is aborted and counts as a failed attempt. */
  timeoutMs?: number;
  /** First retry after this long, doubled at each attempt. */
  backoffMs?: number;
  /** How long stop() waits for running jobs to end once aborted; then they are handed back as they are. */
  stopGraceMs?: number;
  log?: { error(obj: object, msg: string): void };
};

export type JobQueue = {
  /** Adds a job, in the caller's transaction when given one: call wake() once it has committed. */
  enqueue(executor: Executor, kind: string, payload: Record<string, unknown>): Promise<string>;
  /** Claims and runs jobs until stopped. `recover`: running jobs are orphans (this process owns the database). */
  start(options?: { recover?: boolean }): Promise<void>;
  /** Asks the workers to look now rather than at their next poll. */
  wake(): void;
  /**
   * Stops claiming and aborts running jobs: each goes back to the queue, due at once, its attempt not
   * counted, so another process takes it without waiting for its lease to end. A job still running
   * after `stopGraceMs` (a handler deaf to the abort) is handed back all the same, and this process
   * no longer writes its row.
   */
  stop(): Promise<void>;
  /** Resolves once no job of this queue's kinds is queued or running (for tests). */
  drain(timeoutMs?: number): Promise<void>;
};

const DEFAULTS = { workers: 1, pollMs: 500, leaseMs: 60_000, timeoutMs: 10 * 60_000, backoffMs: 5_000, stopGraceMs: 10_000 };

export function createJobQueue(db: Database, options: JobQueueOptions): JobQueue {
  const { workers, pollMs, leaseMs, timeoutMs, backoffMs, stopGraceMs } = { ...DEFAULTS, ...options };
  const kinds = Object.keys(options.handlers);
  let running = false;
  let loops: Promise<void>[] = [];
  /** Running jobs by id; those handed back at a stop whose handler never ended are `abandoned`. */
  const active = new Map<string, { job: JobRow; controller: AbortController }>();
  const abandoned = new Set<string>();
  let stopping: Promise<void> | undefined;
  const wakers = new Set<() => void>();
  const wakeAll = () => [...wakers].forEach((wake) => wake());
  const kindList = sql.join(
    kinds.map((kind) => sql`${kind}`),
    sql`, `,
  );

  const lease = () => sql`now() + make_interval(secs => ${leaseMs / 1000})`;

  /** One job, queued and due or orphaned, taken by this worker; none when there is nothing to do. */
  async function claim(): Promise<JobRow | undefined> {
    const result = await db.execute(sql`
      update ${jobs} set status = 'running', attempts = attempts + 1, lease_until = ${lease()}, updated_at = now()
      where id = (
        select id from ${jobs}
        where kind in (${kindList})
          and ((status = 'queued' and run_after <= now()) or (status = 'running' and lease_until < now()))
        order by run_after
        for update skip locked
        limit 1
      )
      returning id`);
    // Both drivers answer { rows }.
    const id = (result as unknown as { rows: { id: string }[] }).rows[0]?.id;
    if (!id) return undefined;
    const [job] = await db.select().from(jobs).where(eq(jobs.id, id));
    return job;
  }

  /**
   * The job's end as this worker saw it, written only while the claim is still this worker's: a
   * worker whose lease lapsed (a long pause) and whose job another took again (attempts moved on)
   * leaves the row to the new owner.
   */
  const finish = async (job: JobRow, values: Partial<typeof jobs.$inferInsert>) => {
    if (abandoned.has(job.id)) return;
    await db
      .update(jobs)
      .set({ ...values, leaseUntil: null, updatedAt: new Date() })
      .where(and(eq(jobs.id, job.id), eq(jobs.status, 'running'), eq(jobs.attempts, job.attempts)));
  };

  async function run(job: JobRow): Promise<void> {
    const handler = options.handlers[job.kind]!;
    if (job.attempts > job.maxAttempts) {
      // Claimed again after its worker died on every attempt (a file that kills the server).
      await finish(job, { status: 'failed', error: 'job-failed', finishedAt: new Date() });
      return;
    }
    const controller = new AbortController();
    active.set(job.id, { job, controller });
    const timer = setTimeout(() => controller.abort(new PermanentJobError('job-timeout')), timeoutMs);
    let lastProgress = -1;
    const context: JobContext = {
      signal: controller.signal,
      async progress(percent) {
        const value = Math.max(0, Math.min(100, Math.round(percent)));
        if (value === lastProgress || abandoned.has(job.id)) return;
        lastProgress = value;
        await db.update(jobs).set({ progress: value, leaseUntil: sql`${lease()}`, updatedAt: new Date() }).where(and(eq(jobs.id, job.id), eq(jobs.attempts, job.attempts)));
      },
    };
    // The lease is renewed while the handler works, even between two progress reports.
    const heartbeat = setInterval(() => {
      if (abandoned.has(job.id)) return;
      void db.update(jobs).set({ leaseUntil: sql`${lease()}` }).where(and(eq(jobs.id, job.id), eq(jobs.attempts, job.attempts))).catch(() => undefined);
    }, leaseMs / 3);
    try {
      await handler(job, context);
      await finish(job, { status: 'done', progress: 100, error: null, finishedAt: new Date() });
    } catch (error) {
      const reason = controller.signal.aborted ? controller.signal.reason : error;
      if (reason instanceof RetryLater) {
        // Put back as it was: waiting is not an attempt.
        await finish(job, { status: 'queued', attempts: job.attempts - 1, runAfter: new Date(Date.now() + reason.delayMs) });
      } else if (!running && !(reason instanceof PermanentJobError)) {
        // Stopped with the server: back to the queue, this attempt not counted.
        await finish(job, { status: 'queued', attempts: job.attempts - 1, runAfter: new Date() });
      } else if (reason instanceof PermanentJobError || job.attempts >= job.maxAttempts) {
        const key = reason instanceof PermanentJobError ? reason.key : 'job-failed';
        if (!(reason instanceof PermanentJobError)) options.log?.error({ err: error, jobId: job.id, kind: job.kind }, 'job failed');
        await finish(job, { status: 'failed', error: key, finishedAt: new Date() });
      } else {
        options.log?.error({ err: error, jobId: job.id, kind: job.kind, attempt: job.attempts }, 'job attempt failed, will retry');
        await finish(job, { status: 'queued', runAfter: new Date(Date.now() + backoffMs * 2 ** (job.attempts - 1)) });
      }
    } finally {
      clearTimeout(timer);
      clearInterval(heartbeat);
      active.delete(job.id);
    }
  }

  const pause = () =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(done, pollMs);
      function done() {
        clearTimeout(timer);
        wakers.delete(done);
        resolve();
      }
      wakers.add(done);
    });

  // A database that is down fails every poll: said once, until a claim works again.
  let claimFailing = false;
  async function loop(): Promise<void> {
    while (running) {
      let job: JobRow | undefined;
      try {
        job = await claim();
        claimFailing = false;
      } catch (error) {
        if (running && !claimFailing) options.log?.error({ err: error }, 'claiming a job failed');
        claimFailing = true;
      }
      // Claimed while the queue was being stopped: handed back untouched, as a running one would be.
      if (job && !running) await finish(job, { status: 'queued', attempts: job.attempts - 1, runAfter: new Date() });
      else if (job) await run(job);
      else if (running) await pause();
    }
  }

  return {
    async enqueue(executor, kind, payload) {
      const [row] = await executor.insert(jobs).values({ kind, payload }).returning({ id: jobs.id });
      return row!.id;
    },
    async start({ recover = false } = {}) {
      if (running || workers === 0) return;
      stopping = undefined;
      if (recover) {
        await db
          .update(jobs)
          .set({ status: 'queued', runAfter: new Date(), leaseUntil: null })
          .where(and(eq(jobs.status, 'running'), sql`${jobs.kind} in (${kindList})`));
      }
      running = true;
      loops = Array.from({ length: workers }, () => loop());
    },
    wake() {
      wakeAll();
    },
    stop() {
      if (!running && !stopping) return Promise.resolve();
      stopping ??= (async () => {
        running = false;
        wakeAll();
        for (const { controller } of active.values()) controller.abort(new Error('stopping'));
        let timer: NodeJS.Timeout | undefined;
        const ended = await Promise.race([Promise.all(loops).then(() => true), new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), stopGraceMs)))]);
        clearTimeout(timer);
        if (ended) return;
        for (const { job } of active.values()) {
          abandoned.add(job.id);
          options.log?.error({ jobId: job.id, kind: job.kind, graceMs: stopGraceMs }, 'job still running at stop: handed back unfinished');
          await db
            .update(jobs)
            .set({ status: 'queued', attempts: job.attempts - 1, runAfter: new Date(), leaseUntil: null, updatedAt: new Date() })
            .where(and(eq(jobs.id, job.id), eq(jobs.status, 'running')));
        }
      })();
      return stopping;
    },
    async drain(limitMs = 60_000) {
      const until = Date.now() + limitMs;
      for (;;) {
        const [pending] = await db
          .select({ n: sql<number>`count(*)::int` })
          .from(jobs)
          .where(sql`${jobs.status} in ('queued', 'running') and ${jobs.kind} in (${kindList})`);
        if (!pending?.n) return;
        if (Date.now() > until) throw new Error(`${pending.n} jobs still pending after ${limitMs} ms`);
        wakeAll();
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    },
  };
}
