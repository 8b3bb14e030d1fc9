import { describe, expect, it } from 'vitest';
import fr from '../../locales/fr/translation.json';
import en from '../../locales/en/translation.json';

const french = fr as Record<string, string>;
const english = en as Record<string, string>;

describe('the English catalogue', () => {
  it('has every French key', () => {
    expect(Object.keys(french).filter((key) => !(key in english))).toEqual([]);
  });

  // Issue 10: "Départements" showed in the English interface. A word with French accents copied
  // as is into the English catalogue is an untranslated string (proper names aside: none so far).
  it('leaves no French word untranslated', () => {
    const untranslated = Object.keys(english).filter((key) => english[key] === french[key] && /[éèêàçôûî]/i.test(english[key]!));
    expect(untranslated).toEqual([]);
  });
});
