// The demo company's two organisation charts, as a mid-sized French building contractor draws
// them: the whole company (normal) and the team of one construction site (construction). Each kind
// is written only when the company has none, so a chart edited in the demo keeps its edits.
import type { Database } from './client';
import { organigrammes } from './schema';
import { normalisePositions, treeProblem, type PositionInput } from '../../rules/organigramme-tree';

export const DEMO_GLOBAL_CHART: PositionInput[] = [
  {
    _id: 'dg',
    parentId: null,
    title: 'Direction générale',
    name: 'Claire Durand',
    contact: 'c.durand@durand-batiment.fr',
  },
  {
    _id: 'dt',
    parentId: 'dg',
    title: 'Direction technique',
    name: 'Philippe Garnier',
    contact: 'p.garnier@durand-batiment.fr',
  },
  {
    _id: 'daf',
    parentId: 'dg',
    title: 'Direction administrative et financière',
    name: 'Isabelle Moreau',
    contact: 'i.moreau@durand-batiment.fr',
  },
  {
    _id: 'ct1',
    parentId: 'dt',
    title: 'Conducteur de travaux — gros œuvre',
    name: 'Julien Martin',
    contact: '06 71 42 18 90',
  },
  {
    _id: 'ct2',
    parentId: 'dt',
    title: 'Conductrice de travaux — réhabilitation',
    name: 'Amandine Roussel',
    contact: '06 84 27 53 12',
  },
  {
    _id: 'be',
    parentId: 'dt',
    title: "Responsable du bureau d'études",
    name: 'Thomas Lambert',
    contact: 't.lambert@durand-batiment.fr',
  },
  {
    _id: 'eco',
    parentId: 'be',
    title: 'Économiste de la construction',
    name: 'Sarah Benhamou',
    contact: 's.benhamou@durand-batiment.fr',
  },
  {
    _id: 'qse',
    parentId: 'dt',
    title: 'Responsable QSE',
    name: 'Karim Haddad',
    contact: '06 33 58 04 71',
  },
  {
    _id: 'compta',
    parentId: 'daf',
    title: 'Comptable',
    name: 'Nathalie Perrin',
    contact: 'n.perrin@durand-batiment.fr',
  },
  {
    _id: 'marches',
    parentId: 'daf',
    title: 'Chargée des marchés publics',
    name: 'Élodie Fontaine',
    contact: 'e.fontaine@durand-batiment.fr',
  },
  {
    _id: 'rh',
    parentId: 'daf',
    title: 'Ressources humaines',
    name: 'Sylvie Chevalier',
    contact: 's.chevalier@durand-batiment.fr',
  },
];

export const DEMO_SITE_CHART: PositionInput[] = [
  {
    _id: 'ddt',
    parentId: null,
    title: 'Directeur de travaux',
    name: 'Philippe Garnier',
    contact: '06 12 45 78 90',
  },
  {
    _id: 'qse',
    parentId: 'ddt',
    title: 'Responsable QSE',
    name: 'Karim Haddad',
    contact: '06 33 58 04 71',
  },
  {
    _id: 'cdt',
    parentId: 'ddt',
    title: 'Conducteur de travaux',
    name: 'Julien Martin',
    contact: '06 71 42 18 90',
  },
  {
    _id: 'cdc',
    parentId: 'cdt',
    title: 'Chef de chantier',
    name: 'Laurent Blanc',
    contact: '06 45 19 62 37',
  },
  {
    _id: 'ceq-go',
    parentId: 'cdc',
    title: "Chef d'équipe gros œuvre",
    name: 'Mehdi Saïdi',
    contact: '06 58 21 74 03',
  },
  {
    _id: 'ceq-fin',
    parentId: 'cdc',
    title: "Chef d'équipe second œuvre",
    name: 'Antoine Mercier',
    contact: '06 92 36 81 15',
  },
  {
    _id: 'ceq-vrd',
    parentId: 'cdc',
    title: "Chef d'équipe VRD",
    name: 'Rui Oliveira',
    contact: '06 27 64 90 48',
  },
];

export async function seedDemoOrganigrammes(db: Database, companyId: string): Promise<void> {
  for (const [type, chart] of [
    ['normal', DEMO_GLOBAL_CHART],
    ['construction', DEMO_SITE_CHART],
  ] as const) {
    const positions = normalisePositions(chart);
    // The demo obeys the same rules as the API.
    const problem = treeProblem(positions);
    if (problem) throw new Error(`Demo ${type} chart: ${problem.key} (${problem.positionIds.join(', ')})`);
    await db.insert(organigrammes).values({ companyId, type, positions }).onConflictDoNothing();
  }
}
