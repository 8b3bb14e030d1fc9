// Scheduled fetch of notice exports (issue 13, "Ways in"): every SOURCING_FETCH_INTERVAL_MINUTES the
// server downloads each of SOURCING_FETCH_URLS into the storage, as an admin's upload would be, and
// queues the same import job. Off unless both are set. A URL that has not changed (304 to the
// validators of its last download) is skipped; a download that fails is a failed run with its
// reason, never a crash. Passes run one after another, never two at once.
import { randomUUID } from 'node:crypto';
import { Readable, Transform, pipeline } from 'node:stream';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { importRuns } from '../../db/schema';
import { AppError } from '../../errors';
import { receiveUpload } from '../../files/intake';
import type { JobQueue } from '../../jobs/queue';
import type { Storage } from '../../storage/storage';
import { sniffContainer } from './reader';
import { IMPORT_NOTICES } from './routes';
import type { FetchConfig } from './fetch-config';
import { createImportRun, failImportRun } from './store';

/** Where the validators (ETag, Last-Modified) of each URL's last download are kept. */
const STATE_KEY = 'sourcing-fetch/state.json';

export type FetchContext = {
  db: Database;
  storage: Storage;
  jobs: Pick<JobQueue, 'enqueue' | 'wake'>;
  log?: { info(obj: object, msg: string): void; warn(obj: object, msg: string): void };
};

export type FetchOutcome = { url: string; result: 'queued' | 'unchanged' | 'failed'; runId?: string; error?: string };

/** A download that did not give a file to import: its catalogue key (import-fetch_…), and the HTTP status. */
class FetchFailure extends Error {
  constructor(
    readonly key: string,
    readonly status?: number,
  ) {
    super(status ? `${key}:${status}` : key);
  }
}

type Validators = Record<string, { etag?: string; lastModified?: string }>;

async function readValidators(storage: Storage): Promise<Validators> {
  const file = await storage.get(STATE_KEY);
  if (!file) return {};
  const chunks: Buffer[] = [];
  for await (const chunk of file.stream) chunks.push(chunk as Buffer);
  try {
    return JSON.parse(Buffer.concat(chunks).toString('utf8')) as Validators;
  } catch {
    return {};
  }
}

/** Downloads one URL into the storage and queues its import; a 304 queues nothing. */
async function fetchOne(ctx: FetchContext, config: FetchConfig, url: string, validators: Validators, stop?: AbortSignal): Promise<FetchOutcome> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(new FetchFailure('import-fetch_timeout')), config.timeoutMs);
  const onStop = () => controller.abort(new FetchFailure('import-fetch_stopped'));
  stop?.addEventListener('abort', onStop);
  /** What went wrong, as a FetchFailure, whichever layer saw it first. */
  const failure = (error: unknown): FetchFailure => {
    if (controller.signal.aborted && controller.signal.reason instanceof FetchFailure) return controller.signal.reason;
    if (error instanceof FetchFailure) return error;
    if (error instanceof AppError && error.status === 400) return new FetchFailure('import-fetch_empty');
    return new FetchFailure('import-fetch_unreachable');
  };
  try {
    const known = validators[url] ?? {};
    const headers: Record<string, string> = { accept: 'application/json, application/xml, application/zip, */*' };
    if (known.etag) headers['if-none-match'] = known.etag;
    if (known.lastModified) headers['if-modified-since'] = known.lastModified;
    let response: Response;
    try {
      response = await fetch(url, { headers, signal: controller.signal, redirect: 'follow' });
    } catch (error) {
      throw failure(error);
    }
    if (response.status === 304) {
      await response.body?.cancel().catch(() => undefined);
      return { url, result: 'unchanged' };
    }
    if (!response.ok) {
      await response.body?.cancel().catch(() => undefined);
      throw new FetchFailure('import-fetch_http_error', response.status);
    }
    const announced = Number(response.headers.get('content-length') ?? NaN);
    if (announced > config.maxBytes) {
      await response.body?.cancel().catch(() => undefined);
      throw new FetchFailure('import-fetch_too_large');
    }
    if (!response.body) throw new FetchFailure('import-fetch_empty');

    // Streamed to the storage like an upload, stopped as soon as it passes the limit.
    let size = 0;
    const limit = new Transform({
      transform(chunk: Buffer, _encoding, done) {
        size += chunk.length;
        if (size > config.maxBytes) done(new FetchFailure('import-fetch_too_large'));
        else done(null, chunk);
      },
    });
    const body = pipeline(Readable.fromWeb(response.body as WebReadableStream<Uint8Array>), limit, () => undefined);
    const key = `imports/${randomUUID()}`;
    let received: Awaited<ReturnType<typeof receiveUpload>>;
    try {
      received = await receiveUpload(ctx.storage, key, body, { maxBytes: config.maxBytes });
    } catch (error) {
      throw failure(error);
    }
    if (sniffContainer(received.head) === 'unknown') {
      await received.discard();
      throw new FetchFailure('import-invalid_file_type');
    }
    let runId: string;
    try {
      await received.commit();
      runId = await ctx.db.transaction(async (tx) => {
        const id = await createImportRun(tx, { fileName: url, size: received.size, storageKey: key, origin: 'fetch' });
        const jobId = await ctx.jobs.enqueue(tx, IMPORT_NOTICES, { runId: id });
        await tx.update(importRuns).set({ jobId }).where(eq(importRuns.id, id));
        return id;
      });
    } catch (error) {
      await received.discard();
      await ctx.storage.delete(key).catch(() => undefined);
      throw error;
    }
    ctx.jobs.wake();
    const etag = response.headers.get('etag');
    const lastModified = response.headers.get('last-modified');
    if (etag || lastModified) validators[url] = { ...(etag ? { etag } : {}), ...(lastModified ? { lastModified } : {}) };
    else delete validators[url];
    return { url, result: 'queued', runId };
  } finally {
    clearTimeout(timer);
    stop?.removeEventListener('abort', onStop);
  }
}

/**
 * One pass over the configured URLs, one after another. A URL that could not be downloaded is a
 * failed run (its file name the URL, its error the reason's key) and the pass goes on.
 */
export async function fetchPass(ctx: FetchContext, config: FetchConfig, stop?: AbortSignal): Promise<FetchOutcome[]> {
  const validators = await readValidators(ctx.storage);
  const outcomes: FetchOutcome[] = [];
  for (const url of config.urls) {
    if (stop?.aborted) break;
    try {
      outcomes.push(await fetchOne(ctx, config, url, validators, stop));
    } catch (error) {
      if (stop?.aborted) break;
      const reason = error instanceof FetchFailure ? error.message : 'import-fetch_unreachable';
      const runId = await createImportRun(ctx.db, { fileName: url, size: 0, origin: 'fetch', status: 'running' });
      await failImportRun(ctx.db, runId, reason);
      ctx.log?.warn({ url, reason, err: error instanceof FetchFailure ? undefined : error }, 'notice fetch failed');
      outcomes.push({ url, result: 'failed', runId, error: reason });
    }
  }
  await ctx.storage.put(STATE_KEY, Buffer.from(JSON.stringify(validators)));
  ctx.log?.info({ outcomes: outcomes.map((o) => `${o.result} ${o.url}`) }, 'notice fetch pass done');
  return outcomes;
}
