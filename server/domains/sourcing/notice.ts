// The one shape every importer produces: a tender call (or its correction, cancellation or award)
// as read from BOAMP, TED or DECP, before any database identity. The DB layer stores these.

export type NoticeSource = 'boamp' | 'ted' | 'decp';

/** Which reader produced the notice (kept for audit and for re-import diagnostics). */
export type NoticeShape =
  | 'boamp-ods-columns'
  | 'boamp-ods-eforms'
  | 'boamp-ods-fnsimple'
  | 'boamp-ods-mapa'
  | 'boamp-ods-v110'
  | 'boamp-xml-v230'
  | 'boamp-dila-json'
  | 'ted-r209'
  | 'ted-eforms'
  | 'decp-2019'
  | 'decp-2024';

export type NoticeKind = 'call' | 'correction' | 'cancellation' | 'award';

/** Procedure folded to a small vocabulary (the raw value stays in `procedureRaw`). */
export type Procedure =
  | 'open'
  | 'restricted'
  | 'adapted'
  | 'negotiated'
  | 'competitive-dialogue'
  | 'design-contest'
  | 'innovation-partnership'
  | 'other';

export interface NoticeLot {
  /** As published ("1", "2016-52"); FNSimple lots have none, their position is used. */
  number: string | null;
  title: string;
  cpv: string[];
  /** Estimated amount in EUR, null when absent or a placeholder (0, 1). */
  amount: number | null;
}

export interface Winner {
  name: string | null;
  /** 14-digit SIRET or 9-digit SIREN, digits only. */
  siret: string | null;
}

/** One contract awarded: a group of co-contractors shares one amount, so winners is a list. */
export interface NoticeAward {
  lot: string | null;
  winners: Winner[];
  amount: number | null;
  /** Award or notification date, YYYY-MM-DD. */
  date: string | null;
  offers: number | null;
}

/** Another notice this one corrects, cancels, awards or duplicates. */
export interface RelatedNotice {
  source: NoticeSource;
  sourceId: string;
}

export interface ImportedNotice {
  source: NoticeSource;
  /** idweb (BOAMP), publication number "92667-2018" (TED), buyer SIRET + contract id (DECP). */
  sourceId: string;
  shape: NoticeShape;
  kind: NoticeKind;
  /** The buyer's own reference for the call, when published. */
  reference: string | null;
  title: string;
  description: string | null;
  buyer: { name: string | null; siret: string | null };
  procedure: Procedure | null;
  procedureRaw: string | null;
  /** 8-digit CPV codes, main first, no duplicates. */
  cpv: string[];
  /** Where the work is done, from the notice's place fields only; empty when none says it. */
  place: {
    /** INSEE département codes, zero-padded ("02", "2A", "974"). */
    departements: string[];
    /** Name of the first département's region ("Auvergne-Rhône-Alpes"), or of a region named alone. */
    region: string | null;
    /** NUTS codes as published (several versions coexist: FR715, FRK25). */
    nuts: string[];
  };
  estimatedAmount: number | null;
  /** Publication date, YYYY-MM-DD. */
  publishedAt: string | null;
  /** Submission deadline as an instant with its zone's offset ("2017-04-26T12:00:00+02:00"); null when no time is known. */
  deadline: string | null;
  /** Calendar day of the deadline in its zone (also set when only the day is known). */
  deadlineDate: string | null;
  /** IANA zone the deadline's wall-clock time was read in. */
  deadlineZone: string | null;
  lots: NoticeLot[];
  url: string | null;
  related: RelatedNotice[];
  awards: NoticeAward[];
}

/** Catalogue-style keys: the DB/UI layer shows them with t(). */
export type RefusalReason =
  | 'sourcing-malformed-json'
  | 'sourcing-malformed-xml'
  | 'sourcing-xml-doctype'
  | 'sourcing-record-too-large'
  | 'sourcing-unknown-shape'
  | 'sourcing-missing-id'
  | 'sourcing-missing-title'
  | 'sourcing-invalid-notice'
  | 'sourcing-unreadable-file';

export interface Refusal {
  sourceId?: string;
  reason: RefusalReason;
  detail: string;
  /** File (and ZIP entry) the record came from, with its position. */
  origin?: string;
}

export type ImportResult = { notice: ImportedNotice } | { refused: Refusal };

export class NoticeRefused extends Error {
  constructor(
    readonly reason: RefusalReason,
    detail: string,
    readonly sourceId?: string,
  ) {
    super(detail);
  }
}
