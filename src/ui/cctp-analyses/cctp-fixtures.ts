import type { components } from '../../../openapi/schema';
import type { CctpAnalysis, CctpAnalysisSummary, CctpRequirement } from './CctpAnalysisView';

// The requirements matrix of the real Grenoble INP CCTP (2026FCSSA0025), as the server answers it.
export const tenderId = '5e6f7a8b-9c0d-4e1f-8a2b-3c4d5e6f7a8b';
const cctp = { documentId: 'd0000000-0000-4000-8000-000000000023', entry: null, fileName: 'CCTP_2026FCSSA0025 v2.pdf' };
export const members = [
  { _id: 'u0000000-0000-4000-8000-000000000001', username: 'Claire Martin' },
  { _id: 'u0000000-0000-4000-8000-000000000002', username: 'Julien Robert' },
];
const updatedAt = '2026-06-22T09:00:00.000Z';

let seq = 0;
const requirement = (page: number, number: string, title: string, text: string, kind: CctpRequirement['kind'], patch: Partial<CctpRequirement> = {}): CctpRequirement => ({
  _id: `r0000000-0000-4000-8000-${String(++seq).padStart(12, '0')}`,
  ...cctp,
  page,
  section: { number, title },
  text,
  kind,
  norms: [],
  status: 'todo',
  assignee: null,
  note: null,
  updatedAt,
  ...patch,
  assigneeId: patch.assignee?._id ?? null,
});

export const requirements: CctpRequirement[] = [
  requirement(4, '1', 'Contexte', 'Le système devra permettre la réalisation de PCB sans recours à des procédés chimiques (type photolithographie ou gravure chimique).', 'obligation', {
    status: 'covered',
    assignee: members[0]!,
    note: 'Ablation laser directe : mémoire technique § 2.1.',
  }),
  requirement(4, '3.1.1', 'Surface utile de travail', 'Surface utile minimale : ≥ 200 mm × 300 mm', 'performance', { status: 'covered', assignee: members[0]! }),
  requirement(4, '3.1.2', 'Résolution, précision et vitesse', 'Largeur minimale de piste (track width) : ≤ 100 µm', 'performance', { assignee: members[1]! }),
  requirement(4, '3.1.2', 'Résolution, précision et vitesse', 'Tolérance sur largeur de piste : ± 20 µm maximum', 'performance'),
  requirement(4, '3.1.2', 'Résolution, précision et vitesse', 'Vitesse de structuration : ≥ 10 cm²/min', 'performance'),
  requirement(5, '3.2.2', 'Fabrication double couche', 'Le système devra permettre la fabrication de PCB double face', 'obligation'),
  requirement(5, '3.3.1', 'Fonctions mécaniques requises', "Le système devra permettre de manière intégrée : Changement d'outils automatique avec un minimum de 10 portes outils", 'obligation'),
  requirement(7, '3.9', 'Sécurité', 'Le système devra être conforme à la norme NF EN 60825-1 relative à la sécurité des appareils à laser et à la directive 2006/42/CE.', 'norm', {
    norms: ['NF EN 60825-1', 'directive 2006/42/CE'],
  }),
  requirement(9, '4.2.1', 'Extensions de garantie', 'Le candidat devra proposer des extensions de garantie d’un an et de deux ans au-delà de la garantie contractuelle.', 'warranty', { status: 'not_applicable', note: 'PSE non retenue par notre offre.' }),
  requirement(10, '5', 'Documentation', 'Le titulaire devra fournir la documentation technique et les notices d’utilisation en français, sous format papier et numérique.', 'deliverable'),
  requirement(11, '8', 'Formation', 'Une formation de deux jours sur site des utilisateurs est exigée à la mise en service.', 'training'),
];

const count = (status: CctpRequirement['status']) => requirements.filter((r) => r.status === status).length;

export const doneAnalysis: CctpAnalysis = {
  _id: 'c0000000-0000-4000-8000-000000000001',
  tenderId,
  status: 'done',
  progress: 100,
  documents: [{ ...cctp, pages: 13 }],
  coverage: { total: requirements.length, covered: count('covered'), notApplicable: count('not_applicable'), todo: count('todo') },
  requirements,
  createdBy: { _id: members[0]!._id, username: members[0]!.username },
  createdAt: '2026-06-22T08:30:00.000Z',
  finishedAt: '2026-06-22T08:30:04.000Z',
};

const summary = ({ requirements: _, ...rest }: CctpAnalysis): CctpAnalysisSummary => rest;
export const runningAnalysis: CctpAnalysis = { ...doneAnalysis, _id: 'c0000000-0000-4000-8000-000000000002', status: 'running', progress: 30, requirements: [], coverage: { total: 0, covered: 0, notApplicable: 0, todo: 0 }, finishedAt: null };
export const failedAnalysis: CctpAnalysis = { ...runningAnalysis, _id: 'c0000000-0000-4000-8000-000000000003', status: 'failed', progress: 30, msg: "L'analyse a dépassé son temps limite." };
export const emptyAnalysis: CctpAnalysis = { ...doneAnalysis, _id: 'c0000000-0000-4000-8000-000000000004', requirements: [], coverage: { total: 0, covered: 0, notApplicable: 0, todo: 0 } };
export const history = { done: summary(doneAnalysis), running: summary(runningAnalysis), failed: summary(failedAnalysis) };

/** A page as the text viewer shows it (in a fixture: Panda would read an inline literal's `text` in a story as styles). */
export const cctpPage4: components['schemas']['TenderDocPages']['page'] & object = { entry: null, page: 4, pages: 13, ocr: 'none', text: ['3.1 Performances techniques minimales', '', '          3.1.1 Surface utile de travail', '   •   Surface utile minimale : ≥ 200 mm × 300 mm', '', '          3.1.2 Résolution, précision et vitesse', '   •   Largeur minimale de piste (track width) : ≤ 100 µm'].join('\n') };
