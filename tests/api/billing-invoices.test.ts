// Invoices (issue 14): numbers in one continuous sequence a year under concurrent issues and
// rollbacks; the PDF a person reads and the Factur-X XML it carries (valid against the official
// EN 16931 XSD, same totals as the printed ones); an issued invoice never changes; the demo's.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { validateXML } from 'xmllint-wasm';
import { companies, invoices } from '../../server/db/schema';
import { issueInvoice, issueInvoiceIn } from '../../server/domains/billing/invoices';
import { seed, DEMO_COMPANY_NAME } from '../../server/db/seed';
import { createTestApp, createUser, type TestContext } from './context';
import { requiredUnderCi, saxonJar } from '../support/ci-tools';

const XSD_DIR = new URL('../fixtures/facturx/', import.meta.url).pathname;

let ctx: TestContext;
let admin: Awaited<ReturnType<typeof createUser>>;
let manager: Awaited<ReturnType<typeof createUser>>;
let work: string;
/** The XML of the PDF test, checked again by the Schematron test. */
const schematronXml: [string, string][] = [];

beforeAll(async () => {
  ctx = await createTestApp();
  admin = await createUser(ctx, 'admin');
  manager = await createUser(ctx, 'manager');
  work = mkdtempSync(join(tmpdir(), 'invoices-'));
});
afterAll(async () => {
  await ctx?.close();
  rmSync(work, { recursive: true, force: true });
});

const auth = (token: string) => ({ authorization: `Bearer ${token}`, 'accept-language': 'fr' });
const line = { description: 'Abonnement Soumissio Essentiel — mensuel', quantity: 1, unitPrice: 4900, vatRate: 2000 };

/** Validates against the official Factur-X 1.09 EN 16931 XSD (libxml2 in WebAssembly). */
async function xsdErrors(xml: string): Promise<string[]> {
  const files = readdirSync(XSD_DIR).filter((f) => f.endsWith('.xsd'));
  const result = await validateXML({
    xml: { fileName: 'factur-x.xml', contents: xml },
    schema: { fileName: 'Factur-X_EN16931.xsd', contents: readFileSync(join(XSD_DIR, 'Factur-X_EN16931.xsd'), 'utf8') },
    preload: files.filter((f) => f !== 'Factur-X_EN16931.xsd').map((f) => ({ fileName: f, contents: readFileSync(join(XSD_DIR, f), 'utf8') })),
  });
  return result.errors.map((e) => e.rawMessage);
}

// The Schematron (business rules BR-*, BR-CO-*, BR-FR-*) needs Java and Saxon-HE: run where both are.
const schematron = saxonJar();

/** The rules the XML breaks (errors and warnings), as the Factur-X Schematron reports them. */
function schematronFailures(xml: string, name: string): string[] {
  const input = join(work, `${name}-sch.xml`);
  const output = join(work, `${name}-svrl.xml`);
  writeFileSync(input, xml);
  execFileSync('java', ['-jar', schematron!, `-s:${input}`, `-xsl:${join(XSD_DIR, 'Factur-X_1.09_EN16931.xsl')}`, `-o:${output}`], { stdio: 'ignore' });
  const svrl = readFileSync(output, 'utf8');
  // Attributes may hold a literal '>' (the rules' XPath): the id is read lazily after the tag opens.
  const failures = [...svrl.matchAll(/<svrl:failed-assert\b[\s\S]*?\bid="([^"]+)"[\s\S]*?<svrl:text>([\s\S]*?)<\/svrl:text>/g)].map((m) => `${m[1]}: ${m[2]!.replace(/\s+/g, ' ').trim()}`);
  expect(failures).toHaveLength(svrl.split('<svrl:failed-assert').length - 1);
  return failures;
}

/** The PDF's text (pdftotext, layout kept) and its attachment (pdfdetach). */
function readPdf(pdf: Buffer, name: string) {
  const file = join(work, `${name}.pdf`);
  writeFileSync(file, pdf);
  const text = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
  const list = execFileSync('pdfdetach', ['-list', file], { encoding: 'utf8' });
  const xmlFile = join(work, `${name}.xml`);
  execFileSync('pdfdetach', ['-save', '1', '-o', xmlFile, file]);
  const meta = execFileSync('pdfinfo', ['-meta', file], { encoding: 'utf8' });
  return { text, list, xml: readFileSync(xmlFile, 'utf8'), meta };
}

/** "1 490,00 €" (no-break spaces) → 149000 cents. */
const cents = (text: string) => Math.round(Number(text.replace(/[\s\u00a0\u202f€]/g, '').replace(',', '.')) * 100);
const printed = (text: string, label: string) => {
  const match = new RegExp(`${label}\\s+([0-9][0-9\\s\\u00a0.,]*€)`).exec(text);
  if (!match) throw new Error(`${label} not printed`);
  return cents(match[1]!);
};
const xmlAmount = (xml: string, tag: string) => Math.round(Number(new RegExp(`<ram:${tag}[^>]*>([^<]+)</ram:${tag}>`).exec(xml)![1]) * 100);

describe('the demo', () => {
  // First: the demo's history is seeded only on a database without invoices.
  it('is on Essentiel paid by transfer, with four monthly invoices numbered from the start, three paid', async () => {
    await seed(ctx.db, { demo: true, print: () => undefined });
    const [company] = await ctx.db.select({ id: companies.id }).from(companies).where(eq(companies.name, DEMO_COMPANY_NAME));
    const billing = await ctx.app.inject({ method: 'GET', url: `/api/billing/${company!.id}`, headers: auth(admin.token) });
    expect(billing.json()).toMatchObject({ subscribedPlan: 'essential', status: 'active', paymentMethod: { type: 'transfer' }, details: { legalName: 'Durand Bâtiment SAS' } });
    const list = (await ctx.app.inject({ method: 'GET', url: `/api/billing/${company!.id}/invoices`, headers: auth(admin.token) })).json() as { invoices: { number: string; status: string; overdue: boolean }[] };
    expect(list.invoices.map((i) => i.status)).toEqual(['open', 'paid', 'paid', 'paid']);
    expect(list.invoices.every((i) => !i.overdue)).toBe(true);
  });
});

describe('invoice numbers', () => {
  it('20 concurrent issues take 20 numbers that follow on, none shared; issues rolled back leave no gap', async () => {
    const company = await createUser(ctx, 'manager');
    const year = 2031;
    const issueDate = `${year}-03-15`;
    const rolledBack = (n: number) =>
      ctx.db
        .transaction(async (tx) => {
          await issueInvoiceIn(tx, { companyId: company.companyId!, lines: [line], paymentMethod: 'transfer', issueDate });
          throw new Error(`rollback ${n}`);
        })
        .catch(() => 'rolled back');
    const results = await Promise.all(
      Array.from({ length: 30 }, (_, i) => (i % 3 === 2 ? rolledBack(i) : issueInvoice(ctx.db, { companyId: company.companyId!, lines: [line], paymentMethod: 'transfer', issueDate }))),
    );
    expect(results.filter((r) => r === 'rolled back')).toHaveLength(10);
    const rows = await ctx.db.select({ seq: invoices.seq, number: invoices.number }).from(invoices).where(eq(invoices.year, year));
    const seqs = rows.map((r) => r.seq).sort((a, b) => a - b);
    expect(seqs).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    expect(new Set(rows.map((r) => r.number)).size).toBe(20);
    expect(rows.map((r) => r.number)).toContain(`${year}-000020`);
    // The next one follows on.
    await issueInvoice(ctx.db, { companyId: company.companyId!, lines: [line], paymentMethod: 'transfer', issueDate });
    expect((await ctx.db.select({ seq: invoices.seq }).from(invoices).where(eq(invoices.year, year))).length).toBe(21);
  });
});

describe('the Factur-X PDF', () => {
  it('reads as a French invoice, carries factur-x.xml valid against the EN 16931 XSD, with the totals it prints', async () => {
    const companyId = manager.companyId!;
    await ctx.app.inject({ method: 'PATCH', url: `/api/billing/${companyId}`, headers: auth(manager.token), payload: { legalName: 'Durand Bâtiment SAS', address: '4 quai Perrache', postalCode: '69002', city: 'Lyon', siret: '73282932000074', vatNumber: 'FR44732829320' } });
    const ordered = await ctx.app.inject({ method: 'POST', url: `/api/billing/${companyId}/transfer-orders`, headers: auth(manager.token), payload: { plan: 'pro', cycle: 'yearly' } });
    const invoice = (ordered.json() as { details: { _id: string; number: string; totalExclVat: number; totalVat: number; totalInclVat: number } }).details;
    const res = await ctx.app.inject({ method: 'GET', url: `/api/invoices/${invoice._id}/pdf`, headers: auth(manager.token) });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toContain(`facture-${invoice.number}.pdf`);
    const { text, list, xml, meta } = readPdf(res.rawPayload, 'invoice');

    // What a person reads: the title and number, both parties with SIREN/SIRET and VAT numbers, the
    // line with quantity, unit price and VAT rate, the totals, the bank details and reference, the
    // due date, the penalties and the €40 indemnity, the page number.
    for (const expected of [
      'FACTURE',
      `N° ${invoice.number}`,
      'Soumissio SAS',
      'SIRET 91234567500017',
      'FR65912345675',
      'Durand Bâtiment SAS',
      'SIREN 732829320',
      'FR44732829320',
      'Abonnement Soumissio Pro — annuel',
      '1 490,00 €',
      '20 %',
      `SOUMISSIO ${invoice.number}`,
      'IBAN',
      'Échéance',
      'Pénalités de retard',
      '40 €',
      'Page 1 / 1',
    ])
      expect(text.replace(/\u00a0/g, ' ')).toContain(expected);
    expect(list).toContain('factur-x.xml');
    expect(meta).toContain('<fx:ConformanceLevel>EN 16931</fx:ConformanceLevel>');
    expect(meta).toContain('<pdfaid:part>3</pdfaid:part>');
    expect(meta).toContain('<fx:DocumentFileName>factur-x.xml</fx:DocumentFileName>');
    const raw = res.rawPayload.toString('latin1');
    expect(raw).toContain('/AFRelationship /Alternative');
    expect(raw).toMatch(/\/AF \[/);
    expect(raw).toContain('/OutputIntents');

    expect(await xsdErrors(xml)).toEqual([]);
    expect(xml).toContain(`<ram:ID>${invoice.number}</ram:ID>`);
    expect(xml).toContain('<ram:TypeCode>380</ram:TypeCode>');
    expect(xml).toContain('<ram:SubjectCode>PMT</ram:SubjectCode>');
    expect(xml).toContain('<ram:ID schemeID="0002">732829320</ram:ID>');
    // The XML's totals are the PDF's and the API's.
    expect(xmlAmount(xml, 'TaxBasisTotalAmount')).toBe(printed(text, 'Total HT'));
    expect(xmlAmount(xml, 'TaxTotalAmount')).toBe(printed(text, 'Total TVA'));
    expect(xmlAmount(xml, 'GrandTotalAmount')).toBe(printed(text, 'Total TTC'));
    expect(xmlAmount(xml, 'DuePayableAmount')).toBe(printed(text, 'Net à payer'));
    expect([printed(text, 'Total HT'), printed(text, 'Total TVA'), printed(text, 'Total TTC')]).toEqual([invoice.totalExclVat, invoice.totalVat, invoice.totalInclVat]);

    // Paid: the invoice itself is unchanged, its XML byte for byte.
    await ctx.app.inject({ method: 'POST', url: `/api/invoices/${invoice._id}/payment`, headers: auth(admin.token), payload: {} });
    const again = await ctx.app.inject({ method: 'GET', url: `/api/invoices/${invoice._id}/pdf`, headers: auth(admin.token) });
    expect(readPdf(again.rawPayload, 'invoice-paid').xml).toBe(xml);

    // A credit note is a document of its own (381), referencing the invoice, valid too.
    const credit = await ctx.app.inject({ method: 'POST', url: `/api/invoices/${invoice._id}/credit-note`, headers: auth(admin.token), payload: { reason: 'Formule annuelle remboursée' } });
    const note = (credit.json() as { details: { _id: string; number: string } }).details;
    const notePdf = await ctx.app.inject({ method: 'GET', url: `/api/invoices/${note._id}/pdf`, headers: auth(manager.token) });
    const read = readPdf(notePdf.rawPayload, 'credit-note');
    expect(read.text).toContain('AVOIR');
    expect(read.text).toContain(`Annule la facture n° ${invoice.number}`);
    expect(read.xml).toContain('<ram:TypeCode>381</ram:TypeCode>');
    expect(read.xml).toContain(`<ram:IssuerAssignedID>${invoice.number}</ram:IssuerAssignedID>`);
    expect(await xsdErrors(read.xml)).toEqual([]);
    schematronXml.push(['invoice', xml], ['credit-note', read.xml]);
  });

  requiredUnderCi('Java and Saxon-HE (the EN 16931 Schematron)', Boolean(schematron), 'default-jre-headless and libsaxonhe-java');
  it.skipIf(!schematron)('passes the Factur-X EN 16931 Schematron, invoice and credit note (Java and Saxon-HE)', () => {
    expect(schematronXml).toHaveLength(2);
    for (const [name, xml] of schematronXml) expect(schematronFailures(xml, name), name).toEqual([]);
  }, 60_000);

  it('runs over pages with the table head repeated and every page numbered; VAT per rate', async () => {
    const lines = Array.from({ length: 45 }, (_, i) => ({ description: `Utilisateur supplémentaire n° ${i + 1} — accès annuel`, quantity: 1 + (i % 3), unitPrice: 1250 + i, vatRate: i % 5 === 0 ? 550 : 2000 }));
    const id = await issueInvoice(ctx.db, { companyId: manager.companyId!, lines, paymentMethod: 'transfer' });
    const res = await ctx.app.inject({ method: 'GET', url: `/api/invoices/${id}/pdf`, headers: auth(manager.token) });
    const { text, xml } = readPdf(res.rawPayload, 'long');
    const pages = Number(/Page 1 \/ (\d+)/.exec(text)![1]);
    expect(pages).toBeGreaterThan(1);
    for (let p = 1; p <= pages; p++) expect(text).toContain(`Page ${p} / ${pages}`);
    // The table's head on each page of lines (the totals may start a page of their own).
    expect(text.split('Désignation').length - 1).toBeGreaterThanOrEqual(2);
    expect(await xsdErrors(xml)).toEqual([]);
    expect((xml.match(/<ram:CalculatedAmount>/g) ?? []).length).toBe(2);
    expect(xmlAmount(xml, 'GrandTotalAmount')).toBe(printed(text, 'Total TTC'));
  });
});
