// Start time and memory at start (issue 24, items 3 and 6): the server started the way `npm start`
// does (`tsx scripts/start.ts`) on a data directory it created at its first start, N times; each
// start's time until /api/health answers 200 and the server process's peak RSS (VmHWM), read
// after a short settle so that what runs once listening (the password estimator) counts. The
// baseline, in the same run: `node -e` opening the same PGlite directory with the server's options.
// The demo (`npm run demo`) is measured too: its first start (migrations, seeding, the analysis
// jobs it queues) and one start on its existing directory.
//
// The CPU seconds the server's processes used until the 200 are printed beside the wall time: on a
// machine shared with other work, the wall time counts the waits for a core too.
//
// BENCH_START_RUNS (default 5) starts per directory; BENCH_START_SETTLE_MS (default 3000) the wait
// after the first 200 before the peak is read; BENCH_START_DEMO=0 leaves the demo out. CI's small run (scripts/bench-smoke.ts) sets 1 and 500.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { median, waitFor } from './lib';

const RUNS = Math.max(1, Number(process.env.BENCH_START_RUNS ?? 5));
const SETTLE_MS = Number(process.env.BENCH_START_SETTLE_MS ?? 3000);
const PORT = 46_000 + Math.floor(Math.random() * 2000);
const TARGET_S = 3;
const TARGET_MB = 500;

/** A process's peak resident memory in MB (VmHWM), 0 once it is gone. */
function peakMb(pid: number): number {
  try {
    const m = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Number(m[1]) / 1024 : 0;
  } catch {
    return 0;
  }
}

/** The process and its descendants (tsx runs the script in a child node process). */
function tree(pid: number): number[] {
  const out = [pid];
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const ppid = Number(/PPid:\s+(\d+)/.exec(readFileSync(`/proc/${name}/status`, 'utf8'))?.[1]);
      if (ppid === pid) out.push(...tree(Number(name)));
    } catch {
      // gone meanwhile
    }
  }
  return out;
}

type Start = { seconds: number; peakMb: number; cpuSeconds?: number };

/** CPU seconds (user + system) a process has used: on a shared machine, steadier than the wall time. */
function cpuSeconds(pid: number): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100; // utime, stime in clock ticks (100 a second on Linux)
  } catch {
    return 0;
  }
}

function stop(child: ChildProcess): Promise<void> {
  return new Promise((done) => {
    if (child.exitCode !== null || child.signalCode !== null) return done();
    child.once('exit', () => done());
    child.kill('SIGTERM');
  });
}

/** One start of `npm start` (or `npm run demo`) on `dataDir`: seconds to /api/health, the server's peak RSS. */
async function start(dataDir: string, demo: boolean): Promise<Start> {
  const started = performance.now();
  const child = spawn('node_modules/.bin/tsx', ['scripts/start.ts', ...(demo ? ['--demo'] : [])], {
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'silent',
      HOST: '127.0.0.1',
      PORT: String(PORT),
      SOURCING_CONNECTORS: 'none',
      JWT_SECRET: 'bench-secret-that-is-long-enough-for-hs256',
      // The web client's build is not the server's start: an empty folder skips it (no static files served).
      STATIC_DIR: join(dataDir, 'no-client'),
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = new Promise<never>((_, reject) => child.once('exit', (code, signal) => reject(new Error(`the server exited (${code ?? signal}) before /api/health answered`))));
  exited.catch(() => undefined);
  await Promise.race([waitFor(`http://127.0.0.1:${PORT}/api/health`, 300_000), exited]);
  const seconds = (performance.now() - started) / 1000;
  const cpu = tree(child.pid!).reduce((sum, pid) => sum + cpuSeconds(pid), 0);
  await new Promise((r) => setTimeout(r, SETTLE_MS));
  // The largest of the tree is the server (tsx's own parent process is a small launcher).
  const peak = Math.max(...tree(child.pid!).map(peakMb));
  await stop(child);
  return { seconds, peakMb: peak, cpuSeconds: cpu };
}

/** `node -e` opening the same PGlite directory with the server's options: time to a first query, peak RSS. */
function baseline(dataDir: string): Start {
  const script = `
    const t0 = performance.now();
    const { PGlite } = await import('@electric-sql/pglite');
    const db = await PGlite.create(${JSON.stringify(join(dataDir, 'pgdata'))}, { startParams: [...PGlite.defaultStartParams, '-c', 'shared_buffers=32MB'] });
    await db.query('select 1');
    const ms = performance.now() - t0;
    await db.close();
    const hwm = /VmHWM:\\s+(\\d+) kB/.exec(require('node:fs').readFileSync('/proc/self/status', 'utf8'))[1];
    console.log(JSON.stringify({ ms, hwm: Number(hwm) }));`;
  const started = performance.now();
  const run = spawnSync(process.execPath, ['--input-type=commonjs', '-e', `(async () => {${script}})()`], { encoding: 'utf8' });
  const wall = (performance.now() - started) / 1000;
  if (run.status !== 0) throw new Error(`baseline failed: ${run.stderr}`);
  const out = JSON.parse(run.stdout.trim().split('\n').pop()!) as { ms: number; hwm: number };
  return { seconds: wall, peakMb: out.hwm / 1024 };
}

const fmt = (s: Start) => `${s.seconds.toFixed(2)} s${s.cpuSeconds === undefined ? '' : ` (${s.cpuSeconds.toFixed(2)} s of CPU)`}, peak ${s.peakMb.toFixed(0)} MB`;
const verdict = (ok: boolean) => (ok ? 'OK' : 'OVER');

async function measure(label: string, demo: boolean) {
  const dataDir = mkdtempSync(join(tmpdir(), 'soumissio-start-'));
  try {
    const first = await start(dataDir, demo);
    console.info(`${label}: first start (new data directory): ${fmt(first)}`);
    const runs: Start[] = [];
    for (let i = 0; i < RUNS; i++) {
      runs.push(await start(dataDir, demo));
      console.info(`${label}: start ${i + 1}/${RUNS} on the existing directory: ${fmt(runs.at(-1)!)}`);
    }
    const base = baseline(dataDir);
    const seconds = runs.map((r) => r.seconds);
    const peaks = runs.map((r) => r.peakMb);
    const med = median(seconds);
    const peak = Math.max(...peaks);
    const cpu = runs.map((r) => r.cpuSeconds ?? 0);
    console.info(`${label}: existing directory, ${RUNS} starts: median ${med.toFixed(2)} s, min ${Math.min(...seconds).toFixed(2)} s, CPU median ${median(cpu).toFixed(2)} s (target ≤ ${TARGET_S} s: ${verdict(med <= TARGET_S)}); peak RSS max ${peak.toFixed(0)} MB, median ${median(peaks).toFixed(0)} MB (target < ${TARGET_MB} MB: ${verdict(peak < TARGET_MB)})`);
    console.info(`${label}: baseline, node -e opening the same PGlite directory: ${fmt(base)}`);
    return { first, med, peak, base };
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (!existsSync(resolve('scripts/start.ts'))) throw new Error('run from the repository root');
console.info(`Start time and memory: ${RUNS} start(s) per data directory, peak read ${SETTLE_MS} ms after the first 200`);
await measure('npm start', false);
if (process.env.BENCH_START_DEMO !== '0') await measure('npm run demo', true);
