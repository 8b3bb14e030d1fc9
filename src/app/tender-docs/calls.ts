import type { Api } from '../../api/client';
import type { RequestSuccess } from '../../common/request-result';
import type { components } from '../../../openapi/schema';
import { multipartForm, type FileLike } from '../calls-support';
import { sendWithProgress } from '../upload';

type TenderDoc = components['schemas']['TenderDoc'];
type TenderDocWriteResult = components['schemas']['TenderDocWriteResult'];
type TenderDocPages = components['schemas']['TenderDocPages'];

export const tenderDocsCalls = {
  // Tender documents and the company vault (issue 4). Files are typed by what machines know of a
  // file and are browser Files at run time; FormData goes out as is (the browser writes the boundary).
  listTenderDocs: async (api: Api, input: { tenderId: string }, signal: AbortSignal): Promise<RequestSuccess<TenderDoc[]>> => {
    const data = await api.call(() => api.client.GET('/api/tenders/{id}/docs', { params: { path: { id: input.tenderId } }, signal }));
    return { message: '', data: data.documents };
  },
  // XMLHttpRequest, for its upload progress; the tender id goes before the file, which the server streams.
  uploadTenderDoc: async (api: Api, input: { tenderId: string; companyId: string; file: FileLike; onProgress: (percent: number) => void }, signal: AbortSignal): Promise<RequestSuccess<TenderDoc>> => {
    const form = multipartForm({ tenderId: input.tenderId, file: input.file });
    const url = `/api/tenderDocs?companyId=${encodeURIComponent(input.companyId)}`;
    const data = await sendWithProgress<TenderDocWriteResult>(api, { method: 'POST', url, body: form, onProgress: input.onProgress, signal });
    return { message: data.msg, data: data.details };
  },
  replaceTenderDoc: async (api: Api, input: { id: string; companyId: string; file: FileLike }, signal: AbortSignal): Promise<RequestSuccess<TenderDoc>> => {
    const form = multipartForm({ file: input.file });
    const data = await api.call(() =>
      api.client.PATCH('/api/tenderDocs/{id}', { params: { path: { id: input.id }, query: { companyId: input.companyId } }, body: {}, bodySerializer: () => form, signal }),
    );
    return { message: data.msg, data: data.details };
  },
  getTenderDocPages: async (api: Api, input: { id: string; entry: string | null; page: number }, signal: AbortSignal): Promise<RequestSuccess<TenderDocPages>> => {
    const query = { page: input.page, ...(input.entry !== null ? { entry: input.entry } : {}) };
    const data = await api.call(() => api.client.GET('/api/tenderDocs/{id}/pages', { params: { path: { id: input.id }, query }, signal }));
    return { message: '', data };
  },
  extractTenderDoc: async (api: Api, input: { id: string }, signal: AbortSignal): Promise<RequestSuccess<TenderDoc>> => {
    const data = await api.call(() => api.client.POST('/api/tenderDocs/{id}/extraction', { params: { path: { id: input.id } }, signal }));
    return { message: data.msg, data: data.details };
  },
  deleteTenderDoc: async (api: Api, input: { id: string }, signal: AbortSignal): Promise<RequestSuccess<null>> => {
    const data = await api.call(() => api.client.DELETE('/api/tenderDocs/{id}', { params: { path: { id: input.id } }, signal }));
    return { message: data.msg, data: null };
  },
};
