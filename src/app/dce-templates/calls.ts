import type { Api } from '../../api/client';
import type { ListPage, ListQuery } from '../../machines/list.machine';
import type { RequestSuccess } from '../../common/request-result';
import type { components } from '../../../openapi/schema';
import { PER_PAGE } from '../calls-support';

type DceTemplate = components['schemas']['DceTemplate'];
type DceTemplateInput = components['schemas']['DceTemplateInput'];
type DceTemplatePatch = components['schemas']['DceTemplatePatch'];

export const dceTemplatesCalls = {
  // DCE templates (issue 4): an update on a template in use answers a warning instead of saving.
  listDceTemplates: async (api: Api, input: ListQuery<Record<string, string>>, signal: AbortSignal): Promise<ListPage<DceTemplate>> => {
    const query = { page: input.page, perPage: PER_PAGE, search: input.search || undefined };
    const data = await api.call(() => api.client.GET('/api/dceTemplates', { params: { query }, signal }));
    return { items: data.templates, count: data.count, totalPages: data.totalPages };
  },
  getDceTemplate: async (api: Api, input: { id: string }, signal: AbortSignal): Promise<RequestSuccess<DceTemplate>> => {
    const data = await api.call(() => api.client.GET('/api/dceTemplates/{id}', { params: { path: { id: input.id } }, signal }));
    return { message: '', data };
  },
  createDceTemplate: async (api: Api, input: DceTemplateInput, signal: AbortSignal): Promise<RequestSuccess<DceTemplate>> => {
    const data = await api.call(() => api.client.POST('/api/dceTemplates', { body: input, signal }));
    return { message: data.msg, data: data.details };
  },
  updateDceTemplate: async (api: Api, input: { id: string; patch: DceTemplatePatch }, signal: AbortSignal): Promise<RequestSuccess<{ template: DceTemplate; isWarning: boolean }>> => {
    const data = await api.call(() => api.client.PATCH('/api/dceTemplates/{id}', { params: { path: { id: input.id } }, body: input.patch, signal }));
    return { message: data.msg, data: { template: data.details, isWarning: data.isWarning } };
  },
  deleteDceTemplate: async (api: Api, input: { id: string }, signal: AbortSignal): Promise<RequestSuccess<null>> => {
    const data = await api.call(() => api.client.DELETE('/api/dceTemplates/{id}', { params: { path: { id: input.id } }, signal }));
    return { message: data.msg, data: null };
  },
};
