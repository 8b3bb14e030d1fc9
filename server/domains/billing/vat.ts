import { luhnValid } from '../companies/siret';

/** A VAT number as written by people: upper case, without spaces, dots or dashes. */
export const normaliseVatNumber = (value: string) => value.toUpperCase().replace(/[\s.-]/g, '');

/** The key of a French VAT number for a SIREN: (12 + 3 × (SIREN mod 97)) mod 97, two digits. */
export const frenchVatKey = (siren: string) => String((12 + 3 * (Number(siren) % 97)) % 97).padStart(2, '0');

/**
 * A VAT number's format: French ones (FR + 2-character key + a Luhn-valid SIREN) have their
 * numeric key checked; other EU numbers are checked for shape only (two letters, 2–12 characters).
 * Whether the number is registered (VIES) cannot be checked offline.
 */
export function vatNumberValid(value: string): boolean {
  const vat = normaliseVatNumber(value);
  if (vat.startsWith('FR')) {
    const match = /^FR([0-9A-HJ-NP-Z]{2})([0-9]{9})$/.exec(vat);
    if (!match) return false;
    const [, key, siren] = match as unknown as [string, string, string];
    if (!luhnValid(siren) && !siren.startsWith('356000000')) return false;
    return /^[0-9]{2}$/.test(key) ? key === frenchVatKey(siren) : true;
  }
  return /^(AT|BE|BG|CY|CZ|DE|DK|EE|EL|ES|FI|HR|HU|IE|IT|LT|LU|LV|MT|NL|PL|PT|RO|SE|SI|SK|XI)[0-9A-Z+*]{2,12}$/.test(vat);
}
