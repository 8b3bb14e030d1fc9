import type { Api } from '../../api/client';
import type { ListPage, ListQuery } from '../../machines/list.machine';
import type { RequestSuccess } from '../../common/request-result';
import type { components } from '../../../openapi/schema';
import { PER_PAGE, multipartForm, type FileLike } from '../calls-support';

type Resume = components['schemas']['Resume'];
type ResumeListItem = components['schemas']['ResumeListItem'];
export type ResumeCreateInput = { companyId: string; fullName: string; jobTitle: string; file: FileLike | null };
export type ResumeUpdateInput = { id: string; patch: components['schemas']['ResumePatch'] };

/** Where the browser downloads a resume's CV (the token cookie is accepted there). */
export const resumeFileUrl = (id: string) => `/api/resumes/${id}/file`;

export const resumesCalls = {
  listResumes: async (api: Api, input: ListQuery<{ companyId: string }>, signal: AbortSignal): Promise<ListPage<ResumeListItem>> => {
    const query = { page: input.page, perPage: PER_PAGE, search: input.search || undefined };
    const data = await api.call(() => api.client.GET('/api/companies/{companyId}/resumes', { params: { path: { companyId: input.filters.companyId }, query }, signal }));
    return { items: data.resumes, count: data.total, totalPages: data.pages };
  },
  /** With a CV: multipart (the server reads it and fills what was not typed); without: JSON. */
  createResume: async (api: Api, input: ResumeCreateInput, signal: AbortSignal): Promise<RequestSuccess<Resume>> => {
    const path = { companyId: input.companyId };
    const fullName = input.fullName.trim();
    const jobTitle = input.jobTitle.trim();
    const data = input.file
      ? await api.call(() =>
          api.client.POST('/api/companies/{companyId}/resumes', {
            params: { path },
            body: {},
            bodySerializer: () => multipartForm({ fullName: fullName || undefined, jobTitle: jobTitle || undefined, file: input.file }),
            signal,
          }),
        )
      : await api.call(() => api.client.POST('/api/companies/{companyId}/resumes', { params: { path }, body: { fullName, jobTitle: jobTitle || null }, signal }));
    return { message: data.msg, data: data.details };
  },
  getResume: async (api: Api, input: { id: string }, signal: AbortSignal): Promise<Resume> =>
    api.call(() => api.client.GET('/api/resumes/{id}', { params: { path: { id: input.id } }, signal })),
  updateResume: async (api: Api, input: ResumeUpdateInput, signal: AbortSignal): Promise<RequestSuccess<Resume>> => {
    const data = await api.call(() => api.client.PATCH('/api/resumes/{id}', { params: { path: { id: input.id } }, body: input.patch, signal }));
    return { message: data.msg, data: data.details };
  },
  replaceResumeFile: async (api: Api, input: { id: string; file: FileLike }, signal: AbortSignal): Promise<RequestSuccess<Resume>> => {
    const data = await api.call(() =>
      api.client.POST('/api/resumes/{id}/file', { params: { path: { id: input.id } }, body: {}, bodySerializer: () => multipartForm({ file: input.file }), signal }),
    );
    return { message: data.msg, data: data.details };
  },
  deleteResume: async (api: Api, input: { id: string }, signal: AbortSignal): Promise<RequestSuccess<null>> => {
    const data = await api.call(() => api.client.DELETE('/api/resumes/{id}', { params: { path: { id: input.id } }, signal }));
    return { message: data.msg, data: null };
  },
};
