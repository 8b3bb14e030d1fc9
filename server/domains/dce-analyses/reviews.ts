import type { StoredFact } from '../../db/schema';

type ReadDocument = { documentId: string; pages: { page: number; text: string }[] };

/** Letters and digits only, folded: an excerpt still reads on its page whatever the layout's spaces, hyphens and line ends. */
const squash = (text: string) =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '');

/** The source's document is still there and its page still says the excerpt. */
function stillSays(source: StoredFact['sources'][number], documents: ReadDocument[]): boolean {
  const page = documents.find((d) => d.documentId === source.documentId)?.pages.find((p) => p.page === source.page);
  if (!page) return false;
  const excerpt = squash(source.excerpt);
  return excerpt.length === 0 || squash(page.text).includes(excerpt.slice(0, 120));
}

/**
 * A new run of the analysis keeps what people reviewed: a confirmed or corrected fact of the
 * previous run stays as it was, with who reviewed it and when, in place of what the rules find
 * now. It is marked `sourceChanged` (to review) when its source text changed: a document replaced
 * or removed, a page that no longer says the excerpt, or — for a confirmed value — the rules now
 * reading another value, or none.
 */
export function keepReviews(previous: StoredFact[], found: StoredFact[], documents: ReadDocument[]): StoredFact[] {
  const reviewed = new Map(previous.filter((fact) => fact.status !== 'extracted').map((fact) => [fact.key, fact]));
  const carry = (kept: StoredFact, now: StoredFact | undefined): StoredFact => {
    const sourceGone = kept.sources.some((source) => !stillSays(source, documents));
    const readOtherwise = kept.status === 'confirmed' && (now === undefined || JSON.stringify(now.value) !== JSON.stringify(kept.value));
    return { ...kept, sourceChanged: Boolean(kept.sourceChanged) || sourceGone || readOtherwise };
  };
  const facts = found.map((fact) => {
    const kept = reviewed.get(fact.key);
    if (!kept) return fact;
    reviewed.delete(fact.key);
    return carry(kept, fact);
  });
  for (const kept of reviewed.values()) facts.push(carry(kept, undefined));
  return facts;
}
