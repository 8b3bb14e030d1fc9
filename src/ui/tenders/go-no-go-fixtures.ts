import type { GoNoGo } from '../../machines/go-no-go.machine';

const WEIGHTS: GoNoGo['weights'] = { strategic_fit: 3, capacity: 2, technical_match: 5, references: 1, price: 4, risk: 0 };

/** A grid filled by the team: 3·4 + 2·2 + 5·3 + 1·1 + 4·2 + 0·0 = 40 of 60 → 67 %. */
export const filledGrid: GoNoGo = {
  criteria: [
    { criterion: 'strategic_fit', rating: 4, note: 'Cœur de métier : toitures de gymnases' },
    { criterion: 'capacity', rating: 2, note: 'Deux chantiers en juin' },
    { criterion: 'technical_match', rating: 3, note: '' },
    { criterion: 'references', rating: 1, note: '' },
    { criterion: 'price', rating: 2, note: '' },
    { criterion: 'risk', rating: 0, note: '' },
  ],
  weights: WEIGHTS,
  score: 67,
  decision: null,
  reason: null,
  decidedBy: null,
  decidedAt: null,
  version: 3,
};

export const emptyGrid: GoNoGo = { ...filledGrid, criteria: filledGrid.criteria.map((c) => ({ ...c, rating: 0, note: '' })), score: 0, version: 0 };

export const noGoGrid: GoNoGo = {
  ...filledGrid,
  decision: 'no_go',
  reason: 'Plan de charge complet en juin : pas de chef de chantier disponible.',
  decidedBy: { _id: 'u0000000-0000-4000-8000-000000000001', username: 'Claire Martin' },
  decidedAt: '2026-06-22T08:40:00.000Z',
  version: 4,
};

export const goGrid: GoNoGo = { ...noGoGrid, decision: 'go', reason: null };

export const goNoGoMessages = {
  loadError: 'Aucune réponse du serveur.',
  conflict: 'Quelqu’un a modifié la grille entre-temps. Voici sa version actuelle : reportez-y vos notes.',
  closed: 'La décision Go / No-Go n’est plus possible : l’appel d’offres est déjà déposé ou clos.',
  reason: 'Plan de charge complet en juin.',
};

export const shownOf = (grid: GoNoGo) => grid.criteria.map((c) => ({ ...c }));
