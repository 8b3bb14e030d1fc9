// Reading a buyer's ESPD request (QualificationApplicationRequest, ESPD-EDM v4, UBL 2.3) into the
// criteria a response must answer. saxes refuses entity bombs and external entities; a DOCTYPE is
// refused outright since no ESPD document has one.
import { SaxesParser } from 'saxes';
import { EspdReadError, type EspdCriterion, type EspdCriterionType, type EspdLegislation, type EspdProperty, type EspdPropertyGroup, type EspdRequest, type EspdXmlValue } from './model';

const REQUEST_NS = 'urn:oasis:names:specification:ubl:schema:xsd:QualificationApplicationRequest-2';
// The official request example is 670 KB with every criterion; ten times that is not a request.
const MAX_CHARS = 8 * 1024 * 1024;

interface Node {
  name: string;
  ns: string;
  attributes: Record<string, string>;
  children: Node[];
  text: string;
}

function parse(xml: string): Node {
  if (xml.length > MAX_CHARS) throw new EspdReadError('espd-too-large', `${xml.length} characters`);
  const parser = new SaxesParser({ xmlns: true });
  const stack: Node[] = [];
  let root: Node | null = null;
  let failure: EspdReadError | null = null;
  parser.on('doctype', () => {
    failure ??= new EspdReadError('espd-doctype');
  });
  parser.on('opentag', (tag) => {
    const attributes: Record<string, string> = {};
    for (const attribute of Object.values(tag.attributes)) if (!attribute.prefix || attribute.prefix !== 'xmlns') attributes[attribute.local] = attribute.value;
    delete attributes.xmlns;
    const node: Node = { name: tag.local, ns: tag.uri, attributes, children: [], text: '' };
    if (stack.length) stack[stack.length - 1]!.children.push(node);
    else root ??= node;
    stack.push(node);
  });
  const onText = (text: string) => {
    if (stack.length) stack[stack.length - 1]!.text += text;
  };
  parser.on('text', onText);
  parser.on('cdata', onText);
  parser.on('closetag', () => {
    stack.pop();
  });
  parser.on('error', (error) => {
    failure ??= new EspdReadError('espd-malformed-xml', error.message);
  });
  try {
    parser.write(xml).close();
  } catch (error) {
    failure ??= new EspdReadError('espd-malformed-xml', (error as Error).message);
  }
  if (failure) throw failure;
  if (!root) throw new EspdReadError('espd-malformed-xml', 'no root element');
  return root;
}

const child = (node: Node | undefined, name: string) => node?.children.find((c) => c.name === name);
const children = (node: Node | undefined, name: string) => node?.children.filter((c) => c.name === name) ?? [];
const textOf = (node: Node | undefined, name: string) => {
  const found = child(node, name);
  return found ? found.text.trim() : undefined;
};

const EXCLUSION_CODES = new Set(['crime-org', 'corruption', 'fraud', 'terr-offence', 'finan-laund', 'human-traffic', 'tax-pay', 'socsec-pay', 'envir-law', 'socsec-law', 'labour-law', 'bankruptcy', 'insolvency', 'cred-arran', 'bankr-nat', 'liq-admin', 'susp-act', 'prof-misconduct', 'distorsion', 'partic-confl', 'prep-confl', 'sanction', 'misrepresent', 'misinterpr', 'nati-ground']);
const SELECTION_CODES = new Set(['prof-regist', 'trade-regist', 'authorisation', 'autorisation', 'membership', 'gen-year-to', 'aver-year-to', 'spec-aver-to', 'spec-year-to', 'finan-rat', 'indem-insu', 'finan-requ', 'work-perform', 'supply-perform', 'service-perform', 'qual-cont-tech', 'work-tech', 'qual-facil', 'research-fac', 'chain-manage', 'qualification', 'envir-measure', 'tech-equip', 'spec-req-check', 'manage-staff', 'year-manpower', 'suncont-port', 'wo-autent', 'w-autent', 'qa-certif-inst', 'qu-certif-indep', 'envir-certif-indep']);

/** Exclusion or selection from the code (the lists of the official Schematron), else from the group IDs' "_EG_" / "_SC_" part. */
export function criterionType(code: string, groupIds: string[] = []): EspdCriterionType {
  if (EXCLUSION_CODES.has(code)) return 'exclusion';
  if (SELECTION_CODES.has(code)) return 'selection';
  if (groupIds.some((id) => /^C\d+_EG_/.test(id))) return 'exclusion';
  if (groupIds.some((id) => /^C\d+_SC_/.test(id))) return 'selection';
  return 'other';
}

const PROPERTY_FIELDS = new Set(['ID', 'Name', 'Description', 'TypeCode', 'ValueDataTypeCode']);

function xmlValue(node: Node): EspdXmlValue {
  return { element: node.name, text: node.children.length ? '' : node.text.trim(), attributes: { ...node.attributes }, children: node.children.map(xmlValue) };
}

function readProperty(node: Node): EspdProperty {
  const id = textOf(node, 'ID');
  if (!id) throw new EspdReadError('espd-invalid-criterion', 'a property has no cbc:ID');
  return {
    id,
    name: textOf(node, 'Name') ?? '',
    description: textOf(node, 'Description') ?? '',
    typeCode: textOf(node, 'TypeCode') ?? '',
    dataType: textOf(node, 'ValueDataTypeCode') ?? 'NONE',
    expected: node.children.filter((c) => !PROPERTY_FIELDS.has(c.name)).map(xmlValue),
  };
}

function readGroup(node: Node): EspdPropertyGroup {
  const id = textOf(node, 'ID');
  if (!id) throw new EspdReadError('espd-invalid-criterion', 'a property group has no cbc:ID');
  return {
    id,
    groupType: textOf(node, 'PropertyGroupTypeCode') ?? 'ON*',
    properties: children(node, 'TenderingCriterionProperty').map(readProperty),
    subgroups: children(node, 'SubsidiaryTenderingCriterionPropertyGroup').map(readGroup),
  };
}

function readLegislation(node: Node): EspdLegislation {
  const legislation: EspdLegislation = {
    id: textOf(node, 'ID'),
    title: textOf(node, 'Title'),
    description: textOf(node, 'Description'),
    jurisdictionLevel: textOf(node, 'JurisdictionLevel'),
    article: textOf(node, 'Article'),
    uri: textOf(node, 'URI'),
    language: textOf(child(node, 'Language'), 'LocaleCode'),
  };
  for (const key of Object.keys(legislation) as (keyof EspdLegislation)[]) if (legislation[key] === undefined) delete legislation[key];
  return legislation;
}

function readCriterion(node: Node): EspdCriterion {
  const uuid = textOf(node, 'ID');
  const code = textOf(node, 'CriterionTypeCode');
  if (!uuid || !code) throw new EspdReadError('espd-invalid-criterion', 'a criterion lacks its cbc:ID or cbc:CriterionTypeCode');
  const requirementGroups = children(node, 'TenderingCriterionPropertyGroup').map(readGroup);
  return {
    uuid,
    code,
    type: criterionType(code, requirementGroups.map((g) => g.id)),
    name: textOf(node, 'Name') ?? code,
    description: textOf(node, 'Description') ?? '',
    lots: children(node, 'ProcurementProjectLotReference').map((lot) => textOf(lot, 'ID') ?? '').filter(Boolean),
    legislation: children(node, 'Legislation').map(readLegislation),
    requirementGroups,
  };
}

/**
 * A buyer's ESPD request: its identifiers, the buyer, the procurement project, its lots and its
 * criteria in document order. Throws EspdReadError on malformed XML, a DOCTYPE, or a document that
 * is not a QualificationApplicationRequest with criteria.
 */
export function readEspdRequest(xml: string): EspdRequest {
  const root = parse(xml);
  if (root.name !== 'QualificationApplicationRequest' || root.ns !== REQUEST_NS) throw new EspdReadError('espd-not-a-request', `root element ${root.name}`);
  const criteria = children(root, 'TenderingCriterion').map(readCriterion);
  if (!criteria.length) throw new EspdReadError('espd-no-criteria');
  const buyer = child(child(root, 'ContractingParty'), 'Party');
  const project = child(root, 'ProcurementProject');
  const request: EspdRequest = {
    id: textOf(root, 'ID') ?? '',
    uuid: textOf(root, 'UUID'),
    contractFolderId: textOf(root, 'ContractFolderID'),
    issueDate: textOf(root, 'IssueDate'),
    buyerName: textOf(child(buyer, 'PartyName'), 'Name'),
    buyerCountry: textOf(child(child(buyer, 'PostalAddress'), 'Country'), 'IdentificationCode'),
    project: { title: textOf(project, 'Name'), description: textOf(project, 'Description'), reference: textOf(root, 'ContractFolderID') },
    lots: children(root, 'ProcurementProjectLot').map((lot) => textOf(lot, 'ID') ?? '').filter(Boolean),
    criteria,
  };
  return request;
}
