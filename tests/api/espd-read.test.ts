// Reading a buyer's ESPD request (issue 26): the official ESPD-EDM v4.1.0 example, whose criteria a
// DUME must answer; a document that is not a request is refused with a reason the API turns into a 4xx.
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { readEspdRequest, EspdReadError, FRENCH_DEFAULT_CRITERIA } from '../../server/analysis/espd';

const requestXml = readFileSync(new URL('../fixtures/espd/ESPD-Request.xml', import.meta.url), 'utf8');

const reasonOf = (xml: string) => {
  try {
    readEspdRequest(xml);
  } catch (error) {
    expect(error).toBeInstanceOf(EspdReadError);
    return (error as EspdReadError).reason;
  }
  throw new Error('read without error');
};

describe('readEspdRequest', () => {
  const request = readEspdRequest(requestXml);

  it('reads the request: identifiers, procedure reference, lot and its 62 criteria in order', () => {
    expect(request.id).toBe('ESPDREQ-DGPE-c36103ab-3c9e-4b0c-a977-a161bd200453');
    expect(request.uuid).toBe('bab8714d-d58e-42ab-95fd-2984c03d4498');
    expect(request.contractFolderId).toBe('PP.20170419.1024-9');
    expect(request.project.description).toBe('Description of Project.');
    expect(request.lots).toEqual(['LOT-0000']);
    expect(request.criteria).toHaveLength(62);
    expect(request.criteria[0]!.code).toBe('crime-org');
    expect(request.criteria.at(-1)!.code).toBe('sme');
    expect(request.criteria.filter((c) => c.type === 'exclusion')).toHaveLength(24);
    expect(request.criteria.filter((c) => c.type === 'selection')).toHaveLength(31);
  });

  it('keeps a criterion whole: UUID, name, legislation, and its groups down to the questions to answer', () => {
    const crime = request.criteria[0]!;
    expect(crime).toMatchObject({ uuid: '005eb9ed-1347-4ca3-bb29-9bc0db64e1ab', code: 'crime-org', type: 'exclusion', name: 'Participation in a criminal organisation' });
    expect(crime.description).toMatch(/^Has the economic operator itself/);
    expect(crime.legislation[0]).toMatchObject({ id: 'C1_EG_crime-org/L1', jurisdictionLevel: 'EU', language: 'ENG' });
    const [first, evidence] = crime.requirementGroups;
    expect(first!.properties[0]).toMatchObject({ id: 'C1_EG_crime-org/QG1/Q1', typeCode: 'QUESTION', dataType: 'INDICATOR', description: 'Your answer' });
    expect(first!.subgroups[0]).toMatchObject({ id: 'C1_EG_crime-org/QG1/QSG1', groupType: 'ONTRUE' });
    expect(evidence!.properties[0]!.description).toBe('Is this information available electronically?');

    const turnover = request.criteria.find((c) => c.code === 'gen-year-to')!;
    expect(turnover).toMatchObject({ uuid: '499efc97-2ac1-4af2-9e84-323c2ca67747', type: 'selection', lots: ['LOT-0000'] });
    // The buyer's requirements keep their values: 3 fiscal years, at least 100 000 € a year.
    const requirements = turnover.requirementGroups[0]!.subgroups[0]!.properties;
    expect(requirements.map((p) => p.expected[0]?.text)).toEqual(['3', 'CHECKBOX_TRUE', '100000']);
    expect(requirements[2]!.expected[0]).toMatchObject({ element: 'MinimumAmount', attributes: { currencyID: 'EUR' } });
  });

  it('refuses malformed XML, a DOCTYPE, another document and a request without criteria with a reason', () => {
    expect(reasonOf('<QualificationApplicationRequest')).toBe('espd-malformed-xml');
    expect(reasonOf('not xml at all')).toBe('espd-malformed-xml');
    expect(reasonOf('<?xml version="1.0"?><!DOCTYPE x [<!ENTITY a "aaaa">]><x>&a;</x>')).toBe('espd-doctype');
    expect(reasonOf('<Invoice xmlns="urn:oasis:names:specification:ubl:schema:xsd:Invoice-2"/>')).toBe('espd-not-a-request');
    // The response is not a request.
    expect(reasonOf(requestXml.replace(/QualificationApplicationRequest/g, 'QualificationApplicationResponse'))).toBe('espd-not-a-request');
    expect(reasonOf('<QualificationApplicationRequest xmlns="urn:oasis:names:specification:ubl:schema:xsd:QualificationApplicationRequest-2"/>')).toBe('espd-no-criteria');
  });
});

describe('FRENCH_DEFAULT_CRITERIA', () => {
  it('are the taxonomy criteria of articles L.2141-1 to L.2141-11, then turnover and staff, identical to the official ones', () => {
    const taxonomy = readEspdRequest(requestXml); // ESPD-criterion.xml and ESPD-Request.xml are the same file in v4.1.0
    const codes = FRENCH_DEFAULT_CRITERIA.map((c) => c.code);
    expect(codes.slice(0, 6)).toEqual(['crime-org', 'corruption', 'fraud', 'terr-offence', 'finan-laund', 'human-traffic']);
    expect(codes).toContain('tax-pay');
    expect(codes).toContain('liq-admin');
    expect(codes).not.toContain('prof-misconduct');
    expect(codes.slice(-2)).toEqual(['gen-year-to', 'year-manpower']);
    for (const criterion of FRENCH_DEFAULT_CRITERIA) expect(criterion).toEqual(taxonomy.criteria.find((c) => c.code === criterion.code));
  });
});
