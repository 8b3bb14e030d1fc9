// Soumissio as a fleet (issue 27): two API processes and workers, real processes on one PostgreSQL
// database and one shared file folder. A document uploaded through API A is read by a worker and
// its analysis asked and read through API B; a worker killed mid-extraction leaves its job to
// another, which writes every page once; with two workers, a digest goes out once.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS } from '../../server/db/seed';
import { textPdf } from './documents-fixtures';
import { requiredUnderCi } from '../support/ci-tools';
import { createFleet, eventually, postgresReachable, signIn, type Member } from '../support/fleet';

const postgres = await postgresReachable();
if (!postgres) console.warn('fleet.test: no PostgreSQL on 127.0.0.1:5432: the fleet tests are skipped');
requiredUnderCi('PostgreSQL on 127.0.0.1:5432', postgres, 'postgresql (the machine starts it)');

type Fleet = Awaited<ReturnType<typeof createFleet>>;
let fleet: Fleet;
let a: Member;
let b: Member;
let firstWorker: Member;
let auth: { authorization: string };
let tenderId: string;
let companyId: string;

// pdf.js alone reads slowly enough for the test to see a job running; a killed worker's job is taken again after 3 s.
const WORKER_ENV = { EXTRACTION_TOOLS: 'js', JOB_LEASE_SECONDS: '3', ALERTS_INTERVAL_MS: '500' };

const json = async <T>(member: Member, path: string, init: RequestInit = {}) => {
  const res = await fetch(`${member.base}${path}`, { ...init, headers: { ...auth, ...(init.headers ?? {}) } });
  if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
};
const upload = async (member: Member, name: string, pages: string[]) => {
  const form = new FormData();
  form.append('tenderId', tenderId);
  form.append('file', new Blob([new Uint8Array(textPdf(pages))], { type: 'application/pdf' }), name);
  return (await json<{ details: { _id: string } }>(member, `/api/tenderDocs?companyId=${companyId}`, { method: 'POST', body: form })).details._id;
};
type Extraction = { status: string; pages: number };
const extractionOf = async (member: Member, documentId: string) => (await json<{ extraction: Extraction }>(member, `/api/tenderDocs/${documentId}`)).extraction;

describe.runIf(postgres)('a fleet of API processes and workers on one PostgreSQL', () => {
  beforeAll(async () => {
    fleet = await createFleet();
    // The first process migrates and seeds the demo; the others find it done.
    a = await fleet.start('api', { DEMO: '1' });
    [b, firstWorker] = await Promise.all([fleet.start('api'), fleet.start('worker', WORKER_ENV)]);
    auth = await signIn(a.base, DEMO_ACCOUNTS.manager.email, DEMO_ACCOUNTS.manager.password);
    companyId = (await json<{ company: { _id: string } }>(a, '/api/users/profile')).company._id;
    const list = await json<{ tenderCalls: { _id: string; status: string }[] }>(a, '/api/tenders/my-company?perPage=50');
    tenderId = list.tenderCalls.find((t) => t.status === 'in_progress')!._id;
  }, 180_000);
  afterAll(() => fleet?.close());

  it('reads through a worker a document uploaded through API A, and analyses it when asked through API B', async () => {
    const rc = ['REGLEMENT DE LA CONSULTATION', 'Article 1 - Objet : maintenance des ascenseurs du lycée.', 'Date limite de réception des offres : le 15 janvier 2027 à 12h00.', 'Critères de jugement des offres : Prix 60 %, Valeur technique 40 %.'];
    const documentId = await upload(a, 'RC.pdf', [rc.join('\n')]);
    // Neither API process runs jobs: the worker reads it.
    const read = await eventually(async () => {
      const state = await extractionOf(b, documentId);
      return state.status === 'done' && state;
    }, 60_000, 'the extraction');
    expect(read.pages).toBe(1);
    const asked = await json<{ details: { _id: string } }>(b, `/api/tenders/${tenderId}/dce-analyses`, { method: 'POST' });
    const analysis = await eventually(async () => {
      const state = await json<{ status: string; facts: { key: string }[] }>(a, `/api/dce-analyses/${asked.details._id}`);
      return (state.status === 'done' || state.status === 'failed') && state;
    }, 60_000, 'the analysis');
    expect(analysis.status).toBe('done');
    expect(analysis.facts.map((f) => f.key)).toContain('submissionDeadline');
  }, 150_000);

  it('finishes on another worker a reading whose worker was killed, every page written once', async () => {
    const pages = Array.from({ length: 150 }, (_, i) => `Article ${i + 1}\n${'Le titulaire devra assurer la maintenance des equipements. '.repeat(8).match(/.{1,90}/g)!.join('\n')}`);
    const documentId = await upload(a, 'CCTP-150-pages.pdf', pages);
    await eventually(async () => (await extractionOf(b, documentId)).status === 'running', 30_000, 'the extraction running');
    await fleet.stop(firstWorker, 'SIGKILL');
    const second = await fleet.start('worker', WORKER_ENV);
    const done = await eventually(async () => {
      const state = await extractionOf(b, documentId);
      return (state.status === 'done' || state.status === 'failed') && state;
    }, 90_000, 'the extraction finished');
    expect(done).toMatchObject({ status: 'done', pages: 150 });
    const [rows] = await fleet.query<{ pages: number; distinct: number }>('select count(*)::int as pages, count(distinct page)::int as distinct from document_pages where document_id = $1', [documentId]);
    expect(rows).toEqual({ pages: 150, distinct: 150 });
    expect(second.child.exitCode).toBeNull();
  }, 180_000);

  it('sends a digest once, however many workers run the alerts', async () => {
    await fleet.start('worker', WORKER_ENV);
    const { email } = DEMO_ACCOUNTS.manager;
    const digests = async () => (await fleet.query<{ n: number }>(`select count(*)::int as n from outbox_emails where "to" = $1 and kind = 'digest'`, [email]))[0]!.n;
    const before = await digests();
    // Due now: a daily digest never sent. Two workers pass over the alerts every 500 ms.
    await fleet.query(`update users set digest_frequency = 'daily', digest_sent_at = null where email = $1`, [email]);
    await eventually(async () => (await digests()) > before, 20_000, 'a digest');
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    expect(await digests()).toBe(before + 1);
  }, 60_000);
});
