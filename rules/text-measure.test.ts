import { describe, expect, it } from 'vitest';
import { overruns, textMeasure } from './text-measure';

describe('textMeasure', () => {
  it('counts characters with spaces, a run of white space as one, and whole words with their apostrophes and hyphens', () => {
    expect(textMeasure("  L'offre  de\n\nmise-en-service  ")).toEqual({ characters: 26, words: 3 });
    expect(textMeasure('Délai : 3 semaines.')).toEqual({ characters: 19, words: 3 });
    expect(textMeasure('')).toEqual({ characters: 0, words: 0 });
  });
});

describe('overruns', () => {
  it('reports each limit exceeded, and none at the limit', () => {
    expect(overruns('un deux trois', { words: 3 })).toEqual([]);
    expect(overruns('un deux trois quatre', { words: 3, characters: 10 })).toEqual([
      { limit: 'characters', max: 10, actual: 20 },
      { limit: 'words', max: 3, actual: 4 },
    ]);
    expect(overruns('texte', null)).toEqual([]);
  });
});
