import type { Api } from '../../api/client';
import type { ListPage, ListQuery } from '../../machines/list.machine';
import type { RequestSuccess } from '../../common/request-result';
import type { components } from '../../../openapi/schema';
import { PER_PAGE } from '../calls-support';

type Invite = components['schemas']['Invite'];

export const invitesCalls = {
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
  getInviteLink: async (api: Api, input: { id: string }, signal: AbortSignal): Promise<RequestSuccess<{ link: string }>> => {
    const data = await api.call(() => api.client.GET('/api/invites/{id}/link', { params: { path: { id: input.id } }, signal }));
    return { message: '', data: { link: data.link } };
  },
  revokeInvite: async (api: Api, input: { id: string }, signal: AbortSignal): Promise<RequestSuccess<null>> => {
    const data = await api.call(() => api.client.DELETE('/api/invites/{id}', { params: { path: { id: input.id } }, signal }));
    return { message: data.msg, data: null };
  },
};
