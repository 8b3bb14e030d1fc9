import type { Api } from '../../api/client';
import type { ListPage, ListQuery } from '../../machines/list.machine';
import type { RequestSuccess } from '../../common/request-result';
import type { components } from '../../../openapi/schema';
import { PER_PAGE, multipartForm, type FileLike } from '../calls-support';

type CompanyDocument = components['schemas']['CompanyDocument'];
type CompanyDocumentInput = { kind: CompanyDocument['kind']; title: string; issueDate: string; validUntil: string; file: FileLike | null };

export const companyDocsCalls = {
  listCompanyDocuments: async (api: Api, input: ListQuery<{ companyId: string; kind: string; validity: string }>, signal: AbortSignal): Promise<ListPage<CompanyDocument>> => {
    const { companyId, kind, validity } = input.filters;
    const query = {
      page: input.page,
      perPage: PER_PAGE,
      search: input.search || undefined,
      filterBy: (kind || undefined) as CompanyDocument['kind'] | undefined,
      validity: (validity || undefined) as CompanyDocument['validity'] | undefined,
    };
    const data = await api.call(() => api.client.GET('/api/companies/{id}/documents', { params: { path: { id: companyId }, query }, signal }));
    return { items: data.documents, count: data.count, totalPages: data.totalPages };
  },
  createCompanyDocument: async (api: Api, input: CompanyDocumentInput & { companyId: string }, signal: AbortSignal): Promise<RequestSuccess<CompanyDocument>> => {
    const form = documentForm(input);
    const data = await api.call(() => api.client.POST('/api/companies/{id}/documents', { params: { path: { id: input.companyId } }, body: { kind: input.kind, title: input.title }, bodySerializer: () => form, signal }));
    return { message: data.msg, data: data.details };
  },
  // Empty dates clear them; the file is sent only when a new one was chosen.
  updateCompanyDocument: async (api: Api, input: CompanyDocumentInput & { id: string }, signal: AbortSignal): Promise<RequestSuccess<CompanyDocument>> => {
    const form = documentForm(input, true);
    const data = await api.call(() => api.client.PATCH('/api/companyDocs/{id}', { params: { path: { id: input.id } }, body: {}, bodySerializer: () => form, signal }));
    return { message: data.msg, data: data.details };
  },
  deleteCompanyDocument: async (api: Api, input: { id: string }, signal: AbortSignal): Promise<RequestSuccess<null>> => {
    const data = await api.call(() => api.client.DELETE('/api/companyDocs/{id}', { params: { path: { id: input.id } }, signal }));
    return { message: data.msg, data: null };
  },
};

/** The vault's multipart form: text fields first, then the file. */
function documentForm(input: CompanyDocumentInput, keepEmptyDates = false): FormData {
  const date = (value: string) => (value !== '' || keepEmptyDates ? value : undefined);
  return multipartForm({ kind: input.kind, title: input.title, issueDate: date(input.issueDate), validUntil: date(input.validUntil), file: input.file });
}
