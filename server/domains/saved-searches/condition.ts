// The SQL twin of rules/saved-search.ts: a condition over tender_calls that a call meets when it
// matches a saved search, so that potential tenders are filtered and paged in SQL and the digest
// picks its calls in one statement. Keep both in step (tests/api/saved-searches.test.ts compares them).
import { and, eq, or, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { savedSearches, tenderCalls } from '../../db/schema';
import { foldedSql } from '../admin/lists';
import { notFound } from '../../errors';
import { cpvNode, departementsOfRegions, foldText, searchWords, type SavedSearchCriteria } from '../../../rules/saved-search';

const anyOf = (parts: SQL[]) => (parts.length === 1 ? parts[0]! : sql`(${sql.join(parts, sql` or `)})`);
const allOf = (parts: SQL[]) => (parts.length === 1 ? parts[0]! : sql`(${sql.join(parts, sql` and `)})`);

// Keywords are looked for with a regular expression on the raw text, accents and case matched by
// character classes: folding every call's title and description in SQL (translate() over the text)
// took seconds for 10,000 calls, where the expression alone reads them in milliseconds.
const ACCENTS: Record<string, string> = { a: 'aàáâãäåÀÁÂÃÄÅ', c: 'cçÇ', e: 'eèéêëÈÉÊË', i: 'iìíîïÌÍÎÏ', n: 'nñÑ', o: 'oòóôõöÒÓÔÕÖ', u: 'uùúûüÙÚÛÜ', y: 'yýÿÝŸ' };
const LETTERS = `a-z0-9${Object.values(ACCENTS).map((v) => v.slice(1)).join('')}œŒæÆ`;

/** A folded word (a-z, 0-9) as a case- and accent-insensitive pattern starting a word of the raw text (with ~*). */
export function wordStartPattern(word: string): string {
  let out = '';
  for (let i = 0; i < word.length; i++) {
    const pair = word.slice(i, i + 2);
    if (pair === 'oe' || pair === 'ae') {
      out += pair === 'oe' ? '(?:o[eèéêëÈÉÊË]|[œŒ])' : '(?:a[eèéêëÈÉÊË]|[æÆ])';
      i++;
      continue;
    }
    const c = word[i]!;
    out += ACCENTS[c] ? `[${ACCENTS[c]}]` : c;
  }
  return `(^|[^${LETTERS}])${out}`;
}

/** Folded text (any characters) as a case- and accent-insensitive pattern found anywhere (with ~*). */
export function foldedPattern(text: string): string {
  return wordStartPattern(text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).replace(/^\(\^\|\[\^[^\]]*\]\)/, '');
}

/** A word starting a word of the call's title, description or one of its lots' titles. */
const startsAWord = (word: string) => {
  const pattern = wordStartPattern(word);
  return sql`(${tenderCalls.title} ~* ${pattern} or ${tenderCalls.description} ~* ${pattern} or exists (select 1 from tender_call_lots l where l.tender_call_id = ${tenderCalls.id} and l.title ~* ${pattern}))`;
};

/** Calls matching the criteria (every criterion given; any item of each list). */
export function savedSearchCondition(c: SavedSearchCriteria): SQL {
  const parts: SQL[] = [];
  const keywords = c.keywords.map(searchWords).filter((w) => w.length > 0);
  if (keywords.length > 0) {
    // Each word of a keyword starts a word of the text: at its start or after a character that is not a letter or digit.
    parts.push(anyOf(keywords.map((words) => allOf(words.map(startsAWord)))));
  }
  if (c.cpvCodes.length > 0) {
    const nodes = [...new Set(c.cpvCodes.map(cpvNode))];
    parts.push(sql`exists (select 1 from unnest(${tenderCalls.cpvCodes}) as cpv(code) where ${anyOf(nodes.map((n) => sql`cpv.code like ${`${n}%`}`))})`);
  }
  if (c.departments.length > 0 || c.regions.length > 0) {
    const departements = [...new Set([...c.departments, ...departementsOfRegions(c.regions)])];
    const places: SQL[] = [];
    if (departements.length > 0) places.push(sql`${tenderCalls.department} in (${sql.join(departements.map((d) => sql`${d}`), sql`, `)})`);
    if (c.regions.length > 0) places.push(sql`${foldedSql(tenderCalls.region)} in (${sql.join(c.regions.map((r) => sql`${foldText(r)}`), sql`, `)})`);
    parts.push(anyOf(places));
  }
  if (c.amountMin !== null || c.amountMax !== null) {
    // A call with no estimated amount does not meet a range.
    parts.push(sql`${tenderCalls.estimatedAmount} is not null`);
    if (c.amountMin !== null) parts.push(sql`${tenderCalls.estimatedAmount} >= ${c.amountMin}`);
    if (c.amountMax !== null) parts.push(sql`${tenderCalls.estimatedAmount} <= ${c.amountMax}`);
  }
  const buyers = c.buyers.map((b) => foldText(b).trim()).filter(Boolean);
  if (buyers.length > 0) parts.push(anyOf(buyers.map((b) => sql`${tenderCalls.buyer} ~* ${foldedPattern(b)}`)));
  return parts.length > 0 ? allOf(parts) : sql`true`;
}

export type SavedSearchRow = typeof savedSearches.$inferSelect;

/** A saved search of a company, or undefined (another company's is not found). */
export async function savedSearchOf(db: Database, id: string, companyId: string | null): Promise<SavedSearchRow | undefined> {
  const [row] = await db
    .select()
    .from(savedSearches)
    .where(and(eq(savedSearches.id, id), companyId ? eq(savedSearches.companyId, companyId) : undefined))
    .limit(1);
  return row;
}

/** The saved searches of a company that feed its digests. */
export async function alertingSearches(db: Database, companyId: string): Promise<SavedSearchRow[]> {
  return db.select().from(savedSearches).where(and(eq(savedSearches.companyId, companyId), eq(savedSearches.alerts, true))).orderBy(savedSearches.name);
}

/** Any of several saved searches (the digest's). */
export const anySavedSearch = (rows: SavedSearchCriteria[]): SQL | undefined => (rows.length ? or(...rows.map(savedSearchCondition)) : undefined);

/**
 * The potential tenders' `savedSearch` filter: the calls matching that saved search of the
 * caller's company (any company's for an admin); another company's or an unknown id is a 404.
 */
export async function savedSearchFilter(db: Database, caller: { role: string; companyId: string | null }, id: string | undefined): Promise<SQL | undefined> {
  if (!id) return undefined;
  const row = await savedSearchOf(db, id, caller.role === 'admin' ? null : (caller.companyId ?? '00000000-0000-0000-0000-000000000000'));
  if (!row) throw notFound();
  return savedSearchCondition(row);
}
