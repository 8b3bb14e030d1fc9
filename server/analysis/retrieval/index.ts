// Retrieval for "chat with the tender's documents": BM25 over French lexemes (the lexemes the DB's
// `search_vector` holds), the question widened with a domain synonym list, and an extractive
// answer that quotes the best sentences with their page. Pure: no DB, no model.
// Measured in docs/research (document-ai.md): BM25 beat `websearch_to_tsquery`; misses were vocabulary.
import { foldText, lexemes } from './lexemes';
import { SYNONYMS } from './synonyms';
import { splitPassages, splitUnits } from './text';

export { SYNONYMS } from './synonyms';
export { foldText, lexemes } from './lexemes';
export { splitPassages, splitUnits } from './text';
export { cosine, hybridSearch, RRF_K, VECTOR_TOP } from './hybrid';

export type PageText = { documentId: string; entry: string | null; fileName: string; page: number; body: string };
export type Passage = { documentId: string; entry: string | null; fileName: string; page: number; text: string };
export type Hit = { passage: Passage; score: number };
export type Citation = { documentId: string; entry: string | null; fileName: string; page: number; excerpt: string };

const K1 = 1.2;
const B = 0.75;
/** A synonym's weight against a word of the question itself. */
export const SYNONYM_WEIGHT = 0.5;
/**
 * The least share of the question's weight (its lexemes' IDF, synonyms aside) the best passages
 * must hold for an answer: below it the question is about something the documents do not
 * mention ("le prix du caviar à Moscou" matches "prix" only) and extractiveAnswer returns null.
 */
export const MIN_COVERAGE = 0.3;

type Posting = { ids: number[]; tfs: number[] };

/** Opaque: build it with buildIndex, read it with search. */
export class PassageIndex {
  /** @internal */ constructor(
    readonly passages: readonly Passage[],
    /** @internal */ readonly lengths: Float64Array,
    /** @internal */ readonly postings: Map<string, Posting>,
    /** @internal */ readonly averageLength: number,
  ) {}

  /** BM25's inverse document frequency; an unknown lexeme gets the highest. */
  idf(lexeme: string): number {
    const df = this.postings.get(lexeme)?.ids.length ?? 0;
    return Math.log(1 + (this.passages.length - df + 0.5) / (df + 0.5));
  }
}

// Which index a passage came from, for extractiveAnswer's weights (it only receives hits).
const owners = new WeakMap<Passage, PassageIndex>();

export function buildIndex(pages: PageText[]): PassageIndex {
  const passages: Passage[] = [];
  const lengths: number[] = [];
  const postings = new Map<string, Posting>();
  for (const page of pages) {
    for (const text of splitPassages(page.body ?? '')) {
      const terms = lexemes(text);
      if (terms.length === 0) continue;
      const id = passages.length;
      passages.push({ documentId: page.documentId, entry: page.entry, fileName: page.fileName, page: page.page, text });
      lengths.push(terms.length);
      const counts = new Map<string, number>();
      for (const term of terms) counts.set(term, (counts.get(term) ?? 0) + 1);
      for (const [term, tf] of counts) {
        let posting = postings.get(term);
        if (!posting) postings.set(term, (posting = { ids: [], tfs: [] }));
        posting.ids.push(id);
        posting.tfs.push(tf);
      }
    }
  }
  const average = lengths.length ? lengths.reduce((a, b) => a + b, 0) / lengths.length : 1;
  const index = new PassageIndex(passages, Float64Array.from(lengths), postings, average);
  for (const passage of passages) owners.set(passage, index);
  return index;
}

// Each synonym group as lexeme sequences, computed once.
const GROUPS: string[][][] = SYNONYMS.map((group) => group.map((phrase) => lexemes(phrase)).filter((seq) => seq.length > 0));

const contains = (haystack: string[], needle: string[]) => {
  outer: for (let at = 0; at + needle.length <= haystack.length; at++) {
    for (let k = 0; k < needle.length; k++) if (haystack[at + k] !== needle[k]) continue outer;
    return true;
  }
  return false;
};

/** The question's lexemes with their weight: 1 for its own words, SYNONYM_WEIGHT for what the synonym list adds. */
export function queryTerms(question: string): Map<string, number> {
  const own = lexemes(question);
  const terms = new Map<string, number>(own.map((term) => [term, 1]));
  for (const group of GROUPS) {
    if (!group.some((seq) => contains(own, seq))) continue;
    for (const seq of group) for (const term of seq) if (!terms.has(term)) terms.set(term, SYNONYM_WEIGHT);
  }
  return terms;
}

const saturate = (tf: number, length: number, average: number) => (tf * (K1 + 1)) / (tf + K1 * (1 - B + (B * length) / average));

export function search(index: PassageIndex, question: string, limit = 5): Hit[] {
  const scores = new Map<number, number>();
  for (const [term, weight] of queryTerms(question)) {
    const posting = index.postings.get(term);
    if (!posting) continue;
    const idf = index.idf(term) * weight;
    for (let k = 0; k < posting.ids.length; k++) {
      const id = posting.ids[k] as number;
      scores.set(id, (scores.get(id) ?? 0) + idf * saturate(posting.tfs[k] as number, index.lengths[id] as number, index.averageLength));
    }
  }
  // What the question asks (a date, an amount…) lifts the passages that hold one, a little.
  const intent = intentOf(question);
  const asks = intent.date || intent.duration || intent.amount || intent.yesNo;
  const ranked = [...scores].filter(([, score]) => score > 0).sort((a, b) => b[1] - a[1] || a[0] - b[0]);
  if (asks) {
    for (const entry of ranked.slice(0, RERANK)) entry[1] *= 1 + (intentBonus(intent, (index.passages[entry[0]] as Passage).text) - 1) * PASSAGE_BONUS_SHARE;
    ranked.sort((a, b) => b[1] - a[1] || a[0] - b[0]);
  }
  return ranked.slice(0, Math.max(0, limit)).map(([id, score]) => ({ passage: index.passages[id] as Passage, score }));
}

const RERANK = 50;
const PASSAGE_BONUS_SHARE = 0.5;

// ---------------------------------------------------------------------------------------------
// The extractive answer.

type Intent = { date: boolean; duration: boolean; amount: boolean; yesNo: boolean };

function intentOf(question: string): Intent {
  const q = foldText(question).replace(/[’‘]/g, "'");
  return {
    date: /\b(quand|date|dates|jusqu'?a quand|heure|echeance|avant quel|deadline|calendrier)\b/.test(q),
    duration: /\b(duree|combien de temps|delais?|combien de (jours|mois|semaines|ans|annees|heures)|dure|combien d'annees)\b/.test(q),
    amount: /\b(combien|montant|ponderation|ponderations|pourcentage|taux|prix|cout|budget|plafond|poids|pese|note|notee?s?)\b|%/.test(q),
    yesNo: /^(est-ce|y a-t-il|faut-il|peut-on|puis-je|doit-on|doit-il|dois-je|sont-elles|sont-ils|les? \w+ (sont|est)-(ils|elles|il|elle))|\b(est-ce que|est-il|faut-il|obligatoire|peut-on|possible|autorisee?s?|acceptee?s?|exigee?s?|imposee?s?)\b/.test(q),
  };
}

const MONTHS = 'janvier|fevrier|mars|avril|mai|juin|juillet|aout|septembre|octobre|novembre|decembre';
const DATE_RE = new RegExp(`\\b\\d{1,2}(er)?\\s+(${MONTHS})\\b|\\b\\d{1,2}/\\d{1,2}/\\d{2,4}\\b|\\b\\d{1,2}\\s*h\\s*\\d{0,2}\\b|\\b\\d{1,2}:\\d{2}\\b`);
const NUMBER_WORD = '\\d+|un|une|deux|trois|quatre|cinq|six|sept|huit|neuf|dix|douze|quinze|trente|quarante';
const DURATION_RE = new RegExp(`\\b(${NUMBER_WORD})\\s*(\\(\\d+\\)\\s*)?(jours?|mois|ans?|annees?|semaines?|heures?)\\b`);
const AMOUNT_RE = /\d[\d\s.,]*\s*(%|€|euros?\b|eur\b)|\b\d+([.,]\d+)?\s*(points?|pour ?cent)\b|\b\d+([.,]\d+)?\s*\/\s*(30|100)\b/;
const YES_NO_RE = /\b(oui|non|aucune?|pas|n'est|ne sont|obligatoire|facultati\w*|autorise\w*|interdit\w*|possible|impossible|exige\w*|requis\w*|impose\w*|accepte\w*|sans)\b/;
const INTENT_BONUS = 0.6;

/** 1 + the bonuses of what the question asks that the sentence has: a date, a duration, an amount, a yes/no cue. */
function intentBonus(intent: Intent, sentence: string): number {
  const s = foldText(sentence).replace(/[’‘]/g, "'");
  let bonus = 0;
  if (intent.date && DATE_RE.test(s)) bonus += INTENT_BONUS;
  if (intent.duration && DURATION_RE.test(s)) bonus += INTENT_BONUS;
  if (intent.amount && AMOUNT_RE.test(s)) bonus += INTENT_BONUS;
  if (intent.yesNo && YES_NO_RE.test(s)) bonus += INTENT_BONUS / 2;
  return 1 + Math.min(bonus, INTENT_BONUS * 1.5);
}

const oneLine = (text: string) => text.replace(/\s+/g, ' ').trim();
const cut = (text: string, max: number) => (text.length <= max ? text : `${text.slice(0, max - 1).replace(/\s+\S*$/, '')}…`);

const HITS_READ = 5;
const SENTENCE_AVERAGE = 20;
const MAX_SENTENCES = 3;
const KEEP_RATIO = 0.55;

/**
 * The share of the question's own lexemes' IDF that the given passages hold (see MIN_COVERAGE);
 * a lexeme counts as held when one of its synonyms is there ("livrer" by "livraison").
 */
export function coverage(question: string, passages: Passage[]): number {
  const index = passages[0] ? owners.get(passages[0]) : undefined;
  const own = [...new Set(lexemes(question))];
  if (own.length === 0) return 0;
  const present = new Set(passages.flatMap((passage) => lexemes(passage.text)));
  const groups = GROUPS.filter((group) => group.some((seq) => contains(own, seq)));
  let total = 0;
  let held = 0;
  for (const term of own) {
    const weight = index ? index.idf(term) : 1;
    total += weight;
    const alternatives = groups.filter((group) => group.some((seq) => seq.includes(term))).flat(2);
    if (present.has(term) || alternatives.some((other) => present.has(other))) held += weight;
  }
  return total > 0 ? held / total : 0;
}

export function extractiveAnswer(question: string, hits: Hit[]): { answer: string; citations: Citation[] } | null {
  const read = hits.slice(0, HITS_READ);
  if (read.length === 0 || coverage(question, read.slice(0, 3).map((hit) => hit.passage)) < MIN_COVERAGE) return null;
  const terms = queryTerms(question);
  const intent = intentOf(question);
  const top = read[0]?.score || 1;
  type Candidate = { hit: Hit; text: string; score: number };
  const candidates: Candidate[] = [];
  for (const hit of read) {
    const index = owners.get(hit.passage);
    const prior = 0.7 + (0.3 * hit.score) / top;
    for (const unit of splitUnits(hit.passage.text)) {
      const words = lexemes(unit.text);
      if (words.length === 0) continue;
      const counts = new Map<string, number>();
      for (const word of words) counts.set(word, (counts.get(word) ?? 0) + 1);
      let lexical = 0;
      for (const [term, weight] of terms) {
        const tf = counts.get(term);
        if (tf) lexical += weight * (index ? index.idf(term) : 1) * saturate(tf, words.length, SENTENCE_AVERAGE);
      }
      if (lexical > 0) candidates.push({ hit, text: oneLine(unit.text), score: lexical * prior * intentBonus(intent, unit.text) });
    }
  }
  if (candidates.length === 0) return null;
  candidates.sort((a, b) => b.score - a.score);
  const best = (candidates[0] as Candidate).score;
  const chosen: Candidate[] = [];
  const seen = new Set<string>();
  let length = 0;
  for (const candidate of candidates) {
    if (chosen.length >= MAX_SENTENCES || candidate.score < best * KEEP_RATIO) break;
    const key = foldText(candidate.text);
    // Overlapping passages repeat sentences; a sentence inside a chosen one adds nothing.
    if (seen.has(key) || chosen.some((c) => foldText(c.text).includes(key) || key.includes(foldText(c.text)))) continue;
    if (chosen.length > 0 && length + candidate.text.length > 900) continue;
    seen.add(key);
    chosen.push(candidate);
    length += candidate.text.length;
  }
  const answer = chosen.map((c) => `« ${cut(c.text, 400)} » (${c.hit.passage.fileName}, p. ${c.hit.passage.page})`).join('\n');
  const citations: Citation[] = [];
  for (const c of chosen) {
    const excerpt = cut(c.text, 300);
    const { documentId, entry, fileName, page } = c.hit.passage;
    if (!citations.some((x) => x.documentId === documentId && x.page === page && x.entry === entry && x.excerpt === excerpt)) {
      citations.push({ documentId, entry, fileName, page, excerpt });
    }
  }
  return { answer, citations };
}
