// The acte d'engagement in the submission folder (issues 25 and 26), through the API: on the real
// Grenoble INP DCE (no AE of the buyer's) the AE is written on the ATTRI1 model with the company
// and the price files' total; a buyer's AE in the DCE is filled with only its places changed; an
// uploaded AE whose amount differs from the price files' total fails the folder's check and gives
// `ae_mismatch` on the price file's check; one that cannot be read is said, never guessed.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { strFromU8, unzipSync } from 'fflate';
import { eq } from 'drizzle-orm';
import { companies, dceAnalyses } from '../../server/db/schema';
import { createTestApp, createUser, multipart, type TestContext } from './context';
import { analysedDce, formRequest, insertTender, tenderWithReadDocs, textPdf } from './documents-fixtures';
import { siretFor } from './sirets';
import { BUYER_AE_PARAGRAPHS, buyerAeDocx, paragraphTexts } from '../support/ae-docx';

type Check = { key: string; ok: boolean; severity?: string; msg: string; source: string | null };
type Piece = { code: string; required: boolean; source: string; status: string; checks: Check[]; file: { fileName: string; path: string; url?: string } | null };
type Folder = { pieces: Piece[]; ready: boolean };
type PriceFiles = { priceFiles: { _id: string; version: number; sheets: { lines: { _id: string; optional?: boolean }[] }[] }[] };

let ctx: TestContext;
let manager: Awaited<ReturnType<typeof createUser>>;
let outsider: Awaited<ReturnType<typeof createUser>>;
let tenderId: string;
let priceFileId: string;
let total: number;

const call = (token: string, method: 'GET' | 'PATCH' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
  ctx.app.inject({ method, url, headers: { authorization: `Bearer ${token}`, 'accept-language': 'fr' }, ...(payload !== undefined ? { payload: payload as object } : {}) });
const folderOf = async () => {
  const res = await call(manager.token, 'GET', `/api/tenders/${tenderId}/submission`);
  expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
  return res.json() as Folder;
};
const aePiece = (folder: Folder) => folder.pieces.find((p) => p.code === 'AE')!;
const documentXml = (body: Buffer) => strFromU8(unzipSync(new Uint8Array(body))['word/document.xml']!);
const uploadAe = async (fileName: string, data: Buffer, type = 'application/pdf') => {
  const body = multipart([{ name: 'file', filename: fileName, type, data }]);
  const res = await ctx.app.inject({ method: 'PUT', url: `/api/tenders/${tenderId}/submission/pieces/AE`, payload: body.payload, headers: { ...body.headers, authorization: `Bearer ${manager.token}`, 'accept-language': 'fr' } });
  expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
  return aePiece((res.json() as { details: Folder }).details);
};
const priceIssues = async () => (await call(manager.token, 'GET', `/api/price-files/${priceFileId}/check`)).json() as { issues: { kind: string; cell: string | null; msg: string }[]; totalExclVat: number | null };
const money = (value: number) => new Intl.NumberFormat('fr-FR', { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(value).replace(/[\u202f\u00a0]/g, ' ');
/** An AE the company filled by hand and scanned to text (ASCII: the hand-made test PDF's font). */
const filledAe = (amount: string) => textPdf([`ACTE D'ENGAGEMENT\nDenomination sociale : Entreprise de test\nMontant hors taxes : ${amount} euros\nTaux de la TVA : 20 %\nFait a Grenoble, le 2 novembre 2026`]);

beforeAll(async () => {
  ctx = await createTestApp({ jobWorkers: 1 });
  manager = await createUser(ctx, 'manager');
  outsider = await createUser(ctx, 'manager');
  tenderId = await tenderWithReadDocs(ctx, manager, ['RC_2026FCSSA0025 v2.pdf', 'CRF_2026FCSSA0025.xlsx']);
  const analysisId = await analysedDce(ctx, manager, tenderId);
  // The RC asks the AE of the winner alone; the company's reader adds it to the offer, as one may give it now.
  const analysis = (await call(manager.token, 'GET', `/api/dce-analyses/${analysisId}`)).json() as { facts: { key: string; value: unknown }[] };
  const offer = analysis.facts.find((f) => f.key === 'offerDocuments')!.value as string[];
  expect((await call(manager.token, 'PATCH', `/api/dce-analyses/${analysisId}/facts/offerDocuments`, { value: [...offer, 'AE'] })).statusCode).toBe(200);
  const candidature = { legalForm: 'SAS', nafCode: '2612Z', vatNumber: '', sme: true, legalRepresentative: { name: 'Claire Durand', capacity: 'Présidente' }, figures: [], uploadMbps: 20 };
  expect((await call(manager.token, 'PATCH', `/api/companies/${manager.companyId}`, { siret: siretFor(4343), candidature })).statusCode).toBe(200);
}, 240_000);
afterAll(() => ctx?.close());

describe('the acte d’engagement in the folder', () => {
  it('leaves the amounts blank while the price files give no total, and says so', async () => {
    const folder = await folderOf();
    priceFileId = ((await call(manager.token, 'GET', `/api/tenders/${tenderId}/price-files`)).json() as PriceFiles).priceFiles[0]!._id;
    expect((await priceIssues()).totalExclVat).toBeNull();
    const ae = aePiece(folder);
    expect(ae).toMatchObject({ source: 'generated', file: { path: '2 - Offre/AE.docx', url: `/api/tenders/${tenderId}/submission/ae.docx` } });
    const check = ae.checks.find((c) => c.key === 'ae_amount');
    expect(check).toMatchObject({ ok: false, severity: 'warning', msg: expect.stringMatching(/ne donnent pas de total/) });
    // The AE written all the same, its amounts left to complete.
    const text = paragraphTexts(documentXml((await call(manager.token, 'GET', `/api/tenders/${tenderId}/submission/ae.docx`)).rawPayload));
    expect(text.find((t) => t.startsWith('Montant hors taxes arrêté en chiffres'))).toMatch(/…$/);
  });

  it('writes the AE on the ATTRI1 model with the company and the price files’ total (Grenoble: no AE of the buyer’s)', async () => {
    const files = (await call(manager.token, 'GET', `/api/tenders/${tenderId}/price-files`)).json() as PriceFiles;
    const crf = files.priceFiles[0]!;
    priceFileId = crf._id;
    const base = crf.sheets.flatMap((s) => s.lines).filter((l) => !l.optional);
    expect((await call(manager.token, 'PATCH', `/api/price-files/${crf._id}`, { version: crf.version, lines: base.map((l) => ({ _id: l._id, unitPrice: 48500 })) })).statusCode).toBe(200);
    total = (await priceIssues()).totalExclVat!;
    expect(total).toBeGreaterThan(0);

    const res = await call(manager.token, 'GET', `/api/tenders/${tenderId}/submission/ae.docx`);
    expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
    expect(res.headers['content-type']).toMatch(/wordprocessingml/);
    const text = paragraphTexts(documentXml(res.rawPayload)).map((t) => t.replace(/[\u202f\u00a0]/g, ' '));
    const [company] = await ctx.db.select({ name: companies.name }).from(companies).where(eq(companies.id, manager.companyId!));
    expect(text.some((t) => /modèle du formulaire ATTRI1/.test(t))).toBe(true);
    expect(text[text.indexOf('Nom commercial et dénomination sociale :') + 1]).toBe(company!.name);
    expect(text[text.indexOf('Nom, prénom et qualité du signataire :') + 1]).toBe('Claire Durand, Présidente');
    expect(text).toContain(`Montant hors taxes arrêté en chiffres à : ${money(total)} €`);
    expect(text.find((t) => t.startsWith('Montant hors taxes arrêté en lettres à'))).toMatch(/euros/);

    const ae = aePiece(await folderOf());
    const check = ae.checks.find((c) => c.key === 'ae_amount')!;
    expect(check.ok).toBe(true);
    expect(check.msg.replace(/[\u202f\u00a0]/g, ' ')).toContain(`${money(total)} € HT (CRF_2026FCSSA0025.xlsx)`);
    expect((await call(outsider.token, 'GET', `/api/tenders/${tenderId}/submission/ae.docx`)).statusCode).toBe(404);
  });

  it('fails the check and marks the price file’s total when an uploaded AE says another amount; passes when it says the total', async () => {
    let ae = await uploadAe('AE signé.pdf', filledAe('40 000,00'));
    expect(ae).toMatchObject({ source: 'upload', status: 'issues' });
    const check = ae.checks.find((c) => c.key === 'ae_amount')!;
    expect(check).toMatchObject({ ok: false });
    expect(check.msg.replace(/[\u202f\u00a0]/g, ' ')).toContain(`Le montant de l'acte d'engagement (40 000,00 € HT) diffère du total des pièces financières (${money(total)} € HT, CRF_2026FCSSA0025.xlsx)`);
    expect(check.source).toMatch(/^AE signé\.pdf : « Montant hors taxes : 40 000,00 euros »$/);
    expect((await folderOf()).ready).toBe(false);
    const mismatch = (await priceIssues()).issues.find((i) => i.kind === 'ae_mismatch');
    expect(mismatch?.msg).toMatch(/acte d'engagement/);

    ae = await uploadAe('AE signé.pdf', filledAe(money(total)));
    expect(ae.checks.find((c) => c.key === 'ae_amount')).toMatchObject({ ok: true });
    expect((await priceIssues()).issues.some((i) => i.kind === 'ae_mismatch')).toBe(false);
  });

  it('says when no amount can be read on the uploaded AE, without failing on a guess', async () => {
    const ae = await uploadAe('AE vierge.pdf', textPdf(["ACTE D'ENGAGEMENT\nMontant hors taxes : ..........................\nMontant TTC : ..........................."]));
    expect(ae.checks.find((c) => c.key === 'ae_amount')).toMatchObject({ ok: false, severity: 'warning', msg: expect.stringMatching(/Aucun montant hors taxes/) });
    expect((await priceIssues()).issues.some((i) => i.kind === 'ae_mismatch')).toBe(false);
    expect((await call(manager.token, 'DELETE', `/api/tenders/${tenderId}/submission/pieces/AE`)).statusCode).toBe(200);
  });

  it('fills the buyer’s own AE when the DCE holds it: only its places change', async () => {
    const tender = await insertTender(ctx, manager.companyId!);
    const blank = Buffer.from(buyerAeDocx());
    const uploaded = await ctx.app.inject(formRequest('POST', `/api/tenderDocs?companyId=${manager.companyId}`, manager.token, { tenderId: tender.id }, { filename: 'AE_buyer.docx', data: blank, type: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document' }));
    expect(uploaded.statusCode, uploaded.body.slice(0, 200)).toBe(201);
    const documentId = (uploaded.json() as { details: { _id: string } }).details._id;
    await ctx.db.insert(dceAnalyses).values({ tenderId: tender.id, finishedAt: new Date(), documents: [{ documentId, entry: null, fileName: 'AE_buyer.docx', kind: 'AE', pages: 1 }] });
    const res = await call(manager.token, 'GET', `/api/tenders/${tender.id}/submission/ae.docx`);
    expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
    const before = documentXml(blank).match(/<w:p[ >][\s\S]*?<\/w:p>/g)!;
    const after = documentXml(res.rawPayload).match(/<w:p[ >][\s\S]*?<\/w:p>/g)!;
    expect(after).toHaveLength(before.length);
    const [company] = await ctx.db.select({ name: companies.name }).from(companies).where(eq(companies.id, manager.companyId!));
    const changed = before.map((p, i) => (p === after[i] ? null : i)).filter((i): i is number => i !== null);
    const labelOf = (i: number) => BUYER_AE_PARAGRAPHS[i] || `(${BUYER_AE_PARAGRAPHS[i - 1]})`;
    // The identity's places only (the test company has no address); this tender has no price file, so the amounts stay blank.
    expect(changed.map(labelOf)).toEqual(expect.arrayContaining(['Dénomination sociale : ……………………………………………', 'Nom, prénom et qualité du signataire : ……………………………………', 'N° SIRET : ……………………………']));
    for (const i of changed) expect(labelOf(i)).toMatch(/^(Dénomination|Nom, prénom|\(Adresse professionnelle|Adresse électronique|N° de téléphone|N° SIRET)/);
    expect(paragraphTexts(after.join(''))[5]).toBe(`Dénomination sociale : ${company!.name}`);
    // Outside the filled places each paragraph is the buyer's: the value back to the dots, the run written in a blank taken out.
    const undone = (p: string) => p.replace(/( : )[^<]*(<\/w:t>)/, '$1…$2').replace(/<w:r>(?:(?!<w:r>)[\s\S])*<\/w:r><\/w:p>$/, (run) => (run.includes(' : ') ? run : '</w:p>'));
    for (const i of changed) expect(undone(after[i]!)).toBe(undone(before[i]!));
  });
});
