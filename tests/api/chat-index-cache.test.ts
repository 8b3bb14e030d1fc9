// The chat keeps its tenders' passage indexes within a budget of bytes, not a count of tenders:
// an index's size is estimated from its passages' text and its postings (PassageIndex.bytes), its
// vectors count once they came, the least recently used index goes first, and an index larger
// than the whole budget is used but not kept. Pure: no database, no worker.
import { afterEach, describe, expect, it } from 'vitest';
import { buildIndex, search, type PageText } from '../../server/analysis/retrieval';
import { createPassageIndexes, DEFAULT_INDEX_CACHE_BYTES, entryBytes, PassageCache, passageVectors, type TenderPassages } from '../../server/domains/chat/passages';
import type { Database } from '../../server/db/client';

const SENTENCES = [
  'La date limite de remise des offres est fixée au 15 juillet 2026 à 12 h.',
  'Une visite sur site est obligatoire avant la remise de l’offre.',
  'Les pénalités de retard sont de 100 euros par jour calendaire.',
  'Le titulaire fournit les équipements conformes à la norme NF EN 60204.',
  'Le marché est conclu pour une durée de quatre ans à compter de sa notification.',
];

/** `pages` pages of a document, each a few sentences and a few words of its own. */
function pagesOf(documentId: string, pages: number): PageText[] {
  return Array.from({ length: pages }, (_, at) => ({
    documentId,
    entry: null,
    fileName: `${documentId}.pdf`,
    page: at + 1,
    body: `${SENTENCES.join('\n')}\nArticle ${at + 1} : lot ${documentId} numéro ${at * 7919} référence R${at}X${documentId}.`,
  }));
}

const entryOf = (documentId: string, pages: number): TenderPassages => ({ signature: documentId, index: buildIndex(pagesOf(documentId, pages)), pages });

afterEach(() => {
  delete process.env.CHAT_INDEX_CACHE_MB;
});

describe("an index's size", () => {
  it('counts its passages’ text and grows with its pages', () => {
    const small = entryOf('small', 1).index;
    const big = entryOf('big', 100).index;
    const text = (index: typeof small) => index.passages.reduce((sum, passage) => sum + passage.text.length, 0);
    expect(small.bytes).toBeGreaterThan(text(small));
    expect(big.bytes).toBeGreaterThan(text(big));
    expect(big.bytes).toBeGreaterThan(50 * small.bytes);
    // The index still searches as it did.
    expect(search(big, 'Quelle est la date limite de remise des offres ?', 1)[0]!.passage.text).toContain('15 juillet 2026');
  });
});

describe('the cache of indexes', () => {
  it('lets a big index evict several small ones, the least recently used first; the one just asked survives', () => {
    const smalls = ['a', 'b', 'c', 'd', 'e'].map((id) => [id, entryOf(id, 2)] as const);
    const big = entryOf('big', 60);
    const small = entryBytes(smalls[0]![1]);
    expect(entryBytes(big)).toBeGreaterThan(5 * small);
    // Room for the big one and two and a half small ones.
    const cache = new PassageCache(entryBytes(big) + 2.5 * small);
    for (const [id, entry] of smalls) expect(cache.set(id, entry)).toBe(true);
    expect(cache.keys()).toEqual(['a', 'b', 'c', 'd', 'e']);
    // 'a' is asked again: now the most recently used.
    expect(cache.get('a')).toBe(smalls[0]![1]);
    expect(cache.set('big', big)).toBe(true);
    expect(cache.keys()).toEqual(['e', 'a', 'big']);
    expect(cache.bytes).toBeLessThanOrEqual(cache.budgetBytes);
    expect(cache.get('b')).toBeUndefined();
  });

  it('uses an index larger than the whole budget without keeping it, and drops nothing for it', () => {
    const cache = new PassageCache(entryBytes(entryOf('x', 20)));
    const small = entryOf('small', 2);
    cache.set('small', small);
    expect(cache.set('huge', entryOf('huge', 40))).toBe(false);
    expect(cache.keys()).toEqual(['small']);
    expect(cache.get('huge')).toBeUndefined();
    // A tender's new index replaces its old one, counted once.
    const again = entryOf('small', 3);
    cache.set('small', again);
    expect(cache.keys()).toEqual(['small']);
    expect(cache.bytes).toBe(entryBytes(again));
  });

  it('counts the vectors once they came: the least recently used go, and an entry they make too big goes itself', async () => {
    const a = entryOf('a', 10);
    const b = entryOf('b', 10);
    const cache = new PassageCache(entryBytes(a) + entryBytes(b) + 1024);
    cache.set('a', a);
    cache.set('b', b);
    // b's vectors: about half of an index's size more.
    const dimensions = Math.ceil(entryBytes(b) / 2 / 4 / b.index.passages.length);
    await passageVectors(b, async (texts) => texts.map(() => new Float32Array(dimensions)));
    expect(b.vectorBytes).toBeGreaterThan(entryBytes(a) / 2);
    expect(cache.keys()).toEqual(['b']);
    // b with its vectors and another index do not fit together: b, the older, goes.
    const c = entryOf('c', 10);
    cache.set('c', c);
    expect(cache.keys()).toEqual(['c']);
    // Vectors that make c alone larger than the budget: c goes too.
    await passageVectors(c, async (texts) => texts.map(() => new Float32Array(Math.ceil(cache.budgetBytes / 4 / texts.length) + 1)));
    expect(cache.keys()).toEqual([]);
    expect(cache.bytes).toBe(0);
  });

  it('holds 64 MB by default, CHAT_INDEX_CACHE_MB otherwise', () => {
    const db = {} as Database;
    expect(createPassageIndexes(db).cache.budgetBytes).toBe(DEFAULT_INDEX_CACHE_BYTES);
    expect(DEFAULT_INDEX_CACHE_BYTES).toBe(64 * 1024 * 1024);
    process.env.CHAT_INDEX_CACHE_MB = '8';
    expect(createPassageIndexes(db).cache.budgetBytes).toBe(8 * 1024 * 1024);
    expect(createPassageIndexes(db, { budgetBytes: 1000 }).cache.budgetBytes).toBe(1000);
  });
});
