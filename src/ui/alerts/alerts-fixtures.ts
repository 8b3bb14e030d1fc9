import type { components } from '../../../openapi/schema';

type Notification = components['schemas']['Notification'];

const tender = { _id: '3f6c1a2e-8b4d-4c7a-9e21-5d0b7f3a6c11', reference: '26-101245', title: 'Réfection de la toiture du gymnase Jean-Macé' };

export const notifications: Notification[] = [
  {
    _id: 'a1000000-0000-4000-8000-000000000001',
    kind: 'deadline_moved',
    tender,
    payload: { from: '2026-03-12T11:00:00.000Z', to: '2026-03-26T11:00:00.000Z' },
    readAt: null,
    createdAt: '2026-03-02T08:15:00.000Z',
  },
  {
    _id: 'a1000000-0000-4000-8000-000000000002',
    kind: 'reminder_site_visit',
    tender: { _id: '5b2e9d4c-1a3f-4e8b-a7c6-0f9d2e1b3a44', reference: '26-113085', title: 'Entretien des espaces verts de la commune' },
    payload: { days: 2, date: '2026-03-04T08:30:00.000Z' },
    readAt: null,
    createdAt: '2026-03-02T06:00:00.000Z',
  },
  {
    _id: 'a1000000-0000-4000-8000-000000000003',
    kind: 'digest',
    tender: null,
    payload: { count: 4 },
    readAt: '2026-03-01T09:00:00.000Z',
    createdAt: '2026-03-01T06:00:00.000Z',
  },
  {
    _id: 'a1000000-0000-4000-8000-000000000004',
    kind: 'reminder_submission',
    tender,
    payload: { days: 7, date: '2026-03-05T11:00:00.000Z' },
    readAt: '2026-02-26T10:00:00.000Z',
    createdAt: '2026-02-26T06:00:00.000Z',
  },
];
