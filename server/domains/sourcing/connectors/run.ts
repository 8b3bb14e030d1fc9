// One run of a connector: its records past the cursor go, as they arrive, through the same import
// as an admin's upload (an import run of origin "connector": dedup, matching, alerts, refusals), then
// the cursor moves to the last record imported. A source that fails mid-way fails the run, and what
// came before stays imported: the next run resumes after it.
import { Readable } from 'node:stream';
import { and, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../../db/client';
import { importRuns, sourcingConnectors } from '../../../db/schema';
import type { ImportJobHooks } from '../routes';
import { failImportRun, runImport } from '../store';
import { addDays, SOURCES, type ConnectorItem, type Cursor } from './sources';
import type { ConnectorName, ConnectorsConfig } from './config';
import { ConnectorFailure, politeClient, type PoliteClient } from './http';

export type ConnectorLog = { info(obj: object, msg: string): void; warn(obj: object, msg: string): void; error(obj: object, msg: string): void };

export type RunContext = {
  db: Database;
  config: ConnectorsConfig;
  /** One polite client per source, kept between runs (the delay holds across them). */
  clients: Record<ConnectorName, PoliteClient>;
  hooks?: ImportJobHooks;
  log?: ConnectorLog;
  /** Today (YYYY-MM-DD), for the tests' sake. */
  today?: () => string;
};

export const connectorClients = (config: ConnectorsConfig, log?: ConnectorLog): Record<ConnectorName, PoliteClient> => ({
  boamp: politeClient(config.boamp, log),
  ted: politeClient(config.ted, log),
  decp: politeClient(config.decp, log),
});

/** The connector's row, created the first time it is needed. */
export async function connectorRow(db: Database, name: ConnectorName) {
  await db.insert(sourcingConnectors).values({ name }).onConflictDoNothing();
  const [row] = await db.select().from(sourcingConnectors).where(eq(sourcingConnectors.name, name));
  return row!;
}

/** When a run that ended so is followed by the next: the interval, or a back-off after failures. */
export function nextRunAfter(config: ConnectorsConfig, name: ConnectorName, failures: number, now = Date.now()): Date {
  if (failures === 0) return new Date(now + config[name].intervalMs);
  return new Date(now + Math.min(config.maxRetryMs, config.retryMs * 2 ** (failures - 1)));
}

const XML_DECLARATION = /^\uFEFF?\s*<\?xml[^>]*\?>/;

export async function runConnector(ctx: RunContext, name: ConnectorName, signal: AbortSignal): Promise<void> {
  const { db, config } = ctx;
  const source = SOURCES[name];
  const row = await connectorRow(db, name);
  const today = ctx.today?.() ?? new Date().toISOString().slice(0, 10);
  const since = config.since ?? addDays(today, -config.sinceDays);
  const cursor: Cursor = { date: row.cursorDate, id: row.cursorId };
  const fileName = source.label(cursor.date ?? since);
  // The previous run's import, left running by a server that was killed: it ended there.
  if (row.importRunId) {
    await db
      .update(importRuns)
      .set({ status: 'failed', error: 'sourcing-connector_stopped', finishedAt: new Date(), updatedAt: new Date() })
      .where(and(eq(importRuns.id, row.importRunId), inArray(importRuns.status, ['queued', 'running'])));
  }
  const startedAt = new Date();
  const [run] = await db.insert(importRuns).values({ fileName, size: 0, status: 'running', origin: 'connector' }).returning({ id: importRuns.id });
  const runId = run!.id;
  await db.update(sourcingConnectors).set({ lastStartedAt: startedAt, importRunId: runId, updatedAt: startedAt }).where(eq(sourcingConnectors.name, name));

  let failure: ConnectorFailure | null = null;
  let fetched = 0;
  let last: ConnectorItem | null = null;
  let highest: ConnectorItem | null = null;
  const key = source.idKey ?? ((id: string) => id);
  const later = (a: ConnectorItem, b: ConnectorItem | null) => !b || a.date > b.date || (a.date === b.date && key(a.id) > key(b.id));
  const items = source.items({ client: ctx.clients[name], config, cursor, since, today, lastSuccessAt: row.status === 'succeeded' ? row.lastFinishedAt : null, signal });
  async function* file(): AsyncGenerator<Buffer> {
    if (source.format === 'xml') yield Buffer.from('<?xml version="1.0" encoding="UTF-8"?>\n<notices>\n');
    try {
      for await (const item of items) {
        fetched++;
        last = item;
        if (later(item, highest)) highest = item;
        yield Buffer.from(source.format === 'xml' ? `${item.body.replace(XML_DECLARATION, '')}\n` : `${item.body}\n`);
      }
    } catch (error) {
      if (signal.aborted) throw error;
      failure = error instanceof ConnectorFailure ? error : new ConnectorFailure('sourcing-connector_failed');
      if (!(error instanceof ConnectorFailure)) ctx.log?.error({ err: error, connector: name }, 'connector failed');
    }
    if (source.format === 'xml') yield Buffer.from('</notices>\n');
  }

  let counts;
  try {
    counts = await runImport({
      db,
      runId,
      input: Readable.from(file()),
      fileName,
      size: 0,
      hooks: ctx.hooks,
      signal,
      beforeDone: async () => {
        await ctx.hooks?.imported?.();
      },
    });
  } catch (error) {
    // Stopped with the server (the job runs again at the next start) or the database failed.
    await failImportRun(db, runId, signal.aborted ? 'sourcing-connector_stopped' : 'import-failed').catch(() => undefined);
    throw error;
  }

  const failed = failure as ConnectorFailure | null;
  // Sorted sources resume after the last record imported; DECP's file (unsorted) only once read whole.
  const reached = source.ordered ? (last as ConnectorItem | null) : failed ? null : (highest as ConnectorItem | null);
  const failures = failed ? row.failures + 1 : 0;
  const finishedAt = new Date();
  await db
    .update(sourcingConnectors)
    .set({
      ...(reached ? { cursorDate: reached.date, cursorId: reached.id } : {}),
      status: failed ? 'failed' : 'succeeded',
      error: failed ? failed.message : null,
      failures,
      fetched,
      newCount: counts.new,
      updatedCount: counts.updated + counts.cancelled + counts.awarded,
      refusedCount: counts.refused,
      lastFinishedAt: finishedAt,
      nextRunAt: nextRunAfter(config, name, failures, finishedAt.getTime()),
      updatedAt: finishedAt,
    })
    .where(eq(sourcingConnectors.name, name));
  if (failed) {
    await db.update(importRuns).set({ status: 'failed', error: failed.message, updatedAt: finishedAt }).where(eq(importRuns.id, runId));
    ctx.log?.warn({ connector: name, reason: failed.message, fetched }, 'connector run failed');
  } else ctx.log?.info({ connector: name, fetched, new: counts.new }, 'connector run done');
}
