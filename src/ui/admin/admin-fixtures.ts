import type { CompanyRow, DashboardSummary, InviteRow, OutboxRow, UserRow } from './admin-types';
import type { ListState } from '../components/ListFrame';

// Sample data for the admin and company stories and their tests.
export const lyon: CompanyRow = {
  _id: '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d',
  name: 'BTP Lyon Rénovation',
  siret: '73282932000074',
  address: '12 rue de la Part-Dieu',
  postalCode: '69003',
  city: 'Lyon',
  phone: '04 78 00 00 00',
  website: 'https://btp-lyon.example',
  description: 'Rénovation énergétique et gros œuvre pour les collectivités.',
  profile: { keywords: ['rénovation', 'isolation'], cpvCodes: ['45000000', '45321000-3'], departments: ['69', '01'], regions: ['Auvergne-Rhône-Alpes'], amountMin: 40000, amountMax: 1500000 },
  brandColor: null,
  logo: null,
  membersCount: 3,
  candidature: {
    legalForm: 'SAS',
    nafCode: '4120A',
    vatNumber: 'FR44732829320',
    sme: true,
    legalRepresentative: { name: 'Claire Durand', capacity: 'Présidente' },
    figures: [
      { year: 2025, turnover: 2840000, staff: 24 },
      { year: 2024, turnover: 2610000, staff: 22 },
      { year: 2023, turnover: 2390000, staff: 21 },
    ],
    uploadMbps: 20,
  },
  createdAt: '2026-01-15T09:30:00.000Z',
  updatedAt: '2026-02-01T09:30:00.000Z',
};

export const nantes: CompanyRow = {
  ...lyon,
  _id: '1b2c3d4e-5f60-4a1b-8c2d-3e4f5a6b7c8d',
  name: 'Atlantique Voirie',
  siret: '55208131766522',
  address: '4 quai de la Fosse',
  postalCode: '44000',
  city: 'Nantes',
  phone: '',
  website: '',
  description: '',
  profile: { keywords: [], cpvCodes: [], departments: [], regions: [], amountMin: null, amountMax: null },
  brandColor: null,
  logo: null,
  membersCount: 1,
  createdAt: '2026-03-02T14:05:00.000Z',
};

const user = (patch: Partial<UserRow>): UserRow => ({
  _id: '3f0c2a8e-5b1d-4c7a-9e2f-1a2b3c4d5e6f',
  username: 'Camille Martin',
  primaryEmail: 'camille.martin@btp-lyon.fr',
  role: 'manager',
  active: true,
  emailVerified: true,
  profilePicture: null,
  company: { _id: lyon._id, name: lyon.name },
  createdAt: '2026-01-15T09:30:00.000Z',
  ...patch,
});

export const admin = user({ _id: 'a0000000-0000-4000-8000-000000000001', username: 'Alex Admin', primaryEmail: 'admin@soumissio.fr', role: 'admin', company: null, createdAt: '2025-12-01T08:00:00.000Z' });
export const camille = user({});
export const julie = user({ _id: '7c1d2e3f-4a5b-4c6d-8e7f-9a0b1c2d3e4f', username: 'Julie Bernard', primaryEmail: 'julie.bernard@btp-lyon.fr', role: 'employee', emailVerified: false, createdAt: '2026-02-03T10:00:00.000Z' });
export const paul = user({ _id: '8d2e3f4a-5b6c-4d7e-8f9a-0b1c2d3e4f5a', username: 'Paul Durand', primaryEmail: 'paul@atlantique-voirie.fr', role: 'manager', active: false, company: { _id: nantes._id, name: nantes.name }, createdAt: '2026-03-02T14:05:00.000Z' });

export const invites: InviteRow[] = (['pending', 'accepted', 'expired', 'revoked'] as const).map((status, i) => ({
  _id: `b000000${i}-0000-4000-8000-00000000000${i}`,
  email: ['lea.petit@btp-lyon.fr', 'julie.bernard@btp-lyon.fr', 'marc.roux@btp-lyon.fr', 'ancien@exemple.fr'][i]!,
  role: i === 2 ? 'manager' : 'employee',
  status,
  company: { _id: lyon._id, name: lyon.name },
  invitedBy: { _id: camille._id, username: camille.username },
  expiresAt: '2026-11-29T09:00:00.000Z',
  acceptedAt: status === 'accepted' ? '2026-11-20T09:00:00.000Z' : null,
  createdAt: '2026-11-22T09:00:00.000Z',
}));

export const emails: OutboxRow[] = [
  {
    _id: 'c0000000-0000-4000-8000-000000000001',
    to: 'lea.petit@btp-lyon.fr',
    subject: 'Invitation à rejoindre BTP Lyon Rénovation sur Soumissio',
    text: '',
    link: 'http://localhost:8134/employee/sign-up?token=abcdefabcdefabcdef',
    kind: 'invitation',
    sentAt: null,
    error: null,
    createdAt: '2026-11-22T08:15:00.000Z',
  },
  {
    _id: 'c0000000-0000-4000-8000-000000000002',
    to: 'julie.bernard@btp-lyon.fr',
    subject: 'Vérifiez votre adresse e-mail',
    text: '',
    link: 'http://localhost:8134/verify-email?token=abcdefabcdefabcdef',
    kind: 'verify_email',
    sentAt: '2026-11-21T17:40:00.000Z',
    error: null,
    createdAt: '2026-11-21T17:40:00.000Z',
  },
];

export const staffSummary: DashboardSummary = { role: 'manager', company: { _id: lyon._id, name: lyon.name, city: lyon.city, membersCount: 3 }, pendingInvites: 2, emailVerified: true };
export const adminSummary: DashboardSummary = { role: 'admin', emailVerified: true, platform: { users: 128, companies: 17, pendingInvites: 9, outboxEmails: 42 } };

/** A list statechart's state as the views receive it. */
export function listOf<T>(state: ListState<T>['state'], items: T[] = [], patch: Partial<ListState<T>> = {}): ListState<T> {
  const count = items.length;
  return { state, items, page: 1, totalPages: count ? 1 : 0, count, error: null, ...patch };
}
