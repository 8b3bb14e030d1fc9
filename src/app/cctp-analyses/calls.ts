import type { Api } from '../../api/client';
import type { RequestSuccess } from '../../common/request-result';
import type { components } from '../../../openapi/schema';

type CctpAnalysis = components['schemas']['CctpAnalysis'];
type CctpAnalysisSummary = components['schemas']['CctpAnalysisSummary'];
type CctpRequirement = components['schemas']['CctpRequirement'];
export type CctpRequirementChange = { id: string; reqId: string } & components['schemas']['CctpRequirementUpdate'];

export const cctpAnalysesCalls = {
  // CCTP analyses (issue 11): the list holds summaries; the newest run opens with its requirements.
  listCctpAnalyses: async (api: Api, input: { tenderId: string }, signal: AbortSignal): Promise<RequestSuccess<{ history: CctpAnalysisSummary[]; current: CctpAnalysis | null }>> => {
    const data = await api.call(() => api.client.GET('/api/tenders/{id}/cctp-analyses', { params: { path: { id: input.tenderId }, query: { perPage: 20 } }, signal }));
    const newest = data.analyses[0];
    const current = newest ? await api.call(() => api.client.GET('/api/cctp-analyses/{id}', { params: { path: { id: newest._id } }, signal })) : null;
    return { message: '', data: { history: data.analyses, current } };
  },
  createCctpAnalysis: async (api: Api, input: { tenderId: string }, signal: AbortSignal): Promise<RequestSuccess<CctpAnalysis>> => {
    const data = await api.call(() => api.client.POST('/api/tenders/{id}/cctp-analyses', { params: { path: { id: input.tenderId } }, signal }));
    return { message: data.msg, data: data.details };
  },
  getCctpAnalysis: async (api: Api, input: { id: string }, signal: AbortSignal): Promise<RequestSuccess<CctpAnalysis>> => {
    const data = await api.call(() => api.client.GET('/api/cctp-analyses/{id}', { params: { path: { id: input.id } }, signal }));
    return { message: '', data };
  },
  /** Everyone a requirement can be assigned to: the company's members, all of them. */
  listCompanyMembers: async (api: Api, input: { companyId: string }, signal: AbortSignal): Promise<RequestSuccess<{ _id: string; username: string }[]>> => {
    const data = await api.call(() => api.client.GET('/api/companies/{id}/users', { params: { path: { id: input.companyId }, query: { perPage: 'all' } }, signal }));
    return { message: '', data: data.users.map((user) => ({ _id: user._id, username: user.username })) };
  },
  updateCctpRequirement: async (api: Api, { id, reqId, ...body }: CctpRequirementChange, signal: AbortSignal): Promise<RequestSuccess<CctpRequirement>> => {
    const data = await api.call(() => api.client.PATCH('/api/cctp-analyses/{id}/requirements/{reqId}', { params: { path: { id, reqId } }, body, signal }));
    return { message: data.msg, data: data.details };
  },
};
