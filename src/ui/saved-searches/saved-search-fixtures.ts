import type { SavedSearch } from './SavedSearchesCard';

export const heatingSearch: SavedSearch = {
  _id: 'b1000000-0000-4000-8000-000000000001',
  companyId: 'c1000000-0000-4000-8000-000000000001',
  name: 'Chauffage – Isère et Savoie',
  keywords: [],
  cpvCodes: ['45331000-6'],
  departments: ['38', '73'],
  regions: [],
  amountMin: null,
  amountMax: null,
  buyers: [],
  alerts: true,
  createdBy: { _id: 'd1000000-0000-4000-8000-000000000001', username: 'Claire Durand' },
  canEdit: true,
  createdAt: '2026-03-01T08:00:00.000Z',
  updatedAt: '2026-03-01T08:00:00.000Z',
};

export const schoolsSearch: SavedSearch = {
  _id: 'b1000000-0000-4000-8000-000000000002',
  companyId: 'c1000000-0000-4000-8000-000000000001',
  name: 'Écoles – réhabilitation',
  keywords: ['réhabilitation école', 'rénovation école'],
  cpvCodes: [],
  departments: [],
  regions: ['Auvergne-Rhône-Alpes'],
  amountMin: 200_000,
  amountMax: null,
  buyers: [],
  alerts: false,
  createdBy: { _id: 'd1000000-0000-4000-8000-000000000002', username: 'Julien Martin' },
  canEdit: false,
  createdAt: '2026-03-02T08:00:00.000Z',
  updatedAt: '2026-03-02T08:00:00.000Z',
};

export const savedSearchesFixture = [heatingSearch, schoolsSearch];
