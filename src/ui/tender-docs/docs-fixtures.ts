import { createActor, fromCallback, type EventObject } from 'xstate';
import { uploadQueueMachine, type UploadEntry, type UploadFile, type UploadInput } from '../../machines/upload-queue.machine';
import type { CompanyDocRow } from '../company-docs/CompanyDocsView';
import type { TenderDocRow } from './TenderDocsView';

// Sample data for the document stories and their tests.
export const tenderId = '5e6f7a8b-9c0d-4e1f-8a2b-3c4d5e6f7a8b';
const companyId = '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d';
export const tender = { state: 'loaded' as const, id: tenderId, reference: '2026-LYON-0142', title: 'Rénovation énergétique du groupe scolaire Jean-Macé' };

const doc = (patch: Partial<TenderDocRow>): TenderDocRow => ({
  _id: 'd0000000-0000-4000-8000-000000000001',
  tenderId,
  companyId,
  fileName: 'RC.pdf',
  mime: 'application/pdf',
  size: 245_760,
  sha256: 'a'.repeat(64),
  entries: null,
  uploadedBy: { _id: '3f0c2a8e-5b1d-4c7a-9e2f-1a2b3c4d5e6f', username: 'Camille Martin' },
  url: '/api/tenderDocs/d0000000-0000-4000-8000-000000000001/file',
  extraction: { status: 'done', progress: 100, pages: 15, ocrAvailable: true, parts: [{ entry: null, format: 'pdf', pages: 15 }] },
  createdAt: '2026-03-10T08:15:00.000Z',
  updatedAt: '2026-03-10T08:15:00.000Z',
  ...patch,
});

export const tenderDocs: TenderDocRow[] = [
  doc({
    _id: 'd0000000-0000-4000-8000-000000000002',
    fileName: 'DCE-2026-LYON-0142.zip',
    mime: 'application/zip',
    size: 18_874_368,
    url: '/api/tenderDocs/d0000000-0000-4000-8000-000000000002/file',
    entries: [
      { name: 'RC.pdf', size: 245_760 },
      { name: 'CCAP.pdf', size: 512_000 },
      { name: 'CCTP-lot1.docx', size: 1_048_576 },
      { name: 'plans/RDC.pdf', size: 16_777_216 },
    ],
    extraction: {
      status: 'done',
      progress: 100,
      pages: 58,
      ocrAvailable: false,
      parts: [
        { entry: 'RC.pdf', format: 'pdf', pages: 15 },
        { entry: 'CCAP.pdf', format: 'pdf', pages: 22 },
        { entry: 'CCTP-lot1.docx', format: 'docx', pages: 18 },
        { entry: 'plans/RDC.pdf', format: 'pdf', pages: 3, ocrUnavailablePages: 3 },
      ],
    },
  }),
  doc({}),
  doc({
    _id: 'd0000000-0000-4000-8000-000000000003',
    fileName: 'DPGF-lot1.xlsx',
    mime: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    size: 40_960,
    uploadedBy: null,
    url: '/api/tenderDocs/d0000000-0000-4000-8000-000000000003/file',
    extraction: { status: 'running', progress: 42, pages: 0, ocrAvailable: true, parts: [] },
  }),
];

/** A document in each state of its text extraction, for the extraction stories. */
export const extractionDocs: TenderDocRow[] = [
  doc({ _id: 'd0000000-0000-4000-8000-000000000011', fileName: 'AE.pdf', extraction: { status: 'queued', progress: 0, pages: 0, ocrAvailable: true, parts: [] } }),
  doc({ _id: 'd0000000-0000-4000-8000-000000000012', fileName: 'CCAP.pdf', extraction: { status: 'running', progress: 64, pages: 0, ocrAvailable: true, parts: [] } }),
  doc({ _id: 'd0000000-0000-4000-8000-000000000013', fileName: 'RC.pdf' }),
  doc({
    _id: 'd0000000-0000-4000-8000-000000000014',
    fileName: 'CCTP-protégé.pdf',
    extraction: { status: 'failed', progress: 0, pages: 0, ocrAvailable: true, msg: 'Le fichier est protégé par un mot de passe : son texte ne peut pas être lu.', parts: [] },
  }),
  doc({
    _id: 'd0000000-0000-4000-8000-000000000015',
    fileName: 'Plans-scannés.pdf',
    extraction: { status: 'done', progress: 100, pages: 4, ocrAvailable: false, parts: [{ entry: null, format: 'pdf', pages: 4, ocrUnavailablePages: 4 }] },
  }),
  // Read, but over the text a document may keep (a forged PDF repeating one page's text).
  doc({
    _id: 'd0000000-0000-4000-8000-000000000016',
    fileName: 'CCTP-annexes.pdf',
    extraction: {
      status: 'done',
      progress: 100,
      pages: 128,
      ocrAvailable: true,
      msg: "Texte incomplet : ce document dépasse la limite de 4 Mo de texte ou de 10 000 pages par document. La suite n'a pas été conservée : la recherche et les analyses ne portent que sur le début.",
      parts: [{ entry: null, format: 'pdf', pages: 128 }],
    },
  }),
];

/** The first page of the RC as the preview shows it. */
export const rcPage = {
  entry: null,
  page: 1,
  pages: 15,
  ocr: 'none' as const,
  text: 'RÈGLEMENT DE LA CONSULTATION\nMARCHÉ PUBLIC DE FOURNITURES COURANTES ET DE SERVICES\nAcquisition d’une machine de prototypage de circuits\nimprimés par gravures laser et mécanique\n\nDate et heure limites de réception des offres :\nMERCREDI 15 JUILLET 2026 A 12:00\n\nInstitut polytechnique de Grenoble\nDAFA / Service Achats\n46 avenue Félix Viallet\n38031 GRENOBLE CEDEX 1',
};

const file = (name: string, size: number): UploadFile => ({ name, type: '', size });

/**
 * The queue's entries as the real statechart leaves them: "annexe.docx" stored, "photo.png" refused
 * by the server, "old.pdf" cancelled, "memoire.pdf" uploading at 64 %, "plans.zip" just started,
 * "cctp.odt" waiting for a place.
 */
export function queueEntries(step: 'working' | 'finished' = 'working'): UploadEntry[] {
  const logic = uploadQueueMachine.provide({ actors: { uploadTenderDoc: fromCallback<EventObject, UploadInput>(() => {}) } });
  const actor = createActor(logic, { input: { tenderId, companyId } }).start();
  actor.send({ type: 'queue.add', files: [file('annexe.docx', 90_000), file('photo.png', 2_400_000), file('old.pdf', 120_000), file('memoire.pdf', 3_500_000), file('plans.zip', 42_000_000), file('cctp.odt', 310_000)] });
  actor.send({ type: 'upload.done', id: '1', message: 'Document ajouté.' });
  actor.send({ type: 'upload.failed', id: '2', error: { message: 'Type de fichier non accepté.', status: 415 } });
  actor.send({ type: 'queue.cancel', id: '3' });
  actor.send({ type: 'upload.progress', id: '4', progress: 64 });
  if (step === 'finished') {
    actor.send({ type: 'upload.done', id: '4', message: 'Document ajouté.' });
    actor.send({ type: 'upload.done', id: '5', message: 'Document ajouté.' });
    actor.send({ type: 'upload.done', id: '6', message: 'Document ajouté.' });
  }
  const entries = actor.getSnapshot().context.entries;
  actor.stop();
  return entries;
}

const vaultDoc = (patch: Partial<CompanyDocRow>): CompanyDocRow => ({
  _id: 'e0000000-0000-4000-8000-000000000001',
  companyId,
  kind: 'kbis',
  title: 'Extrait Kbis de mars 2026',
  issueDate: '2026-03-02',
  validUntil: '2026-06-02',
  validity: 'valid',
  daysLeft: 75,
  fileName: 'kbis-2026-03.pdf',
  mime: 'application/pdf',
  size: 180_000,
  uploadedBy: { _id: '3f0c2a8e-5b1d-4c7a-9e2f-1a2b3c4d5e6f', username: 'Camille Martin' },
  url: '/api/companyDocs/e0000000-0000-4000-8000-000000000001/file',
  createdAt: '2026-03-02T09:00:00.000Z',
  updatedAt: '2026-03-02T09:00:00.000Z',
  ...patch,
});

export const vaultDocs: CompanyDocRow[] = [
  vaultDoc({ _id: 'e0000000-0000-4000-8000-000000000002', kind: 'urssaf', title: 'Attestation de vigilance URSSAF', issueDate: '2025-09-20', validUntil: '2026-03-20', validity: 'expired', daysLeft: -3, fileName: 'urssaf-s2-2025.pdf' }),
  vaultDoc({ _id: 'e0000000-0000-4000-8000-000000000003', kind: 'insurance', title: 'Assurance décennale 2026', issueDate: '2026-01-05', validUntil: '2026-04-05', validity: 'expiring', daysLeft: 12, fileName: 'decennale-2026.pdf' }),
  vaultDoc({}),
  vaultDoc({ _id: 'e0000000-0000-4000-8000-000000000004', kind: 'certification', title: 'Qualibat 7131', issueDate: '2024-05-01', validUntil: null, validity: 'valid', daysLeft: null, fileName: 'qualibat.pdf' }),
];
