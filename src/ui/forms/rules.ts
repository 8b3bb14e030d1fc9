// Client-side checks with the same rules as the server (openapi.yaml): each returns an i18n key or null.

export const PASSWORD_MIN = 10;
export const PASSWORD_MAX = 128;
export const USERNAME_MIN = 2;
export const USERNAME_MAX = 50;
export const EMAIL_MAX = 254;

export type Rule = (value: string) => string | null;

export const required: Rule = (v) => (v.trim() === '' ? 'form-required' : null);

export const username: Rule = (v) => {
  const value = v.trim();
  if (value === '') return 'form-required';
  return value.length < USERNAME_MIN || value.length > USERNAME_MAX ? 'form-username_length' : null;
};

export const email: Rule = (v) => {
  const value = v.trim();
  if (value === '') return 'form-required';
  return value.length > EMAIL_MAX || !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value) ? 'form-email_invalid' : null;
};

export const password: Rule = (v) => {
  if (v === '') return 'form-required';
  return v.length < PASSWORD_MIN || v.length > PASSWORD_MAX ? 'form-password_length' : null;
};

export const confirmation = (pw: string): Rule => (v) => (v === '' ? 'form-required' : v !== pw ? 'form-password_mismatch' : null);

function luhn(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i += 1) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/** 14 digits passing Luhn, or for La Poste (SIREN 356000000) a digit sum divisible by 5: the server's rule. */
export function isValidSiret(value: string): boolean {
  if (!/^[0-9]{14}$/.test(value)) return false;
  if (luhn(value)) return true;
  return value.startsWith('356000000') && [...value].reduce((acc, d) => acc + Number(d), 0) % 5 === 0;
}

export const siret: Rule = (v) => {
  const value = v.trim();
  if (value === '') return 'form-required';
  if (!/^[0-9]{14}$/.test(value)) return 'form-siret_format';
  return isValidSiret(value) ? null : 'form-siret_checksum';
};

export const companyName: Rule = (v) => {
  const value = v.trim();
  if (value === '') return 'form-required';
  return value.length < 2 || value.length > 120 ? 'form-company_name_length' : null;
};

export const address: Rule = (v) => {
  const value = v.trim();
  if (value === '') return 'form-required';
  return value.length < 3 || value.length > 200 ? 'form-address_length' : null;
};

export const postalCode: Rule = (v) => {
  const value = v.trim();
  if (value === '') return 'form-required';
  return /^[0-9]{5}$/.test(value) ? null : 'form-postal_code_invalid';
};

export const city: Rule = (v) => {
  const value = v.trim();
  if (value === '') return 'form-required';
  return value.length > 100 ? 'form-city_length' : null;
};

export const phone: Rule = (v) => {
  const value = v.trim();
  return value === '' || /^\+?[0-9 .()-]{6,30}$/.test(value) ? null : 'form-phone_invalid';
};

export const website: Rule = (v) => {
  const value = v.trim();
  return value === '' || (value.length <= 200 && /^https?:\/\/\S+$/.test(value)) ? null : 'form-website_invalid';
};

/** A brand colour as the contract's BrandColor: '#rrggbb', or empty for the house colour. */
export const brandColor: Rule = (v) => {
  const value = v.trim();
  return value === '' || /^#[0-9a-fA-F]{6}$/.test(value) ? null : 'form-brand_color_invalid';
};

export const description: Rule = (v) => (v.length > 2000 ? 'form-description_length' : null);

/** The contract's limits of a keyword and of a CPV code (8 digits, a dash and a check digit). */
export const KEYWORD_MAX = 60;
export const CPV_MAX = 10;

export const keyword: Rule = (v) => (v.trim().length > KEYWORD_MAX ? 'form-keyword_length' : null);

export const cpvCode: Rule = (v) => (/^[0-9]{8}(-[0-9])?$/.test(v.trim()) ? null : 'form-cpv_invalid');

export const TAGS_MAX = 50;

/** The contract's Amount: whole euros excl. VAT, 0 to 100 billion; empty means no bound. */
export const AMOUNT_MAX = 100_000_000_000;

export const amount: Rule = (v) => {
  const value = v.trim().replace(/[\s\u00a0\u202f]/g, '');
  if (value === '') return null;
  return /^[0-9]+$/.test(value) && Number(value) <= AMOUNT_MAX ? null : 'form-amount_invalid';
};

/** The upper bound of a range, checked against its lower bound `min` (both as typed). */
export const amountMax = (min: string): Rule => (v) => {
  const problem = amount(v);
  if (problem) return problem;
  const low = parseAmount(min);
  const high = parseAmount(v);
  return low !== null && high !== null && low > high ? 'form-amount_range' : null;
};

/** An amount as typed ("150 000") to whole euros; null when empty or not a whole number. */
export function parseAmount(v: string): number | null {
  const value = v.trim().replace(/[\s\u00a0\u202f]/g, '');
  return /^[0-9]+$/.test(value) ? Number(value) : null;
}

/** Runs every rule; the result lists only the fields in error. */
export function validate<K extends string>(values: Record<K, string>, rules: Partial<Record<K, Rule>>): Partial<Record<K, string>> {
  const errors: Partial<Record<K, string>> = {};
  for (const key of Object.keys(rules) as K[]) {
    const error = rules[key]?.(values[key] ?? '');
    if (error) errors[key] = error;
  }
  return errors;
}
