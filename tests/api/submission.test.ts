// The submission folder through the API (issue 26), on the real Grenoble INP DCE (its RC and its
// financial frame): the pieces the RC asks for with their sources, attestations judged on the
// deadline's day, the memory's limits and the price file's issues in the pre-flight, pieces set
// from an upload or the vault, the ZIP with exactly the folder's files, and a deposit that
// freezes what was deposited.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { strFromU8, unzipSync } from 'fflate';
import { eq } from 'drizzle-orm';
import { companies, dceAnalyses, memories, tenderCalls, tenders } from '../../server/db/schema';
import { createTestApp, createUser, errorOf, multipart, type TestContext } from './context';
import { analysedDce, insertTender, pdf, tenderWithReadDocs } from './documents-fixtures';
import { dayIn } from '../../rules/calendar';
import { monthsBefore } from '../../server/domains/submission/validity';
import { siretFor } from './sirets';
import { hasOpenssl, makeSigner, pdfWithSignatureField, sign, signingIn } from '../support/signed-pdf';

type Check = { key: string; ok: boolean; severity?: string; msg: string; source: string | null };
type Piece = { code: string; label: string; part: string; required: boolean; source: string; status: string; checks: Check[]; asked: { fileName: string; page: number; excerpt: string } | null; file: { fileName: string; path: string; bytes: number | null; url?: string } | null; documentId?: string };
type Folder = { pieces: Piece[]; checks: Check[]; ready: boolean; totalBytes: number; platform: { name: string | null; maxTotalBytes: number | null }; deadline: string | null; startBy: string | null; deposit: null | { files: { path: string; bytes: number; sha256: string }[]; totalBytes: number; acknowledgement: { fileName: string } } };

let ctx: TestContext;
let manager: Awaited<ReturnType<typeof createUser>>;
let employee: Awaited<ReturnType<typeof createUser>>;
let outsider: Awaited<ReturnType<typeof createUser>>;
let tenderId: string;
let deadline: Date;

const call = (token: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH', url: string, payload?: unknown) =>
  ctx.app.inject({ method, url, headers: { authorization: `Bearer ${token}`, 'accept-language': 'fr' }, ...(payload !== undefined ? { payload: payload as object } : {}) });
const folderOf = async (token = manager.token) => {
  const res = await call(token, 'GET', `/api/tenders/${tenderId}/submission`);
  expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
  return res.json() as Folder;
};
const piece = (folder: Folder, code: string) => folder.pieces.find((p) => p.code === code)!;
const form = (token: string, method: 'PUT' | 'POST', url: string, parts: Parameters<typeof multipart>[0]) => {
  const body = multipart(parts);
  return ctx.app.inject({ method, url, payload: body.payload, headers: { ...body.headers, authorization: `Bearer ${token}`, 'accept-language': 'fr' } });
};
const vaultDoc = (kind: string, title: string, issueDate: string, validUntil?: string) =>
  form(manager.token, 'POST', `/api/companies/${manager.companyId}/documents`, [
    { name: 'kind', value: kind },
    { name: 'title', value: title },
    { name: 'issueDate', value: issueDate },
    ...(validUntil ? [{ name: 'validUntil', value: validUntil }] : []),
    { name: 'file', filename: `${title}.pdf`, type: 'application/pdf', data: pdf() },
  ]);

beforeAll(async () => {
  ctx = await createTestApp({ jobWorkers: 1 });
  manager = await createUser(ctx, 'manager');
  employee = await createUser(ctx, 'employee', { companyId: manager.companyId });
  outsider = await createUser(ctx, 'manager');
  tenderId = await tenderWithReadDocs(ctx, manager, ['RC_2026FCSSA0025 v2.pdf', 'CRF_2026FCSSA0025.xlsx']);
  await analysedDce(ctx, manager, tenderId);
  const [row] = await ctx.db.select({ deadline: tenderCalls.submissionDeadline }).from(tenders).innerJoin(tenderCalls, eq(tenderCalls.id, tenders.tenderCallId)).where(eq(tenders.id, tenderId));
  deadline = row!.deadline!;
}, 240_000);
afterAll(() => ctx?.close());

let analysisId: string;

describe('the submission folder', () => {
  it('lists the pieces the RC asks for, by part, each with its source and the sentence asking for it', async () => {
    const folder = await folderOf();
    const dc1 = piece(folder, 'DC1');
    // The candidature forms are made by the product from the company's details.
    expect(dc1).toMatchObject({ part: 'candidature', required: true, source: 'generated', status: 'ok', file: { path: '1 - Candidature/DC1.docx', url: `/api/tenders/${tenderId}/submission/dc1.docx` } });
    expect(dc1.asked?.fileName).toBe('RC_2026FCSSA0025 v2.pdf');
    expect(dc1.asked?.excerpt).toMatch(/DC1/);
    // The buyer's financial frame, read from the DCE, is made by the product; the memory is not written yet.
    expect(piece(folder, 'CRF')).toMatchObject({ part: 'offre', source: 'generated', status: 'issues' });
    expect(piece(folder, 'CRF').file?.path).toBe('2 - Offre/CRF_2026FCSSA0025.xlsx');
    expect(piece(folder, 'CRT')).toMatchObject({ source: 'missing', status: 'missing' });
    // The RC allows the DUME instead of the DC1 and DC2: one or the other.
    expect(piece(folder, 'DUME')).toMatchObject({ required: false });
    expect(piece(folder, 'DUME').checks[0]!.msg).toMatch(/pas nécessaire/);
    // Declared in the DC1 and the DC2.
    expect(piece(folder, 'HONOUR_DECLARATION')).toMatchObject({ status: 'ok' });
    expect(folder.ready).toBe(false);
    expect(folder.platform.name).toBe('PLACE');
    expect(folder.checks[0]).toMatchObject({ key: 'present', ok: false });
  });

  it('fills the DC1 and the DC2 from the company, and writes the DUME once the company says its size', async () => {
    expect((await call(manager.token, 'PATCH', `/api/companies/${manager.companyId}`, { siret: siretFor(4242) })).statusCode).toBe(200);
    // No size yet: the DUME cannot be written, and the folder says why.
    expect(piece(await folderOf(), 'DUME')).toMatchObject({ source: 'missing', file: null });
    const dc1 = await call(manager.token, 'GET', `/api/tenders/${tenderId}/submission/dc1.docx`);
    expect(dc1.statusCode, dc1.body.slice(0, 200)).toBe(200);
    const [company] = await ctx.db.select({ name: companies.name, siret: companies.siret }).from(companies).where(eq(companies.id, manager.companyId!));
    const text = (body: Buffer) => [...strFromU8(unzipSync(new Uint8Array(body))['word/document.xml']!).matchAll(/<w:t(?: [^>]*)?>([^<]*)<\/w:t>/g)].map((m) => m[1]).join('');
    expect(text(dc1.rawPayload)).toContain(company!.name);
    const dc2 = await call(manager.token, 'GET', `/api/tenders/${tenderId}/submission/dc2.docx`);
    expect(text(dc2.rawPayload).replace(/\s/g, '')).toContain(company!.siret!);
    // Neither the SME status nor the figures: the ESPD model requires a size, so the DUME is refused, said.
    const refused = await call(manager.token, 'GET', `/api/tenders/${tenderId}/submission/espd-response.xml`);
    expect(refused.statusCode).toBe(409);
    expect(errorOf(refused).msg).toMatch(/PME/);
    const candidature = { legalForm: 'SAS', nafCode: '4120B', vatNumber: '', sme: true, legalRepresentative: { name: 'Claire Durand', capacity: 'Présidente' }, figures: [{ year: 2025, turnover: 2840000, staff: 24 }], uploadMbps: 20 };
    expect((await call(manager.token, 'PATCH', `/api/companies/${manager.companyId}`, { candidature })).statusCode).toBe(200);
    const xml = await call(manager.token, 'GET', `/api/tenders/${tenderId}/submission/espd-response.xml`);
    expect(xml.statusCode).toBe(200);
    expect(xml.body).toContain('QualificationApplicationResponse');
    expect(xml.body).toContain(company!.name);
    const pdfRes = await call(manager.token, 'GET', `/api/tenders/${tenderId}/submission/espd-response.pdf`);
    expect(pdfRes.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    // The turnover in the DC2, with the NAF code.
    const filled = text((await call(manager.token, 'GET', `/api/tenders/${tenderId}/submission/dc2.docx`)).rawPayload).replace(/\s/g, '');
    expect(filled).toContain('2840000');
    expect(filled).toContain('4120B');
    expect((await call(outsider.token, 'GET', `/api/tenders/${tenderId}/submission/dc1.docx`)).statusCode).toBe(404);
  });

  it('judges the attestations on the deadline’s day: a Kbis over three months old and an URSSAF attestation over six are reported, with their rules', async () => {
    const analyses = (await call(manager.token, 'GET', `/api/tenders/${tenderId}/dce-analyses`)).json() as { analyses: { _id: string; facts: { key: string; value: unknown }[] }[] };
    analysisId = analyses.analyses[0]!._id;
    const listed = analyses.analyses[0]!.facts.find((f) => f.key === 'candidatureDocuments')!.value as string[];
    // The company's reader adds what the RC asks of the winner too.
    expect((await call(manager.token, 'PATCH', `/api/dce-analyses/${analysisId}/facts/candidatureDocuments`, { value: [...listed, 'KBIS', 'URSSAF'] })).statusCode).toBe(200);
    const day = dayIn(deadline);
    expect((await vaultDoc('kbis', 'Kbis ancien', monthsBefore(day, 4))).statusCode).toBe(201);
    expect((await vaultDoc('urssaf', 'Attestation URSSAF ancienne', monthsBefore(day, 7))).statusCode).toBe(201);
    let folder = await folderOf();
    const kbis = piece(folder, 'KBIS');
    expect(kbis).toMatchObject({ source: 'vault', status: 'expired' });
    expect(kbis.checks.find((c) => c.key === 'kbis_age')).toMatchObject({ ok: false });
    expect(kbis.checks.find((c) => c.key === 'kbis_age')!.source).toMatch(/R\. 2143-9/);
    const urssaf = piece(folder, 'URSSAF');
    expect(urssaf).toMatchObject({ status: 'expired' });
    expect(urssaf.checks.find((c) => c.key === 'urssaf_age')!.msg).toMatch(/plus de six mois/);
    expect(urssaf.checks.find((c) => c.key === 'urssaf_age')!.source).toMatch(/D\. 8222-5/);
    expect(folder.checks.find((c) => c.key === 'valid_at_deadline')).toMatchObject({ ok: false });

    // A fresh attestation is picked over the old one.
    expect((await vaultDoc('urssaf', 'Attestation URSSAF récente', monthsBefore(day, 1))).statusCode).toBe(201);
    folder = await folderOf();
    expect(piece(folder, 'URSSAF')).toMatchObject({ status: 'ok' });
    expect(piece(folder, 'KBIS')).toMatchObject({ status: 'expired' });
  });

  it('reports a memory over the RC’s limit and a price file with a blank line, and is not ready', async () => {
    const created = (await call(manager.token, 'POST', `/api/tenders/${tenderId}/memories`, { from: 'blank', title: 'Mémoire technique' })).json() as { details: { _id: string } };
    await ctx.db.update(memories).set({ limits: { words: 3 } }).where(eq(memories.id, created.details._id));
    const folder = await folderOf();
    const memory = piece(folder, 'CRT');
    expect(memory).toMatchObject({ source: 'generated', status: 'over_limit' });
    expect(memory.checks.find((c) => c.key === 'word_limit')).toMatchObject({ ok: false });
    const prices = piece(folder, 'CRF');
    expect(prices.status).toBe('issues');
    expect(prices.checks.find((c) => c.key === 'price_issues')!.msg).toMatch(/^1 point/);
    expect(folder.ready).toBe(false);
    await ctx.db.update(memories).set({ limits: null }).where(eq(memories.id, created.details._id));
  });

  it('takes a piece from an upload or the vault; the employee contributes, another company sees nothing', async () => {
    const upload = (token: string, code: string, name: string) => form(token, 'PUT', `/api/tenders/${tenderId}/submission/pieces/${code}`, [{ name: 'file', filename: name, type: 'application/pdf', data: pdf(4000) }]);
    expect((await upload(employee.token, 'DC1', 'DC1 signé.pdf')).statusCode).toBe(200);
    const res = await upload(manager.token, 'DC2', 'DC2.pdf');
    expect(res.statusCode).toBe(200);
    const folder = (res.json() as { details: Folder }).details;
    expect(piece(folder, 'DC1')).toMatchObject({ source: 'upload', status: 'ok', file: { path: '1 - Candidature/DC1 signé.pdf', bytes: 4000 } });
    // Made with the DC1 and the DC2: the honour declaration and the turnover are in them.
    expect(piece(folder, 'HONOUR_DECLARATION')).toMatchObject({ status: 'ok' });
    expect(piece(folder, 'DUME').checks[0]!.msg).toMatch(/pas nécessaire/);
    // The old Kbis chosen by hand from the vault stays reported.
    const docs = (await call(manager.token, 'GET', `/api/companies/${manager.companyId}/documents?filterBy=kbis`)).json() as { documents: { _id: string }[] };
    const picked = await form(manager.token, 'PUT', `/api/tenders/${tenderId}/submission/pieces/KBIS`, [{ name: 'companyDocumentId', value: docs.documents[0]!._id }]);
    expect(picked.statusCode).toBe(200);
    expect(piece((picked.json() as { details: Folder }).details, 'KBIS')).toMatchObject({ source: 'vault', status: 'expired' });

    expect((await call(outsider.token, 'GET', `/api/tenders/${tenderId}/submission`)).statusCode).toBe(404);
    expect((await upload(outsider.token, 'DC1', 'autre.pdf')).statusCode).toBe(404);
    const foreign = await form(manager.token, 'PUT', `/api/tenders/${tenderId}/submission/pieces/KBIS`, [{ name: 'companyDocumentId', value: '00000000-0000-4000-8000-000000000000' }]);
    expect(foreign.statusCode).toBe(400);
    expect(errorOf(foreign).msg).toMatch(/coffre-fort/);
  });

  it('zips exactly the folder’s files under their parts, and a deposit freezes them', async () => {
    // A fresh Kbis, and the base offer priced.
    expect((await vaultDoc('kbis', 'Kbis récent', monthsBefore(dayIn(deadline), 1))).statusCode).toBe(201);
    expect((await call(manager.token, 'DELETE', `/api/tenders/${tenderId}/submission/pieces/KBIS`)).statusCode).toBe(200);
    const files = (await call(manager.token, 'GET', `/api/tenders/${tenderId}/price-files`)).json() as { priceFiles: { _id: string; version: number; sheets: { lines: { _id: string; optional?: boolean }[] }[] }[] };
    const crf = files.priceFiles[0]!;
    const base = crf.sheets.flatMap((s) => s.lines).find((l) => !l.optional)!;
    expect((await call(manager.token, 'PATCH', `/api/price-files/${crf._id}`, { version: crf.version, lines: [{ _id: base._id, unitPrice: 48500 }] })).statusCode).toBe(200);
    const folder = await folderOf();
    expect(piece(folder, 'CRF').status).toBe('ok');

    const zip = await call(manager.token, 'GET', `/api/tenders/${tenderId}/submission.zip`);
    expect(zip.statusCode, zip.body.slice(0, 300)).toBe(200);
    expect(zip.headers['content-type']).toBe('application/zip');
    const entries = unzipSync(new Uint8Array(zip.rawPayload));
    const expected = folder.pieces.filter((p) => p.file).map((p) => p.file!.path);
    const names = Object.keys(entries);
    expect(names.filter((n) => !n.startsWith('2 - Offre/Mémoire technique')).sort()).toEqual(expected.filter((n) => !n.startsWith('2 - Offre/Mémoire technique')).sort());
    expect(names.some((n) => /^2 - Offre\/Mémoire technique\.(pdf|docx)$/.test(n))).toBe(true);
    expect(entries['1 - Candidature/DC1 signé.pdf']!.length).toBe(4000);

    // The employee may not deposit; the manager does, with the platform's acknowledgement.
    const deposit = (token: string) =>
      form(token, 'POST', `/api/tenders/${tenderId}/submission/deposit`, [
        { name: 'depositedAt', value: '2026-11-28T10:42:00.000Z' },
        { name: 'acknowledgement', filename: 'Accusé de réception PLACE.pdf', type: 'application/pdf', data: pdf(1500) },
      ]);
    expect((await deposit(employee.token)).statusCode).toBe(403);
    const recorded = await deposit(manager.token);
    expect(recorded.statusCode, recorded.body.slice(0, 300)).toBe(201);
    const frozen = (recorded.json() as { details: Folder }).details.deposit!;
    expect(frozen.acknowledgement.fileName).toBe('Accusé de réception PLACE.pdf');
    expect(frozen.files.map((f) => f.path).sort()).toEqual(names.sort());
    const [status] = await ctx.db.select({ status: tenders.status }).from(tenders).where(eq(tenders.id, tenderId));
    expect(status!.status).toBe('submitted');

    // What was deposited, byte for byte, whatever changes after.
    const dc1 = frozen.files.find((f) => f.path === '1 - Candidature/DC1 signé.pdf')!;
    const refused = await form(manager.token, 'PUT', `/api/tenders/${tenderId}/submission/pieces/DC1`, [{ name: 'file', filename: 'DC1 v2.pdf', type: 'application/pdf', data: pdf(5000) }]);
    expect(refused.statusCode).toBe(409);
    await call(manager.token, 'PATCH', `/api/price-files/${crf._id}`, { version: crf.version + 1, lines: [{ _id: base._id, unitPrice: 1 }] });
    const again = unzipSync(new Uint8Array((await call(manager.token, 'GET', `/api/tenders/${tenderId}/submission.zip`)).rawPayload));
    for (const file of frozen.files) expect(createHash('sha256').update(again[file.path]!).digest('hex'), file.path).toBe(file.sha256);
    expect(again[dc1.path]!.length).toBe(4000);
    expect((await call(employee.token, 'GET', `/api/tenders/${tenderId}/submission/deposit/acknowledgement`)).statusCode).toBe(200);
    expect((await deposit(manager.token)).statusCode).toBe(409);
  });

  it('records the deposit of a tender already moved to submitted by hand, its status kept', async () => {
    const submitted = await insertTender(ctx, manager.companyId!, 'submitted');
    const res = await form(manager.token, 'POST', `/api/tenders/${submitted.id}/submission/deposit`, [
      { name: 'depositedAt', value: '2026-11-27T16:05:00.000Z' },
      { name: 'acknowledgement', filename: 'AR.pdf', type: 'application/pdf', data: pdf(800) },
    ]);
    expect(res.statusCode, res.body.slice(0, 200)).toBe(201);
    const [row] = await ctx.db.select({ status: tenders.status }).from(tenders).where(eq(tenders.id, submitted.id));
    expect(row!.status).toBe('submitted');
    // A deposit dated in the future is no acknowledgement's: refused, nothing recorded.
    const open = await insertTender(ctx, manager.companyId!);
    const future = await form(manager.token, 'POST', `/api/tenders/${open.id}/submission/deposit`, [
      { name: 'depositedAt', value: '2099-01-01T00:00:00.000Z' },
      { name: 'acknowledgement', filename: 'AR.pdf', type: 'application/pdf', data: pdf(800) },
    ]);
    expect(future.statusCode).toBe(400);
    expect(errorOf(future).msg).toMatch(/accusé de réception/);
    const [still] = await ctx.db.select({ status: tenders.status }).from(tenders).where(eq(tenders.id, open.id));
    expect(still!.status).toBe('in_progress');
  });

  it.runIf(hasOpenssl)('where the RC requires an electronic signature, knows a signed AE from an unsigned one, and names its signer', async () => {
    const signed = await insertTender(ctx, manager.companyId!);
    const source = { documentId: signed.id, entry: null, fileName: 'RC.pdf', page: 6, excerpt: "L'acte d'engagement est signé électroniquement par le représentant du candidat." };
    await ctx.db.insert(dceAnalyses).values({
      tenderId: signed.id,
      finishedAt: new Date(),
      facts: [
        { key: 'offerDocuments', value: ['AE'], sources: [source], confidence: 0.9, status: 'extracted', origin: 'rules' },
        { key: 'electronicSignatureRequired', value: true, sources: [source], confidence: 0.9, status: 'extracted', origin: 'rules' },
      ],
    });
    const upload = (data: Buffer) => form(manager.token, 'PUT', `/api/tenders/${signed.id}/submission/pieces/AE`, [{ name: 'file', filename: 'AE.pdf', type: 'application/pdf', data }]);
    const dir = mkdtempSync(join(tmpdir(), 'submission-signature-'));
    try {
      signingIn(dir);
      const unsigned = await pdfWithSignatureField('ETSI.CAdES.detached');
      let ae = piece(((await upload(unsigned)).json() as { details: Folder }).details, 'AE');
      expect(ae.status).toBe('unsigned');
      expect(ae.checks.find((c) => c.key === 'signature')).toMatchObject({ ok: false, source: expect.stringContaining('signé électroniquement') });
      const signer = makeSigner('titulaire', ['-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:P-256']);
      ae = piece(((await upload(sign(unsigned, signer, ['-cades']))).json() as { details: Folder }).details, 'AE');
      expect(ae.status).toBe('ok');
      expect(ae.checks.find((c) => c.key === 'signature')).toMatchObject({ ok: true, msg: 'Signé électroniquement par Jeanne Martin.' });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
