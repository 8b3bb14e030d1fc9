import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { documentPages, jobs, tenderDocuments } from '../../db/schema';
import { unpackIndex, type PackedIndex, type PageText, type PassageIndex } from '../../analysis/retrieval';
import { tuning } from '../../config';

/**
 * `pages`: how many pages of text the tender's documents have (none: nothing uploaded or read yet);
 * `vectors`: the passages' embeddings once asked (see passageVectors), dropped with the index;
 * `vectorBytes`: what they hold once they came, counted in the cache's budget with the index.
 */
export type TenderPassages = {
  signature: string;
  index: PassageIndex;
  pages: number;
  vectors?: Promise<Float32Array[]>;
  vectorBytes?: number;
  /** Set by the cache that keeps the entry: told when the entry grew (its vectors came). */
  resized?: () => void;
};

const basename = (path: string) => path.split('/').pop() ?? path;

/** The indexes kept, in bytes, unless CHAT_INDEX_CACHE_MB says otherwise. */
export const DEFAULT_INDEX_CACHE_BYTES = 64 * 1024 * 1024;
const budgetFromEnv = () => tuning.chatIndexCacheBytes() ?? DEFAULT_INDEX_CACHE_BYTES;

/** What an entry holds in memory: its index (PassageIndex.bytes) and its vectors. */
export const entryBytes = (entry: TenderPassages) => entry.index.bytes + (entry.vectorBytes ?? 0);

/**
 * The tenders' indexes kept in memory within a budget of bytes (entryBytes), the least recently
 * used dropped first. An index larger than the whole budget is not kept (its caller still uses
 * it): keeping it would drop every other one, and the next build of it would drop it anyway.
 */
export class PassageCache {
  // Most recently used last: a Map keeps insertion order.
  private readonly entries = new Map<string, TenderPassages>();

  constructor(readonly budgetBytes: number) {}

  /** The tender's entry, now the most recently used. */
  get(tenderId: string): TenderPassages | undefined {
    const entry = this.entries.get(tenderId);
    if (entry) {
      this.entries.delete(tenderId);
      this.entries.set(tenderId, entry);
    }
    return entry;
  }

  /** Keeps the entry, the most recently used, in place of the tender's previous one; false when it alone is over the budget. */
  set(tenderId: string, entry: TenderPassages): boolean {
    this.delete(tenderId);
    if (entryBytes(entry) > this.budgetBytes) return false;
    this.entries.set(tenderId, entry);
    entry.resized = () => {
      if (this.entries.get(tenderId) !== entry) return;
      if (entryBytes(entry) > this.budgetBytes) this.delete(tenderId);
      else this.trim();
    };
    this.trim();
    return true;
  }

  delete(tenderId: string) {
    const entry = this.entries.get(tenderId);
    if (entry) entry.resized = undefined;
    this.entries.delete(tenderId);
  }

  /** The tenders kept, the least recently used first. */
  keys(): string[] {
    return [...this.entries.keys()];
  }

  /** The bytes the entries kept hold. */
  get bytes(): number {
    let total = 0;
    for (const entry of this.entries.values()) total += entryBytes(entry);
    return total;
  }

  private trim() {
    let total = this.bytes;
    for (const [tenderId, entry] of this.entries) {
      if (total <= this.budgetBytes) break;
      total -= entryBytes(entry);
      this.delete(tenderId);
    }
  }
}

// ---------------------------------------------------------------------------------------------
// The builder thread.

// Same extension as this module: index-worker.ts under tsx, index-worker.js if the server is ever compiled.
const workerScript = fileURLToPath(new URL(`./index-worker${import.meta.url.slice(import.meta.url.lastIndexOf('.'))}`, import.meta.url));
const projectRoot = fileURLToPath(new URL('../../../', import.meta.url));
/** A thread without builds for this long ends (what it holds is freed); the next question starts another. */
const WORKER_IDLE_MS = 60_000;
/**
 * The thread's heap. A build of a tender's 16 MB of text (MAX_TENDER_TEXT_BYTES) of words that
 * are all different, the worst case, peaks at about 200 MB (2 million lexemes); a few builds fit
 * at once. Past the limit the thread dies and its questions fail, the server does not.
 */
const WORKER_HEAP_MB = 1024;

let bundled: Promise<string | undefined> | undefined;

/**
 * The worker as one plain JavaScript file, bundled once per server process like the extraction
 * child (server/extraction/run.ts): our code only, the packages stay imports resolved from
 * node_modules beside it. Without esbuild, or if bundling fails, the thread loads the TypeScript
 * through tsx.
 */
function bundledWorker(): Promise<string | undefined> {
  if (!workerScript.endsWith('.ts')) return Promise.resolve(undefined);
  bundled ??= (async () => {
    try {
      const { build } = await import('esbuild');
      const output = await build({ entryPoints: [workerScript], bundle: true, platform: 'node', format: 'esm', target: 'node20', packages: 'external', write: false, logLevel: 'silent' });
      const code = output.outputFiles[0]!.text;
      const folder = join(projectRoot, 'node_modules', '.cache', 'soumissio');
      const file = join(folder, `chat-index-worker-${createHash('sha1').update(code).digest('hex').slice(0, 12)}.mjs`);
      if (!existsSync(file)) {
        await mkdir(folder, { recursive: true });
        // Written whole, then renamed: another server starting at once never runs half a file.
        const temporary = `${file}.${process.pid}.tmp`;
        await writeFile(temporary, code);
        await rename(temporary, file);
      }
      return file;
    } catch {
      return undefined;
    }
  })();
  return bundled;
}

/**
 * The thread for an entry: a JavaScript file as it is, without this process' flags (tsx's loader
 * is not needed, and debugger flags would fight for the port); a TypeScript one through tsx, which
 * a worker of Node 20 does not inherit (nor take as `--import`), registered by a first module.
 */
function threadFor(entry: string): Worker {
  const options = { execArgv: [], resourceLimits: { maxOldGenerationSizeMb: WORKER_HEAP_MB } };
  if (!entry.endsWith('.ts')) return new Worker(entry, options);
  // tsx/esm/api as `import` resolves it (require would give its CommonJS build).
  const manifest = createRequire(import.meta.url).resolve('tsx/package.json');
  const api = (JSON.parse(readFileSync(manifest, 'utf8')) as { exports: Record<string, { import: { default: string } }> }).exports['./esm/api']!.import.default;
  const tsx = pathToFileURL(join(dirname(manifest), api)).href;
  const start = `import { register } from ${JSON.stringify(tsx)};\nregister();\nawait import(${JSON.stringify(pathToFileURL(entry).href)});`;
  return new Worker(new URL(`data:text/javascript,${encodeURIComponent(start)}`), options);
}

type Build = { resolve: (packed: PackedIndex) => void; reject: (error: Error) => void };
/** `rest`: no build left, the thread no longer keeps the process alive and ends after WORKER_IDLE_MS. */
type Thread = { worker: Worker; builds: Map<number, Build>; idle?: NodeJS.Timeout; rest: () => void; gone?: boolean };

/** The thread new builds go to (one: builds queue there, the server's thread keeps the other core). */
let thread: Promise<Thread> | undefined;
let builds = 0;
let threadsStarted = 0;

/** How many builder threads, and how many builds, this process has started (tests). */
export const indexThreadsStarted = () => threadsStarted;
export const indexBuildsStarted = () => builds;

function startThread(): Promise<Thread> {
  if (thread) return thread;
  const starting: Promise<Thread> = (async () => {
    const entry = (await bundledWorker()) ?? workerScript;
    const worker = threadFor(entry);
    threadsStarted++;
    const started: Thread = {
      worker,
      builds: new Map(),
      rest: () => {
        worker.unref();
        clearTimeout(started.idle);
        started.idle = setTimeout(() => {
          // Builds from now on go to a new thread, never to this one as it ends.
          if (thread === starting) thread = undefined;
          void worker.terminate();
        }, WORKER_IDLE_MS);
        started.idle.unref();
      },
    };
    // A thread that fails or dies fails the builds it had; the next question starts another.
    const end = (error: Error) => {
      started.gone = true;
      if (thread === starting) thread = undefined;
      clearTimeout(started.idle);
      for (const build of started.builds.values()) build.reject(error);
      started.builds.clear();
    };
    worker.on('message', (message: { type: 'built'; id: number; packed: PackedIndex } | { type: 'failed'; id: number; message: string }) => {
      const build = started.builds.get(message.id);
      if (!build) return;
      started.builds.delete(message.id);
      if (message.type === 'built') build.resolve(message.packed);
      else build.reject(new Error(`passage index: ${message.message}`));
      if (started.builds.size === 0) started.rest();
    });
    worker.on('error', (error) => {
      end(error);
      void worker.terminate();
    });
    worker.on('exit', (code) => end(new Error(`passage index thread exited (${code})`)));
    return started;
  })();
  thread = starting;
  // A thread that could not start is not kept: the next question tries again.
  starting.catch(() => {
    if (thread === starting) thread = undefined;
  });
  return starting;
}

/** A build in the thread: pages sent as they are read, then the packed index. */
async function startBuild() {
  let started = await startThread();
  if (started.gone) started = await startThread();
  const id = ++builds;
  clearTimeout(started.idle);
  started.worker.ref();
  const packed = new Promise<PackedIndex>((resolve, reject) => started.builds.set(id, { resolve, reject }));
  // Its failure is the caller's once it asks for the index; a build dropped is nobody's.
  packed.catch(() => undefined);
  return {
    send: (bodies: string[]) => started.worker.postMessage({ type: 'pages', id, bodies }),
    end: () => {
      started.worker.postMessage({ type: 'end', id });
      return packed;
    },
    drop: () => {
      started.worker.postMessage({ type: 'drop', id });
      started.builds.delete(id);
      if (started.builds.size === 0) started.rest();
    },
  };
}

// ---------------------------------------------------------------------------------------------
// Reading the pages.

/**
 * Pages whose size is read in one statement, and the bodies read in one: each statement holds
 * PGlite, which runs on the server's thread, a few milliseconds; each is followed by a pause as
 * long (at most PAUSE_MS), so that the build takes at most about half of that thread, as the
 * extraction's page writer does (server/domains/tender-docs/extraction.ts).
 */
const PAGE_ROWS = 1000;
const BODY_BYTES = 256 * 1024;
const BODY_ROWS = 200;
const PAUSE_MS = 100;

/** Runs a statement, then gives the thread back for as long as it took. */
async function thenPause<T>(statement: Promise<T>): Promise<T> {
  const started = performance.now();
  const result = await statement;
  await sleep(Math.min(performance.now() - started, PAUSE_MS));
  return result;
}

type PageMeta = Omit<PageText, 'body'>;

/**
 * The tender's pages in reading order (document, entry, page), their bodies sent to the build
 * slice after slice, the server's other work let through between two statements.
 */
async function readPages(db: Database, docs: { id: string; fileName: string }[], send: (bodies: string[]) => void): Promise<PageMeta[]> {
  const names = new Map(docs.map((d) => [d.id, d.fileName]));
  const pages: PageMeta[] = [];
  let pending: { id: string; size: number }[] = [];
  let pendingBytes = 0;
  const flush = async () => {
    if (pending.length === 0) return;
    const wanted = pending.filter((row) => row.size > 0).map((row) => row.id);
    const rows = wanted.length ? await thenPause(db.select({ id: documentPages.id, body: documentPages.body }).from(documentPages).where(inArray(documentPages.id, wanted))) : [];
    const bodies = new Map(rows.map((row) => [row.id, row.body]));
    // A page deleted meanwhile (its document read again) is empty here; the signature has changed, the next question builds anew.
    send(pending.map((row) => bodies.get(row.id) ?? ''));
    pending = [];
    pendingBytes = 0;
  };
  let after: { documentId: string; entry: string; page: number } | undefined;
  for (;;) {
    const slice = await thenPause(
      db
        .select({ id: documentPages.id, documentId: documentPages.documentId, entry: documentPages.entry, page: documentPages.page, size: sql<number>`octet_length(${documentPages.body})`.mapWith(Number) })
        .from(documentPages)
        .where(
          and(
            inArray(documentPages.documentId, docs.map((d) => d.id)),
            after ? sql`(${documentPages.documentId}, ${documentPages.entry}, ${documentPages.page}) > (${after.documentId}::uuid, ${after.entry}, ${after.page})` : undefined,
          ),
        )
        .orderBy(asc(documentPages.documentId), asc(documentPages.entry), asc(documentPages.page))
        .limit(PAGE_ROWS),
    );
    for (const row of slice) {
      pages.push({ documentId: row.documentId, entry: row.entry || null, fileName: row.entry ? basename(row.entry) : names.get(row.documentId)!, page: row.page });
      if (pending.length > 0 && (pendingBytes + row.size > BODY_BYTES || pending.length >= BODY_ROWS)) await flush();
      pending.push({ id: row.id, size: row.size });
      pendingBytes += row.size;
    }
    if (slice.length < PAGE_ROWS) break;
    const last = slice[slice.length - 1]!;
    after = { documentId: last.documentId, entry: last.entry, page: last.page };
  }
  await flush();
  return pages;
}

/** Builds the index of the tender's pages in the builder thread; the server's thread reads the pages and unpacks the result. */
async function buildPassages(db: Database, docs: { id: string; fileName: string }[], signature: string): Promise<TenderPassages> {
  const build = await startBuild();
  let pages: PageMeta[];
  try {
    pages = await readPages(db, docs, build.send);
  } catch (error) {
    build.drop();
    throw error;
  }
  const packed = await build.end();
  return { signature, index: unpackIndex(packed, pages), pages: pages.length };
}

/**
 * The passages index of each tender's documents, built from their stored text on the first
 * question and kept until a document is added, replaced, removed or read again: its signature is
 * each document's reading job and that job's state. The index is built in a worker thread (a
 * tender's 16 MB of text held every request for tens of seconds when built here), one build per
 * tender and signature however many ask meanwhile; the indexes are kept within `budgetBytes`
 * (CHAT_INDEX_CACHE_MB, default 64 MB; see PassageCache).
 */
export function createPassageIndexes(db: Database, options: { budgetBytes?: number } = {}) {
  const cache = new PassageCache(options.budgetBytes ?? budgetFromEnv());
  const building = new Map<string, { signature: string; entry: Promise<TenderPassages> }>();

  async function passagesOf(tenderId: string): Promise<TenderPassages> {
    const docs = await db
      .select({ id: tenderDocuments.id, fileName: tenderDocuments.fileName, jobId: tenderDocuments.extractionJobId, jobStatus: jobs.status })
      .from(tenderDocuments)
      .leftJoin(jobs, eq(jobs.id, tenderDocuments.extractionJobId))
      .where(eq(tenderDocuments.tenderId, tenderId))
      .orderBy(asc(tenderDocuments.createdAt), asc(tenderDocuments.id));
    const signature = docs.map((d) => `${d.id}:${d.jobId}:${d.jobStatus}`).join('|');
    const cached = cache.get(tenderId);
    if (cached?.signature === signature) return cached;
    const pending = building.get(tenderId);
    if (pending?.signature === signature) return pending.entry;
    if (docs.length === 0) {
      const entry: TenderPassages = { signature, index: unpackIndex(EMPTY, []), pages: 0 };
      cache.set(tenderId, entry);
      return entry;
    }
    const entry = buildPassages(db, docs, signature);
    const current = { signature, entry };
    building.set(tenderId, current);
    try {
      const built = await entry;
      // Kept unless a build for newer documents started meanwhile.
      if (building.get(tenderId) === current) cache.set(tenderId, built);
      return built;
    } finally {
      if (building.get(tenderId) === current) building.delete(tenderId);
    }
  }
  return Object.assign(passagesOf, { cache });
}

const EMPTY: PackedIndex = {
  text: '',
  textStarts: new Uint32Array(1),
  bytesPerChar: 1,
  pageOf: new Uint32Array(0),
  lengths: new Uint32Array(0),
  termBytes: new Uint8Array(0),
  termStarts: new Uint32Array(1),
  slots: new Uint32Array(2),
  postingStarts: new Uint32Array(1),
  ids: new Uint32Array(0),
  tfs: new Uint16Array(0),
};

/**
 * The vectors of the index's passages, in its order: asked of the embedding model on the first
 * question and kept with the index (a new signature builds a new index, so new vectors). Questions
 * asked meanwhile share the request; a failure is not kept, the next question asks again. No
 * caller's signal: one person leaving must not fail the others' shared request.
 */
export function passageVectors(entry: TenderPassages, embed: (texts: string[]) => Promise<Float32Array[]>): Promise<Float32Array[]> {
  if (!entry.vectors) {
    const asked = embed(entry.index.passages.map((passage) => passage.text));
    entry.vectors = asked;
    asked.then(
      (vectors) => {
        if (entry.vectors !== asked) return;
        // A Float32Array's object beside its numbers.
        entry.vectorBytes = vectors.reduce((total, vector) => total + vector.byteLength + 96, 0);
        entry.resized?.();
      },
      () => {
        if (entry.vectors === asked) entry.vectors = undefined;
      },
    );
  }
  return entry.vectors;
}
