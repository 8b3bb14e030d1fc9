import type { Api } from '../../api/client';
import type { ListPage, ListQuery } from '../../machines/list.machine';
import type { RequestSuccess } from '../../common/request-result';
import type { components } from '../../../openapi/schema';
import { PER_PAGE } from '../calls-support';

type Company = components['schemas']['Company'];
type UserSummary = components['schemas']['UserSummary'];
type OutboxEmail = components['schemas']['OutboxEmail'];
type Role = components['schemas']['Role'];
type AdminStats = components['schemas']['AdminStats'];

export const adminCalls = {
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
  listOutboxEmails: async (api: Api, input: ListQuery<{ kind: string; perPage: string }>, signal: AbortSignal): Promise<ListPage<OutboxEmail>> => {
    const query = { page: input.page, perPage: input.filters.perPage ? Number(input.filters.perPage) : PER_PAGE, search: input.search || undefined, filterBy: input.filters.kind || undefined };
    const data = await api.call(() => api.client.GET('/api/admin/outbox', { params: { query }, signal }));
    // The list's delivery mode rides on each row: the list statechart keeps rows, count and pages only.
    return { items: data.emails.map((email) => ({ ...email, delivery: data.delivery })), count: data.count, totalPages: data.totalPages };
  },
  // Statistics and dashboards (issue 5): the admin dashboard's figures and its five latest reports.
  getAdminStats: async (api: Api, _input: void, signal: AbortSignal): Promise<RequestSuccess<AdminStats>> => {
    const data = await api.call(() => api.client.GET('/api/admin/stats/', { signal }));
    return { message: '', data };
  },
};
