// Shared pieces of the benchmarks: start the real server as a child process, wait for it,
// stop it, and run autocannon against a URL.
import { spawn, type ChildProcess } from 'node:child_process';
import autocannon from 'autocannon';

export type Server = { url: string; child: ChildProcess; startMs: number };

export async function waitFor(url: string, timeoutMs = 120_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      const res = await fetch(url);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`${url} did not answer within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

/** Starts a TypeScript entry point with tsx and resolves once `readyPath` answers 200. */
export async function startServer(entry: string, args: string[], env: NodeJS.ProcessEnv, port: number, readyPath: string): Promise<Server> {
  const started = performance.now();
  const child = spawn('node_modules/.bin/tsx', [entry, ...args], {
    // No built-in sourcing connector in a bench: its figures are the requests', not a fetch running beside them.
    env: { ...process.env, LOG_LEVEL: 'silent', HOST: '127.0.0.1', PORT: String(port), SOURCING_CONNECTORS: 'none', ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  // A server that exits before answering (a crash at start) fails the bench at once, not after the wait.
  const exited = new Promise<never>((_, reject) => child.once('exit', (code, signal) => reject(new Error(`${entry} exited (${code ?? signal}) before ${readyPath} answered`))));
  exited.catch(() => undefined); // its later exit, when the bench stops it, is no failure
  await Promise.race([waitFor(url + readyPath), exited]);
  return { url, child, startMs: performance.now() - started };
}

export function stopServer(server: Server): Promise<void> {
  return new Promise((resolve) => {
    if (server.child.exitCode !== null || server.child.signalCode !== null) return resolve();
    server.child.once('exit', () => resolve());
    server.child.kill('SIGTERM');
  });
}

export type Load = { rps: number; p99: number; errors: number; non2xx: number };

/** Seconds of load per measure: BENCH_SECONDS when set (CI's small-scale run sets 1). */
const benchSeconds = (fallback: number) => Number(process.env.BENCH_SECONDS ?? fallback);
const warmUpSeconds = () => Math.min(2, benchSeconds(2));

export async function load(url: string, headers: Record<string, string> = {}, seconds = benchSeconds(8)): Promise<Load> {
  // A short warm-up so JIT and connection pools are in place before we count.
  await autocannon({ url, headers, connections: 50, duration: warmUpSeconds() });
  const r = await autocannon({ url, headers, connections: 50, duration: seconds });
  return { rps: r.requests.average, p99: r.latency.p99, errors: r.errors, non2xx: r.non2xx };
}

export const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

export type LatencyLoad = Load & { p50: number; p95: number; requests: number; timeouts: number };

/**
 * Like `load`, with a chosen number of connections and the p50/p95/p99 of every response's own
 * time (autocannon's summary has no p95), in milliseconds.
 */
export async function loadLatencies(url: string, headers: Record<string, string>, connections: number, seconds = benchSeconds(8)): Promise<LatencyLoad> {
  await autocannon({ url, headers, connections, duration: warmUpSeconds() });
  const times: number[] = [];
  const r = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon({ url, headers, connections, duration: seconds }, (error, result) => (error ? reject(error) : resolve(result)));
    instance.on('response', (_client, _status, _bytes, responseTime) => times.push(responseTime));
  });
  times.sort((a, b) => a - b);
  const at = (q: number) => (times.length ? Math.round(10 * times[Math.min(times.length - 1, Math.floor(q * times.length))]!) / 10 : NaN);
  return { rps: r.requests.average, p50: at(0.5), p95: at(0.95), p99: at(0.99), errors: r.errors, non2xx: r.non2xx, requests: times.length, timeouts: r.timeouts };
}
