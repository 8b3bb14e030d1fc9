// Runs every test layer and ends with one line "N passed, N failed".
// Checks that are not test runners (typecheck, lint, builds) count as one test each.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { ensureChromium } from './chromium';

type Outcome = { name: string; passed: number; failed: number; seconds: number; failures?: string[] };
const outcomes: Outcome[] = [];
const bin = (name: string) => `node_modules/.bin/${name}`;

function run(name: string, cmd: string, args: string[], env: NodeJS.ProcessEnv = {}): boolean {
  console.info(`\n━━ ${name}: ${cmd} ${args.join(' ')}`);
  const start = Date.now();
  const r = spawnSync(cmd, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  const ok = r.status === 0;
  outcomes.push({ name, passed: ok ? 1 : 0, failed: ok ? 0 : 1, seconds: (Date.now() - start) / 1000 });
  return ok;
}

/** Runs a test runner and replaces its single pass/fail with the counts of its JSON report. */
function runCounted<Report>(
  name: string,
  cmd: string,
  args: string[],
  report: string,
  count: (json: Report) => [number, number],
  failures: (json: Report) => string[],
  env: NodeJS.ProcessEnv = {},
) {
  const ok = run(name, cmd, args, env);
  const outcome = outcomes[outcomes.length - 1]!;
  if (existsSync(report)) {
    const json = JSON.parse(readFileSync(report, 'utf8')) as Report;
    const [passed, failed] = count(json);
    // A runner that crashed before or after its tests still counts as a failure.
    Object.assign(outcome, { passed, failed: failed + (ok || failed > 0 ? 0 : 1), failures: failures(json) });
  }
}

/** First line of a failure message, without colour codes: enough to tell which assertion broke. */
// eslint-disable-next-line no-control-regex -- colour codes start with ESC
const firstLine = (message = '') => message.replace(/\u001b\[[0-9;]*m/g, '').trim().split('\n')[0]!.slice(0, 300);

type VitestReport = {
  numPassedTests: number;
  numFailedTests: number;
  numRuntimeErrorTestSuites?: number;
  testResults: { name: string; status: string; message?: string; assertionResults: { fullName: string; status: string; failureMessages: string[] }[] }[];
};
type PlaywrightSuite = {
  title: string;
  file?: string;
  suites?: PlaywrightSuite[];
  specs?: { title: string; file: string; tests: { status: string; results: { error?: { message?: string } }[] }[] }[];
};
type PlaywrightReport = { stats: { expected: number; flaky: number; unexpected: number }; suites: PlaywrightSuite[] };

function vitestFailures(j: VitestReport): string[] {
  return j.testResults.flatMap((file) => {
    const where = file.name.replace(`${process.cwd()}/`, '');
    const tests = file.assertionResults
      .filter((t) => t.status === 'failed')
      .map((t) => `${where} › ${t.fullName}: ${firstLine(t.failureMessages[0])}`);
    return tests.length || file.status !== 'failed' ? tests : [`${where}: ${firstLine(file.message)}`];
  });
}

function playwrightFailures(j: PlaywrightReport): string[] {
  const walk = (suite: PlaywrightSuite): string[] => [
    ...(suite.specs ?? []).flatMap((spec) =>
      spec.tests
        .filter((t) => t.status === 'unexpected')
        .map((t) => `${spec.file} › ${spec.title}: ${firstLine(t.results.at(-1)?.error?.message)}`),
    ),
    ...(suite.suites ?? []).flatMap(walk),
  ];
  return j.suites.flatMap(walk);
}

mkdirSync('test-results', { recursive: true });
ensureChromium();

run('styles (panda codegen)', bin('panda'), ['codegen', '--silent']);
run('typecheck', bin('tsc'), ['-p', '.']);
run('lint', bin('eslint'), ['.', '--max-warnings=0']);
runCounted(
  'unit and API tests (vitest)',
  bin('vitest'),
  ['run', '--reporter=default', '--reporter=json', '--outputFile.json=test-results/vitest.json'],
  'test-results/vitest.json',
  (j: VitestReport) => [j.numPassedTests, j.numFailedTests + (j.numRuntimeErrorTestSuites ?? 0)],
  vitestFailures,
);
/**
 * The end-to-end suite in shards side by side (E2E_SHARDS, default 2): each shard is a Playwright
 * process with its own servers, ports, data directories and results, so no shard sees another's
 * writes. Most of an e2e test's time is waiting on the browser and the server, not computing: two
 * shards keep CI's two cores busy. Each line of output says its shard.
 */
async function runE2eShards(shards: number) {
  const name = 'end-to-end tests (playwright, chromium)';
  console.info(`\n━━ ${name}: ${shards} shard(s) side by side`);
  const start = Date.now();
  const runs = Array.from({ length: shards }, (_, index) => {
    const results = shards === 1 ? 'test-results' : `test-results/e2e-shard-${index + 1}`;
    // A report left by an earlier run must not stand for this one.
    rmSync(`${results}/e2e.json`, { force: true });
    const env = {
      ...process.env,
      E2E_RESULTS: results,
      E2E_PORT: String(4199 + 10 * index),
      E2E_LLM_PORT: String(4198 + 10 * index),
      E2E_STRIPE_PORT: String(4197 + 10 * index),
    };
    const child = spawn(bin('playwright'), ['test', ...(shards > 1 ? [`--shard=${index + 1}/${shards}`] : [])], { env, stdio: ['ignore', 'pipe', 'pipe'] });
    const prefix = shards > 1 ? `[e2e ${index + 1}/${shards}] ` : '';
    for (const stream of [child.stdout, child.stderr]) {
      let rest = '';
      stream.on('data', (chunk: Buffer) => {
        const lines = (rest + chunk.toString()).split('\n');
        rest = lines.pop()!;
        for (const line of lines) console.info(prefix + line);
      });
      stream.on('end', () => rest && console.info(prefix + rest));
    }
    return new Promise<{ ok: boolean; report: string }>((resolve) => child.on('close', (code) => resolve({ ok: code === 0, report: `${results}/e2e.json` })));
  });
  const outcome: Outcome = { name, passed: 0, failed: 0, seconds: 0, failures: [] };
  for (const { ok, report } of await Promise.all(runs)) {
    if (!existsSync(report)) {
      outcome.failed += 1;
      outcome.failures!.push(`${report}: no report (the shard crashed before its tests)`);
      continue;
    }
    const json = JSON.parse(readFileSync(report, 'utf8')) as PlaywrightReport;
    outcome.passed += json.stats.expected + json.stats.flaky;
    // A shard that crashed before or after its tests still counts as a failure.
    outcome.failed += json.stats.unexpected + (ok || json.stats.unexpected > 0 ? 0 : 1);
    outcome.failures!.push(...playwrightFailures(json));
  }
  outcome.seconds = (Date.now() - start) / 1000;
  outcomes.push(outcome);
}

if (run('production build', bin('vite'), ['build', '--logLevel', 'warn'])) await runE2eShards(Number(process.env.E2E_SHARDS ?? 2));
run('storybook build', bin('storybook'), ['build', '-o', 'storybook-static', '--quiet'], { STORYBOOK_DISABLE_TELEMETRY: '1' });

console.info('\n━━ summary');
// The CI log keeps only its tail: the names of the failed tests must be in it.
for (const o of outcomes) {
  console.info(`${o.failed ? '✗' : '✓'} ${o.name}: ${o.passed} passed, ${o.failed} failed (${o.seconds.toFixed(1)} s)`);
  for (const failure of o.failures ?? []) console.info(`    ✗ ${failure}`);
}
const passed = outcomes.reduce((n, o) => n + o.passed, 0);
const failed = outcomes.reduce((n, o) => n + o.failed, 0);
console.info(`${passed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
