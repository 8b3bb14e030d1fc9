// What the candidature forms (DC1, DC2) say, independent of where it is stored.

export type CompanyAddress = { street?: string; postalCode?: string; city?: string; country?: string };

export type CompanyIdentity = {
  name: string;
  siret: string;
  legalForm?: string;
  nafCode?: string;
  address: CompanyAddress;
  email?: string;
  phone?: string;
  legalRepresentative?: { name: string; capacity: string };
};

export type GroupementMember = CompanyIdentity & { /** The services it performs. */ role: string };

export type CandidatureData = {
  tender: {
    buyerName: string;
    object: string;
    reference?: string;
    /** Empty: the candidature is for the whole contract (not divided into lots). */
    lots: { number: string; title?: string }[];
  };
  /** The company the DC2 describes; in a groupement, the member whose DC2 is being filled. */
  candidate: CompanyIdentity;
  groupement?: {
    kind: 'conjoint' | 'solidaire';
    /** In a joint (conjoint) groupement, whether the mandataire is jointly liable. */
    mandataireSolidaire?: boolean;
    members: GroupementMember[];
    mandataireIndex: number;
  };
  figures: {
    /** Turnover excluding tax by financial year (taken as the calendar year); shareOfContractScope in percent (0–100). */
    turnover: { year: number; amount: number; shareOfContractScope?: number }[];
    staff: { year: number; count: number; managers?: number }[];
  };
  references: { title: string; buyer?: string; year?: number; amount?: number }[];
  qualifications: { name: string; number?: string; validUntil?: string }[];
  signedAt?: Date;
};

export type DcForm = 'DC1' | 'DC2';
