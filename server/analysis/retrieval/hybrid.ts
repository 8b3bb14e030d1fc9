// Vector similarity beside BM25, when an embedding model is configured: the two rankings fused by
// reciprocal rank fusion, which needs no calibration between a BM25 score and a cosine. Pure: the
// vectors come from the caller. Brute force over every passage: 5,000 × 384 floats take ~6 ms
// (docs/research, document-ai.md "Vectors"), no vector index needed.
import type { Hit, Passage } from './index';

/** RRF's constant: 60 as in Cormack et al. (2009); a larger k flattens the head of each ranking. */
export const RRF_K = 60;
/** Passages BM25 missed that may still come in: the best ones by cosine. */
export const VECTOR_TOP = 20;

/** Cosine of two vectors; 0 for a zero vector or vectors of different sizes (another model's). */
export function cosine(a: Float32Array, b: Float32Array): number {
  if (a.length !== b.length) return 0;
  let dot = 0;
  let na = 0;
  let nb = 0;
  for (let i = 0; i < a.length; i++) {
    const x = a[i] as number;
    const y = b[i] as number;
    dot += x * y;
    na += x * x;
    nb += y * y;
  }
  return na > 0 && nb > 0 ? dot / Math.sqrt(na * nb) : 0;
}

/**
 * The best passages by RRF (k = RRF_K) of the BM25 ranking (`bm25`, best first, from `search`
 * with a generous limit) and the cosine ranking of every passage against the question's vector.
 * A passage is kept when BM25 found it or its cosine is among the `vectorTop` best (and above 0);
 * `vectors[i]` is the vector of `passages[i]` (`index.passages`). The hits' score is the fused one.
 */
export function hybridSearch(
  passages: readonly Passage[],
  vectors: readonly Float32Array[],
  question: Float32Array,
  bm25: readonly Hit[],
  { limit = 5, vectorTop = VECTOR_TOP }: { limit?: number; vectorTop?: number } = {},
): Hit[] {
  const cosines = passages.map((_, id) => {
    const vector = vectors[id];
    return vector ? cosine(vector, question) : 0;
  });
  const byCosine = cosines.map((_, id) => id).sort((a, b) => (cosines[b] as number) - (cosines[a] as number) || a - b);
  const cosineRank = new Map<number, number>();
  byCosine.forEach((id, rank) => cosineRank.set(id, rank + 1));

  const ids = new Map(passages.map((passage, id) => [passage, id]));
  const scores = new Map<number, number>();
  bm25.forEach((hit, rank) => {
    const id = ids.get(hit.passage);
    if (id !== undefined && !scores.has(id)) scores.set(id, 1 / (RRF_K + rank + 1));
  });
  for (const id of byCosine.slice(0, Math.max(0, vectorTop))) if ((cosines[id] as number) > 0 && !scores.has(id)) scores.set(id, 0);
  // The cosine ranks every passage, but one the vectors find unrelated (0 or less: another model's
  // vectors too) gets nothing from it, so that ties at 0 do not reorder BM25's hits.
  for (const [id, score] of scores) if ((cosines[id] as number) > 0) scores.set(id, score + 1 / (RRF_K + (cosineRank.get(id) as number)));

  return [...scores]
    .sort((a, b) => b[1] - a[1] || a[0] - b[0])
    .slice(0, Math.max(0, limit))
    .map(([id, score]) => ({ passage: passages[id] as Passage, score }));
}
