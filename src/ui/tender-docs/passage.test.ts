import { describe, expect, it } from 'vitest';
import { findPassage } from './passage';

const marked = (text: string, passage: string) => {
  const span = findPassage(text, passage);
  return span ? text.slice(span.start, span.end) : null;
};

describe('findPassage', () => {
  it('spans every line of a passage quoted across line breaks and column spacing', () => {
    const text = 'Article 5\nDate et heure limites de réception des offres :\n        MERCREDI 15 JUILLET 2026 A 12:00\nSuite.';
    expect(marked(text, '« Date et heure limites de réception des offres : MERCREDI 15 JUILLET 2026 A 12:00 »')).toBe('Date et heure limites de réception des offres :\n        MERCREDI 15 JUILLET 2026 A 12:00');
  });

  it('joins a word hyphenated at the end of a line, as the quote has it', () => {
    const text = 'Le titulaire assure la coordi-\n   nation des travaux avec les autres lots et la\nréception.';
    expect(marked(text, 'assure la coordination des travaux avec les autres lots et la réception.')).toBe('assure la coordi-\n   nation des travaux avec les autres lots et la\nréception.');
  });

  it('reads past 40 words, through curly quotes and ligatures', () => {
    const words = Array.from({ length: 60 }, (_, i) => `mot${i}`);
    const text = `Début. ${words.slice(0, 30).join(' ')}\n${words.slice(30).join('  ')} fin.`;
    expect(marked(text, `${words.join(' ')} fin.`)).toBe(`${words.slice(0, 30).join(' ')}\n${words.slice(30).join('  ')} fin.`);
    expect(marked('L’offre est déﬁnie\npar le candidat.', "L'offre est définie par le candidat.")).toBe('L’offre est déﬁnie\npar le candidat.');
  });

  it('a passage cut with "…" spans its pieces; one the page only begins is found by its head; nothing otherwise', () => {
    const text = 'Les pénalités de retard sont fixées\nà 1/500 du montant par jour calendaire\nde retard, sans mise en demeure.';
    expect(marked(text, 'Les pénalités de retard … sans mise en demeure.')).toBe(text);
    expect(marked(text, 'Les pénalités de retard sont fixées à 1/3000')).toBe('Les pénalités de retard sont fixées\nà');
    expect(findPassage(text, 'Rien de tout cela ici')).toBeNull();
    expect(findPassage(text, '« »')).toBeNull();
  });
});
