// The password strength estimate shown under new-password fields. The same estimator, options
// and threshold as the server (server/auth/password-policy.ts), which has the last word. This
// module and its dictionaries (about 2 MB) are only ever imported dynamically, by the meter, so
// that pages without one (/sign-in) never load them.
import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import * as zxcvbnCommon from '@zxcvbn-ts/language-common';
import * as zxcvbnEn from '@zxcvbn-ts/language-en';
import * as zxcvbnFr from '@zxcvbn-ts/language-fr';

/** The server refuses a score below this one. */
export const PASSWORD_MIN_SCORE = 3;

let estimator: ZxcvbnFactory | undefined;
const zxcvbn = () =>
  (estimator ??= new ZxcvbnFactory({
    graphs: zxcvbnCommon.adjacencyGraphs,
    dictionary: { ...zxcvbnCommon.dictionary, ...zxcvbnEn.dictionary, ...zxcvbnFr.dictionary },
    maxLength: 64,
    l33tMaxSubstitutions: 4,
  }));

const texts = { fr: zxcvbnFr.translations, en: zxcvbnEn.translations } as const;

export type PasswordEstimate = { score: 0 | 1 | 2 | 3 | 4; advice: string[] };

/** What the person knows about themselves is easy to guess for anyone who knows them. */
export function personalWords(inputs: (string | undefined)[]): string[] {
  return inputs.flatMap((value) => {
    const v = value?.trim().toLowerCase() ?? '';
    const local = v.split('@')[0] ?? '';
    return [v, local, ...local.split(/[._+-]+/), ...v.split(/[\s'-]+/)];
  }).filter((w) => w.length >= 3);
}

/** The score (0–4) and the estimator's warning and suggestions in the interface language. */
export function estimatePassword(password: string, userInputs: (string | undefined)[], language: string): PasswordEstimate {
  const result = zxcvbn().check(password, personalWords(userInputs));
  const lang = texts[language.startsWith('en') ? 'en' : 'fr'];
  const { warning, suggestions } = result.feedback;
  const advice = [
    warning ? lang.warnings[warning as keyof typeof lang.warnings] : undefined,
    ...suggestions.map((s) => lang.suggestions[s as keyof typeof lang.suggestions]),
  ].filter((s): s is string => !!s);
  return { score: result.score, advice };
}
