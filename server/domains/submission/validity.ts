// Whether the company's attestations will be valid on the deadline's day, not today (issue 26):
// what the Code de la commande publique, the Code du travail and the usual RC wording ask of each
// kind of vault document, each rule with its source.
import { dayIn } from '../../../rules/calendar';

export type VaultDocument = { id: string; kind: string; title: string; issueDate: string | null; validUntil: string | null; fileName: string; size: number };
export type ValidityCheck = { key: string; ok: boolean; vars: Record<string, string | number>; source: string };

/** The date `months` months before `day` (YYYY-MM-DD), the day of the month kept where it exists. */
export function monthsBefore(day: string, months: number): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const total = y * 12 + (m - 1) - months;
  const year = Math.floor(total / 12);
  const month = (total % 12) + 1;
  const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return `${year}-${String(month).padStart(2, '0')}-${String(Math.min(d, last)).padStart(2, '0')}`;
}

const SOURCES = {
  kbis: 'Extrait K ou K bis (C. comm. pub., art. R. 2143-9 et arrêté du 22 mars 2019) ; « de moins de trois mois » est la durée que fixent les RC',
  urssaf: 'Attestation de vigilance de moins de six mois (C. trav., art. D. 8222-5 ; C. séc. soc., art. L. 243-15 et D. 243-15)',
  tax: 'Attestation de régularité fiscale de l’année (C. comm. pub., art. R. 2143-7 ; arrêté du 22 mars 2019)',
  insurance: 'Attestation d’assurance en cours de validité à la date limite (C. comm. pub., art. R. 2142-6)',
  valid: 'Document en cours de validité à la date limite de remise des offres',
} as const;

/**
 * The checks of one vault document against the deadline's day (Paris). A document without the
 * date a rule needs fails it: the date must be entered in the vault, never assumed.
 */
export function validityAt(document: VaultDocument, deadline: Date): ValidityCheck[] {
  const day = dayIn(deadline);
  const checks: ValidityCheck[] = [];
  const until = (source: string) =>
    checks.push({ key: 'valid_at_deadline', ok: document.validUntil === null || document.validUntil >= day, vars: { date: document.validUntil ?? '', deadline: day }, source });
  switch (document.kind) {
    case 'kbis': {
      const limit = monthsBefore(day, 3);
      checks.push({ key: 'kbis_age', ok: document.issueDate !== null && document.issueDate >= limit, vars: { date: document.issueDate ?? '', limit }, source: SOURCES.kbis });
      break;
    }
    case 'urssaf': {
      const limit = monthsBefore(day, 6);
      checks.push({ key: 'urssaf_age', ok: document.issueDate !== null && document.issueDate >= limit, vars: { date: document.issueDate ?? '', limit }, source: SOURCES.urssaf });
      if (document.validUntil) until(SOURCES.urssaf);
      break;
    }
    case 'tax': {
      const year = day.slice(0, 4);
      const ok = (document.issueDate !== null && document.issueDate.slice(0, 4) === year) || (document.validUntil !== null && document.validUntil >= day);
      checks.push({ key: 'tax_year', ok, vars: { date: document.issueDate ?? '', year }, source: SOURCES.tax });
      break;
    }
    case 'insurance':
      checks.push({ key: 'insurance_year', ok: document.validUntil !== null && document.validUntil >= day, vars: { date: document.validUntil ?? '', deadline: day }, source: SOURCES.insurance });
      break;
    default:
      until(SOURCES.valid);
  }
  return checks;
}
