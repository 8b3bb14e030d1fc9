// The admin's view of the built-in connectors (issue 24): each one's last run, counts and error, where
// it resumes; run one now, turn one off. Admin only (x-roles in the contract, checked by the binder).
import { inArray } from 'drizzle-orm';
import type { components } from '../../../../openapi/schema';
import type { Database } from '../../../db/client';
import { jobs, sourcingConnectors } from '../../../db/schema';
import type { Deps } from '../../../deps';
import { AppError } from '../../../errors';
import { t } from '../../../i18n';
import type { JobQueue } from '../../../jobs/queue';
import type { Handlers } from '../../../openapi/handlers';
import { CONNECTOR_NAMES, type ConnectorName, type ConnectorsConfig } from './config';
import { connectorRow } from './run';
import { queueConnector } from './schedule';

type Connector = components['schemas']['SourcingConnector'];
type Translate = (key: string, vars?: Record<string, string | number>) => string;

async function readConnectors(db: Database, config: ConnectorsConfig | null, names: readonly ConnectorName[], translate: Translate): Promise<Connector[]> {
  for (const name of names) await connectorRow(db, name);
  const rows = await db.select().from(sourcingConnectors).where(inArray(sourcingConnectors.name, [...names]));
  const jobIds = rows.flatMap((r) => (r.jobId ? [r.jobId] : []));
  const jobRows = jobIds.length ? await db.select({ id: jobs.id, status: jobs.status }).from(jobs).where(inArray(jobs.id, jobIds)) : [];
  const jobStatus = new Map(jobRows.map((j) => [j.id, j.status]));
  return names.map((name) => {
    const row = rows.find((r) => r.name === name)!;
    const available = config?.enabled.includes(name) ?? false;
    const job = row.jobId ? jobStatus.get(row.jobId) : undefined;
    const status = job === 'queued' || job === 'running' ? job : row.status === 'succeeded' || row.status === 'failed' ? row.status : 'never';
    // A failed run keeps the HTTP status after its key (sourcing-connector_http_error:503).
    const [errorKey, httpStatus] = row.error ? row.error.split(':') : [];
    const scheduled = available && row.enabled && config!.tickMs > 0;
    return {
      name,
      available,
      enabled: row.enabled,
      status,
      lastStartedAt: row.lastStartedAt?.toISOString() ?? null,
      lastFinishedAt: row.lastFinishedAt?.toISOString() ?? null,
      nextRunAt: scheduled ? (row.nextRunAt ?? new Date()).toISOString() : null,
      counts: { fetched: row.fetched, new: row.newCount, updated: row.updatedCount, refused: row.refusedCount },
      error: status === 'failed' && errorKey ? translate(errorKey, { status: httpStatus ?? '' }) : null,
      cursor: { date: row.cursorDate, id: row.cursorId },
      importRunId: row.importRunId,
      failures: row.failures,
    };
  });
}

export function connectorsHandlers(
  { db }: Deps,
  { queue, config }: { queue: Pick<JobQueue, 'enqueue' | 'wake'>; config: ConnectorsConfig | null },
): Handlers<'listSourcingConnectors' | 'updateSourcingConnector' | 'runSourcingConnector'> {
  const one = async (name: ConnectorName, translate: Translate) => (await readConnectors(db, config, [name], translate))[0]!;
  return {
    async listSourcingConnectors(request) {
      return { connectors: await readConnectors(db, config, CONNECTOR_NAMES, (key, vars) => t(request, key, vars)) };
    },

    async updateSourcingConnector(request) {
      const { name } = request.params;
      const { enabled } = request.body;
      await connectorRow(db, name);
      // Off, the schedule skips it and a queued run does nothing; on again, it runs when due, from its cursor.
      await db.update(sourcingConnectors).set({ enabled, updatedAt: new Date() }).where(inArray(sourcingConnectors.name, [name]));
      const translate: Translate = (key, vars) => t(request, key, vars);
      return { msg: t(request, enabled ? 'sourcing-connector_enabled' : 'sourcing-connector_disabled_saved'), details: await one(name, translate) };
    },

    async runSourcingConnector(request, reply) {
      const { name } = request.params;
      if (!config?.enabled.includes(name)) throw new AppError(409, 'sourcing-connector_unavailable');
      const row = await connectorRow(db, name);
      if (!row.enabled) throw new AppError(409, 'sourcing-connector_disabled');
      if (!(await queueConnector(db, queue, name))) throw new AppError(409, 'sourcing-connector_busy');
      reply.code(202);
      return { msg: t(request, 'sourcing-connector_queued'), details: await one(name, (key, vars) => t(request, key, vars)) };
    },
  };
}
