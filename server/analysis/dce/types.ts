/** CCP: a cahier des clauses particulières, the CCAP and the CCTP in one. CRT and CRF: the buyer's technical and financial response frames. */
export type DocumentKind = 'RC' | 'CCAP' | 'CCTP' | 'CCP' | 'AE' | 'BPU' | 'DQE' | 'DPGF' | 'DC1' | 'DC2' | 'DUME' | 'PLANS' | 'QR' | 'ATTRI1' | 'CRT' | 'CRF' | 'OTHER';

/** text = `pdftotext -layout` output of that page (or DOCX/XLSX text: sheets as tab-separated rows). */
export type SourcePage = { page: number; text: string };

/** fileName = the entry's base name for ZIP entries. */
export type AnalysedDocument = { documentId: string; entry: string | null; fileName: string; pages: SourcePage[] };

/** excerpt: the sentence or line that says it, at most 300 characters, trimmed. */
export type FactSource = { documentId: string; entry: string | null; fileName: string; page: number; excerpt: string };

export type FactKey =
  | 'submissionDeadline'
  | 'questionsDeadline'
  | 'siteVisit'
  | 'procedure'
  | 'lots'
  | 'awardCriteria'
  | 'awardCriteriaByLots'
  | 'contractDuration'
  | 'executionDelay'
  | 'offerValidityDays'
  | 'variantsAllowed'
  | 'priceType'
  | 'warranty'
  | 'penalties'
  | 'candidatureDocuments'
  | 'offerDocuments'
  | 'submissionPlatform'
  | 'electronicSignatureRequired'
  | 'memoryPageLimit'
  | 'fileRules';

export type Fact = { key: FactKey; value: unknown; sources: FactSource[]; confidence: number /* 0-1 */ };

export type Procedure = 'open' | 'restricted' | 'adapted' | 'negotiated' | 'competitive_dialogue' | 'other';
export type SiteVisit = { required: boolean; date?: string };
export type Lot = { number: number; title: string; estimatedAmount?: number };
export type Lots = { allotted: boolean; lots: Lot[] };
export type Criterion = { name: string; weight: number; subCriteria?: { name: string; weight: number }[] };
/** The criteria of each group of lots, when the RC gives the groups different ones. */
export type CriteriaByLots = { lots: number[]; criteria: Criterion[] }[];
export type Penalties = { summary: string; perDay?: { fraction?: number; amount?: number } };
