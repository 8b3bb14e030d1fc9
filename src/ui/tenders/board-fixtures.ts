import type { BoardTender } from '../../machines/tenders-board.machine';
import { listRowOf, tenderGymnase, tenderJeanMoulin, tenderRoutes } from './tender-fixtures';

/** The board's cards: one tender not started, one in progress, one submitted, one won. */
export const boardTenders: BoardTender[] = [
  listRowOf(tenderRoutes),
  listRowOf(tenderJeanMoulin),
  listRowOf(tenderGymnase),
  { ...listRowOf(tenderJeanMoulin), _id: '8c3f1d6b-5e0a-4f4d-8b92-3d4e5f6a7b82', status: 'won', tenderCall: { ...listRowOf(tenderJeanMoulin).tenderCall, reference: 'AO-2025-117', title: 'Réfection de la cour de l’école Pasteur' } },
];

export const boardRefusal = "Ce changement de statut n'est pas possible : le dossier a changé entre-temps.";
export const boardLoadError = 'Erreur interne du serveur. Réessayez dans un instant.';
export const boardReopenReason = 'Bordereau de prix à corriger.';
