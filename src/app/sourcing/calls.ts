import type { Api } from '../../api/client';
import type { ListPage, ListQuery } from '../../machines/list.machine';
import type { RequestSuccess } from '../../common/request-result';
import type { components } from '../../../openapi/schema';
import { multipartForm, PER_PAGE, type FileLike } from '../calls-support';
import { sendWithProgress } from '../upload';

type ImportRun = components['schemas']['ImportRun'];
type RefusedNotice = components['schemas']['RefusedNotice'];
type TenderCallMarket = components['schemas']['TenderCallMarket'];
type CompanyAwardList = components['schemas']['CompanyAwardList'];
type SourcingConnector = components['schemas']['SourcingConnector'];
type ConnectorName = SourcingConnector['name'];

export const sourcingCalls = {
  // Notice imports (issue 13): the runs with their progress and counts, newest first.
  listImports: async (api: Api, input: ListQuery<Record<string, string>>, signal: AbortSignal): Promise<ListPage<ImportRun>> => {
    const data = await api.call(() => api.client.GET('/api/admin/imports', { params: { query: { page: input.page, perPage: PER_PAGE } }, signal }));
    return { items: data.imports, count: data.count, totalPages: data.totalPages };
  },
  // XMLHttpRequest, for its upload progress: an export may weigh hundreds of MB.
  createImport: async (api: Api, input: { file: FileLike; onProgress: (percent: number) => void }, signal: AbortSignal): Promise<RequestSuccess<ImportRun>> => {
    const data = await sendWithProgress<components['schemas']['ImportRunWriteResult']>(api, { method: 'POST', url: '/api/admin/imports', body: multipartForm({ file: input.file }), onProgress: input.onProgress, signal });
    return { message: data.msg, data: data.details };
  },
  listImportRefusals: async (api: Api, input: ListQuery<{ runId: string }>, signal: AbortSignal): Promise<ListPage<RefusedNotice>> => {
    const query = { page: input.page, perPage: PER_PAGE };
    const data = await api.call(() => api.client.GET('/api/admin/imports/{id}/refused', { params: { path: { id: input.filters.runId }, query }, signal }));
    return { items: data.refused, count: data.count, totalPages: data.totalPages };
  },
  // The built-in connectors (issue 24): three at most, as one page.
  listSourcingConnectors: async (api: Api, _input: ListQuery<Record<string, string>>, signal: AbortSignal): Promise<ListPage<SourcingConnector>> => {
    const data = await api.call(() => api.client.GET('/api/admin/sourcing/connectors', { signal }));
    return { items: data.connectors, count: data.connectors.length, totalPages: 1 };
  },
  runSourcingConnector: async (api: Api, input: { name: ConnectorName }, signal: AbortSignal): Promise<RequestSuccess<SourcingConnector>> => {
    const data = await api.call(() => api.client.POST('/api/admin/sourcing/connectors/{name}/run', { params: { path: { name: input.name } }, signal }));
    return { message: data.msg, data: data.details };
  },
  updateSourcingConnector: async (api: Api, input: { name: ConnectorName; enabled: boolean }, signal: AbortSignal): Promise<RequestSuccess<SourcingConnector>> => {
    const data = await api.call(() => api.client.PATCH('/api/admin/sourcing/connectors/{name}', { params: { path: { name: input.name } }, body: { enabled: input.enabled }, signal }));
    return { message: data.msg, data: data.details };
  },
  // A call's market: its changes, awards and the buyer's past awards (tender page).
  getTenderCallMarket: async (api: Api, input: { id: string }, signal: AbortSignal): Promise<TenderCallMarket> =>
    api.call(() => api.client.GET('/api/tenderCalls/{id}/market', { params: { path: { id: input.id } }, signal })),
  // The calls a company won and lost (company page).
  listCompanyAwards: async (api: Api, input: { companyId: string; page: number }, signal: AbortSignal): Promise<CompanyAwardList> =>
    api.call(() => api.client.GET('/api/companies/{companyId}/awards', { params: { path: { companyId: input.companyId }, query: { page: input.page, perPage: 10 } }, signal })),
};
