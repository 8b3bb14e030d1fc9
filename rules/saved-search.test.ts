import { describe, expect, it } from 'vitest';
import { compileSearch, cpvNode, criteriaSummary, departementsOfRegions, hasCriterion, matchesSearch, regionName, type SavedSearchCriteria, type SearchedCall } from './saved-search';

const none: SavedSearchCriteria = { keywords: [], cpvCodes: [], departments: [], regions: [], amountMin: null, amountMax: null, buyers: [] };
const call = (over: Partial<SearchedCall> = {}): SearchedCall => ({
  title: 'Rénovation du chauffage de l’École Jean Moulin',
  description: 'Remplacement des chaudières gaz.',
  lotTitles: ['Lot 1 — Génie climatique'],
  cpvCodes: ['45331100-7'],
  department: '38',
  region: 'Auvergne-Rhône-Alpes',
  estimatedAmount: 250_000,
  buyer: 'Commune de Saint-Égrève',
  ...over,
});
const matches = (criteria: Partial<SavedSearchCriteria>, c: SearchedCall = call()) => matchesSearch(c, compileSearch({ ...none, ...criteria }));

describe('saved search matching', () => {
  it('keywords: case, accents and plurals ignored; every word of a keyword starts a word of the title, description or lots', () => {
    expect(matches({ keywords: ['ECOLES'] })).toBe(true);
    expect(matches({ keywords: ['chaudiere'] })).toBe(true);
    expect(matches({ keywords: ['génie climatique'] })).toBe(true);
    expect(matches({ keywords: ['chauf'] })).toBe(true);
    expect(matches({ keywords: ['toiture'] })).toBe(false);
    // Any keyword is enough; all the words of one are needed.
    expect(matches({ keywords: ['toiture', 'chauffage'] })).toBe(true);
    expect(matches({ keywords: ['chauffage toiture'] })).toBe(false);
    // A word's middle is not its start.
    expect(matches({ keywords: ['auffage'] })).toBe(false);
  });

  it('CPV: a saved code is a node of the tree; the check digit is ignored', () => {
    expect(cpvNode('45000000-7')).toBe('45');
    expect(cpvNode('45300000')).toBe('453');
    expect(cpvNode('45331000')).toBe('45331');
    expect(cpvNode('00000000')).toBe('00');
    expect(matches({ cpvCodes: ['45000000'] }, call({ cpvCodes: ['45210000-2'] }))).toBe(true);
    expect(matches({ cpvCodes: ['45331000-6'] })).toBe(true);
    expect(matches({ cpvCodes: ['45331000'] }, call({ cpvCodes: ['45332000'] }))).toBe(false);
    expect(matches({ cpvCodes: ['45300000'] }, call({ cpvCodes: ['45332000'] }))).toBe(true);
    expect(matches({ cpvCodes: ['45331000'] }, call({ cpvCodes: [] }))).toBe(false);
  });

  it('places: the département, or a region the call is in (by its département or its region)', () => {
    expect(matches({ departments: ['38'] })).toBe(true);
    expect(matches({ departments: ['73'] })).toBe(false);
    expect(matches({ regions: ['Auvergne-Rhône-Alpes'] }, call({ region: null }))).toBe(true);
    expect(matches({ regions: ['Auvergne-Rhône-Alpes'] }, call({ department: null }))).toBe(true);
    expect(matches({ regions: ['Bretagne'] })).toBe(false);
    expect(matches({ departments: ['73'], regions: ['Auvergne-Rhône-Alpes'] })).toBe(true);
    expect(matches({ departments: ['38'] }, call({ department: null, region: null }))).toBe(false);
    expect(regionName('auvergne rhone alpes')).toBe('Auvergne-Rhône-Alpes');
    expect(regionName('Atlantide')).toBeNull();
    expect(departementsOfRegions(['Bretagne'])).toEqual(['22', '29', '35', '56']);
  });

  it('amount: within the range, bounds included; a call with no amount does not match a range', () => {
    expect(matches({ amountMin: 100_000, amountMax: 250_000 })).toBe(true);
    expect(matches({ amountMin: 250_001 })).toBe(false);
    expect(matches({ amountMax: 100_000 })).toBe(false);
    expect(matches({ amountMin: 0 }, call({ estimatedAmount: null }))).toBe(false);
  });

  it('buyers: a substring of the buyer, case and accents ignored', () => {
    expect(matches({ buyers: ['saint-egreve'] })).toBe(true);
    expect(matches({ buyers: ['COMMUNE DE SAINT-ÉGRÈVE'] })).toBe(true);
    expect(matches({ buyers: ['Grenoble'] })).toBe(false);
  });

  it('every criterion is needed (AND), any item of a list is enough (OR)', () => {
    expect(matches({ keywords: ['chauffage'], departments: ['38', '73'], cpvCodes: ['45331000'] })).toBe(true);
    expect(matches({ keywords: ['chauffage'], departments: ['73'] })).toBe(false);
  });

  it('at least one criterion; a summary of them', () => {
    expect(hasCriterion(none)).toBe(false);
    expect(hasCriterion({ ...none, amountMax: 0 })).toBe(true);
    expect(criteriaSummary({ ...none, keywords: ['chauffage'], cpvCodes: ['45331000'], departments: ['38', '73'], amountMin: 50_000, amountMax: 500_000 })).toBe(
      'chauffage · CPV 45331000 · 38, 73 · 50\u202f000\u00a0€ – 500\u202f000\u00a0€',
    );
  });
});
