// How many pages each section of a laid-out memory takes (issue 25): the heading found in the
// PDF's lines, not its table-of-contents entry nor a sentence starting with the same words.
import { describe, expect, it } from 'vitest';
import { headingSpans, pageOverruns } from '../../server/domains/memories/page-spans';
import type { LaidOutPage } from '../../server/extraction/pdf';

const page = (...lines: [string, number][]): LaidOutPage => ({ lines: lines.map(([text, top]) => ({ text, top })) });

const layout: LaidOutPage[] = [
  page(['Sommaire', 0.1], ['1. Organisation du chantier ........ 2', 0.2], ['2. Moyens humains et matériels ..... 3', 0.25], ['2.1. Encadrement ..... 3', 0.3]),
  page(['1. Organisation du chantier', 0.1], ['Organisation du chantier : la base vie est installée dès le premier jour.', 0.2], ['Suite du texte.', 0.9]),
  page(['Fin de la partie une.', 0.1], ['2. Moyens humains et', 0.5], ['matériels', 0.53], ['Texte.', 0.6]),
  page(['2.1. Encadrement', 0.1], ['Le chef de chantier est présent chaque jour.', 0.2], ['Dernière ligne.', 0.5]),
];

describe('a section\u2019s pages in the laid-out memory', () => {
  it('runs from its heading to the next one, past the table of contents and sentences that begin with its words', () => {
    const spans = headingSpans(layout, ['Organisation du chantier', 'Moyens humains et matériels', 'Encadrement']);
    // From its heading to the foot of its last line (a line is 0.02 of a page): page 2 at 0.1 to page 3 at 0.1;
    // page 3 at 0.5 to 0.6; page 4 at 0.1 to 0.5.
    expect(spans).toEqual([1.02, 0.12, 0.42]);
  });

  it('leaves out a heading it cannot find, and the section before it runs on to the next one found', () => {
    expect(headingSpans(layout, ['Organisation du chantier', 'Une partie supprimée', 'Encadrement'])).toEqual([1.52, null, 0.42]);
  });

  it('compares each section with its frame item\u2019s page limit, with a line\u2019s tolerance', () => {
    const sections = [
      { id: 'a', frameItem: { number: '1', limit: { pages: 1, excerpt: '1 page maximum' } } },
      { id: 'b', frameItem: { number: '2', limit: { pages: 1, excerpt: '1 page maximum' } } },
      { id: 'c', frameItem: { number: '3', limit: { characters: 500, excerpt: '500 caractères' } } },
    ];
    expect(pageOverruns([{ sectionId: 'a', pages: 1.4 }, { sectionId: 'b', pages: 1.01 }, { sectionId: 'c', pages: 3 }], sections)).toEqual([{ sectionId: 'a', number: '1', pages: 1.4, max: 1 }]);
  });
});
