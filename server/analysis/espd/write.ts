// Writing the candidate's ESPD response (QualificationApplicationResponse, ESPD-EDM v4.1.0, UBL 2.3):
// the buyer's criteria echoed as they were asked (or the French default set), then one
// TenderingCriterionResponse per answer. Element order follows the UBL 2.3 schema; the code list
// attributes are those the official Schematron checks (common/01-ESPD-common-cl-attributes.sch).
import { createHash } from 'node:crypto';
import { answerCriterion, latestFigures, type EspdAnswer, type EspdAnswerValue, type EspdCriterionAnswers } from './answers';
import { countryAlpha3 } from './countries';
import { EO_GROUP_CRITERION, FRENCH_DEFAULT_CRITERIA } from './criteria';
import { EspdWriteError, type EspdCompany, type EspdCriterion, type EspdLegislation, type EspdProperty, type EspdPropertyGroup, type EspdResponseInput, type EspdXmlValue } from './model';

const NS = {
  root: 'urn:oasis:names:specification:ubl:schema:xsd:QualificationApplicationResponse-2',
  cac: 'urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2',
  cbc: 'urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2',
};
const EDM_VERSION = '4.1.0';
const CRITERION_ID = `schemeID="Criterion" schemeAgencyID="OP" schemeVersionID="${EDM_VERSION}"`;
const LIST = {
  criterion: 'listID="http://publications.europa.eu/resource/authority/criterion" listAgencyID="OP" listVersionID="20240612-0"',
  country: 'listID="http://publications.europa.eu/resource/authority/country" listAgencyID="OP" listVersionID="20250924-0"',
  language: 'listID="http://publications.europa.eu/resource/authority/language" listAgencyID="OP" listVersionID="20250618-0"',
  role: 'listID="http://publications.europa.eu/resource/authority/eo-role-type" listAgencyID="OP" listVersionID="20211208-0"',
  size: 'listID="http://publications.europa.eu/resource/authority/economic-operator-size" listAgencyID="OP" listVersionID="20250924-0"',
  groupType: `listID="property-group-type" listAgencyID="OP" listVersionID="${EDM_VERSION}"`,
  elementType: `listID="criterion-element-type" listAgencyID="OP" listVersionID="${EDM_VERSION}"`,
  dataType: `listID="response-data-type" listAgencyID="OP" listVersionID="${EDM_VERSION}"`,
};
// A procedure without lots is answered for the whole of it, which ESPD calls LOT-0000.
const NO_LOT = 'LOT-0000';

const escape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
const element = (name: string, text: string | undefined, attributes = '') => (text === undefined ? '' : text === '' ? `<${name}${attributes ? ` ${attributes}` : ''}/>` : `<${name}${attributes ? ` ${attributes}` : ''}>${escape(text)}</${name}>`);
const attributesOf = (attributes: Record<string, string>) =>
  Object.entries(attributes)
    .map(([key, value]) => `${key}="${escape(value)}"`)
    .join(' ');

/** The French legal form of a SIRET: 14 digits whose Luhn sum is a multiple of 10 (La Poste's, 356 000 000, is the known exception). */
export function isValidSiret(siret: string): boolean {
  const digits = siret.replace(/\s/g, '');
  if (!/^\d{14}$/.test(digits)) return false;
  if (digits.startsWith('356000000')) return [...digits].reduce((sum, d) => sum + Number(d), 0) % 5 === 0;
  const sum = [...digits].reverse().reduce((total, d, i) => {
    const doubled = i % 2 === 1 ? Number(d) * 2 : Number(d);
    return total + (doubled > 9 ? doubled - 9 : doubled);
  }, 0);
  return sum % 10 === 0;
}

/** An SME under Recommendation 2003/361/EC: under 250 staff and a turnover of at most 50 M€, from the latest figures. */
export function companySize(company: EspdCompany): 'sme' | 'large' {
  if (company.sme !== undefined) return company.sme ? 'sme' : 'large';
  const { staff, turnover } = latestFigures(company);
  if (!staff && !turnover) throw new EspdWriteError('espd-company-size-unknown');
  if (staff && staff.count >= 250) return 'large';
  if (turnover && turnover.amount > 50_000_000) return 'large';
  // One figure alone can only show a large company; a small one needs both.
  if (!staff || !turnover) throw new EspdWriteError('espd-company-size-unknown', 'staff and turnover are both needed to show an SME');
  return 'sme';
}

/** A stable UUID (v4 layout) from the document's content: the same export twice is the same document. */
function stableUuid(seed: string): string {
  const hex = createHash('sha256').update(seed).digest('hex');
  const variant = ((parseInt(hex[16]!, 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

function legislationXml(legislation: EspdLegislation): string {
  return [
    '<cac:Legislation>',
    element('cbc:ID', legislation.id, CRITERION_ID),
    element('cbc:Title', legislation.title),
    element('cbc:Description', legislation.description),
    element('cbc:JurisdictionLevel', legislation.jurisdictionLevel),
    element('cbc:Article', legislation.article),
    element('cbc:URI', legislation.uri),
    legislation.language ? `<cac:Language>${element('cbc:LocaleCode', legislation.language, LIST.language)}</cac:Language>` : '',
    '</cac:Legislation>',
  ].join('');
}

// Expected values keep the buyer's element: aggregates (ApplicablePeriod, TemplateEvidence) have children.
function expectedXml(value: EspdXmlValue): string {
  const attributes = attributesOf(value.attributes);
  if (value.children.length) return `<cac:${value.element}${attributes ? ` ${attributes}` : ''}>${value.children.map(expectedXml).join('')}</cac:${value.element}>`;
  return element(`cbc:${value.element}`, value.text, attributes);
}

function propertyXml(property: EspdProperty): string {
  return [
    '<cac:TenderingCriterionProperty>',
    element('cbc:ID', property.id, CRITERION_ID),
    element('cbc:Name', property.name),
    element('cbc:Description', property.description),
    element('cbc:TypeCode', property.typeCode, LIST.elementType),
    element('cbc:ValueDataTypeCode', property.dataType, LIST.dataType),
    ...property.expected.map(expectedXml),
    '</cac:TenderingCriterionProperty>',
  ].join('');
}

function groupXml(group: EspdPropertyGroup, tag: string): string {
  return [
    `<cac:${tag}>`,
    element('cbc:ID', group.id, CRITERION_ID),
    element('cbc:PropertyGroupTypeCode', group.groupType, LIST.groupType),
    ...group.properties.map(propertyXml),
    ...group.subgroups.map((subgroup) => groupXml(subgroup, 'SubsidiaryTenderingCriterionPropertyGroup')),
    `</cac:${tag}>`,
  ].join('');
}

function criterionXml(criterion: EspdCriterion): string {
  return [
    '<cac:TenderingCriterion>',
    element('cbc:ID', criterion.uuid, CRITERION_ID),
    element('cbc:CriterionTypeCode', criterion.code, LIST.criterion),
    element('cbc:Name', criterion.name),
    element('cbc:Description', criterion.description),
    ...criterion.lots.map((lot) => `<cac:ProcurementProjectLotReference>${element('cbc:ID', lot, CRITERION_ID)}</cac:ProcurementProjectLotReference>`),
    ...criterion.legislation.map(legislationXml),
    ...criterion.requirementGroups.map((group) => groupXml(group, 'TenderingCriterionPropertyGroup')),
    '</cac:TenderingCriterion>',
  ].join('');
}

const amount = (value: number) => (Number.isInteger(value) ? String(value) : value.toFixed(2));

function responseValueXml(id: string, value: EspdAnswerValue): string {
  if (value.kind === 'period') return `<cac:ApplicablePeriod>${element('cbc:StartDate', value.start)}${element('cbc:EndDate', value.end)}</cac:ApplicablePeriod>`;
  const inner =
    value.kind === 'indicator'
      ? element('cbc:ResponseIndicator', String(value.value))
      : value.kind === 'amount'
        ? element('cbc:ResponseAmount', amount(value.value), `currencyID="${value.currency}"`)
        : value.kind === 'quantity'
          ? element('cbc:ResponseQuantity', String(value.value), `unitCode="${value.unit}"`)
          : value.kind === 'role'
            ? element('cbc:ResponseCode', value.value, LIST.role)
            : element('cbc:Description', value.value);
  return `<cac:ResponseValue>${element('cbc:ID', `${id}/RV`, CRITERION_ID)}${inner}</cac:ResponseValue>`;
}

function answerXml(answer: EspdAnswer, lot: string, criterion: EspdCriterion): string {
  const id = `${answer.property.id}/R${answer.row}`;
  return [
    '<cac:TenderingCriterionResponse>',
    element('cbc:ID', id, CRITERION_ID),
    element('cbc:ValidatedCriterionPropertyID', answer.property.id, CRITERION_ID),
    responseValueXml(id, answer.value),
    // A criterion restricted to lots is answered for the lot this response is for.
    criterion.lots.length ? `<cac:ProcurementProjectLotReference>${element('cbc:ID', lot, CRITERION_ID)}</cac:ProcurementProjectLotReference>` : '',
    '</cac:TenderingCriterionResponse>',
  ].join('');
}

/**
 * The criteria the response answers (the request's, else the French default set) with the
 * company's answers; in a groupement, "together with others" too when they do not ask it (the
 * Schematron's BR-LAED-10 wants a group leader's response to describe the group there).
 */
export function espdAnswers(input: EspdResponseInput): EspdCriterionAnswers[] {
  const asked = input.request?.criteria ?? FRENCH_DEFAULT_CRITERIA;
  const criteria = input.group && !asked.some((c) => c.code === 'eo-group') ? [...asked, EO_GROUP_CRITERION] : asked;
  return criteria.map((criterion) => answerCriterion(criterion, input.company, input.group));
}

/** The lot this response is for: ESPD v4 wants exactly one (BR-LOT-10); the caller writes one response per lot. */
export const responseLot = (input: EspdResponseInput) => input.tender.lots?.[0] ?? input.request?.lots[0] ?? NO_LOT;

function partyXml(company: EspdCompany): string {
  const country = countryAlpha3(company.address.country);
  if (!country) throw new EspdWriteError('espd-country-unknown', company.address.country);
  const { street, postalCode, city } = company.address;
  const contact = company.contact;
  return [
    '<cac:Party>',
    element('cbc:IndustryClassificationCode', companySize(company), LIST.size),
    // The SIRET is the French national identifier; the intra-EU VAT number follows when known.
    `<cac:PartyIdentification>${element('cbc:ID', company.siret.replace(/\s/g, ''), 'schemeID="NATIONAL" schemeAgencyID="FR-INSEE"')}</cac:PartyIdentification>`,
    company.vatNumber ? `<cac:PartyIdentification>${element('cbc:ID', company.vatNumber.replace(/\s/g, ''), 'schemeID="VAT" schemeAgencyID="VIES"')}</cac:PartyIdentification>` : '',
    `<cac:PartyName>${element('cbc:Name', company.name)}</cac:PartyName>`,
    '<cac:PostalAddress>',
    element('cbc:StreetName', street),
    element('cbc:CityName', city),
    element('cbc:PostalZone', postalCode),
    `<cac:Country>${element('cbc:IdentificationCode', country, LIST.country)}</cac:Country>`,
    '</cac:PostalAddress>',
    contact.name || contact.phone || contact.email ? `<cac:Contact>${element('cbc:Name', contact.name)}${element('cbc:Telephone', contact.phone)}${element('cbc:ElectronicMail', contact.email)}</cac:Contact>` : '',
    '</cac:Party>',
  ].join('');
}

/** The ESPD response (DUME) of the company to the tender, as UTF-8 XML valid against the UBL 2.3 schema and the ESPD-EDM v4.1.0 rules. */
export function writeEspdResponse(input: EspdResponseInput): string {
  const { company, tender, request } = input;
  if (!isValidSiret(company.siret)) throw new EspdWriteError('espd-siret-invalid', company.siret);
  const answered = espdAnswers(input);
  const lot = responseLot(input);
  const issued = input.issuedAt.toISOString();
  const uuid = stableUuid([company.siret, issued, request?.id ?? '', tender.reference ?? tender.title, lot, input.group ? JSON.stringify(input.group) : ''].join('|'));
  const folder = request?.contractFolderId ?? tender.reference ?? tender.title;
  const buyerCountry = request?.buyerCountry;
  return [
    '<?xml version="1.0" encoding="UTF-8"?>\n',
    `<QualificationApplicationResponse xmlns="${NS.root}" xmlns:cac="${NS.cac}" xmlns:cbc="${NS.cbc}">`,
    element('cbc:UBLVersionID', '2.3', 'schemeAgencyID="OASIS-UBL-TC"'),
    element('cbc:ProfileExecutionID', `ESPD-EDMv${EDM_VERSION}`, `schemeAgencyID="OP" schemeVersionID="${EDM_VERSION}"`),
    element('cbc:ID', `ESPDRESP-SOUMISSIO-${uuid}`, 'schemeAgencyID="SOUMISSIO"'),
    element('cbc:CopyIndicator', 'false'),
    element('cbc:UUID', uuid, `schemeID="ISO/IEC 9834-8:2008 - 4UUID" schemeAgencyID="SOUMISSIO" schemeVersionID="${EDM_VERSION}"`),
    element('cbc:ContractFolderID', folder, 'schemeAgencyID="SOUMISSIO"'),
    element('cbc:ContractName', tender.title),
    element('cbc:IssueDate', issued.slice(0, 10)),
    element('cbc:IssueTime', `${issued.slice(11, 19)}Z`),
    // Asked of a group leader's response (BR-LEAD-10-S10).
    element('cbc:EconomicOperatorGroupName', input.group?.name),
    element('cbc:VersionID', EDM_VERSION, `schemeAgencyID="OP" schemeVersionID="${EDM_VERSION}"`),
    '<cac:ContractingParty><cac:Party>',
    `<cac:PartyName>${element('cbc:Name', tender.buyerName || request?.buyerName || '')}</cac:PartyName>`,
    buyerCountry ? `<cac:PostalAddress><cac:Country>${element('cbc:IdentificationCode', buyerCountry, LIST.country)}</cac:Country></cac:PostalAddress>` : '',
    '</cac:Party></cac:ContractingParty>',
    '<cac:EconomicOperatorParty>',
    // Alone, the sole tenderer; in a groupement, the company is its mandataire: the group leader (eo-role-type).
    `<cac:EconomicOperatorRole>${element('cbc:RoleCode', input.group ? 'group-lead' : 'sole-tenderer', LIST.role)}</cac:EconomicOperatorRole>`,
    partyXml(company),
    '</cac:EconomicOperatorParty>',
    `<cac:ProcurementProject>${element('cbc:Name', tender.title)}${element('cbc:Description', request?.project.description)}</cac:ProcurementProject>`,
    `<cac:ProcurementProjectLot>${element('cbc:ID', lot, CRITERION_ID)}</cac:ProcurementProjectLot>`,
    ...answered.map(({ criterion }) => criterionXml(criterion)),
    ...answered.flatMap(({ criterion, answers }) => answers.map((answer) => answerXml(answer, lot, criterion))),
    '</QualificationApplicationResponse>\n',
  ].join('');
}
