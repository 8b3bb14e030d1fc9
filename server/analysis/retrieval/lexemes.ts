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
