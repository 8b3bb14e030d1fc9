import type { MemoryThread } from '../../machines/memory-comments.machine';

// Threads of the demo memory's "Méthodologie" section, for stories and view tests.
export const COMMENT_SECTION = '9e8d7c6b-5a4f-4e3d-8c2b-1a0f9e8d7c6b';
const MEMORY = '5c4e7a10-2b3c-4d5e-8f90-1a2b3c4d5e6f';
export const CLAIRE = { _id: '3f1e2d3c-4b5a-4697-8877-665544332211', username: 'Claire Martin' };
export const PAUL = { _id: '7a6b5c4d-3e2f-4109-8a7b-6c5d4e3f2a1b', username: 'Paul Roux' };

export const openThread: MemoryThread = {
  _id: 'a1b2c3d4-e5f6-4a7b-8c9d-0e1f2a3b4c5d',
  memoryId: MEMORY,
  sectionId: COMMENT_SECTION,
  quote: 'dépose de la couverture en deux phases',
  resolved: false,
  createdBy: CLAIRE._id,
  createdAt: '2026-11-23T09:12:00.000Z',
  comments: [
    { _id: 'c1c1c1c1-0000-4000-8000-000000000001', author: CLAIRE, body: 'Préciser la durée de chaque phase : le RC la note.', createdAt: '2026-11-23T09:12:00.000Z' },
    { _id: 'c1c1c1c1-0000-4000-8000-000000000002', author: PAUL, body: 'Deux semaines chacune, je complète le tableau.', createdAt: '2026-11-23T10:40:00.000Z' },
  ],
};

export const resolvedThread: MemoryThread = {
  _id: 'b2c3d4e5-f6a7-4b8c-9d0e-1f2a3b4c5d6e',
  memoryId: MEMORY,
  sectionId: COMMENT_SECTION,
  quote: 'filets de sécurité en sous-face',
  resolved: true,
  createdBy: PAUL._id,
  createdAt: '2026-11-22T15:02:00.000Z',
  comments: [{ _id: 'c1c1c1c1-0000-4000-8000-000000000003', author: null, body: 'Citer la norme NF EN 1263-1.', createdAt: '2026-11-22T15:02:00.000Z' }],
};

export const commentDraft = { sectionId: COMMENT_SECTION, quote: 'bâchage quotidien des zones découvertes', from: 12, to: 52 };
export const commentRefusal = 'Le champ « Commentaire » doit contenir au plus 5000 caractères.';
export const commentsLoadError = 'Le serveur ne répond pas. Vérifiez votre connexion puis réessayez.';
