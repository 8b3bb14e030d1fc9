import type { PartySnapshot } from '../../db/schema';
import { tuning } from '../../config';

/**
 * The seller printed on every invoice (the company running this service), and the account the
 * bank transfers go to. BILLING_SELLER (JSON of these fields) and BILLING_IBAN / BILLING_BIC
 * replace them in production; the defaults are the demo's.
 */
const DEFAULT_SELLER: PartySnapshot = {
  legalName: 'Soumissio SAS',
  legalForm: 'SAS',
  capital: '10 000 €',
  address: '12 rue de la République',
  postalCode: '69002',
  city: 'Lyon',
  country: 'FR',
  siret: '91234567500017',
  vatNumber: 'FR65912345675',
  rcs: 'RCS Lyon 912 345 675',
  email: 'facturation@soumissio.fr',
};

export function seller(): PartySnapshot {
  try {
    return { ...DEFAULT_SELLER, ...((tuning.seller() ?? {}) as Partial<PartySnapshot>) };
  } catch {
    return DEFAULT_SELLER;
  }
}

export const bankDetails = () => ({
  holder: seller().legalName,
  iban: tuning.bank().iban ?? 'FR76 3000 4000 0312 3456 7890 143',
  bic: tuning.bank().bic ?? 'BNPAFRPPXXX',
});

/** Late-payment terms printed on the invoice and carried in the Factur-X notes (BR-FR-05/06). */
export const PAYMENT_TERMS_DAYS = 30;
