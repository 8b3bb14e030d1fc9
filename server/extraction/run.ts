import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rename, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { DETECTED_TOOLS, extractionTools } from './tools';
import { ExtractionError, isExtractionErrorKey, type ExtractionErrorKey, type ExtractionResult } from './types';

export type ExtractionOptions = {
  /** 0-100, called as pages are done. */
  onProgress?: (percent: number) => void;
  /** Aborting kills the child; the promise rejects with the signal's reason. */
  signal?: AbortSignal;
  /** Default 10 minutes; on expiry the child is killed -> ExtractionError('extraction-timeout'). */
  timeoutMs?: number;
  /** The child's V8 heap limit, default 384 MB; dying of it -> ExtractionError('extraction-out_of_memory'). */
  maxOldSpaceMb?: number;
};

// Same extension as this module: child.ts under tsx, child.js if the server is ever compiled.
const childScript = fileURLToPath(new URL(`./child${import.meta.url.slice(import.meta.url.lastIndexOf('.'))}`, import.meta.url));

/**
 * The child runs with this process' flags so that tsx's loader carries over (`tsx server.ts`
 * puts it in execArgv). Under a runner that loads TypeScript another way (vitest), the flags
 * have no loader, and tsx is added explicitly. Debugger and heap flags are not inherited.
 */
export function childExecArgv(maxOldSpaceMb: number, execArgv: string[] = process.execArgv): string[] {
  const inherited = execArgv.filter((flag) => !/^--(inspect|debug|max-old-space-size)/.test(flag));
  const hasTsx = inherited.some((flag) => /[\\/]tsx[\\/]|^tsx$/.test(flag));
  const loader = childScript.endsWith('.ts') && !hasTsx ? ['--import', pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href] : [];
  return [...inherited, ...loader, `--max-old-space-size=${maxOldSpaceMb}`];
}

const projectRoot = fileURLToPath(new URL('../../', import.meta.url));
let bundled: Promise<string | undefined> | undefined;

/**
 * The child as one plain JavaScript file, bundled once per server process (our code only; the
 * packages stay imports, resolved from node_modules beside it): plain Node starts it in a fifth
 * of the time the TypeScript loader takes, which was most of a small file's extraction. Without
 * esbuild, or if bundling fails, the child runs through tsx as before.
 */
function bundledChild(): Promise<string | undefined> {
  if (!childScript.endsWith('.ts')) return Promise.resolve(undefined);
  bundled ??= (async () => {
    try {
      const { build } = await import('esbuild');
      const output = await build({ entryPoints: [childScript], bundle: true, platform: 'node', format: 'esm', target: 'node20', packages: 'external', write: false, logLevel: 'silent' });
      const code = output.outputFiles[0]!.text;
      const folder = join(projectRoot, 'node_modules', '.cache', 'soumissio');
      const file = join(folder, `extraction-child-${createHash('sha1').update(code).digest('hex').slice(0, 12)}.mjs`);
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

const MAX_LINE_CHARS = 256 * 1024 * 1024;

/**
 * Extracts the text of a stored file in a child process: parsing never blocks the server's
 * event loop, and a hostile file can only exhaust or crash the child. Whole-file failures
 * reject with an ExtractionError; failures of one ZIP entry are on its part.
 */
export async function runExtraction(input: { path: string; fileName: string }, options: ExtractionOptions = {}): Promise<ExtractionResult> {
  const timeoutMs = options.timeoutMs ?? 10 * 60 * 1000;
  const maxOldSpaceMb = options.maxOldSpaceMb ?? 384;
  options.signal?.throwIfAborted();
  const [entry, tools] = await Promise.all([bundledChild(), extractionTools()]);
  const args = entry ? [`--max-old-space-size=${maxOldSpaceMb}`, entry] : [...childExecArgv(maxOldSpaceMb), childScript];
  const tmpDir = await mkdtemp(join(tmpdir(), 'soumissio-extract-'));
  try {
    return await new Promise<ExtractionResult>((resolve, reject) => {
      // Its own process group, so that killing it also kills the pdftoppm or tesseract it runs.
      const child = spawn(process.execPath, [...args, input.path, tmpDir], {
        detached: true,
        stdio: ['pipe', 'pipe', 'pipe'],
        // An inherited --inspect would make the child fight the server for the debugger port.
        env: { ...process.env, NODE_OPTIONS: (process.env.NODE_OPTIONS ?? '').replace(/--inspect\S*/g, ''), [DETECTED_TOOLS]: JSON.stringify(tools) },
      });
      let outcome: { result: ExtractionResult } | { error: unknown } | undefined;
      let killedFor: ExtractionErrorKey | 'abort' | undefined;
      let stderr = '';
      let pending: string[] = [];
      let pendingChars = 0;

      const kill = (reason: ExtractionErrorKey | 'abort') => {
        killedFor ??= reason;
        try {
          if (child.pid) process.kill(-child.pid, 'SIGKILL');
        } catch {
          child.kill('SIGKILL');
        }
      };
      const timer = setTimeout(() => kill('extraction-timeout'), timeoutMs);
      const onAbort = () => kill('abort');
      options.signal?.addEventListener('abort', onAbort, { once: true });

      const handleLine = (line: string) => {
        let message: { type?: string; percent?: unknown; result?: ExtractionResult; key?: unknown };
        try {
          message = JSON.parse(line);
        } catch {
          return;
        }
        if (message.type === 'progress' && typeof message.percent === 'number') options.onProgress?.(message.percent);
        else if (message.type === 'result' && message.result) outcome = { result: message.result };
        else if (message.type === 'error') outcome = { error: new ExtractionError(isExtractionErrorKey(message.key) ? message.key : 'extraction-corrupt') };
      };
      child.stdout.setEncoding('utf8');
      child.stdout.on('data', (chunk: string) => {
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
        // A result too large to hold as one string would crash this process, not the child.
        if (pendingChars > MAX_LINE_CHARS) kill('extraction-too_large');
      });
      child.stderr.setEncoding('utf8');
      child.stderr.on('data', (chunk: string) => {
        stderr = (stderr + chunk).slice(-8192);
      });
      // Writing nothing: the pipe only tells the child when this process is gone.
      child.stdin.on('error', () => {});

      child.on('error', (error) => {
        outcome ??= { error };
      });
      child.on('close', (code, signal) => {
        clearTimeout(timer);
        options.signal?.removeEventListener('abort', onAbort);
        if (killedFor === 'abort') reject(options.signal?.reason ?? new Error('aborted'));
        else if (killedFor) reject(new ExtractionError(killedFor));
        else if (outcome && 'result' in outcome) resolve(outcome.result);
        else if (outcome) reject(outcome.error);
        // V8 aborts on its heap limit; the kernel's OOM killer sends SIGKILL.
        else if (/heap limit|out of memory|Allocation failed/i.test(stderr) || signal === 'SIGABRT' || signal === 'SIGKILL' || code === 134)
          reject(new ExtractionError('extraction-out_of_memory'));
        else reject(new ExtractionError('extraction-corrupt'));
      });
    });
  } finally {
    await rm(tmpDir, { recursive: true, force: true });
  }
}
