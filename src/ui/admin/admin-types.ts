import type { components } from '../../../openapi/schema';

// The contract's shapes, as the admin and company views show them.
export type UserRow = components['schemas']['UserSummary'];
export type CompanyRow = components['schemas']['Company'];
export type CompanyInput = components['schemas']['CompanyInput'];
export type InviteRow = components['schemas']['Invite'];
export type OutboxRow = components['schemas']['OutboxEmail'];
export type DashboardSummary = components['schemas']['DashboardSummary'];
export type Role = components['schemas']['Role'];
export type InviteRole = components['schemas']['InviteRole'];
export type InviteStatus = components['schemas']['InviteStatus'];
