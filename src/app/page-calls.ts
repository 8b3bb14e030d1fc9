// The calls of every page but the session's, loaded with the first page that needs one, so that
// /sign-in ships only the session operations (src/app/operations.ts).
import type { Api } from '../api/client';
import type { ListPage, ListQuery } from '../machines/list.machine';
import type { Profile, RequestSuccess } from '../machines/types';
import type { components } from '../../openapi/schema';

type InviteInfo = { email: string; role: 'manager' | 'employee'; company: { name: string } };
type CompanyInput = components['schemas']['CompanyInput'];
type Company = components['schemas']['Company'];
type UserSummary = components['schemas']['UserSummary'];
type CompanyPatch = components['schemas']['CompanyPatch'];
type Invite = components['schemas']['Invite'];
type OutboxEmail = components['schemas']['OutboxEmail'];
type DashboardSummary = components['schemas']['DashboardSummary'];
type Role = components['schemas']['Role'];

/** Rows per page of the admin and company tables. */
const PER_PAGE = 20;

export const pageCalls = {
  // Account screens (issue 3).
  getInviteByToken: async (api: Api, input: { token: string }, signal: AbortSignal): Promise<RequestSuccess<InviteInfo>> => {
    const data = await api.call(() => api.client.GET('/api/invites/token/{token}', { params: { path: { token: input.token } }, signal }));
    return { message: '', data };
  },
  registerInvitedUser: async (api: Api, input: { token: string; username: string; password: string }, signal: AbortSignal): Promise<RequestSuccess<Profile>> => {
    const data = await api.call(() => api.client.POST('/api/invites/register', { body: input, signal }));
    return { message: data.msg, data: data.details };
  },
  requestPasswordReset: async (api: Api, input: { email: string }, signal: AbortSignal): Promise<RequestSuccess<null>> => {
    const data = await api.call(() => api.client.POST('/api/users/password/forgot', { body: input, signal }));
    return { message: data.msg, data: null };
  },
  resetPassword: async (api: Api, input: { token: string; password: string }, signal: AbortSignal): Promise<RequestSuccess<null>> => {
    const data = await api.call(() => api.client.POST('/api/users/password/reset', { body: input, signal }));
    return { message: data.msg, data: null };
  },
  changePassword: async (api: Api, input: { currentPassword: string; newPassword: string }, signal: AbortSignal): Promise<RequestSuccess<null>> => {
    const data = await api.call(() => api.client.PATCH('/api/users/password', { body: input, signal }));
    return { message: data.msg, data: null };
  },
  verifyEmail: async (api: Api, input: { token: string }, signal: AbortSignal): Promise<RequestSuccess<null>> => {
    const data = await api.call(() => api.client.POST('/api/users/verify-email', { body: input, signal }));
    return { message: data.msg, data: null };
  },
  resendVerificationEmail: async (api: Api, _input: void, signal: AbortSignal): Promise<RequestSuccess<null>> => {
    const data = await api.call(() => api.client.POST('/api/users/verify-email/resend', { signal }));
    return { message: data.msg, data: null };
  },
  createCompany: async (api: Api, input: CompanyInput, signal: AbortSignal): Promise<RequestSuccess<Company>> => {
    const data = await api.call(() => api.client.POST('/api/companies', { body: input, signal }));
    return { message: data.msg, data: data.details };
  },
  getUser: async (api: Api, input: { id: string }, signal: AbortSignal): Promise<RequestSuccess<UserSummary>> => {
    const data = await api.call(() => api.client.GET('/api/users/{id}', { params: { path: { id: input.id } }, signal }));
    return { message: '', data };
  },
  // The picture is typed by what machines know of a file; it is a browser File at run time.
  updateProfile: async (api: Api, input: { username?: string; picture?: { name: string; type: string; size: number } }, signal: AbortSignal): Promise<RequestSuccess<Profile>> => {
    const form = new FormData();
    if (input.username !== undefined) form.set('username', input.username);
    if (input.picture instanceof Blob) form.set('picture', input.picture);
    // FormData goes out as is: the browser writes the multipart boundary.
    const data = await api.call(() => api.client.PATCH('/api/users/profile', { body: {}, bodySerializer: () => form, signal }));
    return { message: data.msg, data: data.details };
  },
  deleteProfilePicture: async (api: Api, _input: void, signal: AbortSignal): Promise<RequestSuccess<Profile>> => {
    const data = await api.call(() => api.client.DELETE('/api/users/profile/picture', { signal }));
    return { message: data.msg, data: data.details };
  },
  // Admin and company screens (issue 3): lists resolve to one page of the list statechart.
  listUsers: async (api: Api, input: ListQuery<{ role: string; companyId: string }>, signal: AbortSignal): Promise<ListPage<UserSummary>> => {
    const { role, companyId } = input.filters;
    const query = { page: input.page, perPage: PER_PAGE, search: input.search || undefined, filterBy: (role || undefined) as Role | undefined, companyId: companyId || undefined };
    const data = await api.call(() => api.client.GET('/api/users', { params: { query }, signal }));
    return { items: data.users, count: data.count, totalPages: data.totalPages };
  },
  listCompanies: async (api: Api, input: ListQuery<Record<string, string>>, signal: AbortSignal): Promise<ListPage<Company>> => {
    const query = { page: input.page, perPage: PER_PAGE, search: input.search || undefined };
    const data = await api.call(() => api.client.GET('/api/companies', { params: { query }, signal }));
    return { items: data.companies, count: data.count, totalPages: data.totalPages };
  },
  listCompanyNames: async (api: Api, _input: void, signal: AbortSignal): Promise<RequestSuccess<{ _id: string; name: string }[]>> => {
    const data = await api.call(() => api.client.GET('/api/companies', { params: { query: { perPage: 'all' } }, signal }));
    return { message: '', data: data.companies.map(({ _id, name }) => ({ _id, name })) };
  },
  updateUserRole: async (api: Api, input: { id: string; role: Role }, signal: AbortSignal): Promise<RequestSuccess<UserSummary>> => {
    const data = await api.call(() => api.client.PATCH('/api/users/{id}/role', { params: { path: { id: input.id } }, body: { role: input.role }, signal }));
    return { message: data.msg, data: data.details };
  },
  setUserActive: async (api: Api, input: { id: string; active: boolean }, signal: AbortSignal): Promise<RequestSuccess<UserSummary>> => {
    const data = await api.call(() => api.client.PATCH('/api/users/{id}/status', { params: { path: { id: input.id } }, body: { active: input.active }, signal }));
    return { message: data.msg, data: data.details };
  },
  getCompany: async (api: Api, input: { id: string }, signal: AbortSignal): Promise<RequestSuccess<Company>> => {
    const data = await api.call(() => api.client.GET('/api/companies/{id}', { params: { path: { id: input.id } }, signal }));
    return { message: '', data };
  },
  updateCompany: async (api: Api, input: { id: string; patch: CompanyPatch }, signal: AbortSignal): Promise<RequestSuccess<Company>> => {
    const data = await api.call(() => api.client.PATCH('/api/companies/{id}', { params: { path: { id: input.id } }, body: input.patch, signal }));
    return { message: data.msg, data: data.details };
  },
  deleteCompany: async (api: Api, input: { id: string }, signal: AbortSignal): Promise<RequestSuccess<null>> => {
    const data = await api.call(() => api.client.DELETE('/api/companies/{id}', { params: { path: { id: input.id } }, signal }));
    return { message: data.msg, data: null };
  },
  listCompanyUsers: async (api: Api, input: ListQuery<{ companyId: string }>, signal: AbortSignal): Promise<ListPage<UserSummary>> => {
    const query = { page: input.page, perPage: PER_PAGE, search: input.search || undefined };
    const data = await api.call(() => api.client.GET('/api/companies/{id}/users', { params: { path: { id: input.filters.companyId }, query }, signal }));
    return { items: data.users, count: data.count, totalPages: data.totalPages };
  },
  removeCompanyUser: async (api: Api, input: { companyId: string; userId: string }, signal: AbortSignal): Promise<RequestSuccess<null>> => {
    const data = await api.call(() => api.client.DELETE('/api/companies/{id}/users/{userId}', { params: { path: { id: input.companyId, userId: input.userId } }, signal }));
    return { message: data.msg, data: null };
  },
  listInvites: async (api: Api, input: ListQuery<Record<string, string>>, signal: AbortSignal): Promise<ListPage<Invite>> => {
    const data = await api.call(() => api.client.GET('/api/invites', { params: { query: { page: input.page, perPage: PER_PAGE } }, signal }));
    return { items: data.invites, count: data.count, totalPages: data.totalPages };
  },
  createInvite: async (api: Api, input: { email: string; role: 'manager' | 'employee' }, signal: AbortSignal): Promise<RequestSuccess<Invite>> => {
    const data = await api.call(() => api.client.POST('/api/invites', { body: input, signal }));
    return { message: data.msg, data: data.details };
  },
  resendInvite: async (api: Api, input: { id: string }, signal: AbortSignal): Promise<RequestSuccess<Invite>> => {
    const data = await api.call(() => api.client.POST('/api/invites/{id}/resend', { params: { path: { id: input.id } }, signal }));
    return { message: data.msg, data: data.details };
  },
  revokeInvite: async (api: Api, input: { id: string }, signal: AbortSignal): Promise<RequestSuccess<null>> => {
    const data = await api.call(() => api.client.DELETE('/api/invites/{id}', { params: { path: { id: input.id } }, signal }));
    return { message: data.msg, data: null };
  },
  listOutboxEmails: async (api: Api, input: ListQuery<{ kind: string; perPage: string }>, signal: AbortSignal): Promise<ListPage<OutboxEmail>> => {
    const query = { page: input.page, perPage: input.filters.perPage ? Number(input.filters.perPage) : PER_PAGE, search: input.search || undefined, filterBy: input.filters.kind || undefined };
    const data = await api.call(() => api.client.GET('/api/admin/outbox', { params: { query }, signal }));
    return { items: data.emails, count: data.count, totalPages: data.totalPages };
  },
  getDashboardSummary: async (api: Api, _input: void, signal: AbortSignal): Promise<RequestSuccess<DashboardSummary>> => {
    const data = await api.call(() => api.client.GET('/api/dashboard/summary', { signal }));
    return { message: '', data };
  },
};

export type PageCalls = typeof pageCalls;
