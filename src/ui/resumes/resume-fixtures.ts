// Data of the single-resume stories and tests (kept out of story JSX: Panda reads literals there).
import type { Resume, ResumeChanges } from '../../machines/resume.machine';
import type { ResumeChart, ResumeMember } from './ResumeForm';

export const RESUME_ID = '7b0c2d4e-1f3a-4b5c-8d9e-0a1b2c3d4e5f';
export const RESUME_COMPANY = '6d1f7c1e-5b1a-4f0e-9d7c-2a1b3c4d5e6f';

export const resumeJulien: Resume = {
  _id: RESUME_ID,
  companyId: RESUME_COMPANY,
  fullName: 'Julien Martin',
  jobTitle: 'Conducteur de travaux',
  yearsExperience: 12,
  education: [{ title: 'BTS Bâtiment', school: 'Lycée Vaucanson, Grenoble', year: 2012 }],
  certifications: [
    { name: 'CACES R482 cat. A', issuer: 'AFPA', obtainedOn: '2021-03-10', validUntil: '2031-03-10', validity: 'valid', daysLeft: 1620 },
    { name: 'Habilitation électrique B1V', issuer: 'Apave', obtainedOn: '2023-12-01', validUntil: '2026-12-12', validity: 'expiring', daysLeft: 12 },
    { name: 'SST', issuer: 'INRS', obtainedOn: '2022-06-20', validUntil: '2024-06-20', validity: 'expired', daysLeft: -893 },
  ],
  certificationCounts: { expired: 1, expiring: 1 },
  skills: ['Gros œuvre', 'OPC', 'Coffrage'],
  languages: [
    { language: 'Français', level: 'langue maternelle' },
    { language: 'Anglais', level: 'B2' },
  ],
  projects: [
    { title: 'Réhabilitation du groupe scolaire Jean Moulin', client: 'Ville de Grenoble', year: 2024, amount: 1250000, role: 'Conducteur de travaux' },
    { title: 'Extension du gymnase', client: null, year: 2021, amount: null, role: null },
  ],
  experiences: [
    { title: 'Conducteur de travaux', employer: 'Eiffage Construction Alpes', startYear: 2019, endYear: null },
    { title: 'Aide-conducteur de travaux', employer: 'Léon Grosse', startYear: 2013, endYear: 2019 },
  ],
  userId: '0f4e2a8c-3b1d-4c5e-9f7a-1b2c3d4e5f60',
  user: { _id: '0f4e2a8c-3b1d-4c5e-9f7a-1b2c3d4e5f60', username: 'julien.martin' },
  positions: [
    { chart: 'construction', positionId: 'cdt', title: 'Conducteur de travaux' },
    { chart: 'normal', positionId: 'old', title: null },
  ],
  file: { name: 'cv-julien-martin.pdf', size: 182_400, mimeType: 'application/pdf' },
  parseStatus: 'parsed',
  parseError: null,
  filledFrom: { jobTitle: 'rules', skills: 'llm', projects: 'rules', experiences: 'rules' },
  version: 3,
  createdAt: '2026-11-02T08:00:00.000Z',
  updatedAt: '2026-11-20T08:00:00.000Z',
};

export const resumeParsing: Resume = {
  ...resumeJulien,
  fullName: '',
  jobTitle: null,
  yearsExperience: null,
  education: [],
  certifications: [],
  certificationCounts: { expired: 0, expiring: 0 },
  skills: [],
  languages: [],
  projects: [],
  experiences: [],
  positions: [],
  userId: null,
  user: null,
  file: { name: 'cv-2026.docx', size: 40_960, mimeType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document' },
  parseStatus: 'parsing',
  filledFrom: {},
};

export const resumeParseFailed: Resume = { ...resumeParsing, fullName: 'Inès Barbier', parseStatus: 'failed', parseError: 'resume-parse_no_text' };

/** What a colleague saved meanwhile: another job title and one more skill. */
export const resumeTheirs: Resume = { ...resumeJulien, jobTitle: 'Directeur de travaux', skills: [...resumeJulien.skills, 'BIM'], version: 4, updatedAt: '2026-11-21T09:30:00.000Z' };

export const resumeDraft: ResumeChanges = { yearsExperience: 13, languages: [...resumeJulien.languages, { language: 'Espagnol', level: 'A2' }] };

export const resumeMembers: ResumeMember[] = [
  { _id: '0f4e2a8c-3b1d-4c5e-9f7a-1b2c3d4e5f60', username: 'julien.martin' },
  { _id: '1a2b3c4d-5e6f-4a1b-8c2d-3e4f5a6b7c8d', username: 'claire.durand' },
];

export const resumeCharts: ResumeChart[] = [
  { kind: 'construction', positions: [{ _id: 'ddt', title: 'Directeur de travaux' }, { _id: 'cdt', title: 'Conducteur de travaux' }, { _id: 'cdc', title: 'Chef de chantier' }] },
  { kind: 'normal', positions: [{ _id: 'dg', title: 'Direction générale' }] },
];

export const resumeSaveRefusal = {
  message: 'La requête contient des champs invalides.',
  msgType: 'common-invalid_request',
  status: 400,
  details: [{ field: 'certifications.1.validUntil', msg: "La fin de validité d'une certification ne peut pas précéder sa date d'obtention." }],
};
export const resumeConflictError = { message: "Quelqu'un a modifié ce CV depuis que vous l'avez ouvert : rien n'a été enregistré. Reprenez la version enregistrée.", msgType: 'resume-conflict', status: 409 };
