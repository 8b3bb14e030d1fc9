// LibreOffice in a fleet (issue 27): an API process (which cannot start soffice: SOFFICE_PATH names
// a missing file) hands the memory's PDF to a worker as an office job and answers it whole; with no
// worker it answers 503 at once; two exports at once on a worker with OFFICE_CONCURRENCY=1 both
// succeed, one job running at a time. Real processes on one PostgreSQL (tests/support/fleet.ts).
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS } from '../../server/db/seed';
import { DEMO_MEMORY_TITLE } from '../../server/db/demo-memory';
import { filesUnder } from './context';
import { requiredUnderCi } from '../support/ci-tools';
import { createFleet, eventually, postgresReachable, signIn, type Member } from '../support/fleet';

const run = promisify(execFile);
const SOFFICE = '/usr/bin/soffice';
const hasSoffice = existsSync(SOFFICE);
const postgres = await postgresReachable();
if (!postgres) console.warn('fleet-office.test: no PostgreSQL on 127.0.0.1:5432: skipped');
if (!hasSoffice) console.warn(`fleet-office.test: ${SOFFICE} is missing: skipped`);
requiredUnderCi('PostgreSQL on 127.0.0.1:5432', postgres, 'postgresql (the machine starts it)');
requiredUnderCi(`LibreOffice (${SOFFICE})`, hasSoffice, 'libreoffice-writer-nogui and python3-uno');

let fleet: Awaited<ReturnType<typeof createFleet>>;
let a: Member;
let b: Member;
let auth: { authorization: string };
let memoryId: string;

// API processes with no LibreOffice at all: whatever they answer, a worker made it.
const API_ENV = { SOFFICE_PATH: '/nonexistent/soffice' };
const exportPdf = (member: Member) => fetch(`${member.base}/api/memories/${memoryId}/export.pdf?acceptLimits=true`, { headers: { ...auth, 'accept-language': 'fr' } });
const pdfText = async (pdf: Buffer) => {
  const dir = await mkdtemp(join(tmpdir(), 'fleet-office-'));
  try {
    await writeFile(join(dir, 'memoire.pdf'), pdf);
    return (await run('pdftotext', [join(dir, 'memoire.pdf'), '-'], { maxBuffer: 16 * 1024 * 1024 })).stdout.replace(/\s+/g, ' ');
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
};

describe.runIf(postgres && hasSoffice)('LibreOffice on the workers of a fleet', () => {
  beforeAll(async () => {
    fleet = await createFleet();
    a = await fleet.start('api', { ...API_ENV, DEMO: '1' });
    b = await fleet.start('api', API_ENV);
    auth = await signIn(a.base, DEMO_ACCOUNTS.manager.email, DEMO_ACCOUNTS.manager.password);
    const profile = (await (await fetch(`${a.base}/api/users/profile`, { headers: auth })).json()) as { company: { _id: string } };
    const list = (await (await fetch(`${a.base}/api/companies/${profile.company._id}/memories`, { headers: auth })).json()) as { memories: { _id: string; title: string }[] };
    memoryId = list.memories.find((m) => m.title === DEMO_MEMORY_TITLE)!._id;
  }, 180_000);
  afterAll(() => fleet?.close());

  it('answers 503 with its localised message at once when no worker has LibreOffice, and the Word export still works', async () => {
    const started = Date.now();
    const res = await exportPdf(a);
    expect(res.status).toBe(503);
    const body = (await res.json()) as { msgType: string; msg: string };
    expect(body.msgType).toBe('memory-pdf_unavailable');
    expect(body.msg).toMatch(/LibreOffice n'est pas installé.*export Word fonctionne/);
    expect(Date.now() - started).toBeLessThan(5_000);
    // The table of contents is left to Word to fill: no job waits for a worker.
    const docx = await fetch(`${b.base}/api/memories/${memoryId}/export.docx?acceptLimits=true`, { headers: auth });
    expect(docx.status).toBe(200);
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(await fleet.query(`select id from jobs where kind = 'office'`)).toEqual([]);
  }, 30_000);

  it('has the PDF made by a worker and answers it whole through an API process, leaving no object behind', async () => {
    await fleet.start('worker', { OFFICE_CONCURRENCY: '1' });
    await eventually(async () => (await fleet.query(`select 1 from office_workers`)).length > 0, 30_000, 'the worker announcing LibreOffice');
    const started = Date.now();
    const res = await exportPdf(a);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    const pdf = Buffer.from(await res.arrayBuffer());
    console.info(`fleet-office: the demo memory's PDF through an API process and a worker (LibreOffice started cold) in ${Date.now() - started} ms`);
    expect(pdf.subarray(0, 4).toString()).toBe('%PDF');
    expect(await pdfText(pdf)).toContain(DEMO_MEMORY_TITLE);
    // Its table of contents' pages and the PDF: two jobs, both done.
    const done = await fleet.query<{ payload: { op: string } }>(`select payload from jobs where kind = 'office' and status = 'done'`);
    expect(done.map((j) => j.payload.op).sort()).toEqual(['pdf', 'toc-pages']);
    // Inputs and results are removed once read.
    expect(filesUnder(join(fleet.dataDir, 'files', 'office'))).toEqual([]);
  }, 120_000);

  it('makes two exports asked at once, one job at a time on a worker with OFFICE_CONCURRENCY=1', async () => {
    const [{ concurrency }] = (await fleet.query<{ concurrency: number }>(`select concurrency from office_workers`)) as [{ concurrency: number }];
    expect(concurrency).toBe(1);
    let busiest = 0;
    let watching = true;
    const watch = (async () => {
      while (watching) {
        const [row] = await fleet.query<{ n: number }>(`select count(*)::int as n from jobs where kind = 'office' and status = 'running'`);
        busiest = Math.max(busiest, row!.n);
        await new Promise((resolve) => setTimeout(resolve, 30));
      }
    })();
    const started = Date.now();
    const answers = await Promise.all([exportPdf(a), exportPdf(b)]);
    console.info(`fleet-office: two PDFs at once on one worker (OFFICE_CONCURRENCY=1) in ${Date.now() - started} ms`);
    watching = false;
    await watch;
    for (const res of answers) {
      expect(res.status).toBe(200);
      expect(await pdfText(Buffer.from(await res.arrayBuffer()))).toContain(DEMO_MEMORY_TITLE);
    }
    expect(busiest).toBe(1);
  }, 120_000);
});
