// LibreOffice for the memory's exports: ONE soffice instance per server, started on the first
// request that needs it, spoken to over UNO by one Python worker (office.py), with requests
// serialised through a queue (one document at a time: a soffice instance is single-threaded).
// A cold `soffice --convert-to` costs 8–10 s of start-up a call; a warm instance converts in a
// fraction of that (bench/memory.ts). If either process dies, the next request starts the pair
// again; close() ends both (the server's onClose), so tests leave no process behind.
import { spawn, execFile, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { createInterface } from 'node:readline';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { tuning } from '../../config';

export type OfficeOptions = {
  /** The soffice binary; null: LibreOffice is not installed (the PDF export answers 503). */
  soffice?: string | null;
  /** A Python 3 that imports `uno` (Debian's python3-uno installs it for /usr/bin/python3). */
  python?: string;
  /** How long one document may take, start-up included. */
  timeoutMs?: number;
  /**
   * The font LibreOffice draws emoji with in the PDF; default: Symbola when fontconfig has it
   * (Debian's fonts-symbola). Not Noto Color Emoji: LibreOffice 7.4 embeds its colour bitmaps as
   * blank glyphs. null: none, the PDF leaves emoji out and says so.
   */
  emojiFont?: string | null;
};

export type Office = {
  /** Whether soffice and a Python with `uno` are both there (checked once). */
  available(): Promise<boolean>;
  /** The page number of each entry of the document's table of contents, after updating its indexes. */
  tocPages(docx: Buffer): Promise<number[]>;
  /** The document as a PDF, its indexes updated first. */
  pdf(docx: Buffer): Promise<Buffer>;
  /** An ODT (a buyer's response frame) as a DOCX. */
  odtToDocx(odt: Buffer): Promise<Buffer>;
  /** The font the PDF's emoji are drawn with, or null when the machine has none (checked once). */
  emojiFont(): Promise<string | null>;
  close(): Promise<void>;
};

export const DEFAULT_SOFFICE = tuning.soffice();
const WORKER = fileURLToPath(new URL('./office.py', import.meta.url));

type Pending = { resolve(answer: { pages: number[] }): void; reject(error: Error): void };
type Instance = { soffice: ChildProcess; worker: ChildProcess; profile: string; pending: Map<number, Pending>; ready: Promise<void>; dead: boolean };

export function createOffice(options: OfficeOptions = {}): Office {
  const soffice = options.soffice === undefined ? DEFAULT_SOFFICE : options.soffice;
  const python = options.python ?? '/usr/bin/python3';
  const timeoutMs = options.timeoutMs ?? 120_000;
  let availability: Promise<boolean> | undefined;
  let emoji: Promise<string | null> | undefined;
  let instance: Instance | null = null;
  let queue: Promise<unknown> = Promise.resolve();
  let nextId = 1;
  let closed = false;

  const available = () =>
    (availability ??=
      soffice && existsSync(soffice) && existsSync(python)
        ? new Promise<boolean>((resolve) => execFile(python, ['-c', 'import uno'], { timeout: 20_000 }, (error) => resolve(!error)))
        : Promise.resolve(false));

  const stop = async (target: Instance) => {
    target.dead = true;
    if (instance === target) instance = null;
    for (const pending of target.pending.values()) pending.reject(new Error('LibreOffice stopped'));
    target.pending.clear();
    const exited = (child: ChildProcess) => (child.exitCode !== null || child.signalCode !== null ? Promise.resolve() : new Promise<void>((resolve) => child.once('exit', () => resolve())));
    target.worker.stdin?.end();
    target.worker.kill('SIGTERM');
    // soffice is a shell script starting soffice.bin: its own process group is ended as a whole.
    const killGroup = (signal: NodeJS.Signals) => {
      try {
        if (target.soffice.pid) process.kill(-target.soffice.pid, signal);
      } catch {
        /* already gone */
      }
    };
    killGroup('SIGTERM');
    const late = setTimeout(() => {
      killGroup('SIGKILL');
      target.worker.kill('SIGKILL');
    }, 3_000);
    await Promise.all([exited(target.soffice), exited(target.worker)]);
    clearTimeout(late);
    killGroup('SIGKILL');
    await rm(target.profile, { recursive: true, force: true }).catch(() => undefined);
  };

  const start = async (): Promise<Instance> => {
    const profile = await mkdtemp(join(tmpdir(), 'soumissio-office-'));
    const pipe = `soumissio-${randomUUID()}`;
    const child = spawn(
      soffice!,
      [`-env:UserInstallation=${pathToFileURL(join(profile, 'user')).href}`, '--headless', '--invisible', '--nologo', '--norestore', '--nodefault', '--nolockcheck', `--accept=pipe,name=${pipe};urp;StarOffice.ComponentContext`],
      { stdio: 'ignore', detached: true },
    );
    const worker = spawn(python, [WORKER, pipe, String(Math.round(timeoutMs / 1000))], { stdio: ['pipe', 'pipe', 'ignore'] });
    const target: Instance = { soffice: child, worker, profile, pending: new Map(), ready: Promise.resolve(), dead: false };
    // A server that exits without closing (a crash, a test runner's teardown) still ends its soffice,
    // which runs in a process group of its own; the worker also ends it when its stdin closes.
    const onExit = () => {
      try {
        if (child.pid) process.kill(-child.pid, 'SIGKILL');
      } catch {
        /* already gone */
      }
    };
    process.once('exit', onExit);
    child.once('exit', () => process.removeListener('exit', onExit));
    // A server killed outright (SIGKILL, or its whole process group: a service manager, a test
    // runner) runs no handler and takes the worker with it, while soffice lives on in its own
    // group. A guard outside both groups ends soffice once this process is gone.
    if (child.pid) {
      const guard = spawn('/bin/sh', ['-c', 'while kill -0 "$1" 2>/dev/null && kill -0 "$2" 2>/dev/null; do sleep 2; done; kill -KILL -"$2" 2>/dev/null', 'soumissio-office-guard', String(process.pid), String(child.pid)], {
        stdio: 'ignore',
        detached: true,
      });
      guard.on('error', () => undefined);
      guard.unref();
    }
    target.ready = new Promise<void>((resolve, reject) => {
      const lines = createInterface({ input: worker.stdout! });
      lines.on('line', (line) => {
        let answer: { id?: number; ready?: boolean; pages?: number[]; error?: string };
        try {
          answer = JSON.parse(line) as typeof answer;
        } catch {
          return;
        }
        if (answer.ready) return resolve();
        const pending = answer.id !== undefined ? target.pending.get(answer.id) : undefined;
        if (!pending) return;
        target.pending.delete(answer.id!);
        if (answer.error) pending.reject(new Error(answer.error));
        else pending.resolve({ pages: answer.pages ?? [] });
      });
      const died = (what: string) => () => {
        reject(new Error(`LibreOffice ${what} exited`));
        if (!target.dead) void stop(target);
      };
      child.once('exit', died('soffice'));
      worker.once('exit', died('worker'));
      child.once('error', died('soffice'));
      worker.once('error', died('worker'));
    });
    target.ready.catch(() => undefined);
    return target;
  };

  /** Runs one request on the instance, starting it when there is none; the queue keeps them one at a time. */
  const request = <T>(op: 'pages' | 'pdf' | 'docx', file: Buffer, names: { in: string; out: string }, read: (answer: { pages: number[] }, out: string) => Promise<T>): Promise<T> => {
    const job = queue.then(async () => {
      if (closed) throw new Error('LibreOffice is closed');
      if (!(await available())) throw new OfficeUnavailable();
      const dir = await mkdtemp(join(tmpdir(), 'soumissio-export-'));
      try {
        const input = join(dir, names.in);
        const output = join(dir, names.out);
        await writeFile(input, file);
        if (!instance || instance.dead) instance = await start();
        const target = instance;
        const id = nextId++;
        const answer = await new Promise<{ pages: number[] }>((resolve, reject) => {
          const timer = setTimeout(() => {
            reject(new Error('LibreOffice timed out'));
            void stop(target);
          }, timeoutMs);
          target.pending.set(id, {
            resolve: (value) => (clearTimeout(timer), resolve(value)),
            reject: (error) => (clearTimeout(timer), reject(error)),
          });
          target.ready.then(
            () => target.worker.stdin!.write(`${JSON.stringify({ id, op, in: input, out: output })}\n`),
            (error: Error) => target.pending.get(id)?.reject(error),
          );
        });
        return await read(answer, output);
      } finally {
        await rm(dir, { recursive: true, force: true });
      }
    });
    queue = job.catch(() => undefined);
    return job;
  };

  return {
    available,
    emojiFont: () =>
      (emoji ??=
        options.emojiFont !== undefined
          ? Promise.resolve(options.emojiFont)
          : new Promise((resolve) => execFile('fc-list', ['-q', 'Symbola'], { timeout: 20_000 }, (error) => resolve(error ? null : 'Symbola')))),
    tocPages: (docx) => request('pages', docx, { in: 'memoire.docx', out: 'memoire.pdf' }, async (answer) => answer.pages),
    pdf: (docx) => request('pdf', docx, { in: 'memoire.docx', out: 'memoire.pdf' }, (_answer, out) => readFile(out)),
    odtToDocx: (odt) => request('docx', odt, { in: 'cadre.odt', out: 'cadre.docx' }, (_answer, out) => readFile(out)),
    async close() {
      closed = true;
      await queue;
      if (instance) await stop(instance);
    },
  };
}

export class OfficeUnavailable extends Error {
  constructor() {
    super('LibreOffice is not installed');
  }
}
