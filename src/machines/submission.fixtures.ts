import type { Submission, SubmissionPiece, VaultDocument } from './submission.machine';

// A works tender's folder as the server gives it (issue 26): the RC asks for the DC1, the Kbis,
// the URSSAF and insurance certificates, the technical memory, the DQE and the AE. The URSSAF
// certificate ends before the deadline, the insurance certificate is missing, the memory is two
// pages over the RC's limit, the AE is not uploaded yet.
export const submissionTenderId = '7c1e2d3f-4a5b-4c6d-8e7f-9a0b1c2d3e4f';
export const submissionCompanyId = '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d';
const rc = { documentId: 'd0c00010-1111-4222-8333-944445555666', entry: null, fileName: 'RC lot 2 menuiseries.pdf' };

export const dc1Piece: SubmissionPiece = {
  code: 'DC1',
  label: 'Lettre de candidature (DC1)',
  part: 'candidature',
  required: true,
  source: 'upload',
  documentId: 'f1000001-1111-4222-8333-944445555666',
  status: 'ok',
  checks: [{ key: 'present', ok: true, severity: 'error', msg: 'DC1 signé déposé.', source: null }],
  asked: { ...rc, page: 4, excerpt: 'La lettre de candidature (imprimé DC1) dûment complétée et signée.' },
  file: { fileName: 'DC1 signé.pdf', path: '1 - Candidature/DC1 signé.pdf', bytes: 184_320, url: `/api/tenders/${submissionTenderId}/submission/pieces/DC1/file` },
};

export const kbisPiece: SubmissionPiece = {
  code: 'KBIS',
  label: 'Extrait Kbis',
  part: 'candidature',
  required: true,
  source: 'vault',
  documentId: 'c0ffee01-1111-4222-8333-944445555666',
  status: 'ok',
  checks: [{ key: 'kbis_age', ok: true, severity: 'error', msg: 'Kbis du 2 novembre 2026 : moins de 3 mois à la date limite.', source: 'Article R. 2143-9 du code de la commande publique' }],
  asked: { ...rc, page: 4, excerpt: "Un extrait K ou K bis de moins de trois mois." },
  file: { fileName: 'Kbis novembre 2026.pdf', path: '1 - Candidature/Kbis novembre 2026.pdf', bytes: 96_256, url: '/api/company-documents/c0ffee01-1111-4222-8333-944445555666/file' },
};

export const urssafPiece: SubmissionPiece = {
  code: 'URSSAF',
  label: 'Attestation de vigilance URSSAF',
  part: 'candidature',
  required: true,
  source: 'vault',
  documentId: 'c0ffee02-1111-4222-8333-944445555666',
  status: 'expired',
  checks: [
    {
      key: 'valid_at_deadline',
      ok: false,
      severity: 'error',
      msg: "L'attestation URSSAF expire le 30 novembre 2026, avant la date limite du 15 décembre 2026 : demandez-en une nouvelle sur urssaf.fr.",
      source: 'Article D. 8222-5 du code du travail',
    },
  ],
  asked: { ...rc, page: 5, excerpt: 'Une attestation de vigilance URSSAF de moins de six mois.' },
  file: { fileName: 'URSSAF mai 2026.pdf', path: '1 - Candidature/URSSAF mai 2026.pdf', bytes: 51_200, url: '/api/company-documents/c0ffee02-1111-4222-8333-944445555666/file' },
};

export const insurancePiece: SubmissionPiece = {
  code: 'INSURANCE',
  label: "Attestation d'assurance décennale",
  part: 'candidature',
  required: true,
  source: 'missing',
  status: 'missing',
  checks: [{ key: 'present', ok: false, severity: 'error', msg: "Aucune attestation d'assurance dans le coffre-fort ni déposée pour cet appel d'offres.", source: 'RC lot 2 menuiseries.pdf, page 5' }],
  asked: { ...rc, page: 5, excerpt: "L'attestation d'assurance responsabilité civile et décennale en cours de validité." },
  file: null,
};

export const memoryPiece: SubmissionPiece = {
  code: 'MEMOIRE_TECHNIQUE',
  label: 'Mémoire technique',
  part: 'offre',
  required: true,
  source: 'generated',
  documentId: 'e0000001-1111-4222-8333-944445555666',
  status: 'over_limit',
  checks: [{ key: 'page_limit', ok: false, severity: 'error', msg: 'Le mémoire fait 22 pages pour 20 au plus : réduisez-le de 2 pages.', source: 'RC lot 2 menuiseries.pdf, page 7' }],
  asked: { ...rc, page: 7, excerpt: 'Un mémoire technique de 20 pages au plus (format A4).' },
  file: { fileName: 'Mémoire technique.docx', path: '2 - Offre/Mémoire technique.docx', bytes: null, url: `/api/memories/e0000001-1111-4222-8333-944445555666/export.docx` },
};

export const dqePiece: SubmissionPiece = {
  code: 'DQE',
  label: 'Détail quantitatif estimatif (DQE)',
  part: 'offre',
  required: true,
  source: 'generated',
  documentId: 'a1b2c3d4-0001-4e5f-8a9b-0c1d2e3f4a5b',
  status: 'ok',
  checks: [{ key: 'price_issues', ok: true, severity: 'error', msg: 'Tous les prix sont renseignés.', source: null }],
  asked: { ...rc, page: 7, excerpt: 'Le détail quantitatif estimatif complété.' },
  file: { fileName: 'BPU-DQE lot 2 menuiseries.xlsx', path: '2 - Offre/BPU-DQE lot 2 menuiseries.xlsx', bytes: 18_432, url: '/api/price-files/a1b2c3d4-0001-4e5f-8a9b-0c1d2e3f4a5b/export' },
};

export const aePiece: SubmissionPiece = {
  code: 'AE',
  label: "Acte d'engagement",
  part: 'offre',
  required: true,
  source: 'missing',
  status: 'missing',
  checks: [],
  asked: { ...rc, page: 6, excerpt: "L'acte d'engagement (ATTRI1) complété." },
  file: null,
};

export const planningPiece: SubmissionPiece = {
  code: 'PLANNING',
  label: "Planning d'exécution",
  part: 'offre',
  required: false,
  source: 'missing',
  status: 'missing',
  checks: [],
  asked: null,
  file: null,
};

export const preparingSubmission: Submission = {
  pieces: [dc1Piece, kbisPiece, urssafPiece, insurancePiece, memoryPiece, dqePiece, aePiece, planningPiece],
  checks: [
    { key: 'valid_at_deadline', ok: false, severity: 'error', msg: "L'attestation URSSAF expire avant la date limite.", source: 'Article D. 8222-5 du code du travail' },
    { key: 'page_limit', ok: false, severity: 'error', msg: 'Le mémoire technique dépasse de 2 pages la limite du RC.', source: 'RC lot 2 menuiseries.pdf, page 7' },
    { key: 'total_size', ok: false, severity: 'warning', msg: 'Le dossier pèse 340 Mo ; PLACE accepte 500 Mo au plus : prévoyez le temps du dépôt.', source: 'Guide utilisateur PLACE, limites de dépôt' },
    { key: 'present', ok: true, severity: 'error', msg: 'Le DC1 et le Kbis sont présents.', source: null },
  ],
  ready: false,
  totalBytes: 350_208,
  platform: { name: 'PLACE', url: 'https://www.marches-publics.gouv.fr', maxFileBytes: 157_286_400, maxTotalBytes: 524_288_000, source: 'Guide utilisateur PLACE' },
  deadline: '2026-12-15T11:00:00.000Z',
  uploadMbps: 5,
  startBy: '2026-12-14T11:00:00.000Z',
  deposit: null,
};

/** The insurance certificate chosen in the vault: the folder the server answers. */
export const withInsurance: Submission = {
  ...preparingSubmission,
  pieces: preparingSubmission.pieces.map((piece) =>
    piece.code === 'INSURANCE'
      ? {
          ...piece,
          source: 'vault',
          documentId: 'c0ffee03-1111-4222-8333-944445555666',
          status: 'ok',
          checks: [{ key: 'insurance_year', ok: true, severity: 'error', msg: 'Attestation 2026, valable à la date limite.', source: null }],
          file: { fileName: 'Décennale 2026.pdf', path: "1 - Candidature/Décennale 2026.pdf", bytes: 120_000, url: '/api/company-documents/c0ffee03-1111-4222-8333-944445555666/file' },
        }
      : piece,
  ),
};

/** Every required piece present and every error check passed. */
export const readySubmission: Submission = {
  ...preparingSubmission,
  pieces: [dc1Piece, kbisPiece, { ...urssafPiece, status: 'ok', checks: [{ ...urssafPiece.checks[0]!, ok: true, msg: 'Attestation valable jusqu’au 31 mai 2027.' }] }, withInsurance.pieces[3]!, { ...memoryPiece, status: 'ok', checks: [{ ...memoryPiece.checks[0]!, ok: true, msg: '19 pages pour 20 au plus.' }] }, dqePiece, { ...aePiece, source: 'upload', status: 'ok', file: { fileName: 'AE signé.pdf', path: '2 - Offre/AE signé.pdf', bytes: 210_000, url: `/api/tenders/${submissionTenderId}/submission/pieces/AE/file` } }, planningPiece],
  checks: [
    { key: 'total_size', ok: false, severity: 'warning', msg: 'Le dossier pèse 340 Mo ; PLACE accepte 500 Mo au plus : prévoyez le temps du dépôt.', source: 'Guide utilisateur PLACE, limites de dépôt' },
    { key: 'valid_at_deadline', ok: true, severity: 'error', msg: 'Toutes les attestations sont valables à la date limite.', source: null },
  ],
  ready: true,
};

export const depositedSubmission: Submission = {
  ...readySubmission,
  deposit: {
    depositedAt: '2026-12-14T09:42:00.000Z',
    recordedAt: '2026-12-14T09:50:00.000Z',
    recordedBy: { _id: 'a0000000-0000-4000-8000-000000000002', username: 'Camille Martin' },
    acknowledgement: { fileName: 'Accusé de réception PLACE.pdf', bytes: 40_960, url: `/api/tenders/${submissionTenderId}/submission/deposit/acknowledgement` },
    files: [
      { path: '1 - Candidature/DC1 signé.pdf', bytes: 184_320, sha256: '9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08' },
      { path: '2 - Offre/AE signé.pdf', bytes: 210_000, sha256: '2c26b46b68ffc68ff99b453c1d30413413422d706483bfa0f98a5e886266e7ae' },
    ],
    totalBytes: 394_320,
  },
};

export const insuranceDocument: VaultDocument = {
  _id: 'c0ffee03-1111-4222-8333-944445555666',
  companyId: submissionCompanyId,
  kind: 'insurance',
  title: 'Décennale 2026',
  issueDate: '2026-01-05',
  validUntil: '2026-12-31',
  validity: 'valid',
  daysLeft: 32,
  fileName: 'Décennale 2026.pdf',
  mime: 'application/pdf',
  size: 120_000,
  uploadedBy: null,
  url: '/api/company-documents/c0ffee03-1111-4222-8333-944445555666/file',
  createdAt: '2026-01-05T10:00:00.000Z',
  updatedAt: '2026-01-05T10:00:00.000Z',
};

export const urssafDocument: VaultDocument = {
  ...insuranceDocument,
  _id: 'c0ffee04-1111-4222-8333-944445555666',
  kind: 'urssaf',
  title: 'URSSAF novembre 2026',
  issueDate: '2026-11-20',
  validUntil: '2027-05-20',
  daysLeft: 172,
  fileName: 'URSSAF novembre 2026.pdf',
  url: '/api/company-documents/c0ffee04-1111-4222-8333-944445555666/file',
};

export const vaultDocuments = [insuranceDocument, urssafDocument];

/** A moment before the deadline, so that the countdowns read the same everywhere. */
export const submissionNow = Date.parse('2026-12-10T09:00:00.000Z');

// A folder just opened on a call whose RC asks for the DC2 and the turnover: the DC2 is generated
// (made when downloaded, its size not known yet), the turnover is declared in it.
export const dc2Piece: SubmissionPiece = {
  code: 'DC2',
  label: 'Déclaration du candidat (DC2)',
  part: 'candidature',
  required: true,
  source: 'generated',
  status: 'ok',
  checks: [],
  asked: { ...rc, page: 4, excerpt: 'La déclaration du candidat (imprimé DC2) dûment complétée.' },
  file: { fileName: 'DC2.docx', path: '1 - Candidature/DC2.docx', bytes: null, url: `/api/tenders/${submissionTenderId}/submission/dc2.docx` },
};

export const turnoverPiece: SubmissionPiece = {
  code: 'TURNOVER',
  label: "Chiffre d'affaires des trois derniers exercices",
  part: 'candidature',
  required: true,
  source: 'generated',
  status: 'ok',
  declaredIn: ['DC2'],
  checks: [{ key: 'within', ok: true, severity: 'error', msg: 'Déclaré dans « Déclaration du candidat (DC2) ».', source: null }],
  asked: { ...rc, page: 4, excerpt: "Le chiffre d'affaires global des trois derniers exercices disponibles." },
  file: null,
};

export const freshSubmission: Submission = {
  ...preparingSubmission,
  pieces: [dc2Piece, turnoverPiece, memoryPiece, aePiece],
  checks: [{ key: 'total_size', ok: true, severity: 'error', msg: "Fichiers déjà là : 0 Mo pour 500 Mo acceptés par PLACE ; les pièces générées par Soumissio (2) s'y ajoutent, comptées une fois faites.", source: 'Guide utilisateur PLACE' }],
  totalBytes: 0,
};
