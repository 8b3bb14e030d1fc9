import type { Api } from '../../api/client';
import type { RequestSuccess } from '../../common/request-result';
import type { OrganigrammeReplace, OrganigrammeWrite } from '../../machines/organigramme.machine';
import type { components } from '../../../openapi/schema';

type Organigramme = components['schemas']['Organigramme'];

export const organigrammesCalls = {
  // Organisation charts (issue 5). The fetch-all answer goes to the statechart as is: it normalises it.
  getOrganigrammes: async (api: Api, input: { companyId: string }, signal: AbortSignal): Promise<unknown> =>
    api.call(() => api.client.GET('/api/organigrammes/{companyId}/organigramme', { params: { path: { companyId: input.companyId } }, signal })),
  createOrganigramme: async (api: Api, input: OrganigrammeWrite, signal: AbortSignal): Promise<RequestSuccess<Organigramme>> => {
    const data = await api.call(() =>
      api.client.POST('/api/organigrammes/{companyId}/organigramme', { params: { path: { companyId: input.companyId } }, body: { type: input.type, positions: input.positions }, signal }),
    );
    return { message: data.msg, data: data.details };
  },
  replaceOrganigramme: async (api: Api, input: OrganigrammeReplace, signal: AbortSignal): Promise<RequestSuccess<Organigramme>> => {
    const data = await api.call(() =>
      api.client.PUT('/api/organigrammes/{companyId}/organigramme', {
        params: { path: { companyId: input.companyId }, query: { type: input.type } },
        body: { positions: input.positions, version: input.version },
        signal,
      }),
    );
    return { message: data.msg, data: data.details };
  },
  deleteOrganigramme: async (api: Api, input: { companyId: string; type: Organigramme['type'] }, signal: AbortSignal): Promise<RequestSuccess<{ type: Organigramme['type'] }>> => {
    const data = await api.call(() => api.client.DELETE('/api/organigrammes/{companyId}/organigramme', { params: { path: { companyId: input.companyId }, query: { type: input.type } }, signal }));
    return { message: data.msg, data: { type: input.type } };
  },
};
