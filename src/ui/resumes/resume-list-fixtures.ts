import type { ResumeRow } from './ResumesView';

// A construction company's staff, as the resume list shows them (GET /api/companies/{id}/resumes).
const row = (patch: Partial<ResumeRow> & Pick<ResumeRow, '_id' | 'fullName'>): ResumeRow => ({
  jobTitle: null,
  yearsExperience: null,
  skills: [],
  certifications: [],
  certificationCounts: { expired: 0, expiring: 0 },
  projects: [],
  userId: null,
  fileName: null,
  parseStatus: 'none',
  updatedAt: '2026-11-20T09:00:00.000Z',
  ...patch,
});

export const resumeConducteur = row({
  _id: 'c0000000-0000-4000-8000-000000000001',
  fullName: 'Julien Moreau',
  jobTitle: 'Conducteur de travaux principal',
  yearsExperience: 15,
  skills: ['Gros œuvre', 'Réhabilitation', 'Planification', 'Pilotage de sous-traitants', 'MS Project', 'Sécurité chantier'],
  certifications: [
    { name: 'SST', issuer: 'INRS', obtainedOn: '2024-03-12', validUntil: '2026-12-10', validity: 'expiring', daysLeft: 16 },
    { name: 'AIPR encadrant', issuer: null, obtainedOn: '2022-05-02', validUntil: '2027-05-02', validity: 'valid', daysLeft: 159 },
  ],
  certificationCounts: { expired: 0, expiring: 1 },
  projects: [],
  fileName: 'CV_Julien_Moreau.docx',
  parseStatus: 'parsed',
});

export const resumeChef = row({
  _id: 'c0000000-0000-4000-8000-000000000002',
  fullName: 'Sofia Benali',
  jobTitle: 'Cheffe de chantier',
  yearsExperience: 9,
  skills: ['Coffrage', 'Lecture de plans', 'Encadrement'],
  certifications: [
    { name: 'CACES R482 cat. A', issuer: null, obtainedOn: '2020-09-01', validUntil: '2025-09-01', validity: 'expired', daysLeft: -449 },
    { name: 'Habilitation électrique B0 H0V', issuer: null, obtainedOn: '2024-01-15', validUntil: '2027-01-15', validity: 'valid', daysLeft: 52 },
  ],
  certificationCounts: { expired: 1, expiring: 0 },
  projects: [],
  fileName: 'CV_Sofia_Benali.pdf',
  parseStatus: 'parsed',
});

export const resumeReading = row({
  _id: 'c0000000-0000-4000-8000-000000000003',
  fullName: '',
  fileName: 'CV-technicien-CVC.pdf',
  parseStatus: 'parsing',
});

export const resumeTyped = row({
  _id: 'c0000000-0000-4000-8000-000000000004',
  fullName: 'Claire Dubois',
  jobTitle: 'Ingénieure études de prix',
  yearsExperience: 6,
  skills: ['Métrés', 'Études de prix'],
});

export const resumeRows = [resumeConducteur, resumeChef, resumeReading, resumeTyped];
// A refusal of the add dialog as the server words it (400 with details per field).
export const resumeAddRefusal = {
  msg: 'Le champ « Nom et prénom » doit contenir au plus 120 caractères.',
  details: [{ field: 'fullName', msg: 'Le champ « Nom et prénom » doit contenir au plus 120 caractères.' }],
};
