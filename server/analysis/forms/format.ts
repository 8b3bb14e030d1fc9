// French writing of the forms' values: "1 234 567 €", "12,5", "31/12/2025", "123 456 789 00012".
import type { CompanyAddress, CompanyIdentity } from './types';

// A no-break space keeps a number (and its unit) on one line.
const NBSP = '\u00a0';

export function frenchNumber(value: number, fractionDigits?: number): string {
  const digits = fractionDigits ?? (Number.isInteger(value) ? 0 : 2);
  return new Intl.NumberFormat('fr-FR', { minimumFractionDigits: digits, maximumFractionDigits: digits })
    .format(value)
    .replace(/[\u202f\u00a0 ]/g, NBSP);
}

export const frenchAmount = (euros: number) => `${frenchNumber(euros)}${NBSP}€`;

export function frenchPercent(percent: number): string {
  return new Intl.NumberFormat('fr-FR', { maximumFractionDigits: 1 }).format(percent).replace(/[\u202f\u00a0 ]/g, NBSP);
}

/** dd/mm/yyyy from a Date (its calendar day in Paris) or an ISO date; other strings are kept as written. */
export function frenchDate(date: Date | string): string {
  if (typeof date === 'string') {
    const iso = /^(\d{4})-(\d{2})-(\d{2})/.exec(date.trim());
    return iso ? `${iso[3]}/${iso[2]}/${iso[1]}` : date.trim();
  }
  const parts = new Intl.DateTimeFormat('fr-FR', { timeZone: 'Europe/Paris', day: '2-digit', month: '2-digit', year: 'numeric' }).formatToParts(date);
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('day')}/${part('month')}/${part('year')}`;
}

export const yearStart = (year: number) => `01/01/${year}`;
export const yearEnd = (year: number) => `31/12/${year}`;

/** "123 456 789 00012" for a 14-digit SIRET; anything else (a foreign identifier) as given. */
export function formatSiret(siret: string): string {
  const digits = siret.replace(/\s/g, '');
  return /^\d{14}$/.test(digits) ? `${digits.slice(0, 3)} ${digits.slice(3, 6)} ${digits.slice(6, 9)} ${digits.slice(9)}` : siret.trim();
}

const isFrance = (country: string | undefined) => !country || /^(france|fr|fra)$/i.test(country.trim());

export function addressLines(address: CompanyAddress): string[] {
  const town = [address.postalCode, address.city].filter(Boolean).join(' ');
  return [address.street, town, isFrance(address.country) ? undefined : address.country].filter((line): line is string => Boolean(line?.trim()));
}

/** The identity block of a member in a table cell: name, address, e-mail, phone, SIRET. */
export function identityLines(company: CompanyIdentity): string[] {
  return [
    company.name,
    ...addressLines(company.address),
    company.email ? `Courriel : ${company.email}` : '',
    company.phone ? `Tél. : ${company.phone}` : '',
    `SIRET : ${formatSiret(company.siret)}`,
  ].filter(Boolean);
}
