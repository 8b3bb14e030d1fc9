import type { Api } from '../../api/client';
import type { RequestSuccess } from '../../common/request-result';
import type { components } from '../../../openapi/schema';

type DceAnalysis = components['schemas']['DceAnalysis'];
type DceFactKey = components['schemas']['DceFactKey'];

export const dceAnalysesCalls = {
  // DCE analyses (issue 11): a run is a job on the server, followed by polling getDceAnalysis.
  listDceAnalyses: async (api: Api, input: { tenderId: string }, signal: AbortSignal): Promise<RequestSuccess<DceAnalysis[]>> => {
    const data = await api.call(() => api.client.GET('/api/tenders/{id}/dce-analyses', { params: { path: { id: input.tenderId }, query: { perPage: 20 } }, signal }));
    return { message: '', data: data.analyses };
  },
  createDceAnalysis: async (api: Api, input: { tenderId: string }, signal: AbortSignal): Promise<RequestSuccess<DceAnalysis>> => {
    const data = await api.call(() => api.client.POST('/api/tenders/{id}/dce-analyses', { params: { path: { id: input.tenderId } }, signal }));
    return { message: data.msg, data: data.details };
  },
  getDceAnalysis: async (api: Api, input: { id: string }, signal: AbortSignal): Promise<RequestSuccess<DceAnalysis>> => {
    const data = await api.call(() => api.client.GET('/api/dce-analyses/{id}', { params: { path: { id: input.id } }, signal }));
    return { message: '', data };
  },
  updateDceFact: async (api: Api, input: { id: string; key: DceFactKey; value?: unknown; confirm?: boolean }, signal: AbortSignal): Promise<RequestSuccess<DceAnalysis>> => {
    const body = input.confirm ? { status: 'confirmed' as const } : { value: input.value };
    const data = await api.call(() => api.client.PATCH('/api/dce-analyses/{id}/facts/{key}', { params: { path: { id: input.id, key: input.key } }, body, signal }));
    return { message: data.msg, data: data.details };
  },
  addDceDatesToPlanning: async (api: Api, input: { id: string }, signal: AbortSignal): Promise<RequestSuccess<{ added: number; planningId: string }>> => {
    const data = await api.call(() => api.client.POST('/api/dce-analyses/{id}/planning', { params: { path: { id: input.id } }, signal }));
    return { message: data.msg, data: data.details };
  },
};
