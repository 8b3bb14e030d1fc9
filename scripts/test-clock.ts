// Runs tests with the clock set to another moment: the server, the test runners and the database
// (PGlite runs inside the server's process) through libfaketime, the browser through Playwright's
// clock (tests/e2e/fixtures.ts installs it when FAKETIME is set). The moments that catch a date
// counted in UTC instead of Paris are the hour after midnight in Paris (the UTC date is still the
// day before) and the nights of the clock changes.
//
//   tsx scripts/test-clock.ts                      the date-sensitive files, at the CI's moments
//   tsx scripts/test-clock.ts --at 2026-11-27T23:30:00Z [--all]
//                                                  one moment; --all: every unit, API and e2e test
//
// Needs Debian's `faketime` package (libfaketime); .ci/run installs it. Without it the run stops
// and says so, and under CI that is a failure. The e2e part needs the production build (dist/).
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { addDays, currentDay, dayIn, wallClockInstant } from '../rules/calendar';

/** API files whose tests count days from today (validity, reminders, dashboards, calendars, invoices). */
const API_FILES = [
  'tests/api/alerts.test.ts',
  'tests/api/billing.test.ts',
  'tests/api/calendar.test.ts',
  'tests/api/company-docs.test.ts',
  'tests/api/dashboard.test.ts',
  'tests/api/library.test.ts',
  'tests/api/matching.test.ts',
  'tests/api/plannings.test.ts',
  'tests/api/resumes.test.ts',
  'tests/api/tenders.test.ts',
];
/** Specs that write or read days on screen ("Expire dans 9 jours", calendar cells, planning days). */
const E2E_FILES = [
  'tests/e2e/calendar.spec.ts',
  'tests/e2e/dashboard.spec.ts',
  'tests/e2e/markup.spec.ts',
  'tests/e2e/planning-conflict.spec.ts',
  'tests/e2e/planning.spec.ts',
  'tests/e2e/sourcing-journey.spec.ts',
  'tests/e2e/tender-screens.spec.ts',
  'tests/e2e/tenders.spec.ts',
];

/**
 * What cannot run on a faked clock, left out of --all with the reason: not date bugs, the tools.
 * LibreOffice does not lay out documents under libfaketime (the memory's Word and PDF exports), and
 * the sweep of temporary files compares file times the kernel writes on the real clock.
 */
const NOT_ON_A_FAKED_CLOCK = {
  vitest: ['tests/api/memory-docx.test.ts', 'tests/api/file-intake.test.ts'],
  playwright: ['tests/e2e/memory-journey.spec.ts'],
};

const everySpecBut = (left: string[]) =>
  readdirSync('tests/e2e')
    .filter((name) => name.endsWith('.spec.ts'))
    .map((name) => `tests/e2e/${name}`)
    .filter((file) => !left.includes(file));

function libfaketime(): string | null {
  for (const dir of ['/usr/lib/x86_64-linux-gnu/faketime', '/usr/lib/aarch64-linux-gnu/faketime', '/usr/lib/faketime']) {
    if (existsSync(`${dir}/libfaketime.so.1`)) return `${dir}/libfaketime.so.1`;
  }
  const multiarch = readdirSync('/usr/lib').find((name) => existsSync(`/usr/lib/${name}/faketime/libfaketime.so.1`));
  return multiarch ? `/usr/lib/${multiarch}/faketime/libfaketime.so.1` : null;
}

/** The next last Sunday of March or October (a clock change), from today in Paris. */
function nextClockChange(): string {
  const today = currentDay();
  const lastSunday = (year: number, month: number) => {
    const last = new Date(Date.UTC(year, month, 0)); // the month's last day
    return addDays(last.toISOString().slice(0, 10), -last.getUTCDay());
  };
  const year = Number(today.slice(0, 4));
  return [lastSunday(year, 3), lastSunday(year, 10), lastSunday(year + 1, 3), lastSunday(year + 1, 10)].find((day) => day > today)!;
}

const args = process.argv.slice(2);
const all = args.includes('--all');
const at = args[args.indexOf('--at') + 1];
// Moments in the future only: the browser's network stack keeps the real clock, and cookies set
// by a server living in the past would already have expired for it.
const moments: Date[] = args.includes('--at') && at
  ? [new Date(at)]
  : [
      // Tonight, 00:20 in Paris: the UTC date is still the day before.
      wallClockInstant(addDays(currentDay(), 1), '00:20'),
      // The night of the next clock change, 00:20 in Paris on the Saturday before it: days counted
      // as 24-hour periods are off by one across the change.
      wallClockInstant(addDays(nextClockChange(), -1), '00:20'),
    ];
if (moments.some((m) => Number.isNaN(m.getTime()))) {
  console.error(`Not an instant: ${at}. Write it as 2026-11-27T23:30:00Z.`);
  process.exit(2);
}

const library = libfaketime();
if (!library) {
  console.error("libfaketime is missing: install Debian's package \"faketime\" (apt-get install faketime) to run the tests at another moment.");
  process.exit(process.env.CI ? 1 : 0);
}

const bin = (name: string) => `node_modules/.bin/${name}`;
let failed = 0;
let passed = 0;
for (const [index, moment] of moments.entries()) {
  const offset = Math.round((moment.getTime() - Date.now()) / 1000);
  const paris = new Intl.DateTimeFormat('fr-FR', { dateStyle: 'full', timeStyle: 'short', timeZone: 'Europe/Paris' }).format(moment);
  console.info(`\n━━ clock at ${moment.toISOString()} (${paris} à Paris; Paris day ${dayIn(moment)})`);
  const env = { ...process.env, LD_PRELOAD: library, FAKETIME: `${offset >= 0 ? '+' : ''}${offset}s`, FAKETIME_DONT_FAKE_MONOTONIC: '1' };
  const steps: [string, string[]][] = [
    ['vitest', all ? ['run', ...NOT_ON_A_FAKED_CLOCK.vitest.flatMap((file) => ['--exclude', file])] : ['run', '--project', 'api', ...API_FILES]],
    // The e2e files once: a second moment would add minutes for what the API files already cover.
    ...(index === 0 || all ? [['playwright', ['test', ...(all ? everySpecBut(NOT_ON_A_FAKED_CLOCK.playwright) : E2E_FILES)]] as [string, string[]]] : []),
  ];
  if (all) console.info(`Left out (they cannot run on a faked clock, see NOT_ON_A_FAKED_CLOCK): ${[...NOT_ON_A_FAKED_CLOCK.vitest, ...NOT_ON_A_FAKED_CLOCK.playwright].join(', ')}`);
  for (const [runner, runnerArgs] of steps) {
    console.info(`\n━━ ${runner} ${runnerArgs.join(' ')}`);
    const result = spawnSync(bin(runner), runnerArgs, { stdio: 'inherit', env });
    if (result.status === 0) passed++;
    else failed++;
  }
}
console.info(`Clock runs: ${failed ? `${failed} of ${passed + failed} steps failed` : `all ${passed} steps green`}.`);
process.exit(failed ? 1 : 0);
