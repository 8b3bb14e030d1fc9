// Runs every benchmark of package.json once at a small scale, so that a bench that no longer runs
// from a fresh clone fails the build (CI runs this after the tests). The figures printed here
// mean nothing: the scale is too small; `npm run bench:*` gives the real ones.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

/** Per script: the arguments and environment that make it small. */
const SMALL: Record<string, { args?: string[]; env?: NodeJS.ProcessEnv }> = {
  'bench/run.ts': { env: { BENCH_LIGHTHOUSE_RUNS: '1' } },
  'bench/tenders.ts': { env: { BENCH_TENDERS_PER_COMPANY: '20', BENCH_PGLITE_TENDERS_PER_COMPANY: '20' } },
  'bench/uploads.ts': { env: { BENCH_UPLOAD_RUNS: '1' } },
  'bench/extraction.ts': { env: { BENCH_EXTRACTION_ROUNDS: '1' } },
  'bench/ocr.ts': { env: { BENCH_OCR_PAGES: '1', BENCH_OCR_ROUNDS: '1', BENCH_OCR_DPI: '100' } },
  'bench/chat.ts': { env: { BENCH_CHAT_ROUNDS: '1' } },
  'bench/matching.ts': { args: ['--scale=0.01'], env: { BENCH_BACKFILL_COMPANIES: '2' } },
  'bench/memory.ts': { env: { BENCH_MEMORY_SAVES: '3', BENCH_MEMORY_EXPORTS: '1', BENCH_MEMORY_ANALYSES: '1' } },
  'bench/import.ts': { args: ['--count=1000'] },
  'bench/company-scale.ts': { env: { BENCH_COMPANY_SMALL: '20', BENCH_COMPANY_LARGE: '100', BENCH_COMPANY_ROUNDS: '3' } },
  'bench/overhead.ts': { env: { BENCH_OVERHEAD_COMPANIES: '5', BENCH_OVERHEAD_PER_COMPANY: '20', BENCH_OVERHEAD_ROUTES: 'tender' } },
  'bench/start.ts': { env: { BENCH_START_RUNS: '1', BENCH_START_SETTLE_MS: '500' } },
  'bench/prices.ts': { env: { BENCH_PRICES_LINES: '200', BENCH_PRICES_ROUNDS: '1', BENCH_PRICES_SAVES: '5' } },
  'bench/submission.ts': { env: { BENCH_SUBMISSION_ROUNDS: '3', BENCH_SUBMISSION_MB: '10' } },
  'bench/fleet.ts': { env: { BENCH_FLEET_COMPANIES: '20', BENCH_FLEET_SIZES: '1,2' } },
  'bench/office.ts': { env: { BENCH_OFFICE_EXPORTS: '1' } },
};
const COMMON = { BENCH_SECONDS: '1' };

const scripts = (JSON.parse(readFileSync('package.json', 'utf8')) as { scripts: Record<string, string> }).scripts;
// Every `tsx bench/x.ts` named by a bench script, once each (`bench` chains several).
const files = [...new Set(Object.entries(scripts)
  .filter(([name]) => name === 'bench' || name.startsWith('bench:'))
  .flatMap(([, command]) => [...command.matchAll(/tsx (bench\/[\w-]+\.ts)/g)].map((m) => m[1]!)))];

const failed: string[] = [];
for (const file of files) {
  const small = SMALL[file] ?? {};
  const started = Date.now();
  console.info(`\n━━ ${file} ${(small.args ?? []).join(' ')}`);
  const run = spawnSync('node_modules/.bin/tsx', [file, ...(small.args ?? [])], {
    stdio: 'inherit',
    env: { ...process.env, ...COMMON, ...small.env },
    timeout: 10 * 60_000,
  });
  const seconds = ((Date.now() - started) / 1000).toFixed(0);
  if (run.status === 0) console.info(`━━ ${file}: ran in ${seconds} s`);
  else {
    console.info(`━━ ${file}: FAILED after ${seconds} s (exit ${run.status ?? run.signal})`);
    failed.push(file);
  }
}
console.info(`\nBenches at small scale: ${files.length - failed.length} of ${files.length} ran${failed.length ? `; failed: ${failed.join(', ')}` : ''}`);
process.exit(failed.length ? 1 : 0);
