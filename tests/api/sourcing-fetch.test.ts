// Scheduled fetch of notice exports (issue 13, "Ways in"), against a local HTTP server serving the
// fixtures: a pass downloads and imports, the next one gets 304 and imports nothing; server errors,
// timeouts, unreachable addresses and oversized bodies become failed runs with their reason.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { once } from 'node:events';
import { readFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { fetchPass, type FetchContext } from '../../server/domains/sourcing/fetch';
import { fetchConfigFromEnv, parseFetchUrls, type FetchConfig } from '../../server/domains/sourcing/fetch-config';
import { IMPORT_NOTICES } from '../../server/domains/sourcing/routes';
import { createJobQueue } from '../../server/jobs/queue';
import { ensureSchedules, scheduleHandlers, type Schedule } from '../../server/jobs/schedules';
import { localStorage } from '../../server/storage/local';
import { createTestApp, createUser, filesUnder, type TestContext } from './context';

const FIXTURE = join(import.meta.dirname, '../fixtures/sourcing/jpbenga_boamp-where-date_2026_fnsimple_5records.TRANSCRIBED.json');

type Run = { _id: string; fileName: string; origin: string; status: string; error: string | null; createdBy: unknown; counts: { notices: number; new: number } };

let ctx: TestContext;
let server: Server;
let base: string;
let fetchContext: FetchContext;
let adminToken: string;
const seen: { path: string; ifNoneMatch?: string }[] = [];
let open = 0;
let mostOpen = 0;

function serve(request: IncomingMessage, response: ServerResponse, body: Buffer) {
  const path = request.url ?? '/';
  seen.push({ path, ifNoneMatch: request.headers['if-none-match'] });
  if (path === '/boamp.json') {
    if (request.headers['if-none-match'] === '"v1"') return response.writeHead(304).end();
    return response.writeHead(200, { 'content-type': 'application/json', etag: '"v1"' }).end(body);
  }
  if (path === '/error') return response.writeHead(500).end('boom');
  if (path === '/slow') return; // never answers
  if (path === '/big') {
    // Chunked, no length announced: 64 KB at a time, 4 MB in all.
    response.writeHead(200, { 'content-type': 'application/json' });
    const chunk = Buffer.alloc(64 * 1024, ' ');
    let sent = 0;
    const more = () => {
      while (sent < 64 && !response.destroyed) {
        sent++;
        if (!response.write(sent === 1 ? Buffer.concat([Buffer.from('['), chunk]) : chunk)) return response.once('drain', more);
      }
      response.end(']');
    };
    return more();
  }
  if (path === '/announced') return response.writeHead(200, { 'content-type': 'application/json', 'content-length': String(512 * 1024) }).end(Buffer.alloc(512 * 1024, ' '));
  if (path === '/one-at-a-time') {
    open++;
    mostOpen = Math.max(mostOpen, open);
    setTimeout(() => {
      open--;
      response.writeHead(304).end();
    }, 150);
    return;
  }
  response.writeHead(404).end();
}

beforeAll(async () => {
  ctx = await createTestApp({ jobWorkers: 1 });
  const body = await readFile(FIXTURE);
  server = createServer((request, response) => serve(request, response, body));
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  // Enqueues only: the app's import worker runs the jobs, as for an upload.
  const jobs = createJobQueue(ctx.db, { workers: 0, handlers: { [IMPORT_NOTICES]: async () => undefined } });
  fetchContext = { db: ctx.db, storage: localStorage(ctx.filesDir), jobs };
  adminToken = (await createUser(ctx, 'admin')).token;
});

afterAll(async () => {
  server?.closeAllConnections();
  server?.close();
  await ctx?.close();
});

const config = (urls: string[], patch: Partial<FetchConfig> = {}): FetchConfig => ({ urls: urls.map((u) => (u.startsWith('http') ? u : base + u)), intervalMs: 60_000, timeoutMs: 5_000, maxBytes: 1024 * 1024, ...patch });

async function runs(language = 'fr'): Promise<Run[]> {
  const res = await ctx.app.inject({ method: 'GET', url: '/api/admin/imports?perPage=all', headers: { authorization: `Bearer ${adminToken}`, 'accept-language': language } });
  return (res.json() as { imports: Run[] }).imports;
}

async function finished(runId: string): Promise<Run> {
  for (let i = 0; i < 300; i++) {
    const run = (await runs()).find((r) => r._id === runId);
    if (run && (run.status === 'done' || run.status === 'failed')) return run;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`run ${runId} did not finish`);
}

describe('scheduled fetch', () => {
  it('a pass downloads the URL into a run of its own and imports it; the next pass gets 304 and imports nothing', async () => {
    const [outcome] = await fetchPass(fetchContext, config(['/boamp.json']));
    expect(outcome).toMatchObject({ url: `${base}/boamp.json`, result: 'queued' });
    const run = await finished(outcome!.runId!);
    expect(run).toMatchObject({ fileName: `${base}/boamp.json`, origin: 'fetch', status: 'done', createdBy: null, counts: { notices: 5, new: 5 } });
    // The download is removed from the storage once imported.
    expect(filesUnder(ctx.filesDir).filter((f) => f.startsWith('imports'))).toEqual([]);

    const before = (await runs()).length;
    expect(await fetchPass(fetchContext, config(['/boamp.json']))).toEqual([{ url: `${base}/boamp.json`, result: 'unchanged' }]);
    expect(seen.filter((s) => s.path === '/boamp.json').map((s) => s.ifNoneMatch)).toEqual([undefined, '"v1"']);
    expect(await runs()).toHaveLength(before);
  });

  it('a server error, a timeout and an unreachable address are failed runs with their reason; the pass goes on', async () => {
    const outcomes = await fetchPass(fetchContext, config(['/error', '/slow', 'http://127.0.0.1:1/avis.json', '/boamp.json'], { timeoutMs: 400 }));
    expect(outcomes.map((o) => o.result)).toEqual(['failed', 'failed', 'failed', 'unchanged']);
    const byId = new Map((await runs()).map((r) => [r._id, r]));
    expect(outcomes.slice(0, 3).map((o) => [byId.get(o.runId!)?.origin, byId.get(o.runId!)?.status, byId.get(o.runId!)?.error])).toEqual([
      ['fetch', 'failed', 'Le serveur de la source a répondu par une erreur (HTTP 500).'],
      ['fetch', 'failed', 'Le téléchargement a dépassé le temps imparti.'],
      ['fetch', 'failed', "Source injoignable : l'adresse ne répond pas."],
    ]);
    const english = (await runs('en')).find((r) => r._id === outcomes[0]!.runId);
    expect(english?.error).toBe("The source's server answered with an error (HTTP 500).");
  });

  it('a body past the size limit is refused, announced or not, and nothing of it is kept', async () => {
    const outcomes = await fetchPass(fetchContext, config(['/big', '/announced'], { maxBytes: 256 * 1024 }));
    expect(outcomes.map((o) => [o.result, o.error])).toEqual([
      ['failed', 'import-fetch_too_large'],
      ['failed', 'import-fetch_too_large'],
    ]);
    const run = (await runs()).find((r) => r._id === outcomes[0]!.runId);
    expect(run).toMatchObject({ status: 'failed', error: 'Fichier trop volumineux : 1 Go au plus.' });
    expect(filesUnder(ctx.filesDir).filter((f) => f.startsWith('imports'))).toEqual([]);
  });

  it('started with the server, passes follow each other and never overlap; stopping ends the one under way', async () => {
    // The fetch's schedule as a worker runs it (server/app.ts).
    const fetching: Schedule = { name: 'sourcing-fetch', everyMs: 10, run: (signal) => fetchPass(fetchContext, config(['/one-at-a-time']), signal) };
    await ensureSchedules(ctx.db, [fetching]);
    const worker = createJobQueue(ctx.db, { workers: 1, pollMs: 10, handlers: scheduleHandlers(ctx.db, [fetching], console) });
    await worker.start();
    await new Promise((resolve) => setTimeout(resolve, 1000));
    await worker.stop();
    const count = seen.filter((s) => s.path === '/one-at-a-time').length;
    expect(count).toBeGreaterThanOrEqual(3);
    expect(mostOpen).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(seen.filter((s) => s.path === '/one-at-a-time')).toHaveLength(count);
  });

  it('configured by SOURCING_FETCH_URLS and SOURCING_FETCH_INTERVAL_MINUTES: off unless an interval is set, http(s) only', () => {
    expect(fetchConfigFromEnv({ SOURCING_FETCH_URLS: 'https://example.org/a.json' })).toBeNull();
    expect(fetchConfigFromEnv({ SOURCING_FETCH_URLS: 'https://example.org/a.json,\nhttp://example.org/b.xml', SOURCING_FETCH_INTERVAL_MINUTES: '60' })).toMatchObject({
      urls: ['https://example.org/a.json', 'http://example.org/b.xml'],
      intervalMs: 3_600_000,
    });
    expect(() => parseFetchUrls('file:///etc/passwd')).toThrow(/not an http\(s\) URL/);
    expect(() => fetchConfigFromEnv({ SOURCING_FETCH_INTERVAL_MINUTES: '60' })).toThrow(/SOURCING_FETCH_URLS/);
    expect(() => fetchConfigFromEnv({ SOURCING_FETCH_URLS: 'https://example.org/a.json', SOURCING_FETCH_INTERVAL_MINUTES: 'hourly' })).toThrow(/positive number/);
  });
});
