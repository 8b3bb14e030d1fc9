import { describe, expect, it } from 'vitest';
import { uniqueName } from './names';

describe('uniqueName', () => {
  it('gives the base, then the first free number among the siblings', () => {
    expect(uniqueName('Mémoire technique — Lycée', [])).toBe('Mémoire technique — Lycée');
    expect(uniqueName('Mémoire technique — Lycée', ['Mémoire technique — Lycée'])).toBe('Mémoire technique — Lycée (2)');
    expect(uniqueName('Mémoire technique — Lycée', ['mémoire technique — lycée ', 'Mémoire technique — Lycée (2)'])).toBe('Mémoire technique — Lycée (3)');
  });

  it('stays within the length a title may have, the number kept', () => {
    const long = 'x'.repeat(200);
    expect(uniqueName(long, [long])).toBe(`${'x'.repeat(196)} (2)`);
  });
});
