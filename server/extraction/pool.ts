import { spawn, type ChildProcess } from 'node:child_process';
import type { Socket } from 'node:net';
import type { ExtractionTools } from './tools';
import { ExtractionError, isExtractionErrorKey, type ExtractionErrorKey, type ExtractionResult } from './types';
import { tuning } from '../config';

// A child is retired after this many files, or when its heap after a file is over half its limit,
// so that what one file leaves behind never grows; and after a minute without work.
const MAX_FILES_PER_CHILD = 50;
const IDLE_MS = 60_000;
// A result too large to hold as one string would crash this process, not the child.
const MAX_LINE_CHARS = 256 * 1024 * 1024;

/** How to start a child; children started the same way (same heap limit) take each other's files. */
export type ChildSpec = { args: string[]; env: NodeJS.ProcessEnv; heapLimitBytes: number };
export type ChildJob = { path: string; tmpDir: string; tools: ExtractionTools };
export type JobOptions = {
  timeoutMs: number;
  signal?: AbortSignal;
  onProgress?: (percent: number) => void;
  onChild?: (pid: number) => void;
};

type Message = { type?: string; percent?: unknown; result?: ExtractionResult; key?: unknown; heapUsed?: unknown };

type Worker = {
  child: ChildProcess;
  key: string;
  files: number;
  busy: boolean;
  exited: boolean;
  idleTimer?: NodeJS.Timeout;
  stderr: string;
  // The current file's handlers.
  onMessage?: (message: Message) => void;
  onOverflow?: () => void;
  onGone?: (code: number | null, signal: NodeJS.Signals | null) => void;
};

// The children alive and counted against the limit, the most recently released last.
const workers = new Set<Worker>();
const waiting: (() => void)[] = [];
let started = 0;
let exitHooked = false;

/** EXTRACTION_CHILDREN, default 1: the server's job queue extracts one document at a time. */
const poolSize = () => tuning.extractionChildren();

/** How many extraction children this process has started (tests, benchmarks). */
export const extractionChildrenStarted = () => started;

const wake = () => waiting.shift()?.();

/** Kills the child and the tools it runs (its process group); its slot is free at once. */
function kill(worker: Worker) {
  clearTimeout(worker.idleTimer);
  if (workers.delete(worker)) wake();
  if (worker.exited) return;
  try {
    if (worker.child.pid) process.kill(-worker.child.pid, 'SIGKILL');
  } catch {
    worker.child.kill('SIGKILL');
  }
}

/** An idle child must not keep this process alive; a busy one must, until its answer. */
function hold(worker: Worker, on: boolean) {
  const { child } = worker;
  if (on) child.ref();
  else child.unref();
  for (const stream of [child.stdin, child.stdout, child.stderr] as (Socket | null)[]) {
    if (on) stream?.ref?.();
    else stream?.unref?.();
  }
}

function start(key: string, spec: ChildSpec): Worker {
  if (!exitHooked) {
    exitHooked = true;
    process.on('exit', () => [...workers].forEach(kill));
  }
  // Its own process group, so that killing it also kills the pdftoppm or tesseract it runs.
  const child = spawn(process.execPath, spec.args, { detached: true, stdio: ['pipe', 'pipe', 'pipe'], env: spec.env });
  started++;
  const worker: Worker = { child, key, files: 0, busy: false, exited: false, stderr: '' };
  workers.add(worker);

  let pending: string[] = [];
  let pendingChars = 0;
  const handleLine = (line: string) => {
    try {
      worker.onMessage?.(JSON.parse(line) as Message);
    } catch {
      // Not a message: ignored, as any stray output.
    }
  };
  child.stdout!.setEncoding('utf8');
  child.stdout!.on('data', (chunk: string) => {
    let at = chunk.indexOf('\n');
    while (at >= 0) {
      pending.push(chunk.slice(0, at));
      handleLine(pending.join(''));
      pending = [];
      pendingChars = 0;
      chunk = chunk.slice(at + 1);
      at = chunk.indexOf('\n');
    }
    pending.push(chunk);
    pendingChars += chunk.length;
    if (pendingChars > MAX_LINE_CHARS) worker.onOverflow?.();
  });
  child.stderr!.setEncoding('utf8');
  child.stderr!.on('data', (chunk: string) => {
    worker.stderr = (worker.stderr + chunk).slice(-8192);
  });
  child.stdin!.on('error', () => {});
  const gone = (code: number | null, signal: NodeJS.Signals | null) => {
    if (worker.exited) return;
    worker.exited = true;
    clearTimeout(worker.idleTimer);
    if (workers.delete(worker)) wake();
    worker.onGone?.(code, signal);
  };
  // A spawn that failed has no pid and may never close.
  child.on('error', () => {
    if (child.pid === undefined) gone(null, null);
  });
  child.on('close', gone);
  return worker;
}

function take(worker: Worker): Worker {
  worker.busy = true;
  clearTimeout(worker.idleTimer);
  hold(worker, true);
  return worker;
}

/** A child for this spec: an idle one, a new one within the limit, or the next one freed. */
async function acquire(spec: ChildSpec, signal?: AbortSignal): Promise<Worker> {
  const key = spec.args.join('\0');
  for (;;) {
    if (signal?.aborted) {
      // This call may have been woken for a slot it will not use: pass it on.
      wake();
      throw signal.reason;
    }
    const idle = [...workers].reverse().find((worker) => !worker.busy && worker.key === key);
    if (idle) return take(idle);
    if (workers.size >= poolSize()) {
      // An idle child started for another heap limit gives its place.
      const other = [...workers].find((worker) => !worker.busy);
      if (other) kill(other);
    }
    if (workers.size < poolSize()) return take(start(key, spec));
    await new Promise<void>((resolve) => {
      const ready = () => {
        signal?.removeEventListener('abort', onAbort);
        resolve();
      };
      const onAbort = () => {
        const at = waiting.indexOf(ready);
        if (at >= 0) waiting.splice(at, 1);
        resolve();
      };
      waiting.push(ready);
      signal?.addEventListener('abort', onAbort, { once: true });
    });
  }
}

function release(worker: Worker, heapUsed: unknown, heapLimitBytes: number) {
  worker.busy = false;
  const heavy = typeof heapUsed !== 'number' || heapUsed > heapLimitBytes / 2;
  if (worker.exited || heavy || worker.files >= MAX_FILES_PER_CHILD) {
    kill(worker);
    return;
  }
  hold(worker, false);
  worker.idleTimer = setTimeout(() => kill(worker), IDLE_MS);
  worker.idleTimer.unref();
  // Last in the set: the next file goes to the child used most recently, the others idle out.
  workers.delete(worker);
  workers.add(worker);
  wake();
}

/**
 * Extracts one file in a pooled child. The time limit runs from when a child takes the file.
 * Timeout, abort or an oversized answer kill the child (the pool starts another for the next
 * file); a child that dies by itself fails only the file it was reading.
 */
export async function extractInPool(job: ChildJob, spec: ChildSpec, options: JobOptions): Promise<ExtractionResult> {
  const worker = await acquire(spec, options.signal);
  worker.files++;
  worker.stderr = '';
  if (worker.child.pid) options.onChild?.(worker.child.pid);
  return new Promise<ExtractionResult>((resolve, reject) => {
    let killedFor: ExtractionErrorKey | 'abort' | undefined;
    const stop = (reason: ExtractionErrorKey | 'abort') => {
      killedFor ??= reason;
      kill(worker);
    };
    const timer = setTimeout(() => stop('extraction-timeout'), options.timeoutMs);
    const onAbort = () => stop('abort');
    const done = () => {
      clearTimeout(timer);
      options.signal?.removeEventListener('abort', onAbort);
      worker.onMessage = worker.onOverflow = worker.onGone = undefined;
    };
    worker.onOverflow = () => stop('extraction-too_large');
    worker.onMessage = (message) => {
      if (killedFor) return;
      if (message.type === 'progress' && typeof message.percent === 'number') options.onProgress?.(message.percent);
      else if ((message.type === 'result' && message.result) || message.type === 'error') {
        done();
        release(worker, message.heapUsed, spec.heapLimitBytes);
        if (message.type === 'result') resolve(message.result!);
        else reject(new ExtractionError(isExtractionErrorKey(message.key) ? message.key : 'extraction-corrupt'));
      }
    };
    // Rejected once the child is gone, not when it is told to go: no process is left behind.
    worker.onGone = (code, signal) => {
      done();
      if (killedFor === 'abort') reject(options.signal?.reason ?? new Error('aborted'));
      else if (killedFor) reject(new ExtractionError(killedFor));
      // V8 aborts on its heap limit; the kernel's OOM killer sends SIGKILL.
      else if (/heap limit|out of memory|Allocation failed/i.test(worker.stderr) || signal === 'SIGABRT' || signal === 'SIGKILL' || code === 134)
        reject(new ExtractionError('extraction-out_of_memory'));
      else reject(new ExtractionError('extraction-corrupt'));
    };
    options.signal?.addEventListener('abort', onAbort, { once: true });
    if (options.signal?.aborted) stop('abort');
    if (worker.exited) worker.onGone(null, null);
    else worker.child.stdin!.write(JSON.stringify(job) + '\n');
  });
}
