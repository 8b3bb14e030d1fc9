// How long a memory's text is, counted the way buyers set their limits ("10 000 caractères
// espaces compris", "2 000 mots"): the server refuses an export over them unless confirmed, and
// the editor shows the same counts as the writer types (issue 25).

/** Words: runs of letters or digits, an apostrophe or hyphen inside one ("l'offre", "mise-en-service") keeping it whole. */
export const wordCount = (text: string) => (text.match(/[\p{L}\p{N}][\p{L}\p{N}'’-]*/gu) ?? []).length;

/** Characters, spaces included, with each run of white space as one space; and words. */
export function textMeasure(text: string): { characters: number; words: number } {
  const flat = text.replace(/\s+/g, ' ').trim();
  return { characters: [...flat].length, words: wordCount(flat) };
}

export type TextLimit = { characters?: number; words?: number };
export type LimitOverrun = { limit: 'characters' | 'words'; max: number; actual: number };

/** Where a text is over its limit: each of characters and words the limit sets. */
export function overruns(text: string, limit: TextLimit | null | undefined): LimitOverrun[] {
  if (!limit) return [];
  const measure = textMeasure(text);
  const over: LimitOverrun[] = [];
  if (limit.characters && measure.characters > limit.characters) over.push({ limit: 'characters', max: limit.characters, actual: measure.characters });
  if (limit.words && measure.words > limit.words) over.push({ limit: 'words', max: limit.words, actual: measure.words });
  return over;
}
