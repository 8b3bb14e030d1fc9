import type { Profile } from '../machines/types';

// Sample data for stories and view tests.
export const managerWithCompany: Profile = {
  _id: '3f0c2a8e-5b1d-4c7a-9e2f-1a2b3c4d5e6f',
  username: 'Camille Martin',
  primaryEmail: 'camille.martin@btp-lyon.fr',
  role: 'manager',
  profilePicture: null,
  company: { _id: '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d', name: 'BTP Lyon Rénovation' },
  createdAt: '2026-01-15T09:30:00.000Z',
};

export const managerWithoutCompany: Profile = { ...managerWithCompany, company: null };
