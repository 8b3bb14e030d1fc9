import type { Api } from '../../api/client';
import type { ListPage, ListQuery } from '../../machines/list.machine';
import type { RequestSuccess } from '../../common/request-result';
import type { components } from '../../../openapi/schema';
import { PER_PAGE, multipartForm, type FileLike } from '../calls-support';

type CompanyInput = components['schemas']['CompanyInput'];
type Company = components['schemas']['Company'];
type UserSummary = components['schemas']['UserSummary'];
type CompanyPatch = components['schemas']['CompanyPatch'];

export const companiesCalls = {
  createCompany: async (api: Api, input: CompanyInput, signal: AbortSignal): Promise<RequestSuccess<Company>> => {
    const data = await api.call(() => api.client.POST('/api/companies', { body: input, signal }));
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
  uploadCompanyLogo: async (api: Api, input: { id: string; logo: FileLike }, signal: AbortSignal): Promise<RequestSuccess<Company>> => {
    const form = multipartForm({ logo: input.logo });
    // FormData goes out as is: the browser writes the multipart boundary.
    const data = await api.call(() => api.client.PUT('/api/companies/{id}/logo', { params: { path: { id: input.id } }, body: {}, bodySerializer: () => form, signal }));
    return { message: data.msg, data: data.details };
  },
  deleteCompanyLogo: async (api: Api, input: { id: string }, signal: AbortSignal): Promise<RequestSuccess<Company>> => {
    const data = await api.call(() => api.client.DELETE('/api/companies/{id}/logo', { params: { path: { id: input.id } }, signal }));
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
};
