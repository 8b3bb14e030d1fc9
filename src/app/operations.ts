import { fromPromise } from 'xstate';
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

/** Loads the HTTP client on first use: a signed-out visit to /sign-in never needs it before submit. */
export type ApiLoader = () => Promise<Api>;

// Actors named after the operationId they call; machines receive them with machine.provide().
export function createOperations(loadApi: ApiLoader) {
  return {
    loginUser: fromPromise<{ token: string; message: string }, { email: string; password: string }>(async ({ input, signal }) => {
      const api = await loadApi();
      const data = await api.call(() => api.client.POST('/api/users/login', { body: input, signal }));
      return { token: data.token, message: data.msg };
    }),
    getProfile: fromPromise<Profile, { token: string }>(async ({ signal }) => {
      const api = await loadApi();
      return api.call(() => api.client.GET('/api/users/profile', { signal }));
    }),
    logoutUser: fromPromise<unknown, { token: string }>(async ({ signal }) => {
      const api = await loadApi();
      return api.call(() => api.client.POST('/api/users/logout', { signal }));
    }),
    registerUser: fromPromise<RequestSuccess<{ token: string; profile: Profile }>, { username: string; email: string; password: string }>(
      async ({ input, signal }) => {
        const api = await loadApi();
        const data = await api.call(() => api.client.POST('/api/users/register', { body: input, signal }));
        return { message: data.msg, data: { token: data.token, profile: data.details } };
      },
    ),
    // Account screens (issue 3).
    getInviteByToken: fromPromise<RequestSuccess<InviteInfo>, { token: string }>(async ({ input, signal }) => {
      const api = await loadApi();
      const data = await api.call(() => api.client.GET('/api/invites/token/{token}', { params: { path: { token: input.token } }, signal }));
      return { message: '', data };
    }),
    registerInvitedUser: fromPromise<RequestSuccess<Profile>, { token: string; username: string; password: string }>(async ({ input, signal }) => {
      const api = await loadApi();
      const data = await api.call(() => api.client.POST('/api/invites/register', { body: input, signal }));
      return { message: data.msg, data: data.details };
    }),
    requestPasswordReset: fromPromise<RequestSuccess<null>, { email: string }>(async ({ input, signal }) => {
      const api = await loadApi();
      const data = await api.call(() => api.client.POST('/api/users/password/forgot', { body: input, signal }));
      return { message: data.msg, data: null };
    }),
    resetPassword: fromPromise<RequestSuccess<null>, { token: string; password: string }>(async ({ input, signal }) => {
      const api = await loadApi();
      const data = await api.call(() => api.client.POST('/api/users/password/reset', { body: input, signal }));
      return { message: data.msg, data: null };
    }),
    changePassword: fromPromise<RequestSuccess<null>, { currentPassword: string; newPassword: string }>(async ({ input, signal }) => {
      const api = await loadApi();
      const data = await api.call(() => api.client.PATCH('/api/users/password', { body: input, signal }));
      return { message: data.msg, data: null };
    }),
    verifyEmail: fromPromise<RequestSuccess<null>, { token: string }>(async ({ input, signal }) => {
      const api = await loadApi();
      const data = await api.call(() => api.client.POST('/api/users/verify-email', { body: input, signal }));
      return { message: data.msg, data: null };
    }),
    resendVerificationEmail: fromPromise<RequestSuccess<null>, void>(async ({ signal }) => {
      const api = await loadApi();
      const data = await api.call(() => api.client.POST('/api/users/verify-email/resend', { signal }));
      return { message: data.msg, data: null };
    }),
    createCompany: fromPromise<RequestSuccess<Company>, CompanyInput>(async ({ input, signal }) => {
      const api = await loadApi();
      const data = await api.call(() => api.client.POST('/api/companies', { body: input, signal }));
      return { message: data.msg, data: data.details };
    }),
    getUser: fromPromise<RequestSuccess<UserSummary>, { id: string }>(async ({ input, signal }) => {
      const api = await loadApi();
      const data = await api.call(() => api.client.GET('/api/users/{id}', { params: { path: { id: input.id } }, signal }));
      return { message: '', data };
    }),
    // The picture is typed by what machines know of a file; it is a browser File at run time.
    updateProfile: fromPromise<RequestSuccess<Profile>, { username?: string; picture?: { name: string; type: string; size: number } }>(async ({ input, signal }) => {
      const api = await loadApi();
      const form = new FormData();
      if (input.username !== undefined) form.set('username', input.username);
      if (input.picture instanceof Blob) form.set('picture', input.picture);
      // FormData goes out as is: the browser writes the multipart boundary.
      const data = await api.call(() => api.client.PATCH('/api/users/profile', { body: {}, bodySerializer: () => form, signal }));
      return { message: data.msg, data: data.details };
    }),
    deleteProfilePicture: fromPromise<RequestSuccess<Profile>, void>(async ({ signal }) => {
      const api = await loadApi();
      const data = await api.call(() => api.client.DELETE('/api/users/profile/picture', { signal }));
      return { message: data.msg, data: data.details };
    }),
    // Admin and company screens (issue 3): lists resolve to one page of the list statechart.
    listUsers: fromPromise<ListPage<UserSummary>, ListQuery<{ role: string; companyId: string }>>(async ({ input, signal }) => {
      const api = await loadApi();
      const { role, companyId } = input.filters;
      const query = { page: input.page, perPage: PER_PAGE, search: input.search || undefined, filterBy: (role || undefined) as Role | undefined, companyId: companyId || undefined };
      const data = await api.call(() => api.client.GET('/api/users', { params: { query }, signal }));
      return { items: data.users, count: data.count, totalPages: data.totalPages };
    }),
    listCompanies: fromPromise<ListPage<Company>, ListQuery<Record<string, string>>>(async ({ input, signal }) => {
      const api = await loadApi();
      const query = { page: input.page, perPage: PER_PAGE, search: input.search || undefined };
      const data = await api.call(() => api.client.GET('/api/companies', { params: { query }, signal }));
      return { items: data.companies, count: data.count, totalPages: data.totalPages };
    }),
    listCompanyNames: fromPromise<RequestSuccess<{ _id: string; name: string }[]>, void>(async ({ signal }) => {
      const api = await loadApi();
      const data = await api.call(() => api.client.GET('/api/companies', { params: { query: { perPage: 'all' } }, signal }));
      return { message: '', data: data.companies.map(({ _id, name }) => ({ _id, name })) };
    }),
    updateUserRole: fromPromise<RequestSuccess<UserSummary>, { id: string; role: Role }>(async ({ input, signal }) => {
      const api = await loadApi();
      const data = await api.call(() => api.client.PATCH('/api/users/{id}/role', { params: { path: { id: input.id } }, body: { role: input.role }, signal }));
      return { message: data.msg, data: data.details };
    }),
    setUserActive: fromPromise<RequestSuccess<UserSummary>, { id: string; active: boolean }>(async ({ input, signal }) => {
      const api = await loadApi();
      const data = await api.call(() => api.client.PATCH('/api/users/{id}/status', { params: { path: { id: input.id } }, body: { active: input.active }, signal }));
      return { message: data.msg, data: data.details };
    }),
    getCompany: fromPromise<RequestSuccess<Company>, { id: string }>(async ({ input, signal }) => {
      const api = await loadApi();
      const data = await api.call(() => api.client.GET('/api/companies/{id}', { params: { path: { id: input.id } }, signal }));
      return { message: '', data };
    }),
    updateCompany: fromPromise<RequestSuccess<Company>, { id: string; patch: CompanyPatch }>(async ({ input, signal }) => {
      const api = await loadApi();
      const data = await api.call(() => api.client.PATCH('/api/companies/{id}', { params: { path: { id: input.id } }, body: input.patch, signal }));
      return { message: data.msg, data: data.details };
    }),
    deleteCompany: fromPromise<RequestSuccess<null>, { id: string }>(async ({ input, signal }) => {
      const api = await loadApi();
      const data = await api.call(() => api.client.DELETE('/api/companies/{id}', { params: { path: { id: input.id } }, signal }));
      return { message: data.msg, data: null };
    }),
    listCompanyUsers: fromPromise<ListPage<UserSummary>, ListQuery<{ companyId: string }>>(async ({ input, signal }) => {
      const api = await loadApi();
      const query = { page: input.page, perPage: PER_PAGE, search: input.search || undefined };
      const data = await api.call(() => api.client.GET('/api/companies/{id}/users', { params: { path: { id: input.filters.companyId }, query }, signal }));
      return { items: data.users, count: data.count, totalPages: data.totalPages };
    }),
    removeCompanyUser: fromPromise<RequestSuccess<null>, { companyId: string; userId: string }>(async ({ input, signal }) => {
      const api = await loadApi();
      const data = await api.call(() => api.client.DELETE('/api/companies/{id}/users/{userId}', { params: { path: { id: input.companyId, userId: input.userId } }, signal }));
      return { message: data.msg, data: null };
    }),
    listInvites: fromPromise<ListPage<Invite>, ListQuery<Record<string, string>>>(async ({ input, signal }) => {
      const api = await loadApi();
      const data = await api.call(() => api.client.GET('/api/invites', { params: { query: { page: input.page, perPage: PER_PAGE } }, signal }));
      return { items: data.invites, count: data.count, totalPages: data.totalPages };
    }),
    createInvite: fromPromise<RequestSuccess<Invite>, { email: string; role: 'manager' | 'employee' }>(async ({ input, signal }) => {
      const api = await loadApi();
      const data = await api.call(() => api.client.POST('/api/invites', { body: input, signal }));
      return { message: data.msg, data: data.details };
    }),
    resendInvite: fromPromise<RequestSuccess<Invite>, { id: string }>(async ({ input, signal }) => {
      const api = await loadApi();
      const data = await api.call(() => api.client.POST('/api/invites/{id}/resend', { params: { path: { id: input.id } }, signal }));
      return { message: data.msg, data: data.details };
    }),
    revokeInvite: fromPromise<RequestSuccess<null>, { id: string }>(async ({ input, signal }) => {
      const api = await loadApi();
      const data = await api.call(() => api.client.DELETE('/api/invites/{id}', { params: { path: { id: input.id } }, signal }));
      return { message: data.msg, data: null };
    }),
    listOutboxEmails: fromPromise<ListPage<OutboxEmail>, ListQuery<{ kind: string; perPage: string }>>(async ({ input, signal }) => {
      const api = await loadApi();
      const query = { page: input.page, perPage: input.filters.perPage ? Number(input.filters.perPage) : PER_PAGE, search: input.search || undefined, filterBy: input.filters.kind || undefined };
      const data = await api.call(() => api.client.GET('/api/admin/outbox', { params: { query }, signal }));
      return { items: data.emails, count: data.count, totalPages: data.totalPages };
    }),
    getDashboardSummary: fromPromise<RequestSuccess<DashboardSummary>, void>(async ({ signal }) => {
      const api = await loadApi();
      const data = await api.call(() => api.client.GET('/api/dashboard/summary', { signal }));
      return { message: '', data };
    }),
  };
}

export type Operations = ReturnType<typeof createOperations>;
