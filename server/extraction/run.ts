import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rename, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { extractInPool } from './pool';
import { extractionTools } from './tools';
import type { ExtractionResult } from './types';
import { childEnv } from '../config';

export type ExtractionOptions = {
  /** 0-100, called as pages are done. */
  onProgress?: (percent: number) => void;
  /** Aborting kills the child; the promise rejects with the signal's reason. */
  signal?: AbortSignal;
  /** Default 10 minutes from when a child takes the file; on expiry the child is killed -> ExtractionError('extraction-timeout'). */
  timeoutMs?: number;
  /** The child's V8 heap limit, default 384 MB; dying of it -> ExtractionError('extraction-out_of_memory'). */
  maxOldSpaceMb?: number;
  /** Debugging and tests: told the pid of the child that reads the file. */
  onChild?: (pid: number) => void;
};

export { extractionChildrenStarted } from './pool';

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

/**
 * Extracts the text of a stored file in a child process: parsing never blocks the server's
 * event loop, and a hostile file can only exhaust or crash the child. The children are pooled
 * (pool.ts): one, or EXTRACTION_CHILDREN, kept for the next file, as starting node cost more
 * than reading most files. Whole-file failures reject with an ExtractionError; failures of one
 * ZIP entry are on its part.
 */
export async function runExtraction(input: { path: string; fileName: string }, options: ExtractionOptions = {}): Promise<ExtractionResult> {
  const timeoutMs = options.timeoutMs ?? 10 * 60 * 1000;
  const maxOldSpaceMb = options.maxOldSpaceMb ?? 384;
  options.signal?.throwIfAborted();
  const [entry, tools] = await Promise.all([bundledChild(), extractionTools()]);
  const args = entry ? [`--max-old-space-size=${maxOldSpaceMb}`, entry] : [...childExecArgv(maxOldSpaceMb), childScript];
  const env = childEnv({}, { withoutInspect: true });
  const tmpDir = await mkdtemp(join(tmpdir(), 'soumissio-extract-'));
  try {
    return await extractInPool({ path: input.path, tmpDir, tools }, { args, env, heapLimitBytes: maxOldSpaceMb * 1024 * 1024 }, { ...options, timeoutMs });
  } finally {
    await rm(tmpDir, { recursive: true, force: true });
  }
}
