// A library block as the contract answers it, and what its French full-text search reads.
import type { components } from '../../../openapi/schema';
import type { libraryBlocks } from '../../db/schema';
import { fold } from '../admin/lists';
import { currentDay } from '../../../rules/calendar';

type LibraryBlock = components['schemas']['LibraryBlock'];
export type LibraryBlockRow = typeof libraryBlocks.$inferSelect;

/** How long a block holds before someone reads it again. */
export const REVIEW_MONTHS = 12;

/** The day `months` after a Paris date (the 31st lands on the month's last day). */
export function addMonths(day: string, months: number): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const target = new Date(Date.UTC(y, m - 1 + months, 1));
  const last = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(d, last));
  return target.toISOString().slice(0, 10);
}

/** The review date of a block written today, when none is given. */
export const nextReview = (today = currentDay()) => addMonths(today, REVIEW_MONTHS);

/** Due for review: its date is today or past, in Paris. */
export const isOverdue = (reviewDue: string | null, today = currentDay()) => reviewDue !== null && reviewDue <= today;

// Folded, "à" is "a", which the French configuration no longer drops as a stopword: the
// preposition is taken out before folding (research/writing.md, Storage).
const PREPOSITION_A = /(^|[^\p{L}\p{N}])[àÀ](?=[^\p{L}\p{N}]|$)/gu;
const searchable = (text: string) => fold(text.replace(PREPOSITION_A, '$1 '));

/** What the search vector is built from: title, text and tags, folded. */
export const searchTextOf = (block: { title: string; text: string; tags: string[] }) => searchable([block.title, block.tags.join(' | '), block.text].join('\n'));

/**
 * The words of a search as a `to_tsquery` text: every word must be found, each as a prefix of
 * its French stem (so "démolir", stemmed "demol", finds "démolition", stemmed "demolit").
 * Only letters and digits reach the query: no operator can be typed.
 */
export function tsQueryOf(search: string | undefined): string | null {
  const words = searchable(search ?? '').match(/[\p{L}\p{N}]+/gu) ?? [];
  const kept = words.filter((w) => w.length > 1 || /\d/.test(w));
  return kept.length ? kept.map((w) => `${w}:*`).join(' & ') : null;
}

export function toBlock(row: LibraryBlockRow, owner: { id: string; username: string } | null, today = currentDay()): LibraryBlock {
  return {
    _id: row.id,
    companyId: row.companyId,
    title: row.title,
    content: row.content as LibraryBlock['content'],
    text: row.text,
    tags: row.tags,
    cpvCodes: row.cpvCodes,
    owner: owner ? { _id: owner.id, username: owner.username } : null,
    sourceSectionId: row.sourceSectionId,
    lastReviewedAt: row.lastReviewedAt?.toISOString() ?? null,
    reviewDue: row.reviewDue,
    overdue: isOverdue(row.reviewDue, today),
    version: row.version,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
