// The shape a person's correction of memoryPageLimit must have (server/domains/dce-analyses/fact-values.ts).
import { describe, expect, it } from 'vitest';
import { checkFactValue } from '../../server/domains/dce-analyses/fact-values';

describe('checkFactValue memoryPageLimit', () => {
  it('takes a limit in pages or words, with its layout', () => {
    expect(() => checkFactValue('memoryPageLimit', { pages: 20, format: 'A4', fontSize: 11, annexesIncluded: false })).not.toThrow();
    expect(() => checkFactValue('memoryPageLimit', { words: 5000 })).not.toThrow();
  });

  it('refuses a limit of nothing, a zero, and fields of its own', () => {
    expect(() => checkFactValue('memoryPageLimit', {})).toThrow();
    expect(() => checkFactValue('memoryPageLimit', { format: 'A4' })).toThrow();
    expect(() => checkFactValue('memoryPageLimit', { pages: 0 })).toThrow();
    expect(() => checkFactValue('memoryPageLimit', { pages: 20, margins: 2 })).toThrow();
    expect(() => checkFactValue('memoryPageLimit', 20)).toThrow();
  });
});
