import { createRequire } from 'node:module';

// snowball-stemmers ships no types; this is the one function we use. It is the Snowball French
// stemmer, the same as PostgreSQL's `french` text search configuration.
type Stemmer = { stem(word: string): string };
const snowball = createRequire(import.meta.url)('snowball-stemmers') as { newStemmer(language: string): Stemmer };
const stemmer = snowball.newStemmer('french');

/** Lower case, œ → oe, æ → ae, diacritics removed: the folding the DB applies before `to_tsvector('french', …)`. */
export function foldText(text: string): string {
  return text
    .toLowerCase()
    .replace(/œ/g, 'oe')
    .replace(/æ/g, 'ae')
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '');
}

// PostgreSQL's french stop words, folded, plus the words of a question ("quel", "faut-il") and
// a few verbs every tender sentence has. Content words a question relies on ("date", "limite",
// "délai", "combien" aside) are kept.
const STOP_WORDS = new Set(
  `au aux avec ce ces dans de des du elle en et eux il je la le leur lui ma mais me meme mes moi mon ne nos notre nous on ou par pas pour qu que qui sa se ses son sur ta te tes toi ton tu un une vos votre vous c d j l a m n s t y
  ete etee etees etes etant suis es est sommes etes sont serai seras sera serons serez seront serais serait serions seriez seraient etais etait etions etiez etaient fus fut fumes futes furent sois soit soyons soyez soient fusse fusses fut fussions fussiez fussent
  ayant eu eue eues eus ai as avons avez ont aurai auras aura aurons aurez auront aurais aurait aurions auriez auraient avais avait avions aviez avaient eut eumes eutes eurent aie aies ait ayons ayez aient eusse eusses eut eussions eussiez eussent
  ceci cela celui celle ceux celles cet cette ci la ici y quand quel quelle quels quelles quoi comment combien pourquoi ou lequel laquelle lesquels lesquelles dont
  est-ce ce-que faut faudra faut-il il-y peut peuvent pourra pourrai doit doivent dois devons devez devra devrons devront
  je j moi on nous vous notre nos votre vos mon ma mes leur leurs ton ta tes son sa ses
  si sinon aussi donc alors ainsi tout tous toute toutes autre autres meme memes tres plus moins bien
  sera etre avoir fait faire dit dire devrait devraient pourrait pourraient sous les afin lors lorsque selon entre chaque puis`
    .split(/\s+/)
    .filter(Boolean),
);

const stems = new Map<string, string>();
function stem(word: string): string {
  let out = stems.get(word);
  if (out === undefined) {
    out = /^\d/.test(word) ? word : stemmer.stem(word);
    if (stems.size < 200_000) stems.set(word, out);
  }
  return out;
}

/** The words of a text, folded, split at apostrophes, hyphens and punctuation (no stemming, stop words kept). */
export const words = (text: string): string[] => foldText(text).split(/[^a-z0-9]+/).filter(Boolean);

/** A word that carries meaning: not a stop word, not a lone letter. */
export const isContentWord = (word: string) => !STOP_WORDS.has(word) && (word.length > 1 || /\d/.test(word));

/** French lexemes of a text, in order: folded, split, stop words dropped, Snowball-stemmed. */
export function lexemes(text: string): string[] {
  const out: string[] = [];
  for (const word of words(text)) if (isContentWord(word)) out.push(stem(word));
  return out;
}

// English function words, dropped from a question asked in English (its content words are
// translated by ENGLISH_TERMS or looked up as they are: "tranche", "infrastructure", "ISO").
// Only for English questions: "are", "long", "an", "do" are French words too.
const ENGLISH_STOP_WORDS = new Set(
  `a an the is are was were be been being am do does did done have has had having will would shall should can could may might must
  what which who whom whose when where why how this that these those there here it its they them their theirs we us our ours you your yours
  i me my he him his she her of for to in on at by with from into onto about as and or but if then than so not no nor any some each every
  all both either neither other another also too very just only much many more most such own same kind sort does get gets got make makes made
  use used using need needs needed apply applies applied ask asked apply ever else per via upon whether long`
    .split(/\s+/)
    .filter(Boolean),
);

// Words that say a question is English rather than French (function words of one language that are not words of the other).
const ENGLISH_CUES = new Set('the is are was were what which who whom whose when where why how does do did there their our your we you they of for to with from and or must should can could would will may might any this that these those it its be been'.split(' '));
const FRENCH_CUES = new Set('le la les des du de et est sont un une quel quelle quels quelles qui que quoi ou dans pour sur avec par au aux faut peut doit nous vous notre nos votre vos il elle ils elles on ce cette ces combien comment quand pourquoi y-a-t-il est-ce'.split(' '));

/** How many English and French function words a text has, and whether it has French accents. */
export function languageCues(text: string): { english: number; french: number; accents: boolean } {
  let english = 0;
  let french = 0;
  const lower = text.toLowerCase();
  for (const word of foldText(text).replace(/[’‘]/g, "'").split(/[^a-z'-]+/).filter(Boolean)) {
    if (ENGLISH_CUES.has(word)) english++;
    if (FRENCH_CUES.has(word) || /^[ldjnmsc]'/.test(word)) french++;
  }
  return { english, french, accents: /[àâäçéèêëîïôöùûüÿœæ]/.test(lower) };
}

/** The question is English: more English function words than French ones. */
export function isEnglishQuestion(text: string): boolean {
  const cues = languageCues(text);
  return cues.english > cues.french;
}

/** A light English stem, for matching English phrases: "penalties" → "penalty", "submitted" → "submit", "scored" → "scor". */
export function englishStem(word: string): string {
  let w = word;
  if (w.length <= 3) return w;
  if (w.endsWith('ies') && w.length > 4) w = `${w.slice(0, -3)}y`;
  else if (w.endsWith('ied') && w.length > 4) w = `${w.slice(0, -3)}y`;
  else if (w.endsWith('sses')) w = w.slice(0, -2);
  else if (w.endsWith('s') && !/(ss|us|is)$/.test(w)) w = w.slice(0, -1);
  if (w.endsWith('ing') && w.length > 5) w = w.slice(0, -3);
  else if (w.endsWith('ed') && w.length > 4) w = w.slice(0, -2);
  if (/([b-df-hj-np-tv-z])\1$/.test(w) && !/(ll|ss|zz)$/.test(w)) w = w.slice(0, -1);
  if (w.endsWith('e') && w.length > 3) w = w.slice(0, -1);
  return w;
}

/** One word of a question: its French lexeme (for the index) and its English stem (for ENGLISH_TERMS). */
export type QuestionToken = { lexeme: string; english: string };

/**
 * The content words of a question, in order: French stop words dropped, and English function
 * words too when `english` (an English question, or an English phrase of the lexicon).
 */
export function questionTokens(text: string, english: boolean): QuestionToken[] {
  const out: QuestionToken[] = [];
  for (const word of words(text)) {
    if (!isContentWord(word) || (english && ENGLISH_STOP_WORDS.has(word))) continue;
    out.push({ lexeme: stem(word), english: englishStem(word) });
  }
  return out;
}

/** The words of a question that carry meaning in either language: French stop words and English function words aside, folded, not stemmed. */
export const meaningfulWords = (text: string): string[] => words(text).filter((word) => isContentWord(word) && !ENGLISH_STOP_WORDS.has(word));
