import type { ListState } from '../components/ListFrame';
import { resumeChef, resumeConducteur } from '../resumes/resume-list-fixtures';
import type { EarlierMemory, Member, MemoryLetter, MemoryResume } from './MemorySectionTools';

// The side panel's team and references, and the company's members, for the memory tools' stories and tests.
export const toolsMembers: Member[] = [
  { _id: 'dddddddd-0000-4000-8000-000000000001', username: 'Claire Manager' },
  { _id: 'dddddddd-0000-4000-8000-000000000002', username: 'Paul Employé' },
];

export const toolsResumeConducteur: MemoryResume = {
  ...resumeConducteur,
  projects: [{ title: 'Réhabilitation du lycée Champollion', client: 'Région Auvergne-Rhône-Alpes', year: 2024, amount: 2400000, role: 'Conducteur de travaux' }],
};
export const toolsResumeChef: MemoryResume = { ...resumeChef, projects: [] };

export const toolsLetter: MemoryLetter = {
  _id: 'eeeeeeee-0000-4000-8000-000000000001',
  companyId: '6d1f7c1e-5b1a-4f0e-9d7c-2a1b3c4d5e6f',
  kind: 'reference_letter',
  title: 'Attestation – gymnase de Meylan',
  issueDate: '2025-06-30',
  validUntil: null,
  validity: 'valid',
  daysLeft: null,
  fileName: 'attestation-meylan.pdf',
  mime: 'application/pdf',
  size: 120000,
  uploadedBy: null,
  url: '/api/company-documents/eeeeeeee-0000-4000-8000-000000000001/file',
  createdAt: '2026-01-10T09:00:00.000Z',
  updatedAt: '2026-01-10T09:00:00.000Z',
};

const loaded = <T,>(items: T[]): ListState<T> => ({ state: items.length ? 'loaded' : 'empty', items, page: 1, totalPages: 1, count: items.length, error: null });
export const toolsResumes = loaded([toolsResumeConducteur, toolsResumeChef]);
export const toolsLetters = loaded([toolsLetter]);
export const toolsLoading: ListState<never> = { state: 'loading', items: [], page: 1, totalPages: 1, count: 0, error: null };
export const toolsConflictMessage = "Quelqu'un a enregistré cette section avant vous : son titre et son statut enregistrés sont affichés.";

/** A memory the company wrote for another call, offered as a starting point. */
export const toolsEarlierMemory: EarlierMemory = {
  _id: 'cccccccc-0000-4000-8000-000000000009',
  title: 'Mémoire technique – groupe scolaire des Saules',
  tenderTitle: 'Construction du groupe scolaire des Saules',
  tenderReference: '2025-MEY-014',
};
