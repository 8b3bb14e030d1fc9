import type { components } from '../../../openapi/schema';
import type { DceAnalysis } from './DceAnalysisView';

// The analysis of the real Grenoble INP DCE (2026FCSSA0025), as the server answers it.
export const tenderId = '5e6f7a8b-9c0d-4e1f-8a2b-3c4d5e6f7a8b';
const rc = { documentId: 'd0000000-0000-4000-8000-000000000021', entry: null, fileName: 'RC_2026FCSSA0025 v2.pdf' };
const ccap = { documentId: 'd0000000-0000-4000-8000-000000000022', entry: null, fileName: 'CCAP_2026FCSSA0025.pdf' };

export const doneAnalysis: DceAnalysis = {
  _id: 'a0000000-0000-4000-8000-000000000001',
  tenderId,
  status: 'done',
  progress: 100,
  documents: [
    { ...rc, kind: 'RC', pages: 15 },
    { ...ccap, kind: 'CCAP', pages: 13 },
    { documentId: 'd0000000-0000-4000-8000-000000000023', entry: null, fileName: 'CCTP_2026FCSSA0025 v2.pdf', kind: 'CCTP', pages: 9 },
    { documentId: 'd0000000-0000-4000-8000-000000000024', entry: null, fileName: 'DC1.docx', kind: 'DC1', pages: 2 },
    { documentId: 'd0000000-0000-4000-8000-000000000025', entry: null, fileName: 'CRF_2026FCSSA0025.xlsx', kind: 'CRF', pages: 1 },
  ],
  missing: [
    { code: 'AE', label: 'Acte d’engagement', required: true },
    { code: 'DPGF', label: 'Décomposition du prix global et forfaitaire', required: true },
    { code: 'PLANS', label: 'Plans et pièces graphiques', required: false },
  ],
  facts: [
    { key: 'submissionDeadline', value: '2026-07-15T12:00:00+02:00', sources: [{ ...rc, page: 1, excerpt: 'Date et heure limites de réception des offres : MERCREDI 15 JUILLET 2026 A 12:00' }], confidence: 0.95, status: 'confirmed', origin: 'rules', reviewedBy: { _id: '3f0c2a8e-5b1d-4c7a-9e2f-1a2b3c4d5e6f', username: 'Claire Durand' }, reviewedAt: '2026-06-21T09:15:00.000Z', sourceChanged: true },
    { key: 'questionsDeadline', value: '2026-07-05T12:00:00+02:00', sources: [{ ...rc, page: 11, excerpt: 'au plus tard 10 jours avant la date limite de réception des offres' }], confidence: 0.8, status: 'extracted', origin: 'rules' },
    { key: 'siteVisit', value: { required: false }, sources: [{ ...rc, page: 6, excerpt: 'Une visite des lieux est facultative' }], confidence: 0.8, status: 'extracted', origin: 'rules' },
    { key: 'procedure', value: 'adapted', sources: [{ ...rc, page: 3, excerpt: 'procédure adaptée ouverte en application des articles L. 2123-1 et R. 2123-1' }], confidence: 0.9, status: 'extracted', origin: 'rules' },
    { key: 'lots', value: { allotted: false, lots: [] }, sources: [{ ...rc, page: 4, excerpt: 'Il n’est pas prévu de décomposition en lots.' }], confidence: 0.9, status: 'extracted', origin: 'rules' },
    {
      key: 'awardCriteria',
      value: [
        { name: 'Prix des prestations', weight: 40 },
        { name: 'Valeur technique', weight: 60, subCriteria: [{ name: 'Finesse de structuration laser', weight: 20 }, { name: 'Performances de la gravure mécanique', weight: 25 }, { name: 'Formation et assistance', weight: 15 }] },
      ],
      sources: [{ ...rc, page: 12, excerpt: '1-Prix des prestations 40.0 %' }],
      confidence: 0.9,
      status: 'corrected',
      origin: 'user',
      reviewedBy: { _id: '3f0c2a8e-5b1d-4c7a-9e2f-1a2b3c4d5e6f', username: 'Claire Durand' },
      reviewedAt: '2026-06-21T09:20:00.000Z',
      sourceChanged: false,
    },
    { key: 'candidatureDocuments', value: ['DC1', 'DC2', 'DUME', 'REFERENCES'], sources: [{ ...rc, page: 8, excerpt: 'Les candidats auront à produire un dossier complet comprenant les pièces suivantes' }], confidence: 0.7, status: 'extracted', origin: 'rules' },
    { key: 'offerValidityDays', value: 120, sources: [{ ...rc, page: 5, excerpt: 'Le délai de validité des offres est fixé à 120 jours' }], confidence: 0.9, status: 'extracted', origin: 'rules' },
    { key: 'variantsAllowed', value: false, sources: [{ ...rc, page: 5, excerpt: 'Les variantes ne sont pas autorisées' }], confidence: 0.9, status: 'extracted', origin: 'rules' },
    // Proposed by the language model where the rules found nothing.
    { key: 'priceType', value: 'firm', sources: [{ ...ccap, page: 6, excerpt: "Les prix de l'offre de base et les prix des prestations supplémentaires éventuelles (PSE) activées à la notification sont actualisables" }], confidence: 0.5, status: 'extracted', origin: 'llm' },
    { key: 'penalties', value: { summary: 'Pénalités de retard de livraison', perDay: { fraction: 1 / 500 } }, sources: [{ ...ccap, page: 9, excerpt: 'une pénalité journalière de 1/500 du montant' }], confidence: 0.7, status: 'extracted', origin: 'rules' },
    { key: 'fileRules', value: { anyCommonFormat: true }, sources: [{ ...rc, page: 10, excerpt: "Aucun format électronique n'est préconisé pour la transmission des documents." }], confidence: 0.8, status: 'extracted', origin: 'rules' },
  ],
  redFlags: [
    { key: 'penalties_high', msg: 'Pénalités de retard inhabituelles (1/500 par jour).', sources: [{ ...ccap, page: 9, excerpt: 'une pénalité journalière de 1/500 du montant' }] },
    { key: 'vault_missing', msg: 'Pièce exigée absente du coffre-fort : KBIS.', sources: [{ ...rc, page: 8, excerpt: 'Les candidats auront à produire un dossier complet comprenant les pièces suivantes' }] },
  ],
  createdBy: { _id: '3f0c2a8e-5b1d-4c7a-9e2f-1a2b3c4d5e6f', username: 'Claire Durand' },
  createdAt: '2026-06-20T08:30:00.000Z',
  finishedAt: '2026-06-20T08:30:06.000Z',
};

export const runningAnalysis: DceAnalysis = {
  ...doneAnalysis,
  _id: 'a0000000-0000-4000-8000-000000000002',
  status: 'running',
  progress: 40,
  documents: [],
  missing: [],
  facts: [],
  redFlags: [],
  createdAt: '2026-06-21T09:00:00.000Z',
  finishedAt: null,
};

export const failedAnalysis: DceAnalysis = { ...runningAnalysis, _id: 'a0000000-0000-4000-8000-000000000003', status: 'failed', progress: 0, msg: 'Le traitement a échoué à plusieurs reprises. Réessayez plus tard.' };

/** A page as the text viewer shows it (in a fixture: Panda would read an inline literal's `text` in a story as styles). */
export const rcFirstPage: components['schemas']['TenderDocPages']['page'] & object = { entry: null, page: 1, pages: 15, ocr: 'none', text: 'RÈGLEMENT DE LA CONSULTATION\n\nDate et heure limites de réception des offres :\n        MERCREDI 15 JUILLET 2026 A 12:00\n\nInstitut polytechnique de Grenoble' };

/**
 * A works contract in seven lots whose RC judges lots 1 to 6 on one set of criteria and lot 7 on
 * another (R. 2152-11): the criteria per group of lots, no single list.
 */
export const lotsAnalysis: DceAnalysis = {
  ...doneAnalysis,
  _id: 'a0000000-0000-4000-8000-000000000004',
  facts: [
    ...doneAnalysis.facts.filter((fact) => fact.key !== 'awardCriteria' && fact.key !== 'lots'),
    {
      key: 'lots',
      value: {
        allotted: true,
        lots: [
          { number: 1, title: 'Démolition – gros œuvre' },
          { number: 2, title: 'Charpente – couverture' },
          { number: 3, title: 'Menuiseries extérieures' },
          { number: 4, title: 'Plâtrerie – isolation' },
          { number: 5, title: 'Électricité' },
          { number: 6, title: 'Plomberie – chauffage – ventilation' },
          { number: 7, title: 'Nettoyage de fin de chantier' },
        ],
      },
      sources: [{ ...rc, page: 4, excerpt: 'Les travaux sont répartis en 7 lots désignés ci-après' }],
      confidence: 0.9,
      status: 'confirmed',
      origin: 'rules',
      reviewedBy: { _id: '3f0c2a8e-5b1d-4c7a-9e2f-1a2b3c4d5e6f', username: 'Claire Durand' },
      reviewedAt: '2026-06-21T09:18:00.000Z',
      sourceChanged: false,
    },
    {
      key: 'awardCriteriaByLots',
      value: [
        {
          lots: [1, 2, 3, 4, 5, 6],
          criteria: [
            { name: 'Prix des prestations', weight: 40 },
            { name: 'Valeur technique', weight: 60, subCriteria: [{ name: 'Méthodologie et organisation du chantier', weight: 30 }, { name: 'Moyens humains et matériels', weight: 20 }, { name: 'Planning détaillé', weight: 10 }] },
          ],
        },
        { lots: [7], criteria: [{ name: 'Prix des prestations', weight: 60 }, { name: 'Valeur technique au regard du mémoire technique', weight: 40 }] },
      ],
      sources: [
        { ...rc, page: 12, excerpt: 'Les critères d’attribution des lots 1 à 6 sont les suivants : Critère n°1 : Prix (40%)' },
        { ...rc, page: 13, excerpt: 'Pour le lot 7, les critères d’attribution sont : Critère n°1 : Prix (60%)' },
      ],
      confidence: 0.85,
      status: 'extracted',
      origin: 'rules',
    },
  ],
};

// The RC of the State's purchasing directorate's AMOA framework (tests/fixtures/dce/dae-amoa-2025), as the rules read it.
const amoaRc = { documentId: 'd0000000-0000-4000-8000-000000000031', entry: null, fileName: 'RC_DAE-AMOA-2025.pdf' };

/** The RC's rules on files: the formats it accepts, the executables it refuses, 1 Go per file, each from its sentence on page 13. */
export const amoaFileRules = {
  key: 'fileRules',
  value: { accepted: ['pdf', 'doc', 'xls', 'ppt', 'odt', 'ods', 'odp', 'jpg', 'png', 'html'], refused: ['exe', 'com', 'scr'], maxFileBytes: 1024 ** 3 },
  sources: [
    { ...amoaRc, page: 13, excerpt: 'Les formats acceptés sont les suivants : .pdf, .doc, .xls, .ppt, .odt , .ods, .odp, ainsi que les formats images .jpg, .png et les documents au format .html.' },
    { ...amoaRc, page: 13, excerpt: 'Le candidat ou le soumissionnaire ne doit pas utiliser de code actif dans sa réponse, tels que : - Formats exécutables, notamment : .exe, .com, .scr ;' },
    { ...amoaRc, page: 13, excerpt: '- ActiveX, Applets, scripts La taille de chaque fichier déposé par les entreprises ne peut excéder 1 Go.' },
  ],
  confidence: 0.8,
  status: 'extracted',
  origin: 'rules',
} satisfies DceAnalysis['facts'][number];

/** The analysis of that RC alone: the deposit's facts beside its rules on files. */
export const amoaAnalysis: DceAnalysis = {
  ...doneAnalysis,
  _id: 'a0000000-0000-4000-8000-000000000005',
  documents: [{ ...amoaRc, kind: 'RC', pages: 35 }],
  missing: [],
  facts: [
    { key: 'submissionDeadline', value: '2025-06-11T14:00:00+02:00', sources: [{ ...amoaRc, page: 1, excerpt: 'Date limite de remise des offres : mercredi 11 juin 2025 à 14h00' }], confidence: 0.95, status: 'extracted', origin: 'rules' },
    { key: 'procedure', value: 'open', sources: [{ ...amoaRc, page: 1, excerpt: 'Procédure de passation : Appel d’offres ouvert passé en application des articles L2124-2 et R2124-2 du code de la commande publique' }], confidence: 0.98, status: 'extracted', origin: 'rules' },
    { key: 'offerValidityDays', value: 180, sources: [{ ...amoaRc, page: 29, excerpt: 'Les offres sont valables 6 mois à compter de la date limite de remise des plis.' }], confidence: 0.9, status: 'extracted', origin: 'rules' },
    { key: 'variantsAllowed', value: false, sources: [{ ...amoaRc, page: 8, excerpt: 'Les soumissionnaires ne sont pas autorisés à présenter de variantes à leur initiative.' }], confidence: 0.9, status: 'extracted', origin: 'rules' },
    { key: 'submissionPlatform', value: 'https://www.marches-publics.gouv.fr', sources: [{ ...amoaRc, page: 11, excerpt: 'Le dépôt électronique des plis s\'effectue exclusivement sur la plate-forme "PLACE" : https://www.marches-publics.gouv.fr' }], confidence: 0.79, status: 'extracted', origin: 'rules' },
    amoaFileRules,
  ],
  redFlags: [],
  createdAt: '2026-06-22T08:30:00.000Z',
  finishedAt: '2026-06-22T08:30:09.000Z',
};
