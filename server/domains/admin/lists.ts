import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';

export const DEFAULT_PER_PAGE = 10;

export type ListQuery = { perPage?: number | 'all' | string; page?: number | string };

/** LIMIT/OFFSET of a list query; `perPage: 'all'` reads everything. */
export function pageOf(query: ListQuery): { limit: number | undefined; offset: number; perPage: number | 'all' } {
  // Query strings are coerced by Ajv through a oneOf, which can leave a number as a string.
  const perPage = query.perPage === 'all' ? 'all' : Number(query.perPage ?? DEFAULT_PER_PAGE) || DEFAULT_PER_PAGE;
  const page = Math.max(1, Number(query.page ?? 1) || 1);
  return perPage === 'all' ? { limit: undefined, offset: 0, perPage } : { limit: perPage, offset: (page - 1) * perPage, perPage };
}

export function totalPages(count: number, perPage: number | 'all'): number {
  if (count === 0) return 0;
  return perPage === 'all' ? 1 : Math.ceil(count / perPage);
}

// Accent folding done the same way in JS and SQL, with built-in functions only: PGlite has no
// `unaccent` extension, and a search must behave the same on PGlite and PostgreSQL.
const accented = 'ÀÁÂÃÄÅàáâãäåÇçÈÉÊËèéêëÌÍÎÏìíîïÑñÒÓÔÕÖòóôõöÙÚÛÜùúûüÝŸýÿ';

/** Lower case without diacritics; œ and æ spelled out. */
export const fold = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/œ/g, 'oe')
    .replace(/æ/g, 'ae');

const plain = [...accented].map(fold).join('');

/** The SQL twin of `fold` (lower() alone leaves non-ASCII capitals unchanged under the C locale). */
export const foldedSql = (column: SQLWrapper): SQL =>
  sql`translate(lower(replace(replace(replace(replace(${column}, 'œ', 'oe'), 'Œ', 'oe'), 'æ', 'ae'), 'Æ', 'ae')), ${accented}, ${plain})`;

/** Rows where one of the columns contains the search text, ignoring case and accents. */
export function searchAny(search: string | undefined, columns: SQLWrapper[]): SQL | undefined {
  const needle = fold(search?.trim() ?? '');
  if (!needle) return undefined;
  const pattern = `%${needle.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return sql`(${sql.join(
    columns.map((c) => sql`${foldedSql(c)} like ${pattern}`),
    sql` or `,
  )})`;
}

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isUuid = (value: string) => uuidPattern.test(value);

/** The distinct well-formed ids of an `ids` query (the contract's pattern lets malformed ones through). */
export const idsOf = (ids: string) => [...new Set(ids.split(',').map((id) => id.toLowerCase()))].filter(isUuid);
