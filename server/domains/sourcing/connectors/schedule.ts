// The connectors run as jobs of the Postgres queue (one at a time, resumed after a restart). A
// recurring job (server/jobs/schedules.ts, every tick) looks for a connector that is due (on,
// available, not queued or running, its next run time passed) and queues its job; "run now" queues it at once.
import { eq, inArray } from 'drizzle-orm';
import type { Database } from '../../../db/client';
import { jobs, sourcingConnectors } from '../../../db/schema';
import type { JobHandler, JobQueue } from '../../../jobs/queue';
import { CONNECTOR_NAMES, type ConnectorName, type ConnectorsConfig } from './config';
import { connectorRow, runConnector, type RunContext } from './run';

export const RUN_CONNECTOR = 'sourcing-connector';

export const isConnectorName = (value: unknown): value is ConnectorName => (CONNECTOR_NAMES as readonly unknown[]).includes(value);

/** The job of one run; a connector turned off or unavailable meanwhile does nothing. */
export function connectorJobHandler(ctx: RunContext): JobHandler {
  return async (job, context) => {
    const name = job.payload.name;
    if (!isConnectorName(name) || !ctx.config.enabled.includes(name)) return;
    const row = await connectorRow(ctx.db, name);
    if (!row.enabled) return;
    await runConnector(ctx, name, context.signal);
  };
}

/** Whether the connector's last job is still queued or running. */
export async function isBusy(db: Database, jobId: string | null): Promise<boolean> {
  if (!jobId) return false;
  const [job] = await db.select({ status: jobs.status }).from(jobs).where(eq(jobs.id, jobId));
  return job?.status === 'queued' || job?.status === 'running';
}

type Queue = Pick<JobQueue, 'enqueue' | 'wake'>;

/** Queues a run of the connector, unless one is already queued or running (in one transaction, its row locked). */
export async function queueConnector(db: Database, queue: Queue, name: ConnectorName): Promise<boolean> {
  await connectorRow(db, name);
  const queued = await db.transaction(async (tx) => {
    const [row] = await tx.select().from(sourcingConnectors).where(eq(sourcingConnectors.name, name)).for('update');
    if (row!.jobId) {
      const [job] = await tx.select({ status: jobs.status }).from(jobs).where(eq(jobs.id, row!.jobId));
      if (job?.status === 'queued' || job?.status === 'running') return false;
    }
    const jobId = await queue.enqueue(tx, RUN_CONNECTOR, { name });
    await tx.update(sourcingConnectors).set({ jobId, updatedAt: new Date() }).where(eq(sourcingConnectors.name, name));
    return true;
  });
  if (queued) queue.wake();
  return queued;
}

/** One look: every connector on, available and due gets its job. Returns the ones queued. */
export async function queueDueConnectors(db: Database, queue: Queue, config: ConnectorsConfig, now = new Date()): Promise<ConnectorName[]> {
  const queued: ConnectorName[] = [];
  for (const name of config.enabled) await connectorRow(db, name);
  const rows = await db.select().from(sourcingConnectors).where(inArray(sourcingConnectors.name, config.enabled));
  for (const row of rows) {
    if (!row.enabled || !isConnectorName(row.name)) continue;
    if (row.nextRunAt && row.nextRunAt > now) continue;
    if (await queueConnector(db, queue, row.name)) queued.push(row.name);
  }
  return queued;
}
