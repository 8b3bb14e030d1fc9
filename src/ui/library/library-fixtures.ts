// Library blocks for the stories and view tests: a block due for review, one reviewed lately,
// one with no review planned and many tags.
import type { LibraryBlockRow } from './LibraryView';
import { textToDoc } from './block-text';

const COMPANY = 'a0000000-0000-4000-8000-000000000001';

function block(patch: Partial<LibraryBlockRow> & Pick<LibraryBlockRow, '_id' | 'title' | 'text'>): LibraryBlockRow {
  return {
    companyId: COMPANY,
    content: textToDoc(patch.text),
    tags: [],
    cpvCodes: [],
    owner: { _id: 'u0000000-0000-4000-8000-000000000001', username: 'Claire Durand' },
    sourceSectionId: null,
    lastReviewedAt: null,
    reviewDue: '2027-06-30',
    overdue: false,
    version: 1,
    createdAt: '2026-03-02T09:00:00.000Z',
    updatedAt: '2026-03-02T09:00:00.000Z',
    ...patch,
  };
}

export const blockSafety = block({
  _id: 'b0000000-0000-4000-8000-000000000001',
  title: 'Sécurité et prévention sur le chantier',
  text: "La sécurité est la première exigence de nos chantiers : chaque compagnon reçoit un accueil sécurité à son arrivée.\n- PPSPS remis sous 30 jours\n- Port des EPI contrôlé",
  content: textToDoc("La sécurité est la première exigence de nos chantiers : chaque compagnon reçoit un accueil sécurité à son arrivée.\n\n- PPSPS remis sous 30 jours\n- Port des EPI contrôlé"),
  tags: ['Sécurité', 'QSE'],
  cpvCodes: ['45000000-7'],
  owner: { _id: 'u0000000-0000-4000-8000-000000000002', username: 'Julien Martin' },
  lastReviewedAt: '2025-09-20T08:30:00.000Z',
  reviewDue: '2026-09-20',
  overdue: true,
  version: 3,
});

export const blockDemolition = block({
  _id: 'b0000000-0000-4000-8000-000000000002',
  title: 'Méthodologie de démolition',
  text: "Avant toute démolition, le repérage amiante et plomb est vérifié.\nLa démolition se fait par grignotage à la pelle mécanique, avec brumisation.",
  tags: ['Démolition', 'Méthodologie', 'Amiante', 'Environnement', 'Poussières'],
  cpvCodes: ['45111100-9'],
  lastReviewedAt: '2026-09-25T10:00:00.000Z',
  reviewDue: '2027-09-25',
});

export const blockQuality = block({
  _id: 'b0000000-0000-4000-8000-000000000003',
  title: 'Organisation et suivi qualité',
  text: 'Un conducteur de travaux dédié pilote le chantier avec un chef de chantier présent en permanence.',
  tags: [],
  owner: null,
  reviewDue: null,
});

export const libraryRows = [blockQuality, blockDemolition, blockSafety].sort((a, b) => a.title.localeCompare(b.title, 'fr'));

// A refusal of the dialog as the server words it (400 with details per field).
export const libraryRefusal = {
  msg: 'Le champ « Titre » doit contenir au plus 200 caractères.',
  details: [{ field: 'title', msg: 'Le champ « Titre » doit contenir au plus 200 caractères.' }],
};
