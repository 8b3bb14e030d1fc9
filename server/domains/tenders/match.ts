import { fold } from '../admin/lists';
import type { MatchStatus } from '../../db/schema';

/** What of a company is matched against a call (its profile, issue 3, plus the amount range). */
export type MatchProfile = { keywords: string[]; cpvCodes: string[]; departments: string[]; regions: string[]; amountMin: number | null; amountMax: number | null };
/** What of a call is matched. */
export type MatchedCall = { title: string; description: string; lotTitles: string[]; cpvCodes: string[]; department: string | null; region: string | null; estimatedAmount: number | null };
export type MatchReason = { criterion: 'keywords' | 'cpv' | 'place' | 'amount'; points: number; matched: string[] };
export type Match = { score: number; status: MatchStatus; reasons: MatchReason[] };

// The weights and thresholds of docs/decisions.md ("How a call matches a company").
export const MATCH_POINTS = { keywords: 35, oneKeyword: 20, cpv: 35, cpvDivision: 15, department: 20, region: 15, amount: 10 } as const;
export const MATCH_THRESHOLDS = { high: 70, medium: 40, low: 1 } as const;

/** Folded words, French plurals reduced to the singular (écoles → ecole, travaux → travau). */
function words(text: string): string[] {
  return fold(text)
    .split(/[^a-z0-9]+/)
    .filter(Boolean)
    .map((w) => (w.length > 3 && /[sx]$/.test(w) ? w.slice(0, -1) : w));
}

/** A keyword matches when each of its words starts a word of the call (menuiserie ⊂ menuiseries). */
function keywordIn(keyword: string, callWords: Set<string>, callList: string[]): boolean {
  const wanted = words(keyword);
  return wanted.length > 0 && wanted.every((w) => callWords.has(w) || callList.some((c) => c.startsWith(w)));
}

/** The significant prefix of a CPV code: its digits without the check digit and trailing zeros (at least the division). */
const cpvPrefix = (code: string) => {
  const digits = code.slice(0, 8).replace(/0+$/, '');
  return digits.length < 2 ? code.slice(0, 2) : digits;
};

export function matchStatusOf(score: number): MatchStatus {
  if (score >= MATCH_THRESHOLDS.high) return 'high';
  if (score >= MATCH_THRESHOLDS.medium) return 'medium';
  return score >= MATCH_THRESHOLDS.low ? 'low' : 'none';
}

/**
 * How well a call fits a company: keywords found in the call's title, description and lots
 * (35 for two or more, 20 for one), CPV codes (35 when a call code falls in a company code's
 * category, 15 when only the division is shared), place (20 for a département of the company,
 * 15 for a region), amount in the company's range (10). Each reason names what matched.
 */
export function matchCall(call: MatchedCall, profile: MatchProfile): Match {
  const reasons: MatchReason[] = [];

  const callList = words([call.title, call.description, ...call.lotTitles].join(' '));
  const callWords = new Set(callList);
  const keywords = profile.keywords.filter((k) => keywordIn(k, callWords, callList));
  if (keywords.length > 0) reasons.push({ criterion: 'keywords', points: keywords.length > 1 ? MATCH_POINTS.keywords : MATCH_POINTS.oneKeyword, matched: keywords });

  const inCategory = call.cpvCodes.filter((c) => profile.cpvCodes.some((mine) => c.startsWith(cpvPrefix(mine))));
  const sameDivision = call.cpvCodes.filter((c) => profile.cpvCodes.some((mine) => c.slice(0, 2) === mine.slice(0, 2)));
  if (inCategory.length > 0) reasons.push({ criterion: 'cpv', points: MATCH_POINTS.cpv, matched: inCategory });
  else if (sameDivision.length > 0) reasons.push({ criterion: 'cpv', points: MATCH_POINTS.cpvDivision, matched: sameDivision });

  if (call.department && profile.departments.includes(call.department)) reasons.push({ criterion: 'place', points: MATCH_POINTS.department, matched: [call.department] });
  else if (call.region && profile.regions.some((r) => fold(r) === fold(call.region!))) reasons.push({ criterion: 'place', points: MATCH_POINTS.region, matched: [call.region] });

  const amount = call.estimatedAmount;
  const hasRange = profile.amountMin !== null || profile.amountMax !== null;
  if (amount !== null && hasRange && amount >= (profile.amountMin ?? 0) && amount <= (profile.amountMax ?? Infinity)) {
    reasons.push({ criterion: 'amount', points: MATCH_POINTS.amount, matched: [String(amount)] });
  }

  const score = reasons.reduce((sum, r) => sum + r.points, 0);
  return { score, status: matchStatusOf(score), reasons };
}
