// How a value the rules found is compared with a hand label: shared by the rule tests
// (tests/api/dce-rules.test.ts) and `npm run bench:dce`.
import type { Criterion, FactKey, Penalties } from '../../server/analysis/dce/types';

export const fold = (text: string) =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[’‘]/g, "'")
    .replace(/\s+/g, ' ')
    .trim()
    .toLowerCase();

const NUMBER_WORDS: Record<string, number> = { un: 1, une: 1, deux: 2, trois: 3, quatre: 4, cinq: 5, six: 6, douze: 12 };
const UNITS: [RegExp, string][] = [
  [/^(?:ans?|annees?)$/, 'an'],
  [/^mois$/, 'mois'],
  [/^semaines?$/, 'semaine'],
  [/^jours?$/, 'jour'],
  [/^fois$/, 'fois'],
];

/**
 * The durations and counts a free text states, as a set ("12 mois reconductible 3 fois, soit un
 * maximum de 48 mois" → 12 mois, 3 fois, 48 mois), with the warranty's kinds: two texts that
 * state the same are the same value, however each is worded.
 */
export function statedQuantities(text: string): string[] {
  const folded = fold(text);
  const found = new Set<string>();
  for (const m of folded.matchAll(/\b(\d+(?:[.,]\d+)?|un|une|deux|trois|quatre|cinq|six|douze)\s*(?:\([a-z0-9 ]+\)\s*)?(ans?|annees?|mois|semaines?|jours?|fois)\b/g)) {
    const value = /\d/.test(m[1]!) ? Number(m[1]!.replace(',', '.')) : NUMBER_WORDS[m[1]!];
    const unit = UNITS.find(([re]) => re.test(m[2]!))?.[1];
    if (value !== undefined && unit) found.add(`${value} ${unit}`);
  }
  for (const kind of ['parfait achevement', 'biennale', 'decennale']) if (folded.includes(kind)) found.add(kind);
  return [...found].sort();
}

/** A fact is right when its value is the label's: names folded, weights within 0.5, lists as sets, penalties by their rate, texts by what they state. */
export function sameFactValue(key: FactKey, found: unknown, label: unknown): boolean {
  switch (key) {
    case 'awardCriteria': {
      const a = found as Criterion[];
      const b = label as Criterion[];
      const close = (x: { name: string; weight: number }, y: { name: string; weight: number }) => fold(x.name) === fold(y.name) && Math.abs(x.weight - y.weight) <= 0.5;
      return (
        a.length === b.length &&
        a.every((c, at) => {
          const l = b[at] as Criterion;
          const subs = c.subCriteria ?? [];
          const labelSubs = l.subCriteria ?? [];
          return close(c, l) && subs.length === labelSubs.length && subs.every((s, i) => close(s, labelSubs[i] as { name: string; weight: number }));
        })
      );
    }
    case 'candidatureDocuments':
    case 'offerDocuments':
      return JSON.stringify([...(found as string[])].sort()) === JSON.stringify([...(label as string[])].sort());
    case 'contractDuration':
    case 'executionDelay':
    case 'warranty':
      return JSON.stringify(statedQuantities(String(found))) === JSON.stringify(statedQuantities(String(label)));
    case 'penalties': {
      const a = (found as Penalties).perDay ?? {};
      const b = (label as Penalties).perDay ?? {};
      return a.amount === b.amount && Math.abs((a.fraction ?? 0) - (b.fraction ?? 0)) < 1e-5 && Boolean((found as Penalties).summary);
    }
    case 'fileRules':
      return sameFileRules(found as Record<string, unknown>, label as Record<string, unknown>);
    default:
      return JSON.stringify(found) === JSON.stringify(label);
  }
}

/** File rules: the same parts; format and piece lists as sets, folders in order, a naming rule by its words (one quoting the other). */
function sameFileRules(found: Record<string, unknown>, label: Record<string, unknown>): boolean {
  const keys = new Set([...Object.keys(found), ...Object.keys(label)]);
  return [...keys].every((key) => {
    const a = found[key];
    const b = label[key];
    if (a === undefined || b === undefined) return false;
    if (key === 'accepted' || key === 'refused' || key === 'pdfRequiredFor') return JSON.stringify([...(a as string[])].sort()) === JSON.stringify([...(b as string[])].sort());
    if (key === 'naming') {
      const [x, y] = [fold((a as { rule: string }).rule), fold((b as { rule: string }).rule)];
      return x.includes(y) || y.includes(x);
    }
    return JSON.stringify(a) === JSON.stringify(b);
  });
}
