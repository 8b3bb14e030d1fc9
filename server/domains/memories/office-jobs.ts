// LibreOffice in a fleet (issue 27): API processes start no soffice. They hand each operation to
// the workers as an `office` job: the input goes to storage as a temporary object, the job names it
// and the operation, a worker runs it on one of its own warm instances (office.ts) and writes the
// result as another temporary object, whose key it adds to the job's payload. The API process polls
// the job's row, reads the result and removes both objects; one it never reads (it gave up waiting,
// it was killed) is removed by the hourly sweep of temporary objects. Same `Office` interface as
// createOffice: the export's code does not know where LibreOffice runs.
//
// Each worker that has LibreOffice keeps a row of office_workers fresh while it runs: `available()`
// on the API side is "a worker was seen lately", and `emojiFont()` is that worker's font.
import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { and, desc, eq, gt, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { jobs, officeWorkers } from '../../db/schema';
import type { Storage } from '../../storage/storage';
import { PermanentJobError, type JobHandler, type JobQueue } from '../../jobs/queue';
import { OfficeUnavailable, type Office } from './office';

export const OFFICE_JOB = 'office';
export type OfficeOperation = 'pdf' | 'toc-pages' | 'odt-to-docx';
type OfficePayload = { op: OfficeOperation; input: string; output?: string };

/** Far above any memory or frame; putTemporary wants a bound. */
const MAX_OBJECT_BYTES = 512 * 1024 * 1024;
/** A worker refreshes its row this often; one not seen for three periods is gone. */
export const OFFICE_HEARTBEAT_MS = 10_000;
const OFFICE_STALE_MS = 3 * OFFICE_HEARTBEAT_MS;
/** LibreOffice's own limit (120 s, office.ts) and some time in the queue. */
export const OFFICE_WAIT_MS = 150_000;
/** The job's row is read this often while an API process waits for it. */
const OFFICE_POLL_MS = 100;

/**
 * The worker's side: runs each job on an idle instance of `offices` (the queue runs as many jobs at
 * once as there are instances). A failure is final: the user is waiting, and a document LibreOffice
 * cannot lay out fails the same way again.
 */
export function officeJobHandler(db: Database, storage: Storage, offices: Office[]): JobHandler {
  const idle = [...offices];
  return async (job, { signal }) => {
    const { op, input } = job.payload as OfficePayload;
    const office = idle.pop();
    if (!office) throw new Error('no idle LibreOffice instance: the queue runs more jobs than there are instances');
    try {
      const file = await storage.get(input);
      // The API process gave up and removed it: nobody waits for the result.
      if (!file) throw new PermanentJobError('job-timeout');
      const bytes = await buffer(file.stream);
      const result = op === 'pdf' ? await office.pdf(bytes) : op === 'odt-to-docx' ? await office.odtToDocx(bytes) : Buffer.from(JSON.stringify(await office.tocPages(bytes)));
      const { tempKey } = await storage.putTemporary(`office/${job.id}/output`, Readable.from([result]), MAX_OBJECT_BYTES);
      await db
        .update(jobs)
        .set({ payload: { ...job.payload, output: tempKey } })
        .where(eq(jobs.id, job.id));
    } catch (error) {
      // Stopping: the queue hands the job back to another worker.
      if (signal.aborted || error instanceof PermanentJobError) throw error;
      throw Object.assign(new PermanentJobError('job-failed'), { cause: error });
    } finally {
      idle.push(office);
    }
  };
}

/**
 * Says that this worker runs office jobs, while it runs: a row refreshed every OFFICE_HEARTBEAT_MS
 * and removed at stop (a killed worker's row goes stale, and old ones are swept here).
 */
export async function announceOfficeWorker(db: Database, office: Office, concurrency: number): Promise<{ stop(): Promise<void> }> {
  const id = randomUUID();
  await db.insert(officeWorkers).values({ id, emojiFont: await office.emojiFont(), concurrency });
  const beat = setInterval(() => {
    void db
      .update(officeWorkers)
      .set({ seenAt: new Date() })
      .where(eq(officeWorkers.id, id))
      .then(() => db.delete(officeWorkers).where(sql`${officeWorkers.seenAt} < now() - interval '1 hour'`))
      .catch(() => undefined);
  }, OFFICE_HEARTBEAT_MS);
  beat.unref();
  return {
    async stop() {
      clearInterval(beat);
      await db
        .delete(officeWorkers)
        .where(eq(officeWorkers.id, id))
        .catch(() => undefined);
    },
  };
}

/** The API's side: every operation is a job run by a worker; the API process removes the input once answered. */
export function queuedOffice(deps: { db: Database; storage: Storage; queue: JobQueue; waitMs?: number; pollMs?: number }): Office {
  const { db, storage, queue } = deps;
  const waitMs = deps.waitMs ?? OFFICE_WAIT_MS;
  const pollMs = deps.pollMs ?? OFFICE_POLL_MS;
  // One export asks two or three times: the row is read once for them.
  let seen: { at: number; worker: Promise<{ emojiFont: string | null } | undefined> } | undefined;
  const liveWorker = () => {
    if (!seen || Date.now() - seen.at > 2_000) {
      const worker = db
        .select({ emojiFont: officeWorkers.emojiFont })
        .from(officeWorkers)
        .where(gt(officeWorkers.seenAt, sql`now() - make_interval(secs => ${OFFICE_STALE_MS / 1000})`))
        .orderBy(desc(officeWorkers.seenAt))
        .limit(1)
        .then(([row]) => row);
      seen = { at: Date.now(), worker };
      worker.catch(() => (seen = undefined));
    }
    return seen.worker;
  };

  const run = async (op: OfficeOperation, file: Buffer): Promise<Buffer> => {
    if (!(await liveWorker())) throw new OfficeUnavailable();
    const { tempKey: input } = await storage.putTemporary(`office/${randomUUID()}/input`, Readable.from([file]), MAX_OBJECT_BYTES);
    try {
      const id = await queue.enqueue(db, OFFICE_JOB, { op, input } satisfies OfficePayload);
      for (const end = Date.now() + waitMs; Date.now() < end; ) {
        await new Promise((resolve) => setTimeout(resolve, pollMs));
        const [row] = await db.select({ status: jobs.status, error: jobs.error, payload: jobs.payload }).from(jobs).where(eq(jobs.id, id));
        if (row?.status === 'failed') throw new Error(`LibreOffice job ${id} failed: ${row.error}`);
        if (row?.status !== 'done') continue;
        const output = (row.payload as OfficePayload).output!;
        const result = await storage.get(output);
        if (!result) throw new Error(`LibreOffice job ${id}: its result is gone`);
        const bytes = await buffer(result.stream);
        await storage.delete(output);
        return bytes;
      }
      // Not taken yet: nobody will wait for it. Taken: its worker finds its input gone or writes a result the sweep removes.
      await db
        .update(jobs)
        .set({ status: 'failed', error: 'job-timeout', finishedAt: new Date(), updatedAt: new Date() })
        .where(and(eq(jobs.id, id), eq(jobs.status, 'queued')));
      throw new Error(`LibreOffice job ${id}: no answer in ${waitMs} ms`);
    } finally {
      await storage.delete(input).catch(() => undefined);
    }
  };

  return {
    available: async () => !!(await liveWorker().catch(() => undefined)),
    emojiFont: async () => (await liveWorker().catch(() => undefined))?.emojiFont ?? null,
    tocPages: async (docx) => JSON.parse((await run('toc-pages', docx)).toString('utf8')) as number[],
    pdf: (docx) => run('pdf', docx),
    odtToDocx: (odt) => run('odt-to-docx', odt),
    close: async () => undefined,
  };
}
