import { readFileSync } from 'node:fs';

export const PASSWORD_MIN = 10;
export const PASSWORD_MAX = 128;

let common: Set<string> | undefined;

/** The shipped list of common passwords (lower-cased, one a line), read once on first use. */
function commonPasswords(): Set<string> {
  if (!common) {
    const text = readFileSync(new URL('../data/common-passwords.txt', import.meta.url), 'utf8');
    common = new Set(
      text
        .split('\n')
        .map((line) => line.trim())
        .filter((line) => line && !line.startsWith('#')),
    );
  }
  return common;
}

/**
 * Why a new password is refused, as an i18n key, or undefined. The length is also in the contract;
 * it is checked here too so that the rule holds for every caller.
 */
export function passwordProblem(password: string, person: { email: string; username?: string }): string | undefined {
  if (password.length < PASSWORD_MIN || password.length > PASSWORD_MAX) return 'form-password_length';
  const lower = password.toLowerCase();
  if (commonPasswords().has(lower)) return 'password-too_common';
  const email = person.email.toLowerCase();
  const personal = [email, email.split('@')[0], person.username?.trim().toLowerCase()].filter((p): p is string => !!p);
  if (personal.includes(lower)) return 'password-too_personal';
  return undefined;
}
