import { describe, expect, it } from 'vitest';
import { formatEuros, parsePrice } from './price-format';

const norm = (text: string) => text.replace(/[\u202f\u00a0]/g, ' ');

describe('a price typed in a cell', () => {
  it.each([
    ['1.234,50', 'fr', 1234.5],
    ['1 234 567,8', 'fr', 1234567.8],
    ['1.234.567', 'fr', 1234567],
    ['1\u202f234,5', 'fr', 1234.5],
    ['12,50 €', 'fr', 12.5],
    ['1234.5', 'fr', 1234.5],
    ['1.234,50', 'fr', 1234.5],
    ['1 234 567,8', 'fr', 1234567.8],
    ['1.234.567', 'fr', 1234567],
    ['0,125', 'fr', 0.125],
    [',5', 'fr', 0.5],
    ['1,234.50', 'en', 1234.5],
    ['1,234', 'en', 1234],
    ['1,5', 'en', 1.5],
    ['', 'fr', null],
    ['  ', 'fr', null],
  ] as const)('%s (%s) reads %s', (text, language, value) => {
    expect(parsePrice(text, language)).toBe(value);
  });

  it.each(['-3', 'douze', '12,5,0.3', '1.2.3', '1e3', '2000000000'])('%s is no price', (text) => {
    expect(parsePrice(text, 'fr')).toBeUndefined();
  });
});

describe('amounts', () => {
  it('in euros to the cent, in the interface language', () => {
    expect(norm(formatEuros(1234.5, 'fr'))).toBe('1 234,50 €');
    expect(formatEuros(1234.5, 'en')).toBe('€1,234.50');
  });

});
