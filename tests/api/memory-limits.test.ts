// limitsOf (server/domains/memories/outline.ts): the memory's length limit a new memory carries,
// from the DCE analysis's fact memoryPageLimit when it has one, else from the RC's words.
import { describe, expect, it } from 'vitest';
import { limitsOf } from '../../server/domains/memories/outline';

const rcPage = (body: string) => ({ documentId: 'rc', entry: null, fileName: 'RC.pdf', page: 4, body });

describe('limitsOf', () => {
  it('takes the pages or words of the fact as the DCE analysis writes it, the layout aside', () => {
    const fact = { key: 'memoryPageLimit', value: { pages: 20, format: 'A4', fontSize: 11, annexesIncluded: false } };
    expect(limitsOf([fact], [], new Set())).toEqual({ pages: 20 });
    expect(limitsOf([{ key: 'memoryPageLimit', value: { words: 5000 } }], [], new Set())).toEqual({ words: 5000 });
    expect(limitsOf([{ key: 'memoryPageLimit', value: { pages: 12, words: 4000 } }], [], new Set())).toEqual({ pages: 12, words: 4000 });
  });

  it('prefers the fact (a person may have corrected it) to the RC text', () => {
    const corrected = { key: 'memoryPageLimit', value: { pages: 25 } };
    expect(limitsOf([corrected], [rcPage('Le mémoire technique ne devra pas excéder 20 pages.')], new Set(['rc']))).toEqual({ pages: 25 });
  });

  it('still reads a bare number, and the RC when there is no fact', () => {
    expect(limitsOf([{ key: 'memoryPageLimit', value: 15 }], [], new Set())).toEqual({ pages: 15 });
    expect(limitsOf([], [rcPage('Le mémoire technique ne devra pas excéder 20 pages.')], new Set(['rc']))).toEqual({ pages: 20 });
    expect(limitsOf([], [rcPage('Le mémoire technique présente la méthodologie.')], new Set(['rc']))).toBeNull();
  });
});
