import { readFileSync } from 'node:fs';
import { ZxcvbnFactory, type ZxcvbnResult } from '@zxcvbn-ts/core';
import * as zxcvbnCommon from '@zxcvbn-ts/language-common';
import * as zxcvbnEn from '@zxcvbn-ts/language-en';
import * as zxcvbnFr from '@zxcvbn-ts/language-fr';
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

let estimator: ZxcvbnFactory | undefined;

/**
 * The strength estimator with the common, English and French dictionaries, built on first use
 * (about 0.7 s and 150 MB, once per process). Its feedback comes back as keys, translated per
 * request. Only the first 64 characters are estimated and l33t substitutions are bounded: a long
 * pattern of symbols otherwise costs seconds of the event loop, and 64 characters that are not a
 * pattern are strong anyway.
 */
function zxcvbn(): ZxcvbnFactory {
  estimator ??= new ZxcvbnFactory({
    graphs: zxcvbnCommon.adjacencyGraphs,
    dictionary: { ...zxcvbnCommon.dictionary, ...zxcvbnEn.dictionary, ...zxcvbnFr.dictionary },
    maxLength: 64,
    l33tMaxSubstitutions: 4,
  });
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
export const estimatePassword = (password: string, person: Person): ZxcvbnResult => zxcvbn().check(password, personalWords(person));

/**
 * Why a new password is refused, as an i18n key, or undefined. The length is also in the contract;
 * it is checked here too so that the rule holds for every caller.
 */
export function passwordProblem(password: string, person: Person): string | undefined {
  return assess(password, person)?.key;
}

function assess(password: string, person: Person): { key: string; result?: ZxcvbnResult } | undefined {
  if (password.length < PASSWORD_MIN || password.length > PASSWORD_MAX) return { key: 'form-password_length' };
  const lower = password.toLowerCase();
  if (commonPasswords().has(lower)) return { key: 'password-too_common' };
  const email = person.email.toLowerCase();
  const personal = [email, email.split('@')[0], person.username?.trim().toLowerCase()].filter((p): p is string => !!p);
  if (personal.includes(lower)) return { key: 'password-too_personal' };
  const result = estimatePassword(password, person);
  if (result.score < PASSWORD_MIN_SCORE) return { key: 'password-too_weak', result };
  return undefined;
}

const feedbackTexts = { fr: zxcvbnFr.translations, en: zxcvbnEn.translations } as const;

/** The estimator's warning and suggestions in one language, as one sentence or more. */
export function feedbackOf(result: ZxcvbnResult, lng: Language): string {
  const texts = feedbackTexts[lng];
  const { warning, suggestions } = result.feedback;
  const sentences = [
    warning ? texts.warnings[warning as keyof typeof texts.warnings] : undefined,
    ...suggestions.map((s) => texts.suggestions[s as keyof typeof texts.suggestions]),
  ].filter((s): s is string => !!s);
  return (sentences.length ? sentences : [texts.suggestions.anotherWord]).join(' ');
}

/**
 * Refuses a new password with a 400 whose msg (and the field's detail) says why, with the
 * estimator's advice in the request's language when the password is merely weak.
 */
export function assertAcceptablePassword(password: string, person: Person, field: string, lng: Language): void {
  const problem = assess(password, person);
  if (!problem) return;
  const vars: Record<string, string> = problem.result ? { feedback: feedbackOf(problem.result, lng) } : {};
  throw new ValidationFailure([{ field, key: problem.key, vars }]);
}
