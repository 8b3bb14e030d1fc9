// The company's DUME / ESPD response (issue 26): with the buyer's request and without it (French
// default criteria), valid against the official UBL 2.3 schema and the ESPD-EDM v4.1.0 Schematron
// rules, naming the company and its figures; the PDF a buyer reads.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { validateXML } from 'xmllint-wasm';
import { EspdWriteError, espdResponsePdf, readEspdRequest, writeEspdResponse, type EspdResponseInput } from '../../server/analysis/espd';
import { requiredUnderCi, saxonJar } from '../support/ci-tools';

const FIXTURES = new URL('../fixtures/espd/', import.meta.url).pathname;
const requestXml = readFileSync(join(FIXTURES, 'ESPD-Request.xml'), 'utf8');

const company: EspdResponseInput['company'] = {
  name: 'Durand Bâtiment SAS',
  siret: '732 829 320 00074',
  vatNumber: 'FR44732829320',
  address: { street: '4 quai Perrache', postalCode: '69002', city: 'Lyon', country: 'FR' },
  contact: { name: 'Claire Durand', email: 'claire.durand@durand-batiment.fr', phone: '+33 4 78 00 00 00' },
  legalRepresentative: { name: 'Paul Durand', capacity: 'Président' },
  turnover: [
    { year: 2022, amount: 1_850_000 },
    { year: 2023, amount: 2_140_000 },
    { year: 2024, amount: 2_390_500 },
  ],
  staff: [
    { year: 2022, count: 14 },
    { year: 2023, count: 16 },
    { year: 2024, count: 18 },
  ],
};
const base = { issuedAt: new Date('2026-03-02T09:30:00Z'), language: 'fr' as const, tender: { buyerName: 'Ville de Lyon', title: 'Réfection des toitures du groupe scolaire Painlevé', reference: '2026-014' }, company };

let work: string;
beforeAll(() => {
  work = mkdtempSync(join(tmpdir(), 'espd-'));
});
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** Errors against the official UBL 2.3 QualificationApplicationResponse schema (libxml2 in WebAssembly). */
async function xsdErrors(xml: string): Promise<string[]> {
  const common = join(FIXTURES, 'xsd/common');
  const result = await validateXML({
    xml: { fileName: 'response.xml', contents: xml },
    schema: { fileName: 'UBL-QualificationApplicationResponse-2.3.xsd', contents: readFileSync(join(FIXTURES, 'xsd/maindoc/UBL-QualificationApplicationResponse-2.3.xsd'), 'utf8') },
    preload: readdirSync(common).map((f) => ({ fileName: `../common/${f}`, contents: readFileSync(join(common, f), 'utf8') })),
  });
  return result.errors.map((e) => e.rawMessage);
}

const value = (xml: string, tag: string) => [...xml.matchAll(new RegExp(`<cbc:${tag}[^>]*>([^<]*)</cbc:${tag}>`, 'g'))].map((m) => m[1]);
/** The answers given to one property, in order. */
const answersTo = (xml: string, propertyId: string) =>
  [...xml.matchAll(/<cac:TenderingCriterionResponse>([\s\S]*?)<\/cac:TenderingCriterionResponse>/g)].map((m) => m[1]!).filter((r) => r.includes(`>${propertyId}</cbc:ValidatedCriterionPropertyID>`));

describe('writeEspdResponse without a request (French default criteria)', () => {
  const xml = writeEspdResponse(base);

  it('is valid against the UBL 2.3 schema', async () => {
    expect(await xsdErrors(xml)).toEqual([]);
  });

  it('names the company (SIRET, VAT number, SME from its figures, address in ISO alpha-3) and the tender', () => {
    expect(value(xml, 'Name')).toContain('Durand Bâtiment SAS');
    expect(xml).toContain('<cbc:ID schemeID="NATIONAL" schemeAgencyID="FR-INSEE">73282932000074</cbc:ID>');
    expect(xml).toContain('>FR44732829320</cbc:ID>');
    expect(value(xml, 'IndustryClassificationCode')).toEqual(['sme']);
    expect(value(xml, 'IdentificationCode')).toEqual(['FRA']);
    expect(value(xml, 'ContractFolderID')).toEqual(['2026-014']);
    expect(value(xml, 'ContractName')).toEqual(['Réfection des toitures du groupe scolaire Painlevé']);
    expect(value(xml, 'IssueDate')).toEqual(['2026-03-02']);
  });

  it('answers every exclusion ground "no" and opens none of the groups a "yes" would', () => {
    const codes = value(xml, 'CriterionTypeCode');
    expect(codes).toHaveLength(24);
    expect(codes.slice(-2)).toEqual(['gen-year-to', 'year-manpower']);
    expect(answersTo(xml, 'C1_EG_crime-org/QG1/Q1')).toEqual([expect.stringContaining('<cbc:ResponseIndicator>false</cbc:ResponseIndicator>')]);
    expect(answersTo(xml, 'C7_EG_tax-pay/RG1/QSG1/Q1')).toEqual([expect.stringContaining('<cbc:ResponseIndicator>false</cbc:ResponseIndicator>')]);
    // Nothing the company's data does not say: no conviction date, no evidence URL.
    expect(answersTo(xml, 'C1_EG_crime-org/QG1/QSG1/Q1')).toEqual([]);
    expect(answersTo(xml, 'C1_EG_crime-org/QG2/Q1')).toEqual([]);
    expect(value(xml, 'ResponseIndicator').filter((v) => v === 'true')).toHaveLength(2); // by itself, for turnover and staff
  });

  it('gives the three years of turnover and of staff, latest first', () => {
    const amounts = answersTo(xml, 'C29_SC_gen-year-to/RG1/RSG1/QSG2/Q2').map((r) => /<cbc:ResponseAmount currencyID="EUR">([^<]+)</.exec(r)?.[1]);
    expect(amounts).toEqual(['2390500', '2140000', '1850000']);
    const periods = answersTo(xml, 'C29_SC_gen-year-to/RG1/RSG1/QSG2/Q1').map((r) => /<cbc:StartDate>([^<]+)<\/cbc:StartDate><cbc:EndDate>([^<]+)</.exec(r)?.slice(1).join('/'));
    expect(periods).toEqual(['2024-01-01/2024-12-31', '2023-01-01/2023-12-31', '2022-01-01/2022-12-31']);
    expect(answersTo(xml, 'C50_SC_year-manpower/RG1/RSG1/QSG2/Q2').map((r) => /unitCode="INTEGER">(\d+)</.exec(r)?.[1])).toEqual(['18', '16', '14']);
    expect(answersTo(xml, 'C50_SC_year-manpower/RG1/RSG1/QSG2/Q1').map((r) => /unitCode="YEAR">(\d+)</.exec(r)?.[1])).toEqual(['2024', '2023', '2022']);
  });

  it('is the same document when exported twice, another one for another date', () => {
    expect(writeEspdResponse(base)).toBe(xml);
    expect(value(writeEspdResponse({ ...base, issuedAt: new Date('2026-03-03T09:30:00Z') }), 'UUID')).not.toEqual(value(xml, 'UUID'));
  });
});

describe('writeEspdResponse to the buyer’s request', () => {
  const request = readEspdRequest(requestXml);
  const xml = writeEspdResponse({ ...base, request });

  it('echoes the request’s 62 criteria and is valid against the UBL 2.3 schema', async () => {
    expect(value(xml, 'CriterionTypeCode')).toHaveLength(62);
    expect(await xsdErrors(xml)).toEqual([]);
  });

  it('answers on the request’s lot, leaves the criteria the company’s data does not cover unanswered', () => {
    expect(xml).toContain('<cac:ProcurementProjectLot><cbc:ID schemeID="Criterion" schemeAgencyID="OP" schemeVersionID="4.1.0">LOT-0000</cbc:ID></cac:ProcurementProjectLot>');
    expect(answersTo(xml, 'C29_SC_gen-year-to/RG1/RSG1/QSG2/Q2')).toHaveLength(3);
    expect(answersTo(xml, 'C29_SC_gen-year-to/RG1/RSG1/QSG2/Q2')[0]).toContain('<cac:ProcurementProjectLotReference>');
    // Professional insurance, references… are not in the input: no answer made up.
    expect(xml.includes('>C35_SC_indem-insu/')).toBe(true);
    expect(xml).not.toMatch(/ValidatedCriterionPropertyID[^>]*>C35_SC_indem-insu\//);
  });

  it('states the SME status when the company gives it', () => {
    const withSme = writeEspdResponse({ ...base, request, company: { ...company, sme: true } });
    expect(answersTo(withSme, 'C65_OT_sme/QG1/Q1')).toEqual([expect.stringContaining('<cbc:ResponseIndicator>true</cbc:ResponseIndicator>')]);
    // A "yes" gives the latest staff and turnover, as the criterion asks.
    expect(answersTo(withSme, 'C65_OT_sme/QG1/QSG1/Q1')).toEqual([expect.stringContaining('<cbc:ResponseQuantity unitCode="INTEGER">18</cbc:ResponseQuantity>')]);
    expect(answersTo(withSme, 'C65_OT_sme/QG1/QSG1/Q2')).toEqual([expect.stringContaining('<cbc:ResponseAmount currencyID="EUR">2390500</cbc:ResponseAmount>')]);
    expect(answersTo(xml, 'C65_OT_sme/QG1/Q1')).toEqual([]);
  });
});

// The company leads a groupement (the mandataire): its DUME says it takes part together with others,
// as the group leader, and names them (ESPD-EDM v4.1.0: eo-role-type group-lead, criterion eo-group).
const group: NonNullable<EspdResponseInput['group']> = {
  name: 'Groupement Durand Bâtiment SAS / Alpes Maintenance Industrielle',
  members: [{ name: 'Alpes Maintenance Industrielle', siret: '51234567800019', role: 'Maintenance préventive' }],
};
const grouped = { ...base, group };

describe('writeEspdResponse in a groupement', () => {
  it('says the company is the group leader, names the group, and stays valid against the UBL 2.3 schema (with and without a request)', async () => {
    for (const xml of [writeEspdResponse(grouped), writeEspdResponse({ ...grouped, request: readEspdRequest(requestXml) })]) {
      expect(value(xml, 'RoleCode')).toEqual(['group-lead']);
      expect(value(xml, 'EconomicOperatorGroupName')).toEqual([group.name]);
      expect(await xsdErrors(xml)).toEqual([]);
    }
    expect(value(writeEspdResponse(base), 'RoleCode')).toEqual(['sole-tenderer']);
    expect(writeEspdResponse(base)).not.toContain('EconomicOperatorGroupName');
  });

  it('answers "together with others": yes, as leader, with the other members and the group’s name', () => {
    const xml = writeEspdResponse(grouped);
    // Not in the French default set: added for the groupement, as the taxonomy has it.
    expect(value(xml, 'CriterionTypeCode').at(-1)).toBe('eo-group');
    expect(answersTo(xml, 'C59_OT_eo-group/QG1/Q1')).toEqual([expect.stringContaining('<cbc:ResponseIndicator>true</cbc:ResponseIndicator>')]);
    expect(answersTo(xml, 'C59_OT_eo-group/QG1/QSG1/Q1')).toEqual([expect.stringContaining('listID="http://publications.europa.eu/resource/authority/eo-role-type" listAgencyID="OP" listVersionID="20211208-0">group-lead</cbc:ResponseCode>')]);
    expect(answersTo(xml, 'C59_OT_eo-group/QG1/QSG1/Q2')).toEqual([expect.stringContaining('<cbc:Description>Alpes Maintenance Industrielle (SIRET 512 345 678 00019) : Maintenance préventive</cbc:Description>')]);
    expect(answersTo(xml, 'C59_OT_eo-group/QG1/QSG1/Q3')).toEqual([expect.stringContaining(`<cbc:Description>${group.name}</cbc:Description>`)]);
    // No evidence URL is known; whether the company meets the figures by itself is the group's to say.
    expect(answersTo(xml, 'C59_OT_eo-group/QG2/Q1')).toEqual([]);
    expect(answersTo(xml, 'C29_SC_gen-year-to/RG1/RSG1/QSG1/Q1')).toEqual([]);
    expect(answersTo(xml, 'C29_SC_gen-year-to/RG1/RSG1/QSG2/Q2')).toHaveLength(3);
  });

  it('answers the request’s reliance and subcontracting questions no, as a group leader must (BR-LEAD-10-S20, S30)', () => {
    const xml = writeEspdResponse({ ...grouped, request: readEspdRequest(requestXml) });
    for (const id of ['C60_OT_relied/QG1/Q1', 'C61_OT_subco-ent/QG1/Q1']) expect(answersTo(xml, id)).toEqual([expect.stringContaining('<cbc:ResponseIndicator>false</cbc:ResponseIndicator>')]);
    expect(answersTo(writeEspdResponse({ ...base, request: readEspdRequest(requestXml) }), 'C60_OT_relied/QG1/Q1')).toEqual([]);
  });

  it('answers the request’s "together with others" no when the company tenders alone', () => {
    const xml = writeEspdResponse({ ...base, request: readEspdRequest(requestXml) });
    expect(value(xml, 'CriterionTypeCode').filter((code) => code === 'eo-group')).toHaveLength(1);
    expect(answersTo(xml, 'C59_OT_eo-group/QG1/Q1')).toEqual([expect.stringContaining('<cbc:ResponseIndicator>false</cbc:ResponseIndicator>')]);
    expect(answersTo(xml, 'C59_OT_eo-group/QG1/QSG1/Q1')).toEqual([]);
  });
});

describe('writeEspdResponse refusals', () => {
  it('refuses a SIRET that is not one, a country it cannot code, a size it cannot tell', () => {
    const reason = (input: EspdResponseInput) => {
      try {
        writeEspdResponse(input);
      } catch (error) {
        expect(error).toBeInstanceOf(EspdWriteError);
        return (error as EspdWriteError).reason;
      }
      return 'written';
    };
    expect(reason({ ...base, company: { ...company, siret: '73282932000075' } })).toBe('espd-siret-invalid');
    expect(reason({ ...base, company: { ...company, address: { country: 'ZZ' } } })).toBe('espd-country-unknown');
    expect(reason({ ...base, company: { ...company, turnover: [], staff: [] } })).toBe('espd-company-size-unknown');
    expect(reason({ ...base, company: { ...company, turnover: [], staff: [{ year: 2024, count: 400 }] } })).toBe('written');
  });
});

// The official Schematron rules need Java and Saxon-HE: run where both are.
const saxon = saxonJar();
requiredUnderCi('Java and Saxon-HE', !!saxon, 'default-jre-headless libsaxonhe-java');

describe.runIf(saxon)('the official ESPD-EDM v4.1.0 Schematron rules', () => {
  let rules: string;
  beforeAll(() => {
    // Compiled once: every response and common rule file, the taxonomy beside them (the BR-TC rules read it).
    const files = [...readdirSync(join(FIXTURES, 'sch/ESPDResponse')).map((f) => join(FIXTURES, 'sch/ESPDResponse', f)), ...readdirSync(join(FIXTURES, 'sch/common')).map((f) => join(FIXTURES, 'sch/common', f))];
    writeFileSync(join(work, 'set.xml'), `<schematron-set>${files.map((f) => `<schema href="file://${f}"/>`).join('')}</schematron-set>`);
    copyFileSync(join(FIXTURES, 'ESPD-Request.xml'), join(work, 'ESPD-criterion.xml'));
    rules = join(work, 'espd-rules.xsl');
    execFileSync('java', ['-jar', saxon!, `-s:${join(work, 'set.xml')}`, `-xsl:${join(FIXTURES, 'schematron-to-xslt.xsl')}`, `-o:${rules}`], { stdio: 'ignore' });
  });

  /** The rules the XML breaks, as "flag ID: message" (flag fatal, error or warning). */
  function failures(xml: string, name: string): string[] {
    const input = join(work, `${name}.xml`);
    const output = join(work, `${name}-svrl.xml`);
    writeFileSync(input, xml);
    execFileSync('java', ['-jar', saxon!, `-s:${input}`, `-xsl:${rules}`, `-o:${output}`], { stdio: 'ignore' });
    const svrl = readFileSync(output, 'utf8');
    const found = [...svrl.matchAll(/<svrl:failed-assert\b[^>]*\bid="([^"]*)" flag="([^"]*)"[^>]*>\s*<svrl:text>([\s\S]*?)<\/svrl:text>/g)].map((m) => `${m[2]} ${m[1]}: ${m[3]!.replace(/\s+/g, ' ').trim()}`);
    expect(found).toHaveLength(svrl.split('<svrl:failed-assert').length - 1);
    return found;
  }

  it('the rules run: a response that breaks them is caught (missing UBL version, a "no" followed by its "yes" details)', () => {
    const broken = writeEspdResponse(base)
      .replace(/<cbc:UBLVersionID[^>]*>2\.3<\/cbc:UBLVersionID>/, '')
      .replace(
        '</QualificationApplicationResponse>',
        '<cac:TenderingCriterionResponse><cbc:ID>x</cbc:ID><cbc:ValidatedCriterionPropertyID>C1_EG_crime-org/QG1/QSG1/Q2</cbc:ValidatedCriterionPropertyID><cac:ResponseValue><cbc:ID>x/RV</cbc:ID><cbc:Description>condamnation</cbc:Description></cac:ResponseValue></cac:TenderingCriterionResponse></QualificationApplicationResponse>',
      );
    const ids = failures(broken, 'broken').map((f) => f.split(':')[0]!.split(' ')[1]);
    expect(ids).toContain('BR-OTH-04-01');
    expect(ids).toContain('BR-TCR-06-02');
  });

  it('accept the response without a request', () => {
    expect(failures(writeEspdResponse(base), 'default')).toEqual([]);
  });

  // Each run is a Java process: one response a test, with room for a busy machine.
  it('accept the response of a group leader without a request', () => {
    expect(failures(writeEspdResponse(grouped), 'grouped-default')).toEqual([]);
  }, 60_000);

  it('accept the response of a group leader to the request (reliance and subcontracting answered)', () => {
    const found = failures(writeEspdResponse({ ...grouped, request: readEspdRequest(requestXml), company: { ...company, sme: true } }), 'grouped-request');
    expect(found.filter((f) => !f.startsWith('warning '))).toEqual([]);
  }, 60_000);

  it('accept the response to the request, SME status given; the only warning lists the selection criteria left for the company to answer', () => {
    const found = failures(writeEspdResponse({ ...base, request: readEspdRequest(requestXml), company: { ...company, sme: true } }), 'request');
    expect(found.filter((f) => !f.startsWith('warning '))).toEqual([]);
    expect(found).toHaveLength(1);
    expect(found[0]).toMatch(/^warning BR-RESP-40: .*indem-insu/);
    expect(found[0]).not.toMatch(/gen-year-to|year-manpower/);
  });
});

describe('espdResponsePdf', () => {
  const hasPdftotext = (() => {
    try {
      execFileSync('pdftotext', ['-v'], { stdio: 'ignore' });
      return true;
    } catch {
      return false;
    }
  })();
  requiredUnderCi('pdftotext', hasPdftotext, 'poppler-utils');

  it('is a PDF', async () => {
    const pdf = await espdResponsePdf(base);
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it.runIf(hasPdftotext)('reads in French: the company first, then each criterion with its answer and the figures', async () => {
    const file = join(work, 'dume.pdf');
    writeFileSync(file, await espdResponsePdf(base));
    const text = execFileSync('pdftotext', [file, '-'], { encoding: 'utf8' }).replace(/[\u00a0\u202f]/g, ' ');
    expect(text).toContain('Durand Bâtiment SAS');
    expect(text).toContain('732 829 320 00074');
    expect(text.indexOf('Durand Bâtiment SAS')).toBeLessThan(text.indexOf('Participation à une organisation criminelle'));
    expect(text).toContain('Chiffre d’affaires annuel général');
    expect(text).toContain('Paiement d’impôts et taxes');
    expect(text).toMatch(/2 390 500,00 €/);
    expect(text).toContain('L.2141-1');
    expect(text).toMatch(/Non/);
  });

  it.runIf(hasPdftotext)('in a groupement, says the company leads it and names the other members', async () => {
    const file = join(work, 'dume-grouped.pdf');
    writeFileSync(file, await espdResponsePdf(grouped));
    const text = execFileSync('pdftotext', [file, '-'], { encoding: 'utf8' }).replace(/[\u00a0\u202f]/g, ' ').replace(/\s+/g, ' ');
    expect(text).toContain('Opérateur économique participant avec d’autres');
    expect(text).toContain('Rôle de l’opérateur dans le groupement : Chef de file du groupement (mandataire)');
    expect(text).toContain('Alpes Maintenance Industrielle (SIRET 512 345 678 00019)');
  });

  it.runIf(hasPdftotext)('reads in English when asked', async () => {
    const file = join(work, 'espd-en.pdf');
    writeFileSync(file, await espdResponsePdf({ ...base, language: 'en', request: readEspdRequest(requestXml) }));
    const text = execFileSync('pdftotext', [file, '-'], { encoding: 'utf8' });
    expect(text).toContain('Participation in a criminal organisation');
    expect(text).toContain('General yearly turnover');
  });
});
