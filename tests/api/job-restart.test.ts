// A server killed (SIGKILL) in the middle of reading a document finishes the job after restart, on
// the embedded database, with every page written once and nothing half-written.
import { afterAll, describe, expect, it } from 'vitest';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEMO_ACCOUNTS } from '../../server/db/seed';
import { textPdf } from './documents-fixtures';

const dataDir = mkdtempSync(join(tmpdir(), 'soumissio-restart-'));
let server: ChildProcess | undefined;
afterAll(() => {
  server?.kill('SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
});

const freePort = () =>
  new Promise<number>((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });

// The embedded database's recovery is what is tested, also when the suite runs on PostgreSQL.
const { DATABASE_URL: _postgres, ...environment } = process.env;

async function start(port: number): Promise<ChildProcess> {
  // Node itself with tsx's loader, not the tsx command: that one runs the server in a child of its
  // own, which a SIGKILL of the command would leave running.
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts', '--demo'], {
    env: { ...environment, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'error', JWT_SECRET: 'restart-test-secret-long-enough-for-hs256', EXTRACTION_TOOLS: 'js' },
    stdio: 'ignore',
  });
  const end = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
    const up = await fetch(`http://127.0.0.1:${port}/api/health`).then((r) => r.ok, () => false);
    if (up) return child;
    if (Date.now() > end) throw new Error('the server did not start');
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

describe('a job survives a kill -9 of the server', () => {
  it('is running when the server dies, and done after the restart with every page once', async () => {
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    server = await start(port);
    const { email, password } = DEMO_ACCOUNTS.manager;
    const { token } = (await (await fetch(`${base}/api/users/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password }) })).json()) as { token: string };
    const auth = { authorization: `Bearer ${token}` };
    const profile = (await (await fetch(`${base}/api/users/profile`, { headers: auth })).json()) as { company: { _id: string } };
    const list = (await (await fetch(`${base}/api/tenders/my-company?perPage=50`, { headers: auth })).json()) as { tenderCalls: { _id: string; status: string }[] };
    const tender = list.tenderCalls.find((t) => t.status === 'in_progress')!;

    const pages = Array.from({ length: 150 }, (_, i) => `Article ${i + 1}\n${'Le titulaire devra assurer la maintenance des equipements. '.repeat(8).match(/.{1,90}/g)!.join('\n')}`);
    const form = new FormData();
    form.append('tenderId', tender._id);
    form.append('file', new Blob([new Uint8Array(textPdf(pages))], { type: 'application/pdf' }), 'CCTP-150-pages.pdf');
    const uploaded = await fetch(`${base}/api/tenderDocs?companyId=${profile.company._id}`, { method: 'POST', headers: auth, body: form });
    expect(uploaded.status).toBe(201);
    const { details } = (await uploaded.json()) as { details: { _id: string } };
    const state = async () => ((await (await fetch(`${base}/api/tenderDocs/${details._id}`, { headers: auth })).json()) as { extraction: { status: string; pages: number } }).extraction;

    // Killed as soon as the job runs.
    let seen = '';
    for (const end = Date.now() + 30_000; Date.now() < end; ) {
      seen = (await state()).status;
      if (seen !== 'queued') break;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    expect(seen).toBe('running');
    server.kill('SIGKILL');
    await new Promise((resolve) => server!.once('exit', resolve));
    // Dead: nothing answers any more, so what follows is the new server's work.
    expect(await fetch(`${base}/api/health`).then(() => 'answered', () => 'refused')).toBe('refused');

    server = await start(port);
    let finished = await state();
    for (const end = Date.now() + 60_000; finished.status !== 'done' && finished.status !== 'failed' && Date.now() < end; ) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      finished = await state();
    }
    expect(finished).toMatchObject({ status: 'done', pages: 150 });
    const last = (await (await fetch(`${base}/api/tenderDocs/${details._id}/pages?page=150`, { headers: auth })).json()) as { page: { text: string } };
    expect(last.page.text).toContain('Article 150');
  }, 180_000);
});
