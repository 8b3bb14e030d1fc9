import type { Api } from '../../api/client';
import type { ListPage, ListQuery } from '../../machines/list.machine';
import type { RequestSuccess } from '../../common/request-result';
import type { components } from '../../../openapi/schema';
import { textToDoc } from '../../ui/library/block-text';
import type { LibraryBlockValues } from '../../ui/library/LibraryView';
import { PER_PAGE } from '../calls-support';

type LibraryBlock = components['schemas']['LibraryBlock'];
/** The list's filters: the company, and 'true' for the blocks due for review only. */
export type LibraryFilters = { companyId: string; due: string };
export type LibraryCreateInput = LibraryBlockValues & { companyId: string };
/** "Save to library" from a memory's section: its current TipTap document as it stands, with its source. */
export type LibrarySaveSectionInput = { companyId: string; title: string; tags: string[]; content: Record<string, unknown>; sourceSectionId: string };
export type LibraryUpdateInput = LibraryBlockValues & { id: string; version: number };

/** The body of a block from the dialog's values: the text becomes a TipTap document of paragraphs. */
const bodyOf = (values: LibraryBlockValues) => ({
  title: values.title.trim(),
  content: textToDoc(values.text),
  tags: values.tags,
  cpvCodes: values.cpvCodes,
  reviewDue: values.reviewDue,
});

export const libraryCalls = {
  listLibraryBlocks: async (api: Api, input: ListQuery<LibraryFilters>, signal: AbortSignal): Promise<ListPage<LibraryBlock>> => {
    const query = { page: input.page, perPage: PER_PAGE, search: input.search || undefined, due: input.filters.due === 'true' ? true : undefined };
    const data = await api.call(() => api.client.GET('/api/companies/{companyId}/library', { params: { path: { companyId: input.filters.companyId }, query }, signal }));
    return { items: data.blocks, count: data.total, totalPages: data.pages };
  },
  createLibraryBlock: async (api: Api, input: LibraryCreateInput, signal: AbortSignal): Promise<RequestSuccess<LibraryBlock>> => {
    const data = await api.call(() => api.client.POST('/api/companies/{companyId}/library', { params: { path: { companyId: input.companyId } }, body: bodyOf(input), signal }));
    return { message: data.msg, data: data.details };
  },
  createLibraryBlockFromSection: async (api: Api, input: LibrarySaveSectionInput, signal: AbortSignal): Promise<RequestSuccess<LibraryBlock>> => {
    const body = { title: input.title.trim(), content: input.content, tags: input.tags, sourceSectionId: input.sourceSectionId };
    const data = await api.call(() => api.client.POST('/api/companies/{companyId}/library', { params: { path: { companyId: input.companyId } }, body, signal }));
    return { message: data.msg, data: data.details };
  },
  updateLibraryBlock: async (api: Api, input: LibraryUpdateInput, signal: AbortSignal): Promise<RequestSuccess<LibraryBlock>> => {
    const body = { version: input.version, ...bodyOf(input) };
    const data = await api.call(() => api.client.PATCH('/api/library/{id}', { params: { path: { id: input.id } }, body, signal }));
    return { message: data.msg, data: data.details };
  },
  markLibraryBlockReviewed: async (api: Api, input: { id: string }, signal: AbortSignal): Promise<RequestSuccess<LibraryBlock>> => {
    const data = await api.call(() => api.client.POST('/api/library/{id}/reviewed', { params: { path: { id: input.id } }, signal }));
    return { message: data.msg, data: data.details };
  },
  deleteLibraryBlock: async (api: Api, input: { id: string }, signal: AbortSignal): Promise<RequestSuccess<null>> => {
    const data = await api.call(() => api.client.DELETE('/api/library/{id}', { params: { path: { id: input.id } }, signal }));
    return { message: data.msg, data: null };
  },
};
