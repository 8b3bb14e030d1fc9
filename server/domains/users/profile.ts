import type { components } from '../../../openapi/schema';
import type { ProfileRow } from './queries';

export type UserProfile = components['schemas']['UserProfile'];

export const pictureUrl = (id: string, version: number) => `/api/users/${id}/picture?v=${version}`;

export function toProfile(row: Omit<ProfileRow, 'active'>): UserProfile {
  return {
    _id: row.id,
    username: row.username,
    primaryEmail: row.email,
    role: row.role,
    emailVerified: row.emailVerifiedAt !== null,
    profilePicture: row.pictureKey && row.pictureVersion !== null ? { url: pictureUrl(row.id, row.pictureVersion) } : null,
    company: row.companyId && row.companyName !== null ? { _id: row.companyId, name: row.companyName } : null,
    createdAt: row.createdAt.toISOString(),
  };
}
