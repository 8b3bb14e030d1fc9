// Runs every test layer and ends with one line "N passed, N failed".
// Checks that are not test runners (typecheck, lint, builds) count as one test each.
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, existsSync } from 'node:fs';
import { ensureChromium } from './chromium';

type Outcome = { name: string; passed: number; failed: number; seconds: number };
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
function runCounted<Report>(name: string, cmd: string, args: string[], report: string, count: (json: Report) => [number, number], env: NodeJS.ProcessEnv = {}) {
  const ok = run(name, cmd, args, env);
  const outcome = outcomes[outcomes.length - 1]!;
  if (existsSync(report)) {
    const [passed, failed] = count(JSON.parse(readFileSync(report, 'utf8')) as Report);
    // A runner that crashed before or after its tests still counts as a failure.
    Object.assign(outcome, { passed, failed: failed + (ok || failed > 0 ? 0 : 1) });
  }
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
  (j: { numPassedTests: number; numFailedTests: number; numRuntimeErrorTestSuites?: number }) => [
    j.numPassedTests,
    j.numFailedTests + (j.numRuntimeErrorTestSuites ?? 0),
  ],
);
if (run('production build', bin('vite'), ['build', '--logLevel', 'warn'])) {
  runCounted(
    'end-to-end tests (playwright, chromium)',
    bin('playwright'),
    ['test'],
    'test-results/e2e.json',
    (j: { stats: { expected: number; flaky: number; unexpected: number } }) => [j.stats.expected + j.stats.flaky, j.stats.unexpected],
  );
}
run('storybook build', bin('storybook'), ['build', '-o', 'storybook-static', '--quiet'], { STORYBOOK_DISABLE_TELEMETRY: '1' });

console.info('\n━━ summary');
for (const o of outcomes) console.info(`${o.failed ? '✗' : '✓'} ${o.name}: ${o.passed} passed, ${o.failed} failed (${o.seconds.toFixed(1)} s)`);
const passed = outcomes.reduce((n, o) => n + o.passed, 0);
const failed = outcomes.reduce((n, o) => n + o.failed, 0);
console.info(`${passed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
