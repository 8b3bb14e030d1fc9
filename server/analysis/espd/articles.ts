// The ESPD exclusion grounds that transpose the articles L.2141-1 to L.2141-11 of the Code de la
// commande publique. Environmental law breaches (envir-law) and grave professional misconduct
// (prof-misconduct) are left out: the Code has no article for them.
export const FRENCH_EXCLUSION_ARTICLES: Record<string, string> = {
  'crime-org': 'L.2141-1',
  corruption: 'L.2141-1',
  fraud: 'L.2141-1',
  'terr-offence': 'L.2141-1',
  'finan-laund': 'L.2141-1',
  'human-traffic': 'L.2141-1',
  'tax-pay': 'L.2141-2',
  'socsec-pay': 'L.2141-2',
  bankruptcy: 'L.2141-3',
  insolvency: 'L.2141-3',
  'cred-arran': 'L.2141-3',
  'bankr-nat': 'L.2141-3',
  'liq-admin': 'L.2141-3',
  'susp-act': 'L.2141-3',
  'labour-law': 'L.2141-4',
  'socsec-law': 'L.2141-4',
  'nati-ground': 'L.2141-5',
  sanction: 'L.2141-7',
  misrepresent: 'L.2141-8',
  distorsion: 'L.2141-9',
  'partic-confl': 'L.2141-10',
  'prep-confl': 'L.2141-10',
};
