// Real server processes on one PostgreSQL database (issue 27's fleet tests): API processes and
// workers started as an operator would (server/main.ts with SOUMISSIO_ROLE), a database of the
// test's own created and dropped, the files on one shared folder unless the test names a bucket.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export const POSTGRES_URL = process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

export async function postgresReachable(): Promise<boolean> {
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: POSTGRES_URL, connectionTimeoutMillis: 2_000 });
  try {
    await client.connect();
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

export const freePort = () =>
  new Promise<number>((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });

export type Member = { role: 'api' | 'worker' | 'all'; child: ChildProcess; port: number; base: string; output: () => string };

/** A fleet's database and shared folder; `start` adds a process, `close` stops them all and drops the database. */
export async function createFleet(env: Record<string, string> = {}) {
  const { default: pg } = await import('pg');
  const name = `soumissio_fleet_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: POSTGRES_URL });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const databaseUrl = POSTGRES_URL.replace(/\/[^/]*$/, `/${name}`);
  const dataDir = mkdtempSync(join(tmpdir(), 'soumissio-fleet-'));
  const members: Member[] = [];
  // Without the test runner's own database: each process connects to the fleet's.
  const { DATABASE_URL: _runner, ...inherited } = process.env;

  async function start(role: Member['role'], extra: Record<string, string> = {}): Promise<Member> {
    const port = await freePort();
    // Node itself with tsx's loader, not the tsx command: a SIGKILL of the command would leave the server running.
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
      env: { ...inherited, SOUMISSIO_ROLE: role, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, DATABASE_URL: databaseUrl, LOG_LEVEL: 'error', JWT_SECRET: 'fleet-test-secret-long-enough-for-hs256', SOURCING_CONNECTORS: 'none', ...env, ...extra },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const member: Member = { role, child, port, base: `http://127.0.0.1:${port}`, output: () => output };
    members.push(member);
    for (const end = Date.now() + 90_000; ; ) {
      if (child.exitCode !== null) throw new Error(`the ${role} process exited with ${child.exitCode}:\n${output}`);
      // A worker serves no request: it says it runs.
      const up = role === 'worker' ? /worker is running/.test(output) : await fetch(`${member.base}/api/health`).then((r) => r.ok, () => false);
      if (up) return member;
      if (Date.now() > end) throw new Error(`the ${role} process did not start:\n${output}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  /** Ends a process with a signal and waits for it. */
  async function stop(member: Member, signal: NodeJS.Signals = 'SIGTERM') {
    if (member.child.exitCode === null && member.child.signalCode === null) {
      const exited = new Promise((resolve) => member.child.once('exit', resolve));
      member.child.kill(signal);
      await exited;
    }
  }

  /** A query on the fleet's database. */
  async function query<T = Record<string, unknown>>(text: string, values: unknown[] = []): Promise<T[]> {
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    try {
      return (await client.query(text, values)).rows as T[];
    } finally {
      await client.end();
    }
  }

  async function close() {
    await Promise.all(members.map((member) => stop(member, 'SIGKILL')));
    await admin.query(`drop database if exists ${name} with (force)`).catch(() => undefined);
    await admin.end();
    rmSync(dataDir, { recursive: true, force: true });
  }

  return { start, stop, query, close, databaseUrl, dataDir };
}

/** Signs in by the API and answers the headers of the session. */
export async function signIn(base: string, email: string, password: string): Promise<{ authorization: string }> {
  const res = await fetch(`${base}/api/users/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password }) });
  if (!res.ok) throw new Error(`sign-in failed: ${res.status} ${await res.text()}`);
  const { token } = (await res.json()) as { token: string };
  return { authorization: `Bearer ${token}` };
}

/** Polls until `test` answers a value, or fails after `limitMs`. */
export async function eventually<T>(test: () => Promise<T | undefined | null | false>, limitMs = 60_000, what = 'condition'): Promise<T> {
  for (const end = Date.now() + limitMs; ; ) {
    const value = await test();
    if (value) return value;
    if (Date.now() > end) throw new Error(`${what} not reached in ${limitMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
}
