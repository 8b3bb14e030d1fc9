import type { Api } from '../../api/client';
import type { RequestSuccess } from '../../common/request-result';
import type { SavedSearch, SavedSearchValues } from '../../ui/saved-searches/SavedSearchesCard';

// Saved searches (issue 24): the caller's company's (staff; admins do not reach this page's card).
export const savedSearchesCalls = {
  listSavedSearches: async (api: Api, _input: void, signal: AbortSignal): Promise<RequestSuccess<{ savedSearches: SavedSearch[]; limit: number }>> => {
    const data = await api.call(() => api.client.GET('/api/saved-searches', { signal }));
    return { message: '', data: { savedSearches: data.savedSearches, limit: data.limit } };
  },
  createSavedSearch: async (api: Api, input: SavedSearchValues, signal: AbortSignal): Promise<RequestSuccess<SavedSearch>> => {
    const data = await api.call(() => api.client.POST('/api/saved-searches', { body: input, signal }));
    return { message: data.msg, data: data.details };
  },
  updateSavedSearch: async (api: Api, input: Partial<SavedSearchValues> & { id: string }, signal: AbortSignal): Promise<RequestSuccess<SavedSearch>> => {
    const { id, ...body } = input;
    const data = await api.call(() => api.client.PATCH('/api/saved-searches/{id}', { params: { path: { id } }, body, signal }));
    return { message: data.msg, data: data.details };
  },
  deleteSavedSearch: async (api: Api, input: { id: string }, signal: AbortSignal): Promise<RequestSuccess<null>> => {
    const data = await api.call(() => api.client.DELETE('/api/saved-searches/{id}', { params: { path: { id: input.id } }, signal }));
    return { message: data.msg, data: null };
  },
};
