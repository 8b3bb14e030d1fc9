// Two real server processes, A and B, on one PostgreSQL database (issue 27): a database of this
// file's own on 127.0.0.1:5432, dropped at the end; both share one data folder, as two processes
// sharing a volume would. In order:
// - eleven wrong sign-ins spread over A and B are limited at the same count as on one process;
// - a job running in A when A gets SIGTERM is handed back and taken by B at once, not after A's
//   lease (a minute);
// - B stopped with SIGTERM under load: every request it had received gets its whole answer,
//   afterwards connections are refused, and the job it was running goes back to the queue.
// Without a PostgreSQL server here the file is skipped; under CI that is a failure.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEMO_ACCOUNTS } from '../../server/db/seed';
import { requiredUnderCi } from '../support/ci-tools';
import { textPdf } from './documents-fixtures';

const POSTGRES_URL = process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const { default: pg } = await import('pg');
const postgresUp = await (async () => {
  const client = new pg.Client({ connectionString: POSTGRES_URL, connectionTimeoutMillis: 2_000 });
  try {
    await client.connect();
    await client.end();
    return true;
  } catch {
    return false;
  }
})();
if (!postgresUp) console.warn(`two-processes.test: no PostgreSQL at ${POSTGRES_URL}: skipped`);
requiredUnderCi('PostgreSQL on 127.0.0.1:5432', postgresUp, 'postgresql (the machine starts it)');

const name = `soumissio_t_fleet_${randomBytes(4).toString('hex')}`;
const databaseUrl = (() => {
  const url = new URL(POSTGRES_URL);
  url.pathname = `/${name}`;
  return url.toString();
})();
const dataDir = mkdtempSync(join(tmpdir(), 'soumissio-fleet-'));
const servers: { A?: Server; B?: Server } = {};
type Server = { child: ChildProcess; base: string; exited: Promise<number | null>; log: () => string };

const freePort = () =>
  new Promise<number>((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });

// Whatever the suite runs on, these processes use this file's database and the database's counters.
const { DATABASE_URL: _database, REDIS_URL: _redis, ...environment } = process.env;

async function start(): Promise<Server> {
  const port = await freePort();
  // Node itself with tsx's loader: the signals reach the server, not a tsx parent.
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts', '--demo'], {
    env: {
      ...environment,
      DATABASE_URL: databaseUrl,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'info',
      JWT_SECRET: 'fleet-test-secret-long-enough-for-hs256-signing',
      EXTRACTION_TOOLS: 'js',
      SOURCING_CONNECTORS: 'none',
      LOGIN_LIMIT_PER_EMAIL: '10',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  child.stdout!.on('data', (chunk: Buffer) => (log += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (log += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const base = `http://127.0.0.1:${port}`;
  for (const end = Date.now() + 120_000; ; ) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}:\n${log}`);
    if (await fetch(`${base}/api/health`).then((r) => r.ok, () => false)) return { child, base, exited, log: () => log };
    if (Date.now() > end) throw new Error('the server did not start');
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

let admin: InstanceType<typeof pg.Client>;
type JobState = { status: string; attempts: number; lease_until: Date | null; progress: number };
const jobOf = async (documentId: string): Promise<JobState> =>
  (await admin.query<JobState>(`select status, attempts, lease_until, progress from jobs where kind = 'extract-document' and payload->>'documentId' = $1`, [documentId])).rows[0]!;

describe.runIf(postgresUp)('two server processes on one PostgreSQL database', () => {
  beforeAll(async () => {
    const setup = new pg.Client({ connectionString: POSTGRES_URL });
    await setup.connect();
    await setup.query(`create database ${name}`);
    await setup.end();
    admin = new pg.Client({ connectionString: databaseUrl });
    await admin.connect();
  });
  afterAll(async () => {
    for (const server of Object.values(servers)) server?.child.kill('SIGKILL');
    await admin?.end();
    const teardown = new pg.Client({ connectionString: POSTGRES_URL });
    await teardown.connect();
    await teardown.query(`drop database if exists ${name} with (force)`);
    await teardown.end();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('share the limits, hand a running job over, and stop without losing a request', async () => {
    const [A, B] = await Promise.all([start(), start()]);
    servers.A = A;
    servers.B = B;
    const signIn = (server: Server, body: object) => fetch(`${server.base}/api/users/login`, { method: 'POST', headers: { 'content-type': 'application/json', 'accept-language': 'fr' }, body: JSON.stringify(body) });

    // Eleven wrong sign-ins, alternately on A and B: the eleventh is refused, as on one process.
    const target = DEMO_ACCOUNTS.employee;
    for (let i = 0; i < 10; i++) expect((await signIn(i % 2 ? B : A, { email: target.email, password: `wrong-${i}` })).status, `attempt ${i + 1}`).toBe(401);
    const eleventh = await signIn(B, { email: target.email, password: 'wrong-10' });
    expect(eleventh.status).toBe(429);
    expect(Number(eleventh.headers.get('retry-after'))).toBeGreaterThan(14 * 60);
    expect(((await eleventh.json()) as { msg: string }).msg).toMatch(/^Trop de tentatives\. Réessayez dans \d+ minutes\.$/);
    // Even with the right password, on the other process.
    expect((await signIn(A, { email: target.email, password: target.password })).status).toBe(429);

    const { token } = (await (await signIn(A, { email: DEMO_ACCOUNTS.manager.email, password: DEMO_ACCOUNTS.manager.password })).json()) as { token: string };
    const auth = { authorization: `Bearer ${token}` };
    const profile = (await (await fetch(`${A.base}/api/users/profile`, { headers: auth })).json()) as { company: { _id: string } };
    const list = (await (await fetch(`${A.base}/api/tenders/my-company?perPage=50`, { headers: auth })).json()) as { tenderCalls: { _id: string; status: string }[] };
    const tender = list.tenderCalls.find((t) => t.status === 'in_progress')!;

    // The demo's first reading and analyses done, so that nothing else waits in the queue.
    for (const end = Date.now() + 120_000; ; ) {
      const { rows } = await admin.query<{ n: string }>(`select count(*) as n from jobs where kind not like 'schedule:%' and (status = 'running' or (status = 'queued' and run_after <= now()))`);
      if (rows[0]!.n === '0') break;
      if (Date.now() > end) throw new Error(`the demo's jobs are still pending: ${rows[0]!.n}`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }

    // B frozen (SIGSTOP) while A takes the job: A is then the one running it, for sure.
    B.child.kill('SIGSTOP');
    const pages = Array.from({ length: 2_000 }, (_, i) => `Article ${i + 1}\n${'Le titulaire assure la maintenance preventive des equipements. '.repeat(40).match(/.{1,90}/g)!.join('\n')}`);
    const form = new FormData();
    form.append('tenderId', tender._id);
    form.append('file', new Blob([new Uint8Array(textPdf(pages))], { type: 'application/pdf' }), 'CCTP-long.pdf');
    const uploaded = await fetch(`${A.base}/api/tenderDocs?companyId=${profile.company._id}`, { method: 'POST', headers: auth, body: form });
    expect(uploaded.status).toBe(201);
    const documentId = ((await uploaded.json()) as { details: { _id: string } }).details._id;
    for (const end = Date.now() + 60_000; (await jobOf(documentId)).status !== 'running'; ) {
      if (Date.now() > end) throw new Error('the extraction never started in A');
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    B.child.kill('SIGCONT');

    // A stopped while reading: it hands the job back, and B takes it at once.
    const stoppedAt = Date.now();
    A.child.kill('SIGTERM');
    expect(await A.exited).toBe(0);
    expect(A.log()).toContain('stopping: finishing requests in flight and handing running jobs back');
    let taken = await jobOf(documentId);
    while (taken.status !== 'running' && taken.status !== 'done' && Date.now() - stoppedAt < 10_000) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      taken = await jobOf(documentId);
    }
    // A's attempt, stopped, is not counted: B's is the first. A's lease would have held it a minute.
    expect(taken).toMatchObject({ status: 'running', attempts: 1 });
    expect(Date.now() - stoppedAt).toBeLessThan(10_000);
    expect(await fetch(`${A.base}/api/health`).then(() => 'answered', (error: Error) => (error.cause as { code?: string }).code)).toBe('ECONNREFUSED');

    // B under load: 50 lists in flight (each its own page size, to find it in B's log), then SIGTERM.
    const lists = Array.from({ length: 50 }, async (_, i) => {
      const perPage = i + 1;
      try {
        const res = await fetch(`${B.base}/api/tenders/my-company?perPage=${perPage}`, { headers: auth });
        return { perPage, status: res.status, text: await res.text(), at: Date.now() };
      } catch (error) {
        return { perPage, error: ((error as Error).cause as { code?: string } | undefined)?.code ?? String(error), at: Date.now() };
      }
    });
    await new Promise((resolve) => setTimeout(resolve, 150));
    const signalledAt = Date.now();
    B.child.kill('SIGTERM');
    const answers = await Promise.all(lists);
    expect(await B.exited).toBe(0);
    expect(B.log()).toMatch(/"msg":"stopped"/);
    // What B answered, by its own log: one line per request it took in.
    const logged = new Map<number, number>();
    for (const line of B.log().split('\n')) {
      const match = /"url":"\/api\/tenders\/my-company\?perPage=(\d+)","statusCode":(\d+)/.exec(line);
      if (match) logged.set(Number(match[1]), Number(match[2]));
    }
    for (const answer of answers) {
      const shown = JSON.stringify(answer).slice(0, 300);
      if ('error' in answer) {
        // A connection B never took from the kernel's queue: reset when B closed its socket, never begun.
        expect(logged.has(answer.perPage), shown).toBe(false);
        continue;
      }
      // Every request B took in was answered whole (none cut); one it had not read when its stop
      // began got the localised 503.
      expect(logged.get(answer.perPage), shown).toBe(answer.status);
      if (answer.status === 503) expect(JSON.parse(answer.text), shown).toEqual({ msg: 'Le serveur redémarre. Réessayez dans un instant.', msgType: 'common-shutting_down' });
      else {
        expect(answer.status, shown).toBe(200);
        expect((JSON.parse(answer.text) as { tenderCalls: unknown[] }).tenderCalls.length).toBe(Math.min(answer.perPage, list.tenderCalls.length));
      }
    }
    // Some were still being worked on when the signal came: the stop waited for them.
    expect(answers.filter((answer) => 'status' in answer && answer.status === 200 && answer.at > signalledAt).length).toBeGreaterThan(0);
    expect(await fetch(`${B.base}/api/health`).then(() => 'answered', (error: Error) => (error.cause as { code?: string }).code)).toBe('ECONNREFUSED');
    // The job B was reading went back to the queue, due at once, for the next process to start.
    const after = await jobOf(documentId);
    if (after.status !== 'done') expect(after).toMatchObject({ status: 'queued', attempts: 0, lease_until: null });
  }, 300_000);
});
