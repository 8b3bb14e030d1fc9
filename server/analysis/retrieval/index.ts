// Retrieval for "chat with the tender's documents": BM25 over French lexemes (the lexemes the DB's
// `search_vector` holds), the question widened with a domain synonym list, and an extractive
// answer that quotes the best sentences with their page. Pure: no DB, no model.
// Measured in docs/research (document-ai.md): BM25 beat `websearch_to_tsquery`; misses were vocabulary.
import { foldText, languageCues, lexemes, questionTokens } from './lexemes';
import { ENGLISH_TERMS, SYNONYMS } from './synonyms';
import { isListItem, splitPassages, splitUnits, type Unit } from './text';

export { ENGLISH_TERMS, SYNONYMS } from './synonyms';
export { foldText, isEnglishQuestion, lexemes, meaningfulWords } from './lexemes';
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
/** The weight of the other French phrases of an English word (its first French phrase weighs 1). */
const TRANSLATION_WEIGHT = 0.5;
/**
 * The least share of the question's weight (its lexemes' IDF, synonyms aside) the best passages
 * must hold for an answer: below it the question is about something the documents do not
 * mention ("le prix du caviar à Moscou" matches "prix" only) and extractiveAnswer returns null.
 */
export const MIN_COVERAGE = 0.3;

/** A lexeme's passages, ascending, and how many times it is in each. */
type Posting = { ids: Uint32Array; tfs: Uint16Array };

/**
 * An index as flat arrays: what IndexBuilder gives and a worker thread can send back (the typed
 * arrays transferred, the one string copied). Every array but `text` and `textStarts` has one
 * entry per passage or per lexeme; `*Starts` have one more (where the last one ends).
 */
export type PackedIndex = {
  /** The passages' text, one after another, each from textStarts[i] (UTF-16 units) to textStarts[i + 1]. */
  text: string;
  textStarts: Uint32Array;
  /** 1 when `text` holds only Latin-1 (V8 keeps it at a byte a character), 2 otherwise. */
  bytesPerChar: 1 | 2;
  /** Each passage's page: its place among the pages given to the builder. */
  pageOf: Uint32Array;
  /** Each passage's number of lexemes. */
  lengths: Uint32Array;
  /** The lexemes in UTF-8, one after another, each from termStarts[t] to termStarts[t + 1]. */
  termBytes: Uint8Array;
  termStarts: Uint32Array;
  /** Open addressing on FNV-1a of a lexeme's bytes: each slot is 0 (free) or a lexeme's number + 1; a power of two long. */
  slots: Uint32Array;
  /** Lexeme t's postings are ids and tfs from postingStarts[t] to postingStarts[t + 1]. */
  postingStarts: Uint32Array;
  ids: Uint32Array;
  tfs: Uint16Array;
};

/** What a passage object and its slice of the text cost beyond the characters (header, fields, WeakMap entries). */
const PASSAGE_OVERHEAD_BYTES = 160;

const fnv1a = (bytes: Uint8Array, from = 0, to = bytes.length) => {
  let hash = 0x811c9dc5;
  for (let at = from; at < to; at++) hash = Math.imul(hash ^ (bytes[at] as number), 0x01000193);
  return hash >>> 0;
};

/** Opaque: build it with buildIndex (or IndexBuilder and unpackIndex), read it with search. */
export class PassageIndex {
  /** @internal */ readonly averageLength: number;
  /** An estimate of the memory the index holds, in bytes: its passages' text, their objects, its arrays. */
  readonly bytes: number;

  /** @internal */ constructor(
    readonly passages: readonly Passage[],
    /** @internal */ readonly packed: PackedIndex,
  ) {
    const { lengths } = packed;
    let sum = 0;
    for (let at = 0; at < lengths.length; at++) sum += lengths[at] as number;
    this.averageLength = lengths.length ? sum / lengths.length : 1;
    const arrays = [packed.textStarts, packed.pageOf, packed.lengths, packed.termBytes, packed.termStarts, packed.slots, packed.postingStarts, packed.ids, packed.tfs];
    this.bytes = packed.text.length * packed.bytesPerChar + passages.length * PASSAGE_OVERHEAD_BYTES + arrays.reduce((total, array) => total + array.byteLength, 0);
  }

  /** @internal The lexeme's number, or -1 when no passage has it. */
  term(lexeme: string): number {
    const { slots, termBytes, termStarts } = this.packed;
    const key = Buffer.from(lexeme, 'utf8');
    const mask = slots.length - 1;
    for (let slot = fnv1a(key) & mask; ; slot = (slot + 1) & mask) {
      const found = slots[slot] as number;
      if (found === 0) return -1;
      const term = found - 1;
      const from = termStarts[term] as number;
      if ((termStarts[term + 1] as number) - from !== key.length) continue;
      let same = true;
      for (let k = 0; k < key.length && same; k++) same = termBytes[from + k] === key[k];
      if (same) return term;
    }
  }

  /** @internal The lexeme's postings, or undefined when no passage has it. */
  posting(lexeme: string): Posting | undefined {
    const term = this.term(lexeme);
    if (term < 0) return undefined;
    const { postingStarts, ids, tfs } = this.packed;
    const from = postingStarts[term] as number;
    const to = postingStarts[term + 1] as number;
    return { ids: ids.subarray(from, to), tfs: tfs.subarray(from, to) };
  }

  /** @internal The number of lexemes of passage `id`. */
  length(id: number): number {
    return this.packed.lengths[id] as number;
  }

  /** BM25's inverse document frequency; an unknown lexeme gets the highest. */
  idf(lexeme: string): number {
    const term = this.term(lexeme);
    const df = term < 0 ? 0 : (this.packed.postingStarts[term + 1] as number) - (this.packed.postingStarts[term] as number);
    return Math.log(1 + (this.passages.length - df + 0.5) / (df + 0.5));
  }
}

// Which index a passage came from, for extractiveAnswer's weights (it only receives hits).
const owners = new WeakMap<Passage, PassageIndex>();
// Each passage's place in its index, to read on into the next passage of the page (a list after ":").
const places = new WeakMap<Passage, number>();

/** A Uint32Array or Uint16Array that doubles as it fills. */
class Growing<T extends Uint32Array | Uint16Array> {
  length = 0;
  constructor(private array: T) {}
  push(value: number) {
    if (this.length === this.array.length) {
      const bigger = new (this.array.constructor as new (length: number) => T)(this.array.length * 2);
      bigger.set(this.array);
      this.array = bigger;
    }
    this.array[this.length++] = value;
  }
  get(at: number): number {
    return this.array[at] as number;
  }
  /** The values pushed, in an array of their length (the one held when it is full). */
  done(): T {
    return this.length === this.array.length ? this.array : (this.array.slice(0, this.length) as T);
  }
}

/**
 * Builds an index page after page (in reading order), without keeping the pages: what the chat's
 * worker thread runs as the pages come. `pack` gives the index as flat arrays; unpackIndex, with
 * the pages' documents and numbers, makes the PassageIndex that search reads.
 */
export class IndexBuilder {
  private pages = 0;
  private readonly texts: string[] = [];
  private readonly pageOf = new Growing(new Uint32Array(256));
  private readonly lengths = new Growing(new Uint32Array(256));
  private readonly terms = new Map<string, number>();
  // One (lexeme, passage, count) a lexeme of a passage, in passage order.
  private readonly termOf = new Growing(new Uint32Array(4096));
  private readonly idOf = new Growing(new Uint32Array(4096));
  private readonly tfOf = new Growing(new Uint16Array(4096));

  /** The next page's body (search's copy, without running headers); an empty one still counts as a page. */
  add(body: string | null | undefined): void {
    const page = this.pages++;
    for (const text of splitPassages(body ?? '')) {
      const lexemesOf = lexemes(text);
      if (lexemesOf.length === 0) continue;
      const id = this.texts.length;
      this.texts.push(text);
      this.pageOf.push(page);
      this.lengths.push(lexemesOf.length);
      const counts = new Map<string, number>();
      for (const lexeme of lexemesOf) counts.set(lexeme, (counts.get(lexeme) ?? 0) + 1);
      for (const [lexeme, tf] of counts) {
        let term = this.terms.get(lexeme);
        if (term === undefined) this.terms.set(lexeme, (term = this.terms.size));
        this.termOf.push(term);
        this.idOf.push(id);
        this.tfOf.push(Math.min(tf, 0xffff));
      }
    }
  }

  pack(): PackedIndex {
    const text = this.texts.join('');
    const textStarts = new Uint32Array(this.texts.length + 1);
    for (let at = 0; at < this.texts.length; at++) textStarts[at + 1] = (textStarts[at] as number) + (this.texts[at] as string).length;
    // eslint-disable-next-line no-control-regex
    const bytesPerChar = /[^\u0000-\u00ff]/.test(text) ? 2 : 1;

    const lexemesInOrder = [...this.terms.keys()];
    const termCount = lexemesInOrder.length;
    const termStarts = new Uint32Array(termCount + 1);
    for (let t = 0; t < termCount; t++) termStarts[t + 1] = (termStarts[t] as number) + Buffer.byteLength(lexemesInOrder[t] as string, 'utf8');
    const termBytes = new Uint8Array(termStarts[termCount] as number);
    Buffer.from(lexemesInOrder.join(''), 'utf8').copy(termBytes);
    // At most half full: a few probes a lookup.
    let size = 2;
    while (size < termCount * 2) size *= 2;
    const slots = new Uint32Array(size);
    for (let t = 0; t < termCount; t++) {
      let slot = fnv1a(termBytes, termStarts[t], termStarts[t + 1]) & (size - 1);
      while (slots[slot] !== 0) slot = (slot + 1) & (size - 1);
      slots[slot] = t + 1;
    }

    // The (lexeme, passage) pairs sorted by lexeme, passages ascending within each (a counting sort).
    const pairs = this.termOf.length;
    const postingStarts = new Uint32Array(termCount + 1);
    for (let at = 0; at < pairs; at++) (postingStarts[this.termOf.get(at) + 1] as number)++;
    for (let t = 0; t < termCount; t++) postingStarts[t + 1] = (postingStarts[t + 1] as number) + (postingStarts[t] as number);
    const next = postingStarts.slice(0, termCount);
    const ids = new Uint32Array(pairs);
    const tfs = new Uint16Array(pairs);
    for (let at = 0; at < pairs; at++) {
      const term = this.termOf.get(at);
      const to = (next[term] as number)++;
      ids[to] = this.idOf.get(at);
      tfs[to] = this.tfOf.get(at);
    }
    return { text, textStarts, bytesPerChar, pageOf: this.pageOf.done(), lengths: this.lengths.done(), termBytes, termStarts, slots, postingStarts, ids, tfs };
  }
}

/** The typed arrays of a packed index, to transfer rather than copy. */
export const packedBuffers = (packed: PackedIndex): ArrayBuffer[] =>
  [...new Set([packed.textStarts, packed.pageOf, packed.lengths, packed.termBytes, packed.termStarts, packed.slots, packed.postingStarts, packed.ids, packed.tfs].map((array) => array.buffer as ArrayBuffer))];

/** The index of a packed one: `pages` are those given to the builder, in its order (their bodies are not read). */
export function unpackIndex(packed: PackedIndex, pages: readonly Omit<PageText, 'body'>[]): PassageIndex {
  const count = packed.pageOf.length;
  const passages: Passage[] = new Array<Passage>(count);
  for (let id = 0; id < count; id++) {
    const page = pages[packed.pageOf[id] as number] as Omit<PageText, 'body'>;
    passages[id] = { documentId: page.documentId, entry: page.entry, fileName: page.fileName, page: page.page, text: packed.text.slice(packed.textStarts[id], packed.textStarts[id + 1]) };
  }
  const index = new PassageIndex(passages, packed);
  passages.forEach((passage, at) => {
    owners.set(passage, index);
    places.set(passage, at);
  });
  return index;
}

export function buildIndex(pages: PageText[]): PassageIndex {
  const builder = new IndexBuilder();
  for (const page of pages) builder.add(page.body);
  return unpackIndex(builder.pack(), pages);
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

// Each English entry: its phrases as English stems (function words aside), its French phrases as lexemes.
const ENGLISH: { en: string[][]; fr: string[][] }[] = ENGLISH_TERMS.map((entry) => ({
  en: entry.en.map((phrase) => questionTokens(phrase, true).map((token) => token.english)).filter((seq) => seq.length > 0),
  fr: entry.fr.map((phrase) => lexemes(phrase)).filter((seq) => seq.length > 0),
}));
/** The English phrases by their first stem. */
const englishByFirst = new Map<string, { seq: string[]; entry: number }[]>();
ENGLISH.forEach((entry, at) => {
  for (const seq of entry.en) {
    const list = englishByFirst.get(seq[0] as string) ?? [];
    list.push({ seq, entry: at });
    englishByFirst.set(seq[0] as string, list);
  }
});

/** What stands for a word of the question: its lexemes (an English phrase's first French phrase), and those of its synonyms and other translations. */
type Concept = { main: string[]; alternatives: string[] };
export type QueryAnalysis = { english: boolean; terms: Map<string, number>; concepts: Concept[]; phrases: string[][] };

/**
 * What a question asks, as the index reads it. `terms`: its words' lexemes, weight 1 each; in an
 * English question, an English phrase of ENGLISH_TERMS is replaced by its French phrases (the
 * first weighs 1: it is the asker's word in the documents' language; the others
 * TRANSLATION_WEIGHT); then what the synonym list adds, at SYNONYM_WEIGHT. `concepts`: each own
 * word, or each English phrase translated, with the lexemes that stand for it, for `coverage`.
 * `phrases`: the runs of two words or more a passage may hold whole, for `search`.
 */
export function analyseQuestion(question: string): QueryAnalysis {
  // English when it has more English function words than French ones; a question without any
  // ("Site visit mandatory?") is English when it has no accent and a word of the lexicon.
  const cues = languageCues(question);
  const english =
    cues.english > cues.french ||
    (cues.french === 0 && cues.english === 0 && !cues.accents && questionTokens(question, true).some((token) => englishByFirst.get(token.english)?.some((c) => c.seq.length === 1)));
  const tokens = questionTokens(question, english);
  // English phrases, longest first at each position; what they cover is translated.
  const translated: { entry: number }[] = [];
  const kept: (string | null)[] = [];
  for (let at = 0; at < tokens.length; ) {
    // French questions keep their words: "support", "signe", "question" are French too.
    if (!english) {
      kept.push((tokens[at++] as { lexeme: string }).lexeme);
      continue;
    }
    let found: { seq: string[]; entry: number } | undefined;
    for (const candidate of englishByFirst.get((tokens[at] as { english: string }).english) ?? []) {
      if (at + candidate.seq.length > tokens.length) continue;
      if (!candidate.seq.every((stem, k) => tokens[at + k]?.english === stem)) continue;
      if (!found || candidate.seq.length > found.seq.length) found = candidate;
    }
    if (found) {
      translated.push({ entry: found.entry });
      kept.push(null);
      at += found.seq.length;
    } else {
      kept.push((tokens[at] as { lexeme: string }).lexeme);
      at++;
    }
  }
  const own = kept.filter((term): term is string => term !== null);
  const terms = new Map<string, number>(own.map((term) => [term, 1]));
  const frenchPhrases = translated.flatMap(({ entry }) => (ENGLISH[entry] as { fr: string[][] }).fr);
  // The first French phrase is the translation; the others are its synonyms.
  for (const { entry } of translated) for (const term of (ENGLISH[entry] as { fr: string[][] }).fr[0] ?? []) terms.set(term, 1);
  for (const seq of frenchPhrases) for (const term of seq) if (!terms.has(term)) terms.set(term, TRANSLATION_WEIGHT);
  // The synonym list widens the own words (runs between translated phrases) and the translations.
  const runs: string[][] = [[]];
  for (const term of kept) {
    if (term === null) runs.push([]);
    else (runs[runs.length - 1] as string[]).push(term);
  }
  const sequences = [...runs, ...frenchPhrases];
  const groups = GROUPS.filter((group) => group.some((seq) => sequences.some((words) => contains(words, seq))));
  for (const group of groups) for (const seq of group) for (const term of seq) if (!terms.has(term)) terms.set(term, SYNONYM_WEIGHT);

  const concepts: Concept[] = [...new Set(own)].map((term) => ({
    main: [term],
    alternatives: groups.filter((group) => group.some((seq) => seq.includes(term))).flat(2),
  }));
  for (const { entry } of translated) {
    const fr = (ENGLISH[entry] as { fr: string[][] }).fr;
    const alternatives = [...fr.flat(), ...groups.filter((group) => group.some((seq) => fr.some((words) => contains(words, seq)))).flat(2)];
    concepts.push({ main: fr[0] ?? [], alternatives });
  }
  // Phrases of two words or more: the question's own (two words in a row), its translations and their synonyms.
  const phrases = [
    ...runs.flatMap((run) => run.slice(1).map((term, k) => [run[k] as string, term])),
    ...frenchPhrases.filter((seq) => seq.length > 1),
    ...groups.flatMap((group) => group.filter((seq) => seq.length > 1)),
  ];
  return { english, terms, concepts, phrases };
}

/** The question's lexemes with their weight: 1 for its own words (English ones in French), SYNONYM_WEIGHT for what the synonym list adds. */
export function queryTerms(question: string): Map<string, number> {
  return analyseQuestion(question).terms;
}

const saturate = (tf: number, length: number, average: number) => (tf * (K1 + 1)) / (tf + K1 * (1 - B + (B * length) / average));

export function search(index: PassageIndex, question: string, limit = 5): Hit[] {
  // One score a passage: a lexeme every passage holds (a hostile document's) costs no map.
  const scores = new Float64Array(index.passages.length);
  const { terms, phrases } = analyseQuestion(question);
  for (const [term, weight] of terms) {
    const posting = index.posting(term);
    if (!posting) continue;
    const idf = index.idf(term) * weight;
    for (let k = 0; k < posting.ids.length; k++) {
      const id = posting.ids[k] as number;
      scores[id] = (scores[id] as number) + idf * saturate(posting.tfs[k] as number, index.length(id), index.averageLength);
    }
  }
  // What the question asks (a date, an amount…) lifts the passages that hold one, a little.
  const intent = intentOf(question);
  const asks = intent.date || intent.duration || intent.amount || intent.yesNo;
  const ranked: [number, number][] = [];
  for (let id = 0; id < scores.length; id++) if ((scores[id] as number) > 0) ranked.push([id, scores[id] as number]);
  const order = (a: [number, number], b: [number, number]) => b[1] - a[1] || a[0] - b[0];
  ranked.sort(order);
  // The bonuses below only lift the first RERANK passages: they stay the first, and only they are sorted again.
  const head = ranked.slice(0, RERANK);
  // Words of the question that stand together in the passage ("date limite", "remise des offres") lift it.
  if (phrases.length > 0 && PHRASE_BONUS > 0) {
    for (const entry of head) {
      const words = lexemes((index.passages[entry[0]] as Passage).text);
      const found = phrases.filter((seq) => contains(words, seq)).length;
      entry[1] *= 1 + PHRASE_BONUS * Math.min(found, PHRASES_COUNTED);
    }
    head.sort(order);
  }
  if (asks) {
    for (const entry of head) entry[1] *= 1 + (intentBonus(intent, (index.passages[entry[0]] as Passage).text) - 1) * PASSAGE_BONUS_SHARE;
    head.sort(order);
  }
  ranked.splice(0, head.length, ...head);
  return ranked.slice(0, Math.max(0, limit)).map(([id, score]) => ({ passage: index.passages[id] as Passage, score }));
}

const RERANK = 50;
/** Each phrase of the question found whole in a passage lifts it by this share, for at most PHRASES_COUNTED phrases. */
const PHRASE_BONUS = 0.2;
const PHRASES_COUNTED = 3;
const PASSAGE_BONUS_SHARE = 1;

// ---------------------------------------------------------------------------------------------
// The extractive answer.

type Intent = { date: boolean; duration: boolean; amount: boolean; yesNo: boolean };

// The same cues in an English question ("When is…", "How long…", "How much…", "Is the visit mandatory?").
const EN_DATE = /\b(when|deadline|due date|closing date|what date|what time|until when|by when)\b/;
const EN_DURATION = /\b(how long|duration|how many (days|months|weeks|years|hours|minutes)|within what time|how early|how far in advance|in advance|lead time|period|last)\b/;
const EN_AMOUNT = /\b(how much|how many|amount|weight|weigh|weighting|percentage|rate|price|cost|budget|cap|ceiling|points|score|scored|availability)\b/;
const EN_YES_NO = /^(is|are|can|may|must|should|do|does|will|shall|has|have)\b|\b(mandatory|compulsory|obligatory|allowed|permitted|required|possible|accepted|authori[sz]ed)\b/;

function intentOf(question: string): Intent {
  const q = foldText(question).replace(/[’‘]/g, "'");
  return {
    date: /\b(quand|date|dates|jusqu'?a quand|heure|echeance|avant quel|deadline|calendrier)\b/.test(q) || EN_DATE.test(q),
    duration: /\b(duree|combien de temps|delais?|combien de (jours|mois|semaines|ans|annees|heures)|dure|combien d'annees)\b/.test(q) || EN_DURATION.test(q),
    amount: /\b(combien|montant|ponderation|ponderations|pourcentage|taux|prix|cout|budget|plafond|poids|pese|note|notee?s?)\b|%/.test(q) || EN_AMOUNT.test(q),
    yesNo:
      /^(est-ce|y a-t-il|faut-il|peut-on|puis-je|doit-on|doit-il|dois-je|sont-elles|sont-ils|les? \w+ (sont|est)-(ils|elles|il|elle))|\b(est-ce que|est-il|faut-il|obligatoire|peut-on|possible|autorisee?s?|acceptee?s?|exigee?s?|imposee?s?)\b/.test(q) ||
      EN_YES_NO.test(q),
  };
}

const MONTHS = 'janvier|fevrier|mars|avril|mai|juin|juillet|aout|septembre|octobre|novembre|decembre';
const DATE_RE = new RegExp(`\\b\\d{1,2}(er)?\\s+(${MONTHS})\\b|\\b\\d{1,2}/\\d{1,2}/\\d{2,4}\\b|\\b\\d{1,2}\\s*h\\s*\\d{0,2}\\b|\\b\\d{1,2}:\\d{2}\\b`);
/** A date said from another one ("10 jours avant la date limite"): half a date, in the sentence quoted only. */
const RELATIVE_DATE_RE = /\b\d{1,3}\s+(jours?|semaines?|mois)\s+(\w+\s+)?(avant|apres)\b/;
const NUMBER_WORD = '\\d+|un|une|deux|trois|quatre|cinq|six|sept|huit|neuf|dix|douze|quinze|trente|quarante';
const DURATION_RE = new RegExp(`\\b(${NUMBER_WORD})\\s*(\\(\\d+\\)\\s*)?(jours?|mois|ans?|annees?|semaines?|heures?)\\b`);
const AMOUNT_RE = /\d[\d\s.,]*\s*(%|€|euros?\b|eur\b)|\b\d+([.,]\d+)?\s*(points?|pour ?cent)\b|\b\d+([.,]\d+)?\s*\/\s*(30|100)\b/;
const YES_NO_RE = /\b(oui|non|aucune?|pas|n'est|ne sont|obligatoire|facultati\w*|autorise\w*|interdit\w*|possible|impossible|exige\w*|requis\w*|impose\w*|accepte\w*|sans)\b/;
const INTENT_BONUS = 0.6;

/** 1 + the bonuses of what the question asks that the sentence has: a date, a duration, an amount, a yes/no cue. */
function intentBonus(intent: Intent, sentence: string, relativeDates = false): number {
  const s = foldText(sentence).replace(/[’‘]/g, "'");
  let bonus = 0;
  if (intent.date && DATE_RE.test(s)) bonus += INTENT_BONUS;
  else if (intent.date && relativeDates && RELATIVE_DATE_RE.test(s)) bonus += INTENT_BONUS / 2;
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
  const { concepts } = analyseQuestion(question);
  if (concepts.length === 0) return 0;
  const present = new Set(passages.flatMap((passage) => lexemes(passage.text)));
  const idf = (term: string) => (index ? index.idf(term) : 1);
  let total = 0;
  let held = 0;
  for (const concept of concepts) {
    // An English phrase weighs what its first French phrase weighs, on average over its words.
    const weight = concept.main.length ? concept.main.reduce((sum, term) => sum + idf(term), 0) / concept.main.length : 0;
    total += weight;
    if (concept.main.some((term) => present.has(term)) || concept.alternatives.some((term) => present.has(term))) held += weight;
  }
  return total > 0 ? held / total : 0;
}

const LIST_ITEMS = 15;
const LIST_CHARACTERS = 1500;
const ITEM_CHARACTERS = 300;

/**
 * When the unit `at` ends with a sentence ending in ":" (the list's first items may follow it in
 * the same unit), that sentence and the list items after it, one a line, read on into the next
 * passages of the same page; at most LIST_ITEMS items and about LIST_CHARACTERS characters. Null
 * when the unit announces no list or no item follows.
 */
function withList(passage: Passage, units: Unit[], at: number): string | null {
  const lines = (units[at] as Unit).text.split('\n').map((line) => line.trim()).filter(Boolean);
  const colon = lines.findLastIndex((line) => /:$/.test(line));
  if (colon < 0 || !lines.slice(colon + 1).every(isListItem)) return null;
  const intro = oneLine(lines.slice(0, colon + 1).join(' '));
  const items: string[] = [];
  const seen = new Set<string>([foldText((units[at] as Unit).text.replace(/\s+/g, ' '))]);
  let length = intro.length;
  let ended = false;
  const add = (line: string) => {
    if (items.length >= LIST_ITEMS || length + line.length > LIST_CHARACTERS) return false;
    items.push(line);
    length += line.length + 1;
    return true;
  };
  // An item: its line and the lines that carry on its sentence; a sentence that starts after an
  // item ended with a full stop is no longer the list.
  const take = (unitLines: string[]) => {
    for (const line of unitLines) {
      if (isListItem(line)) {
        if (!add(line)) return (ended = true);
        continue;
      }
      const last = items[items.length - 1];
      if (last === undefined || (last.length > 6 && /[.!?]$/.test(last) && /^[A-ZÀ-Ý]/u.test(line))) return (ended = true);
      items[items.length - 1] = `${last} ${line}`;
      length += line.length + 1;
    }
    return false;
  };
  // A list written without bullets: lines ended by ";" (the last one by a full stop).
  const plainItem = (unitLines: string[]) => {
    const last = items[items.length - 1];
    return unitLines.length === 1 && (unitLines[0] as string).length <= 250 && (last === undefined ? /;$/.test(unitLines[0] as string) : /;$/.test(last));
  };
  take(lines.slice(colon + 1));
  let current = passage;
  let rest = units.slice(at + 1);
  let overlap = false;
  while (!ended) {
    for (const unit of rest) {
      const key = foldText(unit.text.replace(/\s+/g, ' '));
      // A passage starts with the last unit of the one before it.
      if (overlap && seen.has(key)) continue;
      overlap = false;
      seen.add(key);
      const unitLines = unit.text.split('\n').map((line) => line.trim()).filter(Boolean);
      if (isListItem(unitLines[0] ?? '') ? take(unitLines) : !plainItem(unitLines) || !add(unitLines[0] as string)) {
        ended = true;
        break;
      }
    }
    if (ended) break;
    // The list goes on into the next passage of the same page.
    const index = owners.get(current);
    const next = index?.passages[(places.get(current) ?? -2) + 1];
    if (!next || next.documentId !== current.documentId || next.entry !== current.entry || next.page !== current.page) break;
    current = next;
    rest = splitUnits(next.text);
    overlap = true;
  }
  if (items.length === 0) return null;
  return [intro, ...items.map((item) => cut(oneLine(item), ITEM_CHARACTERS))].join('\n');
}

export function extractiveAnswer(question: string, hits: Hit[]): { answer: string; citations: Citation[] } | null {
  const read = hits.slice(0, HITS_READ);
  if (read.length === 0 || coverage(question, read.slice(0, 3).map((hit) => hit.passage)) < MIN_COVERAGE) return null;
  const terms = queryTerms(question);
  const intent = intentOf(question);
  const top = read[0]?.score || 1;
  type Candidate = { hit: Hit; text: string; score: number; units: Unit[]; at: number };
  const candidates: Candidate[] = [];
  for (const hit of read) {
    const index = owners.get(hit.passage);
    const prior = 0.7 + (0.3 * hit.score) / top;
    const units = splitUnits(hit.passage.text);
    for (const [at, unit] of units.entries()) {
      const words = lexemes(unit.text);
      if (words.length === 0) continue;
      const counts = new Map<string, number>();
      for (const word of words) counts.set(word, (counts.get(word) ?? 0) + 1);
      let lexical = 0;
      for (const [term, weight] of terms) {
        const tf = counts.get(term);
        if (tf) lexical += weight * (index ? index.idf(term) : 1) * saturate(tf, words.length, SENTENCE_AVERAGE);
      }
      if (lexical > 0) candidates.push({ hit, text: oneLine(unit.text), score: lexical * prior * intentBonus(intent, unit.text, true), units, at });
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
    // A sentence that announces a list ("…les pièces suivantes :") is quoted with the list.
    const listed = withList(candidate.hit.passage, candidate.units, candidate.at);
    const quoted = listed ? { ...candidate, text: listed } : candidate;
    chosen.push(quoted);
    length += quoted.text.length;
    if (listed) for (const line of listed.split('\n')) seen.add(foldText(line));
  }
  const answer = chosen.map((c) => `« ${c.text.includes('\n') ? c.text : cut(c.text, 400)} » (${c.hit.passage.fileName}, p. ${c.hit.passage.page})`).join('\n');
  const citations: Citation[] = [];
  for (const c of chosen) {
    const excerpt = cut(oneLine(c.text), 300);
    const { documentId, entry, fileName, page } = c.hit.passage;
    if (!citations.some((x) => x.documentId === documentId && x.page === page && x.entry === entry && x.excerpt === excerpt)) {
      citations.push({ documentId, entry, fileName, page, excerpt });
    }
  }
  return { answer, citations };
}
