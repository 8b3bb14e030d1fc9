import { fold } from '../admin/lists';
import type { MatchStatus } from '../../db/schema';

/** A call the company won, or gave its word on (issue 13): what makes another call similar to it. */
export type KnownCall = { id: string; title: string; buyer: string; cpvCodes: string[] };
export type Verdict = KnownCall & { verdict: 'relevant' | 'not_relevant' };

/**
 * What of a company is matched against a call: its profile (issue 3) with the amount range, and
 * (issue 13) the titles of its valid vault certifications, the calls it won and its verdicts.
 */
export type MatchProfile = {
  keywords: string[];
  cpvCodes: string[];
  departments: string[];
  regions: string[];
  amountMin: number | null;
  amountMax: number | null;
  certifications?: string[];
  wins?: KnownCall[];
  verdicts?: Verdict[];
};
/** What of a call is matched. */
export type MatchedCall = {
  id?: string;
  title: string;
  description: string;
  lotTitles: string[];
  cpvCodes: string[];
  department: string | null;
  region: string | null;
  estimatedAmount: number | null;
  buyer?: string;
};
export type MatchCriterion = 'keywords' | 'cpv' | 'place' | 'amount' | 'certification' | 'past_wins' | 'feedback';
/** Feedback points are negative when the company found similar calls not relevant. */
export type MatchReason = { criterion: MatchCriterion; points: number; matched: string[] };
export type Match = { score: number; status: MatchStatus; reasons: MatchReason[] };

// The weights and thresholds of docs/decisions.md ("How a call matches a company").
export const MATCH_POINTS = {
  keywords: 35,
  oneKeyword: 20,
  cpv: 35,
  cpvDivision: 15,
  department: 20,
  region: 15,
  amount: 10,
  certification: 15,
  pastWins: 10,
  relevant: 10,
  notRelevant: -20,
} as const;
export const MATCH_THRESHOLDS = { high: 70, medium: 40, low: 1 } as const;
/** At most this many calls are named by a past-wins or feedback reason. */
const NAMED = 3;

/** Folded words, French plurals reduced to the singular (écoles → ecole, travaux → travau). */
function words(text: string): string[] {
  return fold(text)
    .split(/[^a-z0-9]+/)
    .filter(Boolean)
    .map((w) => (w.length > 3 && /[sx]$/.test(w) ? w.slice(0, -1) : w));
}

/** The significant prefix of a CPV code: its digits without the check digit and trailing zeros (at least the division). */
const cpvPrefix = (code: string) => {
  const digits = code.slice(0, 8).replace(/0+$/, '');
  return digits.length < 2 ? code.slice(0, 2) : digits;
};
/** The CPV group (3 digits) is what a won call shares; the category (5 digits) what a verdict's call shares. */
const cpvGroup = (code: string) => code.slice(0, 3);
const cpvCategory = (code: string) => code.slice(0, 5);

// Certification schemes a call asks for by name; a vault certification counts through the
// scheme and number in its title ("Certificat Qualibat 1552 — Maçonnerie" → "qualibat 1552").
const SCHEMES = 'qualibat|qualifelec|opqibi|opqtecc|oqbtp|iso|mase|rge|qualipv|qualipac|qualibois|qualisol|certibat|ohsas|cefri|qualiopi|afaq|nf';
const SCHEME_TERM = new RegExp(`\\b(${SCHEMES})(?: (?:n|no|numero))? ?(\\d{3,5})?\\b`, 'g');
// A scheme that is only a word without its number says too little to count alone.
const NUMBERED_ONLY = new Set(['iso', 'nf', 'qualibat', 'qualifelec', 'opqibi', 'afaq']);

/** The terms of a certification's title a call would name: "ISO 9001:2015" → "iso 9001", "MASE" → "mase". */
export function certificationTerms(title: string): string[] {
  const text = words(title).join(' ');
  const terms = new Set<string>();
  for (const [, scheme, number] of text.matchAll(SCHEME_TERM)) {
    if (number) terms.add(`${scheme} ${number}`);
    else if (!NUMBERED_ONLY.has(scheme!)) terms.add(scheme!);
  }
  return [...terms];
}

export function matchStatusOf(score: number): MatchStatus {
  if (score >= MATCH_THRESHOLDS.high) return 'high';
  if (score >= MATCH_THRESHOLDS.medium) return 'medium';
  return score >= MATCH_THRESHOLDS.low ? 'low' : 'none';
}

/** A call made ready to be scored against many companies. */
export type CompiledCall = {
  id: string | undefined;
  prefixes: Set<string>;
  text: string;
  cpvCodes: string[];
  groups: Set<string>;
  categories: Set<string>;
  department: string | null;
  region: string | null;
  amount: number | null;
  buyer: string;
};

export function compileCall(call: MatchedCall): CompiledCall {
  const list = words([call.title, call.description, ...call.lotTitles].join(' '));
  // Every prefix of every word: a keyword's word matches when it starts a word of the call (menuiserie ⊂ menuiseries).
  const prefixes = new Set<string>();
  for (const w of list) for (let i = 1; i <= w.length; i++) prefixes.add(w.slice(0, i));
  return {
    id: call.id,
    prefixes,
    text: ` ${list.join(' ')} `,
    cpvCodes: call.cpvCodes,
    groups: new Set(call.cpvCodes.map(cpvGroup)),
    categories: new Set(call.cpvCodes.map(cpvCategory)),
    department: call.department,
    region: call.region ? fold(call.region) : null,
    amount: call.estimatedAmount,
    buyer: fold(call.buyer ?? '').trim(),
  };
}

type CompiledKnown = { id: string; title: string; buyer: string; keys: string[] };
/** A company profile made ready to be scored against many calls: words folded, CPV prefixes cut once. */
export type CompiledProfile = {
  keywords: { keyword: string; words: string[] }[];
  cpvPrefixes: string[];
  divisions: string[];
  departments: Set<string>;
  regions: Map<string, string>;
  amountMin: number | null;
  amountMax: number | null;
  certifications: { title: string; terms: string[] }[];
  wins: CompiledKnown[];
  relevant: CompiledKnown[];
  notRelevant: CompiledKnown[];
};

const known = (call: KnownCall, key: (code: string) => string): CompiledKnown => ({ id: call.id, title: call.title, buyer: fold(call.buyer).trim(), keys: [...new Set(call.cpvCodes.map(key))] });

export function compileProfile(profile: MatchProfile): CompiledProfile {
  return {
    keywords: profile.keywords.map((keyword) => ({ keyword, words: words(keyword) })).filter((k) => k.words.length > 0),
    cpvPrefixes: profile.cpvCodes.map(cpvPrefix),
    divisions: profile.cpvCodes.map((c) => c.slice(0, 2)),
    departments: new Set(profile.departments),
    regions: new Map(profile.regions.map((r) => [fold(r), r])),
    amountMin: profile.amountMin,
    amountMax: profile.amountMax,
    certifications: (profile.certifications ?? []).map((title) => ({ title, terms: certificationTerms(title) })).filter((c) => c.terms.length > 0),
    wins: (profile.wins ?? []).map((w) => known(w, cpvGroup)),
    relevant: (profile.verdicts ?? []).filter((v) => v.verdict === 'relevant').map((v) => known(v, cpvCategory)),
    notRelevant: (profile.verdicts ?? []).filter((v) => v.verdict === 'not_relevant').map((v) => known(v, cpvCategory)),
  };
}

/** The known calls like this one (same buyer, or a shared CPV group/category), itself excepted, by title. */
function similar(call: CompiledCall, calls: CompiledKnown[], keys: Set<string>): string[] {
  const titles: string[] = [];
  for (const k of calls) {
    if (k.id === call.id) continue;
    if ((k.buyer && k.buyer === call.buyer) || k.keys.some((key) => keys.has(key))) titles.push(k.title);
    if (titles.length === NAMED) break;
  }
  return titles;
}

/** The score of a compiled call for a compiled profile (see matchCall). */
export function scoreCompiled(call: CompiledCall, profile: CompiledProfile): Match {
  const reasons: MatchReason[] = [];

  const keywords: string[] = [];
  for (const k of profile.keywords) if (k.words.every((w) => call.prefixes.has(w))) keywords.push(k.keyword);
  if (keywords.length > 0) reasons.push({ criterion: 'keywords', points: keywords.length > 1 ? MATCH_POINTS.keywords : MATCH_POINTS.oneKeyword, matched: keywords });

  if (profile.cpvPrefixes.length > 0 && call.cpvCodes.length > 0) {
    const inCategory = call.cpvCodes.filter((c) => profile.cpvPrefixes.some((p) => c.startsWith(p)));
    if (inCategory.length > 0) reasons.push({ criterion: 'cpv', points: MATCH_POINTS.cpv, matched: inCategory });
    else {
      const sameDivision = call.cpvCodes.filter((c) => profile.divisions.includes(c.slice(0, 2)));
      if (sameDivision.length > 0) reasons.push({ criterion: 'cpv', points: MATCH_POINTS.cpvDivision, matched: sameDivision });
    }
  }

  if (call.department && profile.departments.has(call.department)) reasons.push({ criterion: 'place', points: MATCH_POINTS.department, matched: [call.department] });
  else if (call.region && profile.regions.has(call.region)) reasons.push({ criterion: 'place', points: MATCH_POINTS.region, matched: [profile.regions.get(call.region)!] });

  const amount = call.amount;
  const hasRange = profile.amountMin !== null || profile.amountMax !== null;
  if (amount !== null && hasRange && amount >= (profile.amountMin ?? 0) && amount <= (profile.amountMax ?? Infinity)) {
    reasons.push({ criterion: 'amount', points: MATCH_POINTS.amount, matched: [String(amount)] });
  }

  const certifications = profile.certifications.filter((c) => c.terms.some((term) => call.text.includes(` ${term} `))).map((c) => c.title);
  if (certifications.length > 0) reasons.push({ criterion: 'certification', points: MATCH_POINTS.certification, matched: certifications });

  if (profile.wins.length > 0) {
    const won = similar(call, profile.wins, call.groups);
    if (won.length > 0) reasons.push({ criterion: 'past_wins', points: MATCH_POINTS.pastWins, matched: won });
  }
  if (profile.relevant.length > 0) {
    const liked = similar(call, profile.relevant, call.categories);
    if (liked.length > 0) reasons.push({ criterion: 'feedback', points: MATCH_POINTS.relevant, matched: liked });
  }
  if (profile.notRelevant.length > 0) {
    const disliked = similar(call, profile.notRelevant, call.categories);
    if (disliked.length > 0) reasons.push({ criterion: 'feedback', points: MATCH_POINTS.notRelevant, matched: disliked });
  }

  // A shared CPV division or an amount in range says little alone (most works calls share
  // division 45): they add to a match, never make one.
  if (reasons.every((r) => r.criterion === 'amount' || (r.criterion === 'cpv' && r.points === MATCH_POINTS.cpvDivision))) return { score: 0, status: 'none', reasons: [] };
  const score = Math.max(0, Math.min(100, reasons.reduce((sum, r) => sum + r.points, 0)));
  return { score, status: matchStatusOf(score), reasons: contributions(reasons, score) };
}

/**
 * Every point of the score comes from a listed reason: each reason states what it actually adds.
 * Past 100, the last reasons add only what is left up to 100; a verdict that would take the score
 * below 0 takes off only what there was. So the reasons' points always sum to the score.
 */
function contributions(reasons: MatchReason[], score: number): MatchReason[] {
  let excess = reasons.reduce((sum, r) => sum + r.points, 0) - score;
  if (excess === 0) return reasons;
  const out = reasons.map((r) => ({ ...r }));
  for (let i = out.length - 1; i >= 0 && excess !== 0; i--) {
    const r = out[i]!;
    // Too many points: trim the positive reasons from the last; too few: soften the negative ones.
    const take = excess > 0 ? Math.min(excess, Math.max(0, r.points)) : Math.max(excess, Math.min(0, r.points));
    r.points -= take;
    excess -= take;
  }
  return out.filter((r) => r.points !== 0);
}

/**
 * How well a call fits a company: keywords found in the call's title, description and lots
 * (35 for two or more, 20 for one), CPV codes (35 when a call code falls in a company code's
 * category, 15 when only the division is shared), place (20 for a département of the company,
 * 15 for a region), amount in the company's range (10), a valid vault certification the call
 * names (15), a won call of the same buyer or CPV group (10), and the company's verdicts on
 * calls of the same buyer or CPV category (+10 relevant, −20 not relevant); the score is kept
 * within 0–100. A CPV division or an amount alone is no match. Each reason names what matched.
 */
export function matchCall(call: MatchedCall, profile: MatchProfile): Match {
  return scoreCompiled(compileCall(call), compileProfile(profile));
}
