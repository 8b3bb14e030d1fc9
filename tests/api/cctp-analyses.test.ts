// The CCTP analysis of a tender on the real Grenoble INP CCTP: a job that lists the requirements
// with their section and page; the team marks them covered, assigns them, writes notes (kept when
// the analysis runs again), and exports the compliance matrix as XLSX and CSV.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import * as XLSX from '@e965/xlsx';
import { tenders } from '../../server/db/schema';
import { createTestApp, createUser, type TestContext } from './context';
import { formRequest, grenobleFile, insertTender } from './documents-fixtures';


type Requirement = {
  _id: string;
  fileName: string;
  page: number;
  section: { number: string; title: string };
  text: string;
  kind: string;
  norms: string[];
  status: string;
  assignee: { _id: string; username: string } | null;
  note: string | null;
};
type Analysis = {
  _id: string;
  status: string;
  documents: { fileName: string; pages: number }[];
  coverage: { total: number; covered: number; notApplicable: number; todo: number };
  requirements: Requirement[];
};

let ctx: TestContext;
let manager: Awaited<ReturnType<typeof createUser>>;
let employee: Awaited<ReturnType<typeof createUser>>;
let outsider: Awaited<ReturnType<typeof createUser>>;
let tenderId: string;

const call = (token: string, method: 'GET' | 'POST' | 'PATCH', url: string, payload?: unknown, lang = 'fr') =>
  ctx.app.inject({ method, url, headers: { authorization: `Bearer ${token}`, 'accept-language': lang }, ...(payload !== undefined ? { payload: payload as object } : {}) });

async function finished(id: string): Promise<Analysis> {
  for (const end = Date.now() + 90_000; ; ) {
    const analysis = (await call(employee.token, 'GET', `/api/cctp-analyses/${id}`)).json() as Analysis;
    if (analysis.status === 'done' || analysis.status === 'failed') return analysis;
    if (Date.now() > end) throw new Error(`analysis still ${analysis.status}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

beforeAll(async () => {
  ctx = await createTestApp({ jobWorkers: 1 });
  manager = await createUser(ctx, 'manager');
  employee = await createUser(ctx, 'employee', { companyId: manager.companyId });
  outsider = await createUser(ctx, 'manager');
  tenderId = (await insertTender(ctx, manager.companyId!)).id;
  for (const name of ['RC_2026FCSSA0025 v2.pdf', 'CCTP_2026FCSSA0025 v2.pdf']) {
    const res = await ctx.app.inject(formRequest('POST', `/api/tenderDocs?companyId=${manager.companyId}`, manager.token, { tenderId }, grenobleFile(name)));
    expect(res.statusCode).toBe(201);
  }
}, 60_000);
afterAll(() => ctx?.close());

describe('the CCTP analysis', () => {
  let analysis: Analysis;

  it('runs as a job, reads only the CCTP, and lists its requirements with their section and page', async () => {
    // Employees work the matrix too: they run it.
    const res = await call(employee.token, 'POST', `/api/tenders/${tenderId}/cctp-analyses`);
    expect(res.statusCode).toBe(202);
    expect(res.json()).toMatchObject({ msg: 'Analyse du CCTP lancée.', details: { status: 'queued', requirements: [], coverage: { total: 0 } } });
    expect((await call(manager.token, 'POST', `/api/tenders/${tenderId}/cctp-analyses`)).json()).toMatchObject({ msg: 'Une analyse de ce CCTP est déjà en cours.' });
    analysis = await finished((res.json() as { details: Analysis }).details._id);
    expect(analysis.status).toBe('done');
    expect(analysis.documents.map((d) => d.fileName)).toEqual(['CCTP_2026FCSSA0025 v2.pdf']);
    expect(analysis.requirements.length).toBeGreaterThan(20);
    expect(analysis.coverage).toEqual({ total: analysis.requirements.length, covered: 0, notApplicable: 0, todo: analysis.requirements.length });
    for (const requirement of analysis.requirements) {
      expect(requirement.fileName).toBe('CCTP_2026FCSSA0025 v2.pdf');
      expect(requirement.page).toBeGreaterThanOrEqual(1);
      expect(requirement.text.length).toBeGreaterThan(10);
      expect(requirement.status).toBe('todo');
    }
    // Sections come from the CCTP's headings: most requirements sit under one.
    expect(analysis.requirements.filter((r) => r.section.number).length / analysis.requirements.length).toBeGreaterThan(0.8);
  });

  it('keeps other companies out and refuses a tender whose work has not started', async () => {
    expect((await call(outsider.token, 'GET', `/api/cctp-analyses/${analysis._id}`)).statusCode).toBe(404);
    expect((await call(outsider.token, 'GET', `/api/tenders/${tenderId}/cctp-analyses`)).statusCode).toBe(404);
    const [first] = analysis.requirements;
    expect((await call(outsider.token, 'PATCH', `/api/cctp-analyses/${analysis._id}/requirements/${first!._id}`, { status: 'covered' })).statusCode).toBe(404);
    expect((await call(outsider.token, 'GET', `/api/cctp-analyses/${analysis._id}/export?format=csv`)).statusCode).toBe(404);
    await ctx.db.update(tenders).set({ status: 'not_started' }).where(eq(tenders.id, tenderId));
    const res = await call(manager.token, 'POST', `/api/tenders/${tenderId}/cctp-analyses`, undefined, 'en');
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ msg: 'Start working on this tender before analysing its CCTP.' });
    await ctx.db.update(tenders).set({ status: 'in_progress' }).where(eq(tenders.id, tenderId));
  });

  it('marks requirements covered or not applicable, assigns them within the company, and keeps notes', async () => {
    const [first, second, third] = analysis.requirements;
    const url = (id: string) => `/api/cctp-analyses/${analysis._id}/requirements/${id}`;
    const covered = await call(employee.token, 'PATCH', url(first!._id), { status: 'covered', note: '  Voir mémoire technique §2.1  ', assigneeId: employee.id });
    expect(covered.statusCode).toBe(200);
    expect(covered.json()).toMatchObject({ msg: 'Exigence mise à jour.', details: { status: 'covered', note: 'Voir mémoire technique §2.1', assigneeId: employee.id, assignee: { _id: employee.id } } });
    expect((await call(manager.token, 'PATCH', url(second!._id), { status: 'not_applicable' })).statusCode).toBe(200);
    // A formula in a note must stay text in the spreadsheet.
    expect((await call(manager.token, 'PATCH', url(third!._id), { note: '=HYPERLINK("http://evil.test","x")' })).statusCode).toBe(200);

    const stranger = await call(manager.token, 'PATCH', url(third!._id), { assigneeId: outsider.id });
    expect(stranger.statusCode).toBe(400);
    expect(stranger.json()).toMatchObject({ msg: "La personne choisie n'est pas membre de l'entreprise qui répond." });
    expect((await call(manager.token, 'PATCH', url(third!._id), { status: 'done' })).statusCode).toBe(400);
    expect((await call(manager.token, 'PATCH', url(third!._id), {})).statusCode).toBe(400);
    expect((await call(manager.token, 'PATCH', url(third!._id), { note: 'x'.repeat(2001) })).statusCode).toBe(400);
    const unknown = await call(manager.token, 'PATCH', url('00000000-0000-4000-8000-000000000000'), { status: 'covered' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ msg: "Cette exigence n'existe pas dans cette analyse." });

    const list = (await call(employee.token, 'GET', `/api/tenders/${tenderId}/cctp-analyses`)).json() as { count: number; analyses: (Analysis & { requirements?: unknown })[] };
    expect(list.count).toBe(1);
    expect(list.analyses[0]!.coverage).toMatchObject({ covered: 1, notApplicable: 1, todo: analysis.requirements.length - 2 });
    expect(list.analyses[0]!.requirements).toBeUndefined();
  });

  it('exports the matrix as XLSX in the caller\'s language and as CSV with formulas kept inert', async () => {
    const xlsx = await call(employee.token, 'GET', `/api/cctp-analyses/${analysis._id}/export?format=xlsx`);
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(xlsx.headers['content-disposition']).toMatch(/^attachment; filename="exigences-CCTP-DOCS-.*\.xlsx"/);
    const book = XLSX.read(xlsx.rawPayload, { type: 'buffer' });
    expect(book.SheetNames).toEqual(['Matrice de conformité']);
    const rows = XLSX.utils.sheet_to_json<string[]>(book.Sheets[book.SheetNames[0]!]!, { header: 1 });
    expect(rows[0]).toEqual(['Article', "Titre de l'article", 'Exigence', 'Type', 'Normes', 'Document', 'Page', 'Statut', 'Responsable', 'Réponse / note']);
    expect(rows).toHaveLength(analysis.requirements.length + 1);
    expect(rows[1]).toEqual(expect.arrayContaining([analysis.requirements[0]!.text, 'Couverte', 'Test employee', 'Voir mémoire technique §2.1']));
    expect(rows[3]![9]).toBe('\'=HYPERLINK("http://evil.test","x")');

    const csv = await call(employee.token, 'GET', `/api/cctp-analyses/${analysis._id}/export?format=csv`, undefined, 'en');
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.body.startsWith('\ufeffSection;Section title;Requirement;Kind;Standards;Document;Page;Status;Assignee;Answer / note\r\n')).toBe(true);
    expect(csv.body.trimEnd().split('\r\n')).toHaveLength(analysis.requirements.length + 1);
    expect(csv.body).toContain(';Covered;');
    expect(csv.body).toContain(';Not applicable;');
    expect(csv.body).toContain('"\'=HYPERLINK(""http://evil.test"",""x"")"');
    expect((await call(employee.token, 'GET', `/api/cctp-analyses/${analysis._id}/export?format=pdf`)).statusCode).toBe(400);
  });

  it('a new run finds the requirements again and keeps what the team said of them', async () => {
    const res = await call(manager.token, 'POST', `/api/tenders/${tenderId}/cctp-analyses`);
    expect(res.statusCode).toBe(202);
    const again = await finished((res.json() as { details: Analysis }).details._id);
    expect(again.requirements).toHaveLength(analysis.requirements.length);
    expect(again.requirements[0]).toMatchObject({ status: 'covered', note: 'Voir mémoire technique §2.1', assignee: { _id: employee.id } });
    expect(again.requirements[1]!.status).toBe('not_applicable');
    expect(again.coverage).toMatchObject({ covered: 1, notApplicable: 1 });
    const list = (await call(manager.token, 'GET', `/api/tenders/${tenderId}/cctp-analyses`)).json() as { analyses: { _id: string }[] };
    expect(list.analyses.map((a) => a._id)).toEqual([again._id, analysis._id]);
  });
});
