import type { components } from '../../../openapi/schema';

// The contract's shapes, as the admin and company views show them.
export type UserRow = components['schemas']['UserSummary'];
export type CompanyRow = components['schemas']['Company'];
export type CompanyInput = components['schemas']['CompanyInput'];
export type InviteRow = components['schemas']['Invite'];
/** An outbox email, with how the server delivers emails (the list's `delivery`, carried by each row). */
export type OutboxRow = components['schemas']['OutboxEmail'] & { delivery?: components['schemas']['OutboxList']['delivery'] };
export type DashboardSummary = components['schemas']['DashboardSummary'];
export type MenuBadges = components['schemas']['MenuBadges'];
export type Role = components['schemas']['Role'];
export type InviteRole = components['schemas']['InviteRole'];
export type InviteStatus = components['schemas']['InviteStatus'];
