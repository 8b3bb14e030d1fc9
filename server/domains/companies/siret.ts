/** The Luhn checksum over a string of digits (every second digit from the right doubled). */
export function luhnValid(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

// La Poste's establishments share SIREN 356000000 and are too many for the Luhn check digit:
// INSEE numbers them so that the sum of their digits is a multiple of 5.
const LA_POSTE_SIREN = '356000000';

/** A SIRET: 14 digits, Luhn-valid, or La Poste's sum-of-digits rule. */
export function siretValid(siret: string): boolean {
  if (!/^[0-9]{14}$/.test(siret)) return false;
  if (luhnValid(siret)) return true;
  if (siret.startsWith(LA_POSTE_SIREN)) return [...siret].reduce((sum, c) => sum + Number(c), 0) % 5 === 0;
  return false;
}
