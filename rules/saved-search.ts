// Saved searches (issue 24): a company's named filters over the calls for tenders, beside the
// profile-based matching. The server and the client read them the same way: what a criterion
// means, how a call matches it, and the summary a list shows. The server's SQL twin of `matches`
// is server/domains/saved-searches/condition.ts; both must say the same (tests/api/saved-searches).
//
// A call matches a saved search when it meets every criterion the search has (AND between
// criteria), each list being met by any of its items (OR within a list):
// - keywords: every word of one keyword starts a word of the call's title, description or lot
//   titles, case and accents ignored, French plurals reduced ("écoles" finds "École"), as the
//   profile's keywords do (server/domains/tenders/match.ts);
// - CPV: a saved code is a node of the CPV tree, its trailing zeros saying its level (45000000 the
//   division 45, 45300000 the group 453, 45331000 the class 45331): it matches every code of the
//   call under it (45000000 matches 45210000; 45331000 does not match 45332000); the check digit
//   is ignored; a code keeps at least its division;
// - places: the call's place of execution as matching reads it (its département and region): a
//   saved département matches the call's département; a saved region matches a call in one of its
//   départements or naming that region;
// - amount: the call's estimated amount within [amountMin, amountMax] (either bound may be absent);
//   a call with no estimated amount does not match a search with an amount range: the search says
//   what it needs, and an unknown amount cannot be said to meet it;
// - buyers: a saved name found inside the call's buyer, case and accents ignored ("isere" finds
//   "Département de l'Isère").

import { DEPARTEMENTS, REGIONS, regionOfDepartement } from './france';

export type SavedSearchCriteria = {
  keywords: string[];
  cpvCodes: string[];
  departments: string[];
  regions: string[];
  amountMin: number | null;
  amountMax: number | null;
  buyers: string[];
};

/** What of a call a saved search reads (the fields matching reads). */
export type SearchedCall = {
  title: string;
  description: string;
  lotTitles: string[];
  cpvCodes: string[];
  department: string | null;
  region: string | null;
  estimatedAmount: number | null;
  buyer: string;
};

export const SAVED_SEARCH_LIMITS = { perCompany: 20, name: 120, keywords: 20, keyword: { min: 2, max: 100 }, list: 50, buyer: { min: 2, max: 120 } } as const;

/** Lower case without diacritics; œ and æ spelled out (the same as the server's lists). */
export const foldText = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/œ/g, 'oe')
    .replace(/æ/g, 'ae');

/** Folded words, French plurals reduced to the singular (écoles → ecole), as matching does. */
export function searchWords(text: string): string[] {
  return foldText(text)
    .split(/[^a-z0-9]+/)
    .filter(Boolean)
    .map((w) => (w.length > 3 && /[sx]$/.test(w) ? w.slice(0, -1) : w));
}

/** The CPV node a saved code names: its digits without check digit nor trailing zeros, at least the division. */
export function cpvNode(code: string): string {
  const digits = code.slice(0, 8);
  const cut = digits.replace(/0+$/, '');
  return cut.length < 2 ? digits.slice(0, 2) : cut;
}

/** A region's canonical name from any spelling ("auvergne rhone alpes" → "Auvergne-Rhône-Alpes"), or null. */
export function regionName(name: string): string | null {
  const key = foldText(name).replace(/[^a-z0-9]+/g, ' ').trim();
  return REGIONS.find((r) => foldText(r).replace(/[^a-z0-9]+/g, ' ').trim() === key) ?? null;
}

const KNOWN_DEPARTEMENTS = new Set(DEPARTEMENTS.map((d) => d.code));
export const isDepartement = (code: string) => KNOWN_DEPARTEMENTS.has(code);

/** At least one criterion: a search of nothing would be every call. */
export function hasCriterion(c: SavedSearchCriteria): boolean {
  return c.keywords.length + c.cpvCodes.length + c.departments.length + c.regions.length + c.buyers.length > 0 || c.amountMin !== null || c.amountMax !== null;
}

/** A compiled search: folded once, then matched against many calls. */
export type CompiledSearch = {
  keywords: string[][];
  cpv: string[];
  departments: Set<string>;
  regions: Set<string>;
  amountMin: number | null;
  amountMax: number | null;
  buyers: string[];
};

export function compileSearch(c: SavedSearchCriteria): CompiledSearch {
  return {
    keywords: c.keywords.map(searchWords).filter((w) => w.length > 0),
    cpv: c.cpvCodes.map(cpvNode),
    departments: new Set(c.departments),
    regions: new Set(c.regions.map(foldText)),
    amountMin: c.amountMin,
    amountMax: c.amountMax,
    buyers: c.buyers.map((b) => foldText(b).trim()).filter(Boolean),
  };
}

/** Whether a call meets every criterion of a saved search (see the header). */
export function matchesSearch(call: SearchedCall, search: CompiledSearch): boolean {
  if (search.keywords.length > 0) {
    const callWords = searchWords([call.title, call.description, ...call.lotTitles].join(' '));
    const found = search.keywords.some((words) => words.every((w) => callWords.some((cw) => cw.startsWith(w))));
    if (!found) return false;
  }
  if (search.cpv.length > 0 && !call.cpvCodes.some((code) => search.cpv.some((node) => code.startsWith(node)))) return false;
  if (search.departments.size > 0 || search.regions.size > 0) {
    const inDepartement = call.department !== null && search.departments.has(call.department);
    const callRegions = [call.region, regionOfDepartement(call.department)].filter((r): r is string => !!r).map(foldText);
    const inRegion = callRegions.some((r) => search.regions.has(r));
    if (!inDepartement && !inRegion) return false;
  }
  if (search.amountMin !== null || search.amountMax !== null) {
    const amount = call.estimatedAmount;
    if (amount === null) return false;
    if (search.amountMin !== null && amount < search.amountMin) return false;
    if (search.amountMax !== null && amount > search.amountMax) return false;
  }
  if (search.buyers.length > 0) {
    const buyer = foldText(call.buyer);
    if (!search.buyers.some((b) => buyer.includes(b))) return false;
  }
  return true;
}

/** The départements of the saved regions, for the SQL twin (a call with a département but no region). */
export function departementsOfRegions(regions: string[]): string[] {
  const wanted = new Set(regions.map(foldText));
  return DEPARTEMENTS.map((d) => d.code).filter((code) => {
    const region = regionOfDepartement(code);
    return region !== null && wanted.has(foldText(region));
  });
}

const euros = (n: number, lng: 'fr' | 'en') => new Intl.NumberFormat(lng === 'fr' ? 'fr-FR' : 'en-GB', { style: 'currency', currency: 'EUR', maximumFractionDigits: 0 }).format(n);

/** The criteria as one line a list shows: "chauffage, chaudière · CPV 45331000 · 38, 73 · 50 000 € – 500 000 €". */
export function criteriaSummary(c: SavedSearchCriteria, lng: 'fr' | 'en' = 'fr'): string {
  const parts: string[] = [];
  if (c.keywords.length) parts.push(c.keywords.join(', '));
  if (c.cpvCodes.length) parts.push(`CPV ${c.cpvCodes.join(', ')}`);
  if (c.departments.length || c.regions.length) parts.push([...c.departments, ...c.regions].join(', '));
  if (c.amountMin !== null && c.amountMax !== null) parts.push(`${euros(c.amountMin, lng)} – ${euros(c.amountMax, lng)}`);
  else if (c.amountMin !== null) parts.push(`≥ ${euros(c.amountMin, lng)}`);
  else if (c.amountMax !== null) parts.push(`≤ ${euros(c.amountMax, lng)}`);
  if (c.buyers.length) parts.push(c.buyers.join(', '));
  return parts.join(' · ');
}
