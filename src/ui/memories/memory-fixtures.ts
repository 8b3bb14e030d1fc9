// Data of the memory views' stories and tests: the demo's memory on the Grenoble INP call.
import type { Memory, MemoryAnalysis, MemorySection, MemoryVersion } from '../../machines/memory.machine';

export const memoryTenderId = '1f2e3d4c-5b6a-4978-8a9b-0c1d2e3f4a5b';
const id = (n: number) => `aaaaaaaa-0000-4000-8000-${String(n).padStart(12, '0')}`;
export const requirementA = 'bbbbbbbb-0000-4000-8000-000000000001';
export const requirementB = 'bbbbbbbb-0000-4000-8000-000000000002';
export const memoryCctpAnalysisId = 'bbbbbbbb-0000-4000-8000-0000000000aa';

const para = (words: string) => ({
  type: 'paragraph',
  content: [{ type: 'text', text: words }],
});
// As the server's outline writes it: a bold heading, then the DCE passages with their page.
const quote = (words: string) => ({
  type: 'blockquote',
  content: [{ type: 'paragraph', content: [{ type: 'text', text: "Ce que demande l'acheteur", marks: [{ type: 'bold' }] }] }, para(words)],
});
export const buyerPassage = 'RC p. 11 — 2.1-Finesse de structuration laser : 20.0 % Apprécié au regard de la largeur minimale de piste et de l’espacement minimal entre pistes.';
const answer = 'La machine proposée grave des pistes de 50 µm de largeur avec un espacement minimal de 50 µm entre pistes sur substrat FR4 cuivré 18 µm.';

const base = {
  order: 0,
  level: 2 as const,
  requirementIds: [] as string[],
  status: 'draft' as const,
  assigneeId: null,
  version: 1,
  source: 'criteria' as const,
  resourcesHash: null,
  updatedAt: '2026-11-24T08:00:00.000Z',
};
const empty = { content: { type: 'doc', content: [] }, text: '' };

export const memorySections: MemorySection[] = [
  {
    ...base,
    ...empty,
    _id: id(1),
    order: 0,
    level: 1,
    title: 'Performances techniques du système',
    criterion: { name: 'Performances techniques du système', weight: 40 },
  },
  {
    ...base,
    _id: id(2),
    order: 1,
    title: 'Finesse de structuration laser',
    criterion: {
      name: 'Performances techniques du système',
      weight: 40,
      subCriterion: 'Finesse de structuration laser',
      subWeight: 20,
    },
    content: { type: 'doc', content: [quote(buyerPassage), para(answer)] },
    text: `${buyerPassage}\n${answer}`,
    requirementIds: [requirementA, requirementB],
    status: 'to_review',
    version: 4,
  },
  {
    ...base,
    ...empty,
    _id: id(3),
    order: 2,
    title: 'Performances du procédé de fabrication intégré',
    criterion: {
      name: 'Performances techniques du système',
      weight: 40,
      subCriterion: 'Performances du procédé de fabrication intégré',
      subWeight: 20,
    },
  },
  {
    ...base,
    ...empty,
    _id: id(4),
    order: 3,
    level: 1,
    title: 'Qualité des services associés',
    criterion: { name: 'Qualité des services associés', weight: 10 },
    status: 'final',
  },
  {
    ...base,
    _id: id(5),
    order: 4,
    level: 1,
    title: 'Moyens humains',
    criterion: null,
    source: 'staff',
    resourcesHash: 'h1',
    content: {
      type: 'doc',
      content: [para('Julien Martin, conducteur de travaux.')],
    },
    text: 'Julien Martin, conducteur de travaux.',
  },
];
export const memoryWritten = memorySections[1]!;
export const memoryStaffSection = memorySections[4]!;

export const memoryDemo: Memory = {
  _id: 'cccccccc-0000-4000-8000-000000000001',
  tenderId: memoryTenderId,
  companyId: '6d1f7c1e-5b1a-4f0e-9d7c-2a1b3c4d5e6f',
  title: 'Mémoire technique – machine de prototypage laser',
  status: 'draft',
  limits: { pages: 20 },
  notes: ['Le critère « Prix des prestations » (40 %) n’a pas de chapitre : le prix est jugé sur l’offre financière.'],
  sections: memorySections,
  requirements: [
    { _id: requirementA, analysisId: memoryCctpAnalysisId, text: 'Puissance laser d’au moins 20 W en continu', fileName: 'CCTP.pdf', page: 3, status: 'todo' },
    { _id: requirementB, analysisId: memoryCctpAnalysisId, text: 'Répétabilité de positionnement ± 2 µm', fileName: 'CCTP.pdf', page: 4, status: 'todo' },
  ],
  version: 3,
  createdAt: '2026-11-20T08:00:00.000Z',
  updatedAt: '2026-11-24T08:00:00.000Z',
  stale: [{ sectionId: memoryStaffSection._id, source: 'staff' }],
  score: null,
  analysedAt: null,
  assist: 'template',
};

export const memoryAnalysis: MemoryAnalysis = {
  mode: 'rules',
  analysedAt: '2026-11-24T09:00:00.000Z',
  total: { score: 21.5, max: 60 },
  words: 240,
  reasons: [],
  criteria: [
    {
      criterion: 'Performances techniques du système',
      weight: 40,
      score: 17.5,
      max: 40,
      sectionIds: [id(1), id(2), id(3)],
      reasons: [
        {
          kind: 'requirement',
          ok: true,
          key: 'memoryreason-requirements_covered',
          vars: { covered: 1, total: 2 },
          msg: '1 exigence(s) du CCTP couverte(s) sur 2.',
          requirementIds: [requirementA],
        },
        {
          kind: 'requirement',
          ok: false,
          key: 'memoryreason-requirement_missing',
          vars: {
            text: 'Répétabilité de positionnement ± 2 µm',
            fileName: 'CCTP.pdf',
            page: 4,
          },
          msg: 'Exigence non couverte : « Répétabilité de positionnement ± 2 µm » (CCTP.pdf, p. 4).',
          requirementIds: [requirementB],
        },
      ],
    },
    {
      criterion: 'Qualité des services associés',
      weight: 10,
      score: 0,
      max: 10,
      sectionIds: [id(4)],
      reasons: [
        {
          kind: 'length',
          ok: false,
          key: 'memoryreason-empty',
          vars: {},
          msg: "Rien n'est encore rédigé pour ce critère.",
        },
      ],
    },
  ],
};

export const memoryVersions: MemoryVersion[] = [
  {
    _id: 'dddddddd-0000-4000-8000-000000000002',
    createdAt: '2026-11-24T07:30:00.000Z',
    author: {
      _id: 'eeeeeeee-0000-4000-8000-000000000001',
      username: 'manager',
    },
    reason: 'manual',
    words: 230,
  },
  {
    _id: 'dddddddd-0000-4000-8000-000000000001',
    createdAt: '2026-11-23T16:00:00.000Z',
    author: null,
    reason: 'auto',
    words: 120,
  },
];

export const memoryNoAnalysisError = {
  message: "Aucune analyse du DCE terminée pour cet appel d'offres : lancez l'analyse du DCE, puis créez le mémoire à partir de ses critères, ou partez d'un mémoire vierge.",
  msgType: 'memory-no_analysis',
  status: 409,
};
export const memoryServerError = {
  message: 'Erreur interne du serveur.',
  status: 500,
};

export const memoryTheirs: MemorySection = {
  ...memoryWritten,
  version: 5,
  text: 'Nos pistes descendent à 35 µm sur céramique.',
  content: {
    type: 'doc',
    content: [para('Nos pistes descendent à 35 µm sur céramique.')],
  },
  updatedAt: '2026-11-24T08:10:00.000Z',
};
export const memoryMineDraft = {
  type: 'doc',
  content: [para('Ma nouvelle version : pistes de 40 µm.')],
};
export const memorySessionEnded = { message: 'Votre session a expiré. Veuillez vous reconnecter.', status: 401, need2Logout: true };
export const memoryConflictError = {
  message: "Quelqu'un a enregistré cette section pendant que vous la rédigiez. Votre texte n'est pas perdu : voici la version enregistrée, reportez-y vos changements.",
  msgType: 'memory-section_conflict',
  status: 409,
};

// A memory made from the buyer's response frame (the Grenoble CRTE): the buyer's numbers, words and a limit.
export const memoryFrameRef = { documentId: 'dddddddd-0000-4000-8000-000000000001', entry: null, fileName: 'CRTE_2026FCSSA0025 v2.docx' };
const frameAnswer =
  'La formation dure deux jours sur site, pour huit personnes au plus : prise en main du logiciel de supervision, gravure laser, perçage et détourage, maintenance de premier niveau et sécurité laser. Chaque stagiaire reçoit le support de cours et les fiches réflexes.';
export const memoryFrameSection: MemorySection = {
  ...base,
  ...empty,
  _id: id(21),
  order: 1,
  title: 'Formation',
  source: 'frame' as MemorySection['source'],
  criterion: { name: 'Qualité des services associés', weight: 10 },
  content: { type: 'doc', content: [para(frameAnswer)] },
  text: frameAnswer,
  frameItem: {
    index: 14,
    number: '3.3',
    prompt:
      'Réf. art. 8 du CCTP - Formation d’au minimum 6 personnes pendant au moins 1 journée.\nLe soumissionnaire décrit les modalités de formation proposées :\n- la durée de la formation proposée et le nombre maximal de participants ;\n- le contenu pédagogique ;\n- les supports de formation remis aux stagiaires.',
    limit: { characters: 200, excerpt: '200 caractères maximum, espaces compris' },
    criterion: { label: 'Critère 3 - Pondération : 10 % - Noté sur 100', weight: 10 },
  },
};
export const memoryFromFrame: Memory = {
  ...memoryDemo,
  _id: 'cccccccc-0000-4000-8000-000000000009',
  title: 'Mémoire – cadre de réponse de l’acheteur',
  frame: { ...memoryFrameRef, format: 'docx', fillable: true },
  notes: ['Ce plan suit le cadre de réponse de l’acheteur « CRTE_2026FCSSA0025 v2.docx » : 38 rubriques, dans son ordre et avec sa numérotation.'],
  sections: [
    { ...base, ...empty, _id: id(20), order: 0, level: 1, title: 'Qualité des services associés', source: 'frame' as MemorySection['source'], criterion: { name: 'Qualité des services associés', weight: 10 }, frameItem: { index: 11, number: '3', prompt: 'Ce critère évalue la qualité des prestations de services associées.', limit: null, criterion: { label: 'Critère 3 - Pondération : 10 % - Noté sur 100', weight: 10 } } },
    memoryFrameSection,
  ],
  stale: [],
};
