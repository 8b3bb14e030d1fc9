import type { DceTemplateRow } from './DceTemplatesView';

// Sample DCE templates for the stories and their tests.
export const voirie: DceTemplateRow = {
  _id: '3c1d2e4f-5a6b-4c7d-8e9f-0a1b2c3d4e5f',
  name: 'Travaux de voirie (MAPA)',
  description: 'Marchés de travaux en procédure adaptée : chaussées, trottoirs, réseaux.',
  documents: [
    { code: 'RC', label: 'Règlement de la consultation', required: true },
    { code: 'AE', label: "Acte d'engagement", required: true },
    { code: 'CCAP', label: 'Cahier des clauses administratives particulières', required: true },
    { code: 'CCTP', label: 'Cahier des clauses techniques particulières', required: true },
    { code: 'DQE', label: 'Détail quantitatif estimatif', required: false },
    { code: 'PLANS', label: 'Plans', required: false },
  ],
  usedBy: 3,
  createdAt: '2026-01-12T08:00:00.000Z',
  updatedAt: '2026-02-03T10:15:00.000Z',
};

export const moe: DceTemplateRow = {
  _id: '7e8f9a0b-1c2d-4e3f-9a4b-5c6d7e8f9a0b',
  name: "Maîtrise d'œuvre",
  description: '',
  documents: [
    { code: 'RC', label: 'Règlement de la consultation', required: true },
    { code: 'MT', label: 'Mémoire technique', required: true },
  ],
  usedBy: 0,
  createdAt: '2026-01-20T08:00:00.000Z',
  updatedAt: '2026-01-20T08:00:00.000Z',
};

export const inUseWarning =
  "Le modèle « Travaux de voirie (MAPA) » est utilisé par 3 appels d'offres : leur liste de documents attendus changera aussi. Confirmez pour appliquer la modification.";

/** A server refusal's detail (400) on the template's name, as the error handler words it. */
export const nameRefusal = { field: 'name', msg: 'Le champ « Nom » doit contenir au plus 120 caractères.' };
