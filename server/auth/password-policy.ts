import { readFileSync } from 'node:fs';
import { ZxcvbnFactory, type ZxcvbnResult } from '@zxcvbn-ts/core';
import { ValidationFailure } from '../http/error-handler';
import type { Language } from '../i18n';

export const PASSWORD_MIN = 10;
export const PASSWORD_MAX = 128;
/** zxcvbn's scale is 0–4; 3 is "safely unguessable" (about 10^8 guesses and more). */
export const PASSWORD_MIN_SCORE = 3;

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

type Estimator = {
  factory: ZxcvbnFactory;
  /** The estimator's warnings and suggestions, by language. */
  texts: Record<Language, { warnings: Record<string, string>; suggestions: Record<string, string> }>;
};
let estimator: Promise<Estimator> | undefined;

/**
 * The strength estimator with the common, English and French dictionaries, loaded and built on
 * first use (importing the dictionaries alone costs ~160 ms and ~70 MB, so a server that never
 * sees a new password, and every test worker, never pays; server/main.ts warms it once listening).
 * Its feedback comes back as keys, translated per request. Only the first 64 characters are
 * estimated and l33t substitutions are bounded: a long pattern of symbols otherwise costs seconds
 * of the event loop, and 64 characters that are not a pattern are strong anyway.
 */
export function passwordEstimator(): Promise<Estimator> {
  estimator ??= Promise.all([import('@zxcvbn-ts/language-common'), import('@zxcvbn-ts/language-en'), import('@zxcvbn-ts/language-fr')]).then(([common, en, fr]) => ({
    factory: new ZxcvbnFactory({
      graphs: common.adjacencyGraphs,
      dictionary: { ...common.dictionary, ...en.dictionary, ...fr.dictionary },
      maxLength: 64,
      l33tMaxSubstitutions: 4,
    }),
    texts: { fr: fr.translations, en: en.translations },
  }));
  return estimator;
}

type Person = { email: string; username?: string | null };

/** What the estimator knows about the person: a password made of it is easy to guess for anyone who knows them. */
function personalWords(person: Person): string[] {
  const email = person.email.toLowerCase();
  const local = email.split('@')[0] ?? '';
  const name = person.username?.trim().toLowerCase() ?? '';
  return [email, local, ...local.split(/[._+-]+/), name, ...name.split(/[\s'-]+/)].filter((w) => w.length >= 3);
}

/** The estimate of a candidate password for this person (exported for tests and tools). */
export const estimatePassword = async (password: string, person: Person): Promise<ZxcvbnResult> =>
  (await passwordEstimator()).factory.check(password, personalWords(person));

/**
 * Why a new password is refused, as an i18n key, or undefined. The length is also in the contract;
 * it is checked here too so that the rule holds for every caller.
 */
export async function passwordProblem(password: string, person: Person): Promise<string | undefined> {
  return (await assess(password, person))?.key;
}

async function assess(password: string, person: Person): Promise<{ key: string; result?: ZxcvbnResult } | undefined> {
  if (password.length < PASSWORD_MIN || password.length > PASSWORD_MAX) return { key: 'form-password_length' };
  const lower = password.toLowerCase();
  if (commonPasswords().has(lower)) return { key: 'password-too_common' };
  const email = person.email.toLowerCase();
  const personal = [email, email.split('@')[0], person.username?.trim().toLowerCase()].filter((p): p is string => !!p);
  if (personal.includes(lower)) return { key: 'password-too_personal' };
  const result = await estimatePassword(password, person);
  if (result.score < PASSWORD_MIN_SCORE) return { key: 'password-too_weak', result };
  return undefined;
}

/** The estimator's warning and suggestions in one language, as one sentence or more. */
export async function feedbackOf(result: ZxcvbnResult, lng: Language): Promise<string> {
  const texts = (await passwordEstimator()).texts[lng];
  const { warning, suggestions } = result.feedback;
  const sentences = [warning ? texts.warnings[warning] : undefined, ...suggestions.map((s) => texts.suggestions[s])].filter((s): s is string => !!s);
  return (sentences.length ? sentences : [texts.suggestions.anotherWord!]).join(' ');
}

/**
 * Refuses a new password with a 400 whose msg (and the field's detail) says why, with the
 * estimator's advice in the request's language when the password is merely weak.
 */
export async function assertAcceptablePassword(password: string, person: Person, field: string, lng: Language): Promise<void> {
  const problem = await assess(password, person);
  if (!problem) return;
  const vars: Record<string, string> = problem.result ? { feedback: await feedbackOf(problem.result, lng) } : {};
  throw new ValidationFailure([{ field, key: problem.key, vars }]);
}
