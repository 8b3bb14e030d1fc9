// The ESPD / DUME data this module reads and writes (ESPD-EDM v4.1.0, UBL 2.3).

export type EspdCriterionType = 'exclusion' | 'selection' | 'other';

/** A value the buyer set on a requirement (cbc:ExpectedID, cbc:MinimumAmount, cac:ApplicablePeriod…), kept as written. */
export interface EspdXmlValue {
  element: string;
  text: string;
  attributes: Record<string, string>;
  children: EspdXmlValue[];
}

/** One cac:TenderingCriterionProperty: a QUESTION the candidate answers, or a REQUIREMENT / CAPTION the buyer set. */
export interface EspdProperty {
  id: string;
  name: string;
  description: string;
  /** QUESTION, REQUIREMENT, CAPTION, ADDITIONAL_INFORMATION… (criterion-element-type). */
  typeCode: string;
  /** INDICATOR, AMOUNT, PERIOD, QUANTITY_YEAR… (response-data-type). */
  dataType: string;
  /** The buyer's expected values, in document order. */
  expected: EspdXmlValue[];
}

/** A property group: answered always (ON*), or only after a yes (ONTRUE) or a no (ONFALSE) to the question before it. */
export interface EspdPropertyGroup {
  id: string;
  groupType: string;
  properties: EspdProperty[];
  subgroups: EspdPropertyGroup[];
}

export interface EspdLegislation {
  id?: string;
  title?: string;
  description?: string;
  jurisdictionLevel?: string;
  article?: string;
  uri?: string;
  language?: string;
}

export interface EspdCriterion {
  /** cbc:ID: the criterion's UUID from e-Certis. */
  uuid: string;
  /** cbc:CriterionTypeCode (crime-org, gen-year-to…). */
  code: string;
  type: EspdCriterionType;
  name: string;
  description: string;
  /** Lots the criterion is restricted to (cac:ProcurementProjectLotReference). */
  lots: string[];
  legislation: EspdLegislation[];
  requirementGroups: EspdPropertyGroup[];
}

export interface EspdRequest {
  id: string;
  uuid?: string;
  /** cbc:ContractFolderID: the buyer's reference of the procedure. */
  contractFolderId?: string;
  issueDate?: string;
  buyerName?: string;
  buyerCountry?: string;
  project: { title?: string; description?: string; reference?: string };
  lots: string[];
  criteria: EspdCriterion[];
}

export interface EspdCompany {
  name: string;
  siret: string;
  vatNumber?: string;
  address: { street?: string; postalCode?: string; city?: string; country: string /* ISO 3166-1 alpha-2 */ };
  contact: { name?: string; email?: string; phone?: string };
  legalRepresentative?: { name: string; capacity?: string };
  sme?: boolean;
  turnover: { year: number; amount: number /* EUR */ }[];
  staff: { year: number; count: number }[];
  references?: { title: string; buyer?: string; year?: number; amount?: number }[];
  qualifications?: { name: string; validUntil?: string }[];
}

/** The groupement the company answers in as its lead (the mandataire): the group's name and the other members. */
export interface EspdGroup {
  name: string;
  members: { name: string; siret: string; role?: string }[];
}

export interface EspdResponseInput {
  request?: EspdRequest;
  /** Set when the company leads a groupement; absent, it tenders alone. */
  group?: EspdGroup;
  issuedAt: Date;
  language: 'fr' | 'en';
  tender: { buyerName: string; title: string; reference?: string; lots?: string[] };
  company: EspdCompany;
}

export type EspdReadErrorReason = 'espd-malformed-xml' | 'espd-doctype' | 'espd-too-large' | 'espd-not-a-request' | 'espd-no-criteria' | 'espd-invalid-criterion';

/** The document is not a readable ESPD request; `reason` is an i18n key, callers answer a 4xx. */
export class EspdReadError extends Error {
  constructor(
    readonly reason: EspdReadErrorReason,
    detail?: string,
  ) {
    super(detail ? `${reason}: ${detail}` : reason);
    this.name = 'EspdReadError';
  }
}

export type EspdWriteErrorReason = 'espd-company-size-unknown' | 'espd-country-unknown' | 'espd-siret-invalid';

/** The company's data cannot make a valid ESPD response (a field the model requires is missing or wrong). */
export class EspdWriteError extends Error {
  constructor(
    readonly reason: EspdWriteErrorReason,
    detail?: string,
  ) {
    super(detail ? `${reason}: ${detail}` : reason);
    this.name = 'EspdWriteError';
  }
}
